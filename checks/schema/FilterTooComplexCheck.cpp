// filter-too-complex: more comparisons in one declared $filter than the
// service accepts (15).
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkFilterTooComplex(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables)
    for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
      const QueryAnalysis &A = TA.Queries[I];
      if (!A.Filter.Parsed ||
          A.Filter.Scope.Comparisons <= C.Options.MaxComparisons)
        continue;
      Sink.report(
          A.Load.Path, filterPosition(C, TA.T->Queries[I], 0),
          "query '" + A.Load.Name + "': " +
              filterProblemMessage(*TA.T, TA.T->Queries[I], A, C.Options,
                                   "filter-too-complex"));
    }
}

} // namespace tablelint::schema
