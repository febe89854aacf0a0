// The live client's retry policy and the live run's throttling figures,
// against a real Azurite behind a loopback fault proxy
// (tests/replay/status-server.py, mode "proxy"): it forwards every request
// and answers an injected status to every k-th entity request, counting
// what it injected, so the tests compare the report with exact numbers.
// Everything (Azurite, the proxy) is started by the test and stopped by
// process id.
#include "core/AtomicFile.h"
#include "core/Edm.h"
#include "core/schema/SchemaLoader.h"
#include "replay/DesignPlan.h"
#include "replay/LiveReplay.h"
#include "replay/Workload.h"
#include "replay/live/TableRestClient.h"
#include "tests/support/AzuriteFixture.h"
#include "tests/support/RunTool.h"
#include "tests/support/StatusServer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <chrono>
#include <csignal>
#include <ctime>
#include <filesystem>
#include <optional>
#include <sys/wait.h>
#include <unistd.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using Clock = std::chrono::steady_clock;

const std::string Inputs =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/replay/live/";

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

class LiveRetryTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!AzuriteProcess::installed())
      GTEST_SKIP() << AzuriteProcess::binaryPath()
                   << " not found: run `npm ci` in the source tree";
    std::string Error;
    Azurite = AzuriteProcess::start(Error);
    ASSERT_TRUE(Azurite) << Error;
  }
  // A client through Proxy, retrying with short waits unless told.
  std::unique_ptr<live::TableRestClient> client(const StatusServer &Proxy,
                                                unsigned Retries = 3,
                                                double BaseDelay = 0.05) {
    std::string Error;
    auto Client = live::TableRestClient::create(
        Proxy.url(), live::LiveCredentials::developmentStorage(), {}, Error);
    EXPECT_TRUE(Client) << Error;
    if (Client) {
      live::RetryPolicy Policy;
      Policy.Spec.MaxRetries = Retries;
      Policy.Spec.BaseDelaySeconds = BaseDelay;
      Client->setRetryPolicy(Policy);
    }
    return Client;
  }
  static live::RestEntity entity(const std::string &Row) {
    live::RestEntity E;
    E.PartitionKey = "p";
    E.RowKey = Row;
    E.Properties.emplace_back("N", EdmValue::int32(1));
    return E;
  }
  std::unique_ptr<AzuriteProcess> Azurite;
};

// The run succeeds, the designs agree, and the report shows exactly the
// throttling the proxy injected: 4 answers of 503 ServerBusy, each retried
// once, all in the first design (it runs first; 300 requests).
TEST_F(LiveRetryTest, ThrottledRequestsSucceedOnRetryAndTheReportCountsThem) {
  StatusServer Proxy("proxy", Azurite->port(),
                     {"--every", "7", "--limit", "4"});
  ASSERT_GT(Proxy.port(), 0);
  const std::string Dir = makeTempDir("tablelint-retry");
  const auto Start = Clock::now();
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "30s",
                               "--live", Proxy.url(), "--live-ops", "300",
                               "--html", Dir + "/report.html"});
  const double Seconds = secondsSince(Start);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Err, "");
  EXPECT_EQ(Proxy.stat("injected"), 4);
  EXPECT_THAT(R.Out, HasSubstr("results: 2 query events equal, 0 different"));
  EXPECT_THAT(R.Out, HasSubstr("    retries: 4 throttled (503/500 answers), "
                               "4 retried, "));
  EXPECT_THAT(R.Out, HasSubstr(" s backing off, 0 operations failed after "
                               "the last retry\n  suggested: "));
  EXPECT_THAT(R.Out, HasSubstr("    retries: 0 throttled (503/500 answers), "
                               "0 retried, 0.0 s backing off, 0 operations "
                               "failed after the last retry\n"));
  // Each retry waited 0.8 s x a jitter factor in [0.8, 1.3].
  const std::size_t At = R.Out.find("4 retried, ");
  ASSERT_NE(At, std::string::npos);
  const double Backoff = std::atof(R.Out.c_str() + At + 11);
  EXPECT_GE(Backoff, 4 * 0.8 * 0.8 - 0.05) << R.Out;
  EXPECT_LE(Backoff, 4 * 0.8 * 1.3 + 0.2) << R.Out;
  EXPECT_GE(Seconds, Backoff);
  // Round trips count the retries: 298 writes, 2 query pages, 4 again.
  EXPECT_THAT(R.Out, HasSubstr("current: 304 round trips (298 write "
                               "requests, 2 query pages)"));
  const std::string Html = readFile(Dir + "/report.html").value_or("");
  EXPECT_THAT(Html, HasSubstr("<tr><td>throttled requests (503/500)</td>"
                              "<td>4</td><td>0</td></tr>"));
  EXPECT_THAT(Html, HasSubstr("<tr><td>retried requests</td><td>4</td>"
                              "<td>0</td></tr>"));
  EXPECT_THAT(Html, HasSubstr("<tr><td>failed after the last retry</td>"
                              "<td>0</td><td>0</td></tr>"));
  EXPECT_THAT(Html, HasSubstr("<tr><td>time backing off (s)</td>"));
  std::filesystem::remove_all(Dir);
}

// 500 OperationTimedOut is throttling too; the JSON report's figures.
TEST_F(LiveRetryTest, OperationTimedOutIsRetriedAndShownInTheJsonReport) {
  StatusServer Proxy("proxy", Azurite->port(),
                     {"--every", "5", "--limit", "3", "--status", "500"});
  ASSERT_GT(Proxy.port(), 0);
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "30s",
                               "--live", Proxy.url(), "--live-ops", "100",
                               "--live-retries", "2", "--format", "json"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(Proxy.stat("injected"), 3);
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  const llvm::json::Object *Live = Doc->getAsObject()->getObject("live");
  ASSERT_TRUE(Live);
  EXPECT_EQ(Live->getBoolean("resultsAgree"), true);
  EXPECT_EQ(Live->getInteger("maxRetries"), 2);
  std::int64_t Throttled = 0, Retried = 0, FailedAfter = 0, Failed = 0;
  double Backoff = 0;
  for (const llvm::json::Value &D : *Live->getArray("designs")) {
    const llvm::json::Object &O = *D.getAsObject();
    Throttled += *O.getInteger("throttledRequests");
    Retried += *O.getInteger("retriedRequests");
    FailedAfter += *O.getInteger("failedAfterRetries");
    Failed += *O.getInteger("failedOperations");
    Backoff += *O.getNumber("backoffSeconds");
    EXPECT_EQ(O.getInteger("ambiguousRetries"), 0);
    EXPECT_EQ(O.getInteger("serviceFailures"), 0);
  }
  EXPECT_EQ(Throttled, 3);
  EXPECT_EQ(Retried, 3);
  EXPECT_EQ(FailedAfter, 0);
  EXPECT_EQ(Failed, 0);
  EXPECT_GE(Backoff, 3 * 0.8 * 0.8 - 0.05);
}

TEST_F(LiveRetryTest, BadRequestIsNotRetried) {
  StatusServer Proxy("proxy", Azurite->port(), {"--status", "400"});
  ASSERT_GT(Proxy.port(), 0);
  auto Client = client(Proxy);
  ASSERT_TRUE(Client);
  ASSERT_TRUE(Client->createTable("badreq").ok());
  const live::RestResult R = Client->insertEntity("badreq", entity("r"));
  EXPECT_EQ(R.Status, 400);
  EXPECT_EQ(R.ErrorCode, "InvalidInput");
  // One request reached the proxy: no retry.
  EXPECT_EQ(Proxy.stat("entityRequests"), 1);
  EXPECT_EQ(R.Retry.Retries, 0u);
  EXPECT_EQ(R.Retry.Throttled, 0u);
  EXPECT_EQ(R.Retry.GaveUp, 0u);
}

TEST_F(LiveRetryTest, RetryAfterIsHonoured) {
  StatusServer Proxy("proxy", Azurite->port(),
                     {"--limit", "1", "--retry-after", "2"});
  ASSERT_GT(Proxy.port(), 0);
  // The default policy would wait 0.8 s x [0.8, 1.3] at most.
  auto Client = client(Proxy, 3, 0.8);
  ASSERT_TRUE(Client);
  ASSERT_TRUE(Client->createTable("after").ok());
  const auto Start = Clock::now();
  const live::RestResult R = Client->insertEntity("after", entity("r"));
  const double Seconds = secondsSince(Start);
  EXPECT_TRUE(R.ok()) << R.describe();
  EXPECT_EQ(Proxy.stat("injected"), 1);
  EXPECT_EQ(Proxy.stat("entityRequests"), 2);
  EXPECT_EQ(R.Retry.Throttled, 1u);
  EXPECT_EQ(R.Retry.Retries, 1u);
  EXPECT_GE(R.Retry.BackoffSeconds, 1.95);
  EXPECT_LT(R.Retry.BackoffSeconds, 3);
  EXPECT_GE(Seconds, 1.95);
  EXPECT_LT(Seconds, 10);
  EXPECT_EQ(Client->retries().BackoffSeconds, R.Retry.BackoffSeconds);
}

// An HTTP date in Retry-After: the wait until then.
TEST_F(LiveRetryTest, RetryAfterAsAnHttpDateIsHonoured) {
  char Date[64];
  const std::time_t At = std::time(nullptr) + 5;
  std::tm Gmt{};
  ::gmtime_r(&At, &Gmt);
  std::strftime(Date, sizeof Date, "%a, %d %b %Y %H:%M:%S GMT", &Gmt);
  StatusServer Proxy("proxy", Azurite->port(),
                     {"--limit", "1", "--retry-after", Date});
  ASSERT_GT(Proxy.port(), 0);
  auto Client = client(Proxy, 3, 0.05);
  ASSERT_TRUE(Client);
  ASSERT_TRUE(Client->createTable("dated").ok());
  const live::RestResult R = Client->insertEntity("dated", entity("r"));
  EXPECT_TRUE(R.ok()) << R.describe();
  EXPECT_EQ(R.Retry.Retries, 1u);
  // Whole seconds: 5 s ahead when the proxy started, 1 to 5 s left when
  // answered (the client's own wait would be 0.05 s x [0.8, 1.3]).
  EXPECT_GE(R.Retry.BackoffSeconds, 0.95) << Date;
  EXPECT_LT(R.Retry.BackoffSeconds, 5.5) << Date;
}

// 503 forever: each call makes 1 + MaxRetries requests, then fails with the
// last answer; after three such calls the breaker allows one attempt each.
TEST_F(LiveRetryTest, ServerBusyForeverGivesUpThenTheBreakerOpens) {
  StatusServer Proxy("proxy", Azurite->port(), {});
  ASSERT_GT(Proxy.port(), 0);
  auto Client = client(Proxy, 2, 0.05);
  ASSERT_TRUE(Client);
  ASSERT_TRUE(Client->createTable("busy").ok());
  for (int Call = 1; Call <= 4; ++Call) {
    const live::RestResult R =
        Client->insertEntity("busy", entity("r" + std::to_string(Call)));
    EXPECT_EQ(R.describe(), "503 ServerBusy: The server is busy.");
    EXPECT_EQ(R.Retry.GaveUp, 1u);
    EXPECT_EQ(R.Retry.Retries, Call <= 3 ? 2u : 0u) << "call " << Call;
  }
  EXPECT_EQ(Proxy.stat("entityRequests"), 3 * 3 + 1);
  EXPECT_EQ(Client->retries().Throttled, 10u);
  EXPECT_EQ(Client->retries().GaveUp, 4u);
  // An answer that is not a retryable failure closes the breaker.
  EXPECT_TRUE(Client->createTable("busy", true).ok());
  Client->insertEntity("busy", entity("r5"));
  EXPECT_EQ(Proxy.stat("entityRequests"), 3 * 3 + 1 + 3);
}

TEST_F(LiveRetryTest, NoBackoffSleepsPastTheDeadline) {
  StatusServer Proxy("proxy", Azurite->port(), {});
  ASSERT_GT(Proxy.port(), 0);
  auto Client = client(Proxy, 10, 0.2);
  ASSERT_TRUE(Client);
  ASSERT_TRUE(Client->createTable("late").ok());
  const auto Start = Clock::now();
  Client->setDeadline(Start + std::chrono::seconds(1));
  const live::RestResult R = Client->insertEntity("late", entity("r"));
  const double Seconds = secondsSince(Start);
  EXPECT_EQ(R.Status, 503);
  EXPECT_EQ(R.Retry.GaveUp, 1u);
  // 0.2, 0.4 (x jitter) fit in the second; 0.8 more would not (ten
  // retries would wait over 200 s). The last attempt may end after it.
  EXPECT_GE(R.Retry.Retries, 1u);
  EXPECT_LE(R.Retry.Retries, 3u);
  EXPECT_LT(R.Retry.BackoffSeconds, 1.0);
  EXPECT_LT(Seconds, 1.5);
}

// The proxy forwards an insert and drops the answer: the insert landed, the
// retry meets 409. That 409 is ambiguous, not the design's failure.
TEST_F(LiveRetryTest, InsertRetriedAfterALostAnswerIsAmbiguous) {
  StatusServer Proxy("proxy", Azurite->port(), {"--limit", "1", "--drop"});
  ASSERT_GT(Proxy.port(), 0);
  auto Client = client(Proxy);
  ASSERT_TRUE(Client);
  ASSERT_TRUE(Client->createTable("lost").ok());
  const live::RestResult R = Client->insertEntity("lost", entity("r"));
  EXPECT_EQ(Proxy.stat("dropped"), 1);
  EXPECT_EQ(R.Status, 409);
  EXPECT_EQ(R.ErrorCode, "EntityAlreadyExists");
  EXPECT_TRUE(R.Ambiguous);
  EXPECT_EQ(R.Retry.Retries, 1u);
  EXPECT_EQ(R.Retry.Ambiguous, 1u);
  // A plain 409 (no lost attempt before it) is the design's answer.
  const live::RestResult Again = Client->insertEntity("lost", entity("r"));
  EXPECT_EQ(Again.Status, 409);
  EXPECT_FALSE(Again.Ambiguous);
  EXPECT_EQ(Client->retries().Ambiguous, 1u);
}

// Through the whole run: the dropped inserts count as written, the report
// lists them apart, and the run succeeds.
TEST_F(LiveRetryTest, LiveRunCountsAmbiguousInsertsApart) {
  StatusServer Proxy("proxy", Azurite->port(),
                     {"--every", "5", "--limit", "3", "--drop"});
  ASSERT_GT(Proxy.port(), 0);
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "30s",
                               "--live", Proxy.url(), "--live-ops", "100"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(Proxy.stat("dropped"), 3);
  EXPECT_THAT(R.Out, HasSubstr(", 3 ambiguous (a retried write met 409/404 "
                               "but its first attempt had landed: counted "
                               "as written)\n"));
  EXPECT_THAT(R.Out, HasSubstr("0 different"));
  EXPECT_THAT(R.Out, ::testing::Not(HasSubstr("failed: ")));
}

// SIGTERM while the run waits 30 s for a Retry-After: heard at once, the
// tables deleted, the process ended by the signal.
TEST_F(LiveRetryTest, StopSignalDuringABackoffIsHeard) {
  StatusServer Proxy("proxy", Azurite->port(), {"--retry-after", "30"});
  ASSERT_GT(Proxy.port(), 0);
  const std::string Dir = makeTempDir("tablelint-retry-signal");
  const pid_t Pid = ::fork();
  if (Pid == 0) {
    ::freopen("/dev/null", "w", stdout);
    ::freopen((Dir + "/err.txt").c_str(), "w", stderr);
    ::execl(TABLELINT_BINARY, TABLELINT_BINARY, "replay",
            (Inputs + "current.yaml").c_str(), "--duration", "30s", "--live",
            Proxy.url().c_str(), nullptr);
    ::_exit(127);
  }
  const auto Give = Clock::now() + std::chrono::seconds(60);
  while (Proxy.stat("injected") < 1 && Clock::now() < Give)
    ::usleep(50'000);
  ASSERT_EQ(Proxy.stat("injected"), 1) << "the run sent no entity request";
  ::usleep(300'000); // into the wait
  const auto Sent = Clock::now();
  ::kill(Pid, SIGTERM);
  int Status = 0;
  ::waitpid(Pid, &Status, 0);
  EXPECT_LT(secondsSince(Sent), 10) << "the backoff did not hear the signal";
  EXPECT_TRUE(WIFSIGNALED(Status) && WTERMSIG(Status) == SIGTERM) << Status;
  const std::string Err = readFile(Dir + "/err.txt").value_or("");
  EXPECT_THAT(Err, HasSubstr("interrupted by SIGTERM"));
  EXPECT_THAT(Err, HasSubstr("the run's tables were deleted"));
  std::string Error;
  auto Direct = live::TableRestClient::create(
      Azurite->endpoint(), live::LiveCredentials::developmentStorage(), {},
      Error);
  ASSERT_TRUE(Direct) << Error;
  std::vector<std::string> Tables;
  EXPECT_TRUE(Direct->listTables(Tables).ok());
  EXPECT_TRUE(Tables.empty()) << Tables.front();
  std::filesystem::remove_all(Dir);
}

// A design whose RowKey is the status alone: most of its inserts collide
// (409). Behind a proxy that loses every third entity request before it
// lands, a colliding insert whose first attempt was lost meets 409 on the
// retry: ambiguous, so it is read back, found to hold another reading, and
// counted as the design's failure: exactly as many failures as without
// the proxy, none taken as written.
TEST_F(LiveRetryTest, AKeyCollisionBehindALostAttemptIsStillTheDesigns) {
  std::vector<schema::SchemaLoad> Designs;
  for (const char *F : {"current.yaml", "suggested.yaml"}) {
    Designs.push_back(schema::loadSchemaFile(Inputs + F));
    ASSERT_TRUE(Designs.back().ok()) << F;
  }
  std::string Error;
  for (schema::Table &T : Designs[1].Value.Tables)
    if (T.Name == "DeviceReadings")
      T.RowKey = *schema::parseKeyTemplate("{status}", Error);
  std::vector<InputError> Errors;
  replay::Workload W = replay::buildWorkloadModel(Designs[0].Value, Errors);
  replay::WorkloadOptions WO;
  WO.DurationSeconds = 30;
  replay::generateEvents(W, WO);
  std::vector<replay::DesignPlan> Plans;
  Plans.push_back(replay::planDesign(W, Designs[0].Value, "current", Errors));
  Plans.push_back(replay::planDesign(W, Designs[1].Value, "suggested", Errors));
  ASSERT_TRUE(Errors.empty()) << Errors.front().str();

  StatusServer Proxy("proxy", Azurite->port(), {"--every", "3", "--lose"});
  ASSERT_GT(Proxy.port(), 0);
  std::vector<replay::LiveRun> Runs;
  for (const std::string &Url : {Azurite->endpoint(), Proxy.url()}) {
    replay::LiveOptions O;
    O.Url = Url;
    O.MaxOperations = 200;
    std::optional<replay::LiveRun> R = replay::runLive(W, Plans, O, Error);
    ASSERT_TRUE(R) << Error;
    Runs.push_back(std::move(*R));
  }
  EXPECT_GT(Proxy.stat("lost"), 50);
  const replay::LiveDesignResult &Direct = Runs[0].Designs[1];
  const replay::LiveDesignResult &Lossy = Runs[1].Designs[1];
  ASSERT_GT(Direct.FailedOperations, Runs[0].Writes / 2);
  EXPECT_EQ(Lossy.FailedOperations, Direct.FailedOperations);
  EXPECT_EQ(Lossy.EntitiesWritten, Direct.EntitiesWritten);
  EXPECT_EQ(Lossy.AmbiguousRetries, 0u);
  EXPECT_GT(Lossy.RetriedRequests, 50u);
  ASSERT_EQ(Lossy.Failures.size(), 1u);
  EXPECT_EQ(Lossy.Failures[0].Status.rfind("409 EntityAlreadyExists", 0), 0u)
      << Lossy.Failures[0].Status;
  // The design without collisions lost nothing to the proxy either.
  EXPECT_EQ(Runs[1].Designs[0].FailedOperations, 0u);
  EXPECT_EQ(Runs[1].Designs[0].EntitiesWritten, Runs[1].Writes);
  EXPECT_EQ(Runs[1].QueriesDifferent, Runs[0].QueriesDifferent);
}

// An endpoint answering 503 to everything: the retries end, then exit 2
// naming the answer, well within the deadline.
TEST(LiveRetryCommand, ServerBusyForeverEndsAsExitTwoWithinTheDeadline) {
  StatusServer Server("all");
  ASSERT_GT(Server.port(), 0);
  const auto Start = Clock::now();
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "30s",
                               "--live", Server.url(), "--live-ops", "300",
                               "--live-deadline", "30s"});
  const double Seconds = secondsSince(Start);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("503 ServerBusy: The server is busy."));
  // Table creation: 1 + 3 requests, 3 waits of 0.8, 1.6, 3.2 s x [0.8, 1.3].
  EXPECT_EQ(Server.stat("requests"), 4);
  EXPECT_GE(Seconds, 5.6 * 0.8 - 0.1);
  EXPECT_LT(Seconds, 30);
  // With more retries than the deadline allows, it gives up before the
  // deadline (a wait that would pass it is not made), naming the answer.
  const auto Again = Clock::now();
  ToolResult Short = runTablelint(
      {"replay", Inputs + "current.yaml", "--duration", "30s", "--live",
       Server.url(), "--live-retries", "10", "--live-deadline", "3s"});
  EXPECT_EQ(Short.ExitCode, 2);
  EXPECT_THAT(Short.Err, HasSubstr("503 ServerBusy"));
  EXPECT_THAT(Short.Err, ::testing::Not(HasSubstr("did not finish")));
  EXPECT_LT(secondsSince(Again), 15);
}

// Every entity request answered 503, one retry each: the first three
// requests are retried once, then the breaker allows one attempt each;
// every answer counts as throttled and every operation failed after its
// retries. Exit 2, naming the answer.
TEST(LiveRetryCommand, EndpointThrottlingEverythingOpensTheBreaker) {
  StatusServer Server("entities");
  ASSERT_GT(Server.port(), 0);
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "30s",
                               "--live", Server.url(), "--live-ops", "40",
                               "--live-retries", "1", "--format", "json"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("(first: 503 ServerBusy: The server is "
                               "busy.): the designs' results could not all "
                               "be compared"));
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << llvm::toString(Doc.takeError());
  const llvm::json::Object *Live = Doc->getAsObject()->getObject("live");
  ASSERT_TRUE(Live);
  std::int64_t Throttled = 0, Retried = 0, Tables = 0;
  for (const llvm::json::Value &D : *Live->getArray("designs")) {
    const llvm::json::Object &O = *D.getAsObject();
    Throttled += *O.getInteger("throttledRequests");
    Retried += *O.getInteger("retriedRequests");
    Tables += static_cast<std::int64_t>(O.getArray("tables")->size());
    EXPECT_GT(*O.getInteger("failedOperations"), 0);
    EXPECT_EQ(O.getInteger("failedAfterRetries"),
              O.getInteger("failedOperations"));
  }
  EXPECT_EQ(Retried, 3);
  // Every request but the tables' creation and deletion was a 503.
  EXPECT_EQ(Throttled, Server.stat("requests") - 2 * Tables);
}

// The design files current.yaml and suggested.yaml of the live inputs with
// the client `ingest` retrying as Retry says (a flow mapping), in Dir.
std::string withIngestRetry(const std::string &Dir, const char *File,
                            const std::string &Retry) {
  const std::string Declared = "retry: {policy: exponential, baseDelay: "
                               "800ms, maxDelay: 60s, maxRetries: 3}";
  std::string Text = readFile(Inputs + File).value_or("");
  const std::size_t At = Text.find(Declared);
  EXPECT_NE(At, std::string::npos) << File;
  if (At != std::string::npos)
    Text.replace(At, Declared.size(), "retry: " + Retry);
  const std::string Path = Dir + "/" + File;
  EXPECT_FALSE(writeFileAtomically(Path, Text)) << Path;
  return Path;
}

struct DesignRetries {
  std::int64_t Throttled = 0, Retried = 0, FailedAfter = 0, Failed = 0,
               Written = 0;
  double Backoff = 0;
};

// The per-design retry figures of a JSON report; empty when unreadable.
std::vector<DesignRetries> designRetries(const std::string &Json,
                                         std::optional<std::int64_t> &Max) {
  std::vector<DesignRetries> Out;
  llvm::Expected<llvm::json::Value> Doc = llvm::json::parse(Json);
  if (!Doc) {
    ADD_FAILURE() << llvm::toString(Doc.takeError());
    return Out;
  }
  const llvm::json::Object *Live = Doc->getAsObject()->getObject("live");
  if (!Live) {
    ADD_FAILURE() << "no live section";
    return Out;
  }
  Max = Live->getInteger("maxRetries");
  for (const llvm::json::Value &D : *Live->getArray("designs")) {
    const llvm::json::Object &O = *D.getAsObject();
    DesignRetries R;
    R.Throttled = O.getInteger("throttledRequests").value_or(-1);
    R.Retried = O.getInteger("retriedRequests").value_or(-1);
    R.FailedAfter = O.getInteger("failedAfterRetries").value_or(-1);
    R.Failed = O.getInteger("failedOperations").value_or(-1);
    R.Written = O.getInteger("entitiesWritten").value_or(-1);
    R.Backoff = O.getNumber("backoffSeconds").value_or(-1);
    Out.push_back(R);
  }
  return Out;
}

// What a live run of two designs declaring different retries for the same
// client showed: its exit, each design's figures, the run's maxRetries and
// the 503s the proxy injected.
struct DeclaredRetryRun {
  ToolResult Tool;
  std::vector<DesignRetries> Designs;
  std::optional<std::int64_t> MaxRetries;
  std::int64_t Injected = 0;
};

// current.yaml with `ingest` declaring `retry: {policy: none}` and
// suggested.yaml with it declaring exponential, 3 retries from 50 ms, run
// live (100 operations, JSON) behind a proxy answering 503 to every 10th
// entity request, from the first design's requests on to the second's;
// Extra: more arguments.
DeclaredRetryRun runDeclaredRetries(int AzuritePort,
                                    const std::vector<std::string> &Extra) {
  DeclaredRetryRun Out;
  const std::string Dir = makeTempDir("tablelint-declared-retry");
  const std::string Current =
      withIngestRetry(Dir, "current.yaml", "{policy: none}");
  const std::string Suggested = withIngestRetry(
      Dir, "suggested.yaml",
      "{policy: exponential, baseDelay: 50ms, maxDelay: 1s, maxRetries: 3}");
  StatusServer Proxy("proxy", AzuritePort, {"--every", "10"});
  EXPECT_GT(Proxy.port(), 0);
  std::vector<std::string> Args = {
      "replay",    Current,      Suggested, "--duration", "30s", "--live",
      Proxy.url(), "--live-ops", "100",     "--format",   "json"};
  Args.insert(Args.end(), Extra.begin(), Extra.end());
  Out.Tool = runTablelint(Args);
  Out.Designs = designRetries(Out.Tool.Out, Out.MaxRetries);
  Out.Injected = Proxy.stat("injected");
  std::filesystem::remove_all(Dir);
  return Out;
}

// The same faults in both designs: the first (policy none) fails each of
// them after 0 retries; the second (exponential, 3 retries from 50 ms)
// retries each once and loses nothing. Each design's run follows its own
// declaration.
TEST_F(LiveRetryTest, EachDesignRetriesAsItDeclaresForTheSameClient) {
  const DeclaredRetryRun R = runDeclaredRetries(Azurite->port(), {});
  // The first design's failures are the endpoint's: exit 2, report written.
  EXPECT_EQ(R.Tool.ExitCode, 2) << R.Tool.Err;
  EXPECT_THAT(R.Tool.Err, HasSubstr("503 ServerBusy"));
  const std::vector<DesignRetries> &D = R.Designs;
  ASSERT_EQ(D.size(), 2u) << R.Tool.Out;
  EXPECT_EQ(R.MaxRetries, std::nullopt) << "no --live-retries: as declared";
  // current: 100 entity requests (98 inserts, 2 query pages), the 10th,
  // 20th, ... 100th (all inserts) answered 503 and not retried.
  EXPECT_EQ(D[0].Throttled, 10);
  EXPECT_EQ(D[0].Retried, 0);
  EXPECT_EQ(D[0].FailedAfter, 10);
  EXPECT_EQ(D[0].Failed, 10);
  EXPECT_EQ(D[0].Written, 98 - 10);
  EXPECT_EQ(D[0].Backoff, 0);
  // suggested: 198 requests (98 inserts into two tables, 2 query pages) and
  // a retry for each 503 among them: 110th, ..., 310th.
  EXPECT_EQ(D[1].Throttled, 21);
  EXPECT_EQ(D[1].Retried, 21);
  EXPECT_EQ(D[1].FailedAfter, 0);
  EXPECT_EQ(D[1].Failed, 0);
  EXPECT_EQ(D[1].Written, 2 * 98);
  // Each retry waited 50 ms x a jitter factor in [0.8, 1.3].
  EXPECT_GE(D[1].Backoff, 21 * 0.05 * 0.8 - 0.02);
  EXPECT_LE(D[1].Backoff, 21 * 0.05 * 1.3 + 0.5);
  EXPECT_EQ(R.Injected, 10 + 21);
}

// --live-retries replaces every client's maxRetries: with 0 the design that
// declares 3 retries makes none either (and the run says so).
TEST_F(LiveRetryTest, LiveRetriesOverridesEveryClientsMaxRetries) {
  const DeclaredRetryRun R =
      runDeclaredRetries(Azurite->port(), {"--live-retries", "0"});
  EXPECT_EQ(R.Tool.ExitCode, 2) << R.Tool.Err;
  const std::vector<DesignRetries> &D = R.Designs;
  ASSERT_EQ(D.size(), 2u) << R.Tool.Out;
  EXPECT_EQ(R.MaxRetries, 0);
  EXPECT_EQ(D[0].Throttled, 10);
  EXPECT_EQ(D[0].Retried, 0);
  EXPECT_EQ(D[0].FailedAfter, 10);
  // suggested: 198 requests, none retried: the 110th, ..., 290th fail.
  EXPECT_EQ(D[1].Throttled, 19);
  EXPECT_EQ(D[1].Retried, 0);
  EXPECT_EQ(D[1].FailedAfter, 19);
  EXPECT_EQ(D[1].Failed, 19);
  EXPECT_EQ(D[1].Written, 2 * 98 - 19);
  EXPECT_EQ(D[1].Backoff, 0);
  EXPECT_EQ(R.Injected, 10 + 19);
}

// The client alone: policy none makes one attempt; a retryOn without 503
// does not retry a 503.
TEST_F(LiveRetryTest, ClientFollowsTheDeclaredPolicyAndRetryOn) {
  StatusServer Proxy("proxy", Azurite->port(), {});
  ASSERT_GT(Proxy.port(), 0);
  auto Client = client(Proxy);
  ASSERT_TRUE(Client);
  ASSERT_TRUE(Client->createTable("declared").ok());
  live::RetryPolicy None, Only500;
  None.Spec.Policy = schema::RetryPolicyKind::None;
  Only500.Spec.RetryOn = {500};
  // Under none a 503 is retryable with no retry left (it gave up); under
  // retryOn [500] it is not retryable at all.
  const struct {
    const live::RetryPolicy *Policy;
    const char *Row;
    unsigned GaveUp;
  } Cases[] = {{&None, "r", 1}, {&Only500, "s", 0}};
  std::int64_t Sent = 0;
  for (const auto &Case : Cases) {
    Client->setRetryPolicy(*Case.Policy);
    const live::RestResult R =
        Client->insertEntity("declared", entity(Case.Row));
    EXPECT_EQ(R.Status, 503) << Case.Row;
    EXPECT_EQ(R.Retry.Retries, 0u) << Case.Row;
    EXPECT_EQ(R.Retry.GaveUp, Case.GaveUp) << Case.Row;
    EXPECT_EQ(Proxy.stat("entityRequests"), ++Sent) << "one attempt";
  }
}

TEST(LiveRetryCommand, RetriesOptionIsChecked) {
  for (const char *Bad : {"11", "-1", "x", ""}) {
    ToolResult R = runTablelint({"replay", Inputs + "current.yaml", "--live",
                                 "http://127.0.0.1:1/devstoreaccount1",
                                 "--live-retries", Bad});
    EXPECT_EQ(R.ExitCode, 2) << Bad;
    EXPECT_THAT(R.Err, HasSubstr("--live-retries '" + std::string(Bad) +
                                 "': expected a number of retries from 0 "
                                 "to 10"));
  }
  ToolResult NoLive =
      runTablelint({"replay", Inputs + "current.yaml", "--live-retries", "2"});
  EXPECT_EQ(NoLive.ExitCode, 2);
  EXPECT_THAT(NoLive.Err, HasSubstr("give --live URL"));
  ToolResult Help = runTablelint({"replay", "--help"});
  EXPECT_THAT(Help.Out, HasSubstr("--live-retries"));
}

} // namespace
} // namespace tablelint::test
