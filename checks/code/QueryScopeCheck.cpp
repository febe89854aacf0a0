// Reports the scope findings of one query for this check's rule.
#include "checks/code/QueryScopeCheck.h"

#include "core/FilterProblems.h"

namespace tablelint::code {

void QueryScopeCheck::checkQuery(const AnalyzedQuery &Q, clang::ASTContext &) {
  if (!Q.Scope)
    return;
  FilterProblemOptions Options;
  Options.Table = Q.Model.Table;
  if (ruleId() == "filter-too-complex")
    Options.MaxComparisons = unsignedOption("MaxComparisons");
  for (const FilterProblem &P :
       findFilterProblems(Q.Parsed ? &*Q.Parsed : nullptr, *Q.Scope, Options))
    if (P.RuleId == ruleId())
      diag(Q.Model.Location, "%0") << P.Message;
}

} // namespace tablelint::code
