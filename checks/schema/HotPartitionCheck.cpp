// hot-partition (checklist 20): a skewed distribution (zipf, hotspot,
// weights) of the partition key's properties that sends more than one
// partition's target to the busiest key.
#include "checks/schema/Checks.h"
#include "core/Text.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// The properties of the partition key that the RowKey does not add to,
// when it adds none: each value of them names one entity (a link per
// code, a counter per tenant), so the hot key's load is one entity's,
// which no bucket of another property can split. Empty otherwise.
std::vector<std::string> entityPerKey(const Table &T) {
  const std::vector<std::string> Pk = T.PartitionKey.properties();
  if (Pk.empty())
    return {};
  for (const std::string &P : T.RowKey.properties())
    if (std::find(Pk.begin(), Pk.end(), P) == Pk.end())
      return {};
  return Pk;
}

} // namespace

bool isWholePartitionListing(const Query &Q, const QueryAnalysis &A) {
  const QueryScope &Scope = A.Filter.Scope;
  return Scope.Class == QueryClass::RowRange && !Scope.RowLow &&
         !Scope.RowHigh && Scope.NonKeyProperties.empty() && !Q.Top &&
         A.Returned && *A.Returned >= MinListingRows;
}

std::string scanLoadRemedy(const Table &T, const Query &Q,
                           const QueryAnalysis &A, double Load) {
  const QueryScope &Scope = A.Filter.Scope;
  static constexpr const char *FansOut =
      "a hash bucket would turn each of its reads into one per bucket, the "
      "same entities in more requests";
  auto WholePartition = [&](double Entities, const std::string &Why) {
    return "'" + Q.Name + "' reads " + formatFigure(Load) +
           " of them/s, a whole partition each time (" +
           formatFigure(Entities) + " entities in the busiest: " + Why + ")";
  };
  if (isWholePartitionListing(Q, A))
    return WholePartition(*A.Returned, A.ReturnedWhy) + ": " + FansOut +
           "; read a page at a time instead (`top` with the continuation of "
           "the last page), or cache the listing";
  if ((Scope.Class != QueryClass::PartitionScan &&
       Scope.Class != QueryClass::RowRange) ||
      Scope.NonKeyProperties.empty() || !A.Scanned)
    return {};
  const std::optional<double> Returned =
      A.Returned ? A.Returned : A.ReturnedAtMost;
  const bool Filtered = Returned && *A.Scanned >= 10 * std::max(1.0, *Returned);
  // What it filters on orders its RowKey: the read can be that range,
  // whatever share of the partition it keeps.
  const std::string Range = rowKeyRangeHint(T, Q, A);
  if (!Filtered && Range.empty()) {
    // A scan of the whole partition that keeps much of it, or a share the
    // schema does not give ('read eq false' with no weights): no index
    // narrows it, and a bucket fans it out; what bounds it does.
    if (Scope.Class != QueryClass::PartitionScan || Scope.RowLow ||
        Scope.RowHigh || Q.Top || *A.Scanned < MinListingRows)
      return {};
    return WholePartition(*A.Scanned, A.ScannedWhy) +
           ", and keeps what matches on " + quotedList(Scope.NonKeyProperties) +
           ": " + FansOut +
           "; bound what it reads instead: a RowKey range (the recent rows, "
           "where the RowKey "
           "leads with the time), `top`, or an entity the writes keep up "
           "to date with what it asks (a count, or a sparse index table of "
           "only the rows it looks for)";
  }
  std::string Out = "'" + Q.Name + "' reads " + formatFigure(Load) +
                    " of them/s";
  if (Filtered)
    Out += " and returns " +
           std::string(A.Returned && !A.ReturnedIsBound ? "about" : "at most") +
           " 1 in " + formatFigure(*A.Scanned / std::max(1.0, *Returned)) +
           " of what it reads";
  Out += " (it filters on " + quotedList(Scope.NonKeyProperties) +
         ", not on the key): " + FansOut + "; narrow the read instead: ";
  if (!Range.empty())
    return Out + Range.substr(2); // past its leading "; "
  Out += "put what it filters on in the key (first in the RowKey, or a "
         "sparse index table of only the rows it looks for)";
  if (!Q.Top)
    Out += ", or stop it at the rows it needs with `top`";
  return Out;
}

void checkHotPartition(const SchemaContext &C, FindingSink &Sink) {
  const double Target = C.Options.PartitionEntitiesPerSecond;
  for (const TableAnalysis &TA : C.Tables) {
    double Hot = 0, HotWrites = 0;
    std::string Parts;
    std::string Why;
    auto Add = [&](const OperationLoad &L) {
      if (!L.Share.Known || !L.Share.Skewed ||
          !L.HottestPartitionEntitiesPerSecond || L.AgedPartitions)
        return;
      Hot += *L.HottestPartitionEntitiesPerSecond;
      if (L.IsWrite)
        HotWrites += *L.HottestPartitionEntitiesPerSecond;
      Parts += (Parts.empty() ? "" : ", ") + std::string("'") + L.Name + "' " +
               formatFigure(*L.HottestPartitionEntitiesPerSecond) + "/s";
      if (Why.empty())
        Why = L.Share.why();
    };
    // Whether every operation adding to the hot key addresses one entity
    // (a write, a point read): a scan of the partition reads all it holds.
    bool OneEntityEach = true;
    for (const OperationLoad &L : TA.PartitionWrites)
      Add(L);
    for (const Write &W : TA.T->Writes)
      OneEntityEach &= W.EntitiesPerWrite == 1 || !W.FanOut.empty();
    // The queries of every entity type under this partition key: their
    // loads add up on its partitions (one finding, the same for each type).
    std::size_t TypesHere = 0;
    // The query adding most to the hot key: when its scan is most of the
    // load, the read is what to change, not the key.
    const Query *Biggest = nullptr;
    const Table *BiggestTable = nullptr;
    const QueryAnalysis *BiggestAnalysis = nullptr;
    double BiggestLoad = 0;
    for (const TableAnalysis &Other : C.Tables) {
      if (!sharesPartitions(Other, TA))
        continue;
      ++TypesHere;
      for (std::size_t QI = 0; QI < Other.Queries.size(); ++QI) {
        const QueryAnalysis &Q = Other.Queries[QI];
        const double Before = Hot;
        Add(Q.Load);
        if (Hot != Before)
          OneEntityEach &= Q.Filter.Scope.Class == QueryClass::Point;
        if (Hot - Before > BiggestLoad) {
          BiggestLoad = Hot - Before;
          Biggest = &Other.T->Queries[QI];
          BiggestTable = Other.T;
          BiggestAnalysis = &Q;
        }
      }
    }
    // Several types under the key: a partition holds several entities.
    OneEntityEach &= TypesHere == 1;
    if (Hot <= Target)
      continue;
    const Table &T = *TA.T;
    std::string Remedy =
        "append a hash bucket of another property so hot keys span several "
        "partitions";
    const std::vector<std::string> Entity =
        OneEntityEach ? entityPerKey(T) : std::vector<std::string>();
    if (!Entity.empty()) {
      Remedy = "the RowKey adds nothing to " + quotedList(Entity) +
               ", so the hot key is one entity, which no bucket can split: ";
      Remedy += HotWrites * 2 > Hot
                    ? "shard it into several entities under different "
                      "PartitionKeys (a shard number appended, one picked "
                      "at random per write) and sum them on read"
                    : "cache it in its readers, or keep copies of it under "
                      "several PartitionKeys (a copy number appended), "
                      "written together, and read one at random";
    }
    if (Entity.empty() && Biggest && 2 * BiggestLoad > Hot) {
      std::string Scan = scanLoadRemedy(*BiggestTable, *Biggest,
                                        *BiggestAnalysis, BiggestLoad);
      if (!Scan.empty())
        Remedy = std::move(Scan);
    }
    Sink.report(T.Path, partitionKeyPosition(T),
                "the busiest key of partition key '" + T.PartitionKey.Text +
                    "' takes " + formatFigure(Hot) + " entities/s (" + Parts +
                    "; " + Why + "), over one partition's " +
                    formatFigure(Target) + "/s: " + Remedy);
  }
}

} // namespace tablelint::schema
