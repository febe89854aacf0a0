// structured-data-in-blobs (checklist 29, a note): a table only ever written
// in batches and read back as whole key ranges (logs, time series): a blob
// per range is cheaper and faster.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkStructuredDataInBlobs(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    if (T.Writes.empty() || TA.Queries.empty())
      continue;
    bool WriteOnceInBatches = true;
    for (const Write &W : T.Writes)
      WriteOnceInBatches &= W.BatchSize > 1 && W.Op == WriteKind::Insert;
    bool WholeRanges = true;
    for (const QueryAnalysis &A : TA.Queries)
      WholeRanges &= !A.Filter.Error && !A.Filter.Empty &&
                     A.Filter.Scope.Class == QueryClass::RowRange &&
                     A.Filter.Scope.NonKeyProperties.empty() &&
                     !A.Filter.Scope.RowLow && !A.Filter.Scope.RowHigh;
    if (!WriteOnceInBatches || !WholeRanges)
      continue;
    Sink.report(T.Path, T.Pos,
                "table '" + T.Name +
                    "' is only inserted in batches and read back as whole "
                    "partitions: consider one blob per partition, with the "
                    "table as its index");
  }
}

} // namespace tablelint::schema
