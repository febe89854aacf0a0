// The simulated Table service: what one storage account does with the
// requests of a replay, as far as the performance checklist cares.
//
// - Entities of a table are kept in key order (PartitionKey, RowKey), so a
//   query reads exactly the key range the real service would scan and its
//   filter is evaluated on every entity read (core/FilterEval.h).
// - The key space of a table is cut into range partitions (initially one).
//   Each serves PartitionEntitiesPerSecond and the account
//   AccountEntitiesPerSecond, counting entities inserted, updated, deleted
//   and *scanned* (a batch of n counts n), as token buckets one second deep.
//   A request that finds a bucket empty gets 503 ServerBusy.
// - Every ManagerIntervalSeconds the partition manager looks at the load
//   each range was asked for (served or throttled). A range above its budget
//   for SplitDetectionSeconds is split at the partition key that halves its
//   load, never inside one PartitionKey; both halves are offline for
//   SplitOfflineSeconds (requests then time out: 500 OperationTimedOut). A
//   range whose load is one PartitionKey cannot be split: it stays capped.
// - Query pages hold at most MaxEntitiesPerPage entities and end with a
//   continuation after MaxPageServerSeconds of scanning (the range reads at
//   its target rate: 5 s x 2,000/s = 10,000 entities) or at a range
//   partition boundary; a selective scan returns many empty pages.
// - Entity group transactions: one PartitionKey, at most MaxBatchOperations
//   operations, less than MaxBatchPayloadBytes, each entity once (400 / 413
//   otherwise), applied atomically.
// - Latency: BaseLatencySeconds per request plus a cost per entity written
//   or scanned (a modelling assumption, docs/replay.md).
#pragma once

#include "core/Filter.h"
#include "core/ServiceLimits.h"
#include "core/schema/Schema.h"
#include "replay/RowStore.h"
#include "replay/Workload.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace tablelint::replay {

struct ServiceModel {
  double PartitionEntitiesPerSecond = limits::PartitionEntitiesPerSecond;
  double AccountEntitiesPerSecond = limits::AccountEntitiesPerSecond;
  // Depth of the token buckets: how much of a quiet second can be spent in
  // a burst (modelling assumption).
  double BurstSeconds = 1;
  double SplitDetectionSeconds = limits::SplitDetectionSeconds;
  double SplitOfflineSeconds = limits::SplitOfflineSeconds;
  double ManagerIntervalSeconds = limits::PartitionManagerIntervalSeconds;
  unsigned MaxEntitiesPerPage = limits::MaxEntitiesPerPage;
  double MaxPageServerSeconds = limits::MaxPageServerSeconds;
  // Latency model (assumptions, docs/replay.md): per request, per entity
  // written, per entity scanned, and how long a request to an offline
  // range waits before OperationTimedOut.
  double BaseLatencySeconds = 0.005;
  double WriteSecondsPerEntity = 0.0001;
  double ScanSecondsPerEntity = 0.000002;
  double OfflineTimeoutSeconds = 1;
};

// HTTP statuses the simulated service answers with.
enum : int {
  StatusOk = 200,
  StatusBadRequest = 400, // batch rules
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
};

struct BatchOperation {
  schema::WriteKind Kind = schema::WriteKind::Insert;
  std::string PartitionKey, RowKey;
  std::uint32_t Entity = 0;
  std::uint64_t Bytes = 0; // billing size, for the 4 MiB rule
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
  // Filled by each page: entities returned (entity, key length).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> Page;
  std::uint32_t PageScanned = 0;
  bool More = true;
};

// The row-key ranges a filter makes the service read.
void scopeRanges(const Filter *Where,
                 std::vector<std::pair<std::string, std::string>> &Ranges);

// The key under which the store keeps an entity: PartitionKey, a NUL (below
// every character allowed in keys, so the order is that of the pair), RowKey.
std::string rowKey(const std::string &PartitionKey, const std::string &RowKey);

struct PartitionKeyStats {
  std::string Key;
  std::uint64_t Accessed = 0;  // entities written or scanned
  std::uint64_t Throttled = 0; // requests answered 503/500
  double IntervalDemand = 0;
  std::vector<std::uint32_t> Heat; // entities per time bucket
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
    RowStore Rows; // row key -> entity
    std::vector<RangePartition> Ranges;
    std::unordered_map<std::string, std::uint32_t> PkIndex;
    std::vector<PartitionKeyStats> Pks;
    std::uint32_t LastPk = 0; // the last key looked up (writes repeat it)
  };

  // Tables by name with their account index; Accounts holds each
  // account's entities/s target.
  SimulatedService(const ServiceModel &Model, const Workload &W,
                   std::vector<std::pair<std::string, std::uint32_t>> Tables,
                   std::vector<double> AccountBudgets, double HeatBucketSeconds,
                   std::size_t HeatBuckets);

  ServiceResponse write(double Now, std::uint32_t Table, schema::WriteKind Kind,
                        const std::string &PartitionKey,
                        const std::string &RowKey, std::uint32_t Entity);
  ServiceResponse batch(double Now, std::uint32_t Table,
                        const std::vector<BatchOperation> &Ops);
  // Reads one page at Cursor; sets Cursor.Page, PageScanned, More.
  ServiceResponse queryPage(double Now, std::uint32_t Table,
                            QueryCursor &Cursor);
  // The partition manager: splits ranges hot for SplitDetectionSeconds.
  void managerTick(double Now);

  const std::vector<TableState> &tables() const { return Tables; }
  const std::vector<SplitRecord> &splits() const { return Splits; }
  // Partition keys whose own load exceeded a partition's target.
  const std::vector<std::pair<std::string, std::string>> &unsplittable() const {
    return Unsplittable;
  }
  std::size_t rangeCount(std::uint32_t Table) const {
    return Tables[Table].Ranges.size();
  }

private:
  std::size_t rangeOf(const TableState &T, std::string_view PartitionKey) const;
  PartitionKeyStats &pkStats(TableState &T, std::string_view PartitionKey);
  // 0 when admitted; otherwise the throttling status. Demand is recorded
  // either way.
  int admit(double Now, TableState &T, std::size_t Range, double Cost);
  void charge(TableState &T, std::size_t Range, double Cost);
  void refill(double Now, double Budget, double &Tokens, double &Refilled);
  void record(double Now, PartitionKeyStats &Stats, std::uint64_t Entities);
  // rowKey() into a buffer reused across requests.
  std::string_view scratchKey(std::string &Buffer, std::string_view PartitionKey,
                              std::string_view RowKey);

  ServiceModel Model;
  const Workload &W;
  std::vector<TableState> Tables;
  std::vector<double> AccountBudget, AccountTokens, AccountRefilled;
  double HeatBucketSeconds;
  std::size_t HeatBuckets;
  double LastTick = 0;
  std::vector<SplitRecord> Splits;
  std::vector<std::pair<std::string, std::string>> Unsplittable;
  std::string KeyScratch;
  std::vector<std::string_view> BatchRows;
};

} // namespace tablelint::replay
