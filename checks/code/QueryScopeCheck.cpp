// Reports the scope findings of one query for this check's rule.
#include "checks/code/QueryScopeCheck.h"

#include "checks/code/NolintLines.h"
#include "core/FilterProblems.h"

namespace tablelint::code {

namespace {

// The rules whose evidence is the filter's text (its non-key comparisons,
// its size): reported where the filter is written. The others judge what
// the query reads and are reported at the call.
bool judgesFilterText(llvm::StringRef RuleId) {
  return RuleId == "low-density-query" || RuleId == "filter-too-complex";
}

} // namespace

void QueryScopeCheck::checkQuery(const AnalyzedQuery &Q,
                                 clang::ASTContext &Ctx) {
  if (!Q.Scope)
    return;
  FilterProblemOptions Options;
  Options.Table = Q.Model.Table;
  if (ruleId() == "filter-too-complex")
    Options.MaxComparisons = unsignedOption("MaxComparisons");
  for (const FilterProblem &P :
       findFilterProblems(Q.Parsed ? &*Q.Parsed : nullptr, *Q.Scope, Options))
    if (P.RuleId == ruleId())
      report(Q, P.Message, Ctx);
}

void QueryScopeCheck::report(const AnalyzedQuery &Q, const std::string &Message,
                             clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  const clang::SourceLocation Call = Q.Model.Location;
  // A URL query's location is already the literal holding its filter.
  const clang::SourceLocation Filter =
      Q.Model.Call ? filterOrigin(Q) : clang::SourceLocation();
  const bool AtFilter = judgesFilterText(ruleId()) && Filter.isValid();
  const clang::SourceLocation Primary = AtFilter ? Filter : Call;
  const clang::SourceLocation Other = AtFilter ? Call : Filter;
  const bool OtherLine =
      Other.isValid() &&
      (SM.getFileID(SM.getExpansionLoc(Other)) !=
           SM.getFileID(SM.getExpansionLoc(Primary)) ||
       SM.getExpansionLineNumber(Other) != SM.getExpansionLineNumber(Primary));
  if (!OtherLine) {
    diag(Primary, "%0") << Message;
    return;
  }
  // A NOLINT on the other line silences the finding as well.
  if (nolintCovers(SM, Other, "tablelint-" + ruleId().str()))
    return;
  diag(Primary, "%0") << Message;
  diag(Other,
       AtFilter ? "the query that sends this filter"
                : "the filter is written here",
       clang::DiagnosticIDs::Note);
}

} // namespace tablelint::code
