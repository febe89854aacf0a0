// Replay engine throughput on one core: simulated requests per second for
// point writes, batches and scans, and how it scales with the simulated
// duration (entities stored) and the number of partition keys. The
// baseline is a bare std::map<std::string, uint32_t> insert loop over keys
// of the same shape and count (what the store was before replay/RowStore.h),
// so the figure to report is the ratio to it.
#include "core/schema/SchemaLoader.h"
#include "replay/DesignPlan.h"
#include "replay/ProcessMemory.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <benchmark/benchmark.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace tablelint;
using namespace tablelint::replay;

schema::KeyTemplate keyTemplate(const std::string &Text) {
  std::string Error;
  return *schema::parseKeyTemplate(Text, Error);
}

// Readings of 10,000 devices; PartitionKey spread over Buckets buckets
// (1: the day key).
schema::Schema readings(double Rate, std::int64_t Buckets, unsigned Batch,
                        double QueriesPerSecond,
                        const char *Filter = "temperature gt 499.5") {
  schema::Schema S;
  schema::Table T;
  T.Name = "DeviceReadings";
  T.PartitionKey =
      keyTemplate(Buckets > 1 ? "{deviceId|hash:" + std::to_string(Buckets) +
                                    "}_{readingTime:yyyyMMdd}"
                              : "{readingTime:yyyyMMdd}");
  T.RowKey = keyTemplate("{deviceId}_{readingTime:ticks}");
  schema::Property Device;
  Device.Name = "deviceId";
  Device.Distinct = 10000;
  schema::Property Time;
  Time.Name = "readingTime";
  Time.Type = EdmType::DateTime;
  Time.Grows = true;
  schema::Property Temperature;
  Temperature.Name = "temperature";
  Temperature.Type = EdmType::Double;
  Temperature.Distinct = 500;
  T.Properties = {Device, Time, Temperature};
  schema::Write W;
  W.Name = "ingest";
  W.Frequency.PerSecond = Rate;
  W.BatchSize = Batch;
  T.Writes.push_back(W);
  if (QueriesPerSecond > 0) {
    schema::Query Q;
    Q.Name = "hot-readings";
    Q.Filter = Filter;
    Q.Frequency.PerSecond = QueriesPerSecond;
    T.Queries.push_back(Q);
  }
  S.Tables.push_back(T);
  return S;
}

struct Prepared {
  schema::Schema S;
  Workload W;
  DesignPlan Plan;
};

std::unique_ptr<Prepared> prepare(double Rate, double Seconds,
                                  std::int64_t Buckets, unsigned Batch = 1,
                                  double Queries = 0,
                                  const char *Filter = "temperature gt 499.5") {
  auto P = std::make_unique<Prepared>();
  P->S = readings(Rate, Buckets, Batch, Queries, Filter);
  std::vector<InputError> Errors;
  P->W = buildWorkloadModel(P->S, Errors);
  WorkloadOptions O;
  O.DurationSeconds = Seconds;
  generateEvents(P->W, O);
  P->Plan = planDesign(P->W, P->S, "bench", Errors);
  return P;
}

// Budgets out of the way: what is measured is the engine, not throttling.
ReplayOptions unthrottled() {
  ReplayOptions O;
  O.Service.PartitionEntitiesPerSecond = 1e12;
  O.Service.AccountEntitiesPerSecond = 1e12;
  O.DrainSeconds = 5;
  return O;
}

void run(benchmark::State &State, const Prepared &P, const ReplayOptions &O,
         bool CountScanned = false) {
  std::uint64_t Items = 0;
  for (auto _ : State) {
    DesignResult R = simulateDesign(P.W, P.Plan, O);
    Items += CountScanned ? R.EntitiesScanned : R.Requests;
    benchmark::DoNotOptimize(R);
  }
  State.SetItemsProcessed(static_cast<std::int64_t>(Items));
}

// Baseline: insert the same number of keys, of the same shape, into a map.
void BM_MapInsertBaseline(benchmark::State &State) {
  const auto N = static_cast<std::size_t>(State.range(0));
  std::vector<std::string> Keys;
  for (std::size_t I = 0; I < N; ++I)
    Keys.push_back(std::string("07_20250101") + '\0' + "deviceId-" +
                   std::to_string(I * 7919 % 10000) + "_063871286400" +
                   std::to_string(1000000 + I));
  for (auto _ : State) {
    std::map<std::string, std::uint32_t> Map;
    for (std::size_t I = 0; I < N; ++I)
      Map.emplace(Keys[I], static_cast<std::uint32_t>(I));
    benchmark::DoNotOptimize(Map);
  }
  State.SetItemsProcessed(static_cast<std::int64_t>(State.iterations() * N));
}
BENCHMARK(BM_MapInsertBaseline)
    ->Arg(60000)
    ->Arg(240000)
    ->Arg(960000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

// Scan baseline: walk a map of 240,000 such keys in order, reading each
// value (what a scan does before it evaluates anything).
void BM_MapScanBaseline(benchmark::State &State) {
  std::map<std::string, std::uint32_t> Map;
  for (std::uint32_t I = 0; I < 240000; ++I)
    Map.emplace(std::string("07_20250101") + '\0' + "deviceId-" +
                    std::to_string(I * 7919 % 10000) + "_063871286400" +
                    std::to_string(1000000 + I),
                I);
  std::uint64_t Items = 0;
  for (auto _ : State) {
    std::uint64_t Sum = 0;
    for (const auto &[Key, Value] : Map)
      Sum += Value + Key.size();
    benchmark::DoNotOptimize(Sum);
    Items += Map.size();
  }
  State.SetItemsProcessed(static_cast<std::int64_t>(Items));
}
BENCHMARK(BM_MapScanBaseline)->Unit(benchmark::kMillisecond)->Iterations(3);

// Point inserts at 1,000/s over 60, 240, 960 simulated seconds.
void BM_PointWrites(benchmark::State &State) {
  const auto P = prepare(1000, static_cast<double>(State.range(0)) / 1000, 16);
  run(State, *P, unthrottled());
}
BENCHMARK(BM_PointWrites)
    ->Arg(60000)
    ->Arg(240000)
    ->Arg(960000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

// 240,000 point inserts over 1, 64 or 4,096 partition keys.
void BM_PointWritesKeys(benchmark::State &State) {
  const auto P = prepare(1000, 240, State.range(0));
  run(State, *P, unthrottled());
}
BENCHMARK(BM_PointWritesKeys)
    ->Arg(1)
    ->Arg(64)
    ->Arg(4096)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

// The same inserts in entity group transactions of 100.
void BM_BatchWrites(benchmark::State &State) {
  const auto P =
      prepare(1000, static_cast<double>(State.range(0)) / 1000, 16, 100);
  std::uint64_t Entities = 0;
  for (auto _ : State) {
    DesignResult R = simulateDesign(P->W, P->Plan, unthrottled());
    Entities += R.EntitiesWritten;
    benchmark::DoNotOptimize(R);
  }
  State.SetItemsProcessed(static_cast<std::int64_t>(Entities));
}
BENCHMARK(BM_BatchWrites)
    ->Arg(240000)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

// Table scans with a filter on a non-key property over a table that grows
// to 240,000 entities: items are entities scanned.
void BM_Scans(benchmark::State &State) {
  const auto P = prepare(1000, 240, 16, 1, 0.1);
  run(State, *P, unthrottled(), true);
}
BENCHMARK(BM_Scans)->Unit(benchmark::kMillisecond)->Iterations(3);

// Whole-partition reads of the day key (one partition growing to 60,000
// entities at 100 writes/s), 5 a second: items are entities scanned.
// Arg 0: pages costed from the partition's count (replay/LoadCounts.h);
// 1: pages walk the rows (ServiceModel::CountedPages off), as before.
void BM_PartitionScans(benchmark::State &State) {
  const auto P = prepare(100, 600, 1, 1, 5, "PartitionKey eq '20250101'");
  ReplayOptions O = unthrottled();
  O.Service.CountedPages = State.range(0) == 0;
  run(State, *P, O, true);
}
BENCHMARK(BM_PartitionScans)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3);

// The headline with the real budgets: 6,000/s on one day key for 120 s,
// most requests throttled and retried.
void BM_ThrottledWrites(benchmark::State &State) {
  const auto P = prepare(6000, 120, 1);
  ReplayOptions O;
  O.DrainSeconds = 30;
  run(State, *P, O);
}
BENCHMARK(BM_ThrottledWrites)->Unit(benchmark::kMillisecond)->Iterations(3);

// Key rendering of datetime placeholders on its own: what BoundTemplate
// renders whenever a cached period ends (each millisecond for "fff"). One
// value a millisecond apart per item, so no rendering repeats. Arg: 0 a
// compact key to the millisecond, 1 a day with separators, 2 the 7 fraction
// digits with literal text.
void BM_DateKeyRender(benchmark::State &State) {
  static const char *const Templates[] = {"{t:yyyyMMddHHmmssfff}",
                                          "{t:yyyy-MM-dd}",
                                          "{t:yyyy-MM-ddTHH:mm:ss.fffffff}Z"};
  const schema::KeyTemplate T =
      keyTemplate(Templates[static_cast<std::size_t>(State.range(0))]);
  const schema::KeyPart &Part = T.Parts[0];
  EdmValue V;
  V.Type = EdmType::DateTime;
  constexpr std::int64_t Start = 639000000000000000; // 2025
  constexpr std::int64_t PerItem = 10000;             // 1 ms
  std::int64_t Items = 0;
  std::size_t Bytes = 0;
  for (auto _ : State) {
    V.Int = Start;
    for (int I = 0; I < 100000; ++I, V.Int += PerItem) {
      const std::string Text = schema::renderPlaceholder(Part, V);
      Bytes += Text.size();
    }
    Items += 100000;
  }
  benchmark::DoNotOptimize(Bytes);
  State.SetItemsProcessed(Items);
}
BENCHMARK(BM_DateKeyRender)->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

// The demo (scripts/demo.sh): the telemetry example and its suggested
// design (bench/inputs/telemetry-suggested.yaml, `tablelint suggest` output
// kept fixed), 10 simulated minutes with 5 of ramp-up, every budget as the
// command runs it. Items: logical operations simulated. Arg 0: both
// designs (the speed figure); arg 1: the suggested design alone, whose
// peak holds the workload and its store of 5.4 M entities, and no client
// backlog (the current design, throttled, queues millions of requests in
// its client: that peak is not a cost per stored entity). Counters: peak
// resident memory, that peak per entity stored, the resident memory before
// the workload (base), and the peak above the base per entity stored.
void BM_Demo(benchmark::State &State) {
  schema::SchemaLoad Current =
      schema::loadSchemaFile("examples/telemetry-service/schema/telemetry.yaml");
  schema::SchemaLoad Suggested =
      schema::loadSchemaFile("bench/inputs/telemetry-suggested.yaml");
  if (!Current.ok() || !Suggested.ok()) {
    State.SkipWithError("run from the source tree: demo schemas not found");
    return;
  }
  // What the process holds before any workload (the binary and its
  // shared libraries, LLVM's among them, and the two loaded designs): a
  // fixed cost, which the figure per stored entity is also given without.
  // As `tablelint replay` runs it.
  returnLargeBlocksToSystem();
  const auto BaseBytes = static_cast<double>(replay::residentBytes());
  std::uint64_t Operations = 0, LargestStore = 0;
  for (auto _ : State) {
    std::vector<InputError> Errors;
    Workload W = buildWorkloadModel(Current.Value, Errors);
    WorkloadOptions O;
    O.DurationSeconds = 600;
    O.RampUpSeconds = 300;
    generateEvents(W, O);
    std::vector<const schema::SchemaLoad *> Designs = {&Current, &Suggested};
    if (State.range(0) == 1)
      Designs.erase(Designs.begin());
    for (const schema::SchemaLoad *Design : Designs) {
      DesignPlan Plan = planDesign(W, Design->Value, "demo", Errors);
      DesignResult R = simulateDesign(W, Plan, ReplayOptions());
      Operations += R.Issued;
      // The demo deletes nothing: what was written is stored.
      LargestStore = std::max<std::uint64_t>(LargestStore, R.EntitiesWritten);
      benchmark::DoNotOptimize(R);
    }
  }
  State.SetItemsProcessed(static_cast<std::int64_t>(Operations));
  rusage Usage{};
  getrusage(RUSAGE_SELF, &Usage);
  const double PeakBytes = static_cast<double>(Usage.ru_maxrss) * 1024;
  State.counters["peak_MB"] = PeakBytes / 1e6;
  const double Stored =
      static_cast<double>(std::max<std::uint64_t>(1, LargestStore));
  State.counters["bytes_per_entity"] = PeakBytes / Stored;
  State.counters["base_MB"] = BaseBytes / 1e6;
  State.counters["added_bytes_per_entity"] = (PeakBytes - BaseBytes) / Stored;
}
BENCHMARK(BM_Demo)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

} // namespace

BENCHMARK_MAIN();
