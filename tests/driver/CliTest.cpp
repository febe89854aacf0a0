// End-to-end tests of the tablelint binary: what a user types, what they
// see, and the exit code.
#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

// --- tablelint filter ----------------------------------------------------

TEST(FilterCommand, ExplainsAPartitionScan) {
  ToolResult R = runTablelint(
      {"filter", "PartitionKey eq 'tenant-7' and Status eq 'open'"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err; // partition-scan is a note
  EXPECT_THAT(R.Out, HasSubstr("class:       partition scan (filters on "
                               "non-key property 'Status')"));
  EXPECT_THAT(R.Out, HasSubstr("partition:   'tenant-7'"));
  EXPECT_THAT(R.Out, HasSubstr("comparisons: 2 (the service allows 15)"));
  EXPECT_THAT(R.Out, HasSubstr("properties:  PartitionKey, Status"));
  EXPECT_THAT(R.Out, HasSubstr("note: filter \"PartitionKey eq 'tenant-7' and "
                               "Status eq 'open'\" reads all of partition "
                               "'tenant-7'"));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-partition-scan]"));
}

TEST(FilterCommand, TableScanIsAWarningAndFailsTheGate) {
  ToolResult R = runTablelint({"filter", "--table", "Orders", "Status eq 'open'"});
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_THAT(R.Out, HasSubstr("class:       table scan (no PartitionKey equality)"));
  EXPECT_THAT(R.Out,
              HasSubstr("warning: filter \"Status eq 'open'\" pins no "
                        "partition key (no PartitionKey equality): table scan "
                        "over 'Orders' [tablelint-table-scan]"));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-low-density-query]"));
}

TEST(FilterCommand, PointQueryHasNoProblems) {
  ToolResult R =
      runTablelint({"filter", "PartitionKey eq 'a' and RowKey eq 'it''s'"});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_THAT(R.Out, HasSubstr("class:       point"));
  EXPECT_THAT(R.Out, HasSubstr("row key:     'it''s'"));
  EXPECT_THAT(R.Out, HasSubstr("problems:    none"));
}

TEST(FilterCommand, RowKeyWithoutPartitionKeyIsATableScan) {
  ToolResult R = runTablelint({"filter", "RowKey eq 'x'"});
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_THAT(R.Out, HasSubstr("class:       table scan"));
  EXPECT_THAT(R.Out, HasSubstr("a RowKey condition alone does not narrow"));
}

TEST(FilterCommand, ParseErrorShowsColumnAndCaretAndExitsTwo) {
  ToolResult R = runTablelint({"filter", "PartitionKey eq "});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("<filter>:1:17: error: expected a literal "
                               "after 'eq'"));
  EXPECT_THAT(R.Err, HasSubstr("[tablelint-invalid-filter]"));
  EXPECT_THAT(R.Err, HasSubstr("PartitionKey eq \n                ^\n"));
  EXPECT_EQ(R.Out, "");
}

TEST(FilterCommand, FunctionsAreRejectedWithTheirName) {
  ToolResult R = runTablelint({"filter", "startswith(Name, 'A')"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("<filter>:1:1: error: function 'startswith' "
                               "is not supported"));
}

TEST(FilterCommand, TooManyComparisons) {
  std::string Filter = "PartitionKey eq 'p'";
  for (int I = 0; I < 15; ++I)
    Filter += " and C" + std::to_string(I) + " eq " + std::to_string(I);
  ToolResult R = runTablelint({"filter", Filter});
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_THAT(R.Out, HasSubstr("comparisons: 16 (the service allows 15)"));
  EXPECT_THAT(R.Out, HasSubstr("has 16 comparisons; the service accepts at "
                               "most 15 [tablelint-filter-too-complex]"));
}

TEST(FilterCommand, DeclaredTypesCatchMismatchedLiterals) {
  ToolResult R = runTablelint(
      {"filter", "--type", "Age:int32", "PartitionKey eq 'a' and Age eq '5'"});
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_THAT(R.Out, HasSubstr("error: 'Age' is Edm.Int32 but '5' is "
                               "Edm.String: the comparison matches no entity"));
  EXPECT_THAT(R.Out, HasSubstr("at column 32 [tablelint-invalid-filter]"));
}

TEST(FilterCommand, BadTypeDeclarationIsAUsageError) {
  ToolResult R = runTablelint({"filter", "--type", "Age:number", "Age eq 5"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("--type expects PROP:TYPE"));
}

TEST(FilterCommand, JsonOutput) {
  ToolResult R = runTablelint(
      {"filter", "--format", "json",
       "(PartitionKey eq 'a' and RowKey eq '1') or (PartitionKey eq 'b' and "
       "RowKey eq '2')"});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_THAT(R.Out, HasSubstr("\"class\": \"partition range\""));
  EXPECT_THAT(R.Out, HasSubstr("\"partitionKeys\": [\n    \"a\",\n    \"b\"\n  ]"));
  EXPECT_THAT(R.Out, HasSubstr("\"comparisons\": 4"));
}

TEST(FilterCommand, JsonParseError) {
  ToolResult R = runTablelint({"filter", "--format=json", "A eq B"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Out, HasSubstr("\"column\": 6"));
  EXPECT_THAT(R.Out, HasSubstr("comparison of two properties"));
}

TEST(FilterCommand, MissingExpressionIsAUsageError) {
  ToolResult R = runTablelint({"filter"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("expected one filter expression"));
}

// --- tablelint rules -----------------------------------------------------

TEST(RulesCommand, ListsEveryRuleWithSeverityAndItems) {
  ToolResult R = runTablelint({"rules"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("39 rules answering the 29 checklist items"));
  EXPECT_THAT(R.Out, testing::ContainsRegex("\ntable-scan +warning +code,schema +21 "));
  EXPECT_THAT(R.Out, testing::ContainsRegex("\nlink-quality +note +advisory +5 "));
}

TEST(RulesCommand, ShowsOneRuleInFullByIdOrCheckName) {
  for (const char *Id : {"read-before-write", "tablelint-read-before-write"}) {
    ToolResult R = runTablelint({"rules", Id});
    EXPECT_EQ(R.ExitCode, 0) << R.Err;
    EXPECT_THAT(R.Out, HasSubstr("read-before-write (tablelint-read-before-write)"));
    EXPECT_THAT(R.Out, HasSubstr("checklist:   #27 upsert"));
    EXPECT_THAT(R.Out, HasSubstr("Flagged:"));
    EXPECT_THAT(R.Out, HasSubstr("How to fix:"));
    EXPECT_THAT(R.Out, HasSubstr("UpdateOrInsertEntity"));
  }
}

TEST(RulesCommand, UnknownRuleIsAUsageError) {
  ToolResult R = runTablelint({"rules", "no-such-rule"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("no rule 'no-such-rule'"));
}

TEST(RulesCommand, AMisspeltRuleIdGetsADidYouMean) {
  ToolResult R = runTablelint({"rules", "tabel-scan"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_EQ(R.Out, "");
  EXPECT_THAT(R.Err, HasSubstr("tablelint rules: error: no rule 'tabel-scan'; "
                               "did you mean 'table-scan'?"));
  ToolResult Check = runTablelint({"rules", "tablelint-nagle-enabeld"});
  EXPECT_EQ(Check.ExitCode, 2);
  EXPECT_THAT(Check.Err, HasSubstr("did you mean 'nagle-enabled'?"));
}

TEST(RulesCommand, JsonHasEveryRuleAndTheChecklist) {
  ToolResult R = runTablelint({"rules", "--format", "json"});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_THAT(R.Out, HasSubstr("\"anchor\": \"maximum-number-of-storage-accounts\""));
  EXPECT_THAT(R.Out, HasSubstr("\"checkName\": \"tablelint-table-scan\""));
  std::size_t Count = 0;
  for (std::size_t At = R.Out.find("\"checkName\""); At != std::string::npos;
       At = R.Out.find("\"checkName\"", At + 1))
    ++Count;
  EXPECT_EQ(Count, 39u);
}

TEST(RulesCommand, BadFormatIsAUsageError) {
  ToolResult R = runTablelint({"rules", "--format", "yaml"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("invalid value 'yaml' for '--format'"));
}

// docs/rules/ is generated from the catalog; a stale page misleads readers.
TEST(RuleDocs, CommittedDocsAreUpToDate) {
  const std::string Dir = makeTempDir("tablelint-docs");
  ToolResult R = runTablelint(
      {"rules", "--format", "markdown", "--output-dir", Dir});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  const fs::path Committed = fs::path(TABLELINT_SOURCE_DIR) / "docs" / "rules";
  std::vector<std::string> Generated;
  for (const auto &E : fs::directory_iterator(Dir))
    Generated.push_back(E.path().filename().string());
  std::sort(Generated.begin(), Generated.end());
  std::vector<std::string> InTree;
  for (const auto &E : fs::directory_iterator(Committed))
    InTree.push_back(E.path().filename().string());
  std::sort(InTree.begin(), InTree.end());
  EXPECT_EQ(Generated, InTree)
      << "docs/rules/ is stale: run cmake --build build --target rule-docs";
  for (const std::string &Name : Generated)
    EXPECT_EQ(readFile(Dir + "/" + Name), readFile((Committed / Name).string()))
        << "docs/rules/" << Name
        << " is stale: run cmake --build build --target rule-docs";
  fs::remove_all(Dir);
}

// --- top level -----------------------------------------------------------

TEST(TopLevel, HelpListsCommandsAndExitCodes) {
  ToolResult R = runTablelint({"--help"});
  EXPECT_EQ(R.ExitCode, 0);
  EXPECT_THAT(R.Out, HasSubstr("rules"));
  EXPECT_THAT(R.Out, HasSubstr("filter"));
  EXPECT_THAT(R.Out, HasSubstr("2  usage, configuration or input error"));
}

TEST(TopLevel, UnknownCommandExitsTwo) {
  ToolResult R = runTablelint({"frobnicate"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("unknown command 'frobnicate'"));
}

TEST(TopLevel, NoArgumentsPrintsHelpAndExitsTwo) {
  ToolResult R = runTablelint({});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Out, HasSubstr("Usage: tablelint <command>"));
}

TEST(TopLevel, UnknownOptionNamesIt) {
  ToolResult R = runTablelint({"rules", "--colour"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("unknown option '--colour'"));
}

} // namespace
} // namespace tablelint::test
