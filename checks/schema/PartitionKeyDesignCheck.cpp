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
// The query adding most is set in Biggest (its index, -1 for none) and
// BiggestLoad when given.
double pinnedLoad(const TableAnalysis &TA, double Distinct = 0,
                  int *Biggest = nullptr, double *BiggestLoad = nullptr) {
  double Sum = 0;
  for (const OperationLoad &L : TA.PartitionWrites)
    if (!L.AgedPartitions)
      Sum += L.Rate;
  const double Average = TA.Size.Known && Distinct > 0
                             ? TA.Size.Entities / Distinct
                             : std::numeric_limits<double>::infinity();
  if (Biggest)
    *Biggest = -1;
  double Most = 0;
  for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
    const QueryAnalysis &Q = TA.Queries[I];
    if (!Q.Filter.PinnedPartition || !Q.Load.AccountEntitiesPerSecond)
      continue;
    const double Load =
        std::min(*Q.Load.AccountEntitiesPerSecond, Q.Load.Rate * Average);
    Sum += Load;
    if (Load > Most) {
      Most = Load;
      if (Biggest)
        *Biggest = static_cast<int>(I);
    }
  }
  if (BiggestLoad)
    *BiggestLoad = Most;
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
      int Biggest = -1;
      double BiggestLoad = 0;
      const double Even =
          pinnedLoad(TA, *Share.Distinct, &Biggest, &BiggestLoad);
      if (Even / *Share.Distinct > Target) {
        std::string Remedy = "add a property or a hash bucket to the key";
        if (Biggest >= 0 && 2 * BiggestLoad > Even) {
          // Most of it one query's filtered scan: a bucket would fan it out.
          std::string Scan = scanLoadRemedy(
              T, T.Queries[static_cast<std::size_t>(Biggest)],
              TA.Queries[static_cast<std::size_t>(Biggest)], BiggestLoad);
          if (!Scan.empty())
            Remedy = std::move(Scan);
        }
        Sink.report(T.Path, partitionKeyPosition(T),
                    "partition key '" + T.PartitionKey.Text + "' has only " +
                        formatFigure(*Share.Distinct) + " distinct values (" +
                        Share.why() + "): spread evenly, " +
                        formatFigure(Even) + " entities/s put " +
                        formatFigure(Even / *Share.Distinct) +
                        "/s on each partition (target " +
                        formatFigure(Target) + "/s); " + Remedy);
      }
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
