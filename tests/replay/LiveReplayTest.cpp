// `replay --live` against a real Azurite endpoint: the example designs
// return the same logical entities, an index table that is never written
// or a filter that selects other rows is reported as a difference (exit 1),
// batching and entity groups cut round trips, an unreachable endpoint is a
// clear exit 2, and the run's tables are gone afterwards. Plus the scaling and
// table-name rules, which need no server.
#include "replay/AnswerCheck.h"
#include "replay/LiveReplay.h"
#include "replay/Report.h"

#include "core/schema/SchemaLoader.h"
#include "replay/live/TableRestClient.h"
#include "tests/support/AzuriteFixture.h"
#include "tests/support/RunTool.h"

#include <gtest/gtest.h>
#include <llvm/Support/JSON.h>

#include <map>
#include <regex>
#include <unistd.h>

namespace tablelint::replay {
namespace {

using test::AzuriteProcess;

const std::string Inputs =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/replay/";

// Designs loaded from files, the workload of the first (30 s generated),
// and a plan per design. Schemas stay alive as long as the plans.
struct LiveSetup {
  std::vector<schema::SchemaLoad> Designs;
  Workload W;
  std::vector<DesignPlan> Plans;

  explicit LiveSetup(const std::vector<std::string> &Files) {
    for (const std::string &F : Files) {
      Designs.push_back(schema::loadSchemaFile(Inputs + F));
      EXPECT_TRUE(Designs.back().ok()) << F;
    }
  }
  // Call after changing Designs in memory.
  void plan() {
    std::vector<InputError> Errors;
    W = buildWorkloadModel(Designs[0].Value, Errors);
    WorkloadOptions O;
    O.DurationSeconds = 30;
    generateEvents(W, O);
    const char *Labels[] = {"current", "suggested"};
    for (std::size_t I = 0; I < Designs.size(); ++I)
      Plans.push_back(planDesign(W, Designs[I].Value, Labels[I], Errors));
    for (const InputError &E : Errors)
      ADD_FAILURE() << E.str();
  }
};

class LiveReplayTest : public ::testing::Test {
protected:
  static void TearDownTestSuite() { Server.reset(); }

  void SetUp() override {
    if (!AzuriteProcess::installed())
      GTEST_SKIP() << AzuriteProcess::binaryPath()
                   << " not found: run `npm ci` in the source tree";
    static std::string StartError;
    if (!Server && StartError.empty())
      Server = AzuriteProcess::start(StartError);
    ASSERT_TRUE(Server) << StartError;
  }

  LiveRun run(LiveSetup &S, std::size_t Ops = 400, bool Keep = false) {
    static unsigned Counter = 0;
    LiveOptions O;
    O.Url = Server->endpoint();
    O.MaxOperations = Ops;
    O.Keep = Keep;
    O.RunSuffix =
        "p" + std::to_string(::getpid()) + "n" + std::to_string(++Counter);
    std::string Error;
    std::optional<LiveRun> R = runLive(S.W, S.Plans, O, Error);
    EXPECT_TRUE(R) << Error;
    return R ? *R : LiveRun();
  }

  // The status of a query on Table: 404 once the table is deleted.
  long tableStatus(const std::string &Table) {
    std::string Error;
    auto Client = live::TableRestClient::create(
        Server->endpoint(), live::LiveCredentials::developmentStorage(), {},
        Error);
    EXPECT_TRUE(Client) << Error;
    return Client ? Client->queryEntities(Table, "", "", 1).Status : 0;
  }

  static std::unique_ptr<AzuriteProcess> Server;
};

std::unique_ptr<AzuriteProcess> LiveReplayTest::Server;

TEST_F(LiveReplayTest, ExampleDesignsReturnTheSameEntities) {
  LiveSetup S({"current.yaml", "suggested.yaml"});
  S.plan();
  const LiveRun R = run(S);
  ASSERT_EQ(R.Designs.size(), 2u);
  EXPECT_TRUE(R.agree());
  EXPECT_EQ(R.QueriesDifferent, 0u);
  EXPECT_GT(R.QueriesEqual, 0u);
  EXPECT_EQ(R.Writes + R.Queries, 400u);
  for (const LiveDesignResult &D : R.Designs) {
    EXPECT_GT(D.RoundTrips, 0u) << D.Label;
    EXPECT_GT(D.BytesSent, 0u) << D.Label;
    EXPECT_GT(D.BytesReceived, 0u) << D.Label;
    EXPECT_EQ(D.FailedOperations, 0u) << D.Label;
    EXPECT_TRUE(D.TablesDeleted) << D.Label;
    for (const std::string &T : D.Tables)
      EXPECT_EQ(tableStatus(T), 404) << T << " is still there";
  }
  // The index table doubles the writes of the suggested design.
  EXPECT_EQ(R.Designs[0].WriteRequests, R.Writes);
  EXPECT_EQ(R.Designs[1].WriteRequests, 2 * R.Writes);
  EXPECT_EQ(R.Designs[1].RoundTrips,
            R.Designs[1].WriteRequests + R.Designs[1].QueryRequests);
}

// "Latest 10" of a feed whose writes are spread over 4 buckets: reading
// every bucket, merging and cutting at top returns what the single key
// returned; reading one bucket picked by a post id the reader does not
// have does not (the suggestion issue 10 reported).
TEST_F(LiveReplayTest, FanOutOverEveryBucketReturnsTheLatestN) {
  LiveSetup S({"live/feed-current.yaml", "live/feed-fan-out.yaml"});
  S.plan();
  const LiveRun R = run(S);
  EXPECT_TRUE(R.agree());
  EXPECT_EQ(R.QueriesDifferent, 0u);
  EXPECT_GT(R.QueriesEqual, 10u);
  // Four reads per query execution.
  EXPECT_EQ(R.Designs[1].QueryRequests, 4 * R.Designs[0].QueryRequests);

  LiveSetup One({"live/feed-current.yaml", "live/feed-one-bucket.yaml"});
  One.plan();
  const LiveRun Wrong = run(One);
  EXPECT_FALSE(Wrong.agree());
  EXPECT_GT(Wrong.QueriesDifferent, 0u);
  ASSERT_FALSE(Wrong.Differences.empty());
  EXPECT_EQ(Wrong.Differences[0].Query, "latest");
}

// "Latest 10" on a RowKey of post ids reads every post and keeps the 10
// newest by 'postedAt', which is what the log tail's first 10 are; the
// last 10 in key order (the highest ids) would be 10 posts at random.
TEST_F(LiveReplayTest, ALatestNReadOfUnorderedKeysKeepsTheNewestByValue) {
  LiveSetup S({"live/feed-by-id.yaml", "live/feed-current.yaml"});
  S.Designs[1].Value.Tables[0].Queries[0].Newest = "postedAt";
  S.plan();
  ASSERT_TRUE(S.Plans[0].Queries[S.W.opIndex("latest")]->ReadsAllForNewest);
  const LiveRun R = run(S);
  EXPECT_TRUE(R.agree());
  EXPECT_EQ(R.QueriesDifferent, 0u)
      << (R.Differences.empty() ? "" : R.Differences[0].Detail);
  EXPECT_GT(R.QueriesEqual, 10u);
  // The simulator's answer check says the same.
  const AnswerCheck A = checkAnswers(S.W, S.Plans[0], S.Plans[1]);
  EXPECT_GT(A.Compared, 10u);
  EXPECT_EQ(A.Different, 0u)
      << (A.Differences.empty() ? "" : A.Differences[0].Detail);
}

TEST_F(LiveReplayTest, FailingReadingsAreFoundTheSameInBothDesigns) {
  // One reading in five fails: the queries return rows, and the same ones.
  LiveSetup S({"live/current.yaml", "live/suggested.yaml"});
  S.plan();
  const LiveRun R = run(S);
  ASSERT_EQ(R.Designs.size(), 2u);
  EXPECT_TRUE(R.agree());
  EXPECT_GT(R.Designs[0].EntitiesReturned, 0u);
  EXPECT_EQ(R.Designs[0].EntitiesReturned, R.Designs[1].EntitiesReturned);
  EXPECT_EQ(R.ComparedProperties,
            std::vector<std::string>{
                "failing-devices: deviceId readingTime status temperature"});
}

// A sparse index (`when: "status eq 'fail'"`) is written only for the
// failing readings, as the simulator writes it: the index table holds those
// and nothing else, and the answers stay those of the current design.
TEST_F(LiveReplayTest, ASparseIndexHoldsOnlyTheRowsItsWhenKeeps) {
  LiveSetup S({"live/current.yaml", "live/suggested-sparse.yaml"});
  S.plan();
  const LiveRun R = run(S, 400, /*Keep=*/true);
  ASSERT_EQ(R.Designs.size(), 2u);
  EXPECT_TRUE(R.agree());
  EXPECT_GT(R.Designs[1].EntitiesReturned, 0u);
  const LiveDesignResult &Sparse = R.Designs[1];
  EXPECT_EQ(Sparse.FailedOperations, 0u);
  // Every reading reaches the main table, one in five the index.
  EXPECT_GT(Sparse.EntitiesWritten, R.Writes);
  EXPECT_LT(Sparse.EntitiesWritten, 2 * R.Writes);

  std::string Error;
  auto Client = live::TableRestClient::create(
      Server->endpoint(), live::LiveCredentials::developmentStorage(), {},
      Error);
  ASSERT_TRUE(Client) << Error;
  ASSERT_EQ(Sparse.Tables.size(), 2u);
  const live::QueryAllResult Main =
      Client->queryAllEntities(Sparse.Tables[0], "", "");
  const live::QueryAllResult Index =
      Client->queryAllEntities(Sparse.Tables[1], "", "");
  ASSERT_TRUE(Main.ok()) << Main.describe();
  ASSERT_TRUE(Index.ok()) << Index.describe();
  EXPECT_EQ(Main.Entities.size(), R.Writes);
  std::size_t Failing = 0;
  for (const live::RestEntity &E : Main.Entities)
    if (const EdmValue *Status = E.find("status"))
      Failing += Status->Text == "fail";
  EXPECT_GT(Failing, 0u);
  EXPECT_EQ(Index.Entities.size(), Failing);
  for (const live::RestEntity &E : Index.Entities)
    EXPECT_EQ(E.PartitionKey.rfind("fail_", 0), 0u) << E.PartitionKey;
  EXPECT_EQ(Sparse.EntitiesWritten, R.Writes + Failing);
  for (const LiveDesignResult &Design : R.Designs)
    for (const std::string &Table : Design.Tables)
      EXPECT_TRUE(Client->deleteTable(Table).ok()) << Table;
}

TEST_F(LiveReplayTest, BatchedWritesMakeFewerRoundTripsForTheSameEntities) {
  LiveSetup S({"live/suggested.yaml", "live/suggested-batched.yaml"});
  S.plan();
  const LiveRun R = run(S);
  ASSERT_EQ(R.Designs.size(), 2u);
  EXPECT_TRUE(R.agree());
  const LiveDesignResult &Single = R.Designs[0], &Batched = R.Designs[1];
  EXPECT_EQ(Single.EntitiesWritten, Batched.EntitiesWritten);
  EXPECT_EQ(Batched.FailedOperations, 0u);
  EXPECT_LT(Batched.WriteRequests * 3, Single.WriteRequests);
  EXPECT_LT(Batched.RoundTrips, Single.RoundTrips);
}

TEST_F(LiveReplayTest, IndexTableNeverWrittenIsADifference) {
  LiveSetup S({"live/current.yaml", "live/suggested-no-index-write.yaml"});
  S.plan();
  const LiveRun R = run(S);
  EXPECT_FALSE(R.agree());
  EXPECT_GT(R.QueriesDifferent, 0u);
  ASSERT_FALSE(R.Differences.empty());
  const LiveDifference &D = R.Differences[0];
  EXPECT_EQ(D.Query, "failing-devices");
  EXPECT_EQ(D.Filters[0], "status eq 'fail'");
  EXPECT_EQ(D.Filters[1],
            "PartitionKey ge 'fail_' and PartitionKey lt 'fail`'");
  EXPECT_GT(D.Counts[0], 0u);
  EXPECT_EQ(D.Counts[1], 0u);
  EXPECT_EQ(D.Detail.rfind("only current returned {deviceId: 'deviceId-", 0),
            0u)
      << D.Detail;
}

TEST_F(LiveReplayTest, FilterSelectingOtherRowsIsADifference) {
  LiveSetup S({"live/current.yaml", "live/suggested.yaml"});
  for (schema::Table &T : S.Designs[1].Value.Tables)
    for (schema::Query &Q : T.Queries)
      Q.Filter = "PartitionKey ge 'ok_' and PartitionKey lt 'ok`'";
  S.plan();
  const LiveRun R = run(S);
  EXPECT_FALSE(R.agree());
  EXPECT_EQ(R.QueriesEqual, 0u);
  ASSERT_FALSE(R.Differences.empty());
  EXPECT_GT(R.Differences[0].Counts[1], R.Differences[0].Counts[0]);
  EXPECT_NE(R.Differences[0].Detail.find("status: 'ok'"), std::string::npos)
      << R.Differences[0].Detail;
}

TEST_F(LiveReplayTest, RejectedWritesAreCountedWithTheirStatus) {
  // A row key of the status alone: every reading after the first of its
  // bucket and status collides with an existing entity.
  LiveSetup S({"live/current.yaml", "live/suggested.yaml"});
  std::string Error;
  for (schema::Table &T : S.Designs[1].Value.Tables)
    if (T.Name == "DeviceReadings")
      T.RowKey = *schema::parseKeyTemplate("{status}", Error);
  S.plan();
  const LiveRun R = run(S);
  const LiveDesignResult &Bad = R.Designs[1];
  ASSERT_EQ(Bad.Failures.size(), 1u);
  EXPECT_EQ(Bad.Failures[0].Operation, "ingest-reading");
  EXPECT_EQ(Bad.Failures[0].Table, Bad.Tables[0]);
  EXPECT_EQ(Bad.Failures[0].Status.rfind("409 EntityAlreadyExists", 0), 0u)
      << Bad.Failures[0].Status;
  EXPECT_EQ(Bad.Failures[0].Count, Bad.FailedOperations);
  // 16 buckets x 2 statuses hold at most 32 entities.
  EXPECT_GE(Bad.FailedOperations + 32, R.Writes);
  EXPECT_GT(Bad.FailedOperations, R.Writes / 2);
  EXPECT_EQ(Bad.EntitiesWritten + Bad.FailedOperations, 2 * R.Writes);
  EXPECT_EQ(R.Designs[0].FailedOperations, 0u);
}

TEST_F(LiveReplayTest, KeepLeavesTheTablesWithTheirEntities) {
  LiveSetup S({"current.yaml"});
  S.plan();
  const LiveRun R = run(S, 50, /*Keep=*/true);
  ASSERT_EQ(R.Designs.size(), 1u);
  EXPECT_FALSE(R.Designs[0].TablesDeleted);
  EXPECT_EQ(R.Designs[0].EntitiesWritten, R.Writes);
  // One design: nothing to compare, nothing different.
  EXPECT_EQ(R.QueriesEqual + R.QueriesDifferent, 0u);
  std::string Error;
  auto Client = live::TableRestClient::create(
      Server->endpoint(), live::LiveCredentials::developmentStorage(), {},
      Error);
  ASSERT_TRUE(Client);
  const std::string &Table = R.Designs[0].Tables[0];
  EXPECT_EQ(Client->queryAllEntities(Table, "", "").Entities.size(), R.Writes);
  ReplayReport Report;
  Report.Live = R;
  const std::string Text = formatText(Report);
  EXPECT_NE(Text.find("tables left on the endpoint: " + Table + "\n"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("results: not compared (one design)"), std::string::npos);
  EXPECT_TRUE(Client->deleteTable(Table).ok());
}

TEST_F(LiveReplayTest, CommandReportsJsonAndExitCodes) {
  const std::string Url = Server->endpoint();
  test::ToolResult Good = test::runTablelint(
      {"replay", Inputs + "live/current.yaml", Inputs + "live/suggested.yaml",
       "--duration", "30s", "--live", Url, "--live-ops", "300", "--format",
       "json"});
  ASSERT_EQ(Good.ExitCode, 0) << Good.Err;
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Good.Out);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  const llvm::json::Object *Live = Doc->getAsObject()->getObject("live");
  ASSERT_TRUE(Live);
  EXPECT_EQ(Live->getBoolean("resultsAgree"), true);
  EXPECT_EQ(*Live->getInteger("writes") + *Live->getInteger("queries"), 300);
  EXPECT_GT(*Live->getInteger("queriesEqual"), 0);
  const llvm::json::Array *Designs = Live->getArray("designs");
  ASSERT_TRUE(Designs);
  ASSERT_EQ(Designs->size(), 2u);
  for (const llvm::json::Value &D : *Designs) {
    EXPECT_GT(*D.getAsObject()->getInteger("roundTrips"), 0);
    EXPECT_GT(*D.getAsObject()->getInteger("bytesReceived"), 0);
    EXPECT_EQ(D.getAsObject()->getBoolean("tablesDeleted"), true);
  }
  EXPECT_NE(Live->getString("notMeasured")->find("throttling"),
            llvm::StringRef::npos);

  test::ToolResult Html = test::runTablelint(
      {"replay", Inputs + "live/current.yaml", Inputs + "live/suggested.yaml",
       "--duration", "10s", "--live", Url, "--live-ops", "50", "--format",
       "html"});
  EXPECT_EQ(Html.ExitCode, 0) << Html.Err;
  EXPECT_NE(Html.Out.find("<h2>Live run</h2>"), std::string::npos);
  // 50 operations, each one request in the current design.
  EXPECT_NE(Html.Out.find("<tr><td>round trips</td><td>50</td>"),
            std::string::npos)
      << Html.Out.substr(Html.Out.find("Live run"), 400);

  test::ToolResult Broken = test::runTablelint(
      {"replay", Inputs + "live/current.yaml",
       Inputs + "live/suggested-no-index-write.yaml", "--duration", "30s",
       "--live", Url, "--live-ops", "300"});
  EXPECT_EQ(Broken.ExitCode, 1) << Broken.Err;
  EXPECT_NE(Broken.Out.find("different: failing-devices at "),
            std::string::npos)
      << Broken.Out;
  EXPECT_NE(Broken.Out.find("suggested returned 0 (filter PartitionKey ge "
                            "'fail_' and PartitionKey lt 'fail`')"),
            std::string::npos)
      << Broken.Out;
}

// An order header and its 6 lines written together (a declared
// transaction), and lines written 3 at a time (entitiesPerWrite): each
// execution is one $batch round trip, and afterwards every order holds its
// header and its lines.
TEST_F(LiveReplayTest, EntityGroupsAreOneRoundTripPerExecution) {
  LiveSetup S({"order-lines.yaml", "order-lines.yaml"});
  S.plan();
  const std::size_t Budget = 400;
  // A checkout has one header; log-line writes 3 lines per execution.
  std::uint64_t Headers = 0, LoggedLines = 0;
  for (std::uint32_t E : scaleDownWorkload(S.W, Budget)) {
    const std::string &Name = S.W.Ops[S.W.Events[E].Op].Name;
    Headers += Name == "place-order";
    LoggedLines += Name == "log-line";
  }
  EXPECT_EQ(LoggedLines % 3, 0u) << "a group was cut by the scaling";
  const std::uint64_t Executions = Headers + LoggedLines / 3;
  const LiveRun R = run(S, Budget, /*Keep=*/true);
  ASSERT_EQ(R.Designs.size(), 2u);
  EXPECT_TRUE(R.agree());
  EXPECT_GT(R.QueriesEqual, 0u);
  ASSERT_GT(Headers, 0u);
  const LiveDesignResult &D = R.Designs[0];
  EXPECT_EQ(D.FailedOperations, 0u);
  EXPECT_EQ(D.GroupsSplit, 0u);
  EXPECT_EQ(D.EntitiesWritten, R.Writes);
  // Round trips count executions, not entities.
  EXPECT_EQ(D.WriteRequests, Executions);
  EXPECT_LT(D.WriteRequests * 3, R.Writes);
  EXPECT_EQ(D.RoundTrips, D.WriteRequests + D.QueryRequests);

  std::string Error;
  auto Client = live::TableRestClient::create(
      Server->endpoint(), live::LiveCredentials::developmentStorage(), {},
      Error);
  ASSERT_TRUE(Client) << Error;
  for (const LiveDesignResult &Design : R.Designs) {
    const std::string &Table = Design.Tables[0];
    const live::QueryAllResult All = Client->queryAllEntities(Table, "", "");
    ASSERT_TRUE(All.ok()) << All.describe();
    EXPECT_EQ(All.Entities.size(), R.Writes);
    std::map<std::string, std::pair<unsigned, unsigned>> Orders; // hdr, lines
    for (const live::RestEntity &E : All.Entities) {
      auto &[Header, Lines] = Orders[E.PartitionKey];
      (E.RowKey == "order" ? Header : Lines) += 1;
    }
    std::uint64_t Complete = 0;
    for (const auto &[Key, Counts] : Orders)
      if (Counts.first) {
        EXPECT_EQ(Counts, std::make_pair(1u, 6u)) << Key;
        ++Complete;
      }
    EXPECT_EQ(Complete, Headers);
    EXPECT_TRUE(Client->deleteTable(Table).ok());
  }
}

// Lines that all get the same RowKey: the service rejects each change set
// (400) and none of its entities is written, the header included.
TEST_F(LiveReplayTest, AGroupWithADuplicateRowKeyFailsAsAWhole) {
  LiveSetup S({"order-lines.yaml"});
  std::string Error;
  for (schema::Table &T : S.Designs[0].Value.Tables)
    for (schema::EntityType &E : T.EntityTypes)
      if (E.Name == "line")
        E.RowKey = *schema::parseKeyTemplate("line", Error);
  S.plan();
  const LiveRun R = run(S, 200, /*Keep=*/true);
  ASSERT_EQ(R.Designs.size(), 1u);
  const LiveDesignResult &D = R.Designs[0];
  EXPECT_EQ(D.EntitiesWritten, 0u);
  EXPECT_EQ(D.FailedOperations, R.Writes);
  ASSERT_FALSE(D.Failures.empty());
  for (const LiveFailure &F : D.Failures)
    EXPECT_EQ(F.Status.rfind("400 ", 0), 0u) << F.Status;
  auto Client = live::TableRestClient::create(
      Server->endpoint(), live::LiveCredentials::developmentStorage(), {},
      Error);
  ASSERT_TRUE(Client) << Error;
  const std::string &Table = D.Tables[0];
  EXPECT_EQ(Client->queryAllEntities(Table, "", "").Entities.size(), 0u);
  EXPECT_TRUE(Client->deleteTable(Table).ok());
}

// --- Bad input: no server needed -------------------------------------------

TEST(LiveReplayInputTest, UnreachableEndpointIsExitTwoWithAClearMessage) {
  int Port = 0;
  for (int P = 10990; P < 11090 && !Port; ++P)
    if (!test::loopbackPortAccepts(P))
      Port = P;
  ASSERT_NE(Port, 0);
  const std::string Url =
      "http://127.0.0.1:" + std::to_string(Port) + "/devstoreaccount1";
  test::ToolResult R = test::runTablelint(
      {"replay", Inputs + "current.yaml", "--duration", "5s", "--live", Url});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("tablelint: error: --live " + Url +
                       ": cannot reach the Table endpoint"),
            std::string::npos)
      << R.Err;
  EXPECT_TRUE(R.Out.empty());
}

TEST(LiveReplayInputTest, MissingCredentialsNameTheVariables) {
  ::unsetenv("TABLELINT_LIVE_ACCOUNT");
  ::unsetenv("TABLELINT_LIVE_KEY");
  test::ToolResult R = test::runTablelint(
      {"replay", Inputs + "current.yaml", "--duration", "5s", "--live",
       "https://myaccount.table.core.windows.net"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_NE(R.Err.find("TABLELINT_LIVE_ACCOUNT"), std::string::npos) << R.Err;
  test::ToolResult Bad =
      test::runTablelint({"replay", Inputs + "current.yaml", "--duration", "5s",
                          "--live", "ftp://127.0.0.1/devstoreaccount1"});
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_NE(Bad.Err.find("tablelint: error: --live ftp://"), std::string::npos)
      << Bad.Err;
  test::ToolResult NoLive = test::runTablelint(
      {"replay", Inputs + "current.yaml", "--live-ops", "10"});
  EXPECT_EQ(NoLive.ExitCode, 2);
  EXPECT_TRUE(NoLive.Out.empty());
  EXPECT_NE(NoLive.Err.find("give --live URL"), std::string::npos);
}

TEST(LiveReplayInputTest, ScalingKeepsTimeOrderAndQueriesSeeEarlierWrites) {
  std::vector<schema::SchemaLoad> D;
  D.push_back(schema::loadSchemaFile(Inputs + "current.yaml"));
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(D[0].Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = 60;
  generateEvents(W, O);
  const std::vector<std::uint32_t> Kept = scaleDownWorkload(W, 200);
  EXPECT_EQ(Kept.size(), 200u);
  EXPECT_TRUE(std::is_sorted(Kept.begin(), Kept.end()));
  std::size_t Queries = 0;
  for (std::uint32_t E : Kept)
    Queries += W.Ops[W.Events[E].Op].IsQuery;
  // About 6 queries in a minute: all kept, the writes thinned around them.
  std::size_t AllQueries = 0;
  for (const WorkloadEvent &E : W.Events)
    AllQueries += W.Ops[E.Op].IsQuery;
  EXPECT_EQ(Queries, AllQueries);
  EXPECT_GT(Queries, 0u);
  // Spread over the minute, not its first 30 ms.
  EXPECT_GT(W.Events[Kept.back()].Time, 30.0);

  // Queries beyond a quarter of the budget are cut, the kept ones spread
  // over the whole run (not the first ones in time order).
  const std::vector<std::uint32_t> Few = scaleDownWorkload(W, 8);
  std::vector<double> FewQueryTimes;
  for (std::uint32_t E : Few)
    if (W.Ops[W.Events[E].Op].IsQuery)
      FewQueryTimes.push_back(W.Events[E].Time);
  EXPECT_EQ(FewQueryTimes.size(), 2u);
  EXPECT_EQ(Few.size(), 8u);
  ASSERT_EQ(FewQueryTimes.size(), 2u);
  EXPECT_GT(FewQueryTimes[1], 25.0);

  // A small workload is run whole.
  EXPECT_EQ(scaleDownWorkload(W, W.Events.size() + 1).size(), W.Events.size());
}

TEST(LiveReplayInputTest, ARareQueryKeepsItsShareOfTheBudget) {
  // One query every second and one twice a minute: the budget of queries
  // is shared by name, so the rare one is run (and compared) every time.
  const char *const Text =
      "version: 1\n"
      "accounts: [{name: a, region: westeurope}]\n"
      "tables:\n"
      "  - name: Items\n"
      "    account: a\n"
      "    partitionKey: \"{group}\"\n"
      "    rowKey: \"{itemId}\"\n"
      "    properties:\n"
      "      group: {type: string, values: [a, b]}\n"
      "      itemId: {type: guid}\n"
      "    writes:\n"
      "      - {name: add, op: insert, rate: 20/s}\n"
      "    queries:\n"
      "      - {name: often, filter: \"PartitionKey eq '{group}'\", rate: "
      "5/s}\n"
      "      - {name: rare, filter: \"PartitionKey eq 'a'\", rate: 2/min}\n";
  schema::SchemaLoad D = schema::loadSchemaText(Text, "rare.yaml");
  ASSERT_TRUE(D.ok());
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(D.Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = 120;
  generateEvents(W, O);
  const int Rare = W.opIndex("rare");
  ASSERT_GE(Rare, 0);
  std::size_t RareAll = 0, RareKept = 0, QueriesKept = 0;
  for (const WorkloadEvent &E : W.Events)
    RareAll += E.Op == static_cast<std::uint32_t>(Rare);
  const std::vector<std::uint32_t> Kept = scaleDownWorkload(W, 200);
  for (std::uint32_t E : Kept) {
    RareKept += W.Events[E].Op == static_cast<std::uint32_t>(Rare);
    QueriesKept += W.Ops[W.Events[E].Op].IsQuery;
  }
  EXPECT_GT(RareAll, 0u);
  EXPECT_EQ(RareKept, RareAll);
  EXPECT_EQ(QueriesKept, 50u);
}

TEST(LiveReplayInputTest, TableNamesAreValidAndDistinctPerDesign) {
  const std::regex Valid("^[A-Za-z][A-Za-z0-9]{2,62}$");
  EXPECT_EQ(liveTableName("DeviceReadings", 0, "ab12cd"),
            "DeviceReadingsd0ab12cd");
  EXPECT_NE(liveTableName("DeviceReadings", 1, "ab12cd"),
            liveTableName("DeviceReadings", 0, "ab12cd"));
  EXPECT_TRUE(std::regex_match(liveTableName("1-orders_v2", 0, "x"), Valid))
      << liveTableName("1-orders_v2", 0, "x");
  EXPECT_TRUE(
      std::regex_match(liveTableName(std::string(80, 'T'), 1, "xyz"), Valid));
}

} // namespace
} // namespace tablelint::replay
