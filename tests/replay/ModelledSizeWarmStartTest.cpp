// Warm start at the table's modelled size: a table that declares only a
// retention starts with what its inserts kept over it, the size the lint
// model gives it; a table too large to hold is a weighted sample whose
// entities count as many in scans and pages.
#include "checks/schema/Load.h"
#include "replay/Simulation.h"

#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

namespace tablelint::replay {
namespace {

using namespace test;

// 100 readings/s kept for an hour (360,000 entities), and a query that
// reads all of them once, halfway through a 20 s run.
schema::Schema hourOfReadings() {
  schema::Schema S = telemetrySchema(100, "{deviceId|hash:4}");
  S.Tables[0].RetentionSeconds = 3600;
  S.Tables[0].Queries.push_back(
      query("everything", "status ne 'none'", 1e-6));
  return S;
}

// Budgets out of the way: the test is about what is read, not throttling.
// A page still stops after 10,000 entities scanned (its server time).
ReplayOptions unthrottled() {
  ReplayOptions O;
  O.Service.PartitionEntitiesPerSecond = 1e9;
  O.Service.RangeEntitiesPerSecond = 1e9;
  O.Service.AccountEntitiesPerSecond = 1e9;
  O.Service.MaxPageServerSeconds = 1e-5;
  return O;
}

const OpResult &op(const DesignResult &D, const std::string &Name) {
  for (const OpResult &Op : D.Ops)
    if (Op.Name == Name)
      return Op;
  ADD_FAILURE() << "no op " << Name;
  return D.Ops.front();
}

TEST(ModelledSizeWarmStart, RetentionSizesTheTableAsTheLintModelDoes) {
  const schema::Schema S = hourOfReadings();
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(S, Errors);
  ASSERT_TRUE(Errors.empty());
  EXPECT_EQ(W.Families[0].ModelledEntities,
            schema::tableSize(S.Tables[0]).Entities);
  EXPECT_EQ(W.Families[0].ModelledEntities, 360000);

  WorkloadOptions O;
  O.DurationSeconds = 20;
  O.EveryOpAtLeastOnce = true;
  generateEvents(W, O);
  // More than the 250,000 held: a sample of 180,000 standing for two each.
  EXPECT_EQ(W.Families[0].ExistingCount, 180000u);
  EXPECT_EQ(W.Families[0].ExistingWeight, 2u);
}

TEST(ModelledSizeWarmStart, SampledEntitiesCountTheirWeightInScansAndPages) {
  const schema::Schema S = hourOfReadings();
  WorkloadOptions O;
  O.DurationSeconds = 20;
  O.EveryOpAtLeastOnce = true;
  O.MaxExistingEntities = 10; // each stands for 36,000
  Replay Warm;
  runReplay(Warm, {&S}, O, unthrottled());
  ASSERT_EQ(Warm.W.Families[0].ExistingWeight, 36000u);
  ASSERT_EQ(Warm.W.Families[0].ExistingCount, 10u);
  O.Cold = true;
  Replay Cold;
  runReplay(Cold, {&S}, O, unthrottled());

  const OpResult &W = op(Warm.Results[0], "everything");
  const OpResult &C = op(Cold.Results[0], "everything");
  ASSERT_EQ(W.Completed, 1u);
  ASSERT_EQ(C.Completed, 1u);
  // The same writes came before the query in both runs: the warm one read
  // the hour of existing readings on top, all of them (every one matches),
  // and the few written while its 360 more pages ran (100/s, 5 ms a page).
  EXPECT_GE(W.Scanned - C.Scanned, 360000u);
  EXPECT_LE(W.Scanned - C.Scanned, 360000u + 100 * 3);
  EXPECT_EQ(W.Returned, W.Scanned);
  // At most 1,000 entities a page: a page ends inside a sampled entity
  // and the next goes on from there, so 360 pages more than cold, not 10.
  EXPECT_EQ(W.Pages, (W.Returned + 999) / 1000);
  EXPECT_GE(W.Pages - C.Pages, 359u);
  // The report says the table was sampled, and with what weight.
  bool Noted = false;
  for (const std::string &N : Warm.Results[0].Notes)
    Noted = Noted || N.find("each counting as 36000 entities") !=
                         std::string::npos;
  EXPECT_TRUE(Noted);
}

TEST(ModelledSizeWarmStart, UnfinishedScanCountsThePagesItStillNeeded) {
  // The same table at the real budgets: a query reading 360,000 entities
  // of one key range at 2,000/s per key cannot finish in a 20 s run (plus
  // a short drain); the figures say how far it had to go.
  const schema::Schema S = hourOfReadings();
  WorkloadOptions O;
  O.DurationSeconds = 20;
  O.EveryOpAtLeastOnce = true;
  O.MaxExistingEntities = 1000;
  ReplayOptions RO;
  RO.DrainSeconds = 5;
  Replay R;
  runReplay(R, {&S}, O, RO);
  const DesignResult &D = R.Results[0];
  EXPECT_EQ(D.UnfinishedQueries, 1u);
  // 360,000 existing entities plus the new ones, less what was read, at
  // 1,000 a page (all match): well over 300 pages to go.
  EXPECT_GT(D.UnfinishedQueryPages, 300u);
  EXPECT_LT(D.UnfinishedQueryPages, 362u);
  bool Noted = false;
  for (const std::string &N : D.Notes)
    Noted = Noted || N.find("query 'everything': 1 execution was still "
                            "reading when the run ended") != std::string::npos;
  EXPECT_TRUE(Noted);
}

} // namespace
} // namespace tablelint::replay
