// Fan-out on write (replay/FanOutWrite.h): issue 46's social feed, each
// post copied into the feed of every one of its author's 200 followers,
// replayed as a team writes it. A batch of the copies under the follower's
// own PartitionKey spans 100 partitions and the service rejects it; each
// copy alone, or a batch per hash bucket of the follower, is accepted.
#include "core/AtomicFile.h"
#include "core/schema/SchemaLoader.h"
#include "replay/DesignPlan.h"
#include "replay/MemoryEstimate.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

#include <set>

namespace tablelint::replay {
namespace {

using test::op;

const std::string Inputs =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/replay/";

constexpr const char *Batched = "feed-fan-out-batched-per-follower.yaml";
constexpr const char *OneByOne = "feed-fan-out-one-by-one.yaml";
constexpr const char *Bucketed = "feed-fan-out-bucketed.yaml";

// 2,000 rows/s of 200 followers each: 10 posts a second.
constexpr double RowsPerSecond = 2000;

schema::SchemaLoad load(const std::string &File) {
  schema::SchemaLoad L = schema::loadSchemaFile(Inputs + File);
  EXPECT_TRUE(L.ok()) << (L.Errors.empty() ? "" : L.Errors.front().str());
  return L;
}

// The design of File replayed alone for Seconds.
struct Replayed {
  schema::SchemaLoad Schema;
  Workload W;
  DesignResult D;
};

void replayFile(Replayed &R, const std::string &File, double Seconds = 10) {
  R.Schema = load(File);
  std::vector<InputError> Errors;
  R.W = buildWorkloadModel(R.Schema.Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = Seconds;
  generateEvents(R.W, O);
  const DesignPlan Plan = planDesign(R.W, R.Schema.Value, "current", Errors);
  for (const InputError &E : Errors)
    ADD_FAILURE() << E.str();
  R.D = simulateDesign(R.W, Plan, ReplayOptions());
}

std::uint64_t writeRequests(const DesignResult &D) {
  return D.Requests - D.QueryPages;
}

bool saysNotModelled(const DesignResult &D) {
  for (const std::string &N : D.Notes)
    if (N.find("fan-out on write") != std::string::npos)
      return true;
  return false;
}

// One execution writes 200 rows at one time: each another follower, the
// same post (its id, author, time and text) in every one.
TEST(FanOutWrite, EachRowOfAPostIsAnotherFollowerWithTheSamePost) {
  const schema::SchemaLoad L = load(Batched);
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(L.Value, Errors);
  ASSERT_TRUE(Errors.empty());
  WorkloadOptions O;
  O.DurationSeconds = 5;
  generateEvents(W, O);
  const int Index = W.opIndex("deliver-post");
  ASSERT_GE(Index, 0);
  const auto Deliver = static_cast<std::uint16_t>(Index);
  EXPECT_EQ(W.Ops[Deliver].EntitiesPerExecution, 200u);
  const EntityFamily &F = W.Families[W.Ops[Deliver].Family];
  const auto Follower =
      static_cast<std::uint32_t>(F.propertyIndex("followerId"));
  std::size_t Posts = 0;
  for (std::size_t I = 0; I < W.Events.size();) {
    if (W.Events[I].Op != Deliver) {
      ++I;
      continue;
    }
    const WorkloadEvent &First = W.Events[I];
    std::set<std::uint64_t> Seen;
    std::size_t Rows = 0;
    for (; I < W.Events.size() && W.Events[I].Op == Deliver &&
           W.Events[I].Time == First.Time;
         ++I, ++Rows) {
      const std::uint32_t E = W.Events[I].Entity;
      EXPECT_TRUE(Seen.insert(W.code(E, Follower)).second)
          << "a follower twice in one post";
      for (std::uint32_t P = 0; P < F.Properties.size(); ++P)
        if (P != Follower)
          EXPECT_EQ(W.code(E, P), W.code(First.Entity, P))
              << F.Properties[P].Name;
    }
    EXPECT_EQ(Rows, 200u);
    ++Posts;
  }
  // 10 posts a second, a Poisson count.
  EXPECT_GT(Posts, 25u);
  EXPECT_LT(Posts, 80u);
}

// PartitionKey = the follower, batches of 100: every batch spans 100
// partitions, the service answers 400 to each and every row of it fails;
// no follower's feed gets the post. Nothing is throttled: the service
// turned the requests away before counting them.
TEST(FanOutWrite, BatchesAcrossFollowersPartitionsAreRejectedWhole) {
  Replayed R;
  replayFile(R, Batched);
  const OpResult &Deliver = op(R.D, "deliver-post");
  EXPECT_NEAR(static_cast<double>(Deliver.Issued), RowsPerSecond * 10,
              RowsPerSecond * 3);
  EXPECT_EQ(Deliver.Issued % 200, 0u);
  EXPECT_EQ(Deliver.Failed, Deliver.Issued);
  EXPECT_EQ(Deliver.Completed, 0u);
  // Two transactions a post, each rejected.
  EXPECT_EQ(writeRequests(R.D), Deliver.Issued / 100);
  EXPECT_EQ(R.D.ClientErrors, writeRequests(R.D));
  EXPECT_EQ(Deliver.ClientErrors.at(400), writeRequests(R.D));
  EXPECT_EQ(R.D.EntitiesWritten, 0u);
  EXPECT_EQ(R.D.Throttled, 0u);
  EXPECT_EQ(op(R.D, "home-feed").Returned, 0u);
  EXPECT_FALSE(saysNotModelled(R.D));
}

// Each copy alone: a request per row, each in its follower's partition,
// none rejected; the feeds hold the posts.
TEST(FanOutWrite, EachCopyAloneIsARequestPerRow) {
  Replayed R;
  replayFile(R, OneByOne);
  const OpResult &Deliver = op(R.D, "deliver-post");
  EXPECT_EQ(Deliver.Issued % 200, 0u);
  EXPECT_EQ(Deliver.Completed, Deliver.Issued);
  EXPECT_EQ(R.D.Failed, 0u);
  EXPECT_EQ(R.D.ClientErrors, 0u);
  EXPECT_EQ(R.D.Throttled, 0u);
  EXPECT_EQ(writeRequests(R.D), Deliver.Issued);
  EXPECT_EQ(R.D.EntitiesWritten, Deliver.Issued);
  EXPECT_GT(op(R.D, "home-feed").Returned, 0u);
  EXPECT_FALSE(saysNotModelled(R.D));
}

// The feeds in 64 hash buckets of the follower: a post's copies that share
// a bucket are one transaction, at most 64 a post (200 followers fill about
// 60 of them), none rejected.
TEST(FanOutWrite, BucketedFeedsAreOneTransactionPerBucket) {
  Replayed R;
  replayFile(R, Bucketed);
  const OpResult &Deliver = op(R.D, "deliver-post");
  const std::uint64_t Posts = Deliver.Issued / 200;
  EXPECT_EQ(Deliver.Issued % 200, 0u);
  EXPECT_EQ(Deliver.Completed, Deliver.Issued);
  EXPECT_EQ(R.D.Failed, 0u);
  EXPECT_EQ(R.D.ClientErrors, 0u);
  EXPECT_EQ(R.D.Throttled, 0u);
  EXPECT_LE(writeRequests(R.D), Posts * 64);
  EXPECT_GE(writeRequests(R.D), Posts * 50);
  EXPECT_EQ(R.D.EntitiesWritten, Deliver.Issued);
  EXPECT_GT(op(R.D, "home-feed").Returned, 0u);
  EXPECT_FALSE(saysNotModelled(R.D));
}

// The memory estimate counts every row a post fans out to: the rate counts
// rows, 2,000 a second, each an event and a stored row, as many as the
// same rows written one execution each.
TEST(FanOutWrite, TheMemoryEstimateCountsEveryFannedOutRow) {
  const schema::SchemaLoad Fan = load(OneByOne);
  std::string Text = readFile(Inputs + OneByOne).value_or("");
  const std::string Declared = ", entitiesPerWrite: 200, fanOut: [followerId]";
  const std::size_t At = Text.find(Declared);
  ASSERT_NE(At, std::string::npos);
  Text.erase(At, Declared.size());
  const schema::SchemaLoad Plain = schema::loadSchemaText(Text, "plain.yaml");
  ASSERT_TRUE(Plain.ok());
  auto Estimate = [](const schema::SchemaLoad &L) {
    std::vector<InputError> Errors;
    Workload W = buildWorkloadModel(L.Value, Errors);
    std::vector<DesignPlan> Plans{planDesign(W, L.Value, "d", Errors)};
    EXPECT_TRUE(Errors.empty());
    return estimateReplayMemory(W, Plans, WorkloadOptions(), 1);
  };
  const MemoryEstimate F = Estimate(Fan), P = Estimate(Plain);
  EXPECT_DOUBLE_EQ(F.operations(600, 0), (RowsPerSecond + 50) * 600);
  const auto Slope = [](const MemoryEstimate &E) {
    return (E.bytes(3600, 0) - E.bytes(600, 0)) / 3000;
  };
  EXPECT_DOUBLE_EQ(Slope(F), Slope(P));
  // Each row: at least its event (14 bytes) and its stored row.
  EXPECT_GT(Slope(F), RowsPerSecond * 14 * 2);
}

} // namespace
} // namespace tablelint::replay
