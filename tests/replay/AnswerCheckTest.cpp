// The answer check of two-design replays (replay/AnswerCheck.h): a
// suggestion that keeps every query's logical result passes, and each way a
// design can change answers is caught with the query and an entity: a
// bucket the reader cannot know, a fan-out whose top is applied per bucket,
// atomic batches of unrelated writes, a sparse index that misses rows.
#include "core/schema/SchemaLoader.h"
#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <set>

namespace tablelint::replay {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

schema::Schema load(const std::string &Text) {
  schema::SchemaLoad L = schema::loadSchemaText(Text, "design.yaml");
  for (const InputError &E : L.Errors)
    ADD_FAILURE() << E.str();
  return L.Value;
}

struct Replayed {
  schema::Schema Current, Suggested;
  Workload W;
  std::vector<DesignPlan> Plans;
};

// What the first difference found says, for a failure message.
std::string firstDifference(const AnswerCheck &A) {
  return A.Differences.empty() ? std::string() : A.Differences[0].Detail;
}

// The workload of Current for Seconds, mapped onto both designs.
void prepare(Replayed &R, double Seconds, std::uint64_t Seed = 7) {
  std::vector<InputError> Errors;
  R.W = buildWorkloadModel(R.Current, Errors);
  WorkloadOptions O;
  O.DurationSeconds = Seconds;
  O.Seed = Seed;
  generateEvents(R.W, O);
  R.Plans.push_back(planDesign(R.W, R.Current, "current", Errors));
  R.Plans.push_back(planDesign(R.W, R.Suggested, "suggested", Errors));
  for (const InputError &E : Errors)
    ADD_FAILURE() << E.str();
}

// What the simulator reports for operation Op in the current and the
// suggested design.
std::pair<OpResult, OpResult> simulatedOp(const Replayed &R, int Op) {
  const auto At = static_cast<std::size_t>(Op);
  return {simulateDesign(R.W, R.Plans[0], {}).Ops[At],
          simulateDesign(R.W, R.Plans[1], {}).Ops[At]};
}

// A feed: every message under one constant key, read as "latest 20".
std::string feedDesign(const std::string &PartitionKey,
                       const std::string &QueryKey, const std::string &Extra,
                       const std::string &Write = "insert") {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Feed\n"
         "    account: a\n"
         "    partitionKey: \"" +
         PartitionKey +
         "\"\n"
         "    rowKey: \"{postedAt|reverse}_{messageId}\"\n"
         "    properties:\n"
         "      messageId: {type: guid}\n"
         "      postedAt: {type: datetime, grows: true}\n"
         "      author: {type: string, distinct: 50}\n"
         "    writes:\n"
         "      - {name: post, op: " +
         Write +
         ", rate: 200/s}\n"
         "    queries:\n"
         "      - {name: latest, filter: \"PartitionKey eq '" +
         QueryKey + "'\", top: 20, rate: 5/s" + Extra + "}\n";
}

TEST(AnswerCheck, FanOutOverEveryBucketKeepsTheLatestN) {
  Replayed R;
  R.Current = load(feedDesign("feed", "feed", ""));
  R.Suggested = load(feedDesign("{messageId|hash:4}_feed",
                                "{messageId|hash:4}_feed",
                                ", fanOut: [messageId]"));
  prepare(R, 20);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 50u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
  // The simulator sends the four reads: four times the pages.
  const DesignResult Current = simulateDesign(R.W, R.Plans[0], {});
  const DesignResult Suggested = simulateDesign(R.W, R.Plans[1], {});
  const int Latest = R.W.opIndex("latest");
  ASSERT_GE(Latest, 0);
  const OpResult &C = Current.Ops[static_cast<std::size_t>(Latest)];
  const OpResult &S = Suggested.Ops[static_cast<std::size_t>(Latest)];
  EXPECT_EQ(C.Completed, S.Completed);
  EXPECT_EQ(S.Pages, 4 * C.Pages);
}

TEST(AnswerCheck, ABucketTheReaderCannotKnowChangesTheAnswer) {
  // The old suggestion: one bucket, picked by a message id the reader
  // does not have.
  Replayed R;
  R.Current = load(feedDesign("feed", "feed", ""));
  R.Suggested = load(feedDesign("{messageId|hash:4}_feed",
                                "{messageId|hash:4}_feed", ""));
  prepare(R, 20);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Different, 0u);
  ASSERT_FALSE(A.Differences.empty());
  const AnswerDifference &D = A.Differences[0];
  EXPECT_EQ(D.Query, "latest");
  EXPECT_EQ(D.Filters[0], "PartitionKey eq 'feed'");
  EXPECT_TRUE(std::regex_match(D.Filters[1],
                               std::regex("PartitionKey eq '[0-3]_feed'")))
      << D.Filters[1];
  EXPECT_THAT(D.Detail, StartsWith("only current returned {messageId: '"));
}

TEST(AnswerCheck, TopAppliesAfterTheMergeOfTheBuckets) {
  // Per-bucket top without the merge would return up to 4 x 20 rows: the
  // check compares against the current design's 20.
  Replayed R;
  R.Current = load(feedDesign("feed", "feed", ""));
  R.Suggested = load(feedDesign("{messageId|hash:4}_feed",
                                "{messageId|hash:4}_feed",
                                ", fanOut: [messageId]"));
  prepare(R, 10);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  ASSERT_EQ(A.Different, 0u);
  // And the same check does see a top that is not applied: drop it from
  // the suggested query only.
  R.Suggested.Tables[0].Queries[0].Top.reset();
  std::vector<InputError> Errors;
  R.Plans[1] = planDesign(R.W, R.Suggested, "suggested", Errors);
  const AnswerCheck B = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(B.Different, 0u);
  ASSERT_FALSE(B.Differences.empty());
  EXPECT_EQ(B.Differences[0].Counts[0], 20u);
  EXPECT_GT(B.Differences[0].Counts[1], 20u);
  EXPECT_EQ(B.Differences[0].Reads[1], 4u);
  EXPECT_THAT(B.Differences[0].Detail, StartsWith("only suggested returned"));
}

// Text with each marker replaced by its value, everywhere.
std::string filled(
    std::string Text,
    const std::vector<std::pair<std::string, std::string>> &Values) {
  for (const auto &[Marker, Value] : Values)
    for (std::size_t At; (At = Text.find(Marker)) != std::string::npos;)
      Text.replace(At, Marker.size(), Value);
  return Text;
}

// 40 tenants' messages, one tenant (tenantId-0) 60% of them, read as each
// tenant's "latest 20".
std::string tenantFeed(const std::string &PartitionKey,
                       const std::string &Buckets) {
  const std::string Text = R"yaml(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - {name: Feed, account: a, partitionKey: "PK", rowKey: "{postedAt|reverse}_{messageId}",BUCKETS
     properties: {messageId: {type: guid}, postedAt: {type: datetime, grows: true},
                  tenantId: {type: string, distinct: 40, distribution: "hotspot(0.025, 0.6)"}},
     writes: [{name: post, op: insert, rate: 200/s}],
     queries: [{name: latest, filter: "PartitionKey eq 'PK'", top: 20, rate: 5/sFANOUT}]}
)yaml";
  return filled(Text,
                {{"PK", PartitionKey},
                 {"BUCKETS",
                  Buckets.empty() ? "" : "\n     buckets: " + Buckets + ","},
                 {"FANOUT", Buckets.empty() ? "" : ", fanOut: [messageId]"}});
}

// The tenant text of an entity, as its key renders it.
std::string tenantOf(const Workload &W, std::uint32_t Entity) {
  const int Prop = W.Families[W.familyOf(Entity)].propertyIndex("tenantId");
  EdmValue V;
  W.value(Entity, static_cast<std::uint32_t>(Prop), V);
  return V.Text;
}

TEST(AnswerCheck, PerKeyBucketsSpreadTheHeavyTenantOnlyAndKeepTheAnswers) {
  Replayed R;
  R.Current = load(tenantFeed("{tenantId}", ""));
  R.Suggested = load(tenantFeed("{tenantId}_{messageId|hash:16}",
                                "{by: tenantId, heavy: {tenantId-0: 16}}"));
  prepare(R, 20);
  // The writes: the heavy tenant over its 16 buckets, every other tenant
  // in its one partition, numbered with the template's two digits.
  const int Post = R.W.opIndex("post");
  const int Latest = R.W.opIndex("latest");
  ASSERT_GE(Post, 0);
  ASSERT_GE(Latest, 0);
  const WriteTarget &Write = R.Plans[1].Writes[static_cast<std::size_t>(Post)][0];
  std::set<std::string> HeavyKeys;
  std::string Key;
  EdmValue Scratch;
  for (const WorkloadEvent &Ev : R.W.Events) {
    if (Ev.Op != static_cast<std::uint32_t>(Post))
      continue;
    Write.PartitionKey.render(R.W, Ev.Entity, Key, Scratch);
    const std::string Tenant = tenantOf(R.W, Ev.Entity);
    if (Tenant == "tenantId-0")
      HeavyKeys.insert(Key);
    else
      EXPECT_EQ(Key, Tenant + "_00");
  }
  EXPECT_EQ(HeavyKeys.size(), 16u);
  EXPECT_THAT(HeavyKeys, Contains("tenantId-0_15"));
  // The reads: 16 for the heavy tenant, one partition for the others.
  const QueryTarget &Q = *R.Plans[1].Queries[static_cast<std::size_t>(Latest)];
  unsigned Heavy = 0, Small = 0;
  for (const WorkloadEvent &Ev : R.W.Events) {
    if (Ev.Op != static_cast<std::uint32_t>(Latest))
      continue;
    const std::string Tenant = tenantOf(R.W, Ev.Entity);
    if (Tenant == "tenantId-0") {
      EXPECT_EQ(Q.reads(R.W, Ev.Entity), 16u);
      ++Heavy;
    } else {
      EXPECT_EQ(Q.reads(R.W, Ev.Entity), 1u);
      Q.renderRead(R.W, Ev.Entity, 0, Key, Scratch);
      EXPECT_EQ(Key, "PartitionKey eq '" + Tenant + "_00'");
      ++Small;
    }
  }
  EXPECT_GT(Heavy, 0u);
  EXPECT_GT(Small, 0u);
  // The same answers as one partition per tenant.
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 50u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
  // The simulator sends 16 reads for the heavy tenant, one for the others.
  const auto [C, S] = simulatedOp(R, Latest);
  EXPECT_EQ(C.Completed, S.Completed);
  EXPECT_EQ(C.Pages, Heavy + Small);
  EXPECT_EQ(S.Pages, Small + 16 * Heavy);
}

// A click counter per code (20 codes, zipf), merged on every click and
// read by code; "all-counters" scans every counter. Sharded: the key and
// the stats read as given, over 4 shards.
std::string clickCounter(const std::string &PartitionKey,
                         const std::string &StatsKey, bool Sharded) {
  const std::string Text = R"yaml(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - {name: ClickCounts, account: a, partitionKey: "PK", rowKey: "clicks",SHARDS
     properties: {code: {type: string, distinct: 20, distribution: zipf(1.3)},
                  clicks: {type: int64}},
     writes: [{name: count-click, op: insert-or-merge, properties: [clicks], rate: 400/s}],
     queries: [{name: link-stats, filter: "PartitionKey eq 'STATS' and RowKey eq 'clicks'", rate: 50/s},
               {name: all-counters, filter: "RowKey eq 'clicks'", rate: 1/s}]}
)yaml";
  return filled(Text, {{"PK", PartitionKey},
                       {"STATS", StatsKey},
                       {"SHARDS", Sharded ? " shards: 4," : ""}});
}

TEST(AnswerCheck, ShardedCounterReadsEveryShardAndMergesThemIntoOneEntity) {
  Replayed R;
  R.Current = load(clickCounter("{code}", "{code}", false));
  R.Suggested = load(clickCounter("{code}_{shard}", "{code}_{shard}", true));
  prepare(R, 20);
  const int Click = R.W.opIndex("count-click");
  const int Stats = R.W.opIndex("link-stats");
  ASSERT_GE(Click, 0);
  ASSERT_GE(Stats, 0);
  // The writes of the busiest code land on its 4 shards, at random.
  const WriteTarget &Write =
      R.Plans[1].Writes[static_cast<std::size_t>(Click)][0];
  std::set<std::string> Shards;
  std::string Key;
  EdmValue Scratch;
  for (const WorkloadEvent &Ev : R.W.Events) {
    if (Ev.Op != static_cast<std::uint32_t>(Click))
      continue;
    Write.PartitionKey.render(R.W, Ev.Entity, Key, Scratch);
    if (Key.rfind("code-0_", 0) == 0)
      Shards.insert(Key);
  }
  EXPECT_EQ(Shards, (std::set<std::string>{"code-0_0", "code-0_1", "code-0_2",
                                           "code-0_3"}));
  // Each stats read is 4 point reads, one per shard.
  const QueryTarget &Q = *R.Plans[1].Queries[static_cast<std::size_t>(Stats)];
  EXPECT_EQ(Q.reads(), 4u);
  std::uint32_t Reader = 0;
  for (const WorkloadEvent &Ev : R.W.Events)
    if (Ev.Op == static_cast<std::uint32_t>(Stats))
      Reader = Ev.Entity;
  const std::string Code = [&] {
    const int Prop = R.W.Families[0].propertyIndex("code");
    R.W.value(Reader, static_cast<std::uint32_t>(Prop), Scratch);
    return Scratch.Text;
  }();
  for (std::uint64_t Read = 0; Read < 4; ++Read) {
    Q.renderRead(R.W, Reader, Read, Key, Scratch);
    EXPECT_EQ(Key, "PartitionKey eq '" + Code + "_" + std::to_string(Read) +
                       "' and RowKey eq 'clicks'");
  }
  // Merged, the shards are the one counter: the same answers, the point
  // reads and the scan of every counter alike.
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 200u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
  // The simulator sends the 4 reads.
  const auto [C, S] = simulatedOp(R, Stats);
  EXPECT_EQ(C.Completed, S.Completed);
  EXPECT_EQ(S.Pages, 4 * C.Pages);
}

TEST(AnswerCheck, AReadOfOneShardOnlyIsADifferentAnswer) {
  Replayed R;
  R.Current = load(clickCounter("{code}", "{code}", false));
  R.Suggested = load(clickCounter("{code}_{shard}", "{code}_0", true));
  prepare(R, 20);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  ASSERT_GT(A.Different, 0u);
  ASSERT_FALSE(A.Differences.empty());
  EXPECT_EQ(A.Differences[0].Query, "link-stats");
  EXPECT_THAT(A.Differences[0].Detail, StartsWith("only "));
  for (const QueryComparison &Q : A.PerQuery)
    if (Q.Query == "all-counters")
      EXPECT_EQ(Q.Different, 0u);
}

// An append stream per key (events of 50 streams, zipf), read as each
// stream's latest 20: sharded, its appends spread over 4 shards and the
// read merges them in RowKey order, `top` after the merge, so the latest
// 20 are the same events; one shard's alone are not.
std::string appendStream(const std::string &PartitionKey,
                         const std::string &Latest, bool Sharded) {
  const std::string Text = R"yaml(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - {name: Events, account: a, partitionKey: "PK", rowKey: "{at|reverse}_{eventId}",SHARDS
     retention: 1d,
     properties: {stream: {type: string, distinct: 50, distribution: zipf(1.2)},
                  at: {type: datetime, grows: true}, eventId: {type: guid}},
     writes: [{name: append, op: insert, rate: 3000/s}],
     queries: [{name: latest, filter: "PartitionKey eq 'LATEST'", top: 20, rate: 20/s}]}
)yaml";
  return filled(Text, {{"PK", PartitionKey},
                       {"LATEST", Latest},
                       {"SHARDS", Sharded ? " shards: 4," : ""}});
}

TEST(AnswerCheck, AShardedAppendStreamKeepsTheLatestNOfEveryShard) {
  for (const auto &[Latest, Same] : {std::pair{"{stream}_{shard}", true},
                                     std::pair{"{stream}_0", false}}) {
    SCOPED_TRACE(Latest);
    Replayed R;
    R.Current = load(appendStream("{stream}", "{stream}", false));
    R.Suggested = load(appendStream("{stream}_{shard}", Latest, true));
    prepare(R, 10);
    const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
    EXPECT_GT(A.Compared, 100u);
    if (Same)
      EXPECT_EQ(A.Different, 0u) << firstDifference(A);
    else
      EXPECT_GT(A.Different, A.Compared / 2);
  }
}

// Readings of 40 devices; the current design stores one row per device
// (an upsert keeps the latest), the query lists the failing ones.
std::string devicesDesign(const std::string &Write, const std::string &Index) {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Latest\n"
         "    account: a\n"
         "    partitionKey: \"{site}\"\n"
         "    rowKey: \"{deviceId}\"\n"
         "    properties:\n"
         "      site: {type: string, values: [north, south]}\n"
         "      deviceId: {type: string, distinct: 40}\n"
         "      status: {type: string, values: [ok, failing], weights: [0.9, "
         "0.1]}\n"
         "      payload: {type: string, bytes: 200}\n"
         "    writes:\n"
         "      - {name: report, " +
         Write +
         ", rate: 50/s}\n"
         "    queries:\n"
         "      - {name: site-devices, filter: \"PartitionKey eq '{site}'\", "
         "select: [deviceId], rate: 2/s}\n" +
         Index;
}

TEST(AnswerCheck, AtomicBatchesOfUnrelatedWritesLoseRows) {
  // Inserting devices that already exist fails (409); alone, only that
  // write fails. In a batch of 100 every other row of it fails too.
  Replayed R;
  R.Current = load(devicesDesign("op: insert", ""));
  R.Suggested = load(devicesDesign("op: insert, batch: 100", ""));
  prepare(R, 30);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Different, 0u);
  ASSERT_FALSE(A.Differences.empty());
  EXPECT_EQ(A.Differences[0].Query, "site-devices");
  EXPECT_THAT(A.Differences[0].Detail, StartsWith("only current returned"));
}

// The failing devices listed from a sparse index that holds only
// deviceId and status, and only for failing devices.
const char *const FailingQuery =
    "      - {name: failing, filter: \"status eq 'failing'\", select: "
    "[deviceId], rate: 1/s}\n";

std::string failingIndex(const std::string &When,
                         const std::string &Op = "op: insert-or-replace") {
  return "  - name: LatestByStatus\n"
         "    account: a\n"
         "    partitionKey: \"{status}\"\n"
         "    rowKey: \"{site}_{deviceId}\"\n"
         "    properties:\n"
         "      site: {type: string, values: [north, south]}\n"
         "      deviceId: {type: string, distinct: 40}\n"
         "      status: {type: string, values: [ok, failing], weights: [0.9, "
         "0.1]}\n"
         "    writes:\n"
         "      - {name: report, " + Op + ", rate: 50/s" + When +
         "}\n"
         "    queries:\n"
         "      - {name: failing, filter: \"PartitionKey eq 'failing'\", "
         "select: [deviceId], rate: 1/s}\n";
}

TEST(AnswerCheck, ASparseIndexReturnsWhatTheScanReturned) {
  Replayed R;
  // Every report is a new row (no device is written twice): the index
  // rows never go stale.
  R.Current = load(devicesDesign("op: insert", FailingQuery));
  R.Suggested = load(devicesDesign("op: insert", "") +
                     failingIndex(", when: \"status eq 'failing'\"",
                                  "op: insert"));
  for (schema::Table &T : R.Current.Tables)
    T.Properties[1].Distinct = 100000000;
  for (schema::Table &T : R.Suggested.Tables)
    T.Properties[1].Distinct = 100000000;
  prepare(R, 30);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 20u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
  // The index holds only the failing rows: about a tenth of the writes.
  const DesignResult Suggested = simulateDesign(R.W, R.Plans[1], {});
  ASSERT_EQ(Suggested.Failed, 0u);
  const int Report = R.W.opIndex("report");
  ASSERT_GE(Report, 0);
  std::uint64_t Writes = 0;
  for (const WorkloadEvent &E : R.W.Events)
    Writes += E.Op == static_cast<std::uint32_t>(Report);
  const double IndexRows =
      static_cast<double>(Suggested.EntitiesWritten - Writes);
  EXPECT_GT(IndexRows, 0.05 * static_cast<double>(Writes));
  EXPECT_LT(IndexRows, 0.2 * static_cast<double>(Writes));
  // Both designs fill the tables 'failing' reads with the same write.
  EXPECT_TRUE(A.Causes.empty());
  EXPECT_TRUE(R.Plans[1].Unplayed.empty());
  EXPECT_THAT(Suggested.Notes,
              Not(Contains(HasSubstr("declared only in this design"))));
}

TEST(AnswerCheck, AnIndexWithAWriteOfItsOwnIsNamedAsTheCause) {
  // The index declares its write under a name of its own: it is not the
  // current design's write, so the replay has nothing to fill it with and
  // every read of it returns nothing. The report says which write fills
  // which table, and that the index write was not replayed.
  Replayed R;
  R.Current = load(devicesDesign("op: insert", FailingQuery));
  std::string Index = failingIndex("", "op: insert");
  Index.replace(Index.find("name: report,"), 13, "name: report-index,");
  R.Suggested = load(devicesDesign("op: insert", "") + Index);
  prepare(R, 20);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Different, 0u);
  ASSERT_EQ(A.Causes.size(), 1u);
  EXPECT_EQ(A.Causes[0].substr(0, A.Causes[0].find('.')),
            "failing: current reads table 'Latest', whose entities come from "
            "'report'; suggested reads table 'LatestByStatus', whose entities "
            "come from no write of the workload");
  EXPECT_THAT(R.Plans[1].Unplayed,
              ElementsAre("write 'report-index' of table 'LatestByStatus'"));
  const DesignResult Suggested = simulateDesign(R.W, R.Plans[1], {});
  EXPECT_THAT(Suggested.Notes,
              Contains(StartsWith("write 'report-index' of table "
                                  "'LatestByStatus' is declared only in this "
                                  "design: the workload replayed is the first "
                                  "design's, so it was not replayed here")));
}

TEST(AnswerCheck, AnUpsertThatChangesTheIndexedValueLeavesAStaleRow) {
  // A device reported 'failing' and later 'ok' replaces its row in the
  // table, but its 'failing' index row stays: the index pattern needs the
  // old index entity deleted in the same unit of work.
  Replayed R;
  R.Current = load(devicesDesign("op: insert-or-replace", FailingQuery));
  R.Suggested = load(devicesDesign("op: insert-or-replace", "") +
                     failingIndex(", when: \"status eq 'failing'\""));
  prepare(R, 30);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Different, 0u);
  ASSERT_FALSE(A.Differences.empty());
  EXPECT_EQ(A.Differences[0].Query, "failing");
  EXPECT_THAT(A.Differences[0].Detail, StartsWith("only suggested returned"));
}

TEST(AnswerCheck, OnASampleTheRowAnUpsertTakesIsNoLongerTheSamples) {
  // The stale index row above, on a 1% sample: an upsert of a device's
  // report outside the sample takes the row of the sampled 'failing'
  // report in the table, while its index row stays. Over 20,000 devices
  // two sampled reports of one device are rare: the difference is seen
  // because the check follows the upserts outside the sample.
  Replayed R;
  R.Current = load(devicesDesign("op: insert-or-replace", FailingQuery));
  R.Suggested = load(devicesDesign("op: insert-or-replace", "") +
                     failingIndex(", when: \"status eq 'failing'\""));
  for (schema::Schema *S : {&R.Current, &R.Suggested})
    for (schema::Table &T : S->Tables)
      T.Properties[1].Distinct = 20000;
  prepare(R, 300);
  AnswerCheckOptions Sample;
  Sample.SampleShare = DefaultAnswerSample;
  EXPECT_EQ(checkAnswers(R.W, R.Plans[0], R.Plans[0], Sample).Different, 0u);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1], Sample);
  EXPECT_GT(A.Different, 0u);
  ASSERT_FALSE(A.Differences.empty());
  EXPECT_EQ(A.Differences[0].Query, "failing");
  EXPECT_THAT(A.Differences[0].Detail, StartsWith("only suggested returned"));
}

TEST(AnswerCheck, AnIndexThatMissesRowsIsCaught) {
  Replayed R;
  R.Current = load(devicesDesign("op: insert-or-replace", FailingQuery));
  // A `when` on the wrong value: the index holds the 'ok' rows.
  R.Suggested = load(devicesDesign("op: insert-or-replace", "") +
                     failingIndex(", when: \"status eq 'ok'\""));
  prepare(R, 20);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Different, 0u);
  ASSERT_FALSE(A.Differences.empty());
  EXPECT_EQ(A.Differences[0].Query, "failing");
  EXPECT_THAT(A.Differences[0].Detail,
              HasSubstr("status: 'failing'"));
}

// Everything a check found, as text: two checks that say the same.
std::string everything(const AnswerCheck &A) {
  std::string Out = std::to_string(A.Compared) + " compared, " +
                    std::to_string(A.Equal) + " equal, " +
                    std::to_string(A.Different) + " different\n";
  for (const QueryComparison &Q : A.PerQuery)
    Out += Q.Query + ": " + std::to_string(Q.Executions) + " " +
           std::to_string(Q.Compared) + " " + std::to_string(Q.Different) +
           "\n";
  for (const AnswerDifference &D : A.Differences) {
    Out += D.Query + " at " + std::to_string(D.Time) + ": " + D.Detail;
    for (std::size_t I = 0; I < D.Filters.size(); ++I)
      Out += " [" + D.Filters[I] + " " + std::to_string(D.Reads[I]) + " " +
             std::to_string(D.Counts[I]) + "]";
    Out += "\n";
  }
  for (const std::string &C : A.Causes)
    Out += C + "\n";
  for (const std::string &N : A.NotInBoth)
    Out += "not in both: " + N + "\n";
  return Out;
}

TEST(AnswerCheck, SideBySideTheDesignsAnswerAsOneAfterTheOther) {
  // 2,000 writes a second and three compared queries a second: each step
  // between two compared executions applies hundreds of writes, so the
  // designs run on two threads (SideBySide), and meet at every compared
  // execution. A stale index row (answers differ), a sparse index (they
  // do not), each whole and on a sample, with a scan budget that thins
  // the comparisons out: the same check as one thread's.
  auto Faster = [](std::string Text) {
    return std::regex_replace(Text, std::regex("rate: 50/s"),
                              "rate: 2000/s");
  };
  struct Case {
    std::string Current, Suggested;
  };
  const std::vector<Case> Cases = {
      {devicesDesign("op: insert-or-replace", FailingQuery),
       devicesDesign("op: insert-or-replace", "") +
           failingIndex(", when: \"status eq 'failing'\"")},
      {devicesDesign("op: insert", FailingQuery),
       devicesDesign("op: insert", "") +
           failingIndex(", when: \"status eq 'failing'\"", "op: insert")}};
  for (const Case &C : Cases) {
    Replayed R;
    R.Current = load(Faster(C.Current));
    R.Suggested = load(Faster(C.Suggested));
    prepare(R, 20);
    for (const double Share : {1.0, 0.3}) {
      AnswerCheckOptions One;
      One.SampleShare = Share;
      One.ScanBudgetPerQuery = 20000;
      AnswerCheckOptions Two = One;
      Two.SpareThread = [] { return true; };
      const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1], One);
      const AnswerCheck B = checkAnswers(R.W, R.Plans[0], R.Plans[1], Two);
      EXPECT_EQ(everything(B), everything(A));
      // Steps long enough to be taken apart, and enough of them.
      EXPECT_GT(A.Compared, 20u);
      EXPECT_GT(R.W.Events.size() / A.Compared, 512u);
    }
  }
}

TEST(AnswerCheck, ARareQueryIsComparedEveryTime) {
  Replayed R;
  const std::string Rare =
      "      - {name: rare, filter: \"PartitionKey eq 'north'\", rate: "
      "2/min}\n";
  R.Current = load(devicesDesign("op: insert-or-replace", Rare));
  R.Suggested = R.Current;
  prepare(R, 120);
  AnswerCheckOptions O;
  O.MaxComparedPerQuery = 10;
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1], O);
  bool Seen = false;
  for (const QueryComparison &Q : A.PerQuery) {
    if (Q.Query == "rare") {
      Seen = true;
      EXPECT_GT(Q.Executions, 0u);
      EXPECT_EQ(Q.Compared, Q.Executions);
    }
    if (Q.Query == "site-devices") {
      EXPECT_EQ(Q.Compared, 10u);
      EXPECT_GT(Q.Executions, 100u);
    }
  }
  EXPECT_TRUE(Seen);
  EXPECT_EQ(A.Different, 0u);
}

// Products keyed by a zipf product id, added 20 times a second: most
// additions reuse a best seller's id and the catalog refuses them (409).
// An expert design keeps an index by SKU written by the same insert; the
// application stops at the refusal, so the index gets no row for a
// product its catalog turned away, and the lookup by SKU answers as the
// catalog's scan does. Copied anyway, the index answered products the
// catalog did not have (shop report #5).
std::string catalogDesign(bool Index, bool PriceChanges = false) {
  const std::string Properties =
      "    properties:\n"
      "      category: {type: string, bytes: 16, distinct: 40}\n"
      "      productId: {type: string, bytes: 10, distinct: 20k, "
      "distribution: zipf(1.1)}\n"
      "      sku: {type: string, bytes: 12, distinct: 20k}\n"
      "      name: {type: string, bytes: 60}\n"
      "      price: {type: double}\n"
      "    entities: 20k\n"
      "    writes:\n"
      "      - {name: add-product, op: insert, rate: 20/s}\n" +
      std::string(PriceChanges ? "      - {name: price-change, op: merge, "
                                 "rate: 200/s, properties: [price]}\n"
                               : "");
  const std::string Lookup = "    queries:\n"
                             "      - {name: sku-lookup, filter: \"";
  return "version: 1\n"
         "accounts: [{name: shop}]\n"
         "tables:\n"
         "  - name: Catalog\n"
         "    account: shop\n"
         "    partitionKey: \"{category}\"\n"
         "    rowKey: \"{productId}\"\n" +
         Properties +
         (Index ? "  - name: CatalogBySku\n"
                  "    account: shop\n"
                  "    partitionKey: \"{sku}\"\n"
                  "    rowKey: \"{productId}\"\n" +
                      Properties + Lookup +
                      "PartitionKey eq '{sku}'\", rate: 5/s}\n"
                : Lookup + "sku eq '{sku}'\", rate: 5/s}\n");
}

TEST(AnswerCheck, AnInsertItsHomeTableRefusesIsNotCopiedIntoTheIndex) {
  Replayed R;
  R.Current = load(catalogDesign(false));
  R.Suggested = load(catalogDesign(true));
  prepare(R, 30);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 100u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
  // The catalog refused most additions: the case is the one it tests.
  const DesignResult Current = simulateDesign(R.W, R.Plans[0], {});
  EXPECT_GT(Current.ClientErrors, 50u);
}

// The catalog's existing products are in neither design's compared store
// (the check compares what the run writes), but the service holds them: an
// addition under a key one of them holds is refused in both designs, and
// the merges of that existing product leave the run's rows alone. Before,
// the check stored the addition, a merge of the existing product made the
// row that product, and only the index still answered for the addition.
TEST(AnswerCheck, AnInsertOfAKeyAnExistingEntityHoldsIsRefused) {
  Replayed R;
  R.Current = load(catalogDesign(false, true));
  R.Suggested = load(catalogDesign(true, true));
  prepare(R, 30);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 100u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
}

// A table kept 30 days by deleting what ages out, and the remedy
// retention-by-delete gives for it: a table per day, no deletes. The purge
// deletes entities a retention old, which the run does not hold: it used
// to delete the run's own entities 2 s after their insert, the newest the
// query returns, and the remedy was reported as changing answers.
std::string purgedEvents(bool TablePerDay) {
  return std::string("version: 1\n"
                     "accounts: [{name: a}]\n"
                     "tables:\n"
                     "  - name: ") +
         (TablePerDay ? "\"Events{eventTime:yyyyMMdd}\"" : "Events") +
         "\n"
         "    account: a\n"
         "    partitionKey: \"{tenantId}\"\n"
         "    rowKey: \"{eventTime|reverse}_{eventId}\"\n"
         "    retention: 30d\n"
         "    properties:\n"
         "      tenantId: {type: string, distinct: 50}\n"
         "      eventTime: {type: datetime, grows: true}\n"
         "      eventId: {type: guid}\n"
         "    writes:\n"
         "      - {name: record, op: insert, rate: 20/s}\n" +
         (TablePerDay ? "" : "      - {name: purge, op: delete, rate: 20/s}\n") +
         "    queries:\n"
         "      - {name: latest, filter: \"PartitionKey eq '{tenantId}'\", "
         "newest: eventTime, top: 20, rate: 1/s}\n";
}

TEST(AnswerCheck, ARetentionPurgeDeletesWhatAgedOutNotWhatTheRunWrote) {
  Replayed R;
  R.Current = load(purgedEvents(false));
  R.Suggested = load(purgedEvents(true));
  prepare(R, 60);
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 40u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
  const int Purge = R.W.opIndex("purge");
  ASSERT_GE(Purge, 0);
  EXPECT_GT(R.W.Ops[Purge].AgedOut, 1000u);
  // Each deleted an entity that exists: no 404, and the note says what ran.
  const DesignResult Current = simulateDesign(R.W, R.Plans[0], {});
  EXPECT_EQ(Current.Ops[Purge].Completed, R.W.Ops[Purge].AgedOut);
  EXPECT_EQ(Current.ClientErrors, 0u);
  EXPECT_THAT(Current.Notes,
              Contains(HasSubstr("'purge' (delete): a retention purge of "
                                 "table 'Events' (retention 30d")));
  // The design without the purge says nothing of its executions.
  const DesignResult Suggested = simulateDesign(R.W, R.Plans[1], {});
  EXPECT_THAT(Suggested.Notes,
              Not(Contains(HasSubstr("'purge' (delete):"))));
}

// The same design as a table per day drops each day's table whole once its
// newest entity is 30 days old: the first design's purge is matched to the
// drops (not an operation this design misses), each execution completed
// without a request of its own, and the run's one drop (the day that aged
// out at time 0) is one request and one billable transaction.
TEST(AnswerCheck, ATablePerPeriodDropsWhatThePurgeDeleted) {
  Replayed R;
  R.Current = load(purgedEvents(false));
  R.Suggested = load(purgedEvents(true));
  prepare(R, 60);
  const auto Purge = static_cast<std::size_t>(R.W.opIndex("purge"));
  ASSERT_LT(Purge, R.W.Ops.size());
  EXPECT_TRUE(R.Plans[1].ServedByDrop[Purge]);
  EXPECT_FALSE(R.Plans[0].ServedByDrop[Purge]);
  const DesignResult Current = simulateDesign(R.W, R.Plans[0], {});
  const DesignResult Suggested = simulateDesign(R.W, R.Plans[1], {});
  EXPECT_TRUE(Suggested.Missing.empty());
  EXPECT_EQ(Suggested.Ops[Purge].Issued, Current.Ops[Purge].Issued);
  EXPECT_EQ(Suggested.Ops[Purge].Completed, Current.Ops[Purge].Completed);
  EXPECT_EQ(Suggested.Completed, Current.Completed);
  EXPECT_EQ(Suggested.Failed, 0u);
  // Every purge was a request and a transaction; one drop replaces them.
  EXPECT_GT(Current.Ops[Purge].Completed, 1000u);
  EXPECT_LT(Suggested.BillableTransactions + Current.Ops[Purge].Completed / 2,
            Current.BillableTransactions);
  EXPECT_THAT(Suggested.Notes,
              Contains(HasSubstr(
                  "table 'Events{eventTime:yyyyMMdd}' is a table per period "
                  "kept 30d: each period's table is dropped whole (one "
                  "Delete Table, one request and one billable transaction) "
                  "once its newest entity is past the retention; 1 fell in "
                  "the run, in place of 'purge' (" +
                  std::to_string(Current.Ops[Purge].Issued) +
                  " executions)")));
  EXPECT_LT(costPerCompleted(Suggested), costPerCompleted(Current));
  const AnswerCheck A = checkAnswers(R.W, R.Plans[0], R.Plans[1]);
  EXPECT_GT(A.Compared, 40u);
  EXPECT_EQ(A.Different, 0u) << firstDifference(A);
}

// A delete the design keeps elsewhere, or a table per period without a
// retention, is no drop: the purge is missing there, as before.
TEST(AnswerCheck, ATablePerPeriodWithoutRetentionDropsNothing) {
  Replayed R;
  R.Current = load(purgedEvents(false));
  std::string Text = purgedEvents(true);
  const std::string Retention = "    retention: 30d\n";
  Text.erase(Text.find(Retention), Retention.size());
  R.Suggested = load(Text);
  prepare(R, 10);
  const auto Purge = static_cast<std::size_t>(R.W.opIndex("purge"));
  EXPECT_FALSE(R.Plans[1].ServedByDrop[Purge]);
  EXPECT_THAT(R.Plans[1].Missing, Contains("purge"));
}

// A table per day is simulated as one table whose PartitionKeys carry the
// day's table name, a query kept to the day's key range by a bound ending
// in a DEL byte. Reports show the filter the application sends, on its
// table: the raw form read as an empty range on a terminal.
TEST(AnswerCheck, ReportsShowATablePerPeriodFilterAsSent) {
  Replayed R;
  R.Current = load(purgedEvents(true));
  R.Suggested = load(purgedEvents(true));
  prepare(R, 5);
  const int Latest = R.W.opIndex("latest");
  ASSERT_GE(Latest, 0);
  const QueryTarget &Q = *R.Plans[0].Queries[static_cast<std::size_t>(Latest)];
  std::uint32_t Entity = 0;
  for (const WorkloadEvent &Ev : R.W.Events)
    if (Ev.Op == static_cast<std::uint32_t>(Latest))
      Entity = Ev.Entity;
  std::string Internal;
  EdmValue Scratch;
  Q.renderRead(R.W, Entity, 0, Internal, Scratch);
  ASSERT_THAT(Internal, HasSubstr("\x7f"));
  const std::string Sent = filterAsSent(Internal);
  EXPECT_THAT(Sent, testing::MatchesRegex(
                        "PartitionKey eq 'tenantId-[0-9]+' on table "
                        "'Events2025010[0-9]'"));
  // Other filters are left as they are.
  EXPECT_EQ(filterAsSent("PartitionKey eq 'a' and RowKey ge 'b'"),
            "PartitionKey eq 'a' and RowKey ge 'b'");
}

} // namespace
} // namespace tablelint::replay
