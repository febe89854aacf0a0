// The lint load model and the simulator agree on a hashed partition key:
// the entities the busiest bucket receives in a replay are the ones the
// model's `hash:B` rule predicts (the zipf top value whole in its bucket,
// the rest spread), so `suggest` sizes the bucket count on the figure the
// replay will see.
#include "checks/schema/Load.h"

#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

namespace tablelint::replay {
namespace {

using namespace test;

schema::Schema hashedReadings(schema::DistributionKind Kind, double Skew) {
  schema::Schema S;
  S.File = "hashed.yaml";
  schema::Table T = readingsTable("Readings", "{deviceId|hash:8}",
                                  "{deviceId}_{readingTime:ticks}");
  T.Properties[0].Distinct = 1000;
  T.Properties[0].Dist.Kind = Kind;
  T.Properties[0].Dist.Param = Skew;
  T.Writes.push_back(write("ingest-reading", 1000));
  S.Tables.push_back(T);
  return S;
}

// The replayed entities of the busiest PartitionKey against the model's
// entities/s on the busiest partition times the run's length.
void expectBusiestBucketAsModelled(const schema::Schema &S, double Tolerance) {
  const schema::Table &T = S.Tables[0];
  const schema::OperationLoad Model = schema::writeLoad(T, T.Writes[0]);
  ASSERT_TRUE(Model.HottestPartitionEntitiesPerSecond.has_value());
  WorkloadOptions O;
  O.DurationSeconds = 120;
  Replay R;
  runReplay(R, {&S}, O);
  const DesignResult &D = R.Results[0];
  // 1,000 writes/s spread over 8 keys stays under every budget: what a key
  // received is what the workload sent it.
  ASSERT_EQ(D.Throttled, 0u);
  ASSERT_FALSE(D.MostAccessed.empty());
  const double Expected = *Model.HottestPartitionEntitiesPerSecond * 120;
  EXPECT_NEAR(static_cast<double>(D.MostAccessed[0].Accessed), Expected,
              Tolerance * Expected)
      << Model.Explain;
  // The model rounds the other values' spread up to an even 1/B: it may
  // overstate the busiest bucket a little, never understate it.
  EXPECT_LE(static_cast<double>(D.MostAccessed[0].Accessed), Expected * 1.02)
      << Model.Explain;
}

TEST(BucketLoadModel, ZipfTopValueStaysWholeInItsBucket) {
  const schema::Schema S = hashedReadings(schema::DistributionKind::Zipf, 0.99);
  // zipf(0.99) over 1,000 values: 13.4% on the top value, + 86.6% / 8 =
  // 23.8% on its bucket by the model; the hash puts 22.1% there.
  expectBusiestBucketAsModelled(S, 0.10);
  // And the busiest key is the top value's bucket (value index 0).
  const schema::KeyPart &Part = S.Tables[0].PartitionKey.Parts[0];
  Replay R;
  WorkloadOptions O;
  O.DurationSeconds = 10;
  runReplay(R, {&S}, O);
  ASSERT_FALSE(R.Results[0].MostAccessed.empty());
  EXPECT_EQ(R.Results[0].MostAccessed[0].PartitionKey,
            schema::renderPlaceholder(Part, EdmValue::string("deviceId-0")));
}

TEST(BucketLoadModel, UniformValuesSpreadEvenly) {
  // 1,000 uniform values over 8 buckets: 1/8 each, within sampling noise.
  expectBusiestBucketAsModelled(
      hashedReadings(schema::DistributionKind::Uniform, 0), 0.05);
}

TEST(BucketLoadModel, TableScanLeftInABucketedDesignHeatsTheFirstBucket) {
  // 6,000 inserts/s over 16 buckets (375/s each) and a table scan every
  // 10 s: the writes spread evenly, the scan does not. Every execution
  // starts on the first key and reads it as fast as the key's budget
  // allows (each page, the first one too, admitted by the budget of the
  // key it reads), so the first bucket serves the most, its writes are
  // throttled, and the report says the queries' reads did it.
  schema::Schema S = telemetrySchema(6000, BucketedDayKey);
  S.Tables[0].Queries.push_back(
      query("failing-devices", "status eq 'failing'", 0.1));
  WorkloadOptions O;
  O.DurationSeconds = 120;
  Replay R;
  runReplay(R, {&S}, O);
  const DesignResult &D = R.Results[0];
  ASSERT_GE(D.MostAccessed.size(), 3u);
  EXPECT_EQ(D.MostAccessed[0].PartitionKey, "00_20250101");
  EXPECT_GT(D.MostAccessed[0].Accessed, D.MostAccessed[2].Accessed);
  ASSERT_FALSE(D.MostThrottled.empty());
  const HotKey &First = D.MostThrottled[0];
  EXPECT_EQ(First.PartitionKey, "00_20250101");
  EXPECT_GT(First.Scanned, First.Accessed / 3);
  bool Explained = false;
  for (const std::string &N : D.Notes)
    Explained |=
        N.find("partition key '00_20250101' of table "
               "'DeviceReadings': " +
               std::to_string(First.Scanned) + " of the " +
               std::to_string(First.Accessed) +
               " entities it served were read by queries") != std::string::npos;
  EXPECT_TRUE(Explained);

  // Without the scan nothing is throttled and no such note is written.
  schema::Schema Writes = telemetrySchema(6000, BucketedDayKey);
  Replay Quiet;
  runReplay(Quiet, {&Writes}, O);
  EXPECT_EQ(Quiet.Results[0].Throttled, 0u);
  for (const std::string &N : Quiet.Results[0].Notes)
    EXPECT_EQ(N.find("read by queries"), std::string::npos) << N;
}

} // namespace
} // namespace tablelint::replay
