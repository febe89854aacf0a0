// The replay's discrete-event loop: workload events, client concurrency and
// retries, requests to the simulated service, and the measurements.
#include "replay/Simulation.h"

#include "replay/LogicalEntityView.h"
#include "replay/PendingEvents.h"
#include "replay/Percentiles.h"
#include "replay/Random.h"
#include "replay/ReadRanges.h"
#include "replay/SampledTableNote.h"
#include "replay/ThrottleNotes.h"
#include "replay/UnfinishedQueries.h"

#include "core/JsonPayloadSize.h"
#include "core/RetrySchedule.h"
#include "core/Text.h"
#include "core/schema/EntityTypes.h"
#include "core/schema/PropertyGrowth.h"
#include "core/schema/SchemaValues.h"
#include "core/schema/TableSize.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <limits>
#include <map>
#include <tuple>
#include <unordered_map>

namespace tablelint::replay {

namespace {

enum class RequestKind : std::uint8_t { Point, Batch, Page };

struct Request {
  RequestKind Kind = RequestKind::Point;
  std::uint32_t Table = 0;
  std::uint32_t Client = 0;
  std::uint32_t Op = 0;
  schema::WriteKind WriteOp = schema::WriteKind::Insert;
  std::uint32_t Event = 0; // Point, Page
  std::uint32_t Target = 0; // Point: its write target (Plan.Writes[Op])
  std::uint32_t Entity = 0;
  std::string PartitionKey, RowKey;
  std::uint64_t Bytes = 0;
  EntityShape Shape;
  std::vector<BatchOperation> Batch;
  std::vector<std::uint32_t> BatchEvents;
  std::uint32_t Query = 0;
  unsigned Attempt = 0;
  // Point update, merge or delete: how often it has waited for the insert
  // of its entity to succeed (Runner::waitsForInsert).
  std::uint8_t Waits = 0;
  int Status = StatusOk;
};

// Not an answer of the service: a point update, merge or delete whose
// entity's insert has not succeeded yet, so the client has not sent it.
constexpr int StatusNotSent = 1;

struct QueryState {
  std::uint32_t Table = 0, Op = 0;
  std::uint32_t Event = 0; // of the logical execution
  Filter Where;
  bool HasFilter = false;
  QueryCursor Cursor;
  std::uint64_t Returned = 0;
  std::uint64_t Top = 0;
  const schema::Query *Select = nullptr; // with a $select
};

// A request waiting for one of its client's concurrency slots. A single
// write (first sent or a retry) is only its event, write target and
// attempt (Target >= 0): its request is made, keys rendered, when a slot
// frees, so that the backlog of a throttled client (millions of writes and
// their retries behind 64 slots) costs 12 bytes a write instead of a whole
// Request. Otherwise Index is a Request.
struct Waiter {
  std::uint32_t Index = 0;
  std::int16_t Target = -1;
  std::uint8_t Attempt = 0;
  std::uint32_t Entity = 0; // of a single write: loaded ahead of its turn
};

struct ClientState {
  schema::RetrySpec Retry;
  unsigned Max = 0; // 0: unbounded
  unsigned InFlight = 0;
  std::deque<Waiter> Waiting;
  Rng Jitter;
};

struct BatchBuffer {
  std::uint32_t Table = 0, Client = 0, Op = 0;
  unsigned Limit = 1;
  // The first Count of Ops are buffered; those after them are spare
  // operations of an earlier batch, whose key strings are reused so that
  // buffering a write does not allocate.
  std::vector<BatchOperation> Ops;
  std::size_t Count = 0;
  std::vector<std::uint32_t> Events;
};

enum class EventKind : std::uint8_t { Send, Complete, Flush, Tick };

struct SimEvent {
  double Time;
  std::uint64_t Seq;
  EventKind Kind;
  std::uint32_t Index;
};

// "2 s", "0.5 s".
std::string secondsText(double Seconds) {
  char Text[32];
  std::snprintf(Text, sizeof Text, "%g s", Seconds);
  return Text;
}

// Write targets a Waiter can name (its Target field).
constexpr std::size_t MaxWaiterTarget = std::numeric_limits<std::int16_t>::max();

class Runner {
public:
  Runner(const Workload &W, const DesignPlan &Plan, const ReplayOptions &O)
      : W(W), Plan(Plan), O(O),
        Service(O.Service, W, tableList(), accountBudgets(),
                bucketSeconds(W, O), bucketCount(W, O), O.Seed) {
    for (std::uint32_t TI = 0; TI < Plan.Tables.size(); ++TI)
      if (Plan.Tables[TI].Instances)
        Service.setInstances(TI);
    if (!O.OrderEveryRow)
      Service.setReadRanges(rowsReadByQueries(W, Plan, false,
                                              O.Service.CountedPages));
    R.Label = Plan.Label;
    R.File = Plan.Schema ? Plan.Schema->File : "";
    R.Missing = Plan.Missing;
    R.Unplayed = Plan.Unplayed;
    R.BucketSeconds = bucketSeconds(W, O);
    R.Timeline.resize(bucketCount(W, O));
    Outstanding.assign(W.Events.size(), 0);
    PartState.assign(W.Events.size(), 0);
    OpLatencies.assign(W.Ops.size(), LatencyRecord(O.ExactLatencies));
    R.Ops.resize(W.Ops.size());
    for (std::size_t I = 0; I < W.Ops.size(); ++I) {
      R.Ops[I].Name = W.Ops[I].Name;
      R.Ops[I].IsQuery = W.Ops[I].IsQuery;
    }
    // Client 0: operations without a declared client (unbounded, SDK
    // default retries).
    Clients.emplace_back();
    Clients[0].Jitter = Rng(streamSeed(O.Seed, "jitter:"));
    if (Plan.Schema)
      for (const schema::Client &C : Plan.Schema->Clients) {
        ClientState S;
        S.Retry = C.Retry;
        S.Max = C.MaxConcurrency.value_or(0);
        S.Jitter = Rng(streamSeed(O.Seed, "jitter:" + C.Name));
        Clients.push_back(std::move(S));
      }
    // An update, merge or delete waits for its entity's insert as long as
    // the slowest client's retries of that insert can take, at most as
    // long as the drain (each wait is an event: a run whose inserts all
    // fail must not wait for ever on each of its deletes).
    double RetrySpan = 0;
    for (const ClientState &C : Clients)
      RetrySpan = std::max(RetrySpan, retry::totalDelaySeconds(C.Retry) *
                                          limits::SdkRetryJitterHigh);
    // (Only a workload with such writes needs to know what was created.)
    const bool Addresses = std::any_of(
        W.Ops.begin(), W.Ops.end(), [](const LogicalOp &Op) {
          return !Op.IsQuery && !createsEntity(Op.Kind);
        });
    if (W.AddressableAfterSeconds > 0 && Addresses)
      MaxInsertWaits = static_cast<unsigned>(std::min(
          std::ceil(std::min(RetrySpan, O.DrainSeconds) /
                    W.AddressableAfterSeconds) +
              1,
          static_cast<double>(std::numeric_limits<std::uint8_t>::max())));
  }

  DesignResult run();

private:
  void warmStart();
  // setPartitionWeights' tally of a family's sampled entities in one
  // table: how many each partition holds, taken as warm start stores them.
  struct PartitionTally {
    double Partitions = 0; // 0: the sample sees the partitions as they are
    // The keys one partition can hold (the key space over the partitions
    // the PartitionKey forms, over the retention); 0: unbounded or unknown.
    double Capacity = 0;
    std::unordered_map<std::string, std::uint32_t> InPartition;
    // Each stored entity and its partition's count.
    std::vector<std::pair<std::uint32_t, const std::uint32_t *>> Held;
  };
  // Also sets Capacity when the key space is bounded.
  double sampledPartitions(const EntityFamily &F, const WriteTarget &T,
                           double *Capacity = nullptr) const;
  void setPartitionWeights(const EntityFamily &F, const WriteTarget &T,
                           const PartitionTally &Tally);
  void countUnfinishedQueries();
  // A request that failed on a retryable status after its last retry:
  // what it still needed (DesignResult::GaveUpTransactions).
  void countGaveUp(const Request &Done);
  bool appendsAtEnd(const std::string &Table) const;
  // Stored rows the pages-to-go counts of given-up queries may visit, all
  // of them together; the unfinished ones at the end get as many.
  static constexpr std::uint64_t PagesToGoVisits = 20000000;
  std::uint64_t GaveUpVisitBudget = PagesToGoVisits;
  // Per query operation, the pages to go of its executions counted to the
  // end (sum, count). Once the budget is spent, an execution of the same
  // query counts at least their mean: a table scan's executions all stop
  // near its start, and counting each one that gave up after the budget
  // as the few pages it could still visit made 600 given-up scans of two
  // million entities 14 pages each, not 200.
  std::map<std::uint32_t, std::pair<std::uint64_t, std::uint64_t>>
      PagesCounted;
  std::uint64_t pagesToGo(const QueryState &Q, std::uint64_t &Budget);
  std::vector<std::pair<std::string, std::uint32_t>> tableList() const {
    std::vector<std::pair<std::string, std::uint32_t>> L;
    for (const PlannedTable &T : Plan.Tables)
      L.emplace_back(T.Name, accountIndex(T.Account));
    return L;
  }
  std::uint32_t accountIndex(const std::string &Name) const {
    if (!Plan.Schema)
      return 0;
    for (std::size_t I = 0; I < Plan.Schema->Accounts.size(); ++I)
      if (Plan.Schema->Accounts[I].Name == Name)
        return static_cast<std::uint32_t>(I + 1);
    return 0;
  }
  std::vector<double> accountBudgets() const {
    std::vector<double> B{O.Service.AccountEntitiesPerSecond};
    if (Plan.Schema)
      for (const schema::Account &A : Plan.Schema->Accounts)
        B.push_back(
            A.EntitiesPerSecond.value_or(O.Service.AccountEntitiesPerSecond));
    return B;
  }
  static double bucketSeconds(const Workload &W, const ReplayOptions &O) {
    return std::max(W.DurationSeconds, 1.0) /
           static_cast<double>(std::max<std::size_t>(O.TimeBuckets, 1));
  }
  // The workload's buckets and those of the drain after it.
  static std::size_t bucketCount(const Workload &W, const ReplayOptions &O) {
    return O.TimeBuckets + static_cast<std::size_t>(
                               std::ceil(O.DrainSeconds / bucketSeconds(W, O)));
  }
  std::uint32_t clientIndex(const schema::Client *C) const {
    if (!C || !Plan.Schema)
      return 0;
    return static_cast<std::uint32_t>(C - Plan.Schema->Clients.data()) + 1;
  }
  std::size_t bucket(double Now) const {
    return std::min(R.Timeline.size() - 1,
                    static_cast<std::size_t>(Now / R.BucketSeconds));
  }
  // Delay >= 0: the event comes Delay after the current time (Time is
  // now + Delay), which lets it wait in a lane instead of the heap.
  void push(double Time, EventKind Kind, std::uint32_t Index,
            double Delay = -1) {
    Heap.push({Time, Seq++, Kind, Index}, Delay);
    if (Kind == EventKind::Send || Kind == EventKind::Complete)
      ++RequestEvents;
  }
  // The time of the periodic event (every Interval) after the one at Now.
  // While nothing is in flight or buffered, the periodic events before the
  // next workload event at NextWorkload change nothing but the clock (the
  // partition manager sees no load, flushes find empty buffers), so they are
  // skipped: CPU time follows the operations, not the simulated time. The
  // result stays on the event's grid (Now + k * Interval): the first point
  // before NextWorkload (Before, for the manager, which then measures the
  // next interval from there) or at or after it (for flushes). Infinity:
  // nothing will happen again.
  double nextPeriodic(double Now, double Interval, double NextWorkload,
                      bool Before) const {
    const double Next = Now + Interval;
    if (RequestEvents || Next >= NextWorkload || !buffersEmpty())
      return Next;
    if (std::isinf(NextWorkload))
      return NextWorkload;
    const double Steps = std::ceil((NextWorkload - Now) / Interval);
    return Now + std::max(1.0, Before ? Steps - 1 : Steps) * Interval;
  }
  bool buffersEmpty() const {
    return std::all_of(Buffers.begin(), Buffers.end(),
                       [](const auto &KV) { return KV.second.Count == 0; });
  }
  std::uint32_t newRequest() {
    if (!FreeRequests.empty()) {
      const std::uint32_t I = FreeRequests.back();
      FreeRequests.pop_back();
      // Batch and BatchEvents are set when the request is a batch
      // (flushBuffer); Batch keeps its operations for a buffer to reuse.
      Requests[I].Attempt = 0;
      Requests[I].Waits = 0;
      return I;
    }
    Requests.emplace_back();
    return static_cast<std::uint32_t>(Requests.size() - 1);
  }
  std::uint32_t newQuery() {
    if (!FreeQueries.empty()) {
      const std::uint32_t I = FreeQueries.back();
      FreeQueries.pop_back();
      Queries[I] = QueryState();
      return I;
    }
    Queries.emplace_back();
    return static_cast<std::uint32_t>(Queries.size() - 1);
  }

  void dispatch(std::uint32_t EventIndex);
  void dispatchQuery(std::uint32_t EventIndex, const QueryTarget &Target);
  void dispatchRead(std::uint32_t EventIndex, const QueryTarget &Target,
                    std::uint64_t Read);
  void flushBuffer(BatchBuffer &B, double Now);
  // The request of a single write of an event to one of its targets.
  std::uint32_t pointRequest(std::uint32_t EventIndex, std::uint32_t Target);
  void send(std::uint32_t Req, double Now);
  void execute(std::uint32_t Req, double Now);
  void complete(std::uint32_t Req, double Now);
  void respond(std::uint32_t Req, double Now, bool Inline);
  void finishPart(std::uint32_t Event, double Now, bool Ok);
  // The figures and notes of DesignResult, one step each (summarize).
  void summarize();
  std::size_t trimDrain();
  void summarizeLatencies();
  void summarizeShares();
  void findHotKeys();
  void buildHeatmap(std::size_t Used);
  void noteSplits();
  void noteScannedHotKeys();
  void noteAppendHotTables();
  void noteSampledTables();
  void noteUnaddressed();
  void noteNotSent();
  void noteNewestReads();
  void noteOutsideSampleAndAgedOut();
  void noteAbsentOps();
  // The Delete Table requests of the tables per period (each period's
  // table dropped once its newest entity is past the retention) and the
  // note on the operations they serve (DesignPlan::ServedByDrop).
  void dropPeriodTables();
  // Whether point request Q is an update, merge or delete of an entity
  // the run inserts whose insert has not succeeded in this design (still
  // retried after a throttle, waiting for a slot, or failed): the code that
  // addresses an entity knows it once its insert succeeds, so it is not
  // sent yet (the workload picked an entity at least 2 s old, which the
  // insert reaches on time only when it is not throttled).
  // Per table: an index table's copy whose insert failed is not written
  // again by the updates of its home table's row (the code knows which of
  // its inserts failed).
  bool waitsForInsert(const Request &Q);
  static std::uint8_t createdBit(std::uint32_t Table) {
    return static_cast<std::uint8_t>(1u << (Table & 7));
  }
  void noteCreated(std::uint32_t Entity, std::uint32_t Table) {
    if (!MaxInsertWaits)
      return;
    if (Entity >= Created.size())
      Created.resize(std::max<std::size_t>(Entity + 1, Created.size() * 2));
    Created[Entity] |= createdBit(Table);
  }
  // Per entity, a bit per table (its index mod 8): a write creating it
  // there succeeded in this design. Two tables of one entity whose indexes
  // agree mod 8 share a bit: an insert that succeeded in one counts for
  // both.
  std::vector<std::uint8_t> Created;
  unsigned MaxInsertWaits = 0;
  // Per op, of a "latest N" query whose RowKey is not newest first
  // (QueryTarget::ReadsAllForNewest): its reads that ended, and the
  // entities they received, of which the reader keeps N.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> NewestReads;

  const Workload &W;
  const DesignPlan &Plan;
  const ReplayOptions &O;
  SimulatedService Service;
  DesignResult R;

  PendingEvents<SimEvent> Heap;
  std::uint64_t Seq = 0;
  // Send and Complete events in Heap: requests in flight or waiting to retry.
  std::size_t RequestEvents = 0;
  // Deques: requests and queries keep their addresses (a cursor points at
  // its query's filter) while new ones are added.
  std::deque<Request> Requests;
  std::vector<std::uint32_t> FreeRequests;
  std::deque<QueryState> Queries;
  std::vector<std::uint32_t> FreeQueries;
  std::vector<ClientState> Clients;
  std::map<std::string, BatchBuffer> Buffers; // ordered: deterministic
  // The buffers of the execution being dispatched (entitiesPerWrite).
  std::vector<BatchBuffer *> GroupBuffers;
  // The selected properties of a query, per family of the entities it
  // returns (a table with several entity types returns them all).
  std::map<std::pair<const schema::Query *, std::uint32_t>,
           std::vector<std::uint32_t>>
      SelectProps;
  const std::vector<std::uint32_t> *selected(const schema::Query *Decl,
                                             std::uint32_t Family);
  std::vector<std::uint16_t> Outstanding;
  // Per event: FailedPart when a part of it failed; NotSentPart when a
  // part was never sent (waitsForInsert), and none failed; WaitingPart
  // while a part waits for its insert (at the end of the run: not sent).
  static constexpr std::uint8_t FailedPart = 1, NotSentPart = 2,
                                WaitingPart = 4;
  std::vector<std::uint8_t> PartState;
  std::vector<LatencyRecord> OpLatencies; // of the completed

  double LastCompletion = 0;
  double LastServed = 0; // the last request the service answered
  std::string KeyScratch, FilterScratch, PkScratch, RkScratch;
  // Per write target of the event being dispatched: whether it reaches
  // its table (a `when` is evaluated once).
  std::vector<char> Reaches;
  LogicalEntityView WhenView{W}; // for the writes' `when`
  EdmValue ValueScratch;
  EntityShapes Shapes{W}; // what each write sends, what each page returns
};

// An established table (its current-design table declares `entities`):
// each table of this design that a creating write of the family goes to
// holds the existing entities under this design's keys, and is split into
// as many range partitions as its declared load needs at WarmRangeShare of
// the range budget (the partition manager of a table that has served this
// load for a while).
void Runner::warmStart() {
  std::vector<double> Load(Plan.Tables.size(), 0);
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    for (const WriteTarget &T : Plan.Writes[OpI])
      Load[T.Table] += Op.PerSecond;
    if (const std::optional<QueryTarget> &Q = Plan.Queries[OpI])
      Load[Q->Table] +=
          Op.PerSecond *
          static_cast<double>(std::max<std::uint64_t>(
              1, Q->Decl->ExpectedRows.value_or(Q->Decl->Top.value_or(1))));
  }
  std::vector<bool> Populated(Plan.Tables.size(), false);
  // The existing entities go where the family's creating writes put them,
  // or its other writes address them (a table only updated).
  for (const ExistingPlacement &P : existingPlacements(W, Plan)) {
    const EntityFamily &F = W.Families[P.Family];
    const WriteTarget &T = *P.Target;
    Populated[T.Table] = true;
    const std::shared_ptr<const ExistingKeys> Keys = existingKeys(
        O.ExistingKeys.get(), W, P.Family, T.PartitionKey, T.RowKey);
    PartitionTally Tally;
    Tally.Partitions = sampledPartitions(F, T, &Tally.Capacity);
    // A sparse table holds only what its `when` keeps.
    std::vector<bool> Reached(Keys->size());
    std::string Pk;
    for (std::uint32_t I = 0; I < Keys->size(); ++I) {
      const std::uint32_t E = Keys->first() + I;
      Reached[I] = T.reaches(WhenView, E);
      if (Reached[I] && Tally.Partitions > 0) {
        Pk.assign(Keys->partitionKey(I));
        Tally.Held.emplace_back(E, &++Tally.InPartition[Pk]);
      }
    }
    Service.preload(T.Table, *Keys, Reached);
    setPartitionWeights(F, T, Tally);
  }
  // A family no write names (a table only read) is stored where its
  // queries read it.
  for (std::uint32_t FI = 0; FI < Plan.Holdings.size(); ++FI)
    for (const DesignPlan::Holding &H : Plan.Holdings[FI]) {
      Populated[H.Table] = true;
      const std::shared_ptr<const ExistingKeys> Keys = existingKeys(
          O.ExistingKeys.get(), W, FI, H.PartitionKey, H.RowKey);
      Service.preload(H.Table, *Keys, std::vector<bool>(Keys->size(), true));
    }
  const double PerRange =
      O.Service.RangeEntitiesPerSecond * O.Service.WarmRangeShare;
  for (std::uint32_t TI = 0; TI < Plan.Tables.size(); ++TI)
    if (Populated[TI] && PerRange > 0)
      Service.presplit(TI, static_cast<std::size_t>(std::min(
                               1e6, std::ceil(Load[TI] / PerRange))));
}

// The partitions a sampled family's PartitionKey template forms in this
// table over its retention; 0 for a family held whole, or where they are
// not known.
double Runner::sampledPartitions(const EntityFamily &F, const WriteTarget &T,
                                 double *Capacity) const {
  if (F.ExistingWeight <= 1 || !Plan.Schema)
    return 0;
  const schema::Table *Decl = Plan.Schema->table(Plan.Tables[T.Table].Name);
  if (!Decl)
    return 0;
  const int Type = schema::entityTypeIndex(*Decl, T.Decl->EntityTypeName);
  if (Type < 0)
    return 0;
  const schema::Table View =
      Decl->EntityTypes.empty()
          ? *Decl
          : schema::entityTypeViews(*Decl)[static_cast<std::size_t>(Type)];
  const double Span = F.RetentionSeconds > 0 ? F.RetentionSeconds : 86400.0;
  const std::optional<double> Partitions =
      schema::partitionKeySpaceOver(View, Span);
  if (!Partitions || *Partitions < 1)
    return 0;
  if (Capacity)
    if (const std::optional<double> Keys = schema::keySpaceOver(View, Span))
      *Capacity = *Keys / *Partitions;
  return *Partitions;
}

// A sampled family's partitions in this table may hold far fewer entities
// than each sampled entity stands for: 14 billion tracking events over 933
// million parcels are 15 a parcel, each sampled one standing for 56,000. A
// read of one partition would then read the partition's sampled event, if
// any, as 56,000 entities: no read of the real table does, and the key
// and its range would be throttled for it. So in a read confined to one
// partition, the sampled entities of a partition count together as what
// it holds: the family's average partition (its modelled entities in this
// table over the partitions its key templates form over its retention)
// for the first, its weight for each other (a partition with several
// sampled entities is one with many: a hot tenant's), spread evenly over
// them. Only where the average partition is below the weight: where the
// sample sees partitions as they are, scans use the weights.
//
// Nor can a partition hold more than its keys: where the key space is
// bounded (a tenant's counters, one a day and meter over the retention:
// 2,005), the sampled entities of a partition count together as at most
// that many, and as that many where the table holds its whole key space.
// A skewed key fills its hot partitions' keys in the sample, each standing
// for the weight: 2,005 x 161 in a partition of 2,005, which throttled the
// hot tenant's reads as no real table would.
void Runner::setPartitionWeights(const EntityFamily &F, const WriteTarget &T,
                                 const PartitionTally &Tally) {
  if (Tally.Partitions <= 0)
    return;
  const auto Weight = static_cast<double>(F.ExistingWeight);
  const double Average = std::max(
      1.0, static_cast<double>(Tally.Held.size()) * Weight / Tally.Partitions);
  const bool SpreadAverage = Average < Weight;
  if (!SpreadAverage && Tally.Capacity <= 0)
    return;
  for (const auto &[E, InPartition] : Tally.Held) {
    const auto Sampled = static_cast<double>(*InPartition);
    double Each =
        SpreadAverage ? (Average + (Sampled - 1) * Weight) / Sampled : Weight;
    // A table that holds its whole key space holds every key of each
    // partition: as many as the partition can hold, whatever the sample
    // drew there (a product's 40 warehouses).
    if (Tally.Capacity > 0 &&
        (Each * Sampled > Tally.Capacity || F.KeySpaceHeld >= FullKeySpace))
      Each = Tally.Capacity / Sampled;
    const auto Rounded =
        static_cast<std::uint64_t>(std::max(1.0, std::round(Each)));
    if (SpreadAverage || Rounded != F.ExistingWeight)
      Service.setPartitionWeight(T.Table, E, Rounded);
  }
}

const std::vector<std::uint32_t> *Runner::selected(const schema::Query *Decl,
                                                   std::uint32_t Family) {
  auto [It, New] = SelectProps.try_emplace({Decl, Family});
  if (New)
    for (const std::string &Name : Decl->Select) {
      const int P = W.Families[Family].propertyIndex(Name);
      if (P >= 0)
        It->second.push_back(static_cast<std::uint32_t>(P));
    }
  return &It->second;
}

void Runner::dispatch(std::uint32_t EventIndex) {
  const WorkloadEvent &Ev = W.Events[EventIndex];
  const LogicalOp &Op = W.Ops[Ev.Op];
  ++R.Ops[Ev.Op].Issued;
  if (Ev.Op < Plan.ServedByDrop.size() && Plan.ServedByDrop[Ev.Op]) {
    // Done by a Delete Table of a whole period (dropPeriodTables): it
    // completes, sending nothing and taking no time of its own.
    ++R.Issued;
    ++R.Completed;
    ++R.Ops[Ev.Op].Completed;
    ++R.Timeline[bucket(Ev.Time)].Completed;
    return;
  }
  if (Op.IsQuery) {
    if (Plan.Queries[Ev.Op]) {
      ++R.Issued;
      dispatchQuery(EventIndex, *Plan.Queries[Ev.Op]);
    }
    return;
  }
  const std::vector<WriteTarget> &Targets = Plan.Writes[Ev.Op];
  if (Targets.empty())
    return;
  ++R.Issued;
  std::uint16_t Reached = 0;
  Reaches.clear();
  for (const WriteTarget &T : Targets) {
    Reaches.push_back(T.reaches(WhenView, Ev.Entity) ? 1 : 0);
    Reached += static_cast<std::uint16_t>(Reaches.back());
  }
  Outstanding[EventIndex] = Reached;
  if (Reached == 0) { // a sparse index only, and not this entity
    Outstanding[EventIndex] = 1;
    finishPart(EventIndex, Ev.Time, true);
  }
  for (std::size_t TI = 0; TI < Targets.size(); ++TI) {
    const WriteTarget &T = Targets[TI];
    if (Reached == 0 || (T.When && !Reaches[TI]))
      continue;
    const std::uint32_t Client = clientIndex(T.Client);
    // The entities of one execution (entitiesPerWrite) are one entity
    // group transaction per partition key, sent with the group's last; a
    // fan-out's rows as its table's client sends them (FanOutWrite.h).
    const bool OneByOne = T.FanOut == FanOutSending::OneByOne;
    const bool Grouped =
        (Op.EntitiesPerExecution > 1 && !OneByOne) || Op.Unit >= 0;
    if ((T.Decl->BatchSize <= 1 || OneByOne) && !Grouped) {
      ClientState &C = Clients[Client];
      if (C.Max && C.InFlight >= C.Max && TI <= MaxWaiterTarget)
        C.Waiting.push_back(
            {EventIndex, static_cast<std::int16_t>(TI), 0, Ev.Entity});
      else
        send(pointRequest(EventIndex, static_cast<std::uint32_t>(TI)),
             Ev.Time);
      continue;
    }
    // Rendered into buffers reused across events, then copied once into
    // the buffered operation (whose strings are reused too).
    std::string &Pk = PkScratch, &Rk = RkScratch;
    T.PartitionKey.render(W, Ev.Entity, Pk, ValueScratch);
    T.RowKey.render(W, Ev.Entity, Rk, ValueScratch);
    const EntityShape Shape = Shapes.of(Ev.Entity, Pk.size() + Rk.size(),
                                        T.Sent.empty() ? nullptr : &T.Sent);
    // A buffer per table, partition key and write: a client batches one
    // write's entities (its inserts, or its merges), never another
    // write's into the same transaction; the writes of one execution or
    // unit share the buffer of the execution's first write.
    KeyScratch.assign(std::to_string(T.Table));
    KeyScratch += '\0';
    KeyScratch += std::to_string(Grouped && Op.Unit >= 0
                                     ? static_cast<std::uint32_t>(Op.Unit)
                                     : Ev.Op);
    KeyScratch += '\0';
    // Batches of a fan-out's rows as they come, whatever their partitions
    // (a PartitionKey that holds the follower as is): the service rejects
    // those that span partitions.
    if (T.FanOut != FanOutSending::AsTheyCome)
      KeyScratch += Pk;
    BatchBuffer &B = Buffers[KeyScratch];
    // A second write of a buffered entity (a job's two heartbeats within
    // one flush) goes in the next transaction: one transaction cannot
    // address an entity twice.
    if (!Grouped &&
        std::any_of(B.Ops.begin(), B.Ops.begin() + B.Count,
                    [&](const BatchOperation &Buffered) {
                      return Buffered.Entity == Ev.Entity;
                    }))
      flushBuffer(B, Ev.Time);
    B.Table = T.Table;
    B.Client = Client;
    B.Op = Ev.Op;
    B.Limit = T.Decl->BatchSize > 1 ? T.Decl->BatchSize
                                    : limits::MaxBatchOperations;
    if (B.Count == B.Ops.size())
      B.Ops.emplace_back();
    BatchOperation &Buffered = B.Ops[B.Count++];
    Buffered.Kind = Op.Kind;
    Buffered.PartitionKey.assign(Pk);
    Buffered.RowKey.assign(Rk);
    Buffered.Entity = Ev.Entity;
    Buffered.Bytes = Shape.Bytes;
    Buffered.Payload = Shape.Payload;
    Buffered.Properties = Shape.Properties;
    Buffered.LargestValue = Shape.LargestValue;
    B.Events.push_back(EventIndex);
    if (Grouped && std::find(GroupBuffers.begin(), GroupBuffers.end(), &B) ==
                       GroupBuffers.end())
      GroupBuffers.push_back(&B);
    if (B.Count >= B.Limit)
      flushBuffer(B, Ev.Time);
  }
  const WorkloadEvent *Next =
      EventIndex + 1 < W.Events.size() ? &W.Events[EventIndex + 1] : nullptr;
  const bool GroupEnds =
      !Next || Next->Time != Ev.Time ||
      (Next->Op != Ev.Op && (Op.Unit < 0 || W.Ops[Next->Op].Unit != Op.Unit));
  if ((Op.EntitiesPerExecution > 1 || Op.Unit >= 0) && GroupEnds) {
    for (BatchBuffer *B : GroupBuffers)
      flushBuffer(*B, Ev.Time);
    GroupBuffers.clear();
  }
}

std::uint32_t Runner::pointRequest(std::uint32_t EventIndex,
                                   std::uint32_t Target) {
  const WorkloadEvent &Ev = W.Events[EventIndex];
  const WriteTarget &T = Plan.Writes[Ev.Op][Target];
  const std::uint32_t Req = newRequest();
  Request &Q = Requests[Req];
  Q.Kind = RequestKind::Point;
  Q.Table = T.Table;
  Q.Client = clientIndex(T.Client);
  Q.Op = Ev.Op;
  Q.WriteOp = W.Ops[Ev.Op].Kind;
  Q.Event = EventIndex;
  Q.Target = Target;
  Q.Entity = Ev.Entity;
  T.PartitionKey.render(W, Ev.Entity, Q.PartitionKey, ValueScratch);
  T.RowKey.render(W, Ev.Entity, Q.RowKey, ValueScratch);
  Q.Shape = Shapes.of(Ev.Entity, Q.PartitionKey.size() + Q.RowKey.size(),
                      T.Sent.empty() ? nullptr : &T.Sent);
  Q.Bytes = Q.Shape.Payload;
  return Req;
}

// A fan-out query sends one read per bucket (each with its own pages and
// $top); the logical query completes with the last of them.
void Runner::dispatchQuery(std::uint32_t EventIndex,
                           const QueryTarget &Target) {
  const std::uint64_t Reads = Target.reads(W, W.Events[EventIndex].Entity);
  Outstanding[EventIndex] = static_cast<std::uint16_t>(Reads);
  for (std::uint64_t Read = 0; Read < Reads; ++Read)
    dispatchRead(EventIndex, Target, Read);
}

void Runner::dispatchRead(std::uint32_t EventIndex, const QueryTarget &Target,
                          std::uint64_t Read) {
  const WorkloadEvent &Ev = W.Events[EventIndex];
  const std::uint32_t QI = newQuery();
  QueryState &Q = Queries[QI];
  Target.renderRead(W, Ev.Entity, Read, FilterScratch, ValueScratch);
  if (!Target.Filter.Pieces.empty()) {
    FilterParseResult Parsed = parseFilter(FilterScratch);
    if (!Parsed) {
      // A value that breaks the filter (the template checked out): the
      // request is rejected as the service would.
      ++R.ClientErrors;
      ++R.Ops[Ev.Op].ClientErrors[StatusBadRequest];
      FreeQueries.push_back(QI);
      finishPart(EventIndex, Ev.Time, false);
      return;
    }
    Q.Where = std::move(Parsed.filter());
    Q.HasFilter = true;
  }
  Q.Table = Target.Table;
  Q.Op = Ev.Op;
  Q.Event = EventIndex;
  const bool Point =
      scopeRanges(Q.HasFilter ? &Q.Where : nullptr, Q.Cursor.Ranges);
  Q.Cursor.Where = Q.HasFilter ? &Q.Where : nullptr;
  Q.Cursor.Point = Point;
  Q.Cursor.Family = W.Ops[Ev.Op].Family;
  // Only a table with such weights needs its ranges looked at.
  Q.Cursor.Confined = Service.partitionWeights(Target.Table);
  if (Q.Cursor.Confined.Of && !confinedToPartitions(Q.Cursor.Ranges))
    Q.Cursor.Confined = PartitionWeights();
  Q.Cursor.FoundOutsideSample = Point && W.drawnAfresh(Ev.Entity) &&
                                W.foundOutsideSample(Ev.Entity);
  Q.Cursor.ProbeEntity = Ev.Entity;
  // A "latest N" reader of an oldest-first RowKey reads every match.
  Q.Top = Target.ReadsAllForNewest ? 0 : Target.Decl->Top.value_or(0);
  Q.Cursor.Top = Q.Top;
  if (Target.Decl->HasSelect)
    Q.Select = Target.Decl;
  const std::uint32_t Req = newRequest();
  Request &Rq = Requests[Req];
  Rq.Kind = RequestKind::Page;
  Rq.Table = Target.Table;
  Rq.Client = clientIndex(Target.Client);
  Rq.Op = Ev.Op;
  Rq.Event = EventIndex;
  Rq.Query = QI;
  send(Req, Ev.Time);
}

void Runner::flushBuffer(BatchBuffer &B, double Now) {
  if (B.Count == 0)
    return;
  const std::uint32_t Req = newRequest();
  Request &Q = Requests[Req];
  Q.Kind = RequestKind::Batch;
  Q.Table = B.Table;
  Q.Client = B.Client;
  Q.Op = B.Op;
  // The request takes the buffered operations; the buffer takes the
  // request's earlier ones (if any) as spares.
  Q.Batch.swap(B.Ops);
  Q.Batch.resize(B.Count);
  B.Count = 0;
  Q.BatchEvents.swap(B.Events);
  B.Events.clear();
  Q.Bytes = 0;
  for (const BatchOperation &Op : Q.Batch)
    Q.Bytes += Op.Payload;
  send(Req, Now);
}

void Runner::send(std::uint32_t Req, double Now) {
  ClientState &C = Clients[Requests[Req].Client];
  if (C.Max && C.InFlight >= C.Max) {
    const Request &Q = Requests[Req];
    // (One that has waited for its insert keeps its request, which counts
    // the waits.)
    if (Q.Kind == RequestKind::Point && Q.Target <= MaxWaiterTarget &&
        Q.Waits == 0 &&
        Q.Attempt <= std::numeric_limits<std::uint8_t>::max()) {
      C.Waiting.push_back({Q.Event, static_cast<std::int16_t>(Q.Target),
                           static_cast<std::uint8_t>(Q.Attempt), Q.Entity});
      FreeRequests.push_back(Req);
    } else {
      C.Waiting.push_back({Req, -1, 0});
    }
    return;
  }
  ++C.InFlight;
  execute(Req, Now);
}

bool Runner::waitsForInsert(const Request &Q) {
  if (Q.Attempt != 0 || !MaxInsertWaits || createsEntity(Q.WriteOp) ||
      (Q.Entity < Created.size() && (Created[Q.Entity] & createdBit(Q.Table))) ||
      W.addressesOutsideSample(Q.Entity))
    return false;
  return !Service.holds(Q.Table, Q.PartitionKey, Q.RowKey);
}

void Runner::execute(std::uint32_t Req, double Now) {
  Request &Q = Requests[Req];
  ServiceResponse Resp;
  std::uint64_t ResponseBytes = 0;
  switch (Q.Kind) {
  case RequestKind::Point:
    if (waitsForInsert(Q)) {
      // Not sent: its slot is free again at once (complete()), and
      // respond() has it wait for the insert.
      Q.Status = StatusNotSent;
      if (Clients[Q.Client].Max)
        push(Now, EventKind::Complete, Req, 0);
      else
        respond(Req, Now, true);
      return;
    }
    if (Q.Waits)
      PartState[Q.Event] &= static_cast<std::uint8_t>(~WaitingPart);
    Resp = Service.write(Now, Q.Table, Q.WriteOp, Q.PartitionKey, Q.RowKey,
                         Q.Entity, Q.Shape);
    if (Resp.Status == StatusOk) {
      ++R.EntitiesWritten;
      if (createsEntity(Q.WriteOp))
        noteCreated(Q.Entity, Q.Table);
    }
    break;
  case RequestKind::Batch:
    Resp = Service.batch(Now, Q.Table, Q.Batch);
    if (Resp.Status == StatusOk) {
      R.EntitiesWritten += Q.Batch.size();
      for (const BatchOperation &Op : Q.Batch)
        if (createsEntity(Op.Kind))
          noteCreated(Op.Entity, Q.Table);
    }
    break;
  case RequestKind::Page: {
    QueryState &S = Queries[Q.Query];
    Resp = Service.queryPage(Now, Q.Table, S.Cursor);
    if (Resp.Status == StatusOk) {
      OpResult &Op = R.Ops[Q.Op];
      ++R.QueryPages;
      R.CountedPages += S.Cursor.Counted > 0;
      ++Op.Pages;
      R.EntitiesScanned += S.Cursor.PageScanned;
      Op.Scanned += S.Cursor.PageScanned;
      R.EntitiesReturned += S.Cursor.PageReturned;
      Op.Returned += S.Cursor.PageReturned;
      S.Returned += S.Cursor.PageReturned;
      for (const QueryCursor::Returned &E : S.Cursor.Page) {
        const std::vector<std::uint32_t> *Sent =
            S.Select ? selected(S.Select, W.familyOf(E.Entity)) : nullptr;
        ResponseBytes +=
            E.Count * Shapes.of(E.Entity, E.KeyChars, Sent).Payload;
      }
    }
    break;
  }
  }
  Q.Status = Resp.Status;
  LastServed = std::max(LastServed, Now);
  ++R.Requests;
  TimeBucket &B = R.Timeline[bucket(Now)];
  ++B.Requests;
  if (isThrottle(Resp.Status)) {
    ++R.Throttled;
    ++B.Throttled;
    ++R.ThrottledBy[static_cast<std::size_t>(Resp.Cause)];
    ++(Resp.Status == StatusServerBusy ? R.ServerBusy : R.TimedOut);
  } else if (Resp.Status >= 400) {
    ++R.ClientErrors;
    ++R.Ops[Q.Op].ClientErrors[Resp.Status];
  }
  if (!isThrottle(Resp.Status) || O.ThrottledBillable)
    ++R.BillableTransactions;
  if (Q.Kind != RequestKind::Page)
    R.RequestBytes += Q.Bytes;
  R.ResponseBytes += ResponseBytes;
  if (Clients[Q.Client].Max)
    push(Now + Resp.LatencySeconds, EventKind::Complete, Req,
         Q.Kind == RequestKind::Point ? Resp.LatencySeconds : -1);
  else
    respond(Req, Now + Resp.LatencySeconds, true);
}

void Runner::complete(std::uint32_t Req, double Now) {
  ClientState &C = Clients[Requests[Req].Client];
  --C.InFlight;
  if (!C.Waiting.empty()) {
    const Waiter Next = C.Waiting.front();
    C.Waiting.pop_front();
    // The writes queued behind it were queued long ago (a throttled
    // client's backlog holds millions): start loading the entity codes the
    // next ones render their keys from, so that those cache misses overlap
    // with this one's work (the slot two ahead, the codes one ahead).
    if (C.Waiting.size() > 1 && C.Waiting[1].Target >= 0)
      W.prefetchEntity(C.Waiting[1].Entity);
    if (!C.Waiting.empty() && C.Waiting[0].Target >= 0)
      W.prefetchEntity(C.Waiting[0].Entity, true);
    std::uint32_t Started = Next.Index;
    if (Next.Target >= 0) {
      Started =
          pointRequest(Next.Index, static_cast<std::uint32_t>(Next.Target));
      Requests[Started].Attempt = Next.Attempt;
    }
    ++C.InFlight;
    execute(Started, Now);
  }
  respond(Req, Now, false);
}

// What the client does with a response at time Now. Inline: called from
// execute() ahead of time (a client without a concurrency limit has no
// slot to free, so only future events are scheduled), which keeps the
// common case off the event heap.
void Runner::respond(std::uint32_t Req, double Now, bool Inline) {
  Request &Done = Requests[Req];
  ClientState &C = Clients[Done.Client];
  if (Done.Status == StatusNotSent) {
    if (Done.Waits < MaxInsertWaits) {
      ++Done.Waits;
      PartState[Done.Event] |= WaitingPart;
      push(Now + W.AddressableAfterSeconds, EventKind::Send, Req,
           W.AddressableAfterSeconds);
      return;
    }
    // Its insert never succeeded while it waited: the code never learnt
    // of the entity, and never sends this.
    PartState[Done.Event] |= NotSentPart;
    finishPart(Done.Event, Now, true);
    FreeRequests.push_back(Req);
    return;
  }
  if (Done.Status == StatusOk) {
    if (Done.Kind == RequestKind::Page) {
      QueryState &S = Queries[Done.Query];
      if (S.Cursor.More && !(S.Top && S.Returned >= S.Top)) {
        Done.Attempt = 0;
        if (Inline)
          push(Now, EventKind::Send, Req);
        else
          send(Req, Now);
        return;
      }
      if (const std::optional<QueryTarget> &T = Plan.Queries[S.Op];
          T && T->ReadsAllForNewest) {
        if (NewestReads.empty())
          NewestReads.resize(W.Ops.size());
        ++NewestReads[S.Op].first;
        NewestReads[S.Op].second += S.Returned;
      }
      FreeQueries.push_back(Done.Query);
    }
  } else {
    const bool Retryable = retry::retriesStatus(C.Retry, Done.Status);
    if (Retryable && Done.Attempt < retry::allowedRetries(C.Retry)) {
      ++Done.Attempt;
      ++R.Retries;
      const double Delay =
          retry::delaySeconds(C.Retry, Done.Attempt, C.Jitter.uniform());
      // A jittered delay is new each time: it would only take a lane.
      push(Now + Delay, EventKind::Send, Req, C.Retry.Jitter ? -1 : Delay);
      return;
    }
    if (Retryable)
      countGaveUp(Done);
    if (Done.Kind == RequestKind::Page)
      FreeQueries.push_back(Done.Query);
  }
  const bool Ok = Done.Status == StatusOk;
  if (Done.Kind == RequestKind::Batch)
    for (std::uint32_t E : Done.BatchEvents)
      finishPart(E, Now, Ok);
  else
    finishPart(Done.Event, Now, Ok);
  FreeRequests.push_back(Req);
}

void Runner::finishPart(std::uint32_t Event, double Now, bool Ok) {
  if (!Ok)
    PartState[Event] |= FailedPart;
  if (--Outstanding[Event] != 0)
    return;
  const WorkloadEvent &Ev = W.Events[Event];
  OpResult &Op = R.Ops[Ev.Op];
  if (PartState[Event] & FailedPart) {
    LastCompletion = std::max(LastCompletion, Now);
    ++R.Failed;
    ++Op.Failed;
    return;
  }
  if (PartState[Event] & NotSentPart) {
    ++R.NotSent;
    ++Op.NotSent;
    return;
  }
  LastCompletion = std::max(LastCompletion, Now);
  ++R.Completed;
  ++Op.Completed;
  ++R.Timeline[bucket(Now)].Completed;
  const auto Latency = static_cast<float>(Now - Ev.Time);
  OpLatencies[Ev.Op].add(Latency);
}

DesignResult Runner::run() {
  warmStart();
  const double End = W.DurationSeconds + O.DrainSeconds;
  std::uint32_t Steps = 0;
  bool Batched = false;
  for (const auto &Targets : Plan.Writes)
    for (const WriteTarget &T : Targets)
      Batched = Batched || T.Decl->BatchSize > 1;
  push(O.Service.ManagerIntervalSeconds, EventKind::Tick, 0);
  if (Batched)
    push(O.BatchFlushSeconds, EventKind::Flush, 0);
  std::size_t Next = 0;
  const double Never = std::numeric_limits<double>::infinity();
  for (;;) {
    const double TW = Next < W.Events.size() ? W.Events[Next].Time : Never;
    const double TH = Heap.empty() ? Never : Heap.top().Time;
    if (std::min(TW, TH) > End)
      break;
    if (O.Progress && ++Steps % (1u << 16) == 0)
      O.Progress(R.Label, std::min(TW, TH) / End, Next);
    if (TW <= TH) {
      dispatch(static_cast<std::uint32_t>(Next++));
      continue;
    }
    const SimEvent E = Heap.top();
    Heap.pop();
    if (E.Kind == EventKind::Send || E.Kind == EventKind::Complete)
      --RequestEvents;
    switch (E.Kind) {
    case EventKind::Send:
      send(E.Index, E.Time);
      break;
    case EventKind::Complete:
      complete(E.Index, E.Time);
      break;
    case EventKind::Flush: {
      for (auto &[Key, B] : Buffers)
        flushBuffer(B, E.Time);
      const double Next = nextPeriodic(E.Time, O.BatchFlushSeconds, TW, false);
      if (Next <= End)
        push(Next, EventKind::Flush, 0);
      break;
    }
    case EventKind::Tick: {
      Service.managerTick(E.Time);
      const double Next =
          nextPeriodic(E.Time, O.Service.ManagerIntervalSeconds, TW, true);
      if (Next <= End)
        push(Next, EventKind::Tick, 0);
      break;
    }
    }
  }
  // Whatever is still pending did not complete in time; a write still
  // waiting for its insert was never sent.
  for (std::size_t I = 0; I < Next; ++I)
    if (Outstanding[I] && !(PartState[I] & FailedPart)) {
      const bool Waiting = PartState[I] & WaitingPart;
      ++(Waiting ? R.NotSent : R.Failed);
      ++(Waiting ? R.Ops[W.Events[I].Op].NotSent
                 : R.Ops[W.Events[I].Op].Failed);
    }
  countUnfinishedQueries();
  dropPeriodTables();
  R.SimulatedSeconds =
      std::max({LastCompletion, LastServed, W.DurationSeconds});
  summarize();
  return std::move(R);
}

// Whether every new key of the table lands after its other keys: a write
// to it puts a growing value (a time, a counter) first in the PartitionKey,
// after literal text only, neither hashed nor reversed.
bool Runner::appendsAtEnd(const std::string &Table) const {
  for (std::size_t OpI = 0; OpI < Plan.Writes.size(); ++OpI)
    for (const WriteTarget &T : Plan.Writes[OpI]) {
      if (Plan.Tables[T.Table].Name != Table)
        continue;
      for (const BoundTemplate::Piece &Piece : T.PartitionKey.Pieces) {
        if (!Piece.Part.IsPlaceholder)
          continue;
        const PropertyDomain &D =
            W.Families[W.Ops[OpI].Family].Properties[Piece.Property];
        if (D.Decl && schema::takesNewestValue(*D.Decl) &&
            std::all_of(Piece.Part.Functions.begin(),
                        Piece.Part.Functions.end(),
                        [](const schema::KeyFunction &F) {
                          return F.Fn == schema::KeyFunction::Pad;
                        }))
          return true;
        break;
      }
    }
  return false;
}

void Runner::countGaveUp(const Request &Done) {
  ++R.GaveUpRequests;
  if (Done.Kind != RequestKind::Page) {
    ++R.GaveUpTransactions;
    return;
  }
  const QueryState &Q = Queries[Done.Query];
  // The failed page is still to read: the cursor has not moved past it.
  R.GaveUpTransactions +=
      std::max<std::uint64_t>(1, pagesToGo(Q, GaveUpVisitBudget));
}

std::uint64_t Runner::pagesToGo(const QueryState &Q, std::uint64_t &Budget) {
  // A filter costed from counts may read rows kept by hash: its pages to
  // go are counted too.
  std::uint64_t Pages =
      Q.Cursor.Counted > 0 && Q.Cursor.Filtered
          ? Service.countedPagesToFinish(Q.Table, Q.Cursor, Q.Returned)
          : pagesToFinish(Service.tables()[Q.Table].Rows, Q.Cursor, W,
                          O.Service, Q.Returned, Budget);
  auto &[Sum, Counted] = PagesCounted[Q.Op];
  if (Budget > 0) { // counted to the end
    Sum += Pages;
    ++Counted;
  } else if (Counted) {
    Pages = std::max(Pages, Sum / Counted);
  }
  return Pages;
}

void Runner::countUnfinishedQueries() {
  std::vector<bool> Free(Queries.size(), false);
  for (std::uint32_t I : FreeQueries)
    Free[I] = true;
  std::uint64_t VisitBudget = PagesToGoVisits;
  std::map<std::uint32_t, UnfinishedQuery> PerOp;
  std::map<std::uint32_t, std::vector<std::uint32_t>> Events;
  for (std::size_t I = 0; I < Queries.size(); ++I)
    if (!Free[I]) {
      const QueryState &Q = Queries[I];
      const std::uint64_t Pages = pagesToGo(Q, VisitBudget);
      ++R.UnfinishedQueries;
      R.UnfinishedQueryPages += Pages;
      UnfinishedQuery &Left = PerOp[Q.Op];
      ++Left.Reads;
      Left.Pages += Pages;
      Left.PointReads = Left.PointReads && Q.Cursor.Point;
      if (const std::optional<QueryTarget> &Target = Plan.Queries[Q.Op]) {
        Left.Top = Target->Decl->Top.has_value();
        Left.ReadsAllForNewest = Target->ReadsAllForNewest;
      }
      Events[Q.Op].push_back(Q.Event);
    }
  for (auto &[Op, Left] : PerOp) {
    std::vector<std::uint32_t> &Of = Events[Op];
    std::sort(Of.begin(), Of.end());
    Left.Executions = static_cast<std::uint64_t>(
        std::unique(Of.begin(), Of.end()) - Of.begin());
    R.Notes.push_back(unfinishedQueryNote(W.Ops[Op].Name, Left,
                                          O.Service.MaxEntitiesPerPage));
  }
}

// Trims the drain off the timeline past its last activity; the buckets kept.
std::size_t Runner::trimDrain() {
  // The drain is shown as far as something happened in it.
  std::size_t Used = std::min(O.TimeBuckets, R.Timeline.size());
  for (std::size_t I = Used; I < R.Timeline.size(); ++I)
    if (R.Timeline[I].Requests || R.Timeline[I].Completed)
      Used = I + 1;
  R.Timeline.resize(Used);
  return Used;
}

// The p50/p95/p99 and largest latency, per operation and overall.
void Runner::summarizeLatencies() {
  for (std::size_t I = 0; I < OpLatencies.size(); ++I) {
    OpLatencies[I].sort();
    R.Ops[I].P50 = OpLatencies[I].percentile(0.50);
    R.Ops[I].P95 = OpLatencies[I].percentile(0.95);
    R.Ops[I].P99 = OpLatencies[I].percentile(0.99);
  }
  const auto [Overall, Largest] =
      mergedPercentiles(OpLatencies, std::array<double, 3>{0.50, 0.95, 0.99});
  R.P50 = Overall[0];
  R.P95 = Overall[1];
  R.P99 = Overall[2];
  R.MaxLatency = Largest;
}

// The throttled shares, scanned per returned, and the cost.
void Runner::summarizeShares() {
  R.ThrottledPercent = R.Requests ? 100.0 * static_cast<double>(R.Throttled) /
                                        static_cast<double>(R.Requests)
                                  : 0;
  std::uint64_t LateRequests = 0, LateThrottled = 0;
  for (std::size_t I = O.TimeBuckets - O.TimeBuckets / 10;
       I < std::min(O.TimeBuckets, R.Timeline.size()); ++I) {
    LateRequests += R.Timeline[I].Requests;
    LateThrottled += R.Timeline[I].Throttled;
  }
  R.LateThrottledPercent = LateRequests
                               ? 100.0 * static_cast<double>(LateThrottled) /
                                     static_cast<double>(LateRequests)
                               : 0;
  R.ScannedPerReturned = R.EntitiesReturned
                             ? static_cast<double>(R.EntitiesScanned) /
                                   static_cast<double>(R.EntitiesReturned)
                             : 0;
  R.Cost = static_cast<double>(R.BillableTransactions) / 10000.0 *
           O.PricePer10kTransactions;
  constexpr double SecondsPerMonth = 30 * 86400.0;
  R.CostPerMonth = R.Cost * SecondsPerMonth / std::max(W.DurationSeconds, 1.0);
}

// The most accessed and most throttled partition keys over every table.
void Runner::findHotKeys() {
  // Every table's partition keys, ranked two ways.
  std::vector<HotKey> All;
  for (const SimulatedService::TableState &T : Service.tables())
    for (const PartitionKeyStats &S : T.Pks)
      All.push_back({T.Name, S.Key, S.Accessed, S.Throttled, S.Scanned,
                     S.ScannedInRuns, S.ThrottledByScan});
  auto Top = [&](auto Better, bool NeedThrottled) {
    std::vector<HotKey> Sorted = All;
    std::sort(Sorted.begin(), Sorted.end(),
              [&](const HotKey &A, const HotKey &B) {
                if (Better(A, B) || Better(B, A))
                  return Better(A, B);
                return std::tie(A.Table, A.PartitionKey) <
                       std::tie(B.Table, B.PartitionKey);
              });
    std::vector<HotKey> Out;
    for (const HotKey &K : Sorted) {
      if (Out.size() == O.HotKeys || (NeedThrottled && K.Throttled == 0) ||
          (!NeedThrottled && K.Accessed == 0))
        break;
      Out.push_back(K);
    }
    return Out;
  };
  R.MostAccessed = Top(
      [](const HotKey &A, const HotKey &B) { return A.Accessed > B.Accessed; },
      false);
  R.MostThrottled =
      Top([](const HotKey &A,
             const HotKey &B) { return A.Throttled > B.Throttled; },
          true);
}

// The heatmap: each table's keys in rows of adjacent keys, Used buckets wide.
void Runner::buildHeatmap(std::size_t Used) {
  const std::size_t TableCount =
      std::max<std::size_t>(1, Service.tables().size());
  for (const SimulatedService::TableState &T : Service.tables()) {
    std::vector<const PartitionKeyStats *> Keys;
    for (const PartitionKeyStats &S : T.Pks)
      Keys.push_back(&S);
    std::sort(Keys.begin(), Keys.end(),
              [](auto *A, auto *B) { return A->Key < B->Key; });
    if (Keys.empty())
      continue;
    const std::size_t Rows = std::min(
        Keys.size(), std::max<std::size_t>(1, O.HeatmapRows / TableCount));
    for (std::size_t Row = 0; Row < Rows; ++Row) {
      const std::size_t From = Row * Keys.size() / Rows;
      const std::size_t To = (Row + 1) * Keys.size() / Rows;
      HeatRow H;
      H.Table = T.Name;
      H.FirstKey = Keys[From]->Key;
      H.LastKey = Keys[To - 1]->Key;
      H.Keys = To - From;
      H.Cells.assign(Used, 0);
      for (std::size_t K = From; K < To; ++K)
        for (std::size_t C = 0; C < std::min(Used, Keys[K]->Heat.size()); ++C)
          H.Cells[C] += Keys[K]->Heat[C];
      R.Heatmap.push_back(std::move(H));
    }
  }
}

// The splits, and a note per key too hot for any split to relieve.
void Runner::noteSplits() {
  R.Splits = Service.splits();
  for (const auto &[Table, Key] : Service.unsplittable())
    R.Notes.push_back(
        "partition key '" + Key + "' of table '" + Table +
        "' alone was asked for more than " +
        std::to_string(
            static_cast<long long>(O.Service.PartitionEntitiesPerSecond)) +
        " entities/s: range partitions never split one PartitionKey, so it "
        "stays throttled however long it runs");
}

// A note per throttled key that queries read: whose load throttled it.
void Runner::noteScannedHotKeys() {
  // A throttled key that queries also read: say how much of its load was
  // theirs, since the key's own writes may be well under its budget (a
  // table scan walks the keys in order, so each execution starts on the
  // table's first key and takes its budget while it reads it).
  for (const HotKey &K : R.MostThrottled) {
    if (K.Scanned == 0)
      continue;
    const std::string Read =
        "partition key '" + K.PartitionKey + "' of table '" + K.Table +
        "': " + std::to_string(K.Scanned) + " of the " +
        std::to_string(K.Accessed) + " entities it served were read by queries";
    // Most of its throttles came while a scan's page had overdrawn its
    // budget: the scan's doing, however small its share of the entities
    // (a periodic report reading the key at the target for a while, next
    // to reads and writes that fit it the rest of the time).
    const bool ByScan = 2 * K.ThrottledByScan >= K.Throttled;
    // Queries read a small part of what the key served: its writes are
    // its load, and a scan note would send the user to the wrong fix.
    if (!ByScan && 2 * K.Scanned < K.Accessed) {
      R.Notes.push_back(Read + ": the rest, its writes, are most of its "
                               "load, so its throttles (" +
                        std::to_string(K.Throttled) +
                        ") come from them, not from the reads");
      continue;
    }
    // Read one entity at a time (point reads): no scan held the key, its
    // reads are requests like its writes.
    R.Notes.push_back(
        !ByScan && 2 * K.ScannedInRuns < K.Scanned
            ? Read + " one at a time (point reads): its throttles (" +
                  std::to_string(K.Throttled) +
                  ") come from the rate of its requests, not from a scan"
            : Read +
                  ": a scan reads as fast as the key's budget allows (a "
                  "partition scan reads the whole key; a table scan walks the "
                  "keys in order and starts every execution on the first), so "
                  "while it reads, the key's other requests are throttled (" +
                  (ByScan
                       ? std::to_string(K.ThrottledByScan) + " of its " +
                             std::to_string(K.Throttled) +
                             " throttled requests came while a scan's "
                             "page had taken more than its budget held)"
                       : std::to_string(K.Throttled) + " throttled in all)"));
  }
}

// A note per table whose last range stayed hot after every split.
void Runner::noteAppendHotTables() {
  for (const std::string &Table : Service.appendHotTables())
    R.Notes.push_back(
        "table '" + Table +
        "': the range partition at the end of the key space stayed over its "
        "budget after every split: " +
        (appendsAtEnd(Table)
             ? std::string("each new key lands after the last one "
                           "(time-ordered or sequential keys), so splitting "
                           "leaves the new load where it was (the append "
                           "pattern)")
             : std::string("its keys do not grow, so this is not the "
                           "append pattern: the load of its last keys is "
                           "more than its range's budget (a range never "
                           "splits one key)")));
}

// Notes on sampled tables, and on tables with an empty period.
void Runner::noteSampledTables() {
  for (std::uint32_t FI = 0; FI < W.Families.size(); ++FI) {
    const EntityFamily &F = W.Families[FI];
    if (!F.ExistingCount || F.ExistingWeight <= 1)
      continue;
    const bool OutsideSample = std::any_of(
        W.Ops.begin(), W.Ops.end(), [&](const LogicalOp &Op) {
          return Op.Family == FI &&
                 Op.FoundOutsideSample + Op.MissingOutsideSample > 0;
        });
    R.Notes.push_back(sampledTableNote(F, OutsideSample));
  }
  if (Plan.Schema)
    for (const schema::Table &T : Plan.Schema->Tables)
      if (std::optional<std::string> Note = emptyPeriodNote(T))
        R.Notes.push_back(std::move(*Note));
}

// A note per operation whose executions found no entity to address.
void Runner::noteUnaddressed() {
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    // A write this design does not declare has no executions to miss.
    if (!Op.Unaddressed || (!Op.IsQuery && Plan.Writes[OpI].empty()))
      continue;
    const EntityFamily &F = W.Families[Op.Family];
    // A transaction's follower addresses an entity with its leader's
    // values of the key's properties; other writes one old enough.
    const bool Follows = Op.Unit >= 0 && Op.Unit != static_cast<int>(OpI);
    std::vector<std::string> KeyProperties;
    for (auto [Mine, Leaders] : Op.FromLeader)
      KeyProperties.push_back(F.Properties[Mine].Name);
    const std::string Written =
        Follows || W.AddressableAfterSeconds <= 0
            ? std::string("none written before them")
            : "none written at least " +
                  secondsText(W.AddressableAfterSeconds) + " before them";
    R.Notes.push_back(
        "'" + Op.Name + "' (" + std::string(schema::writeKindName(Op.Kind)) +
        "): " + std::to_string(Op.Unaddressed) +
        " executions did not run: no entity of table '" + F.Table +
        "' to address when they arrived (" +
        (F.SampleAddressed
             ? std::string("its existing entities are a sample, which "
                           "holds none")
             : std::string(F.ExistingWeight > 1
                               ? "its existing entities are a sample, "
                                 "which the run does not address"
                               : "none existing") +
                   ", " + Written) +
        (Follows && !KeyProperties.empty()
             ? " with the transaction leader's " +
                   quotedListWithAnd(KeyProperties)
             : std::string()) +
        ")");
  }
}

// A note per operation held back waiting for an insert that never succeeded.
void Runner::noteNotSent() {
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI)
    if (R.Ops[OpI].NotSent)
      R.Notes.push_back(
          "'" + W.Ops[OpI].Name + "' (" +
          std::string(schema::writeKindName(W.Ops[OpI].Kind)) +
          "): " + std::to_string(R.Ops[OpI].NotSent) +
          " executions were not sent: the insert of their entity in a "
          "table they write (an index table's copy counts apart) had not "
          "succeeded when they arrived, nor while they waited for it (up "
          "to " +
          secondsText(MaxInsertWaits * W.AddressableAfterSeconds) +
          ", or to the end of the run; it failed, or was still retried "
          "after throttles), and code addresses an entity only once its "
          "insert has succeeded; they are neither completed nor failed");
}

// A note per "latest N" read that receives far more than it keeps.
void Runner::noteNewestReads() {
  // A "latest N" read of an oldest-first RowKey: the service returns all
  // it matches, so scanned per returned stays near 1 while the reader
  // throws most of it away.
  for (std::size_t OpI = 0; OpI < NewestReads.size(); ++OpI) {
    const auto [Reads, Received] = NewestReads[OpI];
    if (!Reads)
      continue; // not such a query, or none of its reads ended
    const QueryTarget &T = *Plan.Queries[OpI];
    const std::uint64_t Keep = T.Decl->Top.value_or(0);
    if (!Keep || Received < 2 * Keep * Reads)
      continue;
    const double PerRead =
        static_cast<double>(Received) / static_cast<double>(Reads);
    char Figures[160];
    std::snprintf(Figures, sizeof Figures, "%.0f entities each to keep %llu "
                  "(%.1f received per entity kept)", PerRead,
                  static_cast<unsigned long long>(Keep),
                  PerRead / static_cast<double>(Keep));
    R.Notes.push_back(
        "query '" + W.Ops[OpI].Name + "' reads the newest " +
        std::to_string(Keep) + " by '" + T.Decl->Newest + "' from table '" +
        Plan.Tables[T.Table].Name +
        "', whose RowKey does not put the newest first: the service "
        "returns every match, so its " + std::to_string(Reads) +
        " reads that ended received " + Figures +
        ", which scanned per returned does not show; a RowKey leading with "
        "'{" + T.Decl->Newest + "|reverse}' stops each read at " +
        std::to_string(Keep) + " (the log tail pattern)");
  }
}

// Notes on writes outside the sample and on retention purges of aged rows.
void Runner::noteOutsideSampleAndAgedOut() {
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI)
    if (std::optional<std::string> Note =
            outsideSampleNote(W.Ops[OpI], W.Families[W.Ops[OpI].Family],
                              R.Ops[OpI].Issued))
      R.Notes.push_back(std::move(*Note));
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    if (!Op.AgedOut || Plan.Writes[OpI].empty())
      continue;
    const EntityFamily &F = W.Families[Op.Family];
    R.Notes.push_back(
        "'" + Op.Name + "' (delete): a retention purge of table '" + F.Table +
        "' (retention " + schema::formatDuration(F.RetentionSeconds) +
        ", deletes at least half of its inserts): its " +
        std::to_string(Op.AgedOut) +
        " executions deleted entities written a retention ago, which the "
        "table holds and the run does not: each is served and charged as a "
        "delete of an entity that exists, and the store keeps what the run "
        "wrote");
  }
}

void Runner::dropPeriodTables() {
  std::string Served;
  for (std::size_t OpI = 0; OpI < Plan.ServedByDrop.size(); ++OpI)
    if (Plan.ServedByDrop[OpI])
      Served += std::string(Served.empty() ? "" : ", ") + "'" +
                W.Ops[OpI].Name + "' (" + std::to_string(R.Ops[OpI].Issued) +
                " executions)";
  for (const PlannedTable &T : Plan.Tables) {
    if (T.DropPeriodSeconds <= 0)
      continue;
    // Time 0 starts every period (2025-01-01T00:00:00Z): the table of
    // period k, [kP, (k+1)P), is dropped at (k+1)P + retention; those
    // drops that fall in the workload's time are sent.
    const double P = T.DropPeriodSeconds;
    const double First = std::ceil(-T.RetentionSeconds / P);
    const double Last =
        std::ceil((W.DurationSeconds - T.RetentionSeconds) / P) - 1;
    const auto Drops =
        static_cast<std::uint64_t>(std::max(0.0, Last - First + 1));
    R.Requests += Drops;
    R.BillableTransactions += Drops;
    for (double M = First; M <= Last; ++M)
      ++R.Timeline[bucket(M * P + T.RetentionSeconds)].Requests;
    R.Notes.push_back(
        "table '" + T.Name + "' is a table per period kept " +
        schema::formatDuration(T.RetentionSeconds) + ": each period's table "
        "is dropped whole (one Delete Table, one request and one billable "
        "transaction) once its newest entity is past the retention; " +
        std::to_string(Drops) + " fell in the run" +
        (Served.empty() ? std::string()
                        : ", in place of " + Served +
                              " of the first design's retention purge, "
                              "counted as completed without a request of "
                              "their own"));
  }
}

// Notes on operations not replayed: too rare, or in one design only.
void Runner::noteAbsentOps() {
  // A rare operation may not arrive in a short run: its figures are 0/0,
  // which reads as nothing wrong with it.
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI)
    if (!R.Ops[OpI].Issued && !W.Ops[OpI].Unaddressed &&
        W.Ops[OpI].PerSecond > 0 &&
        std::find(R.Missing.begin(), R.Missing.end(), W.Ops[OpI].Name) ==
            R.Missing.end())
      R.Notes.push_back(
          std::string(W.Ops[OpI].IsQuery ? "query '" : "write '") +
          W.Ops[OpI].Name + "' (one every " +
          secondsText(1 / W.Ops[OpI].PerSecond) +
          ") did not occur in the " + secondsText(W.DurationSeconds) +
          " of workload: it was not replayed; replay a longer --duration to "
          "include it");
  for (const std::string &Name : R.Missing)
    R.Notes.push_back("'" + Name +
                      "' is not declared in this design: its operations "
                      "were not replayed");
  for (const std::string &What : R.Unplayed)
    R.Notes.push_back(
        What + " is declared only in this design: the workload replayed is "
               "the first design's, so it was not replayed here. A table "
               "that holds the same entities as a table of the first design "
               "(an index) declares that table's write by its name");
}

// The run's figures and notes, from what the run counted, in report order.
void Runner::summarize() {
  const std::size_t Used = trimDrain();
  summarizeLatencies();
  summarizeShares();
  findHotKeys();
  buildHeatmap(Used);
  noteSplits();
  noteScannedHotKeys();
  noteAppendHotTables();
  noteSampledTables();
  noteUnaddressed();
  noteNotSent();
  noteNewestReads();
  noteOutsideSampleAndAgedOut();
  noteAbsentOps();
  explainRemainingThrottles(R, O.Service.PartitionEntitiesPerSecond);
}

} // namespace

// Whether a value of D has a size of its own (text and binary); a
// number's, a date's or a boolean's is its type's, so its code is not
// decoded.
static bool sizedPerValue(const PropertyDomain &D) {
  return D.Type == EdmType::String || D.Type == EdmType::Guid ||
         D.Type == EdmType::Binary;
}

// Adds a property of domain D whose value has code Code (0 for a value
// that is not sizedPerValue) to Shape and its JSON payload.
static void addProperty(const PropertyDomain &D, std::uint64_t Code,
                        EntityShape &Shape, double &Payload) {
  Shape.Bytes +=
      limits::PropertyOverheadBytes + 2 * D.Name.size() + D.billingBytes(Code);
  const std::uint64_t Bytes = D.dataBytes(Code);
  Payload += payload::jsonPropertyBytes(D.Name.size(), D.Type,
                                        static_cast<double>(Bytes));
  // Strings are stored as UTF-16.
  const std::uint64_t Data = D.Type == EdmType::String ? 2 * Bytes : Bytes;
  Shape.LargestValue = std::max(Shape.LargestValue, Data);
}

// The keys' part of a shape (KeyChars characters of both keys), and of
// its payload.
static void addKeys(std::size_t KeyChars, EntityShape &Shape, double &Payload) {
  Shape.Bytes += limits::EntityOverheadBytes + 2 * KeyChars;
  Payload += payload::JsonKeysBytes + static_cast<double>(KeyChars);
}

EntityShape entityShape(const Workload &W, std::uint32_t Entity,
                        std::size_t KeyChars,
                        const std::vector<std::uint32_t> *Sent) {
  const EntityFamily &F = W.Families[W.familyOf(Entity)];
  EntityShape Shape;
  double Payload = 0;
  addKeys(KeyChars, Shape, Payload);
  auto Add = [&](std::uint32_t P) {
    const PropertyDomain &D = F.Properties[P];
    addProperty(D, sizedPerValue(D) ? W.code(Entity, P) : 0, Shape, Payload);
  };
  if (Sent) {
    for (std::uint32_t P : *Sent)
      Add(P);
    Shape.Properties = static_cast<std::uint32_t>(Sent->size());
  } else {
    for (std::uint32_t P = 0; P < F.Properties.size(); ++P)
      Add(P);
    Shape.Properties = static_cast<std::uint32_t>(F.Properties.size());
  }
  Shape.Payload = static_cast<std::uint64_t>(Payload);
  return Shape;
}

const EntityShapes::Fixed &
EntityShapes::fixedFor(std::uint32_t Family,
                       const std::vector<std::uint32_t> *Sent) {
  if (Last < Known.size() && Known[Last].Family == Family &&
      Known[Last].Sent == Sent)
    return Known[Last];
  for (Last = 0; Last < Known.size(); ++Last)
    if (Known[Last].Family == Family && Known[Last].Sent == Sent)
      return Known[Last];
  // New: the properties that are not sized per value summed once, the
  // others listed.
  const EntityFamily &F = W.Families[Family];
  Fixed New;
  New.Family = Family;
  New.Sent = Sent;
  auto Add = [&](std::uint32_t P) {
    const PropertyDomain &D = F.Properties[P];
    if (sizedPerValue(D))
      New.Sized.push_back(P);
    else
      addProperty(D, 0, New.Shape, New.Payload);
  };
  if (Sent) {
    for (std::uint32_t P : *Sent)
      Add(P);
    New.Shape.Properties = static_cast<std::uint32_t>(Sent->size());
  } else {
    for (std::uint32_t P = 0; P < F.Properties.size(); ++P)
      Add(P);
    New.Shape.Properties = static_cast<std::uint32_t>(F.Properties.size());
  }
  Known.push_back(std::move(New));
  return Known[Last];
}

EntityShape EntityShapes::of(std::uint32_t Entity, std::size_t KeyChars,
                             const std::vector<std::uint32_t> *Sent) {
  const std::uint32_t Family = W.familyOf(Entity);
  const Fixed &F = fixedFor(Family, Sent);
  const std::vector<PropertyDomain> &Properties = W.Families[Family].Properties;
  EntityShape Shape = F.Shape;
  double Payload = F.Payload;
  addKeys(KeyChars, Shape, Payload);
  for (std::uint32_t P : F.Sized)
    addProperty(Properties[P], W.code(Entity, P), Shape, Payload);
  Shape.Payload = static_cast<std::uint64_t>(Payload);
  return Shape;
}

std::uint64_t entityBytes(const Workload &W, std::uint32_t Entity,
                          std::size_t KeyChars,
                          const std::vector<std::uint32_t> *Sent) {
  return entityShape(W, Entity, KeyChars, Sent).Bytes;
}

double costPerCompleted(const DesignResult &D) {
  if (!D.Completed)
    return std::numeric_limits<double>::infinity();
  const auto Paid = static_cast<double>(D.BillableTransactions);
  const double PerTransaction = Paid > 0 ? D.Cost / Paid : 0;
  return PerTransaction *
         (Paid + static_cast<double>(D.UnfinishedQueryPages) +
          static_cast<double>(D.GaveUpTransactions)) /
         static_cast<double>(D.Completed);
}

static void releaseFreedMemory() {
#if defined(__GLIBC__)
  ::malloc_trim(0);
#endif
}

DesignResult simulateDesign(const Workload &W, const DesignPlan &Plan,
                            const ReplayOptions &Options) {
  DesignResult Result;
  {
    Runner Run(W, Plan, Options);
    Result = Run.run();
  }
  // The run's stores are freed, but the allocator keeps their pages. Given
  // back, the memory the answer check maps for its tables of hashed rows
  // (replay/HashedRows.h) does not add to them.
  releaseFreedMemory();
  return Result;
}

} // namespace tablelint::replay
