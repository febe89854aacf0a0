// The memory a generated replay will hold, estimated before it generates
// anything (replay/MemoryEstimate.h): a run past the machine's memory (or
// --memory) is refused with the --duration that fits, and that duration
// does fit.
#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"
#include "core/schema/SchemaLoader.h"
#include "replay/DesignPlan.h"
#include "replay/MemoryEstimate.h"
#include "replay/ProcessMemory.h"
#include "replay/Workload.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <unistd.h>

namespace tablelint::replay::test {
namespace {

using tablelint::test::runTablelint;
using tablelint::test::ToolResult;
using ::testing::HasSubstr;
using ::testing::Not;

struct TempDir {
  std::string Path = tablelint::test::makeTempDir("memory-estimate");
  ~TempDir() { std::filesystem::remove_all(Path); }
  std::string operator/(const std::string &Name) const {
    return Path + "/" + Name;
  }
};

// A table of readings of 10,000 devices, written by `ingest` at Rate (a
// rate text); Extra ends the write's flow mapping, Queries follows it.
std::string readingsTable(const std::string &Name, const std::string &Rate,
                          const std::string &Extra,
                          const std::string &Queries) {
  return "  - name: " + Name +
         "\n"
         "    account: main\n"
         "    partitionKey: \"{deviceId}\"\n"
         "    rowKey: \"{readingTime:ticks}\"\n"
         "    properties:\n"
         "      deviceId: {type: string, distinct: 10000}\n"
         "      readingTime: {type: datetime, grows: true}\n"
         "      status: {type: string, values: [ok, fail], "
         "weights: [0.99, 0.01]}\n"
         "    writes:\n"
         "      - {name: ingest, op: insert, rate: " +
         Rate + Extra + "}\n" + Queries;
}

// Readings at Rate, one point read a second; with Index, a sparse index
// of the failing ones (1%).
std::string readingsYaml(const std::string &Rate, bool Index) {
  std::string Y = "version: 1\n"
                  "accounts: [{name: main}]\n"
                  "tables:\n" +
                  readingsTable("Readings", Rate, "",
                                "    queries:\n"
                                "      - {name: device, filter: \"PartitionKey "
                                "eq '{deviceId}'\", top: 10, rate: 1/s}\n");
  if (Index)
    Y += readingsTable("Failing", Rate, ", when: \"status eq 'fail'\"", "");
  return Y;
}

struct Estimated {
  Workload W;
  std::vector<DesignPlan> Plans;
  MemoryEstimate E;
};

Estimated estimate(const std::vector<std::string> &Designs, unsigned Jobs) {
  Estimated R;
  std::vector<InputError> Errors;
  std::vector<schema::SchemaLoad> Loads;
  for (const std::string &Y : Designs) {
    Loads.push_back(schema::loadSchemaText(Y, "design.yaml"));
    EXPECT_TRUE(Loads.back().ok());
  }
  R.W = buildWorkloadModel(Loads[0].Value, Errors);
  // The plans point into the schemas: keep them alive as long as R.
  static std::vector<std::vector<schema::SchemaLoad>> Kept;
  Kept.push_back(std::move(Loads));
  for (const schema::SchemaLoad &L : Kept.back())
    R.Plans.push_back(planDesign(R.W, L.Value, "d", Errors));
  EXPECT_TRUE(Errors.empty());
  R.E = estimateReplayMemory(R.W, R.Plans, WorkloadOptions(), Jobs);
  return R;
}

TEST(MemoryEstimate, GrowsWithTheDurationAndTheDesignsHeldAtOnce) {
  const std::string Y = readingsYaml("2000/s", false);
  const Estimated One = estimate({Y}, 1);
  EXPECT_DOUBLE_EQ(One.E.operations(600, 0), 2001.0 * 600);
  // Half the ramp-up's operations: rates climb linearly from 0.
  EXPECT_DOUBLE_EQ(One.E.operations(600, 120), 2001.0 * 540);
  EXPECT_GT(One.E.bytes(3600, 0), One.E.bytes(600, 0));
  // Every second at 2,000 inserts/s holds at least their events (14
  // bytes) and their rows, and less than a kilobyte each.
  const double PerSecond = (One.E.bytes(3600, 0) - One.E.bytes(600, 0)) / 3000;
  EXPECT_GT(PerSecond, 2000.0 * 14 * 2);
  EXPECT_LT(PerSecond, 2000.0 * 1024);

  // Two designs: the answer check stores both designs' rows; -j 2 holds
  // two tasks at once, -j 3 all three.
  const Estimated J1 = estimate({Y, Y}, 1), J2 = estimate({Y, Y}, 2),
                  J3 = estimate({Y, Y}, 3);
  EXPECT_GT(J1.E.bytes(3600, 0), One.E.bytes(3600, 0));
  EXPECT_GT(J2.E.bytes(3600, 0), J1.E.bytes(3600, 0));
  EXPECT_GT(J3.E.bytes(3600, 0), J2.E.bytes(3600, 0));
}

TEST(MemoryEstimate, ASparseIndexAddsTheRowsItsWhenKeeps) {
  const Estimated Plain = estimate({readingsYaml("2000/s", false)}, 1);
  const Estimated Indexed = estimate({readingsYaml("2000/s", true)}, 1);
  const auto Slope = [](const MemoryEstimate &E) {
    return (E.bytes(3600, 0) - E.bytes(600, 0)) / 3000;
  };
  // 1% of the writes reach the index: a few percent more, not double.
  EXPECT_GT(Slope(Indexed.E), Slope(Plain.E));
  EXPECT_LT(Slope(Indexed.E), Slope(Plain.E) * 1.05);
}

// Issue 44, item 13: the reads of a fan-out query over 4096 buckets, held
// while the service falls behind them, are in the estimate (the replay held
// 610 MB of them above the process); the same query over 4 buckets adds
// next to nothing.
TEST(MemoryEstimate, AFanOutQueryHoldsItsReads) {
  const std::string Wide =
      readFile(std::string(TABLELINT_SOURCE_DIR) +
               "/test-inputs/schemas/replay/fan-out-4096.yaml")
          .value_or("");
  ASSERT_FALSE(Wide.empty());
  std::string Narrow = Wide;
  for (std::size_t At; (At = Narrow.find("hash:4096")) != std::string::npos;)
    Narrow.replace(At, 9, "hash:4");
  const double GiB = 1024.0 * 1024 * 1024;
  EXPECT_GT(estimate({Wide}, 1).E.bytes(60, 0), 1.0 * GiB);
  EXPECT_LT(estimate({Narrow}, 1).E.bytes(60, 0), 0.1 * GiB);
}

TEST(MemoryEstimate, TheLongestDurationThatFitsIsWholeMinutesWithin) {
  const Estimated R = estimate({readingsYaml("2000/s", false)}, 1);
  const double Available = 512.0 * 1024 * 1024;
  const double Fits = R.E.longestDuration(Available, 300);
  ASSERT_GT(Fits, 0);
  EXPECT_EQ(std::fmod(Fits, 60.0), 0.0);
  EXPECT_LE(R.E.bytes(Fits, 300), Available);
  EXPECT_GT(R.E.bytes(Fits + 60, 300), Available);
  // Less than the process itself holds: nothing fits.
  EXPECT_EQ(R.E.longestDuration(16.0 * 1024 * 1024, 0), 0);
}

TEST(MemoryEstimate, TheMachineHasMemoryAndTheLimitIsAtMostIt) {
  const std::uint64_t Available = memoryAvailableToProcess();
  const long Pages = sysconf(_SC_PHYS_PAGES), PageBytes = sysconf(_SC_PAGESIZE);
  ASSERT_GT(Pages, 0);
  EXPECT_GT(Available, 0u);
  EXPECT_LE(Available, static_cast<std::uint64_t>(Pages) *
                           static_cast<std::uint64_t>(PageBytes));
}

// The run is refused before it generates, with the duration that fits;
// replayed over that duration it runs within the limit, and holds more
// than half of it (the estimate is not wildly high).
TEST(MemoryEstimate, ARunPastTheMemoryIsRefusedWithTheDurationThatFits) {
  TempDir Dir;
  ASSERT_FALSE(writeFileAtomically(Dir / "readings.yaml",
                                   readingsYaml("2000/s", false)));
  const ToolResult Refused =
      runTablelint({"replay", Dir / "readings.yaml", "--duration", "2h",
                    "--memory", "160M"});
  EXPECT_EQ(Refused.ExitCode, 2);
  EXPECT_THAT(Refused.Err, HasSubstr("over --duration 2h (14407200 "
                                     "operations) holds about "));
  EXPECT_THAT(Refused.Err, HasSubstr(" MiB in memory, more than the 160 MiB "
                                     "of --memory: --duration "));
  EXPECT_EQ(Refused.Out, "");
  std::smatch M;
  ASSERT_TRUE(std::regex_search(Refused.Err, M,
                                std::regex("--duration ([0-9hm]+) fits")))
      << Refused.Err;
  const std::string Fits = M[1];

  const ToolResult Ran = runTablelint({"replay", Dir / "readings.yaml",
                                       "--duration", Fits, "--memory", "160M"});
  EXPECT_EQ(Ran.ExitCode, 0) << Ran.Err;
  EXPECT_THAT(Ran.Out, HasSubstr("ingest"));
  EXPECT_LE(Ran.PeakKiB, 160 * 1024) << "over --duration " << Fits;
  EXPECT_GT(Ran.PeakKiB, 80 * 1024) << "over --duration " << Fits;
}

TEST(MemoryEstimate, TwoDesignsSayWhatMinusJOneWouldHold) {
  TempDir Dir;
  ASSERT_FALSE(writeFileAtomically(Dir / "readings.yaml",
                                   readingsYaml("2000/s", false)));
  const ToolResult R =
      runTablelint({"replay", Dir / "readings.yaml", Dir / "readings.yaml",
                    "--duration", "1h", "--memory", "700M", "-j", "2"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("in memory with -j 2, more than the 700 MiB "
                               "of --memory"));
  // Held one design at a time, an hour of 2,000/s fits in 700 MiB.
  EXPECT_THAT(R.Err, HasSubstr(", or -j 1 (one design's store at a time: "
                               "about "));
}

TEST(MemoryEstimate, AMemorySizeThatDoesNotParseIsAnError) {
  TempDir Dir;
  ASSERT_FALSE(writeFileAtomically(Dir / "readings.yaml",
                                   readingsYaml("2000/s", false)));
  for (const char *Bad : {"lots", "12X", "-1G", "100"}) {
    const ToolResult R =
        runTablelint({"replay", Dir / "readings.yaml", "--memory", Bad});
    EXPECT_EQ(R.ExitCode, 2) << Bad;
    EXPECT_THAT(R.Err, HasSubstr(std::string("--memory '") + Bad +
                                 "': expected a size of at least 1M"))
        << Bad;
  }
  // A fraction and a binary unit.
  const ToolResult Fine =
      runTablelint({"replay", Dir / "readings.yaml", "--duration", "30s",
                    "--memory", "1.5GiB"});
  EXPECT_EQ(Fine.ExitCode, 0) << Fine.Err;
}

} // namespace
} // namespace tablelint::replay::test
