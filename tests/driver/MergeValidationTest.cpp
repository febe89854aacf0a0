// Issue 12, item 17: `tablelint merge` validates what it reads and copies,
// so it never writes invalid SARIF (a ruleIndex naming no rule, a ruleId
// that is null, a level SARIF does not define), each problem at its
// file:line:col with exit 2; and runs of one tool in different versions
// are refused rather than merged without a word.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;

// A one-rule, one-result SARIF log; Result is the result object's members
// after "message".
std::string sarifLog(const std::string &Version, const std::string &Result) {
  return "{\n"
         "  \"version\": \"2.1.0\",\n"
         "  \"runs\": [\n"
         "    {\n"
         "      \"tool\": {\"driver\": {\"name\": \"tablelint\", \"version\": "
         "\"" +
         Version +
         "\",\n"
         "                \"rules\": [{\"id\": \"tablelint-table-scan\"}]}},\n"
         "      \"results\": [\n"
         "        {\"message\": {\"text\": \"scan\"}" +
         Result +
         "}\n"
         "      ]\n"
         "    }\n"
         "  ]\n"
         "}\n";
}

class MergeValidation : public ::testing::Test {
protected:
  ToolResult merge(const std::vector<std::string> &Files) {
    std::vector<std::string> Args = {"merge"};
    Args.insert(Args.end(), Files.begin(), Files.end());
    Args.insert(Args.end(), {"-o", "merged.sarif"});
    return runTablelint(Args, P.Dir);
  }
  Project P;
};

TEST_F(MergeValidation, ARuleIndexNamingNoRuleIsRefusedAtItsPlace) {
  P.write("a.sarif", sarifLog("0.1.0", ", \"ruleIndex\": 99999"));
  ToolResult R = merge({"a.sarif"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("a.sarif:8:52: error: runs[0].results[0]."
                               "ruleIndex is 99999 but the run declares 1 "
                               "rule (tool.driver.rules)"));
  EXPECT_FALSE(std::filesystem::exists(P.Dir + "/merged.sarif"));
}

TEST_F(MergeValidation, ANullRuleIdIsRefused) {
  P.write("a.sarif", sarifLog("0.1.0", ", \"ruleId\": null"));
  ToolResult R = merge({"a.sarif"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("a.sarif:8:49: error: runs[0].results[0]."
                               "ruleId must be a string"));
}

TEST_F(MergeValidation, LevelsAndIndicesSarifDoesNotDefineAreRefused) {
  // What the SARIF multitool lets through.
  P.write("a.sarif", sarifLog("0.1.0", ", \"level\": \"catastrophic\""));
  P.write("b.sarif", sarifLog("0.1.0", ", \"ruleIndex\": \"x\""));
  P.write("c.sarif", sarifLog("0.1.0", ", \"ruleId\": \"tablelint-other\", "
                                       "\"ruleIndex\": 0"));
  ToolResult R = merge({"a.sarif", "b.sarif", "c.sarif"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("a.sarif:8:48: error: runs[0].results[0].level "
                               "must be \"none\", \"note\", \"warning\" or "
                               "\"error\""));
  EXPECT_THAT(R.Err, HasSubstr("b.sarif:8:52: error: runs[0].results[0]."
                               "ruleIndex must be an integer of at least -1"));
  EXPECT_THAT(R.Err, HasSubstr("c.sarif:8:81: error: runs[0].results[0]."
                               "ruleIndex names rule 'tablelint-table-scan' "
                               "but ruleId is 'tablelint-other'"));
}

TEST_F(MergeValidation, RunsOfDifferentToolVersionsAreRefused) {
  P.write("a.sarif", sarifLog("0.1.0", ""));
  P.write("b.sarif", sarifLog("0.2.0", ""));
  ToolResult R = merge({"a.sarif", "b.sarif"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("b.sarif:5:59: error: tablelint version "
                               "'0.2.0' differs from version '0.1.0' in "
                               "a.sarif: merge the logs of one tool version "
                               "only"));
  EXPECT_FALSE(std::filesystem::exists(P.Dir + "/merged.sarif"));
  // The same version merges.
  P.write("c.sarif", sarifLog("0.1.0", ", \"ruleIndex\": 0"));
  ToolResult Same = merge({"a.sarif", "c.sarif"});
  EXPECT_EQ(Same.ExitCode, 0) << Same.Err;
  auto Log = llvm::json::parse(P.read("merged.sarif"));
  ASSERT_TRUE(bool(Log)) << P.read("merged.sarif");
  const llvm::json::Object &Run =
      *(*Log->getAsObject()->getArray("runs"))[0].getAsObject();
  ASSERT_EQ(Run.getArray("results")->size(), 2u);
  EXPECT_EQ((*Run.getArray("results"))[1].getAsObject()->getInteger(
                "ruleIndex"),
            0);
}

} // namespace
} // namespace tablelint::test
