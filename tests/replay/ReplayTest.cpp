// The replay end to end: the same logical workload through two designs, and
// the figures a user compares (throttling, scanned per returned, retries,
// latency from the intended schedule), plus determinism and traces.
#include "checks/schema/Load.h"
#include "core/schema/SchemaLoader.h"
#include "replay/Report.h"
#include "replay/Simulation.h"
#include "replay/Trace.h"

#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <cmath>

namespace tablelint::replay {
namespace {

using namespace test;

TEST(Replay, DateKeyStaysThrottledBucketedKeyIsNot) {
  // The checklist's telemetry design: every write of the day on one
  // PartitionKey, 6,000 inserts/s against a 2,000/s partition target.
  const schema::Schema Current = telemetrySchema(6000);
  const schema::Schema Bucketed = telemetrySchema(6000, BucketedDayKey);
  WorkloadOptions O;
  O.DurationSeconds = 480;
  O.RampUpSeconds = 60;
  Replay R;
  runReplay(R, {&Current, &Bucketed}, O);
  const DesignResult &Date = R.Results[0], &Buckets = R.Results[1];
  ASSERT_EQ(Date.Issued, Buckets.Issued);

  // Date key: a single PartitionKey is never split, so it stays at 2,000/s
  // to the end; most writes fail after their retries.
  EXPECT_GT(throttledShare(Date, 438, 480), 0.6);
  EXPECT_NEAR(completedRate(Date, 438, 480), 2000, 100);
  EXPECT_GT(static_cast<double>(Date.Failed) / Date.Issued, 0.5);
  EXPECT_TRUE(Date.Splits.empty());
  // The unsplittable key, and that the day's partition starts empty.
  ASSERT_EQ(Date.Notes.size(), 2u);
  EXPECT_NE(Date.Notes[0].find("partition key '20250101'"), std::string::npos);
  EXPECT_NE(Date.Notes[1].find("formats growing 'readingTime' by the day"),
            std::string::npos);
  ASSERT_FALSE(Date.MostThrottled.empty());
  EXPECT_EQ(Date.MostThrottled[0].PartitionKey, "20250101");

  // Bucketed key: 16 keys at 375/s each, one range partition at 6,000/s
  // (under its 10,000/s): nothing is throttled, nothing needs a split.
  EXPECT_EQ(Buckets.Throttled, 0u);
  EXPECT_TRUE(Buckets.Splits.empty());
  EXPECT_NEAR(completedRate(Buckets, 438, 480), 6000, 300);
  EXPECT_GT(Buckets.Completed, Date.Completed * 3 / 2);
  EXPECT_EQ(Buckets.Failed, 0u);
  // The report's own summary of it: the last tenth of the run, and every
  // throttle of the date key explained by the key's own budget.
  EXPECT_GT(Date.LateThrottledPercent, 60);
  EXPECT_EQ(Buckets.LateThrottledPercent, 0);
  EXPECT_EQ(
      Date.ThrottledBy[static_cast<std::size_t>(ThrottleCause::PartitionKey)],
      Date.Throttled);
}

TEST(Replay, EstablishedTableStartsSplitNewTableWaitsForSplits) {
  // 3,000 inserts/s over 10,000 device keys against ranges of 2,000/s (a
  // small range budget keeps the test short; the mechanism is the same
  // at the default): above one range partition's budget, far under each
  // key's. A table that declares its existing entities starts populated
  // and split as an established table is: nothing is throttled. With
  // --cold the same table starts as one range and is throttled by the
  // range budget until the partition manager splits it.
  schema::Schema S = telemetrySchema(3000, "{deviceId}");
  S.Tables[0].Entities = 100000;
  WorkloadOptions O;
  O.DurationSeconds = 240;
  ReplayOptions RO;
  RO.Service.RangeEntitiesPerSecond = 2000;
  Replay Warm;
  runReplay(Warm, {&S}, O, RO);
  const DesignResult &W = Warm.Results[0];
  EXPECT_EQ(W.Throttled, 0u);
  EXPECT_EQ(W.Failed, 0u);
  EXPECT_TRUE(W.Splits.empty()) << "already split";

  O.Cold = true;
  Replay Cold;
  runReplay(Cold, {&S}, O, RO);
  const DesignResult &C = Cold.Results[0];
  EXPECT_GT(throttledShare(C, 0, 170), 0.1);
  EXPECT_EQ(C.ThrottledBy[static_cast<std::size_t>(ThrottleCause::Range)] +
                C.ThrottledBy[static_cast<std::size_t>(ThrottleCause::Offline)],
            C.Throttled);
  ASSERT_FALSE(C.Splits.empty());
  EXPECT_GE(C.Splits.front().Time, limits::SplitDetectionSeconds);
  EXPECT_EQ(throttledShare(C, 200, 240), 0.0);
}

TEST(Replay, MergesAndQueriesOfAWarmTableFindItsEntities) {
  // Merges and point queries of existing devices from the first second:
  // a warm table has them (no 404, rows returned); a cold one has nothing
  // to merge until the first inserts (those merges are not generated).
  schema::Schema S = telemetrySchema(20, "{deviceId}");
  S.Tables[0].Entities = 10000;
  S.Tables[0].Writes.push_back(
      write("fix-reading", 50, 1, schema::WriteKind::Merge));
  S.Tables[0].Queries.push_back(
      query("device-readings", "PartitionKey eq '{deviceId}'", 5));
  WorkloadOptions O;
  O.DurationSeconds = 60;
  Replay Warm;
  runReplay(Warm, {&S}, O);
  const DesignResult &W = Warm.Results[0];
  EXPECT_EQ(W.ClientErrors, 0u);
  EXPECT_EQ(W.Failed, 0u);
  EXPECT_GT(W.EntitiesReturned, 290u) << "every query finds its device";
  O.Cold = true;
  Replay Cold;
  runReplay(Cold, {&S}, O);
  EXPECT_EQ(Cold.Results[0].ClientErrors, 0u);
  EXPECT_LT(Cold.Results[0].Issued, W.Issued);
}

// A merged counter row per tenant, tenants zipf(1.2) (the busiest 21.4%):
// at 15,000 merges/s the busiest tenant's row takes about 3,200/s, over
// its PartitionKey's 2,000/s, and stays throttled; the replay names that
// key and its cause. Merges picked uniformly over the 5,000 rows put 3/s
// on each and showed nothing.
TEST(Replay, AHotRowOfAFixedKeySpaceIsThrottledAsItsKeySkewSays) {
  const schema::SchemaLoad L = schema::loadSchemaText(
      countersYaml(", distribution: zipf(1.2)", "15000/s", false, false),
      "counters.yaml");
  ASSERT_TRUE(L.ok());
  WorkloadOptions O;
  O.DurationSeconds = 20;
  Replay R;
  runReplay(R, {&L.Value}, O);
  const DesignResult &D = R.Results[0];
  ASSERT_FALSE(D.MostThrottled.empty());
  EXPECT_EQ(D.MostThrottled[0].PartitionKey, "tenantId-0");
  EXPECT_GT(D.MostThrottled[0].Throttled, 10000u);
  EXPECT_EQ(
      D.ThrottledBy[static_cast<std::size_t>(ThrottleCause::PartitionKey)],
      D.Throttled);
  EXPECT_EQ(D.ClientErrors, 0u);
  // The busiest row served at its budget; the next, under it, takes its
  // declared share (zipf(1.2): 9.3%).
  ASSERT_GE(D.MostAccessed.size(), 2u);
  EXPECT_EQ(D.MostAccessed[0].PartitionKey, "tenantId-0");
  EXPECT_GT(D.MostAccessed[0].Accessed, 40000u);
  EXPECT_EQ(D.MostAccessed[1].PartitionKey, "tenantId-1");
  EXPECT_EQ(D.MostAccessed[1].Throttled, 0u);
  EXPECT_NEAR(static_cast<double>(D.MostAccessed[1].Accessed) /
                  static_cast<double>(D.Issued),
              0.093, 0.01);
}

// A host's samples under a RowKey of its minute and second, each host
// sampled every 5 s (2,000 hosts, 400 samples/s): no sample shares its
// second with another of its host, and the service answers no 409. Drawn
// independently, about a tenth of the inserts met one.
inline const char *const HostSamplesYaml = R"(version: 1
accounts: [{name: metrics, region: westeurope}]
tables:
  - name: Samples
    account: metrics
    partitionKey: "{hostId}_{sampleTime:yyyyMMddHH}"
    rowKey: "{sampleTime:mmss}"
    properties:
      sampleTime: {type: datetime, grows: true}
      hostId: {type: string, distinct: 2000}
      cpuPercent: {type: double}
    writes:
      - {name: record-sample, op: insert, rate: 400/s}
)";

TEST(Replay, EachHostsSamplesOfASeriesKeepTheirOwnSeconds) {
  const schema::SchemaLoad L =
      schema::loadSchemaText(HostSamplesYaml, "samples.yaml");
  ASSERT_TRUE(L.ok());
  WorkloadOptions O;
  O.DurationSeconds = 60;
  Replay R;
  runReplay(R, {&L.Value}, O);
  const OpResult &Record = op(R.Results[0], "record-sample");
  EXPECT_GT(Record.Completed, 20000u);
  EXPECT_EQ(Record.Failed, 0u);
  EXPECT_EQ(Record.ClientErrors.count(StatusConflict), 0u);
}

TEST(Replay, EntityOverTheLimitsIsRejectedWith400) {
  // A 40,000-character string is 80,000 bytes in UTF-16: over the 64 KiB
  // property limit, so the service answers every insert 400 and the
  // client does not retry it.
  schema::Schema S = telemetrySchema(10);
  schema::Property Note = property("note", EdmType::String);
  Note.Bytes = 40000;
  S.Tables[0].Properties.push_back(Note);
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Replay R;
  runReplay(R, {&S}, O);
  const DesignResult &D = R.Results[0];
  EXPECT_GT(D.Issued, 200u);
  EXPECT_EQ(D.Failed, D.Issued);
  EXPECT_EQ(D.ClientErrors, D.Issued);
  EXPECT_EQ(D.Retries, 0u);
  EXPECT_EQ(D.EntitiesWritten, 0u);
}

// A player profile with a 30,000-byte binary inventory, written and read
// by key. JSON sends the binary as base64: 40,002 characters with its
// quotes, so each entity takes 40,171 bytes on the wire whichever way it
// goes, the size the schema checks give it (its billing size, 30,228
// bytes, counts the binary raw and the strings twice). Read with
// `select: [name]`, only the keys and the name come back.
TEST(Replay, PayloadBytesAreTheJsonTheSchemaChecksCount) {
  auto Run = [](const std::string &Select, double &SentPerEntity,
                double &ReceivedPerEntity, schema::Schema &S) {
    const schema::SchemaLoad L = schema::loadSchemaText(
        "version: 1\n"
        "accounts: [{name: game}]\n"
        "tables:\n"
        "  - name: Profiles\n"
        "    account: game\n"
        "    partitionKey: \"{playerId}\"\n"
        "    rowKey: \"profile\"\n"
        "    properties:\n"
        "      playerId: {type: guid}\n"
        "      name: {type: string, bytes: 24}\n"
        "      inventory: {type: binary, bytes: 30000}\n"
        "    writes: [{name: sign-up, op: insert, rate: 20/s}]\n"
        "    queries:\n"
        "      - {name: get-profile, filter: \"PartitionKey eq '{playerId}' "
        "and RowKey eq 'profile'\", rate: 50/s" +
            Select + "}\n",
        "profiles.yaml");
    for (const InputError &E : L.Errors)
      ADD_FAILURE() << E.str();
    S = L.Value;
    WorkloadOptions O;
    O.DurationSeconds = 10;
    Replay R;
    runReplay(R, {&S}, O);
    const DesignResult &D = R.Results[0];
    ASSERT_GT(D.EntitiesWritten, 150u);
    ASSERT_GT(D.EntitiesReturned, 100u);
    SentPerEntity = static_cast<double>(D.RequestBytes) /
                    static_cast<double>(D.EntitiesWritten);
    ReceivedPerEntity = static_cast<double>(D.ResponseBytes) /
                        static_cast<double>(D.EntitiesReturned);
  };
  double Sent = 0, Received = 0;
  schema::Schema S;
  Run("", Sent, Received, S);
  const schema::EntitySize Whole = schema::entitySize(S.Tables[0]);
  EXPECT_EQ(Whole.PayloadBytes, 40171);
  EXPECT_EQ(Sent, Whole.PayloadBytes);
  EXPECT_EQ(Received, Whole.PayloadBytes);
  Run(", select: [name]", Sent, Received, S);
  const std::vector<std::string> Name = {"name"};
  const schema::EntitySize Projected = schema::entitySize(S.Tables[0], &Name);
  EXPECT_EQ(Projected.PayloadBytes, 29 + 36 + 7 + 4 + 4 + 26);
  EXPECT_EQ(Received, Projected.PayloadBytes);
}

// A report once an hour does not arrive in 10 s: its row says 0/0, which
// reads as nothing wrong with it, so a note says it did not occur.
TEST(Replay, AnOperationTooRareForTheRunIsNamed) {
  schema::Schema S = telemetrySchema(10);
  S.Tables[0].Queries.push_back(
      query("hourly-report", "status ne 'none'", 1.0 / 3600));
  WorkloadOptions O;
  O.DurationSeconds = 10;
  Replay R;
  runReplay(R, {&S}, O);
  const DesignResult &D = R.Results[0];
  ASSERT_EQ(op(D, "hourly-report").Issued, 0u);
  std::size_t Named = 0;
  for (const std::string &N : D.Notes) {
    Named += N == "query 'hourly-report' (one every 3600 s) did not occur in "
                  "the 10 s of workload: it was not replayed; replay a longer "
                  "--duration to include it";
    EXPECT_EQ(N.find("'ingest-reading' (one every"), std::string::npos) << N;
  }
  EXPECT_EQ(Named, 1u);
}

// A write that fans out (one row per follower) with a batch and no
// entitiesPerWrite writes a batch's worth of rows per execution, one per
// follower: under the follower's own PartitionKey each batch spans 100
// partitions and the service rejects it, and no note says the fan-out is
// not modelled (tests/replay/FanOutWriteTest.cpp has the feed designs).
TEST(Replay, AFanOutWriteBatchedAcrossPartitionsIsRejected) {
  const schema::SchemaLoad L = schema::loadSchemaText(R"(version: 1
accounts: [{name: a, region: westeurope}]
tables:
  - name: Feeds
    account: a
    partitionKey: "{followerId}"
    rowKey: "{postId}"
    properties:
      followerId: {type: string, distinct: 1000}
      postId: {type: guid}
    writes:
      - {name: fan-out-post, op: insert, rate: 500/s, batch: 100, fanOut: [followerId]}
)",
                                                      "feeds.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors[0].str();
  WorkloadOptions O;
  O.DurationSeconds = 5;
  Replay R;
  runReplay(R, {&L.Value}, O);
  const DesignResult &D = R.Results[0];
  const OpResult &Fan = op(D, "fan-out-post");
  EXPECT_GT(Fan.Issued, 0u);
  EXPECT_EQ(Fan.Issued % 100, 0u);
  EXPECT_EQ(Fan.Failed, Fan.Issued);
  EXPECT_EQ(D.Requests, Fan.Issued / 100);
  EXPECT_EQ(D.ClientErrors, D.Requests);
  for (const std::string &N : D.Notes)
    EXPECT_EQ(N.find("does not model fan-out"), std::string::npos) << N;
}

TEST(Replay, NonKeyQueryScansFarMoreThanTheIndexTable) {
  schema::Schema Current = telemetrySchema(100);
  Current.Tables[0].Queries.push_back(
      query("failing-devices", "status eq 'failing'", 0.1));
  // Suggested: an index table keyed by status, written by the same write.
  schema::Schema Indexed = Current;
  Indexed.File = "suggested.yaml";
  Indexed.Tables[0].Queries.clear();
  schema::Table Index = readingsTable("ReadingsByStatus", "{status}",
                                      "{deviceId}_{readingTime:ticks}");
  Index.Writes.push_back(write("ingest-reading", 100));
  Index.Queries.push_back(
      query("failing-devices", "PartitionKey eq 'failing'", 0.1));
  Indexed.Tables.push_back(Index);

  WorkloadOptions O;
  O.DurationSeconds = 120;
  // The scan on its own first: budgets out of the way.
  ReplayOptions Unlimited;
  Unlimited.Service.PartitionEntitiesPerSecond = 1e9;
  // Rows walked: the scan evaluates each reading's drawn status.
  Unlimited.Service.CountedPages = false;
  Replay R;
  runReplay(R, {&Current, &Indexed}, O, Unlimited);
  const DesignResult &Scan = R.Results[0], &Lookup = R.Results[1];
  // Both return the same failing readings...
  EXPECT_EQ(Scan.EntitiesReturned, Lookup.EntitiesReturned);
  ASSERT_GT(Lookup.EntitiesReturned, 0u);
  // (From counts, the scan returns the declared share of what it scanned
  // instead of the draws: the same within their spread.)
  ReplayOptions Counted = Unlimited;
  Counted.Service.CountedPages = true;
  Replay C;
  runReplay(C, {&Current, &Indexed}, O, Counted);
  EXPECT_GT(C.Results[0].CountedPages, 0u);
  const auto Drawn = static_cast<double>(Lookup.EntitiesReturned);
  EXPECT_NEAR(static_cast<double>(C.Results[0].EntitiesReturned), Drawn,
              4 * std::sqrt(Drawn) + 1);
  EXPECT_EQ(C.Results[0].EntitiesScanned, Scan.EntitiesScanned);
  // ...but the table scan reads every reading to find them.
  EXPECT_EQ(Lookup.ScannedPerReturned, 1.0);
  EXPECT_GT(Scan.ScannedPerReturned, 100 * Lookup.ScannedPerReturned);
  // The index doubles the writes: two entities per logical write.
  EXPECT_EQ(Lookup.EntitiesWritten, 2 * Scan.EntitiesWritten);

  // With the real budget, the scanned entities count against the
  // partition the writes need: the scan throttles them, the index does not.
  Replay Budgeted;
  runReplay(Budgeted, {&Current, &Indexed}, O);
  EXPECT_GT(Budgeted.Results[0].Throttled, 0u);
  EXPECT_EQ(Budgeted.Results[1].Throttled, 0u);
}

schema::Schema withClient(schema::Schema S, schema::RetrySpec Retry,
                          std::optional<unsigned> MaxConcurrency = {}) {
  schema::Client C;
  C.Name = "ingest";
  C.Retry = Retry;
  C.MaxConcurrency = MaxConcurrency;
  S.Clients.push_back(C);
  for (schema::Write &W : S.Tables[0].Writes)
    W.Client = "ingest";
  return S;
}

TEST(Replay, EachRetryPolicyShowsInTheReport) {
  // 3,000 inserts/s on one date key: a third of the offered load is
  // throttled; what the client does with it depends on its policy.
  auto Run = [](schema::RetryPolicyKind Policy) {
    schema::RetrySpec Spec;
    Spec.Policy = Policy;
    Spec.MaxRetries = 3;
    const schema::Schema S = withClient(telemetrySchema(3000), Spec);
    WorkloadOptions O;
    O.DurationSeconds = 30;
    Replay R;
    runReplay(R, {&S}, O);
    return R.Results[0];
  };
  const DesignResult None = Run(schema::RetryPolicyKind::None);
  const DesignResult Exponential = Run(schema::RetryPolicyKind::Exponential);
  const DesignResult Linear = Run(schema::RetryPolicyKind::Linear);
  const DesignResult Constant = Run(schema::RetryPolicyKind::Constant);
  const DesignResult Immediate = Run(schema::RetryPolicyKind::Immediate);
  EXPECT_EQ(None.Retries, 0u);
  EXPECT_EQ(None.Failed, None.Throttled) << "every throttled write is lost";
  for (const DesignResult *D : {&Exponential, &Linear, &Constant, &Immediate}) {
    EXPECT_GT(D->Retries, 0u);
    EXPECT_LE(D->Retries, 3 * D->Issued);
    EXPECT_LT(D->Failed, None.Failed) << "retries recover some writes";
  }
  // Retrying at once gives the hot partition no time to refill: more
  // writes fail than when backing off.
  EXPECT_GT(Immediate.Failed, Exponential.Failed);
  // Backing off costs latency for the writes that got through on a retry.
  EXPECT_GT(Exponential.P99, Immediate.P99);
}

TEST(Replay, RetryingBadRequestsOnlyAddsRequests) {
  // A batch size above the entity group transaction limit: every full
  // batch (150 entities) is answered 400; the partial ones sent by the
  // flush timer go through. Retrying 400s (retryOn lists them) changes
  // nothing but the request count.
  auto Run = [](std::vector<int> RetryOn) {
    schema::RetrySpec Spec;
    Spec.Policy = schema::RetryPolicyKind::Constant;
    Spec.BaseDelaySeconds = 0.1;
    Spec.RetryOn = std::move(RetryOn);
    schema::Schema S = withClient(telemetrySchema(500), Spec);
    S.Tables[0].Writes[0].BatchSize = 150;
    WorkloadOptions O;
    O.DurationSeconds = 20;
    Replay R;
    runReplay(R, {&S}, O);
    return R.Results[0];
  };
  const DesignResult Plain = Run({});
  const DesignResult Retrying400 = Run({400, 503});
  ASSERT_GT(Plain.ClientErrors, 0u);
  EXPECT_EQ(Plain.Failed, 150 * Plain.ClientErrors);
  EXPECT_EQ(Plain.Retries, 0u);
  EXPECT_EQ(Retrying400.Completed, Plain.Completed);
  EXPECT_EQ(Retrying400.Failed, Plain.Failed);
  EXPECT_EQ(Retrying400.Retries, 3 * Plain.ClientErrors);
  EXPECT_EQ(Retrying400.ClientErrors, 4 * Plain.ClientErrors);
}

TEST(Replay, LatencyRunsFromTheIntendedSendTime) {
  // 300 writes/s through a client that allows one request in flight, each
  // taking about 5 ms: the client can send about 200/s, so requests queue
  // and wait. Measured from the intended send time, latency keeps growing;
  // from the actual send time it would stay near 5 ms (coordinated
  // omission), a write's round trip and its service time's tail.
  schema::RetrySpec Spec;
  const schema::Schema Bounded = withClient(telemetrySchema(300), Spec, 1);
  const schema::Schema Unbounded = withClient(telemetrySchema(300), Spec);
  WorkloadOptions O;
  O.DurationSeconds = 60;
  Replay A, B;
  runReplay(A, {&Bounded}, O);
  runReplay(B, {&Unbounded}, O);
  const ServiceTimeModel M;
  // The lognormal's p99 is the median times e^(2.33 sigma).
  const double WriteP99 = M.RoundTripSeconds + M.Write.MedianSeconds *
                                                   std::exp(2.33 * M.Write.Sigma);
  EXPECT_NEAR(B.Results[0].P99, WriteP99, 0.1 * WriteP99);
  EXPECT_GT(A.Results[0].P50, 5.0);
  EXPECT_GT(A.Results[0].P99, 15.0);
  EXPECT_EQ(A.Results[0].Throttled, 0u) << "the queue is in the client";
}

TEST(Replay, RetriesQueuedBehindABusyClientKeepTheirAttempts) {
  // 20,000 inserts/s on one date key (its budget: 2,000/s) through a client
  // of 64 slots that retries once: the client sends fewer than it is
  // offered, so writes queue in it, and most of what it sends is
  // throttled, so their retries queue behind them (the backlog a throttled
  // client builds, held compactly until a slot frees). A retry that waited
  // is still a retry: no write makes more than two requests.
  schema::RetrySpec Spec;
  Spec.Policy = schema::RetryPolicyKind::Constant;
  Spec.BaseDelaySeconds = 0.05;
  Spec.MaxRetries = 1;
  const schema::Schema S = withClient(telemetrySchema(20000), Spec, 64);
  WorkloadOptions O;
  O.DurationSeconds = 10;
  Replay R;
  runReplay(R, {&S}, O);
  const DesignResult &D = R.Results[0];
  ASSERT_GT(D.Throttled, D.Requests / 2);
  EXPECT_GT(D.P50, 1.0) << "writes wait in the client's queue";
  EXPECT_GT(D.Retries, 0u);
  EXPECT_LE(D.Retries, D.Issued);
  // A write gives up when its one retry is throttled too.
  EXPECT_LE(D.Requests, 2 * D.Issued);
  EXPECT_GT(D.GaveUpRequests, 0u);
}

TEST(Replay, SameSeedSameReport) {
  schema::Schema S = telemetrySchema(2500);
  S.Tables[0].Queries.push_back(query(
      "device-day",
      "PartitionKey eq '{readingTime:yyyyMMdd}' and deviceId eq '{deviceId}'",
      2));
  WorkloadOptions O;
  O.DurationSeconds = 60;
  Replay A, B, C;
  runReplay(A, {&S}, O);
  runReplay(B, {&S}, O);
  O.Seed = 99;
  runReplay(C, {&S}, O);
  const std::string JA = formatJson(A.Report), JB = formatJson(B.Report);
  EXPECT_EQ(JA, JB);
  EXPECT_EQ(formatText(A.Report), formatText(B.Report));
  EXPECT_NE(JA, formatJson(C.Report));
}

TEST(Replay, TraceRoundTripReplaysTheSameWorkload) {
  schema::Schema S = telemetrySchema(400);
  S.Tables[0].Queries.push_back(
      query("device-day",
            "PartitionKey eq '{readingTime:yyyyMMdd}' and "
            "deviceId eq '{deviceId}' and temperature gt {temperature}",
            3));
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Replay Generated;
  runReplay(Generated, {&S}, O);
  const std::string Trace = writeTrace(Generated.W, Generated.Plans[0]);
  // One line per operation, with the fields of docs/replay.md.
  EXPECT_EQ(
      static_cast<std::size_t>(std::count(Trace.begin(), Trace.end(), '\n')),
      Generated.W.Events.size());
  const std::string First = Trace.substr(0, Trace.find('\n'));
  for (const char *Field : {"\"t\":", "\"op\":", "\"table\":", "\"keys\":",
                            "\"properties\":", "\"batch\":"})
    EXPECT_NE(First.find(Field), std::string::npos) << Field << " in " << First;
  EXPECT_NE(
      Trace.find("\"filter\":\"PartitionKey eq '20250101' and deviceId eq"),
      std::string::npos);

  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(S, Errors);
  readTrace(Trace, "run.jsonl", W, Errors);
  ASSERT_TRUE(Errors.empty()) << Errors[0].str();
  W.DurationSeconds = O.DurationSeconds;
  const DesignPlan Plan = planDesign(W, S, "current", Errors);
  const DesignResult Replayed = simulateDesign(W, Plan, ReplayOptions());
  ReplayReport A = Generated.Report, B = Generated.Report;
  B.Designs = {Replayed};
  EXPECT_EQ(formatJson(A), formatJson(B));
}

TEST(Replay, BadTraceLinesAreReportedWithTheirPosition) {
  const schema::Schema S = telemetrySchema(1);
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(S, Errors);
  readTrace(
      "{\"t\":1,\"op\":\"ingest-reading\",\"properties\":{}}\n"
      "{\"t\":2,\"op\":\"no-such-op\"}\n"
      "{\"t\":3,\"op\":\"ingest-reading\",\"properties\":{\"deviceId\":5}}\n"
      "{\"t\": 4, oops}\n",
      "run.jsonl", W, Errors);
  ASSERT_EQ(Errors.size(), 3u);
  EXPECT_EQ(Errors[0].str(),
            "run.jsonl:2:13: error: unknown operation 'no-such-op': the "
            "current schema declares no write or query of that name");
  EXPECT_EQ(Errors[1].str(), "run.jsonl:3:55: error: property 'deviceId' is "
                             "not of type string");
  EXPECT_EQ(Errors[2].Line, 4u);
  EXPECT_EQ(Errors[2].Column, 10u); // the 'o' of oops
  EXPECT_EQ(W.Events.size(), 1u) << "good lines are kept";
}

TEST(Replay, ReportShowsBothDesignsSideBySide) {
  const schema::Schema Current = telemetrySchema(3000);
  const schema::Schema Bucketed = telemetrySchema(3000, BucketedDayKey);
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Replay R;
  runReplay(R, {&Current, &Bucketed}, O);
  const std::string Text = formatText(R.Report);
  EXPECT_NE(Text.find("current"), std::string::npos);
  EXPECT_NE(Text.find("suggested"), std::string::npos);
  for (const char *Row :
       {"operations completed", "throttled (503/500)",
        "throttled, last tenth of the run", "retries",
        "latency p50 / p95 / p99 (ms)", "scanned per returned", "query pages",
        "billable transactions", "payload bytes sent / received",
        "estimated cost (run / 30 days)"})
    EXPECT_NE(Text.find(Row), std::string::npos) << Row;
  EXPECT_NE(Text.find("DeviceReadings '20250101'"), std::string::npos);

  llvm::Expected<llvm::json::Value> J = llvm::json::parse(formatJson(R.Report));
  ASSERT_TRUE(static_cast<bool>(J));
  const llvm::json::Array *Designs = J->getAsObject()->getArray("designs");
  ASSERT_EQ(Designs->size(), 2u);
  const llvm::json::Object &First = *(*Designs)[0].getAsObject();
  EXPECT_EQ(First.getString("label"), "current");
  EXPECT_EQ(First.getInteger("throttled"),
            static_cast<std::int64_t>(R.Results[0].Throttled));
  EXPECT_EQ(
      First.getInteger("billableTransactions"),
      static_cast<std::int64_t>(R.Results[0].Requests - R.Results[0].Throttled))
      << "throttled requests are not billed";
  EXPECT_GT(*First.getInteger("requestBytes"), 0);
}

// The monthly cost of a throttled design is low because throttled requests
// are not billed and failed operations are not done: the report prints what
// each completed operation costs next to it, counting the transactions of
// requests given up after their last retry as paid, so the design that
// serves the workload is not the expensive-looking one.
TEST(Replay, ReportPricesEachDesignPerCompletedOperation) {
  const schema::Schema Current = telemetrySchema(6000);
  const schema::Schema Bucketed = telemetrySchema(6000, BucketedDayKey);
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Replay R;
  runReplay(R, {&Current, &Bucketed}, O);
  const DesignResult &Throttled = R.Results[0], &Served = R.Results[1];
  ASSERT_GT(Throttled.GaveUpTransactions, 0u);
  ASSERT_GT(Served.Completed, Throttled.Completed);
  auto PerMillion = [](const DesignResult &D) {
    return (D.Cost / static_cast<double>(D.BillableTransactions)) *
           static_cast<double>(D.BillableTransactions +
                               D.UnfinishedQueryPages +
                               D.GaveUpTransactions) /
           static_cast<double>(D.Completed) * 1e6;
  };
  EXPECT_DOUBLE_EQ(costPerCompleted(Throttled) * 1e6, PerMillion(Throttled));
  EXPECT_GT(costPerCompleted(Throttled), costPerCompleted(Served))
      << "the throttled design pays more for each operation it completes";

  const std::string Text = formatText(R.Report);
  const std::size_t Line = Text.find("cost per million completed ops");
  ASSERT_NE(Line, std::string::npos) << Text;
  const std::string Row = Text.substr(Line, Text.find('\n', Line) - Line);
  char Expected[2][32];
  for (int D = 0; D < 2; ++D) {
    const double V = PerMillion(R.Results[D]);
    std::snprintf(Expected[D], sizeof Expected[D], V < 1 ? "$%.4f" : "$%.2f",
                  V);
    EXPECT_NE(Row.find(Expected[D]), std::string::npos) << Row;
  }
  EXPECT_LT(Row.find(Expected[0]), Row.find(Expected[1])) << Row;

  llvm::Expected<llvm::json::Value> J = llvm::json::parse(formatJson(R.Report));
  ASSERT_TRUE(static_cast<bool>(J));
  const llvm::json::Array *Designs = J->getAsObject()->getArray("designs");
  ASSERT_EQ(Designs->size(), 2u);
  for (int D = 0; D < 2; ++D) {
    const std::optional<double> V =
        (*Designs)[D].getAsObject()->getNumber("costPerMillionCompleted");
    ASSERT_TRUE(V.has_value());
    EXPECT_DOUBLE_EQ(*V, PerMillion(R.Results[D]));
  }
}

// A design that completes nothing has no cost per completed operation: "-"
// in the text, null in JSON, never a division by zero.
TEST(Replay, NothingCompletedHasNoCostPerOperation) {
  DesignResult D;
  D.BillableTransactions = 10;
  D.Cost = 1;
  EXPECT_TRUE(std::isinf(costPerCompleted(D)));
  ReplayReport Report;
  Report.Designs = {D};
  const std::string Text = formatText(Report);
  const std::size_t Line = Text.find("cost per million completed ops");
  ASSERT_NE(Line, std::string::npos) << Text;
  std::string Row = Text.substr(Line, Text.find('\n', Line) - Line);
  Row.erase(Row.find_last_not_of(' ') + 1);
  EXPECT_EQ(Row, "cost per million completed ops  -");
  llvm::Expected<llvm::json::Value> J = llvm::json::parse(formatJson(Report));
  ASSERT_TRUE(static_cast<bool>(J));
  const llvm::json::Value *V = (*J->getAsObject()->getArray("designs"))[0]
                                   .getAsObject()
                                   ->get("costPerMillionCompleted");
  ASSERT_NE(V, nullptr);
  EXPECT_EQ(V->kind(), llvm::json::Value::Null);
}

// A key throttled by the rate of its point reads is not said to be held by
// a scan: the note says its reads came one at a time. A key a scan reads
// keeps the scan's explanation (BucketLoadModel tests).
TEST(Replay, AKeyHotWithPointReadsIsNotBlamedOnAScan) {
  const schema::SchemaLoad L =
      schema::loadSchemaText(hotLinksYaml(""), "links.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors.front().str();
  WorkloadOptions O;
  O.DurationSeconds = 20;
  Replay R;
  runReplay(R, {&L.Value}, O);
  const DesignResult &D = R.Results[0];
  ASSERT_FALSE(D.MostThrottled.empty());
  const HotKey &Hot = D.MostThrottled[0];
  EXPECT_GT(Hot.Scanned, Hot.Accessed / 2);
  EXPECT_LT(Hot.ScannedInRuns, Hot.Scanned / 2);
  bool PointReads = false, Scan = false;
  for (const std::string &N : D.Notes) {
    if (N.find("partition key '" + Hot.PartitionKey + "' of table 'Links': ") ==
        std::string::npos)
      continue;
    PointReads |= N.find("read by queries one at a time (point reads): its "
                         "throttles (" + std::to_string(Hot.Throttled) +
                         ") come from the rate of its requests") !=
                  std::string::npos;
    Scan |= N.find("a scan reads as fast") != std::string::npos;
  }
  EXPECT_TRUE(PointReads);
  EXPECT_FALSE(Scan);
}

// Stock per warehouse: the hot warehouse's point reads and merges take
// 1,500 of its 2,000 entities/s, which it serves; a report scans the whole
// table now and then. Each of its pages reads up to 5 s of a key's budget
// at once, so while it reads the hot warehouse, the warehouse's other
// requests are throttled. The note blames the scan, although the scan's
// entities are a small part of what the key served (most are point
// reads); without the report nothing is throttled.
TEST(Replay, AKeyThrottledWhileAScanOverdrewItBlamesTheScan) {
  auto Yaml = [](bool Report) {
    return std::string(
               "version: 1\n"
               "accounts: [{name: a, region: westeurope}]\n"
               "tables:\n"
               "  - name: Stock\n"
               "    account: a\n"
               "    partitionKey: \"{warehouse}\"\n"
               "    rowKey: \"{sku}\"\n"
               "    entities: 200000\n"
               "    properties:\n"
               "      warehouse: {type: string, values: [w1, w2, w3, w4], "
               "weights: [0.4, 0.2, 0.2, 0.2]}\n"
               "      sku: {type: string, distinct: 50000}\n"
               "      onHand: {type: int32}\n"
               "    writes:\n"
               "      - {name: reserve, op: merge, rate: 750/s, properties: "
               "[onHand]}\n"
               "    queries:\n"
               "      - {name: lookup, filter: \"PartitionKey eq "
               "'{warehouse}' and RowKey eq '{sku}'\", rate: 3000/s}\n") +
           (Report ? "      - {name: report, filter: \"onHand lt 10\", "
                     "rate: 6/min}\n"
                   : "");
  };
  WorkloadOptions O;
  O.DurationSeconds = 30;
  {
    const schema::SchemaLoad L = schema::loadSchemaText(Yaml(false), "s.yaml");
    ASSERT_TRUE(L.ok()) << L.Errors.front().str();
    Replay R;
    runReplay(R, {&L.Value}, O);
    EXPECT_EQ(R.Results[0].Throttled, 0u);
  }
  const schema::SchemaLoad L = schema::loadSchemaText(Yaml(true), "s.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors.front().str();
  Replay R;
  runReplay(R, {&L.Value}, O);
  const DesignResult &D = R.Results[0];
  ASSERT_FALSE(D.MostThrottled.empty());
  const HotKey &Hot = D.MostThrottled[0];
  EXPECT_EQ(Hot.PartitionKey, "w1");
  EXPECT_GT(Hot.Throttled, 1000u);
  EXPECT_LT(Hot.ScannedInRuns, Hot.Scanned / 2);
  EXPECT_GE(2 * Hot.ThrottledByScan, Hot.Throttled);
  bool PointReads = false, Scan = false;
  for (const std::string &N : D.Notes) {
    if (N.find("partition key 'w1' of table 'Stock': ") == std::string::npos)
      continue;
    PointReads |= N.find("one at a time (point reads)") != std::string::npos;
    Scan |= N.find("a scan reads as fast as the key's budget allows") !=
                std::string::npos &&
            N.find("(" + std::to_string(Hot.ThrottledByScan) + " of its " +
                   std::to_string(Hot.Throttled) +
                   " throttled requests came while a scan's page had taken "
                   "more than its budget held)") != std::string::npos;
  }
  EXPECT_FALSE(PointReads);
  EXPECT_TRUE(Scan);
}

TEST(Replay, ATableScanIsHeldToTheBudgetOfTheKeyItReads) {
  // One PartitionKey of 10 million entities, scanned ten times a second
  // with and without a PartitionKey equality: either way the key serves
  // its 2,000 entities/s (and a page's overshoot: a page admitted with
  // budget left reads up to 5 s of it). A table scan's first page names no
  // key; it was admitted without asking one and read 10,000 entities of
  // the key every execution: the key served the range's budget, 10,000/s.
  for (const std::string Filter :
       {"status eq 'disputed'", "PartitionKey eq 't1' and status eq "
                                "'disputed'"}) {
    const schema::SchemaLoad L = schema::loadSchemaText(
        "version: 1\n"
        "accounts: [{name: pay}]\n"
        "tables:\n"
        "  - name: Entries\n"
        "    account: pay\n"
        "    partitionKey: \"{tenantId}\"\n"
        "    rowKey: \"{entryId}\"\n"
        "    entities: 10M\n"
        "    properties:\n"
        "      tenantId: {type: string, values: [t1]}\n"
        "      entryId: {type: guid}\n"
        "      status: {type: string, values: [disputed, ok], weights: "
        "[0.001, 0.999]}\n"
        "    writes:\n"
        "      - {name: add, op: insert, rate: 1/s}\n"
        "    queries:\n"
        "      - {name: disputed, filter: \"" +
            Filter + "\", rate: 10/s}\n",
        "entries.yaml");
    ASSERT_TRUE(L.ok()) << L.Errors.front().str();
    WorkloadOptions O;
    O.DurationSeconds = 60;
    Replay R;
    runReplay(R, {&L.Value}, O);
    const DesignResult &D = R.Results[0];
    ASSERT_EQ(D.Heatmap.size(), 1u);
    const HeatRow &Key = D.Heatmap[0];
    ASSERT_EQ(Key.FirstKey, "t1");
    ASSERT_EQ(D.BucketSeconds, 1.0);
    // Every 10 s the key serves at most 10 s of its budget, its burst and
    // one page's overshoot; over the first minute it serves about its
    // budget.
    std::uint64_t Served = 0, Minute = 0;
    for (std::size_t I = 0; I < Key.Cells.size(); ++I) {
      Served += Key.Cells[I];
      if (I >= 10)
        Served -= Key.Cells[I - 10];
      EXPECT_LE(Served, 2000u * 10 + 2000 + 10000) << Filter << " at " << I;
      if (I < 60)
        Minute += Key.Cells[I];
    }
    EXPECT_GT(Minute, 2000u * 50) << Filter;
    // Executions still reading go on after the workload: the report says
    // how long, so the key's entities are read against that time.
    ASSERT_GT(D.SimulatedSeconds, 60.0);
    EXPECT_LE(static_cast<double>(D.EntitiesScanned),
              2000 * D.SimulatedSeconds + 2000 + 10000);
    char Row[64];
    std::snprintf(Row, sizeof Row, "60 s + %.0f s", D.SimulatedSeconds - 60);
    const std::string Text = formatText(R.Report);
    const std::size_t At = Text.find("simulated: workload + drain");
    ASSERT_NE(At, std::string::npos);
    EXPECT_NE(Text.substr(At, Text.find('\n', At) - At).find(Row),
              std::string::npos)
        << Text.substr(At, 80);
    // No execution finished: its latency is not 0.0 ms but none.
    const OpResult &Scan = op(D, "disputed");
    ASSERT_EQ(Scan.Completed, 0u);
    const std::size_t Line = Text.find("\n  disputed ");
    ASSERT_NE(Line, std::string::npos);
    EXPECT_NE(Text.substr(Line, 80).find(
                  "0/" + std::to_string(Scan.Failed) + ", -, "),
              std::string::npos)
        << Text.substr(Line, 80);
  }
}

// The range partition at the end of the key space that stays over its
// budget after every split is the append pattern only where new keys land
// at the end. A stable key that sorts last (tenant 'z', 1,200 writes/s:
// under its key's 2,000/s, over a range budget of 1,000/s) is not: its
// range holds one key, which no split divides.
TEST(Replay, TheEndRangeIsTheAppendPatternOnlyWhereKeysGrow) {
  auto Yaml = [](const std::string &Key, const std::string &Property) {
    return "version: 1\n"
           "accounts: [{name: main, region: westeurope}]\n"
           "tables:\n"
           "  - name: Events\n"
           "    account: main\n"
           "    partitionKey: \"" + Key + "\"\n"
           "    rowKey: \"{eventId}\"\n"
           "    entities: 1000000\n"
           "    properties:\n"
           "      " + Property + "\n"
           "      eventId: {type: guid}\n"
           "    writes:\n"
           "      - {name: record, op: insert, rate: 2400/s}\n";
  };
  const schema::SchemaLoad Counter = schema::loadSchemaText(
      Yaml("{n:D12}", "n: {type: int64, distribution: sequential}"),
      "counter.yaml");
  const schema::SchemaLoad Tenant = schema::loadSchemaText(
      Yaml("{tenant}",
           "tenant: {type: string, values: [a, b, c, d, e, f, x, y, z], "
           "weights: [0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.22, 0.22, 0.5]}"),
      "tenant.yaml");
  ASSERT_TRUE(Counter.ok()) << Counter.Errors.front().str();
  ASSERT_TRUE(Tenant.ok()) << Tenant.Errors.front().str();
  ReplayOptions RO;
  RO.Service.RangeEntitiesPerSecond = 1000;
  WorkloadOptions O;
  O.DurationSeconds = 60;
  const std::string EndNote = "table 'Events': the range partition at the "
                              "end of the key space stayed over its budget "
                              "after every split: ";
  for (const schema::SchemaLoad *L : {&Counter, &Tenant}) {
    Replay R;
    runReplay(R, {&L->Value}, O, RO);
    const DesignResult &D = R.Results[0];
    std::string Note;
    for (const std::string &N : D.Notes)
      if (N.rfind(EndNote, 0) == 0)
        Note = N.substr(EndNote.size());
    if (L == &Counter)
      EXPECT_EQ(Note.rfind("each new key lands after the last one", 0), 0u)
          << Note;
    else
      EXPECT_EQ(Note, "its keys do not grow, so this is not the append "
                      "pattern: the load of its last keys is more than its "
                      "range's budget (a range never splits one key)");
  }
}

// A work queue whose API batches the job inserts and whose workers batch
// their heartbeats (merges), per queue: each write is batched on its own
// (a heartbeat never shares a transaction with an insert), a job's second
// heartbeat within one flush goes in the next transaction (one
// transaction cannot address an entity twice), and a heartbeat addresses
// a job whose insert has reached the service, not one still in the API's
// batch. Before, the writes shared one buffer per partition and 99.7% of
// them failed with 400 and 404.
TEST(Replay, BatchedInsertsAndBatchedMergesOfOneTableEachComplete) {
  auto Yaml = [](const std::string &Table, const std::string &Writes) {
    return "version: 1\n"
           "accounts: [{name: jobs, region: westeurope}]\n"
           "tables:\n"
           "  - name: Jobs\n"
           "    account: jobs\n"
           "    partitionKey: \"{queueId}\"\n"
           "    rowKey: \"{jobId}\"\n" + Table +
           "    properties:\n"
           "      queueId: {type: string, distinct: 10}\n"
           "      jobId: {type: guid}\n"
           "      leaseUntil: {type: datetime}\n"
           "    writes:\n" + Writes;
  };
  const schema::SchemaLoad Fresh = schema::loadSchemaText(
      Yaml("", "      - {name: submit, op: insert, rate: 200/s, batch: 20}\n"
               "      - {name: heartbeat, op: merge, rate: 200/s, batch: 20, "
               "properties: [leaseUntil]}\n"),
      "fresh.yaml");
  // 30 jobs, 10 a queue, each heartbeat 40 times a second: a batch of 100
  // of one queue would hold each job several times.
  const schema::SchemaLoad Few = schema::loadSchemaText(
      Yaml("    entities: 30\n",
           "      - {name: heartbeat, op: merge, rate: 400/s, batch: 100, "
           "properties: [leaseUntil]}\n"),
      "few.yaml");
  ASSERT_TRUE(Fresh.ok()) << Fresh.Errors.front().str();
  ASSERT_TRUE(Few.ok()) << Few.Errors.front().str();
  WorkloadOptions O;
  O.DurationSeconds = 30;
  for (const schema::SchemaLoad *L : {&Fresh, &Few}) {
    Replay R;
    runReplay(R, {&L->Value}, O);
    const DesignResult &D = R.Results[0];
    EXPECT_EQ(D.Failed, 0u);
    EXPECT_EQ(D.ClientErrors, 0u);
    EXPECT_EQ(D.Completed, D.Issued);
    const OpResult &Heartbeat = op(D, "heartbeat");
    EXPECT_GT(Heartbeat.Completed, L == &Few ? 11000u : 5500u);
    if (L == &Few) // at most 10 of a queue's heartbeats in one transaction
      EXPECT_GE(D.Requests, Heartbeat.Completed / 10);
    else // only the first 2 s have no job old enough to heartbeat
      EXPECT_LT(R.W.Ops[R.W.opIndex("heartbeat")].Unaddressed, 600u);
  }
}

// A transaction's delete addresses a row with its leader's values of the
// partition key's properties: where none exists the note names them (a
// hashed key's bucket holds other players' rows, which the delete of this
// player's old rank row does not address).
TEST(Replay, AFollowerWithNothingToAddressNamesTheLeadersKeyProperties) {
  const schema::SchemaLoad L = schema::loadSchemaText(
      "version: 1\n"
      "accounts: [{name: boards, region: westeurope}]\n"
      "tables:\n"
      "  - name: Board\n"
      "    account: boards\n"
      "    partitionKey: \"b{playerId|hash:4}\"\n"
      "    rowKey: \"{score|reverse}_{playerId}\"\n"
      "    properties:\n"
      "      playerId: {type: guid, distinct: 3M}\n"
      "      score: {type: int64}\n"
      "    writes:\n"
      "      - {name: new-rank, op: insert, rate: 200/s}\n"
      "      - {name: drop-rank, op: delete, rate: 200/s}\n"
      "    transactions:\n"
      "      - {name: improve, writes: [new-rank, drop-rank]}\n",
      "board.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors.front().str();
  WorkloadOptions O;
  O.DurationSeconds = 10;
  Replay R;
  runReplay(R, {&L.Value}, O);
  const std::uint64_t Skipped = R.W.Ops[R.W.opIndex("drop-rank")].Unaddressed;
  ASSERT_GT(Skipped, 1500u);
  const std::string Note =
      "'drop-rank' (delete): " + std::to_string(Skipped) +
      " executions did not run: no entity of table 'Board' to address when "
      "they arrived (none existing, none written before them with the "
      "transaction leader's 'playerId')";
  EXPECT_NE(std::find(R.Results[0].Notes.begin(), R.Results[0].Notes.end(),
                      Note),
            R.Results[0].Notes.end());
}

// A key throttled by its writes (one season's partition, 3,000 inserts/s)
// that a top-10 read also reads once a second: the reads are a small part
// of what the key served, so the note says the writes are its load instead
// of blaming a scan (which would send the team to cache the read).
TEST(Replay, AKeyLoadedByItsWritesIsNotBlamedOnItsReads) {
  const schema::SchemaLoad L = schema::loadSchemaText(
      "version: 1\n"
      "accounts: [{name: game, region: westeurope}]\n"
      "tables:\n"
      "  - name: Board\n"
      "    account: game\n"
      "    partitionKey: \"s31\"\n"
      "    rowKey: \"{score|reverse}_{playerId}\"\n"
      "    properties:\n"
      "      playerId: {type: guid}\n"
      "      score: {type: int64}\n"
      "    writes:\n"
      "      - {name: submit-score, op: insert, rate: 3000/s}\n"
      "    queries:\n"
      "      - {name: top-10, filter: \"PartitionKey eq 's31'\", "
      "select: [score], top: 10, rate: 1/s}\n",
      "board.yaml");
  ASSERT_TRUE(L.ok()) << L.Errors.front().str();
  WorkloadOptions O;
  O.DurationSeconds = 30;
  Replay R;
  runReplay(R, {&L.Value}, O);
  const DesignResult &D = R.Results[0];
  ASSERT_FALSE(D.MostThrottled.empty());
  const HotKey &Hot = D.MostThrottled[0];
  ASSERT_EQ(Hot.PartitionKey, "s31");
  ASSERT_GT(Hot.Scanned, 0u);
  EXPECT_LT(Hot.Scanned * 20, Hot.Accessed);
  bool Writes = false, Scan = false;
  for (const std::string &N : D.Notes) {
    Writes |= N == "partition key 's31' of table 'Board': " +
                       std::to_string(Hot.Scanned) + " of the " +
                       std::to_string(Hot.Accessed) +
                       " entities it served were read by queries: the rest, "
                       "its writes, are most of its load, so its throttles (" +
                       std::to_string(Hot.Throttled) +
                       ") come from them, not from the reads";
    Scan |= N.find("a scan reads as fast") != std::string::npos;
  }
  EXPECT_TRUE(Writes);
  EXPECT_FALSE(Scan);
}

} // namespace
} // namespace tablelint::replay
