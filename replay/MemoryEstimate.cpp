#include "replay/MemoryEstimate.h"

#include "core/Filter.h"
#include "core/QueryScope.h"
#include "core/ServiceLimits.h"
#include "core/schema/TableSize.h"
#include "replay/AnswerCheck.h"
#include "replay/DeclaredShare.h"
#include "replay/Simulation.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

namespace tablelint::replay {

namespace {

// Measured on the demo workload (bench/README.md, "Memory a replay will
// hold"), rounded up.
constexpr double ProcessBytes = 64.0 * (1 << 20); // before any workload
constexpr double EventBytes = 14;                 // sizeof(WorkloadEvent)
// An entity's codes: a few bytes per property (EntityCodes packs each to
// the bytes its family's values need) and its family and row.
constexpr double EntityBytesPerProperty = 3, EntityBytes = 2;
// A simulation: per event, its request's state (parts outstanding, 2
// bytes, and how they ended, 1); per row it stores, the row in a hashed or
// ordered store and its partition's share of the statistics.
constexpr double SimulationEventBytes = 4, SimulationRowBytes = 24;
// Per operation of the workload, its latencies: 4 bytes each up to the
// exact bound (LatencyRecord), then a histogram of at most 21 doublings of
// 512 buckets of 8 bytes (a millisecond to twenty minutes).
constexpr double LatencyBytes = 4, LatencyHistogramBytes = 21 * 512 * 8;
// A table a query reads by PartitionKey alone keeps its entities' count
// per PartitionKey (replay/LoadCounts.h): the key's text, its count and
// example, an index slot and its place in the key order, about 100 bytes
// a key. As many keys as its PartitionKey template forms in a year when
// that is bounded, else one per row (a key per entity at worst), which
// errs high.
constexpr double CountedKeyBytes = 104;
// A fan-out query's reads (one per bucket) are each a query of their own in
// the simulation: its parsed filter, its cursor's key ranges, its request,
// about a kilobyte in all, held until the read completes. Sent faster than
// the service serves them (4096 buckets read ten times a second are 40,960
// reads a second, twice the account's target), they pile up until the
// query's time limit (limits::MaxQuerySeconds) ends them: the replay then
// holds them at a plateau. Measured on test-inputs/schemas/replay/
// fan-out-4096.yaml: 610 MB above the process for 20,960 reads a second
// over the target; the estimate takes every fan-out read of that time as
// held, which errs high.
constexpr double FanOutReadBytes = 1024;
// The answer check: per event, what a compared query keeps; per row of
// each design, the row in the check's store of that design.
constexpr double CheckEventBytes = 4, CheckRowBytes = 18;
// On top of the sum: the figures above move by a few percent between
// runs and workloads (what a partition's statistics or a client's backlog
// hold), and a run that overshoots its memory is killed.
constexpr double Margin = 1.1;

// The tables of Plan that a query reads with a filter naming nothing but
// PartitionKey, or with none, or with conditions on declared values
// (replay/DeclaredShare.h; SimulatedService::countsServe): they keep
// counts per PartitionKey. A filter that does not parse as declared is
// taken as counted, which errs high.
std::vector<bool> countedTables(const Workload &W, const DesignPlan &Plan,
                                std::size_t Tables) {
  std::vector<bool> Counted(Tables, false);
  for (std::size_t OpI = 0; OpI < W.Ops.size() && OpI < Plan.Queries.size();
       ++OpI) {
    const std::optional<QueryTarget> &Q = Plan.Queries[OpI];
    if (!Q || !Q->Decl || Q->Table >= Tables)
      continue;
    bool ByKey = true;
    if (!Q->Decl->Filter.empty()) {
      FilterParseResult Parsed = parseFilter(Q->Decl->Filter);
      if (Parsed) {
        const QueryScope Scope = classifyFilter(Parsed.filter());
        ByKey = (Scope.Properties.size() == 1 &&
                 Scope.Properties.front() == "PartitionKey") ||
                countedFilter(W, W.Ops[OpI].Family, Parsed.filter());
      }
    }
    if (ByKey)
      Counted[Q->Table] = true;
  }
  return Counted;
}

// The partitions table Table of Plan can have (its PartitionKey template's
// key space over the longest replay); nullopt when unbounded or unknown.
std::optional<double> partitionsAtMost(const DesignPlan &Plan,
                                       std::uint32_t Table) {
  if (!Plan.Schema || Table >= Plan.Tables.size())
    return std::nullopt;
  for (const schema::Table &T : Plan.Schema->Tables)
    if (T.Name == Plan.Tables[Table].Name)
      return schema::partitionKeySpaceOver(T, MaxReplaySeconds);
  return std::nullopt;
}

bool isFollower(const LogicalOp &Op, std::size_t OpI) {
  return Op.Unit >= 0 && Op.Unit != static_cast<int>(OpI);
}

// The share of a family's entities a write's `when` keeps (a sparse
// index's rows): a string property compared with a value of its declared
// list takes that value's weight; `and` multiplies, `or` adds (at most 1),
// `not` takes the rest. Anything else keeps every entity, which errs high.
double whenShare(const Filter &When, std::uint32_t Node,
                 const EntityFamily &Family) {
  const FilterNode &N = When.node(Node);
  switch (N.Kind) {
  case FilterNodeKind::And:
    return whenShare(When, N.Left, Family) * whenShare(When, N.Right, Family);
  case FilterNodeKind::Or:
    return std::min(1.0, whenShare(When, N.Left, Family) +
                             whenShare(When, N.Right, Family));
  case FilterNodeKind::Not:
    return 1 - whenShare(When, N.Left, Family);
  case FilterNodeKind::BoolProperty:
    return 1;
  case FilterNodeKind::Compare:
    break;
  }
  return declaredShare(Family, N).value_or(1);
}

// Seconds at the full rate that Duration with a linear ramp-up from 0
// generates.
double fullRateSeconds(double Duration, double RampUp) {
  if (RampUp <= 0)
    return Duration;
  if (Duration >= RampUp)
    return Duration - RampUp / 2;
  return Duration * Duration / (2 * RampUp);
}

} // namespace

double MemoryEstimate::operations(double Duration, double RampUp) const {
  return OperationsPerSecond * fullRateSeconds(Duration, RampUp);
}

double MemoryEstimate::bytes(double Duration, double RampUp) const {
  const double Seconds = fullRateSeconds(Duration, RampUp);
  std::vector<double> Held;
  for (const Part &T : Tasks)
    Held.push_back(T.at(Seconds));
  std::sort(Held.begin(), Held.end(), std::greater<>());
  double Bytes = Shared.at(Seconds);
  for (std::size_t I = 0; I < Held.size() && I < std::max(Jobs, 1u); ++I)
    Bytes += Held[I];
  return Bytes * Margin;
}

double MemoryEstimate::longestDuration(double Available, double RampUp) const {
  if (bytes(60, RampUp) > Available)
    return 0;
  // Whole minutes up to a year (MaxReplaySeconds); bytes() grows with the
  // duration.
  double Low = 1, High = MaxReplaySeconds / 60;
  if (bytes(High * 60, RampUp) <= Available)
    return High * 60;
  while (High - Low > 1) {
    const double Mid = std::floor((Low + High) / 2);
    (bytes(Mid * 60, RampUp) <= Available ? Low : High) = Mid;
  }
  return Low * 60;
}

MemoryEstimate estimateReplayMemory(const Workload &W,
                                    const std::vector<DesignPlan> &Plans,
                                    const WorkloadOptions &Options,
                                    unsigned Jobs, double AnswerSample) {
  MemoryEstimate E;
  E.Jobs = Jobs;
  E.Shared.Fixed = ProcessBytes;
  // Executions per second of each op at the full rate: a leader's rate
  // counts its entities; its followers run once per execution.
  std::vector<double> Executions(W.Ops.size(), 0);
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    if (isFollower(Op, OpI) || Op.PerSecond <= 0)
      continue;
    Executions[OpI] = Op.PerSecond / std::max(Op.EntitiesPerExecution, 1u);
    for (const std::uint32_t F : Op.Followers)
      Executions[F] = Executions[OpI];
  }
  auto EntityCost = [&](const EntityFamily &F) {
    return EntityBytes +
           EntityBytesPerProperty * static_cast<double>(F.Properties.size());
  };
  double Events = 0;
  std::vector<double> OpEvents(W.Ops.size(), 0); // per second, of each op
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    const double PerExecution =
        Op.IsQuery ? 1 : std::max(Op.EntitiesPerExecution, 1u);
    OpEvents[OpI] = Executions[OpI] * PerExecution;
    Events += OpEvents[OpI];
    if (!Op.IsQuery && createsEntity(Op.Kind))
      E.Shared.PerSecond +=
          Executions[OpI] * PerExecution * EntityCost(W.Families[Op.Family]);
  }
  E.OperationsPerSecond = Events;
  E.Shared.PerSecond += Events * EventBytes;
  std::vector<double> Existing(W.Families.size(), 0);
  if (!Options.Cold)
    for (std::size_t F = 0; F < W.Families.size(); ++F) {
      Existing[F] = static_cast<double>(existingToHold(W.Families[F], Options));
      E.Shared.Fixed += Existing[F] * EntityCost(W.Families[F]);
    }

  // Rows each design stores: every write it is sent, into every table
  // that declares it, and each family's existing entities in the tables
  // its creating writes fill (at least one). Of them the answer check
  // stores the sample's, and every row of a table it keeps whole.
  std::vector<MemoryEstimate::Part> Rows, Checked, Counted;
  std::vector<double> FanOutReads; // per second, of each design
  for (const DesignPlan &Plan : Plans) {
    MemoryEstimate::Part R, C, K;
    std::vector<bool> ByKey = countedTables(W, Plan, Plan.Tables.size());
    for (std::uint32_t T = 0; T < ByKey.size(); ++T)
      if (ByKey[T])
        if (const std::optional<double> Keys = partitionsAtMost(Plan, T)) {
          K.Fixed += *Keys; // bounded: not counted per row below
          ByKey[T] = false;
        }
    double Reads = 0;
    for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI)
      if (W.Ops[OpI].IsQuery && OpI < Plan.Queries.size() &&
          Plan.Queries[OpI] && Plan.Queries[OpI]->reads() > 1)
        Reads += Executions[OpI] *
                 static_cast<double>(Plan.Queries[OpI]->reads());
    FanOutReads.push_back(Reads);
    const std::vector<bool> Whole = tablesKeptWhole(W, Plan);
    auto Kept = [&](std::uint32_t Table) {
      return AnswerSample >= 1 || Whole[Table] ? 1.0 : AnswerSample;
    };
    std::vector<std::set<std::uint32_t>> TablesOf(W.Families.size());
    for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
      const LogicalOp &Op = W.Ops[OpI];
      if (Op.IsQuery)
        continue;
      for (const WriteTarget &T : Plan.Writes[OpI]) {
        TablesOf[Op.Family].insert(T.Table);
        if (!createsEntity(Op.Kind))
          continue;
        const double Stored =
            Executions[OpI] * std::max(Op.EntitiesPerExecution, 1u) *
            (T.When ? whenShare(*T.When, T.When->Root, W.Families[Op.Family])
                    : 1.0);
        R.PerSecond += Stored;
        C.PerSecond += Stored * Kept(T.Table);
        K.PerSecond += ByKey[T.Table] ? Stored : 0;
      }
    }
    for (std::size_t F = 0; F < W.Families.size(); ++F) {
      R.Fixed +=
          Existing[F] *
          static_cast<double>(std::max<std::size_t>(TablesOf[F].size(), 1));
      double Share = TablesOf[F].empty() ? std::min(AnswerSample, 1.0) : 0;
      for (const std::uint32_t T : TablesOf[F]) {
        Share += Kept(T);
        K.Fixed += ByKey[T] ? Existing[F] : 0;
      }
      C.Fixed += Existing[F] * Share;
    }
    Rows.push_back(R);
    Counted.push_back(K);
    Checked.push_back(C);
  }
  MemoryEstimate::Part Check;
  for (std::size_t D = 0; D < Rows.size(); ++D) {
    const MemoryEstimate::Part &R = Rows[D];
    const MemoryEstimate::Part &K = Counted[D];
    MemoryEstimate::Part Task;
    Task.Fixed = R.Fixed * SimulationRowBytes + K.Fixed * CountedKeyBytes +
                 FanOutReads[D] * limits::MaxQuerySeconds * FanOutReadBytes;
    Task.PerSecond = Events * SimulationEventBytes +
                     R.PerSecond * SimulationRowBytes +
                     K.PerSecond * CountedKeyBytes;
    for (const double PerSecond : OpEvents) {
      Task.Fixed += LatencyHistogramBytes;
      Task.UpTo.push_back(
          {PerSecond * LatencyBytes,
           static_cast<double>(ReplayOptions().ExactLatencies) * LatencyBytes});
    }
    E.Tasks.push_back(std::move(Task));
    Check.Fixed += Checked[D].Fixed * CheckRowBytes;
    Check.PerSecond += Checked[D].PerSecond * CheckRowBytes;
  }
  if (Plans.size() == 2 && AnswerSample > 0) {
    Check.PerSecond += Events * CheckEventBytes;
    E.Tasks.push_back(Check);
  }
  return E;
}

} // namespace tablelint::replay
