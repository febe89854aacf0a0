// partition-throughput (checklist 3): a write or query whose own load on its
// busiest partition is above one partition's target (scanned entities
// count; a batch of n counts n).
#include "checks/schema/Checks.h"

namespace tablelint::schema {

namespace {

void checkLoad(const OperationLoad &L, const SchemaContext &C,
               FindingSink &Sink) {
  const double Target = C.Options.PartitionEntitiesPerSecond;
  if (!L.HottestPartitionEntitiesPerSecond ||
      *L.HottestPartitionEntitiesPerSecond <= Target)
    return;
  Sink.report(L.Path, L.Pos,
              std::string(L.IsWrite ? "write" : "query") + " '" + L.Name +
                  "' puts " +
                  formatFigure(*L.HottestPartitionEntitiesPerSecond) +
                  " entities/s on one partition: " + L.Explain +
                  "; the partition target is " + formatFigure(Target) + "/s");
}

} // namespace

void checkPartitionThroughput(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (const OperationLoad &L : TA.Writes)
      checkLoad(L, C, Sink);
    for (const QueryAnalysis &Q : TA.Queries)
      checkLoad(Q.Load, C, Sink);
  }
}

} // namespace tablelint::schema
