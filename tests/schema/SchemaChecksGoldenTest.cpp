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

// Every schema rule has its annotated file.
TEST(SchemaChecksGolden, EveryRuleHasAnInputFile) {
  for (const SchemaCheck &C : schemaCheckRegistry())
    EXPECT_TRUE(fs::exists(InputRoot / (std::string(C.RuleId) + ".yaml")))
        << "no test-inputs/schemas/checks/" << C.RuleId << ".yaml";
}

} // namespace
} // namespace tablelint::schema
