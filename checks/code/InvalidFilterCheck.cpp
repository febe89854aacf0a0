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
  // A long filter is quoted by its start, as in the other filter messages;
  // the column points at the error.
  diag(filterLocation(Q, Q.ParseError->Offset, Ctx),
       "filter \"%0\" does not parse: %1")
      << ellipsize(Shown, MaxQuotedFilter) << Q.ParseError->str();
}

} // namespace tablelint::code
