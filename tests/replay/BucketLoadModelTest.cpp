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

} // namespace
} // namespace tablelint::replay
