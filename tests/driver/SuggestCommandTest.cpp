// End-to-end tests of `tablelint suggest`: the file it writes, what it says,
// and its exit codes.
#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"
#include "core/schema/SchemaLoader.h"
#include "replay/DesignPlan.h"
#include "replay/Workload.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

const std::string Telemetry =
    std::string(TABLELINT_SOURCE_DIR) +
    "/examples/telemetry-service/schema/telemetry.yaml";

TEST(SuggestCommand, WritesTheDesignAtomicallyWithNotes) {
  const std::string Dir = makeTempDir("suggest");
  const std::string Out = Dir + "/suggested.yaml";
  ToolResult R = runTablelint({"suggest", Telemetry, "-o", Out, "--no-verify"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "");
  std::optional<std::string> Yaml = readFile(Out);
  ASSERT_TRUE(Yaml);
  // The time-based key gets a bucket of the device (the dashboard query
  // knows the device, so it still reads one partition).
  EXPECT_THAT(
      *Yaml,
      HasSubstr("partitionKey: \"{deviceId|hash:8}_{readingTime:yyyyMMdd}\""));
  EXPECT_THAT(*Yaml, HasSubstr("# bucketed partition key for "
                               "time-based-partition-key: 6860 entities/s "
                               "over 8 buckets of 'deviceId' = 858/s on the "
                               "busiest partition (42.9% of the 2000/s "
                               "target; aim: at most 50%)"));
  // A sparse index: only the failing readings, three properties each.
  EXPECT_THAT(*Yaml, HasSubstr("- name: DeviceReadingsByStatus"));
  EXPECT_THAT(*Yaml, HasSubstr("when: \"status eq 'fail'\""));
  // No batch of unrelated readings: advice only.
  EXPECT_THAT(*Yaml, Not(HasSubstr("batch:")));
  EXPECT_THAT(R.Err, HasSubstr("tables[DeviceReadings].writes[ingest-reading]"
                               ": unbatched-writes: advice, not applied"));
  EXPECT_THAT(R.Err, HasSubstr("tables[DeviceReadings]: "
                               "time-based-partition-key: bucketed"));
  EXPECT_THAT(R.Err, HasSubstr("changes applied"));
  EXPECT_THAT(R.Err, HasSubstr("; wrote " + Out));
  // No temporary file is left beside the output.
  unsigned Files = 0;
  for ([[maybe_unused]] const auto &E : fs::directory_iterator(Dir))
    ++Files;
  EXPECT_EQ(Files, 1u);

  // Linting the suggested design: the remedied findings are gone.
  ToolResult Again = runTablelint({"suggest", Out, "--no-verify"});
  EXPECT_EQ(Again.ExitCode, 0) << Again.Err;
  EXPECT_THAT(Again.Err, Not(HasSubstr("time-based-partition-key")));
  EXPECT_THAT(Again.Err, Not(HasSubstr("denormalize-for-query")));
  fs::remove_all(Dir);
}

TEST(SuggestCommand, PrintsToStandardOutputWithoutDashO) {
  ToolResult R = runTablelint({"suggest", Telemetry, "--no-verify"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  // The user's file, edited: its own header comment stays, no header of
  // ours is added.
  EXPECT_THAT(R.Out, HasSubstr("# The telemetry service's tables, as the "
                               "team declares them for tablelint\n"));
  EXPECT_THAT(R.Out, Not(HasSubstr("# Suggested design for ")));
  EXPECT_THAT(R.Out, HasSubstr("version: 1"));
  EXPECT_THAT(R.Out, HasSubstr("select: [temperature]"));
}

TEST(SuggestCommand, AGoodDesignIsLeftAsItIs) {
  const std::string Dir = makeTempDir("suggest-good");
  const std::string In = Dir + "/good.yaml";
  ASSERT_FALSE(writeFileAtomically(
      In, "version: 1\n"
          "accounts: [{name: a, region: westeurope}]\n"
          "tables:\n"
          "  - name: Users\n"
          "    account: a\n"
          "    partitionKey: \"{userId}\"\n"
          "    rowKey: profile\n"
          "    properties: {userId: {type: guid}, name: {type: string}}\n"
          "    writes: [{name: sign-up, op: insert, rate: 20/s}]\n"
          "    queries: [{name: me, filter: \"PartitionKey eq '{userId}' and "
          "RowKey eq 'profile'\", rate: 100/s}]\n"));
  ToolResult R = runTablelint({"suggest", In});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("0 changes applied, 0 advised, 0 findings left"));
  EXPECT_THAT(R.Out, HasSubstr("partitionKey: \"{userId}\""));
  EXPECT_THAT(R.Out, Not(HasSubstr("hash:")));
  fs::remove_all(Dir);
}

TEST(SuggestCommand, InvalidSchemaIsAnInputErrorWithPositions) {
  const std::string Dir = makeTempDir("suggest-bad");
  const std::string In = Dir + "/bad.yaml";
  ASSERT_FALSE(writeFileAtomically(In,
                                   "version: 1\n"
                                   "accounts: [{name: a}]\n"
                                   "tables:\n"
                                   "  - name: T\n"
                                   "    account: a\n"
                                   "    partitionKey: \"{k\"\n"
                                   "    rowKey: r\n"
                                   "    properties: {k: {type: string}}\n"));
  const std::string Out = Dir + "/out.yaml";
  ToolResult R = runTablelint({"suggest", In, "-o", Out});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr(In + ":6:"));
  EXPECT_THAT(R.Err, HasSubstr("error:"));
  EXPECT_FALSE(fs::exists(Out));
  fs::remove_all(Dir);
}

// One user action written to two tables under one write name: a counter
// merged in one, a row inserted in the other. One name is one logical
// write mirrored into each table, so the design does not say what the
// workload is: every command refuses it at the second write, once, exit 2,
// and `suggest` writes nothing (it used to refuse every remedy, the retry
// fix too, as "replaying it alone makes the design does not map the
// workload: ... worse: ").
TEST(SuggestCommand, TwoWritesThatOnlyShareANameAreAnInputError) {
  const std::string Dir = makeTempDir("suggest-unmapped");
  const std::string In = Dir + "/likes.yaml";
  ASSERT_FALSE(writeFileAtomically(
      In, "version: 1\n"
          "accounts: [{name: feed, region: westeurope}]\n"
          "clients:\n"
          "  - {name: api, kind: service, region: westeurope, auth: token,\n"
          "     retry: {policy: linear, baseDelay: 500ms, maxRetries: 10}}\n"
          "tables:\n"
          "  - name: PostStats\n"
          "    account: feed\n"
          "    partitionKey: \"{postId}\"\n"
          "    rowKey: \"stats\"\n"
          "    properties:\n"
          "      postId: {type: guid, distinct: 2M}\n"
          "      likeCount: {type: int64}\n"
          "    writes:\n"
          "      - {name: like, client: api, op: insert-or-merge, rate: 10/s}\n"
          "  - name: Likes\n"
          "    account: feed\n"
          "    partitionKey: \"{postId}\"\n"
          "    rowKey: \"{userId}\"\n"
          "    properties:\n"
          "      postId: {type: guid, distinct: 2M}\n"
          "      userId: {type: guid, distinct: 20M}\n"
          "    writes:\n"
          "      - {name: like, client: api, op: insert, rate: 10/s}\n"));
  const std::string Error =
      In + ":24:9: error: write 'like' is insert here and insert-or-merge in "
           "table 'PostStats' (line 15)";
  ToolResult Replay = runTablelint({"replay", In, "--duration", "2s"});
  EXPECT_EQ(Replay.ExitCode, 2) << Replay.Err;
  EXPECT_THAT(Replay.Err, HasSubstr(Error));
  ToolResult Lint = runTablelint({"lint", In});
  EXPECT_EQ(Lint.ExitCode, 2) << Lint.Err;
  EXPECT_THAT(Lint.Err, HasSubstr(Error));
  const std::string Out = Dir + "/out.yaml";
  for (const char *Verify : {"--verify-duration", "--no-verify"}) {
    std::vector<std::string> Args{"suggest", In, "-o", Out, Verify};
    if (std::string(Verify) == "--verify-duration")
      Args.push_back("2s");
    ToolResult R = runTablelint(Args);
    EXPECT_EQ(R.ExitCode, 2) << R.Err;
    EXPECT_THAT(R.Err, HasSubstr(Error));
    EXPECT_THAT(R.Err, Not(HasSubstr("replaying it alone makes the design")));
    EXPECT_FALSE(fs::exists(Out));
  }
  fs::remove_all(Dir);
}

// Remedies that need each other: alone, the index on player-history adds
// mirror writes to an account that the chat's whole-partition reads
// saturate, and fails more operations; on top of the log tail it serves
// every lookup. Requests given up on throttles count with what they still
// needed, so a design whose table scans fail does not look cheap.
TEST(SuggestCommand, KeepsARemedyThatPaysOffOnTopOfAnother) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/game-backend.yaml";
  ToolResult R = runTablelint({"suggest", In, "--verify-duration", "10s"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("tables[ChatMessages]: partition-scan: "
                               "replayed alone: failed "));
  EXPECT_THAT(R.Err,
              HasSubstr("tables[Matches].queries[player-history]: "
                        "denormalize-for-query: replayed on top of the "
                        "remedies kept: failed "));
  EXPECT_THAT(R.Err, HasSubstr("transactions to go) -> 0 (0 transactions "
                               "to go), answers same ("));
  EXPECT_THAT(R.Err, Not(HasSubstr(" different")));
  // Next to the monthly cost, the measure the gate compares.
  EXPECT_THAT(R.Err, HasSubstr("/month (per million completed operations, "
                               "what the gate compares: $"));
  // A verify line is said only of a remedy the design carries: a change
  // line of its rule comes before it.
  std::set<std::string> Changed, Verified;
  std::istringstream Lines(R.Err);
  for (std::string Line; std::getline(Lines, Line);) {
    // "PATH: RULE: what" (a path holds no ": ").
    const std::size_t First = Line.find(": ");
    const std::size_t Second =
        First == std::string::npos ? First : Line.find(": ", First + 2);
    if (Second == std::string::npos)
      continue;
    const std::string Rule = Line.substr(First + 2, Second - First - 2);
    const std::string What = Line.substr(Second + 2);
    if (What.rfind("replayed ", 0) == 0)
      Verified.insert(Rule);
    else if (What.rfind("advice, not applied", 0) != 0 &&
             What.rfind("no design remedy", 0) != 0)
      Changed.insert(Rule);
  }
  EXPECT_FALSE(Verified.empty());
  for (const std::string &Rule : Verified)
    EXPECT_TRUE(Changed.count(Rule)) << Rule << " verified, not changed:\n"
                                     << R.Err;
  // Both in the design: the reversed key, and the index keyed by the GUID
  // as a key renders it.
  EXPECT_THAT(R.Out, HasSubstr("rowKey: \"{sentAt|reverse}_{messageId}\""));
  EXPECT_THAT(R.Out, HasSubstr("- name: MatchesByPlayerId"));
  EXPECT_THAT(R.Out, HasSubstr("filter: \"PartitionKey eq '{playerId}'\""));
}

// A multi-tenant audit log whose investigators read one employee's events
// by scanning the tenant's partition (6.22 billion entities for 311,040):
// an index table keyed by the tenant and the actor takes the scan, with
// its price said (every write mirrored, no transaction across the two
// tables); only then can a bucket spread the heavy tenant's 2,400 writes/s,
// so the bucket changes nothing alone and is verified on top of the index.
// It buckets that tenant only.
TEST(SuggestCommand, AnIndexForAPartitionLookupThenABucketForTheHeavyTenant) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/tenant-audit.yaml";
  ToolResult R = runTablelint({"suggest", In, "--verify-duration", "10s"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  // The index: keyed by the partition's key and the looked-up property,
  // rows in the source's order, the query moved there by name.
  EXPECT_THAT(R.Out, HasSubstr("- name: AuditEventsByActorId\n"
                               "    account: hraudit\n"
                               "    partitionKey: \"{tenantId}_{actorId}\"\n"
                               "    rowKey: \"{occurredAt|reverse}_{eventId}\""));
  EXPECT_THAT(R.Out, HasSubstr("- name: employee-activity\n"
                               "        client: investigations\n"
                               "        filter: \"PartitionKey eq "
                               "'{tenantId}_{actorId}'\""));
  EXPECT_THAT(R.Err,
              HasSubstr("tables[AuditEventsByActorId]: denormalize-for-query: "
                        "index table for queries[employee-activity] "
                        "(denormalize-for-query): 0.033 lookups/s by "
                        "'actorId' inside partition '{tenantId}' read index "
                        "partition '{tenantId}_{actorId}' instead of scanning "
                        "about 6.22 billion entities of AuditEvents to return "
                        "about 311040, in the same RowKey order"));
  EXPECT_THAT(R.Err, HasSubstr("the trade-off: 4000 more entity writes/s"));
  EXPECT_THAT(R.Err, HasSubstr("(the eventually consistent transactions "
                               "pattern); until it lands a lookup can miss "
                               "that entity"));
  EXPECT_THAT(R.Err, HasSubstr("tables[AuditEvents].queries[employee-activity]"
                               ": denormalize-for-query: replayed alone: "
                               "failed "));
  // Then the heavy tenant's writes, bucketed on top of the index: that
  // tenant only, the other 399 keep their one partition.
  EXPECT_THAT(R.Out,
              HasSubstr("partitionKey: \"{tenantId}_{eventId|hash:4}\""));
  EXPECT_THAT(R.Out, HasSubstr("buckets: {by: tenantId, default: 1, heavy: "
                               "{\"tenantId-0\": 4}}"));
  EXPECT_THAT(R.Err, HasSubstr("tables[AuditEvents]: hot-partition: "
                               "bucketed only the heavy keys for "
                               "hot-partition: 'tenantId-0' 2400 entities/s "
                               "over 4 buckets = 600/s each (30% of the "
                               "2000/s target), by 'eventId'; the other 399 "
                               "'tenantId' values stay in one partition "
                               "each"));
  EXPECT_THAT(R.Err, HasSubstr("tables[AuditEvents]: hot-partition: replayed "
                               "on top of the remedies kept: "));
  EXPECT_THAT(R.Err, HasSubstr("answers same"));
  EXPECT_THAT(R.Err, Not(HasSubstr(" different")));
  EXPECT_THAT(R.Err, HasSubstr("tablelint suggest: 2 changes applied"));
}

// Invoices keyed by month, a customer's month read by scanning the month's
// partition: 40 entities read for each kept, under the density that makes
// any scan worth an index, but at 300/s the reads saved (billions a
// second) pay many times for the 1,400 mirrored writes a second. suggest
// adds the index and the replay keeps it; the sweep by status stays
// advice, because a merge changes the status its index would be keyed by.
TEST(SuggestCommand, AnIndexWhoseSavedReadsPayForItsWrites) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/invoices.yaml";
  ToolResult R = runTablelint({"suggest", In, "--verify-duration", "10s"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("- name: InvoicesByCustomerId\n"
                               "    account: billing\n"
                               "    partitionKey: \"{issued:yyyyMM}_{customerId}\"\n"
                               "    rowKey: \"{invoiceId}\""));
  EXPECT_THAT(R.Out, HasSubstr("filter: \"PartitionKey eq "
                               "'{issued:yyyyMM}_{customerId}'\""));
  EXPECT_THAT(R.Err, HasSubstr("instead of scanning about 20 million entities "
                               "of Invoices to return about 511537"));
  EXPECT_THAT(R.Err, HasSubstr("the trade-off: 1400 more entity writes/s"));
  // Kept: the failures and the throttling of the month's partition gone,
  // the same answers.
  std::smatch M;
  ASSERT_TRUE(std::regex_search(
      R.Err, M,
      std::regex("queries\\[customer-invoices\\]: denormalize-for-query: "
                 "replayed alone: failed ([0-9]+) -> ([0-9]+), completed "
                 "[0-9]+ -> [0-9]+, throttled ([0-9.]+)% -> ([0-9.]+)%")))
      << R.Err;
  EXPECT_LT(std::stoull(M[2]) * 100, std::stoull(M[1]));
  EXPECT_LT(std::stod(M[4]) * 10, std::stod(M[3]));
  EXPECT_THAT(R.Err, HasSubstr("answers same"));
  EXPECT_THAT(R.Err, Not(HasSubstr(" different")));
  EXPECT_THAT(R.Err, HasSubstr("tables[Invoices].queries[overdue-sweep]: "
                               "denormalize-for-query: advice, not applied: "
                               "no index table by 'status': write 'mark-paid' "
                               "(merge) can change 'status'"));
}

// A helpdesk's ticket timeline keyed by tenant, one enterprise tenant at
// 60% of 4,000 events/s among 249 small ones: only that tenant's key is
// bucketed (sized from its own 2,400/s), so a small tenant's timeline
// still reads one partition; the replay keeps it (throttling gone, the
// same answers).
TEST(SuggestCommand, OnlyTheHeavyTenantIsBucketed) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/helpdesk-tenants.yaml";
  ToolResult R = runTablelint({"suggest", In, "--verify-duration", "10s"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("    partitionKey: \"{tenantId}_{eventId|hash:4}\"\n"
                               "    rowKey: \"{createdAt|reverse}_{eventId}\"\n"
                               "    buckets: {by: tenantId, default: 1, heavy: "
                               "{\"tenantId-0\": 4}}\n"));
  EXPECT_THAT(R.Out, HasSubstr("filter: \"PartitionKey eq "
                               "'{tenantId}_{eventId|hash:4}'\""));
  EXPECT_THAT(R.Out, HasSubstr("fanOut: [eventId]"));
  EXPECT_THAT(R.Err,
              HasSubstr("tables[TicketEvents]: hot-partition: bucketed only "
                        "the heavy keys for hot-partition: 'tenantId-0' "
                        "2412 entities/s over 4 buckets = 612/s each (30.6% "
                        "of the 2000/s target), by 'eventId'; "));
  EXPECT_THAT(R.Err, HasSubstr("the other 249 'tenantId' values stay in one "
                               "partition each"));
  EXPECT_THAT(R.Err, HasSubstr("the trade-off: a read of a heavy key by "
                               "'tenant-timeline' goes to each of its buckets "
                               "(merged in RowKey order), a read of any other "
                               "key to its one partition"));
  // Kept: no operation fails, the heavy tenant's throttling is gone.
  EXPECT_THAT(R.Err, HasSubstr("tables[TicketEvents]: hot-partition: replayed "
                               "alone: failed 0 -> 0, completed "));
  EXPECT_TRUE(std::regex_search(
      R.Err, std::regex("hot-partition: replayed alone: [^\\n]*throttled "
                        "[1-9][0-9.]*% -> 0\\.0%")))
      << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("tablelint suggest: 1 change applied"));
  EXPECT_THAT(R.Err, HasSubstr("answers same"));
  EXPECT_THAT(R.Err, Not(HasSubstr(" different")));
  // What the replay does with the suggested design: a small tenant's
  // timeline reads its one partition, the heavy tenant's its 4 buckets.
  schema::SchemaLoad Current = schema::loadSchemaFile(In);
  schema::SchemaLoad Suggested = schema::loadSchemaText(R.Out, "suggested.yaml");
  ASSERT_TRUE(Current.ok() && Suggested.ok());
  std::vector<InputError> Errors;
  replay::Workload W = replay::buildWorkloadModel(Current.Value, Errors);
  replay::WorkloadOptions O;
  O.DurationSeconds = 5;
  replay::generateEvents(W, O);
  const replay::DesignPlan Plan =
      replay::planDesign(W, Suggested.Value, "suggested", Errors);
  ASSERT_TRUE(Errors.empty()) << Errors.front().str();
  const int Timeline = W.opIndex("tenant-timeline");
  ASSERT_GE(Timeline, 0);
  const replay::QueryTarget &Q = *Plan.Queries[static_cast<std::size_t>(Timeline)];
  const int Tenant = W.Families[0].propertyIndex("tenantId");
  std::map<std::string, std::uint64_t> ReadsOf;
  std::string Filter;
  EdmValue Value;
  for (const replay::WorkloadEvent &Ev : W.Events) {
    if (Ev.Op != static_cast<std::uint32_t>(Timeline))
      continue;
    W.value(Ev.Entity, static_cast<std::uint32_t>(Tenant), Value);
    ReadsOf[Value.Text] = Q.reads(W, Ev.Entity);
    if (Value.Text != "tenantId-0") {
      Q.renderRead(W, Ev.Entity, 0, Filter, Value);
      EXPECT_THAT(Filter, testing::MatchesRegex(
                              "PartitionKey eq 'tenantId-[0-9]+_0'"));
    }
  }
  ASSERT_EQ(ReadsOf.count("tenantId-0"), 1u);
  EXPECT_EQ(ReadsOf["tenantId-0"], 4u);
  ASSERT_GT(ReadsOf.size(), 1u);
  for (const auto &[Name, Reads] : ReadsOf)
    if (Name != "tenantId-0")
      EXPECT_EQ(Reads, 1u) << Name;
}

TEST(SuggestCommand, TheVerdictsAreTheSameForEveryNumberOfJobs) {
  // The remedies are replayed side by side with -j: alone, then the
  // refused ones on top of the kept (this design has both rounds).
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/game-backend.yaml";
  auto Run = [&](const std::string &Jobs) {
    return runTablelint({"suggest", In, "--verify-duration", "10s", "-j", Jobs});
  };
  const ToolResult One = Run("1");
  ASSERT_EQ(One.ExitCode, 0) << One.Err;
  ASSERT_THAT(One.Err, HasSubstr("replayed on top of the remedies kept"));
  const ToolResult Many = Run("4");
  EXPECT_EQ(Many.ExitCode, 0) << Many.Err;
  EXPECT_EQ(Many.Out, One.Out);
  EXPECT_EQ(Many.Err, One.Err);
  const ToolResult Bad = Run("0");
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("invalid value '0' for '--jobs': expected a "
                                 "positive number"));
}

// Each remedy is replayed alone against the current design; one that makes
// a measure worse is advice with its figures, the others stay with theirs.
TEST(SuggestCommand, KeepsOnlyRemediesThatReplayNoWorse) {
  const std::string Dir = makeTempDir("suggest-verify");
  const std::string In = Dir + "/feed.yaml";
  // A constant key at 3000 inserts/s (over one partition's target), read
  // as "latest 20", by a client that retries every 100 ms.
  ASSERT_FALSE(writeFileAtomically(
      In, "version: 1\n"
          "accounts: [{name: a, region: westeurope}]\n"
          "clients:\n"
          "  - {name: app, kind: service, region: westeurope, auth: token, "
          "payload: json-nometadata,\n"
          "     retry: {policy: constant, baseDelay: 100ms, maxRetries: 8}}\n"
          "tables:\n"
          "  - name: Feed\n"
          "    account: a\n"
          "    partitionKey: feed\n"
          "    rowKey: \"{postedAt|reverse}_{postId}\"\n"
          "    retention: 1d\n"
          "    properties: {postId: {type: guid}, postedAt: {type: datetime, "
          "grows: true}}\n"
          "    writes: [{name: post, client: app, op: insert, rate: 3000/s}]\n"
          "    queries: [{name: latest, client: app, filter: \"PartitionKey "
          "eq 'feed'\", top: 20, rate: 5/s}]\n"));
  ToolResult R = runTablelint({"suggest", In, "--verify-duration", "20s"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  // Backoff alone completes the writes that constant retries gave up on,
  // but seconds later (their p99 grows): refused alone; on top of the
  // bucket, which serves every write, it changes nothing and is kept, with
  // its figures.
  EXPECT_THAT(R.Out, HasSubstr("policy: exponential"));
  EXPECT_THAT(R.Err, HasSubstr("clients[app]: retry-without-backoff: replayed "
                               "on top of the remedies kept: failed "));
  // The bucket is decided by its own replay, and the file follows the
  // decision: applied with a fan-out read, or advice with the measure that
  // got worse and the figures.
  const bool Kept =
      R.Err.find("tables[Feed]: partition-key-design: replayed alone:") !=
      std::string::npos;
  const bool Advised =
      R.Err.find("tables[Feed]: partition-key-design: advice, not applied: "
                 "replaying it alone makes ") != std::string::npos;
  EXPECT_NE(Kept, Advised) << R.Err;
  EXPECT_EQ(R.Out.find("fanOut: [postId]") != std::string::npos, Kept)
      << R.Out;
  EXPECT_EQ(R.Out.find("{postId|hash:") != std::string::npos, Kept) << R.Out;
  EXPECT_THAT(R.Err, HasSubstr("answers same ("));
  EXPECT_THAT(R.Err, Not(HasSubstr(" different")));
  // Its key has no date: what the replay shows is what the remedy does.
  EXPECT_THAT(R.Err, Not(HasSubstr("cannot show what it spreads")));
  ToolResult Bad = runTablelint({"suggest", In, "--verify-duration", "0s"});
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("--verify-duration '0s'"));
  fs::remove_all(Dir);
}

// Issue 46 §2: a retry tweak that makes any measure worse is advice, not
// applied. A link shortener whose viral codes keep a key over its target
// (no design remedy: one entity, advice with the figures) retries every 100 ms; the checklist's
// backoff turns the failed reads into completions seconds later, which the
// completed operations' p99 shows (0.6 s -> 7.1 s): the client is left as
// written, and the advice gives the figures. With --progress, standard
// error names each replay as it starts.
TEST(SuggestCommand, ARetryTweakThatRaisesP99IsAdviceNotApplied) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/short-links.yaml";
  ToolResult R = runTablelint(
      {"suggest", In, "--verify-duration", "10s", "--progress", "-j", "1"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("clients[redirect]: retry-without-backoff: "
                               "advice, not applied: replaying it alone "
                               "makes p99 worse: failed "));
  EXPECT_THAT(R.Out, HasSubstr("policy: constant, baseDelay: 100ms"));
  EXPECT_THAT(R.Out, Not(HasSubstr("policy: exponential")));
  EXPECT_THAT(R.Err, HasSubstr("tablelint suggest: 0 changes applied, 2 "
                               "advised"));
  EXPECT_THAT(R.Err, HasSubstr("tables[ShortLinks]: hot-partition: advice, "
                               "not applied: not bucketed: the busiest key "
                               "takes 3364 entities/s ('resolve' 3351/s, "
                               "writes 12.9/s)"));
  // The figures that got worse, as the advice prints them: p99 up by more
  // than the gate's 5%.
  std::smatch M;
  ASSERT_TRUE(std::regex_search(R.Err, M,
                                std::regex("p99 ([0-9.]+) -> ([0-9.]+) ms")))
      << R.Err;
  EXPECT_GT(std::stod(M[2]), 1.05 * std::stod(M[1]));
  // The progress lines, in order, before the verdicts.
  const std::size_t Current = R.Err.find("suggest: replaying the current "
                                         "design");
  const std::size_t Remedy =
      R.Err.find("suggest: replaying remedy 1 of 1: retry-without-backoff on "
                 "clients[redirect]");
  ASSERT_NE(Current, std::string::npos) << R.Err;
  ASSERT_NE(Remedy, std::string::npos) << R.Err;
  EXPECT_LT(Current, Remedy);
  EXPECT_LT(Remedy, R.Err.find("advice, not applied"));

  // Without --progress, standard error (no terminal here) has none.
  ToolResult Quiet = runTablelint({"suggest", In, "--verify-duration", "10s"});
  EXPECT_EQ(Quiet.ExitCode, 0) << Quiet.Err;
  EXPECT_THAT(Quiet.Err, Not(HasSubstr("suggest: replaying")));
  EXPECT_EQ(Quiet.Out, R.Out);
}

// Issue 46 §1, write-hot keys from skew: a URL shortener's click counter,
// one entity per code merged on every click, whose viral code takes 2,320
// of the 9,000 clicks a second. Suggest shards it over 3 (each read of a
// code's stats reads all 3 and sums them), and the replay keeps it: the
// counter's throttling and its retries' p99 gone, nothing fails, no
// higher cost per completed operation, the same answers. The redirects'
// read-hot key stays advice (a cache is outside the table). Read 900
// times a second instead, the shards cost more per completed operation
// than they save: advice, not applied.
TEST(SuggestCommand, ShardsAViralCounterAndTheReplayKeepsIt) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/viral-clicks.yaml";
  ToolResult R = runTablelint({"suggest", In, "--verify-duration", "10s"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("    partitionKey: \"{code}_{shard}\"\n"
                               "    rowKey: \"clicks\"\n"
                               "    shards: 3\n"));
  EXPECT_THAT(R.Out, HasSubstr("filter: \"PartitionKey eq '{code}_{shard}' "
                               "and RowKey eq 'clicks'\""));
  EXPECT_THAT(R.Out, HasSubstr("    partitionKey: \"{code}\"\n"
                               "    rowKey: \"link\"\n"));
  EXPECT_THAT(R.Err, HasSubstr("tables[ClickCounts]: hot-partition: sharded "
                               "the counter for hot-partition: the busiest "
                               "key takes 2320 writes/s"));
  EXPECT_THAT(R.Err, HasSubstr("each read by 'link-stats' reads all 3 shards "
                               "(15 point reads/s instead of 5) and sums "
                               "them"));
  std::smatch M;
  ASSERT_TRUE(std::regex_search(
      R.Err, M,
      std::regex("tables\\[ClickCounts\\]: hot-partition: replayed alone: "
                 "failed 0 -> 0, completed ([0-9]+) -> ([0-9]+), throttled "
                 "([0-9.]+)% -> ([0-9.]+)%, p99 ([0-9.]+) -> ([0-9.]+) ms, "
                 "[^\\n]*what the gate compares: \\$([0-9.]+) -> "
                 "\\$([0-9.]+)\\), answers same")))
      << R.Err;
  EXPECT_EQ(M[1], M[2]);
  EXPECT_GT(std::stod(M[3]), 1.0);
  EXPECT_EQ(std::stod(M[4]), 0.0);
  EXPECT_LT(std::stod(M[6]), std::stod(M[5]) / 10);
  EXPECT_LE(std::stod(M[8]), std::stod(M[7]));
  EXPECT_THAT(R.Err, HasSubstr("tables[Links]: hot-partition: advice, not "
                               "applied: not bucketed: the busiest key takes "
                               "2330 entities/s"));
  EXPECT_THAT(R.Err, Not(HasSubstr(" different")));
  EXPECT_THAT(R.Err, HasSubstr("tablelint suggest: 1 change applied, 1 "
                               "advised"));

  // The replay of the two designs: the stats reads are 3 point reads each
  // (3 pages per execution instead of 1), merged into the one counter.
  const std::string Dir = makeTempDir("suggest-shards");
  const std::string Suggested = Dir + "/suggested.yaml";
  ASSERT_FALSE(writeFileAtomically(Suggested, R.Out));
  ToolResult Replay = runTablelint({"replay", In, Suggested, "--duration",
                                    "10s", "--format", "json", "-j", "1"});
  ASSERT_EQ(Replay.ExitCode, 0) << Replay.Err;
  EXPECT_THAT(Replay.Out, HasSubstr("\"compared\": 43,\n"
                                    "        \"different\": 0,\n"
                                    "        \"executions\": 43,\n"
                                    "        \"query\": \"link-stats\""));
  EXPECT_THAT(Replay.Out, HasSubstr("\"name\": \"link-stats\",\n"
                                    "          \"notSent\": 0,\n"
                                    "          \"pages\": 43\n"));
  EXPECT_THAT(Replay.Out, HasSubstr("\"name\": \"link-stats\",\n"
                                    "          \"notSent\": 0,\n"
                                    "          \"pages\": 129\n"));
  EXPECT_THAT(Replay.Out, HasSubstr("\"agree\": true"));

  // Stats read 900 times a second: every read costs 4 shard reads, more
  // per completed operation than the throttling saved. The gate refuses
  // the shards (advice with the figures) and the counter stays as it is.
  std::string Text = readFile(In).value_or("");
  const std::string Rate = "uses: [clicks], rate: 5/s";
  ASSERT_NE(Text.find(Rate), std::string::npos);
  Text.replace(Text.find(Rate), Rate.size(), "uses: [clicks], rate: 900/s");
  const std::string ReadHeavy = Dir + "/read-heavy.yaml";
  ASSERT_FALSE(writeFileAtomically(ReadHeavy, Text));
  ToolResult Heavy =
      runTablelint({"suggest", ReadHeavy, "--verify-duration", "10s"});
  ASSERT_EQ(Heavy.ExitCode, 0) << Heavy.Err;
  EXPECT_THAT(Heavy.Err,
              HasSubstr("tables[ClickCounts]: hot-partition: advice, not "
                        "applied: replaying it alone makes cost per completed "
                        "operation worse: failed 0 -> 0, "));
  EXPECT_THAT(Heavy.Out, HasSubstr("    partitionKey: \"{code}\"\n"
                                   "    rowKey: \"clicks\"\n"));
  EXPECT_THAT(Heavy.Out, Not(HasSubstr("shards:")));
  fs::remove_all(Dir);
}

// Issue 46 §1: re-key with query rewriting. A carrier's scan log keyed by
// the day, read by parcel as RowKey ranges inside the day (written on the
// physical keys), is keyed by the parcel, and every query is rewritten so
// that the replay finds the same answers and less throttling. Its handovers
// table, paged through from a cursor (a RowKey range no other key keeps in
// order), is not re-keyed, and the advice says why; its bucket makes the
// page read every bucket.
TEST(SuggestCommand, ReKeysADayKeyAndRewritesTheQueriesWrittenOnIt) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/parcel-scans.yaml";
  ToolResult R = runTablelint(
      {"suggest", In, "--verify-duration", "10s", "-j", "1"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("    partitionKey: \"{parcelId}\"\n"
                               "    rowKey: \"{scannedAt:yyyyMMdd}_{parcelId}_"
                               "{scanId}\"\n"));
  EXPECT_THAT(R.Out,
              HasSubstr("filter: \"PartitionKey eq '{parcelId}' and RowKey ge "
                        "'{scannedAt:yyyyMMdd}_{parcelId}_' and RowKey lt "
                        "'{scannedAt:yyyyMMdd}_{parcelId}`'\""));
  EXPECT_THAT(R.Out, HasSubstr("filter: \"PartitionKey eq '{parcelId}' and "
                               "RowKey eq '{scannedAt:yyyyMMdd}_{parcelId}_"
                               "{scanId}'\""));
  EXPECT_THAT(R.Out,
              HasSubstr("filter: \"PartitionKey eq '{parcelId}' and RowKey ge "
                        "'{scannedAt:yyyyMMdd}_{parcelId}_' and RowKey lt "
                        "'{scannedAt:yyyyMMdd}_{parcelId}`' and event eq "
                        "'delivered'\""));
  EXPECT_THAT(R.Out, HasSubstr("# rewritten into the new keys "
                               "(time-based-partition-key); was: PartitionKey "
                               "eq '{scannedAt:yyyyMMdd}' and RowKey eq "
                               "'{parcelId}_{scanId}'"));
  // The replay's verdict: the same answers, less throttled, kept.
  std::smatch M;
  ASSERT_TRUE(std::regex_search(
      R.Err, M,
      std::regex("tables\\[Scans\\]: time-based-partition-key: replayed "
                 "alone: failed ([0-9]+) -> ([0-9]+), completed [0-9]+ -> "
                 "[0-9]+, throttled ([0-9.]+)% -> ([0-9.]+)%.*answers same "
                 "\\(([0-9]+) compared\\)")))
      << R.Err;
  EXPECT_LE(std::stoul(M[2]), std::stoul(M[1]));
  EXPECT_LT(std::stod(M[4]), std::stod(M[3]));
  EXPECT_GT(std::stoul(M[5]), 0u);
  EXPECT_THAT(R.Err, Not(HasSubstr("tables[Scans]: time-based-partition-key: "
                                   "advice")));
  // Handovers: why not re-keyed; the page fans out over the buckets.
  EXPECT_THAT(R.Err,
              HasSubstr("tables[Handovers]: time-based-partition-key: advice, "
                        "not applied: not re-keyed by parcelId: query "
                        "`audit-page` cannot be rewritten: it reads a range "
                        "of RowKeys (`RowKey gt '{parcelId}_{handoverId}'`) "
                        "that is not every key starting with one prefix"));
  EXPECT_THAT(R.Out, HasSubstr("fanOut: [parcelId]"));
  // No replay found other answers ("answers 3 of 40 different (10 s").
  EXPECT_THAT(R.Err, Not(HasSubstr(" different (")));
  EXPECT_THAT(R.Err, HasSubstr("tables[Handovers]: time-based-partition-key: "
                               "replayed alone: "));
}

// Issue 46 §1: time-bucketed keys for sweeps. A job scheduler's cleanup
// scans every run to find the runs that expired a day ago; its dispatcher
// polls the timers table every ten seconds for the timers armed an hour
// ago. Each sweep declares its cut-off (`cutoff: now - 1d`), so the replay
// sweeps at the simulated time it runs, in both designs. The timers, read
// by nothing else, are keyed by the second, and the replay shows it: the
// poll scans a few entities per entity it returns instead of hundreds,
// the same answers, less throttled, kept. The runs, opened by tenant and
// id, get an expiry index, whose mirrored writes cost more than the scan
// it saves: refused on that cost, with the figures, and no caveat.
TEST(SuggestCommand, TimeBucketsForSweepsAreVerifiedAndExplained) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/job-scheduler.yaml";
  ToolResult R = runTablelint(
      {"suggest", In, "--verify-duration", "10s", "-j", "1"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  auto LineOf = [&](const std::string &Start) {
    const std::size_t At = R.Err.find(Start);
    return At == std::string::npos
               ? std::string()
               : R.Err.substr(At, R.Err.find('\n', At) - At);
  };
  const std::string Timers = LineOf(
      "tables[Timers].queries[due-timers]: low-density-query: replayed "
      "alone: ");
  ASSERT_FALSE(Timers.empty()) << R.Err;
  std::smatch M;
  ASSERT_TRUE(std::regex_search(
      Timers, M,
      std::regex("failed ([0-9]+) -> ([0-9]+), .*throttled ([0-9.]+)% -> "
                 "([0-9.]+)%.*scanned per returned ([0-9.]+) -> ([0-9.]+),"
                 ".*answers same \\(([0-9]+) compared\\)")))
      << Timers;
  EXPECT_LE(std::stoul(M[2]), std::stoul(M[1]));
  EXPECT_LT(std::stod(M[4]), std::stod(M[3]));
  // Each poll reads what fell due, not the whole table.
  EXPECT_LT(std::stod(M[6]) * 10, std::stod(M[5]));
  EXPECT_GT(std::stoul(M[7]), 0u);
  EXPECT_THAT(R.Out,
              HasSubstr("    partitionKey: \"{armedAt:yyyyMMddHHmmss}\"\n"
                        "    rowKey: \"{timerId}_timer\"\n"));
  EXPECT_THAT(R.Out, HasSubstr("        cutoff: now - 1h\n"));
  // The runs' expiry index: the sweep reads less, its writes cost more.
  const std::string Runs = LineOf(
      "tables[Runs].queries[sweep-expired]: low-density-query: advice, not "
      "applied: replaying it alone makes ");
  ASSERT_FALSE(Runs.empty()) << R.Err;
  EXPECT_THAT(Runs, HasSubstr("cost per completed operation worse"));
  EXPECT_THAT(Runs, HasSubstr("answers same ("));
  ASSERT_TRUE(std::regex_search(
      Runs, M,
      std::regex("scanned per returned ([0-9.]+) -> ([0-9.]+),")))
      << Runs;
  EXPECT_LT(std::stod(M[2]), std::stod(M[1]));
  EXPECT_THAT(R.Err, Not(HasSubstr("cannot show what a time bucket saves")));
  EXPECT_THAT(R.Err, Not(HasSubstr("declares no `cutoff`")));
  // With the replay's gate off, what the remedies write.
  ToolResult Unverified = runTablelint({"suggest", In, "--no-verify"});
  EXPECT_EQ(Unverified.ExitCode, 0) << Unverified.Err;
  EXPECT_THAT(Unverified.Out,
              HasSubstr("    partitionKey: \"{armedAt:yyyyMMddHHmmss}\"\n"
                        "    rowKey: \"{timerId}_timer\"\n"));
  EXPECT_THAT(Unverified.Out,
              HasSubstr("filter: \"PartitionKey le '{armedAt:yyyyMMddHHmmss}' "
                        "and armedAt le datetime'{armedAt}'\""));
  EXPECT_THAT(Unverified.Out, HasSubstr("- name: RunsByExpiry"));
  EXPECT_THAT(Unverified.Out,
              HasSubstr("filter: \"PartitionKey le '{finishedAt:yyyyMMddHHmm}'"
                        " and finishedAt lt datetime'{finishedAt}'\""));
  EXPECT_THAT(Unverified.Err,
              HasSubstr("Runs keeps its keys (query `run-detail` reads by "
                        "them"));
  EXPECT_THAT(Unverified.Err,
              HasSubstr("the trade-off: the writes of one second share its "
                        "partition, 200 entities/s (10% of the 2000/s "
                        "target"));
  // The expiry index keeps the sweep's cut-off.
  EXPECT_THAT(Unverified.Out,
              HasSubstr("and finishedAt lt datetime'{finishedAt}'\"\n"
                        "        select: [tenantId, runId]\n"
                        "        cutoff: now - 1d\n"));
}

// Issue 46 §1: the table-per-period pattern for retention. A payroll
// product's audit trail is kept 90 days by an hourly job that finds the
// expired events with a table scan and deletes each one. Every read of the
// auditors is inside one month (an event by its time, an employee's
// month), so suggest names the table by the month, drops the purge and the
// query that found its entities, and the replay matches the purge to the
// Delete Table of each month: the same operations completed, fewer
// transactions, the same answers on what the auditors read.
TEST(SuggestCommand, ATablePerPeriodReplacesAPurgeByDelete) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/audit-retention.yaml";
  ToolResult R = runTablelint(
      {"suggest", In, "--verify-duration", "10s", "-j", "1"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("  - name: \"AuditEvents{at:yyyyMM}\"\n"));
  EXPECT_THAT(R.Out, Not(HasSubstr("name: purge-expired")));
  EXPECT_THAT(R.Out, Not(HasSubstr("name: expired-events")));
  EXPECT_THAT(R.Out, HasSubstr("name: employee-month"));
  EXPECT_THAT(R.Err,
              HasSubstr("a table per month `AuditEvents{at:yyyyMM}`, dropped "
                        "whole (one Delete Table a month) once its newest "
                        "entity is 90d old, in place of 'purge-expired' "
                        "(400/s of deletes, each a billable transaction) and "
                        "'expired-events', which found what they delete"));
  std::smatch M;
  ASSERT_TRUE(std::regex_search(
      R.Err, M,
      std::regex("tables\\[AuditEvents\\]\\.writes\\[purge-expired\\]: "
                 "retention-by-delete: replayed alone: failed ([0-9]+) -> "
                 "([0-9]+), completed ([0-9]+) -> ([0-9]+), .*what the gate "
                 "compares: \\$([0-9.]+) -> \\$([0-9.]+)\\).*answers same "
                 "\\(([0-9]+) compared\\)")))
      << R.Err;
  EXPECT_LE(std::stoul(M[2]), std::stoul(M[1]));
  EXPECT_GE(std::stoul(M[4]), std::stoul(M[3]));
  EXPECT_LT(std::stod(M[6]), std::stod(M[5]));
  EXPECT_GT(std::stoul(M[7]), 0u);
  EXPECT_THAT(R.Err, Not(HasSubstr("retention-by-delete: advice")));
  EXPECT_THAT(R.Err, Not(HasSubstr("retention-by-delete: no design remedy")));
}

// Where a read spans periods, a table per period is advice that says so:
// the job scheduler's console opens a run by tenant and id, not its time.
TEST(SuggestCommand, ATablePerPeriodIsAdviceWhereAReadSpansPeriods) {
  const std::string In = std::string(TABLELINT_SOURCE_DIR) +
                         "/test-inputs/schemas/suggest/job-scheduler.yaml";
  ToolResult R = runTablelint({"suggest", In, "--no-verify"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Err,
              HasSubstr("tables[Runs].writes[purge-run]: retention-by-delete: "
                        "advice, not applied: not a table per hour: query "
                        "'run-detail' does not read inside one hour of "
                        "'finishedAt' (no equality or range on it as fine as "
                        "the hour): it would read each hour's table; a table "
                        "per hour `Runs{finishedAt:yyyyMMddHH}`"));
  // The timers' poll fires what it finds: it is no purge's finder.
  EXPECT_THAT(R.Err,
              HasSubstr("tables[Timers].writes[fire-timer]: "
                        "retention-by-delete: advice, not applied: not a "
                        "table per hour: query 'due-timers' reads more of the "
                        "expired entities than their keys"));
  EXPECT_THAT(R.Out, Not(HasSubstr("Runs{finishedAt")));
}

// A depot's manifest of the day, its planned stops read twice a minute
// (nine in ten of the day's rows: a scan of the whole partition): at the
// end of the day that is 1.51 million entities of the busiest depot, which
// hot-partition sizes. The replay starts where every day begins, so the
// day's partitions hold seconds of writes and the bucketed key only costs
// its fan-out: the remedy is refused, and the advice says why its replay
// cannot show what it spreads.
TEST(SuggestCommand, ARefusedKeyRemedyOfADateKeySaysTheReplayStartsEmpty) {
  const std::string Dir = makeTempDir("suggest-day");
  const std::string In = Dir + "/manifests.yaml";
  ASSERT_FALSE(writeFileAtomically(
      In, "version: 1\n"
          "accounts: [{name: track, region: northeurope}]\n"
          "tables:\n"
          "  - name: Manifests\n"
          "    account: track\n"
          "    partitionKey: \"{depotId}_{day:yyyyMMdd}\"\n"
          "    rowKey: \"{courierId}_{trackingNo}\"\n"
          "    retention: 30d\n"
          "    properties:\n"
          "      depotId: {type: string, distinct: 120, distribution: "
          "zipf(0.8)}\n"
          "      day: {type: datetime, grows: true}\n"
          "      courierId: {type: string, distinct: 3000}\n"
          "      trackingNo: {type: string, bytes: 18}\n"
          "      stop: {type: string, values: [planned, done], weights: "
          "[0.9, 0.1]}\n"
          "    writes:\n"
          "      - {name: plan-route, op: insert-or-replace, rate: 150/s}\n"
          "    queries:\n"
          "      - {name: depot-day, filter: \"PartitionKey eq "
          "'{depotId}_{day:yyyyMMdd}' and stop eq 'planned'\", select: "
          "[courierId], rate: 2/min}\n"));
  ToolResult R = runTablelint({"suggest", In, "--verify-duration", "20s"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Err,
              HasSubstr("tables[Manifests]: hot-partition: advice, not "
                        "applied: replaying it alone makes "));
  // The seconds of the replay its verdict came from (a short one: the
  // cost got clearly worse), said in the figures and in the caveat.
  std::smatch M;
  ASSERT_TRUE(
      std::regex_search(R.Err, M, std::regex("\\(([0-9]+) s replayed\\)")))
      << R.Err;
  EXPECT_LE(std::stoi(M[1]), 20);
  EXPECT_THAT(R.Err,
              HasSubstr("(" + M[1].str() +
                        " s replayed); the replay cannot show what it "
                        "spreads: table 'Manifests' keys its partitions by "
                        "the period of a growing date, and the run starts "
                        "where every period begins, so its current "
                        "partitions hold only " +
                        M[1].str() +
                        " s of writes, where the finding sizes them at a "
                        "whole period; judge this remedy by the finding's "
                        "figures"));
  fs::remove_all(Dir);
}

// The console lists a tenant's users, whole, ten times a second: nearly
// all of the busiest tenant's load. A hash bucket would send each listing
// to every bucket (512 requests for a tenant of five users), so suggest
// does not apply one, with or without the replay, and says what to do.
TEST(SuggestCommand, AListingOfWholePartitionsIsNotBucketed) {
  const std::string Dir = makeTempDir("suggest-listing");
  const std::string In = Dir + "/users.yaml";
  ASSERT_FALSE(writeFileAtomically(
      In, "version: 1\n"
          "accounts: [{name: acct, region: westeurope}]\n"
          "tables:\n"
          "  - name: Users\n"
          "    account: acct\n"
          "    partitionKey: \"{tenantId}\"\n"
          "    rowKey: \"{userId}\"\n"
          "    entities: 2M\n"
          "    properties:\n"
          "      tenantId: {type: string, distinct: 20000, distribution: "
          "zipf(1.1)}\n"
          "      userId: {type: guid}\n"
          "      displayName: {type: string, bytes: 40}\n"
          "    writes:\n"
          "      - {name: create-user, op: insert, rate: 2/s}\n"
          "    queries:\n"
          "      - {name: list-tenant-users, filter: \"PartitionKey eq "
          "'{tenantId}'\", select: [displayName], rate: 10/s}\n"));
  ToolResult R = runTablelint({"suggest", In, "--no-verify"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, Not(HasSubstr("|hash:")));
  EXPECT_THAT(R.Err,
              HasSubstr("tables[Users]: hot-partition: advice, not applied: "
                        "not bucketed: most of the busiest partition's 423759 "
                        "entities/s are listings of the whole partition "
                        "('list-tenant-users' (423758/s)), which a bucket "
                        "would turn into one request per bucket each"));
  ToolResult L = runTablelint({"lint", In});
  EXPECT_THAT(L.Out, HasSubstr("over one partition's 2000/s: "
                               "'list-tenant-users' reads 423758 of them/s, a "
                               "whole partition each time (291121 entities in "
                               "the busiest"));
  fs::remove_all(Dir);
}

// A leaderboard keyed by season alone (a hot partition), up to its queries.
const std::string ScoresHead =
    "version: 1\n"
    "accounts:\n"
    "  - {name: game, region: eastus}\n"
    "tables:\n"
    "  - name: Scores\n"
    "    account: game\n"
    "    partitionKey: \"{seasonId}\"\n"
    "    rowKey: \"{playerId}\"\n"
    "    properties:\n"
    "      seasonId: {type: string, values: [s12, s11], weights: [0.9, 0.1]}\n"
    "      playerId: {type: string, distinct: 3M}\n"
    "    writes:\n"
    "      - {name: submit, op: insert-or-merge, rate: 2500/s}\n"
    "    queries:\n";

// --diff: the change as a unified diff of the user's file, named as git
// names it, which patch(1) applies to give the written design.
TEST(SuggestCommand, DiffShowsTheChangeAgainstTheUsersFile) {
  const std::string Dir = makeTempDir("suggest-diff");
  const std::string In = Dir + "/scores.yaml";
  const std::string Out = Dir + "/suggested.yaml";
  ASSERT_FALSE(writeFileAtomically(
      In, ScoresHead + "      - {name: score, filter: \"PartitionKey eq '{seasonId}' and "
          "RowKey eq '{playerId}'\", rate: 100/s}\n"));
  ToolResult R =
      runTablelint({"suggest", In, "--diff", "--no-verify", "-o", Out});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("--- a" + In + "\n+++ b" + In + "\n@@ -"));
  EXPECT_THAT(R.Out, HasSubstr("\n-    partitionKey: \"{seasonId}\"\n"));
  EXPECT_THAT(R.Out,
              HasSubstr("\n+    partitionKey: \"{seasonId}_{playerId|hash:"));
  // Unchanged lines are context, never removed and added again.
  EXPECT_THAT(R.Out, HasSubstr("\n     rowKey: \"{playerId}\"\n"));
  EXPECT_THAT(R.Out, Not(HasSubstr("-    rowKey:")));
  EXPECT_THAT(R.Out, Not(HasSubstr("-      playerId:")));
  EXPECT_THAT(R.Out, Not(HasSubstr("-      - {name: submit")));
  // The diff applies to the user's file and gives the written design.
  const std::string Patch = Dir + "/change.diff";
  ASSERT_FALSE(writeFileAtomically(Patch, R.Out));
  ASSERT_EQ(std::system(("patch -s -o " + Dir + "/patched.yaml " + In + " " +
                         Patch + " >/dev/null 2>&1")
                            .c_str()),
            0);
  EXPECT_EQ(readFile(Dir + "/patched.yaml"), readFile(Out));
  fs::remove_all(Dir);
}

// The file as its team wrote it (comments, odd key order and quoting, flow
// mappings, 50000, a retry policy equal to the defaults) comes back with
// only the changed lines changed: the diff is exactly the remedy and its
// note.
TEST(SuggestCommand, EditsTheUsersFileMinimally) {
  const std::string Dir = makeTempDir("suggest-minimal");
  const std::string In = Dir + "/shop.yaml";
  const std::string Out = Dir + "/suggested.yaml";
  const std::string Original =
      "# Shop, as deployed\n"
      "version: 1\n"
      "accounts: [{name: a, region: westeurope}]\n"
      "clients:\n"
      "  - name: web   # the storefront\n"
      "    kind: service\n"
      "    retry: {policy: constant, baseDelay: 100ms, maxRetries: 5}\n"
      "  - {name: batch, kind: service, retry: {policy: exponential, "
      "baseDelay: 800ms, maxDelay: 60s, maxRetries: 3}}\n"
      "tables:\n"
      "  - account: a\n"
      "    name: Users\n"
      "    rowKey: profile\n"
      "    partitionKey: '{userId}'\n"
      "    entities: 50000\n"
      "    properties: {userId: {type: guid}, name: {type: string, bytes: "
      "1000}}\n"
      "    writes: [{name: sign-up, client: web, op: insert, rate: "
      "50000/day}]\n"
      "    queries:\n"
      "      - {name: me, client: web, filter: \"PartitionKey eq '{userId}' "
      "and RowKey eq 'profile'\", rate: 100/s}\n";
  ASSERT_FALSE(writeFileAtomically(In, Original));
  ToolResult R =
      runTablelint({"suggest", In, "--diff", "--no-verify", "-o", Out});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out,
            "--- a" + In + "\n+++ b" + In +
                "\n"
                "@@ -2,9 +2,10 @@\n"
                " version: 1\n"
                " accounts: [{name: a, region: westeurope}]\n"
                " clients:\n"
                "+  # exponential backoff with jitter (2s doubling to 30s) "
                "instead of the constant policy, giving up after 4 retries as "
                "the checklist's schedule does (5 retries under the new "
                "delays would wait 1m per failing request), for "
                "retry-without-backoff\n"
                "   - name: web   # the storefront\n"
                "     kind: service\n"
                "-    retry: {policy: constant, baseDelay: 100ms, maxRetries: "
                "5}\n"
                "+    retry: {policy: exponential, baseDelay: 2s, maxDelay: "
                "30s, maxRetries: 4}\n"
                "   - {name: batch, kind: service, retry: {policy: "
                "exponential, baseDelay: 800ms, maxDelay: 60s, maxRetries: "
                "3}}\n"
                " tables:\n"
                "   - account: a\n");
  EXPECT_THAT(R.Err, Not(HasSubstr("not edited in place")));
  // The written file loads, and suggesting again changes nothing more.
  ToolResult Again = runTablelint({"suggest", Out, "--no-verify"});
  EXPECT_EQ(Again.ExitCode, 0) << Again.Err;
  EXPECT_EQ(Again.Out, readFile(Out));
  EXPECT_THAT(Again.Err, HasSubstr("0 changes applied"));
  fs::remove_all(Dir);
}

// A value the editor cannot measure for sure (a plain filter folded over
// two lines) that the remedy must change: the whole design re-serialised,
// said on standard error, never a wrong file.
TEST(SuggestCommand, FallsBackToTheWholeDesignWhenItCannotEditInPlace) {
  const std::string Dir = makeTempDir("suggest-fallback");
  const std::string In = Dir + "/scores.yaml";
  ASSERT_FALSE(writeFileAtomically(
      In, ScoresHead + "      - name: score\n"
                       "        filter: PartitionKey eq '{seasonId}'\n"
                       "          and RowKey eq '{playerId}'\n"
                       "        rate: 100/s\n"));
  ToolResult R = runTablelint({"suggest", In, "--no-verify"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("tablelint suggest: note: " + In +
                               ": not edited in place (cannot measure the "
                               "value at line 16, column 17): writing the "
                               "whole design re-serialised"));
  EXPECT_THAT(R.Out, HasSubstr("# Suggested design for " + In));
  EXPECT_THAT(R.Out, HasSubstr("filter: \"PartitionKey eq "
                               "'{seasonId}_{playerId|hash:"));
  fs::remove_all(Dir);
}

// A remedy the simulated service does not model (SAS instead of the
// account key, JSON instead of AtomPub) replays as the current design: it
// takes the current design's replay, figures and all, instead of one of
// its own, and is kept on them.
TEST(SuggestCommand, ARemedyTheReplayDoesNotModelReusesTheCurrentReplay) {
  const std::string Dir = makeTempDir("suggest-unmodelled");
  const std::string In = Dir + "/app.yaml";
  ASSERT_FALSE(writeFileAtomically(
      In, "version: 1\n"
          "accounts: [{name: a, region: westeurope}]\n"
          "clients:\n"
          "  - {name: web, kind: browser, region: westeurope, auth: "
          "shared-key, payload: atom}\n"
          "tables:\n"
          "  - name: Notes\n"
          "    account: a\n"
          "    partitionKey: \"{userId}\"\n"
          "    rowKey: \"{noteId}\"\n"
          "    properties: {userId: {type: string, distinct: 1000}, noteId: "
          "{type: guid}}\n"
          "    writes: [{name: write-note, client: web, op: insert, rate: "
          "50/s}]\n"
          "    queries: [{name: notes, client: web, filter: \"PartitionKey "
          "eq '{userId}'\", rate: 20/s}]\n"));
  const ToolResult R = runTablelint(
      {"suggest", In, "--verify-duration", "4s", "--progress"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  for (const char *Remedy : {"shared-key-in-client", "atompub-payload"}) {
    EXPECT_THAT(R.Err, HasSubstr(std::string(Remedy) +
                                 " on clients[web]: the same design to the "
                                 "replay as the current design, its replay "
                                 "reused"));
    // Kept, on the current design's own figures.
    std::smatch M;
    ASSERT_TRUE(std::regex_search(
        R.Err, M,
        std::regex(std::string("clients\\[web\\]: ") + Remedy +
                   ": replayed alone: failed ([0-9]+) -> ([0-9]+), completed "
                   "([0-9]+) -> ([0-9]+),")))
        << R.Err;
    EXPECT_EQ(M[1], M[2]);
    EXPECT_EQ(M[3], M[4]);
    EXPECT_GT(std::stoull(M[3]), 0u);
  }
  // No remedy of this design changes what is replayed: one replay per
  // duration, the current design's.
  EXPECT_THAT(R.Err, Not(HasSubstr("suggest: replaying remedy")));
  EXPECT_THAT(R.Out, HasSubstr("auth: sas"));
}

TEST(SuggestCommand, MissingFileAndBadUsage) {
  ToolResult Missing = runTablelint({"suggest", "/nonexistent/schema.yaml"});
  EXPECT_EQ(Missing.ExitCode, 2);
  EXPECT_THAT(Missing.Err, HasSubstr("/nonexistent/schema.yaml"));
  EXPECT_EQ(runTablelint({"suggest"}).ExitCode, 2);
  EXPECT_EQ(runTablelint({"suggest", Telemetry, Telemetry}).ExitCode, 2);
  EXPECT_EQ(runTablelint({"suggest", "--bogus", Telemetry}).ExitCode, 2);
}

TEST(SuggestCommand, Help) {
  ToolResult R = runTablelint({"suggest", "--help"});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_THAT(
      R.Out,
      HasSubstr("Usage: tablelint suggest SCHEMA.yaml [-o SUGGESTED.yaml]"));
  EXPECT_THAT(R.Out, HasSubstr("-o, --output FILE"));
  EXPECT_THAT(R.Out, HasSubstr("shards for a write-hot counter that is one "
                               "entity\n(each read reads every shard)"));
  ToolResult Main = runTablelint({"--help"});
  EXPECT_THAT(Main.Out, HasSubstr("suggest"));
}

TEST(SuggestCommand, UnwritableOutputIsAnError) {
  ToolResult R =
      runTablelint({"suggest", Telemetry, "-o", "/proc/nope/out.yaml"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("tablelint suggest: error:"));
}

} // namespace
} // namespace tablelint::test
