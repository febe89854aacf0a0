// The golden runner for the schema checks. Every file under
// test-inputs/schemas/checks/ is a schema named after the rule it is about,
// with its expected findings inline, on the line each is reported at:
//
//   partitionKey: "{readingTime:yyyyMMdd}"   # expect: time-based-partition-key
//   - {name: q, filter: "..."}   # expect: table-scan "reads every",
//   partition-scan
//   - {name: ok, rate: 1/s}      # ok: partition-throughput (why it is fine)
//
// `expect` lists rule ids, each optionally with :column and a quoted part
// of the message; `ok` marks a good case, where that rule must stay silent.
// The rules named by a file's annotations are checked exactly (every
// finding of theirs must be expected); others are left to their own files.
// A line "# option: account-count MaxAccountsPerRegion=3" sets a
// threshold by its catalog name for the file.
// Each file must hold at least three bad and three good cases of the rule
// it is named after.
#include "checks/schema/SchemaLint.h"
#include "tests/schema/SchemaAnnotations.h"

#include "core/AtomicFile.h"
#include "tests/support/TestNames.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>

namespace tablelint::schema {
namespace {

namespace fs = std::filesystem;

const fs::path InputRoot =
    fs::path(TABLELINT_SOURCE_DIR) / "test-inputs" / "schemas" / "checks";

using testing_support::Annotations;
using testing_support::Expectation;
using testing_support::expectFindingsMatch;
using testing_support::readAnnotations;

std::vector<fs::path> inputFiles() {
  std::vector<fs::path> Files;
  for (const auto &E : fs::directory_iterator(InputRoot))
    if (E.path().extension() == ".yaml")
      Files.push_back(E.path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

class SchemaChecksGolden : public testing::TestWithParam<fs::path> {};

TEST_P(SchemaChecksGolden, FindingsMatchTheAnnotations) {
  const fs::path File = GetParam();
  const std::optional<std::string> Text = readFile(File.string());
  ASSERT_TRUE(Text);
  const Annotations A = readAnnotations(*Text);
  const std::string Rule = File.stem().string();

  // At least three bad and three good cases of the file's rule.
  unsigned Bad = 0, Good = 0;
  for (const Expectation &E : A.Expected)
    Bad += E.Rule == Rule;
  for (const auto &[Line, R] : A.Ok)
    Good += R == Rule;
  EXPECT_GE(Bad, 3u) << File << ": fewer than 3 bad cases of " << Rule;
  EXPECT_GE(Good, 3u) << File << ": fewer than 3 good cases of " << Rule;

  // "# option: rule Option=value" sets a threshold (to keep cases short).
  SchemaCheckOptions Options = defaultSchemaCheckOptions();
  static const std::regex OptionRe(R"(#\s*option:\s*([a-z-]+)\s+(\w+)=(\S+))");
  for (std::sregex_iterator It(Text->begin(), Text->end(), OptionRe), End;
       It != End; ++It) {
    std::string Error;
    EXPECT_TRUE(applySchemaCheckOption(Options, (*It)[1].str(), (*It)[2].str(),
                                       (*It)[3].str(), Error))
        << File << ": option " << (*It)[0] << " " << Error;
  }
  const SchemaLintResult R =
      lintSchemaText(*Text, File.filename().string(), Options);
  for (const InputError &E : R.Errors)
    ADD_FAILURE() << E.str();

  // TABLELINT_GOLDEN_VERBOSE=1 prints every finding, to write annotations.
  if (std::getenv("TABLELINT_GOLDEN_VERBOSE"))
    for (const Finding &F : R.Findings)
      std::cout << File.filename().string() << ":" << F.Line << ":" << F.Column
                << ": [" << F.RuleId << "] " << F.Message << "\n";
  expectFindingsMatch(R.Findings, A, File.filename().string(), &A.Rules);
}

INSTANTIATE_TEST_SUITE_P(Files, SchemaChecksGolden,
                         testing::ValuesIn(inputFiles()),
                         [](const testing::TestParamInfo<fs::path> &Info) {
                           return test::testNameOf(Info.param.stem().string());
                         });

// A report that scans the stock table every 30 minutes: averaged over its
// period it adds little to the busiest warehouse, but its pages come back
// to back, so while it reads that warehouse the warehouse's point reads
// and merges are throttled (the replay shows it). The table-scan finding
// says so where the key's other operations take at least half of its
// target, and only there: not for a quiet key, not where a partition fits
// in one second of the budget, not on a time-based key (its busiest
// partition is the current one, not the one the scan reads longest).
// Stock of 4 warehouses under Key, 3,000 operations/s drawn by Weights,
// and a report of Report's filter twice an hour.
std::string stockDesign(const std::string &Weights, const std::string &Skus,
                        const std::string &Key, const std::string &Report) {
  return "version: 1\n"
         "accounts: [{name: a, region: westeurope}]\n"
         "tables:\n"
         "  - name: Stock\n"
         "    account: a\n"
         "    partitionKey: \"" +
         Key +
         "\"\n"
         "    rowKey: \"{sku}\"\n"
         "    entities: 2M\n"
         "    properties:\n"
         "      warehouse: {type: string, values: [w1, w2, w3, w4], "
         "weights: [" +
         Weights +
         "]}\n"
         "      sku: {type: string, distinct: " +
         Skus +
         "}\n"
         "      at: {type: datetime, grows: true}\n"
         "      onHand: {type: int32}\n"
         "    writes:\n"
         "      - {name: reserve, op: merge, rate: 2000/s, properties: "
         "[onHand]}\n"
         "    queries:\n"
         "      - {name: lookup, filter: \"PartitionKey eq '{warehouse}' "
         "and RowKey eq '{sku}'\", rate: 1000/s}\n"
         "      - {name: report, filter: \"" +
         Report + "\", rate: 2/h}\n";
}

// The message of the first finding of RuleId in Yaml.
std::string findingMessage(const std::string &Yaml, const char *RuleId) {
  const SchemaLintResult R =
      lintSchemaText(Yaml, "stock.yaml", defaultSchemaCheckOptions());
  EXPECT_TRUE(R.Errors.empty());
  for (const Finding &F : R.Findings)
    if (F.RuleId == RuleId)
      return F.Message;
  ADD_FAILURE() << "no " << RuleId << " finding";
  return std::string();
}

TEST(SchemaChecks, ATableScanNextToABusyKeySaysItsPagesThrottleIt) {
  auto ScanMessage = [](const std::string &Weights, const std::string &Key) {
    return findingMessage(stockDesign(Weights, "500000", Key, "onHand lt 10"),
                          "table-scan");
  };
  // 50% of 3,000/s on 'w1': 1,500/s of its 2,000/s.
  const std::string Busy = ScanMessage("0.5, 0.2, 0.2, 0.1", "{warehouse}");
  EXPECT_NE(Busy.find("averaged over its period it adds 278 entities/s to "
                      "the busiest partition, but its pages come back to "
                      "back, each reading up to 5 s of the partition's "
                      "budget: while it reads the busiest partition (500000 "
                      "entities, at least 1000 s at the 500/s the key has "
                      "left every 30m) the key's other operations (1500 "
                      "entities/s: 'reserve' 1000/s, 'lookup' 500/s) are "
                      "throttled"),
            std::string::npos)
      << Busy;
  // 25% on 'w1': 750/s, a key with room for the scan.
  const std::string Quiet =
      ScanMessage("0.25, 0.25, 0.25, 0.25", "{warehouse}");
  EXPECT_EQ(Quiet.find("pages come back to back"), std::string::npos) << Quiet;
  // A date key: the scan's longest read is not of the current partition.
  const std::string Dated = ScanMessage("0.5, 0.2, 0.2, 0.1", "{at:yyyyMMdd}");
  EXPECT_EQ(Dated.find("pages come back to back"), std::string::npos) << Dated;
}

// The same report of one warehouse at a time: each execution reads a whole
// partition, and half of them the busy one (once an hour).
TEST(SchemaChecks, APartitionScanNextToABusyKeySaysItsPagesThrottleIt) {
  auto ScanMessage = [](const std::string &Weights, const std::string &Skus) {
    return findingMessage(
        stockDesign(Weights, Skus, "{warehouse}",
                    "PartitionKey eq '{warehouse}' and onHand lt 10"),
        "partition-scan");
  };
  const std::string Busy = ScanMessage("0.5, 0.2, 0.2, 0.1", "500000");
  EXPECT_NE(Busy.find("averaged over its period it adds 139 entities/s to "
                      "the busiest partition, but its pages come back to "
                      "back, each reading up to 5 s of the partition's "
                      "budget: while it reads the busiest partition (500000 "
                      "entities, at least 1000 s at the 500/s the key has "
                      "left every 1h) the key's other operations (1500 "
                      "entities/s: 'reserve' 1000/s, 'lookup' 500/s) are "
                      "throttled"),
            std::string::npos)
      << Busy;
  // Under a second of the key's budget per execution: its pages are over
  // before they matter.
  const std::string Small = ScanMessage("0.5, 0.2, 0.2, 0.1", "1000");
  EXPECT_EQ(Small.find("pages come back to back"), std::string::npos) << Small;
  const std::string Quiet = ScanMessage("0.25, 0.25, 0.25, 0.25", "500000");
  EXPECT_EQ(Quiet.find("pages come back to back"), std::string::npos) << Quiet;
}

// Every schema rule has its annotated file.
TEST(SchemaChecksGolden, EveryRuleHasAnInputFile) {
  for (const SchemaCheck &C : schemaCheckRegistry())
    EXPECT_TRUE(fs::exists(InputRoot / (std::string(C.RuleId) + ".yaml")))
        << "no test-inputs/schemas/checks/" << C.RuleId << ".yaml";
}

} // namespace
} // namespace tablelint::schema
