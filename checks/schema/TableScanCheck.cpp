// table-scan (checklist 21): a declared query that pins no partition key,
// with the entities each execution reads when the table size is known.
#include "checks/schema/Checks.h"

#include "core/FilterProblems.h"

namespace tablelint::schema {

// The message findFilterProblems gives for RuleId (the wording the code
// checks use), or empty.
std::string filterProblemMessage(const Table &T, const Query &Q,
                                 const QueryAnalysis &A,
                                 const SchemaCheckOptions &Options,
                                 const char *RuleId) {
  FilterProblemOptions O;
  O.Table = T.Name;
  O.MaxComparisons = Options.MaxComparisons;
  // The template as written names its placeholders; the partition a scan
  // reads is the one its PartitionKey template forms.
  O.FilterText = Q.Filter;
  if (A.Filter.PinnedPartition && !A.Filter.PinnedPartition->Text.empty())
    O.PartitionText = "'" + A.Filter.PinnedPartition->Text + "'";
  O.MayStopEarly = Q.Top.has_value();
  const Filter *F = A.Filter.Parsed ? &*A.Filter.Parsed : nullptr;
  for (const FilterProblem &P : findFilterProblems(F, A.Filter.Scope, O))
    if (P.RuleId == RuleId)
      return P.Message;
  return {};
}

void checkTableScan(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
      const QueryAnalysis &A = TA.Queries[I];
      if (A.Filter.Error || A.Filter.Scope.Class != QueryClass::TableScan)
        continue;
      std::string Message =
          "query '" + A.Load.Name +
          "': " + filterProblemMessage(*TA.T, TA.T->Queries[I], A, C.Options,
                                     "table-scan");
      if (A.Scanned)
        Message += ", " + formatFigure(*A.Scanned) +
                   " entities per execution (" + A.ScannedWhy + ")";
      Sink.report(A.Load.Path, A.Load.Pos, std::move(Message));
    }
  }
}

} // namespace tablelint::schema
