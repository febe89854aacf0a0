// Reports the scope findings of one query for this check's rule.
#include "checks/code/QueryScopeCheck.h"

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
  const clang::SourceLocation Call = Q.Model.Location;
  // A URL query's location is already the literal holding its filter.
  const clang::SourceLocation Filter =
      Q.Model.Call ? filterOrigin(Q) : clang::SourceLocation();
  if (judgesFilterText(ruleId()) && Filter.isValid())
    reportAt(Filter, Call, "the query that sends this filter", Message, Ctx);
  else
    reportAt(Call, Filter, "the filter is written here", Message, Ctx);
}

} // namespace tablelint::code
