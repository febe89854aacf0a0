// The simulated Table service: what one storage account does with the
// requests of a replay, as far as the performance checklist cares.
//
// - Entities of a table are kept in key order (PartitionKey, RowKey), so a
//   query reads exactly the key range the real service would scan and its
//   filter is evaluated on every entity read (core/FilterEval.h).
// - Three budgets, each a token bucket one second deep, count entities
//   inserted, updated, deleted and *scanned* (a batch of n counts n): one
//   per PartitionKey (PartitionEntitiesPerSecond, the documented target of
//   one key, never split), one per range partition (RangeEntitiesPerSecond,
//   a partition server's share: an assumption) and one per account
//   (AccountEntitiesPerSecond). A request that finds one empty gets 503
//   ServerBusy; the response names which (ThrottleCause).
// - The key space of a table is cut into range partitions: one for a
//   brand-new table (cold), or as many as an established table's declared
//   load needs (warm: preload() then presplit()).
// - A name template's instances (setInstances) are tables of their own:
//   each gets a range partition starting at its "instance~" PartitionKey
//   prefix when it is first written (or at warm start), never a share of
//   another instance's.
// - Every ManagerIntervalSeconds the partition manager looks at the load
//   each range was asked for (served or throttled). A range above its budget
//   for SplitDetectionSeconds is split at the partition key that halves its
//   load, never inside one PartitionKey; both halves are offline for
//   SplitOfflineSeconds (requests then time out: 500 OperationTimedOut).
// - Entity limits (400 Bad Request, as the service answers EntityTooLarge,
//   TooManyProperties, PropertyValueTooLarge and an oversized key): 1 MiB
//   per entity, 252 user properties, 1 KiB per key, 64 KiB per value.
// - Query pages hold at most MaxEntitiesPerPage entities and end with a
//   continuation after MaxPageServerSeconds of scanning (the range reads at
//   its target rate: 5 s x 2,000/s = 10,000 entities) or at a range
//   partition boundary; a selective scan returns many empty pages.
// - Entity group transactions: one PartitionKey, at most MaxBatchOperations
//   operations, less than MaxBatchPayloadBytes, each entity once (400 / 413
//   otherwise), applied atomically.
// - Latency: a round trip plus a service time drawn per kind of request,
//   with a cost per entity written or scanned (replay/ServiceTime.h: a
//   modelling assumption, docs/replay.md).
#pragma once

#include "core/Filter.h"
#include "core/ServiceLimits.h"
#include "core/schema/Schema.h"
#include "replay/BatchUndo.h"
#include "replay/ExistingKeys.h"
#include "replay/LoadCounts.h"
#include "replay/ReadRanges.h"
#include "replay/RowSet.h"
#include "replay/RowStore.h"
#include "replay/SampledScan.h"
#include "replay/ServiceTime.h"
#include "replay/Workload.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tablelint::replay {

class LogicalEntityView;

// A scan reads entities in key order, spread over the whole workload (a
// cache miss or two each): the entities a few rows ahead of It in its leaf
// start loading, the one further on its slot, the nearer where its codes
// are (its slot read by then), so both loads are done when it is read.
inline void prefetchAhead(const Workload &W, const RowStore::Cursor &It) {
  std::uint32_t Ahead;
  if (It.valueAhead(12, Ahead))
    W.prefetchEntity(Ahead);
  if (It.valueAhead(6, Ahead))
    W.prefetchEntity(Ahead, true);
}

struct ServiceModel {
  // Per PartitionKey (documented; never split).
  double PartitionEntitiesPerSecond = limits::PartitionEntitiesPerSecond;
  // Per range partition (an assumption: docs/replay.md).
  double RangeEntitiesPerSecond = limits::AssumedRangeEntitiesPerSecond;
  double AccountEntitiesPerSecond = limits::AccountEntitiesPerSecond;
  // Depth of the token buckets: how much of a quiet second can be spent in
  // a burst (modelling assumption).
  double BurstSeconds = 1;
  double SplitDetectionSeconds = limits::SplitDetectionSeconds;
  double SplitOfflineSeconds = limits::SplitOfflineSeconds;
  double ManagerIntervalSeconds = limits::PartitionManagerIntervalSeconds;
  unsigned MaxEntitiesPerPage = limits::MaxEntitiesPerPage;
  double MaxPageServerSeconds = limits::MaxPageServerSeconds;
  // Latency model (assumptions, docs/replay.md): the time of each kind of
  // request (replay/ServiceTime.h), and how long a request to an offline
  // range waits before OperationTimedOut.
  ServiceTimeModel Times;
  double OfflineTimeoutSeconds = 1;
  // Warm start: an established table is split so that its declared load
  // fills each range to this share of the range budget (an assumption).
  double WarmRangeShare = 0.5;
  // A page of a query that reads whole partitions and filters on nothing
  // but PartitionKey is costed from the partitions' entity counts
  // (replay/LoadCounts.h), in a few steps per partition, instead of a step
  // per entity; false walks the stored rows as before (tests compare the
  // two: docs/replay.md, "Pages from counts").
  bool CountedPages = true;
};

// Which budget a throttled request ran into.
enum class ThrottleCause : std::uint8_t {
  None,
  PartitionKey, // the key's own 2,000/s
  Range,        // the range partition's budget
  Account,      // the account's budget
  Offline,      // the range was being split (500 OperationTimedOut)
};
inline constexpr std::size_t ThrottleCauses = 5;
const char *throttleCauseName(ThrottleCause Cause);

// What the service checks of one entity written (entity limits).
struct EntityShape {
  std::uint64_t Bytes = 0;        // billing size
  std::uint32_t Properties = 0;   // user properties
  std::uint64_t LargestValue = 0; // bytes of the largest string/binary
  // What it takes in a JSON body (core/JsonPayloadSize.h): the payload
  // figures, where the entity limits look at Bytes.
  std::uint64_t Payload = 0;
};

// HTTP statuses the simulated service answers with.
enum : int {
  StatusOk = 200,
  StatusBadRequest = 400, // batch rules, entity limits
  StatusNotFound = 404,
  StatusConflict = 409,
  StatusTooLarge = 413,
  StatusTimedOut = 500,   // OperationTimedOut (range offline)
  StatusServerBusy = 503, // ServerBusy (partition or account over budget)
};

inline bool isThrottle(int Status) {
  return Status == StatusServerBusy || Status == StatusTimedOut;
}

struct ServiceResponse {
  int Status = StatusOk;
  double LatencySeconds = 0;
  // Entities counted against the budgets (0 when rejected before serving).
  std::uint32_t Charged = 0;
  ThrottleCause Cause = ThrottleCause::None;
};

struct BatchOperation {
  schema::WriteKind Kind = schema::WriteKind::Insert;
  std::string PartitionKey, RowKey;
  std::uint32_t Entity = 0;
  std::uint64_t Bytes = 0; // billing size, for the 4 MiB rule
  std::uint64_t Payload = 0; // JSON body (EntityShape::Payload)
  std::uint32_t Properties = 0;
  std::uint64_t LargestValue = 0;
};

// What the sampled existing entities of one table count as in a read
// confined to single partitions, where that differs from their weight
// (SimulatedService::setPartitionWeight): indexed by entity - First, 0
// for the entity's own weight.
struct PartitionWeights {
  const std::vector<std::uint64_t> *Of = nullptr;
  std::uint32_t First = 0;

  std::uint64_t at(std::uint32_t Entity) const {
    if (!Of || Entity < First || Entity - First >= Of->size())
      return 0;
    return (*Of)[Entity - First];
  }
};

// A query in progress: the key ranges it reads (from its QueryScope) and
// where the next page starts.
struct QueryCursor {
  const Filter *Where = nullptr; // null: every entity matches
  // Half-open ranges of row keys (PartitionKey "\0" RowKey), in order.
  std::vector<std::pair<std::string, std::string>> Ranges;
  std::size_t Range = 0;
  std::string Next; // continuation (full row key); empty: range start
  bool Started = false;
  std::uint64_t Top = 0; // $top per page; 0: none
  // Of the entity at Next, the real entities earlier pages already read:
  // a sampled existing entity (Workload::weight) stands for many, and a
  // page may end inside them.
  std::uint64_t Consumed = 0;
  // A point read finds at most one entity, so a sampled entity at its key
  // counts as one, not as the many it stands for in scans (a hot key is in
  // the sample and read often: its weight would charge each read as
  // thousands of entities).
  bool Point = false;
  // A point read of a key drawn afresh that the table holds though its
  // sample does not (Workload::foundOutsideSample): it returns this
  // logical entity, whose values its key was rendered from.
  bool FoundOutsideSample = false;
  std::uint32_t ProbeEntity = 0;
  // The stretch of sampled entities being read, up to the StretchMatches-th
  // match ahead (replay/SampledScan.h: where a sample's matches are).
  SampledStretch Stretch;
  // Filled by each page: entities returned, each with how many real
  // entities it stands for in this page.
  struct Returned {
    std::uint32_t Entity = 0, KeyChars = 0;
    std::uint64_t Count = 1;
  };
  std::vector<Returned> Page;
  std::uint64_t PageReturned = 0; // real entities: the sum of Page's Count
  std::uint32_t PageScanned = 0;
  bool More = true;
  // Whether its pages are costed from counts (SimulatedService::
  // countsServe); -1 until its first page decides.
  std::int8_t Counted = -1;
  // The workload family its filter's values are declared by (the query's).
  std::uint32_t Family = 0;
  // A counted filter on declared values (replay/DeclaredShare.h): the
  // conditions on PartitionKey alone (none: every partition), and the
  // share of a partition's entities the others keep (Filtered set).
  bool Filtered = false;
  std::optional<Filter> KeyPart;
  double Share = 1;
  // Of the matches counted so far, the fraction of an entity not yet
  // returned: pages return whole entities, and the fractions add up.
  double Carry = 0;

  // Of a query with pages still to read, how many more entities its `top`
  // lets it return after Returned (0: it has no `top`); none when it has
  // finished (no range left, or its `top` reached): what the pages still
  // to go of a given-up or unfinished query are counted from.
  std::optional<std::uint64_t> topLeftToRead(std::uint64_t Returned) const {
    if (!More || Range >= Ranges.size() || (Top && Returned >= Top))
      return std::nullopt;
    return Top ? Top - Returned : 0;
  }

  // Set when every range lies inside one partition: a sampled entity then
  // counts as what its partition holds, where its weight would count far
  // more (SimulatedService::setPartitionWeight).
  PartitionWeights Confined;

  // Real entities a stored entity stands for in this query's reads.
  std::uint64_t weight(const Workload &W, std::uint32_t Entity) const {
    if (Point)
      return 1;
    const std::uint64_t Sampled = W.weight(Entity);
    if (Sampled > 1)
      if (const std::uint64_t InPartition = Confined.at(Entity))
        return InPartition;
    return Sampled;
  }
};

// Whether every range lies inside one partition (PartitionKey "\0" ...).
bool confinedToPartitions(
    const std::vector<std::pair<std::string, std::string>> &Ranges);

// The row-key ranges a filter makes the service read; true when they are
// the one key of a point read.
bool scopeRanges(const Filter *Where,
                 std::vector<std::pair<std::string, std::string>> &Ranges);

// The stretch of sampled entities starting at It (replay/SampledScan.h):
// the sampled entities up to and including the StretchMatches-th that Where
// matches (null: every entity), or up to Stop ("" = the end) when fewer
// do. Entities of weight 1 (QueryCursor::weight) are passed over. With
// Budget, each entity looked at spends one; when it runs out the stretch
// ends there, with the matches found so far.
void findSampledStretch(const Workload &W, const QueryCursor &C,
                        RowStore::Cursor It, std::string_view Stop,
                        LogicalEntityView &View, SampledStretch &S,
                        std::uint64_t *Budget = nullptr);

// The key under which the store keeps an entity: PartitionKey, a NUL (below
// every character allowed in keys, so the order is that of the pair), RowKey.
std::string rowKey(const std::string &PartitionKey, const std::string &RowKey);

struct PartitionKeyStats {
  std::string Key;
  std::uint64_t Accessed = 0;  // entities written or scanned
  std::uint64_t Scanned = 0;   // of Accessed: read by query pages
  // Of Scanned: read by pages that took more than one entity of the key
  // (scans), not one at a time (point reads, a `top: 1`).
  std::uint64_t ScannedInRuns = 0;
  std::uint64_t Throttled = 0; // requests answered 503/500
  // Of Throttled: by the key's own budget while a scan's page had taken
  // more than it held (until ScanDebtUntil): the scan's doing, however few
  // of the key's entities it read.
  std::uint64_t ThrottledByScan = 0;
  double ScanDebtUntil = 0;
  double IntervalDemand = 0;
  // Requests its own budget throttled since the last manager tick: its
  // demand counts the retries of requests other budgets throttled too.
  std::uint32_t IntervalKeyThrottled = 0;
  double Tokens = 0; // the key's budget (may run into debt)
  double Refilled = -1; // < 0: never used, the bucket is full
  std::vector<std::uint32_t> Heat; // entities per time bucket
};

// PartitionKey -> its index in TableState::Pks. Every request looks its
// key up, so this is an open-addressing table of (64-bit hash, index)
// slots: a look-up hashes the key where it lies (no string made) and reads
// one slot and the key's own statistics, which the request uses anyway. A
// hash that matches is confirmed against the stored key, so two keys with
// one hash stay two keys.
class PartitionKeyIndex {
public:
  // The index of Key in Pks; when Key is new, Pks.size() is recorded for
  // it, New is set and the caller appends its statistics.
  std::uint32_t findOrAdd(std::string_view Key,
                          const std::vector<PartitionKeyStats> &Pks,
                          bool &New);

private:
  struct Slot {
    std::uint64_t Hash = 0; // 0: empty
    std::uint32_t Index = 0;
  };
  void grow();

  std::vector<Slot> Slots; // a power of two, at most half full
  std::size_t Count = 0;
};

struct RangePartition {
  std::string Low; // first PartitionKey of the range ("" = start)
  double Tokens = 0;
  double Refilled = 0;
  double OfflineUntil = -1;
  double HotSince = -1;
  double IntervalDemand = 0;
};

struct SplitRecord {
  double Time = 0;
  std::string Table, AtKey;
};

class SimulatedService {
public:
  struct TableState {
    std::string Name;
    std::uint32_t Account = 0;
    RowSet Rows; // row key -> entity
    std::vector<RangePartition> Ranges;
    PartitionKeyIndex PkIndex;
    std::vector<PartitionKeyStats> Pks;
    std::uint32_t LastPk = 0; // the last key looked up (writes repeat it)
    // A name template's instances (setInstances): each is a table of its
    // own, so each starts its own range partition at its "instance~"
    // prefix; InstanceRanges counts those (they are not splits).
    bool Instances = false;
    std::size_t InstanceRanges = 0;
    // Range-budget throttles after the first split, and those of them in
    // the last range (the end of the key space): the append pattern.
    std::uint64_t RangeThrottled = 0, LastRangeThrottled = 0;
    // setPartitionWeight's figures, from entity PartitionWeightFirst on.
    std::vector<std::uint64_t> PartitionWeight;
    std::uint32_t PartitionWeightFirst = 0;
    // Entities per PartitionKey, kept from the first page a count serves
    // on (Counting): a table no such query reads holds no counts.
    LoadCounts Counts;
    bool Counting = false;
    // Reads filtered on declared values are costed from the counts
    // (TableReads::CountsFiltered): kept from the first row on.
    bool CountsFiltered = false;
    // A sampled existing entity (weight above 1) is stored: its pages are
    // read row by row (the sample's stretches need the rows).
    bool Weighted = false;
  };

  // Tables by name with their account index; Accounts holds each
  // account's entities/s target.
  SimulatedService(const ServiceModel &Model, const Workload &W,
                   std::vector<std::pair<std::string, std::uint32_t>> Tables,
                   std::vector<double> AccountBudgets, double HeatBucketSeconds,
                   std::size_t HeatBuckets, std::uint64_t Seed = 1);

  ServiceResponse write(double Now, std::uint32_t Table, schema::WriteKind Kind,
                        const std::string &PartitionKey,
                        const std::string &RowKey, std::uint32_t Entity,
                        const EntityShape &Shape = {});
  ServiceResponse batch(double Now, std::uint32_t Table,
                        const std::vector<BatchOperation> &Ops);
  // Whether the table stores an entity under the keys (no request: what
  // the client knows of what it wrote).
  bool holds(std::uint32_t Table, std::string_view PartitionKey,
             std::string_view RowKey);
  // Pages a counted query (Cursor.Counted > 0) still has to read, from
  // the counts: what pagesToFinish() finds by walking the rows of others.
  std::uint64_t countedPagesToFinish(std::uint32_t Table,
                                     const QueryCursor &Cursor,
                                     std::uint64_t Returned);
  // Reads one page at Cursor; sets Cursor.Page, PageScanned, More.
  ServiceResponse queryPage(double Now, std::uint32_t Table,
                            QueryCursor &Cursor);
  // The table is a name template's instances (PlannedTable::Instances):
  // each instance, at its first PartitionKey, gets range partitions of its
  // own, as a new table would, rather than a share of one table's.
  void setInstances(std::uint32_t Table) { Tables[Table].Instances = true; }
  // The rows each table's reads visit (rowsReadByQueries), before any
  // entity is stored: the others are kept unordered (replay/RowSet.h).
  void setReadRanges(std::vector<TableReads> Reads);
  // The partition manager: splits ranges hot for SplitDetectionSeconds.
  void managerTick(double Now);

  // Warm start: stores an existing entity (no budget, no statistics), then
  // cuts the table into Ranges range partitions of about equal entity
  // counts at PartitionKey boundaries, as an established table is.
  // A sampled existing entity of the table counts as Weight real entities
  // in a read confined to one partition, instead of its sample weight: a
  // family whose partitions are far smaller than its weight (a parcel's 15
  // tracking events, each sampled one standing for 56,000) would otherwise
  // make a read of a partition that holds one count as a read of 56,000.
  // Set during warm start, before any read.
  void setPartitionWeight(std::uint32_t Table, std::uint32_t Entity,
                          std::uint64_t Weight);
  PartitionWeights partitionWeights(std::uint32_t Table) const {
    const TableState &T = Tables[Table];
    if (T.PartitionWeight.empty())
      return {};
    return {&T.PartitionWeight, T.PartitionWeightFirst};
  }
  void preload(std::uint32_t Table, const std::string &PartitionKey,
               const std::string &RowKey, std::uint32_t Entity);
  // The same for the existing entities of one family at once, Reached
  // (by ordinal of Keys) those its write places in this table: stored in
  // key order (each appended near the last), counted in entity order,
  // with what preload() one by one would leave.
  void preload(std::uint32_t Table, const ExistingKeys &Keys,
               const std::vector<bool> &Reached);
  void presplit(std::uint32_t Table, std::size_t Ranges);

  // 400 when an entity breaks a limit of the service, else 0.
  static int entityLimitStatus(std::string_view PartitionKey,
                               std::string_view RowKey,
                               const EntityShape &Shape);

  const std::vector<TableState> &tables() const { return Tables; }
  const std::vector<SplitRecord> &splits() const { return Splits; }
  // Partition keys whose own load exceeded a partition's target.
  const std::vector<std::pair<std::string, std::string>> &unsplittable() const {
    return Unsplittable;
  }
  std::size_t rangeCount(std::uint32_t Table) const {
    return Tables[Table].Ranges.size();
  }
  // Tables whose range-budget throttles fell (90% or more, after two
  // splits or more) on the last range: new keys all land at the end of the
  // key space, and splitting does not relieve it.
  std::vector<std::string> appendHotTables() const;

private:
  std::size_t rangeOf(const TableState &T, std::string_view PartitionKey) const;
  PartitionKeyStats &pkStats(TableState &T, std::string_view PartitionKey);
  // 0 when admitted; otherwise the throttling status and its cause.
  // Demand is recorded either way. Key: the PartitionKey's budget (null: a
  // table scan's first page, which names no key).
  int admit(double Now, TableState &T, std::size_t Range,
            PartitionKeyStats *Key, double Cost, ThrottleCause &Cause);
  void charge(TableState &T, std::size_t Range, double Cost);
  // Where a page starting in range partition Range stops: the query
  // range's End, or the next range partition's first key (Boundary set).
  std::string pageStop(const TableState &T, std::size_t Range,
                       const std::string &End, bool &Boundary) const;
  // Whether C's pages are costed from counts (ServiceModel::CountedPages):
  // decided at its first page.
  bool countsServe(const TableState &T, QueryCursor &C) const;
  ServiceResponse countedPage(double Now, TableState &T, QueryCursor &C,
                              double Expected);
  // Partitions of C's range from Next on that hold entities, before Stop:
  // Visit(Key, Count) until it returns false.
  template <typename VisitFn>
  void forEachCounted(TableState &T, const std::string &Next,
                      const std::string &Stop, VisitFn &&Visit);
  // Of ScanRoom entities a page may still scan and PageRoom it may still
  // return, how many of a matching partition it scans: a counted filter
  // (QueryCursor::Filtered) stops where its share fills the page.
  static std::uint64_t matchingRoom(const QueryCursor &C,
                                    std::uint64_t ScanRoom,
                                    std::uint64_t PageRoom);
  // Of Scanned entities of a matching partition, the whole ones a counted
  // page returns (their share, the fractions carried to the next).
  static std::uint64_t keptOf(QueryCursor &C, std::uint64_t Scanned);
  // Counts T's rows per PartitionKey once, and every write from then on.
  void startCounting(TableState &T);
  // Charges Scanned entities of one partition that a page read.
  void chargeScanRun(double Now, PartitionKeyStats &S, std::uint64_t Scanned);
  // The end of every page: the continuation, the range's demand and
  // budget, the latency.
  ServiceResponse closePage(TableState &T, QueryCursor &C, std::size_t Range,
                            std::uint64_t Scanned, double Expected,
                            bool Exhausted, const std::string &Stop,
                            bool StopIsBoundary);
  // The store's size change since SizeBefore becomes PartitionKey's count;
  // what Kind wrote (not a delete) becomes its example entity.
  void countWrite(TableState &T, std::string_view PartitionKey,
                  schema::WriteKind Kind, std::size_t SizeBefore,
                  std::uint32_t Entity, std::size_t RowKeyChars);
  // The same with the change of the store's size known (Delta rows).
  void countChange(TableState &T, std::string_view PartitionKey,
                   schema::WriteKind Kind, std::int64_t Delta,
                   std::uint32_t Entity, std::size_t RowKeyChars);
  // An existing entity preloaded (New: its key's first row) counted as
  // an upsert, and what a sampled one stands for beyond itself.
  void countPreloaded(TableState &T, std::string_view PartitionKey,
                      std::size_t RowKeyChars, std::uint32_t Entity, bool New);
  // Entities a page may return and scan (MaxEntitiesPerPage or $top;
  // MaxPageServerSeconds at the key's rate).
  std::uint64_t pageLimit(const QueryCursor &C) const;
  std::uint64_t scanLimit() const;
  // An update, merge or delete of an entity of a sampled table outside its
  // sample (Workload::addressesOutsideSample) is served without changing
  // the store: whether it finds its entity (the real table holds one
  // there, or the store holds the row). None for every other write.
  std::optional<bool> outsideSample(const TableState &T,
                                    schema::WriteKind Kind,
                                    std::uint32_t Entity,
                                    std::string_view Key) const;
  // A range partition starting at the instance of PartitionKey, unless the
  // instance has one (tables with Instances).
  void addInstanceRange(TableState &T, std::string_view PartitionKey);
  // A range partition of T starting at Low, its budget full, unless one
  // starts there; whether it was added.
  bool addRange(TableState &T, std::string_view Low);
  // Splits the partition manager made in T.
  static std::size_t splitsOf(const TableState &T) {
    return T.Ranges.size() - 1 - T.InstanceRanges;
  }
  void chargeKey(double Now, PartitionKeyStats &Key, double Cost);
  void startKeyBucket(double Now, PartitionKeyStats &Key);
  ServiceResponse throttled(int Status, ThrottleCause Cause);
  void refill(double Now, double Budget, double &Tokens, double &Refilled);
  void record(double Now, PartitionKeyStats &Stats, std::uint64_t Entities);
  // rowKey() into a buffer reused across requests.
  std::string_view scratchKey(std::string &Buffer, std::string_view PartitionKey,
                              std::string_view RowKey);

  ServiceModel Model;
  ServiceTime Times; // draws each request's latency
  const Workload &W;
  std::vector<TableState> Tables;
  std::vector<double> AccountBudget, AccountTokens, AccountRefilled;
  double HeatBucketSeconds;
  std::size_t HeatBuckets;
  double LastTick = 0;
  std::vector<SplitRecord> Splits;
  std::vector<TableReads> Reads; // setReadRanges
  std::vector<std::pair<std::string, std::string>> Unsplittable;
  std::string KeyScratch;
  std::vector<std::string_view> BatchRows;
  std::vector<std::size_t> BatchRowHashes; // of BatchRows (duplicate check)
  // Changes of the batch being applied, to undo it when one fails.
  BatchUndo BatchChanges;
};

} // namespace tablelint::replay
