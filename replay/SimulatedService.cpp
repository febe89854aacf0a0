// The simulated Table service: ordered store, range partitions with token
// buckets, the partition manager's splits, paging and batch rules.
#include "replay/SimulatedService.h"

#include "core/FilterEval.h"
#include "core/QueryScope.h"
#include "replay/DeclaredShare.h"
#include "replay/EntityFilter.h"
#include "replay/HashedRows.h"
#include "replay/LogicalEntityView.h"
#include "replay/SampledScan.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

namespace tablelint::replay {

namespace {

std::string_view partitionOf(std::string_view Key) {
  return Key.substr(0, Key.find('\0'));
}

// An entity as a filter that names nothing but PartitionKey sees it.
class PartitionKeyView : public EntityView {
public:
  explicit PartitionKeyView(std::string_view Key)
      : Value(EdmValue::string(std::string(Key))) {}
  const EdmValue *property(std::string_view Name) const override {
    return Name == "PartitionKey" ? &Value : nullptr;
  }

private:
  EdmValue Value;
};

// Whether a filter names no property but PartitionKey: every entity of a
// partition then matches it or none does.
bool namesOnlyPartitionKey(const Filter *Where) {
  if (!Where)
    return true;
  const QueryScope Scope = classifyFilter(*Where);
  return Scope.Properties.size() == 1 &&
         Scope.Properties.front() == "PartitionKey";
}

} // namespace

const char *throttleCauseName(ThrottleCause Cause) {
  switch (Cause) {
  case ThrottleCause::None:
    return "none";
  case ThrottleCause::PartitionKey:
    return "partitionKey";
  case ThrottleCause::Range:
    return "rangePartition";
  case ThrottleCause::Account:
    return "account";
  case ThrottleCause::Offline:
    return "splitOffline";
  }
  return "none";
}

std::string rowKey(const std::string &PartitionKey, const std::string &RowKey) {
  std::string Key;
  Key.reserve(PartitionKey.size() + 1 + RowKey.size());
  Key += PartitionKey;
  Key += '\0';
  Key += RowKey;
  return Key;
}

bool scopeRanges(const Filter *Where,
                 std::vector<std::pair<std::string, std::string>> &Ranges) {
  Ranges.clear();
  // Keys of partition P are P "\0" RowKey: all of them lie in
  // [P "\0", P "\1").
  auto WholePartition = [&](const std::string &P) {
    Ranges.emplace_back(P + '\0', P + '\1');
  };
  if (!Where) {
    Ranges.emplace_back("", "");
    return false;
  }
  const QueryScope Scope = classifyFilter(*Where);
  if (Scope.Contradictory)
    return false;
  switch (Scope.Class) {
  case QueryClass::Point:
    if (!Scope.PartitionKeys.empty() && Scope.RowKey) {
      std::string Key =
          rowKey(Scope.PartitionKeys[0].Value, Scope.RowKey->Value);
      std::string End = Key + '\0';
      Ranges.emplace_back(std::move(Key), std::move(End));
      return true;
    }
    break;
  case QueryClass::RowRange:
  case QueryClass::PartitionScan:
    if (Scope.PartitionKeys.size() == 1) {
      const std::string Prefix = Scope.PartitionKeys[0].Value + '\0';
      std::string Low = Prefix, High = Scope.PartitionKeys[0].Value + '\1';
      if (Scope.RowLow)
        Low = Prefix + Scope.RowLow->Key.Value +
              (Scope.RowLow->Inclusive ? "" : std::string(1, '\0'));
      if (Scope.RowHigh)
        High = Prefix + Scope.RowHigh->Key.Value +
               (Scope.RowHigh->Inclusive ? std::string(1, '\0') : "");
      if (Low < High)
        Ranges.emplace_back(std::move(Low), std::move(High));
      return false;
    }
    break;
  case QueryClass::PartitionRange:
    if (!Scope.PartitionKeys.empty()) {
      std::set<std::string> Sorted;
      for (const PinnedKey &K : Scope.PartitionKeys)
        Sorted.insert(K.Value);
      for (const std::string &P : Sorted)
        WholePartition(P);
      return false;
    }
    if (Scope.PartitionLow || Scope.PartitionHigh) {
      std::string Low, High;
      if (Scope.PartitionLow)
        Low = Scope.PartitionLow->Key.Value +
              (Scope.PartitionLow->Inclusive ? '\0' : '\1');
      if (Scope.PartitionHigh)
        High = Scope.PartitionHigh->Key.Value +
               (Scope.PartitionHigh->Inclusive ? '\1' : '\0');
      if (High.empty() || Low < High)
        Ranges.emplace_back(std::move(Low), std::move(High));
      return false;
    }
    break;
  case QueryClass::TableScan:
    break;
  }
  Ranges.emplace_back("", ""); // the whole table
  return false;
}

SimulatedService::SimulatedService(
    const ServiceModel &Model, const Workload &W,
    std::vector<std::pair<std::string, std::uint32_t>> TableList,
    std::vector<double> AccountBudgets, double HeatBucketSeconds,
    std::size_t HeatBuckets, std::uint64_t Seed)
    : Model(Model), Times(Model.Times, Seed), W(W),
      AccountBudget(std::move(AccountBudgets)),
      HeatBucketSeconds(HeatBucketSeconds), HeatBuckets(HeatBuckets) {
  for (auto &[Name, Account] : TableList) {
    TableState T;
    T.Name = Name;
    T.Account = Account;
    RangePartition First;
    First.Tokens = Model.RangeEntitiesPerSecond * Model.BurstSeconds;
    T.Ranges.push_back(First);
    Tables.push_back(std::move(T));
  }
  for (double B : AccountBudget) {
    AccountTokens.push_back(B * Model.BurstSeconds);
    AccountRefilled.push_back(0);
  }
}

std::size_t SimulatedService::rangeOf(const TableState &T,
                                      std::string_view PartitionKey) const {
  // The last range whose Low is <= PartitionKey.
  auto It = std::upper_bound(
      T.Ranges.begin() + 1, T.Ranges.end(), PartitionKey,
      [](std::string_view K, const RangePartition &R) { return K < R.Low; });
  return static_cast<std::size_t>(It - T.Ranges.begin()) - 1;
}

std::uint32_t PartitionKeyIndex::findOrAdd(
    std::string_view Key, const std::vector<PartitionKeyStats> &Pks,
    bool &New) {
  if ((Count + 1) * 2 > Slots.size())
    grow();
  const std::uint64_t Hash = HashedRows::hashOf(Key).A; // never 0
  const std::size_t Mask = Slots.size() - 1;
  for (std::size_t I = Hash & Mask;; I = (I + 1) & Mask) {
    Slot &S = Slots[I];
    if (S.Hash == 0) {
      S.Hash = Hash;
      S.Index = static_cast<std::uint32_t>(Pks.size());
      ++Count;
      New = true;
      return S.Index;
    }
    if (S.Hash == Hash && Pks[S.Index].Key == Key) {
      New = false;
      return S.Index;
    }
  }
}

void PartitionKeyIndex::grow() {
  std::vector<Slot> Old(std::max<std::size_t>(16, Slots.size() * 2));
  Old.swap(Slots);
  const std::size_t Mask = Slots.size() - 1;
  for (const Slot &S : Old) {
    if (S.Hash == 0)
      continue;
    std::size_t I = S.Hash & Mask;
    while (Slots[I].Hash != 0)
      I = (I + 1) & Mask;
    Slots[I] = S;
  }
}

PartitionKeyStats &SimulatedService::pkStats(TableState &T,
                                             std::string_view PartitionKey) {
  if (T.LastPk < T.Pks.size() && T.Pks[T.LastPk].Key == PartitionKey)
    return T.Pks[T.LastPk];
  bool New = false;
  const std::uint32_t Index = T.PkIndex.findOrAdd(PartitionKey, T.Pks, New);
  if (New) {
    PartitionKeyStats S;
    S.Key = std::string(PartitionKey);
    T.Pks.push_back(std::move(S));
    if (T.Instances)
      addInstanceRange(T, PartitionKey);
  }
  T.LastPk = Index;
  return T.Pks[Index];
}

void SimulatedService::addInstanceRange(TableState &T,
                                        std::string_view PartitionKey) {
  const std::size_t Tilde = PartitionKey.find('~');
  if (Tilde == std::string_view::npos)
    return;
  if (addRange(T, PartitionKey.substr(0, Tilde + 1)))
    ++T.InstanceRanges;
}

bool SimulatedService::addRange(TableState &T, std::string_view Low) {
  auto It = std::lower_bound(
      T.Ranges.begin() + 1, T.Ranges.end(), Low,
      [](const RangePartition &R, std::string_view K) { return R.Low < K; });
  if (It != T.Ranges.end() && It->Low == Low)
    return false;
  RangePartition R;
  R.Low = std::string(Low);
  R.Tokens = Model.RangeEntitiesPerSecond * Model.BurstSeconds;
  T.Ranges.insert(It, std::move(R));
  return true;
}

std::string_view SimulatedService::scratchKey(std::string &Buffer,
                                              std::string_view PartitionKey,
                                              std::string_view RowKey) {
  Buffer.assign(PartitionKey);
  Buffer += '\0';
  Buffer.append(RowKey);
  return Buffer;
}

bool SimulatedService::holds(std::uint32_t Table,
                             std::string_view PartitionKey,
                             std::string_view RowKey) {
  return Tables[Table].Rows.find(scratchKey(KeyScratch, PartitionKey,
                                            RowKey)) != nullptr;
}

void SimulatedService::refill(double Now, double Budget, double &Tokens,
                              double &Refilled) {
  if (Now > Refilled) {
    Tokens = std::min(Budget * Model.BurstSeconds,
                      Tokens + (Now - Refilled) * Budget);
    Refilled = Now;
  }
}

void SimulatedService::record(double Now, PartitionKeyStats &Stats,
                              std::uint64_t Entities) {
  Stats.Accessed += Entities;
  if (HeatBuckets == 0)
    return;
  if (Stats.Heat.empty())
    Stats.Heat.assign(HeatBuckets, 0);
  const std::size_t Bucket = std::min(
      HeatBuckets - 1, static_cast<std::size_t>(Now / HeatBucketSeconds));
  Stats.Heat[Bucket] += static_cast<std::uint32_t>(Entities);
}

int SimulatedService::admit(double Now, TableState &T, std::size_t Range,
                            PartitionKeyStats *Key, double Cost,
                            ThrottleCause &Cause) {
  RangePartition &R = T.Ranges[Range];
  R.IntervalDemand += Cost;
  if (Now < R.OfflineUntil) {
    Cause = ThrottleCause::Offline;
    return StatusTimedOut;
  }
  // The most specific budget first: a key over its own target is the
  // key's problem whatever its range and account do.
  if (Key) {
    startKeyBucket(Now, *Key);
    refill(Now, Model.PartitionEntitiesPerSecond, Key->Tokens, Key->Refilled);
    if (Key->Tokens <= 0) {
      ++Key->IntervalKeyThrottled;
      Key->ThrottledByScan += Now < Key->ScanDebtUntil;
      Cause = ThrottleCause::PartitionKey;
      return StatusServerBusy;
    }
  }
  refill(Now, Model.RangeEntitiesPerSecond, R.Tokens, R.Refilled);
  if (R.Tokens <= 0) {
    Cause = ThrottleCause::Range;
    if (splitsOf(T) > 0) {
      ++T.RangeThrottled;
      T.LastRangeThrottled += Range + 1 == T.Ranges.size();
    }
    return StatusServerBusy;
  }
  const std::uint32_t A = T.Account;
  refill(Now, AccountBudget[A], AccountTokens[A], AccountRefilled[A]);
  if (AccountTokens[A] <= 0) {
    Cause = ThrottleCause::Account;
    return StatusServerBusy;
  }
  return 0;
}

void SimulatedService::startKeyBucket(double Now, PartitionKeyStats &Key) {
  if (Key.Refilled < 0) { // first use: a full bucket
    Key.Tokens = Model.PartitionEntitiesPerSecond * Model.BurstSeconds;
    Key.Refilled = Now;
  }
}

void SimulatedService::chargeKey(double Now, PartitionKeyStats &Key,
                                 double Cost) {
  startKeyBucket(Now, Key);
  Key.Tokens -= Cost;
}

ServiceResponse SimulatedService::throttled(int Status, ThrottleCause Cause) {
  ServiceResponse R;
  R.Status = Status;
  R.Cause = Cause;
  R.LatencySeconds = Status == StatusTimedOut
                         ? Model.OfflineTimeoutSeconds
                         : Times.draw(RequestType::Rejected, 0);
  return R;
}

int SimulatedService::entityLimitStatus(std::string_view PartitionKey,
                                        std::string_view RowKey,
                                        const EntityShape &Shape) {
  // Keys are stored as UTF-16: 1 KiB is 512 characters (ASCII keys).
  auto KeyBytes = [](std::string_view K) { return 2 * K.size(); };
  if (KeyBytes(PartitionKey) > limits::MaxKeyBytes ||
      KeyBytes(RowKey) > limits::MaxKeyBytes ||
      Shape.Bytes > limits::MaxEntityBytes ||
      Shape.Properties > limits::MaxUserProperties ||
      Shape.LargestValue > limits::MaxPropertyBytes)
    return StatusBadRequest;
  return 0;
}

std::optional<bool> SimulatedService::outsideSample(const TableState &T,
                                                    schema::WriteKind Kind,
                                                    std::uint32_t Entity,
                                                    std::string_view Key) const {
  if (createsEntity(Kind) || !W.addressesOutsideSample(Entity))
    return std::nullopt;
  return W.foundOutsideSample(Entity) || T.Rows.find(Key) != nullptr;
}

void SimulatedService::charge(TableState &T, std::size_t Range, double Cost) {
  T.Ranges[Range].Tokens -= Cost;
  AccountTokens[T.Account] -= Cost;
}

ServiceResponse SimulatedService::write(double Now, std::uint32_t Table,
                                        schema::WriteKind Kind,
                                        const std::string &PartitionKey,
                                        const std::string &RowKey,
                                        std::uint32_t Entity,
                                        const EntityShape &Shape) {
  ServiceResponse R;
  if (entityLimitStatus(PartitionKey, RowKey, Shape)) {
    R.Status = StatusBadRequest;
    R.LatencySeconds = Times.draw(RequestType::Rejected, 0);
    return R;
  }
  TableState &T = Tables[Table];
  PartitionKeyStats &Stats = pkStats(T, PartitionKey);
  Stats.IntervalDemand += 1;
  const std::size_t Range = rangeOf(T, PartitionKey);
  ThrottleCause Cause = ThrottleCause::None;
  if (int Throttle = admit(Now, T, Range, &Stats, 1, Cause)) {
    ++Stats.Throttled;
    return throttled(Throttle, Cause);
  }
  R.LatencySeconds = Times.draw(RequestType::Write, 1);
  charge(T, Range, 1);
  chargeKey(Now, Stats, 1);
  record(Now, Stats, 1);
  R.Charged = 1;
  const std::string_view Key = scratchKey(KeyScratch, PartitionKey, RowKey);
  if (const std::optional<bool> Found = outsideSample(T, Kind, Entity, Key)) {
    if (!*Found)
      R.Status = StatusNotFound;
    return R;
  }
  const std::size_t SizeBefore = T.Rows.size();
  switch (Kind) {
  case schema::WriteKind::Insert:
    if (!T.Rows.insert(Key, Entity))
      R.Status = StatusConflict;
    break;
  case schema::WriteKind::InsertOrReplace:
  case schema::WriteKind::InsertOrMerge:
    T.Rows.assign(Key, Entity);
    break;
  case schema::WriteKind::Update:
  case schema::WriteKind::Merge:
    if (std::uint32_t *Stored = T.Rows.find(Key))
      *Stored = Entity;
    else
      R.Status = StatusNotFound;
    break;
  case schema::WriteKind::Delete:
    if (!T.Rows.erase(Key))
      R.Status = StatusNotFound;
    break;
  }
  if (R.Status == StatusOk)
    countWrite(T, PartitionKey, Kind, SizeBefore, Entity, RowKey.size());
  return R;
}

ServiceResponse
SimulatedService::batch(double Now, std::uint32_t Table,
                        const std::vector<BatchOperation> &Ops) {
  ServiceResponse R;
  // The rules of entity group transactions are checked before anything is
  // served: a bad batch is rejected as a whole.
  std::uint64_t Bytes = 0;
  BatchRows.clear();
  for (const BatchOperation &Op : Ops) {
    Bytes += Op.Bytes;
    if (Op.PartitionKey != Ops.front().PartitionKey ||
        entityLimitStatus(Op.PartitionKey, Op.RowKey,
                          {Op.Bytes, Op.Properties, Op.LargestValue}))
      R.Status = StatusBadRequest;
    BatchRows.push_back(Op.RowKey);
  }
  // An entity twice: rows with equal hashes are compared (sorting hashes
  // is cheaper than sorting the rows, and equal hashes are rare).
  BatchRowHashes.clear();
  for (std::string_view Row : BatchRows)
    BatchRowHashes.push_back(std::hash<std::string_view>()(Row));
  std::sort(BatchRowHashes.begin(), BatchRowHashes.end());
  if (std::adjacent_find(BatchRowHashes.begin(), BatchRowHashes.end()) !=
      BatchRowHashes.end()) {
    std::sort(BatchRows.begin(), BatchRows.end());
    if (std::adjacent_find(BatchRows.begin(), BatchRows.end()) !=
        BatchRows.end())
      R.Status = StatusBadRequest;
  }
  if (Ops.empty() || Ops.size() > limits::MaxBatchOperations)
    R.Status = StatusBadRequest;
  else if (R.Status == StatusOk && Bytes >= limits::MaxBatchPayloadBytes)
    R.Status = StatusTooLarge;
  if (R.Status != StatusOk) {
    R.LatencySeconds = Times.draw(RequestType::Rejected, 0);
    return R;
  }

  TableState &T = Tables[Table];
  const std::string &PartitionKey = Ops.front().PartitionKey;
  PartitionKeyStats &Stats = pkStats(T, PartitionKey);
  const auto Cost = static_cast<double>(Ops.size());
  Stats.IntervalDemand += Cost;
  const std::size_t Range = rangeOf(T, PartitionKey);
  ThrottleCause Cause = ThrottleCause::None;
  if (int Throttle = admit(Now, T, Range, &Stats, Cost, Cause)) {
    ++Stats.Throttled;
    return throttled(Throttle, Cause);
  }
  R.LatencySeconds = Times.draw(RequestType::Batch, Ops.size());
  charge(T, Range, Cost);
  chargeKey(Now, Stats, Cost);
  record(Now, Stats, Ops.size());
  R.Charged = static_cast<std::uint32_t>(Ops.size());
  // Atomic: each change is made as it is checked (one search each), and
  // undone, newest first, when one fails (rare).
  BatchChanges.clear();
  const std::size_t SizeBefore = T.Rows.size();
  for (std::size_t I = 0; I < Ops.size(); ++I) {
    const BatchOperation &Op = Ops[I];
    const std::string_view Key =
        scratchKey(KeyScratch, Op.PartitionKey, Op.RowKey);
    BatchUndo::Refusal Refused = BatchUndo::Refusal::None;
    if (const std::optional<bool> Found =
            outsideSample(T, Op.Kind, Op.Entity, Key))
      Refused = *Found ? BatchUndo::Refusal::None : BatchUndo::Refusal::NotFound;
    else
      Refused = BatchChanges.apply(T.Rows, I, Op.Kind, Key, Op.Entity);
    if (Refused == BatchUndo::Refusal::None)
      continue;
    BatchChanges.undo(T.Rows, [&](std::size_t At) {
      return scratchKey(KeyScratch, Ops[At].PartitionKey, Ops[At].RowKey);
    });
    R.Status = Refused == BatchUndo::Refusal::Conflict ? StatusConflict
                                                       : StatusNotFound;
    return R;
  }
  const BatchOperation &Last = Ops.back();
  countWrite(T, PartitionKey, Last.Kind, SizeBefore, Last.Entity,
             Last.RowKey.size());
  return R;
}

void findSampledStretch(const Workload &W, const QueryCursor &C,
                        RowStore::Cursor It, std::string_view Stop,
                        LogicalEntityView &View, SampledStretch &S,
                        std::uint64_t *Budget) {
  const Filter *Where = C.Where;
  std::vector<SampledStretch::Match> Found = std::move(S.Found);
  Found.clear(); // its capacity stays for the next stretch
  S = SampledStretch();
  S.Found = std::move(Found);
  S.Active = true;
  const EntityFilter Matches(Where, W);
  for (; It.valid(); It.next()) {
    if (Budget && (*Budget)-- == 0) {
      *Budget = 0;
      break;
    }
    const std::string_view Key = It.key();
    if (!Stop.empty() && Key >= Stop)
      break;
    const std::uint64_t Weight = C.weight(W, It.value());
    if (Weight <= 1)
      continue;
    S.Real += Weight;
    S.Last = Key;
    View.reset(It.value(), Key);
    if (Matches.matches(View)) {
      S.Matches += Weight;
      S.Found.push_back({It.value(),
                         static_cast<std::uint32_t>(Key.size() - 1),
                         S.Matches});
      if (S.Found.size() == StretchMatches)
        break;
    }
  }
}

ServiceResponse SimulatedService::queryPage(double Now, std::uint32_t Table,
                                            QueryCursor &C) {
  TableState &T = Tables[Table];
  ServiceResponse R;
  // Demand asked of the range: what the last page cost, at least one
  // entity (the page's real cost is added once scanned).
  const double Expected = std::max<double>(1, C.PageScanned);
  C.Page.clear();
  C.PageScanned = 0;
  if (C.Range >= C.Ranges.size()) {
    C.More = false;
    R.LatencySeconds = Times.draw(RequestType::QueryPage, 0);
    return R;
  }
  if (!C.Started) {
    C.Next = C.Ranges[C.Range].first;
    C.Started = true;
  }
  if (countsServe(T, C))
    return countedPage(Now, T, C, Expected);
  const std::string &End = C.Ranges[C.Range].second; // "" = unbounded
  const std::string_view StartPk = partitionOf(C.Next);
  PartitionKeyStats *StartStats =
      StartPk.empty() ? nullptr : &pkStats(T, StartPk);
  const std::size_t Range = rangeOf(T, StartPk);
  bool StopIsBoundary = false;
  const std::string Stop = pageStop(T, Range, End, StopIsBoundary);
  // A table scan's first page names no key, but it reads the first one it
  // finds, whose budget it needs like any other read of it: else every
  // execution's first page would read one key past its 2,000/s. Only
  // such a page searches the store before it is admitted; the others
  // search once admitted (a throttled page reads nothing).
  std::optional<RowStore::Cursor> First;
  if (!StartStats) {
    First = T.Rows.lowerBound(C.Next);
    if (First->valid() && (Stop.empty() || First->key() < Stop))
      StartStats = &pkStats(T, partitionOf(First->key()));
  }
  ThrottleCause Cause = ThrottleCause::None;
  if (int Throttle = admit(Now, T, Range, StartStats, Expected, Cause)) {
    if (StartStats)
      ++StartStats->Throttled;
    return throttled(Throttle, Cause);
  }
  RowStore::Cursor It = First ? std::move(*First) : T.Rows.lowerBound(C.Next);
  const std::uint64_t PageLimit = pageLimit(C);
  const std::uint64_t ScanLimit = scanLimit();
  LogicalEntityView View(W);
  const EntityFilter Matches(C.Where, W);
  std::uint64_t Scanned = 0, Returned = 0, RunScanned = 0;
  std::string RunPk; // a copy: a cursor's key changes as it moves
  auto FlushRun = [&] {
    if (RunScanned)
      chargeScanRun(Now, pkStats(T, RunPk), RunScanned);
    RunScanned = 0;
  };
  while (It.valid() && (Stop.empty() || It.key() < Stop) &&
         Returned < PageLimit && Scanned < ScanLimit) {
    // Still in the run's partition (the common case) without searching
    // the key for its NUL.
    const std::string_view Key = It.key();
    if (!(Key.size() > RunPk.size() && Key[RunPk.size()] == '\0' &&
          Key.compare(0, RunPk.size(), RunPk) == 0)) {
      FlushRun();
      RunPk = partitionOf(Key);
    }
    const std::uint64_t Weight = C.weight(W, It.value());
    if (Weight <= 1) {
      // The entities a few rows on: their codes load while these are read.
      prefetchAhead(W, It);
      View.reset(It.value(), Key);
      ++Scanned;
      ++RunScanned;
      if (Matches.matches(View)) {
        ++Returned;
        C.Page.push_back(
            {It.value(), static_cast<std::uint32_t>(Key.size() - 1), 1});
      }
      C.Consumed = 0;
      It.next();
      continue;
    }
    // A sampled entity: read as part of its stretch of sampled entities.
    SampledStretch &Stretch = C.Stretch;
    if (!Stretch.Active || Key > Stretch.Last)
      findSampledStretch(W, C, It, Stop, View, Stretch);
    const ScanStep Step =
        sampledScanStep(Stretch, Weight, C.Consumed, ScanLimit - Scanned,
                        PageLimit - Returned);
    Scanned += Step.Take;
    RunScanned += Step.Take;
    Returned += Step.Yield;
    Stretch.forEachMatch(
        Step.YieldFrom, Step.YieldFrom + Step.Yield,
        [&](const SampledStretch::Match &M, std::uint64_t N) {
          if (!C.Page.empty() && C.Page.back().Entity == M.Entity)
            C.Page.back().Count += N;
          else
            C.Page.push_back({M.Entity, M.KeyChars, N});
        });
    if (Step.Partial) {
      C.Consumed += Step.Take; // the next page goes on inside this entity
      break;
    }
    C.Consumed = 0;
    if (Key == Stretch.Last)
      Stretch.Active = false;
    It.next();
  }
  if (C.FoundOutsideSample && Returned == 0) {
    const std::string &Key = C.Ranges.front().first;
    if (RunPk != partitionOf(Key)) {
      FlushRun();
      RunPk = partitionOf(Key);
    }
    ++Scanned;
    ++RunScanned;
    ++Returned;
    C.Page.push_back(
        {C.ProbeEntity, static_cast<std::uint32_t>(Key.size() - 1), 1});
  }
  C.PageReturned = Returned;
  FlushRun();
  const bool Exhausted =
      !It.valid() || (!Stop.empty() && It.key() >= Stop);
  if (!Exhausted)
    C.Next = It.key();
  return closePage(T, C, Range, Scanned, Expected, Exhausted, Stop,
                   StopIsBoundary);
}

std::uint64_t SimulatedService::pageLimit(const QueryCursor &C) const {
  return C.Top ? std::min<std::uint64_t>(C.Top, Model.MaxEntitiesPerPage)
               : Model.MaxEntitiesPerPage;
}

std::uint64_t SimulatedService::scanLimit() const {
  // A page ends after MaxPageServerSeconds of server time; the range reads
  // at its target rate, so that is MaxPageServerSeconds of its budget.
  return static_cast<std::uint64_t>(std::max(
      1.0, Model.MaxPageServerSeconds * Model.PartitionEntitiesPerSecond));
}

bool SimulatedService::countsServe(const TableState &T, QueryCursor &C) const {
  if (C.Counted >= 0)
    return C.Counted > 0;
  C.Counted = 0;
  if (!Model.CountedPages || C.Point || C.FoundOutsideSample)
    return false;
  if (namesOnlyPartitionKey(C.Where)) {
    C.Counted = !T.Weighted;
    return C.Counted > 0;
  }
  // A filter on declared values: the same test that left the read out of
  // the table's listed ranges (rowsReadByQueries), so its rows may be
  // unordered.
  if (!T.CountsFiltered || !C.Where)
    return false;
  std::optional<CountedFilter> Split = countedFilter(W, C.Family, *C.Where);
  if (!Split || confinedToPartitions(C.Ranges))
    return false;
  C.Counted = 1;
  C.Filtered = true;
  C.KeyPart = std::move(Split->KeyPart);
  C.Share = Split->Share;
  return true;
}

template <typename VisitFn>
void SimulatedService::forEachCounted(TableState &T, const std::string &Next,
                                      const std::string &Stop,
                                      VisitFn &&Visit) {
  std::string Start; // the partition's first row key: Key "\0"
  T.Counts.forEachFrom(
      partitionOf(Next), [&](std::string_view Key, const PartitionCount &N) {
        Start.assign(Key);
        Start += '\0';
        if (Start < Next) // an exclusive lower bound: "Key\1"
          return true;
        if (!Stop.empty() && Start >= Stop)
          return false;
        return Visit(Key, N);
      });
}

ServiceResponse SimulatedService::countedPage(double Now, TableState &T,
                                              QueryCursor &C,
                                              double Expected) {
  startCounting(T);
  const std::string_view StartPk = partitionOf(C.Next);
  PartitionKeyStats *StartStats =
      StartPk.empty() ? nullptr : &pkStats(T, StartPk);
  const std::size_t Range = rangeOf(T, StartPk);
  bool StopIsBoundary = false;
  const std::string Stop =
      pageStop(T, Range, C.Ranges[C.Range].second, StopIsBoundary);
  if (!StartStats) // a table scan's first page reads the first key it finds
    forEachCounted(T, C.Next, Stop,
                   [&](std::string_view Key, const PartitionCount &) {
                     StartStats = &pkStats(T, Key);
                     return false;
                   });
  ThrottleCause Cause = ThrottleCause::None;
  if (int Throttle = admit(Now, T, Range, StartStats, Expected, Cause)) {
    if (StartStats)
      ++StartStats->Throttled;
    return throttled(Throttle, Cause);
  }
  const std::uint64_t PageLimit = pageLimit(C), ScanLimit = scanLimit();
  const std::string FirstPk(StartPk); // C.Consumed of it were read before
  std::uint64_t Scanned = 0, Returned = 0;
  bool Exhausted = true;
  auto ContinueAt = [&](std::string_view Key, std::uint64_t Consumed) {
    Exhausted = false;
    C.Next.assign(Key);
    C.Next += '\0';
    C.Consumed = Consumed;
    return false;
  };
  forEachCounted(T, C.Next, Stop, [&](std::string_view Key,
                                      const PartitionCount &N) {
    if (Returned >= PageLimit || Scanned >= ScanLimit)
      return ContinueAt(Key, 0);
    const std::uint64_t Real = N.Entities + (C.Filtered ? N.Extra : 0);
    const std::uint64_t Before = Key == FirstPk ? std::min(C.Consumed, Real) : 0;
    const std::uint64_t Left = Real - Before;
    const Filter *KeyWhere = C.Filtered ? (C.KeyPart ? &*C.KeyPart : nullptr)
                                        : C.Where;
    const bool Matches =
        !KeyWhere || evaluateFilter(*KeyWhere, PartitionKeyView(Key));
    const std::uint64_t Take =
        std::min(Left, Matches ? matchingRoom(C, ScanLimit - Scanned,
                                              PageLimit - Returned)
                               : ScanLimit - Scanned);
    if (Take == 0)
      return true;
    Scanned += Take;
    chargeScanRun(Now, pkStats(T, Key), Take);
    if (const std::uint64_t Kept = Matches ? keptOf(C, Take) : 0) {
      Returned += Kept;
      C.Page.push_back({N.Example, N.ExampleKeyChars, Kept});
    }
    return Take < Left ? ContinueAt(Key, Before + Take) : true;
  });
  if (Exhausted)
    C.Consumed = 0;
  C.PageReturned = Returned;
  return closePage(T, C, Range, Scanned, Expected, Exhausted, Stop,
                   StopIsBoundary);
}

std::uint64_t SimulatedService::matchingRoom(const QueryCursor &C,
                                             std::uint64_t ScanRoom,
                                             std::uint64_t PageRoom) {
  if (!C.Filtered || C.Share >= 1)
    return std::min(ScanRoom, PageRoom);
  if (C.Share <= 0)
    return ScanRoom;
  // The entities to scan until PageRoom more match, the carried fraction
  // counted.
  const double Needed = std::ceil((static_cast<double>(PageRoom) - C.Carry) /
                                  C.Share);
  return std::min<std::uint64_t>(
      ScanRoom, static_cast<std::uint64_t>(std::max(1.0, Needed)));
}

std::uint64_t SimulatedService::keptOf(QueryCursor &C, std::uint64_t Scanned) {
  if (!C.Filtered)
    return Scanned;
  const double Expected = C.Carry + static_cast<double>(Scanned) * C.Share;
  const double Whole = std::floor(Expected);
  C.Carry = Expected - Whole;
  return static_cast<std::uint64_t>(Whole);
}

std::uint64_t SimulatedService::countedPagesToFinish(std::uint32_t Table,
                                                     const QueryCursor &C,
                                                     std::uint64_t Returned) {
  const std::optional<std::uint64_t> Left = C.topLeftToRead(Returned);
  if (!Left)
    return 0;
  const std::uint64_t TopLeft = *Left;
  TableState &T = Tables[Table];
  const Filter *KeyWhere =
      C.Filtered ? (C.KeyPart ? &*C.KeyPart : nullptr) : C.Where;
  std::uint64_t Scanned = 0;
  double Matched = C.Carry;
  const std::string FirstPk(partitionOf(C.Next));
  for (std::size_t R = C.Range; R < C.Ranges.size(); ++R) {
    const std::string &From =
        R == C.Range && C.Started ? C.Next : C.Ranges[R].first;
    forEachCounted(T, From, C.Ranges[R].second,
                   [&](std::string_view Key, const PartitionCount &N) {
                     const std::uint64_t Real =
                         N.Entities + (C.Filtered ? N.Extra : 0);
                     const std::uint64_t Before =
                         R == C.Range && Key == FirstPk
                             ? std::min(C.Consumed, Real)
                             : 0;
                     const std::uint64_t Left = Real - Before;
                     Scanned += Left;
                     if (!KeyWhere ||
                         evaluateFilter(*KeyWhere, PartitionKeyView(Key)))
                       Matched += static_cast<double>(Left) *
                                  (C.Filtered ? C.Share : 1.0);
                     return !C.Top || Matched < static_cast<double>(TopLeft);
                   });
  }
  auto MatchedWhole = static_cast<std::uint64_t>(Matched);
  if (C.Top)
    MatchedWhole = std::min(MatchedWhole, TopLeft);
  const std::uint64_t ScanLimit = scanLimit();
  const std::uint64_t PageSize = std::max(1u, Model.MaxEntitiesPerPage);
  return std::max<std::uint64_t>(
      {1, (Scanned + ScanLimit - 1) / ScanLimit,
       (MatchedWhole + PageSize - 1) / PageSize});
}

void SimulatedService::startCounting(TableState &T) {
  if (T.Counting)
    return;
  T.Counting = true;
  // Rows kept by hash lie outside every range a read visits
  // (replay/RowSet.h): no page needs their partitions' counts.
  for (RowStore::Cursor It = T.Rows.begin(); It.valid(); It.next()) {
    const std::string_view Key = It.key();
    const std::string_view Pk = partitionOf(Key);
    T.Counts.change(Pk, 1, It.value(),
                    static_cast<std::uint32_t>(Key.size() - 1));
  }
}

void SimulatedService::countWrite(TableState &T, std::string_view PartitionKey,
                                  schema::WriteKind Kind,
                                  std::size_t SizeBefore, std::uint32_t Entity,
                                  std::size_t RowKeyChars) {
  countChange(T, PartitionKey, Kind,
              static_cast<std::int64_t>(T.Rows.size()) -
                  static_cast<std::int64_t>(SizeBefore),
              Entity, RowKeyChars);
}

void SimulatedService::countChange(TableState &T,
                                   std::string_view PartitionKey,
                                   schema::WriteKind Kind, std::int64_t Delta,
                                   std::uint32_t Entity,
                                   std::size_t RowKeyChars) {
  if (!T.Counting)
    return;
  if (Kind == schema::WriteKind::Delete)
    T.Counts.change(PartitionKey, Delta);
  else
    T.Counts.change(PartitionKey, Delta, Entity,
                    static_cast<std::uint32_t>(PartitionKey.size() +
                                               RowKeyChars));
}

std::string SimulatedService::pageStop(const TableState &T, std::size_t Range,
                                       const std::string &End,
                                       bool &Boundary) const {
  // The page stops at the range partition's end: keys of partition keys
  // at or after the next range's Low.
  Boundary = false;
  if (Range + 1 < T.Ranges.size()) {
    std::string Next = T.Ranges[Range + 1].Low + '\0';
    if (End.empty() || Next < End) {
      Boundary = true;
      return Next;
    }
  }
  return End;
}

void SimulatedService::chargeScanRun(double Now, PartitionKeyStats &S,
                                     std::uint64_t Scanned) {
  S.IntervalDemand += static_cast<double>(Scanned);
  record(Now, S, Scanned);
  S.Scanned += Scanned;
  chargeKey(Now, S, static_cast<double>(Scanned));
  if (Scanned > 1) {
    S.ScannedInRuns += Scanned;
    // The scan took more than the key had: its requests are throttled
    // until the budget has paid the debt back.
    if (S.Tokens < 0)
      S.ScanDebtUntil = std::max(
          S.ScanDebtUntil, Now - S.Tokens / Model.PartitionEntitiesPerSecond);
  }
}

ServiceResponse SimulatedService::closePage(TableState &T, QueryCursor &C,
                                            std::size_t Range,
                                            std::uint64_t Scanned,
                                            double Expected, bool Exhausted,
                                            const std::string &Stop,
                                            bool StopIsBoundary) {
  ServiceResponse R;
  if (!Exhausted) {
    // The caller set the continuation.
  } else if (StopIsBoundary) {
    C.Next = Stop; // continuation: NextPartitionKey = the next range's Low
  } else {
    ++C.Range;
    C.Started = false;
    C.Stretch.Active = false;
  }
  C.More = C.Range < C.Ranges.size();
  C.PageScanned = static_cast<std::uint32_t>(Scanned);
  if (static_cast<double>(Scanned) > Expected)
    T.Ranges[Range].IntervalDemand += static_cast<double>(Scanned) - Expected;
  charge(T, Range, static_cast<double>(std::max<std::uint64_t>(Scanned, 1)));
  R.Charged = static_cast<std::uint32_t>(Scanned);
  R.LatencySeconds = Times.draw(
      C.Point ? RequestType::PointRead : RequestType::QueryPage, Scanned);
  return R;
}

void SimulatedService::managerTick(double Now) {
  const double Interval = std::max(Now - LastTick, 1e-9);
  LastTick = Now;
  for (TableState &T : Tables) {
    // A key asked for more than its own target stays throttled: no split
    // helps it (noted once). Only when its own budget throttled it: the
    // demand also counts retries of requests the account or the range
    // turned away, which can ask for more than the key's writes do.
    for (const PartitionKeyStats &S : T.Pks)
      if (S.IntervalKeyThrottled > 0 &&
          S.IntervalDemand / Interval > Model.PartitionEntitiesPerSecond) {
        std::pair<std::string, std::string> Note{T.Name, S.Key};
        if (std::find(Unsplittable.begin(), Unsplittable.end(), Note) ==
            Unsplittable.end())
          Unsplittable.push_back(std::move(Note));
      }
    for (std::size_t RI = 0; RI < T.Ranges.size(); ++RI) {
      RangePartition &R = T.Ranges[RI];
      const double Rate = R.IntervalDemand / Interval;
      R.IntervalDemand = 0;
      if (Rate <= Model.RangeEntitiesPerSecond) {
        R.HotSince = -1;
        continue;
      }
      if (R.HotSince < 0)
        R.HotSince = Now - Interval;
      if (Now - R.HotSince < Model.SplitDetectionSeconds)
        continue;
      // Split at the partition key that best halves the range's load.
      const std::string High =
          RI + 1 < T.Ranges.size() ? T.Ranges[RI + 1].Low : std::string();
      std::vector<std::pair<std::string_view, double>> Load;
      for (const PartitionKeyStats &S : T.Pks)
        if (S.IntervalDemand > 0 && S.Key >= R.Low &&
            (High.empty() || S.Key < High))
          Load.emplace_back(S.Key, S.IntervalDemand);
      std::sort(Load.begin(), Load.end());
      if (Load.size() < 2)
        continue; // one key: noted above, capped by its own budget
      double Total = 0;
      for (auto &L : Load)
        Total += L.second;
      double Before = 0, BestGap = Total;
      std::size_t Cut = 1;
      for (std::size_t I = 1; I < Load.size(); ++I) {
        Before += Load[I - 1].second;
        const double Gap = std::fabs(Total / 2 - Before);
        if (Gap < BestGap) {
          BestGap = Gap;
          Cut = I;
        }
      }
      RangePartition Upper;
      Upper.Low = std::string(Load[Cut].first);
      Upper.Tokens = Model.RangeEntitiesPerSecond * Model.BurstSeconds;
      Upper.Refilled = Now;
      Upper.OfflineUntil = Now + Model.SplitOfflineSeconds;
      R.OfflineUntil = Now + Model.SplitOfflineSeconds;
      R.HotSince = -1;
      Splits.push_back({Now, T.Name, Upper.Low});
      T.Ranges.insert(T.Ranges.begin() + static_cast<long>(RI) + 1,
                      std::move(Upper));
      ++RI; // the new range starts its own watch
    }
    for (PartitionKeyStats &S : T.Pks) {
      S.IntervalDemand = 0;
      S.IntervalKeyThrottled = 0;
    }
  }
}

void SimulatedService::preload(std::uint32_t Table,
                               const std::string &PartitionKey,
                               const std::string &RowKey, std::uint32_t Entity) {
  // An existing entity the service could not have stored is not there.
  if (entityLimitStatus(PartitionKey, RowKey, {}))
    return;
  TableState &T = Tables[Table];
  const std::size_t SizeBefore = T.Rows.size();
  T.Rows.preload(scratchKey(KeyScratch, PartitionKey, RowKey), Entity);
  countPreloaded(T, PartitionKey, RowKey.size(), Entity,
                 T.Rows.size() > SizeBefore);
}

void SimulatedService::countPreloaded(TableState &T,
                                      std::string_view PartitionKey,
                                      std::size_t RowKeyChars,
                                      std::uint32_t Entity, bool New) {
  countChange(T, PartitionKey, schema::WriteKind::InsertOrReplace, New ? 1 : 0,
              Entity, RowKeyChars);
  if (const std::uint64_t Weight = W.weight(Entity); Weight > 1) {
    T.Weighted = true;
    if (T.Counting && New)
      T.Counts.addExtra(PartitionKey, Weight - 1);
  }
}

void SimulatedService::preload(std::uint32_t Table, const ExistingKeys &Keys,
                               const std::vector<bool> &Reached) {
  TableState &T = Tables[Table];
  // Stored in key order: whether each ordinal's row was new (the first of
  // its key) or took an equal key's place; none when refused or not
  // reached.
  enum : std::uint8_t { NotStored, StoredNew, StoredOver };
  std::vector<std::uint8_t> Stored(Keys.size(), NotStored);
  T.Rows.reserveForPreload(
      static_cast<std::size_t>(std::count(Reached.begin(), Reached.end(), true)));
  for (const std::uint32_t I : Keys.byKey()) {
    if (!Reached[I] ||
        entityLimitStatus(Keys.partitionKey(I), Keys.rowKey(I), {}))
      continue;
    const std::size_t SizeBefore = T.Rows.size();
    T.Rows.preload(Keys.key(I), Keys.first() + I);
    Stored[I] = T.Rows.size() > SizeBefore ? StoredNew : StoredOver;
  }
  // Counted in entity order: a partition's example is the last entity
  // stored there, as one by one.
  for (std::uint32_t I = 0; I < Keys.size(); ++I) {
    if (Stored[I] != NotStored)
      countPreloaded(T, Keys.partitionKey(I), Keys.rowKey(I).size(),
                     Keys.first() + I, Stored[I] == StoredNew);
  }
}

void SimulatedService::setReadRanges(std::vector<TableReads> R) {
  Reads = std::move(R);
  for (std::size_t I = 0; I < Tables.size() && I < Reads.size(); ++I) {
    Tables[I].Rows.readBy(&Reads[I]);
    // Its counted reads may see rows kept by hash: every row is counted,
    // the existing entities too (preload).
    if (Reads[I].CountsFiltered && Model.CountedPages)
      Tables[I].CountsFiltered = Tables[I].Counting = true;
  }
}

void SimulatedService::setPartitionWeight(std::uint32_t Table,
                                          std::uint32_t Entity,
                                          std::uint64_t Weight) {
  TableState &T = Tables[Table];
  std::vector<std::uint64_t> &V = T.PartitionWeight;
  if (V.empty())
    T.PartitionWeightFirst = Entity;
  if (Entity < T.PartitionWeightFirst) {
    V.insert(V.begin(), T.PartitionWeightFirst - Entity, 0);
    T.PartitionWeightFirst = Entity;
  }
  const std::size_t At = Entity - T.PartitionWeightFirst;
  if (At >= V.size())
    V.resize(At + 1, 0);
  V[At] = Weight;
}

bool confinedToPartitions(
    const std::vector<std::pair<std::string, std::string>> &Ranges) {
  for (const auto &[Low, High] : Ranges) {
    const std::size_t Nul = Low.find('\0');
    if (Nul == std::string::npos || Nul == 0 || High.size() <= Nul ||
        High.compare(0, Nul, Low, 0, Nul) != 0 ||
        (High[Nul] != '\0' && !(High[Nul] == '\1' && High.size() == Nul + 1)))
      return false;
  }
  return !Ranges.empty();
}

void SimulatedService::presplit(std::uint32_t Table, std::size_t Ranges) {
  TableState &T = Tables[Table];
  if (T.Instances) // each instance an established table of its own
    for (RowStore::Cursor It = T.Rows.begin(); It.valid(); It.next())
      addInstanceRange(T, partitionOf(It.key()));
  const std::size_t N = T.Rows.orderedSize(); // every preloaded row
  if (Ranges < 2 || N == 0)
    return;
  // Cut where the running entity count passes each k * N / Ranges, moved
  // on to the next PartitionKey (a range never splits one key).
  std::vector<std::string> Lows;
  std::size_t Seen = 0, Next = 1;
  std::string Previous; // a copy: a cursor's key changes as it moves
  for (RowStore::Cursor It = T.Rows.begin(); It.valid(); It.next(), ++Seen) {
    const std::string_view Pk = partitionOf(It.key());
    if (Seen >= Next * N / Ranges && Pk != Previous && Seen > 0) {
      Lows.emplace_back(Pk);
      while (Next * N / Ranges <= Seen)
        ++Next;
      if (Next >= Ranges)
        break;
    }
    Previous = Pk;
  }
  for (const std::string &Low : Lows)
    addRange(T, Low); // none where an instance's own range starts
}

std::vector<std::string> SimulatedService::appendHotTables() const {
  std::vector<std::string> Names;
  for (const TableState &T : Tables)
    if (splitsOf(T) > 1 && T.RangeThrottled > 0 &&
        static_cast<double>(T.LastRangeThrottled) >=
            0.9 * static_cast<double>(T.RangeThrottled))
      Names.push_back(T.Name);
  return Names;
}

} // namespace tablelint::replay
