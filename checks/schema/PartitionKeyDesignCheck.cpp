// partition-key-design (checklist 18): a partition key that cannot carry the
// table's declared load even when perfectly spread: one constant key over
// the target, or too few distinct values for the rate; and units of work
// (transactions) whose entities can never share a partition.
#include "checks/schema/Checks.h"

#include <algorithm>
#include <limits>

namespace tablelint::schema {

namespace {

// Entities/s the table's writes and partition-pinned queries put on the
// partitions together (table scans are the table-scan rule's concern). With
// Distinct, the key's values used evenly: a read of one partition then
// reads at most an average one (the table over the key's values), not the
// bigger one a skewed key gives on average, which is the skew's cost
// (hot-partition), not the key's number of values.
double pinnedLoad(const TableAnalysis &TA, double Distinct = 0) {
  double Sum = 0;
  for (const OperationLoad &L : TA.PartitionWrites)
    Sum += L.Rate;
  const double Average = TA.Size.Known && Distinct > 0
                             ? TA.Size.Entities / Distinct
                             : std::numeric_limits<double>::infinity();
  for (const QueryAnalysis &Q : TA.Queries)
    if (Q.Filter.PinnedPartition && Q.Load.AccountEntitiesPerSecond)
      Sum += std::min(*Q.Load.AccountEntitiesPerSecond, Q.Load.Rate * Average);
  return Sum;
}

} // namespace

void checkPartitionKeyDesign(const SchemaContext &C, FindingSink &Sink) {
  const double Target = C.Options.PartitionEntitiesPerSecond;
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    const KeyShare &Share = TA.PartitionShare;
    const double Load = pinnedLoad(TA);
    if (Share.Known && !T.PartitionKey.Parts.empty() &&
        instancePartitionKey(T, T.PartitionKey).isConstant() && Load > Target) {
      // One entity (a config row, a global counter): no key spreads the
      // reads or writes of one entity.
      double Writes = 0;
      for (const OperationLoad &L : TA.PartitionWrites)
        Writes += L.Rate;
      const std::string Remedy =
          !T.RowKey.isConstant()
              ? "build the key from a property with many values"
          : 2 * Writes > Load
              ? "its one entity cannot be spread by any key: split what is "
                "written into several entities under several keys (a counter "
                "into N counters summed when read)"
              : "its one entity cannot be spread by any key: cache it in the "
                "service (a value that changes rarely), or keep copies under "
                "several keys and read one of them at random";
      Sink.report(T.Path, partitionKeyPosition(T),
                  "table '" + T.Name + "' has one constant partition key '" +
                      T.PartitionKey.Text + "' for " + formatFigure(Load) +
                      " entities/s of writes and reads; one partition serves " +
                      formatFigure(Target) + "/s: " + Remedy);
    } else if (Share.Known && !Share.Sequential && Share.Distinct &&
             *Share.Distinct > 1) {
      const double Even = pinnedLoad(TA, *Share.Distinct);
      if (Even / *Share.Distinct > Target)
        Sink.report(T.Path, partitionKeyPosition(T),
                    "partition key '" + T.PartitionKey.Text + "' has only " +
                        formatFigure(*Share.Distinct) + " distinct values (" +
                        Share.why() + "): spread evenly, " +
                        formatFigure(Even) + " entities/s put " +
                        formatFigure(Even / *Share.Distinct) +
                        "/s on each partition (target " +
                        formatFigure(Target) +
                        "/s); add a property or a hash bucket to the key");
    }
    if (!uniquePartitionPerEntity(Share))
      continue;
    for (const Transaction &Tx : T.Transactions) {
      if (Tx.Writes.size() < 2 || keyedByUnit(*TA.Declared, Tx))
        continue;
      Sink.report(Tx.Path, Tx.Pos,
                  "transaction '" + Tx.Name + "' writes " +
                      std::to_string(Tx.Writes.size()) +
                      " entities together but the partition key '" +
                      T.PartitionKey.Text + "' differs for every entity (" +
                      Share.why() +
                      "), so they can never be one atomic batch: key the "
                      "partition by what they share");
    }
  }
}

} // namespace tablelint::schema
