// Issue 12, items 6 and 8: an output that is not a regular file (a device,
// a FIFO, /dev/stdout) is written in place and never replaced by a regular
// file; a failed write to standard output or to a file (a full disk,
// /dev/full) is reported with exit 2 instead of passing unseen.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <thread>
#include <unistd.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;

const std::string ReplaySchema = std::string(TABLELINT_SOURCE_DIR) +
                                 "/test-inputs/schemas/replay/current.yaml";

bool isCharDevice(const std::string &Path) {
  struct stat S;
  return ::lstat(Path.c_str(), &S) == 0 && S_ISCHR(S.st_mode);
}

TEST(OutputTarget, DevNullStaysADevice) {
  ASSERT_TRUE(isCharDevice("/dev/null"));
  ToolResult R = runTablelint({"lint", ReplaySchema, "-o", "/dev/null"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err; // the schema's findings, written away
  EXPECT_TRUE(isCharDevice("/dev/null"));
  EXPECT_EQ(R.Err.find("error"), std::string::npos) << R.Err;
}

TEST(OutputTarget, ADeviceNodeOfOurOwnIsWrittenNotReplaced) {
  if (::geteuid() != 0)
    GTEST_SKIP() << "making a device node needs root (the issue's case)";
  Project P;
  const std::string Node = P.Dir + "/null";
  ASSERT_EQ(::mknod(Node.c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0);
  for (const std::vector<std::string> &Args :
       {std::vector<std::string>{"lint", ReplaySchema, "--format", "sarif",
                                 "-o", Node},
        {"replay", ReplaySchema, "--duration", "5s", "-o", Node},
        {"lint", ReplaySchema, "--write-baseline", Node}}) {
    ToolResult R = runTablelint(Args);
    EXPECT_LT(R.ExitCode, 2) << Args[0] << ": " << R.Err;
    EXPECT_TRUE(isCharDevice(Node)) << Args[0] << " replaced the device";
  }
}

TEST(OutputTarget, AFifoGetsTheReport) {
  Project P;
  const std::string Fifo = P.Dir + "/report.fifo";
  ASSERT_EQ(::mkfifo(Fifo.c_str(), 0644), 0);
  std::string Received;
  std::thread Reader([&] {
    const int Fd = ::open(Fifo.c_str(), O_RDONLY);
    char Buf[4096];
    for (ssize_t N; (N = ::read(Fd, Buf, sizeof Buf)) > 0;)
      Received.append(Buf, static_cast<std::size_t>(N));
    ::close(Fd);
  });
  ToolResult R = runTablelint({"lint", ReplaySchema, "-o", Fifo});
  Reader.join();
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(Received, HasSubstr("[tablelint-time-based-partition-key]"));
  struct stat S;
  ASSERT_EQ(::lstat(Fifo.c_str(), &S), 0);
  EXPECT_TRUE(S_ISFIFO(S.st_mode));
}

TEST(OutputTarget, DevStdoutReachesStandardOutput) {
  Project P;
  // Through a shell so that /dev/stdout is the redirected file.
  ToolResult R = runProgram(
      "/bin/sh",
      {"-c", "'" + std::string(TABLELINT_BINARY) + "' lint '" + ReplaySchema +
                 "' -o /dev/stdout > out.txt"},
      P.Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(P.read("out.txt"),
              HasSubstr("[tablelint-time-based-partition-key]"));
  EXPECT_TRUE(isCharDevice("/dev/null"));
}

// Runs a shell command line with standard output on /dev/full.
ToolResult toDevFull(const std::string &Args) {
  return runProgram("/bin/sh", {"-c", "'" + std::string(TABLELINT_BINARY) +
                                          "' " + Args + " > /dev/full"});
}

TEST(OutputTarget, FullStandardOutputIsExitTwoWithTheReason) {
  // The cases: a SARIF that would be truncated (exit 1 before), an
  // HTML replay report (exit 0 before).
  ToolResult Sarif = toDevFull("lint --format sarif '" + ReplaySchema + "'");
  EXPECT_EQ(Sarif.ExitCode, 2);
  EXPECT_THAT(Sarif.Err, HasSubstr("tablelint lint: error: cannot write to "
                                   "standard output: No space left on "
                                   "device"));
  ToolResult Html =
      toDevFull("replay --format html --duration 5s '" + ReplaySchema + "'");
  EXPECT_EQ(Html.ExitCode, 2);
  EXPECT_THAT(Html.Err, HasSubstr("cannot write to standard output: No space "
                                  "left on device"));
  // Every command: what it prints to standard output is checked.
  for (const std::string &Args :
       std::vector<std::string>{"rules", "filter \"PartitionKey eq 'a'\"",
        "filter --format json \"PartitionKey eq 'a'\"",
        "suggest '" + ReplaySchema + "'", "checklist '" + ReplaySchema + "'",
        "--help"}) {
    ToolResult R = toDevFull(Args);
    EXPECT_EQ(R.ExitCode, 2) << Args << ": " << R.Err;
    EXPECT_THAT(R.Err, HasSubstr("cannot write to standard output")) << Args;
  }
}

TEST(OutputTarget, FullOutputFileIsExitTwoWithTheReason) {
  ToolResult R = runTablelint(
      {"replay", ReplaySchema, "--duration", "5s", "-o", "/dev/full"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("cannot write '/dev/full': No space left on "
                               "device"));
  EXPECT_TRUE(isCharDevice("/dev/full"));
}

} // namespace
} // namespace tablelint::test
