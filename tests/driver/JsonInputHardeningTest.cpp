// Issue 12, items 3 and 13, and the baseline memory item: JSON inputs nested
// 100,000 deep (the reproduction) as --baseline, as a merge input
// and as a --trace are refused at file:line:col with exit 2 instead of
// overflowing the stack; a corrupt baseline still lets the reports be
// written, with every finding new; and reading a large baseline, or
// merging a large SARIF log, keeps the process within a small multiple of
// the file.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <fstream>
#include <sys/resource.h>
#include <sys/wait.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string ReplaySchema = std::string(TABLELINT_SOURCE_DIR) +
                                 "/test-inputs/schemas/replay/current.yaml";

// python3 -c "print('['*100000+']'*100000)"
std::string deepJson() {
  return std::string(100000, '[') + std::string(100000, ']') + "\n";
}

const char *const NestingError =
    "deep.json:1:257: error: JSON nested deeper than 256 levels";

TEST(JsonInputHardening, DeepBaselineIsRefusedAndTheReportStillWritten) {
  Project P;
  P.write("deep.json", deepJson());
  P.write("deep-object.json", "{\"version\": 1, \"findings\": " +
                                  std::string(100000, '[') + "\n");
  ToolResult R = P.lint({"--baseline", "deep.json", "-o", "report.txt",
                         ReplaySchema});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("deep.json:1:1: error: not a tablelint "
                               "baseline of version 1"));
  EXPECT_THAT(P.read("report.txt"),
              HasSubstr("[tablelint-time-based-partition-key]"));
  // Nested inside the expected object: refused where it crosses the limit.
  ToolResult Deep = P.lint({"--baseline", "deep-object.json", ReplaySchema});
  EXPECT_EQ(Deep.ExitCode, 2) << Deep.Err;
  EXPECT_THAT(Deep.Err, HasSubstr("deep-object.json:1:283: error: invalid "
                                  "JSON: JSON nested deeper than 256 levels"));
  EXPECT_THAT(Deep.Out, HasSubstr("[tablelint-time-based-partition-key]"));
}

TEST(JsonInputHardening, DeepMergeInputIsRefusedAtItsPosition) {
  Project P;
  P.write("deep.json", deepJson());
  ToolResult R = runTablelint({"merge", "deep.json"}, P.Dir);
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr(NestingError));
  EXPECT_EQ(R.Out, "");
}

TEST(JsonInputHardening, DeepTraceLineIsRefusedAndTheOtherLinesRead) {
  Project P;
  P.write("deep.json", "{\"t\": 1, \"op\": \"nope\"}\n" + deepJson());
  ToolResult R = runTablelint({"replay", ReplaySchema, "--trace", "deep.json"},
                              P.Dir);
  EXPECT_EQ(R.ExitCode, 2);
  // Line 1 is read (and found wrong), line 2 refused at its position.
  EXPECT_THAT(R.Err, HasSubstr("deep.json:1:"));
  EXPECT_THAT(R.Err, HasSubstr("unknown operation 'nope'"));
  EXPECT_THAT(R.Err, HasSubstr("deep.json:2:257: error: JSON nested deeper "
                               "than 256 levels"));
}

TEST(JsonInputHardening, CorruptBaselineStillWritesEveryReport) {
  Project P;
  P.write("src/scan.cpp", ScanSource);
  P.database({"src/scan.cpp"});
  P.write("corrupt.json", "{\"version\": 1, \"findings\": [\n"
                          "  {\"fingerprint\": \"abc:0\"},\n"
                          "  {\"fingerprint\": \"def:0\",}\n]}\n");
  ToolResult R = P.lint({"--baseline", "corrupt.json", "--format", "sarif",
                         "-o", "out.sarif", "--write-baseline", "new.json",
                         "src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("corrupt.json:3:27: error: invalid JSON: a "
                               "member name (a string) expected"));
  // The report is written with every finding new (no baseline applied).
  auto Log = llvm::json::parse(P.read("out.sarif"));
  ASSERT_TRUE(bool(Log)) << P.read("out.sarif");
  const llvm::json::Object &Run =
      *(*Log->getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(Run.getArray("results")->size(), 2u);
  EXPECT_THAT(P.read("new.json"), HasSubstr("\"rule\": \"table-scan\""));
  // An entry without a fingerprint is named at its place; exit 2 too.
  P.write("partial.json", "{\"version\": 1, \"findings\": [\n  {\"rule\": "
                          "\"table-scan\"}\n]}\n");
  ToolResult Partial = P.lint({"--baseline", "partial.json", "src"});
  EXPECT_EQ(Partial.ExitCode, 2);
  EXPECT_THAT(Partial.Err, HasSubstr("partial.json:2:3: error: findings[0] "
                                     "has no \"fingerprint\" string"));
  EXPECT_THAT(Partial.Out, HasSubstr("[tablelint-table-scan]"));
}

// Peak resident memory of a child run, in KiB.
long peakKiB(const std::vector<std::string> &Args, const std::string &Dir,
             int &Exit) {
  const pid_t Pid = ::fork();
  if (Pid == 0) {
    if (::chdir(Dir.c_str()) != 0)
      ::_exit(126);
    std::vector<char *> Argv;
    std::string Binary = TABLELINT_BINARY;
    Argv.push_back(Binary.data());
    std::vector<std::string> Copy = Args;
    for (std::string &A : Copy)
      Argv.push_back(A.data());
    Argv.push_back(nullptr);
    ::freopen("/dev/null", "w", stdout);
    ::freopen("/dev/null", "w", stderr);
    ::execv(Binary.c_str(), Argv.data());
    ::_exit(127);
  }
  int Status = 0;
  struct rusage Usage {};
  ::wait4(Pid, &Status, 0, &Usage);
  Exit = WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
  return Usage.ru_maxrss;
}

TEST(JsonInputHardening, LargeBaselineIsReadInAFewTimesItsSize) {
  Project P;
  // About 40 MB of entries, the shape --write-baseline writes.
  {
    std::ofstream Out(P.Dir + "/big.json");
    Out << "{\n  \"version\": 1,\n  \"findings\": [\n";
    for (int I = 0; I < 100000; ++I)
      Out << (I ? ",\n" : "") << "    {\"fingerprint\": \"" << std::hex
          << 0x10000000 + I << std::dec
          << "0123456789abcdef0123:0\", \"rule\": \"table-scan\", "
             "\"path\": \"src/module"
          << I % 50 << "/File" << I
          << ".cpp\", \"anchor\": \"auto r = client.QueryEntities(\\\"Status "
             "eq 'fail' and Region eq 'west"
          << I
          << "'\\\", options, context);\", \"message\": \"filter pins no "
             "partition key (no PartitionKey equality): table scan over "
             "'DeviceReadings' number "
          << I << "\"}";
    Out << "\n  ]\n}\n";
  }
  const auto Size = std::filesystem::file_size(P.Dir + "/big.json");
  int Exit = -1;
  const long Without = peakKiB({"lint", ReplaySchema}, P.Dir, Exit);
  const long With =
      peakKiB({"lint", "--baseline", "big.json", ReplaySchema}, P.Dir, Exit);
  EXPECT_EQ(Exit, 1); // the schema's findings are not in that baseline
  const double Multiple = (With - Without) * 1024.0 / Size;
  RecordProperty("baselineBytes", std::to_string(Size));
  RecordProperty("extraRssKiB", std::to_string(With - Without));
  EXPECT_LT(Multiple, 10) << "baseline of " << Size << " bytes took "
                          << (With - Without) << " KiB more";
}

TEST(JsonInputHardening, LargeSarifIsMergedInAFewTimesItsSize) {
  Project P;
  {
    std::ofstream Out(P.Dir + "/big.sarif");
    Out << "{\"version\": \"2.1.0\", \"runs\": [{\"tool\": {\"driver\": "
           "{\"name\": \"tablelint\", \"rules\": [{\"id\": \"table-scan\"}]}},"
           "\n \"results\": [\n";
    for (int I = 0; I < 40000; ++I)
      Out << (I ? ",\n" : "")
          << "  {\"ruleId\": \"table-scan\", \"ruleIndex\": 0, \"level\": "
             "\"warning\", \"message\": {\"text\": \"table scan number "
          << I
          << "\"}, \"locations\": [{\"physicalLocation\": "
             "{\"artifactLocation\": {\"uri\": \"src/m"
          << I % 50 << "/f" << I
          << ".cpp\"}, \"region\": {\"startLine\": 4, \"startColumn\": "
             "3}}}], \"partialFingerprints\": {\"tablelintFingerprint/v1\": "
             "\"7460ebfd2cccc90305103e4717787407:"
          << I << "\"}}";
    Out << "\n]}]}\n";
  }
  const auto Size = std::filesystem::file_size(P.Dir + "/big.sarif");
  int Exit = -1;
  const long Base = peakKiB({"rules"}, P.Dir, Exit);
  const long Merge =
      peakKiB({"merge", "big.sarif", "-o", "merged.sarif"}, P.Dir, Exit);
  EXPECT_EQ(Exit, 0);
  const double Multiple = (Merge - Base) * 1024.0 / Size;
  EXPECT_LT(Multiple, 10) << "a log of " << Size << " bytes took "
                          << (Merge - Base) << " KiB more";
  EXPECT_TRUE(std::filesystem::exists(P.Dir + "/merged.sarif"));
}

} // namespace
} // namespace tablelint::test
