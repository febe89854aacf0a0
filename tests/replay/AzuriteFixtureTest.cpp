// The Azurite test fixture keeps its promises: a server that answers on the
// port it reports, and no process or listener left once it is stopped.
#include "tests/support/AzuriteFixture.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <unistd.h>

namespace tablelint::test {
namespace {

TEST(AzuriteFixtureTest, StopEndsTheProcessAndFreesThePort) {
  if (!AzuriteProcess::installed())
    GTEST_SKIP() << AzuriteProcess::binaryPath()
                 << " not found: run `npm ci` in the source tree";
  std::string Error;
  std::unique_ptr<AzuriteProcess> Server = AzuriteProcess::start(Error);
  ASSERT_TRUE(Server) << Error;
  const pid_t Pid = Server->pid();
  const int Port = Server->port();
  EXPECT_EQ(Server->endpoint(),
            "http://127.0.0.1:" + std::to_string(Port) + "/devstoreaccount1");
  EXPECT_EQ(::kill(Pid, 0), 0);
  EXPECT_TRUE(loopbackPortAccepts(Port));
  // Azurite runs in a private directory under the temp dir, not in the tree.
  const std::string Cwd =
      std::filesystem::read_symlink("/proc/" + std::to_string(Pid) + "/cwd");
  EXPECT_NE(Cwd.find("tablelint-azurite"), std::string::npos) << Cwd;

  Server->stop();
  EXPECT_EQ(::kill(Pid, 0), -1);
  EXPECT_EQ(errno, ESRCH);
  EXPECT_FALSE(loopbackPortAccepts(Port));
  EXPECT_FALSE(std::filesystem::exists(Cwd));
  Server->stop(); // idempotent
}

} // namespace
} // namespace tablelint::test
