// Issue 12, items 9 and 18 and the replay's minor items: the replay's CPU
// time follows its operations, not the simulated time (idle stretches are
// skipped); durations, trace timestamps and seeds out of range are errors
// that say so; counts never wrap into negative numbers.
#include "tests/replay/ReplayFixtures.h"
#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"
#include "replay/Trace.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

namespace tablelint::replay::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using tablelint::test::runTablelint;
using tablelint::test::ToolResult;

const std::string Inputs =
    std::string(TABLELINT_SOURCE_DIR) + "/test-inputs/schemas/replay/";

struct TempDir {
  std::string Path = tablelint::test::makeTempDir("replay-bounds");
  ~TempDir() { std::filesystem::remove_all(Path); }
  std::string operator/(const std::string &Name) const {
    return Path + "/" + Name;
  }
};

// A reading of its own device, so each insert is a new entity.
std::string traceLine(double T, const std::string &Device) {
  return "{\"t\":" + std::to_string(T) +
         ",\"op\":\"ingest-reading\",\"properties\":{\"deviceId\":\"" +
         Device + "\"}}\n";
}

// Three batched writes a year apart, with the partition manager and the
// batch flush every millisecond: 3e10 periodic events if each were run.
// The idle stretches are skipped, and each write is still flushed a
// millisecond after it was buffered.
TEST(ReplayIdleTime, ASparseYearRunsInTheTimeOfItsOperations) {
  schema::Schema S = telemetrySchema(1);
  S.Tables[0].Writes[0].BatchSize = 10;
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(S, Errors);
  readTrace(traceLine(0, "d1") + traceLine(MaxReplaySeconds / 2, "d2") +
                traceLine(MaxReplaySeconds, "d3"),
            "sparse.jsonl", W, Errors);
  ASSERT_TRUE(Errors.empty()) << Errors[0].str();
  const DesignPlan Plan = planDesign(W, S, "current", Errors);
  ReplayOptions O;
  O.Service.ManagerIntervalSeconds = 1e-3;
  O.BatchFlushSeconds = 1e-3;
  const auto Start = std::chrono::steady_clock::now();
  const DesignResult R = simulateDesign(W, Plan, O);
  const double Seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - Start)
                             .count();
  EXPECT_LT(Seconds, 5.0);
  EXPECT_EQ(R.Issued, 3u);
  EXPECT_EQ(R.Completed, 3u);
  EXPECT_EQ(R.Failed, 0u);
  EXPECT_EQ(R.Requests, 3u);
  EXPECT_LT(R.MaxLatency, 0.1) << "each write flushed soon after it came";
}

// The reproduction: a 2-line trace with "t": 1e12 ran for ever.
TEST(ReplayBounds, TraceTimesPastAYearAreErrorsAtTheirColumn) {
  TempDir Dir;
  ASSERT_FALSE(writeFileAtomically(
      Dir / "far.jsonl", "{\"t\":0,\"op\":\"ingest-reading\"}\n"
                         "{\"t\":1e12,\"op\":\"ingest-reading\"}\n"));
  const ToolResult R = runTablelint(
      {"replay", Inputs + "current.yaml", "--trace", Dir / "far.jsonl"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr(Dir / "far.jsonl:2:6: error: \"t\" is "
                                     "1000000000000 seconds; a trace spans "
                                     "at most 366d (31622400 seconds)"));
  EXPECT_EQ(R.Out, "");
}

// `--duration 99999999d` with one write a day ran for hours.
TEST(ReplayBounds, DurationsPastAYearAreErrors) {
  const ToolResult Huge = runTablelint(
      {"replay", Inputs + "current.yaml", "--duration", "99999999d"});
  EXPECT_EQ(Huge.ExitCode, 2);
  EXPECT_THAT(Huge.Err, HasSubstr("error: --duration '99999999d': a duration "
                                  "is at most 36500d (100 years), got "
                                  "'99999999d'"));
  const ToolResult Year = runTablelint(
      {"replay", Inputs + "current.yaml", "--duration", "400d"});
  EXPECT_EQ(Year.ExitCode, 2);
  EXPECT_THAT(Year.Err, HasSubstr("error: --duration '400d': the replay "
                                  "simulates at most 366d"));
  const ToolResult RampUp = runTablelint(
      {"replay", Inputs + "current.yaml", "--ramp-up", "367d"});
  EXPECT_EQ(RampUp.ExitCode, 2);
  EXPECT_THAT(RampUp.Err, HasSubstr("--ramp-up '367d'"));
}

// A year at one write a day is 366 operations: it runs, and fast.
TEST(ReplayBounds, AYearOfOneWriteADayRuns) {
  TempDir Dir;
  ASSERT_FALSE(writeFileAtomically(
      Dir / "daily.yaml",
      "version: 1\n"
      "accounts: [{name: main}]\n"
      "tables:\n"
      "  - name: Events\n"
      "    account: main\n"
      "    partitionKey: \"{day:yyyyMMdd}\"\n"
      "    rowKey: \"{id}\"\n"
      "    properties:\n"
      "      day: {type: datetime, grows: true}\n"
      "      id: {type: string}\n"
      "    writes:\n"
      "      - {name: daily, op: insert, rate: 1/day}\n"));
  const ToolResult R = runTablelint({"replay", Dir / "daily.yaml",
                                     "--duration", "366d", "--format", "json"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("\"durationSeconds\": 31622400"));
}

// strtoull clamps 2^64 to 2^64-1; the seed must be refused instead.
TEST(ReplayBounds, SeedsAboveTwoToTheSixtyFourAreErrors) {
  for (const char *Seed : {"18446744073709551616", "99999999999999999999999",
                           "-1", "+5", " 5", "0x10"}) {
    const ToolResult R = runTablelint({"replay", Inputs + "current.yaml",
                                       "--duration", "1s", "--seed", Seed});
    EXPECT_EQ(R.ExitCode, 2) << Seed;
    EXPECT_THAT(R.Err, HasSubstr("--seed '" + std::string(Seed) +
                                 "': expected an integer from 0 to "
                                 "18446744073709551615"));
  }
  const ToolResult Max =
      runTablelint({"replay", Inputs + "current.yaml", "--duration", "1s",
                    "--seed", "18446744073709551615"});
  EXPECT_EQ(Max.ExitCode, 0) << Max.Err;
  EXPECT_THAT(Max.Out, HasSubstr("seed 18446744073709551615"));
}

// 300 writes at the highest accepted rate over a year: more operations than
// a signed 64-bit count holds. The count is shown, never wrapped.
TEST(ReplayBounds, OperationCountsAboveTheSignedRangeDoNotWrap) {
  TempDir Dir;
  std::string Schema = "version: 1\n"
                       "accounts: [{name: main}]\n"
                       "tables:\n"
                       "  - name: Events\n"
                       "    account: main\n"
                       "    partitionKey: \"{id}\"\n"
                       "    rowKey: \"{id}\"\n"
                       "    properties:\n"
                       "      id: {type: string}\n"
                       "    writes:\n";
  for (int I = 0; I < 300; ++I)
    Schema += "      - {name: w" + std::to_string(I) +
              ", op: insert, rate: 1000000000/s}\n";
  ASSERT_FALSE(writeFileAtomically(Dir / "busy.yaml", Schema));
  const ToolResult R = runTablelint(
      {"replay", Dir / "busy.yaml", "--duration", "366d"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("declares 9.49e+18 operations over --duration "
                               "366d"));
  EXPECT_THAT(R.Err, Not(HasSubstr("-9223372036854775808")));
}

} // namespace
} // namespace tablelint::replay::test
