// Issue 12, items 10 and 14: a live endpoint that answers 503 to everything
// is exit 2 naming the cause (not "designs differ"); a live run has an
// overall deadline (--live-deadline); and Ctrl-C or SIGTERM during a run
// against a real Azurite deletes the run's tables before the process ends.
// The failing endpoints are a small Python server on 127.0.0.1
// (status-server.py), bounded in time and stopped by its process id.
#include "core/AtomicFile.h"
#include "replay/live/TableRestClient.h"
#include "tests/support/AzuriteFixture.h"
#include "tests/support/RunTool.h"
#include "tests/support/StatusServer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <filesystem>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;

const std::string Inputs =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/replay/live/";

// Starts Argv[0] with Argv, standard output into OutFd (-1: inherited) and
// standard error into ErrPath.
pid_t spawn(const std::vector<std::string> &Argv, int OutFd,
            const std::string &ErrPath) {
  const pid_t Pid = ::fork();
  if (Pid == 0) {
    if (OutFd >= 0)
      ::dup2(OutFd, STDOUT_FILENO);
    else
      ::freopen("/dev/null", "w", stdout);
    ::freopen(ErrPath.c_str(), "w", stderr);
    std::vector<char *> Args;
    std::vector<std::string> Copy = Argv;
    for (std::string &A : Copy)
      Args.push_back(A.data());
    Args.push_back(nullptr);
    ::execvp(Args[0], Args.data());
    ::_exit(127);
  }
  return Pid;
}

// Waits up to Seconds for Pid; the raw wait status, or -1 on timeout.
int waitFor(pid_t Pid, double Seconds) {
  const auto End = std::chrono::steady_clock::now() +
                   std::chrono::milliseconds(static_cast<int>(Seconds * 1000));
  while (std::chrono::steady_clock::now() < End) {
    int Status = 0;
    if (::waitpid(Pid, &Status, WNOHANG) == Pid)
      return Status;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return -1;
}

TEST(LiveHardening, EndpointAnswering503ToEverythingIsExitTwoNamingIt) {
  StatusServer Server("all", 0, {}, 60);
  ASSERT_GT(Server.port(), 0);
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "30s",
                               "--live", Server.url(), "--live-ops", "300"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("503 ServerBusy: The server is busy."));
}

TEST(LiveHardening, EntityRequestsAnswered503AreNotADesignDifference) {
  // Tables are created and deleted; every write and query gets 503: the
  // designs were never compared, which is an error of the run.
  StatusServer Server("entities", 0, {}, 60);
  ASSERT_GT(Server.port(), 0);
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                               Inputs + "suggested.yaml", "--duration", "30s",
                               "--live", Server.url(), "--live-ops", "40"});
  EXPECT_EQ(R.ExitCode, 2) << R.Out;
  EXPECT_THAT(R.Err, HasSubstr("tablelint: error: --live " + Server.url() +
                               ": the endpoint failed "));
  EXPECT_THAT(R.Err, HasSubstr("(first: 503 ServerBusy: The server is "
                               "busy.): the designs' results could not all "
                               "be compared"));
  // The report is still written, with the failures.
  EXPECT_THAT(R.Out, HasSubstr("0 different"));
  EXPECT_THAT(R.Out, HasSubstr("503 ServerBusy"));
}

TEST(LiveHardening, HangingEndpointStopsAtTheDeadline) {
  StatusServer Server("hang", 0, {}, 60);
  ASSERT_GT(Server.port(), 0);
  const auto Start = std::chrono::steady_clock::now();
  ToolResult R = runTablelint({"replay", Inputs + "current.yaml", "--duration",
                               "30s", "--live", Server.url(), "--live-ops",
                               "2000", "--live-deadline", "2s"});
  const double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("the live run did not finish within "
                               "--live-deadline 2s (0 of 2000 operations "
                               "done); the run's tables were deleted"));
  EXPECT_LT(Seconds, 15) << "the deadline did not stop the run";
  ToolResult Bad =
      runTablelint({"replay", Inputs + "current.yaml", "--live-deadline", "0s",
                    "--live", Server.url()});
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("--live-deadline must be positive"));
}

class LiveSignalTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!AzuriteProcess::installed())
      GTEST_SKIP() << AzuriteProcess::binaryPath()
                   << " not found: run `npm ci` in the source tree";
    std::string Error;
    Server = AzuriteProcess::start(Error);
    ASSERT_TRUE(Server) << Error;
    Client = live::TableRestClient::create(
        Server->endpoint(), live::LiveCredentials::developmentStorage(), {},
        Error);
    ASSERT_TRUE(Client) << Error;
  }
  std::vector<std::string> tables() {
    std::vector<std::string> Names;
    EXPECT_TRUE(Client->listTables(Names).ok());
    return Names;
  }
  std::unique_ptr<AzuriteProcess> Server;
  std::unique_ptr<live::TableRestClient> Client;
};

TEST_F(LiveSignalTest, SigtermMidRunDeletesTheRunsTables) {
  for (const int Signal : {SIGTERM, SIGINT}) {
    ASSERT_TRUE(tables().empty());
    const std::string Dir = makeTempDir("tablelint-signal");
    const pid_t Pid =
        spawn({TABLELINT_BINARY, "replay", Inputs + "current.yaml",
               Inputs + "suggested.yaml", "--duration", "60s", "--live",
               Server->endpoint(), "--live-ops", "100000"},
              -1, Dir + "/err.txt");
    // Mid-run: once its tables exist and writes are under way.
    const auto Give =
        std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (tables().size() < 3 && std::chrono::steady_clock::now() < Give)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_EQ(tables().size(), 3u) << "the run created no tables";
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ::kill(Pid, Signal);
    const int Status = waitFor(Pid, 60);
    ASSERT_NE(Status, -1) << "tablelint did not stop";
    // It ends by the signal, as a shell expects of Ctrl-C.
    EXPECT_TRUE(WIFSIGNALED(Status) && WTERMSIG(Status) == Signal) << Status;
    const std::string Err = readFile(Dir + "/err.txt").value_or("");
    EXPECT_THAT(Err, HasSubstr(std::string("interrupted by ") +
                               (Signal == SIGTERM ? "SIGTERM" : "SIGINT")));
    EXPECT_THAT(Err, HasSubstr("the run's tables were deleted"));
    EXPECT_TRUE(tables().empty()) << "tables left behind";
    std::filesystem::remove_all(Dir);
  }
}

} // namespace
} // namespace tablelint::test
