// Reports filters that do not parse under the Table service grammar.
#include "checks/code/InvalidFilterCheck.h"

#include "core/FilterProblems.h"
#include "core/Utf8Text.h"

namespace tablelint::code {

void InvalidFilterCheck::checkQuery(const AnalyzedQuery &Q,
                                    clang::ASTContext &Ctx) {
  if (!Q.ParseError || !Q.Model.Filter)
    return;
  const std::string &Text = Q.Model.Filter->Text;
  // An error after a value we cannot see may be caused by that value; the
  // parser reads left to right, so an error before it is the code's own.
  if (Q.ParseError->Offset >= Text.find(UnknownValueMarker))
    return;
  std::string Shown;
  for (char C : Text)
    Shown += C == UnknownValueMarker ? std::string("{?}") : std::string(1, C);
  // At the offending byte when the filter is one literal at the setter;
  // otherwise at the call, with a note where the filter's text is written.
  // A long filter is quoted by its start, as in the other filter messages.
  const clang::SourceLocation At = filterLocation(Q, Q.ParseError->Offset, Ctx);
  const bool AtCall = Q.Model.Call && At == Q.Model.Location;
  reportAt(At, AtCall ? filterOrigin(Q) : clang::SourceLocation(),
           "the filter is written here",
           "filter \"" + ellipsize(Shown, MaxQuotedFilter) +
               "\" does not parse: " + Q.ParseError->str(),
           Ctx);
}

} // namespace tablelint::code
