// hot-partition (checklist 20): a skewed distribution (zipf, hotspot,
// weights) of the partition key's properties that sends more than one
// partition's target to the busiest key.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkHotPartition(const SchemaContext &C, FindingSink &Sink) {
  const double Target = C.Options.PartitionEntitiesPerSecond;
  for (const TableAnalysis &TA : C.Tables) {
    double Hot = 0;
    std::string Parts;
    std::string Why;
    auto Add = [&](const OperationLoad &L) {
      if (!L.Share.Known || !L.Share.Skewed ||
          !L.HottestPartitionEntitiesPerSecond)
        return;
      Hot += *L.HottestPartitionEntitiesPerSecond;
      Parts += (Parts.empty() ? "" : ", ") + std::string("'") + L.Name + "' " +
               formatFigure(*L.HottestPartitionEntitiesPerSecond) + "/s";
      if (Why.empty())
        Why = L.Share.why();
    };
    for (const OperationLoad &L : TA.PartitionWrites)
      Add(L);
    for (const QueryAnalysis &Q : TA.Queries)
      Add(Q.Load);
    if (Hot <= Target)
      continue;
    const Table &T = *TA.T;
    Sink.report(T.Path, partitionKeyPosition(T),
                "the busiest key of partition key '" + T.PartitionKey.Text +
                    "' takes " + formatFigure(Hot) + " entities/s (" + Parts +
                    "; " + Why + "), over one partition's " +
                    formatFigure(Target) +
                    "/s: append a hash bucket of another property so hot "
                    "keys span several partitions");
  }
}

} // namespace tablelint::schema
