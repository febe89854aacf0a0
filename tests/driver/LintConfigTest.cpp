// .tablelint.yaml in `tablelint lint`: rule selection, severities and
// thresholds change what the user sees; bad configurations are errors with
// file:line:col, and the rest is still analysed.
#include "tests/support/LintProject.h"

#include "core/ProjectConfig.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const char *ThreeComparisons = R"(#include <azure/data/tables.hpp>
using namespace Azure::Data::Tables;
void few(TableClient const &t) {
  Models::QueryEntitiesOptions few;
  few.Filter = "PartitionKey eq 'p' and RowKey ge 'a' and RowKey lt 'b'";
  t.QueryEntities(few);
}
)";

class ConfigTest : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("src/scan.cpp", ScanSource);
    P.write("src/few.cpp", ThreeComparisons);
    P.database({"src/scan.cpp", "src/few.cpp"});
  }
  Project P;
};

TEST_F(ConfigTest, SeverityRaisesLowersAndSwitchesOffRules) {
  P.write(".tablelint.yaml", "severity:\n  partition-scan: error\n"
                             "  table-scan: off\n");
  ToolResult R = P.lint({"--fail-on", "error", "src"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:10:5: error: filter"));
  EXPECT_THAT(R.Out, Not(HasSubstr("tablelint-table-scan")));
}

TEST_F(ConfigTest, RuleGlobsSelectRulesAndTheCommandLineOverridesEnable) {
  P.write(".tablelint.yaml", "rules:\n  enable: [table-*]\n");
  ToolResult R = P.lint({"src"});
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-table-scan]"));
  EXPECT_THAT(R.Out, Not(HasSubstr("[tablelint-partition-scan]")));
  ToolResult Cli = P.lint({"--enable", "partition-scan", "src"});
  EXPECT_THAT(Cli.Out, HasSubstr("[tablelint-partition-scan]"));
  EXPECT_THAT(Cli.Out, Not(HasSubstr("[tablelint-table-scan]")));
  P.write(".tablelint.yaml", "rules:\n  disable: [table-scan]\n");
  ToolResult Off = P.lint({"src"});
  EXPECT_THAT(Off.Out, Not(HasSubstr("[tablelint-table-scan]")));
  EXPECT_THAT(Off.Out, HasSubstr("[tablelint-partition-scan]"));
}

TEST_F(ConfigTest, ThresholdsReachTheChecks) {
  ToolResult Default = P.lint({"src/few.cpp"});
  EXPECT_THAT(Default.Out, Not(HasSubstr("filter-too-complex")));
  P.write(".tablelint.yaml",
          "thresholds:\n  filter-too-complex: {MaxComparisons: 2}\n");
  ToolResult Tight = P.lint({"src/few.cpp"});
  EXPECT_THAT(Tight.Out, HasSubstr("src/few.cpp:6:"));
  EXPECT_THAT(Tight.Out, HasSubstr("3 comparisons"));
  EXPECT_THAT(Tight.Out, HasSubstr("[tablelint-filter-too-complex]"));
}

TEST_F(ConfigTest, TheNearestFileAppliesAndConfigOverridesTheLookup) {
  P.write("src/.tablelint.yaml", "severity:\n  table-scan: off\n");
  P.write("other/strict.yaml", "severity:\n  partition-scan: error\n");
  ToolResult Nearest = P.lint({"src"});
  EXPECT_THAT(Nearest.Out, Not(HasSubstr("[tablelint-table-scan]")));
  ToolResult Named = P.lint({"--config", "other/strict.yaml", "src"});
  EXPECT_THAT(Named.Out, HasSubstr("[tablelint-table-scan]"));
  EXPECT_THAT(Named.Out, HasSubstr("error: filter"));
  ToolResult Missing = P.lint({"--config", "nope.yaml", "src"});
  EXPECT_EQ(Missing.ExitCode, 2);
  EXPECT_THAT(Missing.Err, HasSubstr("nope.yaml: no such configuration file"));
}

TEST_F(ConfigTest, BadConfigurationsAreErrorsAtTheirPositionAndTheRestIsAnalysed) {
  P.write(".tablelint.yaml",
                                   "severity:\n"
                                   "  tabel-scan: error\n"
                                   "  partition-scan: loud\n"
                                   "thresholds:\n"
                                   "  filter-too-complex: {MaxComparisons: many}\n"
                                   "  table-scan: {Depth: 3}\n"
                                   "rules:\n"
                                   "  disable: [nothing-*]\n"
                                   "rule:\n");
  ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:2:3: error: unknown rule 'tabel-scan'; "
                                      "did you mean 'table-scan'?"));
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:3:19: error: severity of 'partition-scan' "
                                      "must be note, warning, error or off, got 'loud'"));
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:5:40: error: threshold "
                                      "'filter-too-complex.MaxComparisons' must "
                                      "be a whole number, got 'many'"));
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:6:16: error: rule 'table-scan' has no "
                                      "threshold 'Depth' (it has none)"));
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:8:13: error: 'nothing-*' in "
                                      "'rules.disable' matches no rule"));
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:9:1: error: unknown key 'rule' in the "
                                      "configuration; did you mean 'rules'?"));
  // What could be read still applies, and the code is still analysed.
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-table-scan]"));
}

TEST(ProjectConfigGlobs, MatchLikeClangTidyGlobs) {
  EXPECT_TRUE(matchesRuleGlob("retry-*", "retry-without-backoff"));
  EXPECT_TRUE(matchesRuleGlob("*-scan", "table-scan"));
  EXPECT_TRUE(matchesRuleGlob("t?ble-scan", "table-scan"));
  EXPECT_FALSE(matchesRuleGlob("retry-*", "table-scan"));
  EXPECT_FALSE(matchesRuleGlob("table", "table-scan"));
}

} // namespace
} // namespace tablelint::test
