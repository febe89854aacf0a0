// The workload generated a window at a time (replay/Workload.h:
// ArrivalStream, EventStream) is the workload drawn at once: the same
// arrivals in the same order as the up-front generation, and the same
// events and entities whatever the window, on every test schema.
#include "core/schema/SchemaLoader.h"
#include "replay/Workload.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

namespace tablelint::replay {
namespace {

namespace fs = std::filesystem;

// The replay's test schemas, the design patterns' and the demo's.
std::vector<fs::path> testSchemas() {
  const fs::path Root(TABLELINT_SOURCE_DIR);
  std::vector<fs::path> Paths;
  for (const char *Dir : {"test-inputs/schemas/replay",
                          "test-inputs/schemas/patterns"})
    for (const fs::directory_entry &E : fs::directory_iterator(Root / Dir))
      if (E.path().extension() == ".yaml")
        Paths.push_back(E.path());
  Paths.push_back(Root / "examples/telemetry-service/schema/telemetry.yaml");
  std::sort(Paths.begin(), Paths.end());
  return Paths;
}

// A schema and the workload model built from it (which points into it).
struct Model {
  explicit Model(const fs::path &Path)
      : Load(schema::loadSchemaFile(Path.string())) {
    EXPECT_TRUE(Load.ok()) << Path;
    std::vector<InputError> Errors;
    if (Load.ok())
      W = buildWorkloadModel(Load.Value, Errors);
  }
  schema::SchemaLoad Load;
  Workload W;
};

// The arrivals as generateEvents drew them before it took windows: every
// op's Poisson process over the whole run, then one sort (kept here as
// the reference; its sort by time and op rank written as the sort by
// time and place appended it amounts to).
std::vector<WorkloadEvent> arrivalsAtOnce(const Workload &W,
                                          const WorkloadOptions &Options) {
  std::vector<WorkloadEvent> Events;
  for (std::size_t OpI = 0; OpI < W.Ops.size(); ++OpI) {
    const LogicalOp &Op = W.Ops[OpI];
    if (Op.PerSecond <= 0 || (Op.Unit >= 0 && Op.Unit != static_cast<int>(OpI)))
      continue;
    Rng R(streamSeed(Options.Seed, "arrivals:" + Op.Name));
    const double Mean = Op.EntitiesPerExecution / Op.PerSecond;
    auto Execute = [&](double T) {
      for (std::uint32_t K = 0; K < Op.EntitiesPerExecution; ++K)
        Events.push_back({T, static_cast<std::uint16_t>(OpI), 0});
      for (std::uint32_t F : Op.Followers)
        for (std::uint32_t K = 0; K < W.Ops[F].EntitiesPerExecution; ++K)
          Events.push_back({T, static_cast<std::uint16_t>(F), 0});
    };
    const std::size_t Before = Events.size();
    for (double T = R.exponential(Mean); T < Options.DurationSeconds;
         T += R.exponential(Mean)) {
      if (Options.RampUpSeconds > 0 && T < Options.RampUpSeconds &&
          R.uniform() * Options.RampUpSeconds >= T)
        continue;
      Execute(T);
    }
    if (Options.EveryOpAtLeastOnce && Events.size() == Before)
      Execute(Options.DurationSeconds / 2);
  }
  // Appended by op, each execution's leader before its followers: kept
  // in that order at one time (a sort by time, then by place appended),
  // as the sort by time and rank did.
  std::vector<std::size_t> Order(Events.size());
  for (std::size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    return Events[A].Time < Events[B].Time ||
           (Events[A].Time == Events[B].Time && A < B);
  });
  std::vector<WorkloadEvent> Sorted;
  for (std::size_t I : Order)
    Sorted.push_back(Events[I]);
  return Sorted;
}

std::vector<WorkloadEvent> inWindows(const Workload &W,
                                     const WorkloadOptions &Options,
                                     double Window) {
  ArrivalStream Stream(W, Options);
  std::vector<WorkloadEvent> Events;
  for (double Until = Window; Stream.next(Until, Events); Until += Window) {
  }
  return Events;
}

// Equal events, each named by its place for the failure message.
void expectSameEvents(const std::vector<WorkloadEvent> &Expected,
                      const std::vector<WorkloadEvent> &Actual,
                      const std::string &What) {
  ASSERT_EQ(Actual.size(), Expected.size()) << What;
  for (std::size_t I = 0; I < Expected.size(); ++I) {
    ASSERT_EQ(Actual[I].Time, Expected[I].Time) << What << " event " << I;
    ASSERT_EQ(Actual[I].Op, Expected[I].Op) << What << " event " << I;
    ASSERT_EQ(Actual[I].Entity, Expected[I].Entity) << What << " event " << I;
  }
}

TEST(EventStream, ArrivalsInWindowsAreTheRunDrawnAtOnce) {
  std::size_t WithArrivals = 0;
  for (const fs::path &Path : testSchemas()) {
    const Model M(Path);
    const Workload &W = M.W;
    for (const double RampUp : {0.0, 40.0})
      for (const bool Once : {false, true}) {
        WorkloadOptions O;
        O.DurationSeconds = 90;
        O.RampUpSeconds = RampUp;
        O.EveryOpAtLeastOnce = Once;
        O.Seed = 5;
        const std::vector<WorkloadEvent> Expected = arrivalsAtOnce(W, O);
        WithArrivals += !Expected.empty();
        for (const double Window : {0.7, 13.0, 90.0, 1000.0})
          expectSameEvents(Expected, inWindows(W, O, Window),
                           Path.filename().string() + " window " +
                               std::to_string(Window) + " ramp-up " +
                               std::to_string(RampUp));
      }
  }
  EXPECT_GT(WithArrivals, 40u) << "the schemas' runs have arrivals";
}

TEST(EventStream, EventsAndEntitiesDoNotDependOnTheWindow) {
  for (const fs::path &Path : testSchemas()) {
    WorkloadOptions O;
    O.DurationSeconds = 150;
    O.RampUpSeconds = 20;
    Model WholeModel(Path), WindowedModel(Path);
    Workload &Whole = WholeModel.W, &Windowed = WindowedModel.W;
    generateEvents(Whole, O);
    EventStream Stream(Windowed, O);
    std::vector<WorkloadEvent> Events;
    for (double Until = 0.37; Stream.next(Until, Events); Until += 0.37) {
    }
    const std::string Name = Path.filename().string();
    expectSameEvents(Whole.Events, Events, Name);
    ASSERT_EQ(Windowed.entityCount(), Whole.entityCount()) << Name;
    for (std::uint32_t E = 0; E < Whole.entityCount(); ++E) {
      ASSERT_EQ(Windowed.familyOf(E), Whole.familyOf(E)) << Name;
      const std::size_t Props =
          Whole.Families[Whole.familyOf(E)].Properties.size();
      for (std::uint32_t P = 0; P < Props; ++P)
        ASSERT_EQ(Windowed.code(E, P), Whole.code(E, P))
            << Name << " entity " << E << " property " << P;
    }
    for (std::size_t Op = 0; Op < Whole.Ops.size(); ++Op)
      EXPECT_EQ(Windowed.Ops[Op].Unaddressed, Whole.Ops[Op].Unaddressed)
          << Name << " " << Whole.Ops[Op].Name;
    EXPECT_EQ(Windowed.AfreshQueryEntities, Whole.AfreshQueryEntities) << Name;
    EXPECT_EQ(Windowed.OutsideSampleTargets, Whole.OutsideSampleTargets)
        << Name;
  }
}

} // namespace
} // namespace tablelint::replay
