// `lint --shard K/N` and `tablelint merge`: shards of one project, merged,
// give the same results as one run; merged logs stay valid SARIF.
#include "tests/support/LintProject.h"
#include "tests/support/SarifValidation.h"

#include "core/RuleCatalog.h"
#include "driver/Fingerprint.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <set>
#include <tuple>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
namespace json = llvm::json;

// (ruleId, uri, line, column, fingerprint) of every result, with each
// ruleIndex checked against the run's rules.
std::multiset<std::tuple<std::string, std::string, long, long, std::string>>
resultsOf(const std::string &Text) {
  std::multiset<std::tuple<std::string, std::string, long, long, std::string>> Out;
  auto Log = json::parse(Text);
  EXPECT_TRUE(bool(Log));
  if (!Log)
    return Out;
  const json::Array &Runs = *Log->getAsObject()->getArray("runs");
  EXPECT_EQ(Runs.size(), 1u);
  const json::Object &Run = *Runs[0].getAsObject();
  const json::Array &Rules =
      *Run.getObject("tool")->getObject("driver")->getArray("rules");
  for (const json::Value &V : *Run.getArray("results")) {
    const json::Object &R = *V.getAsObject();
    const std::string Rule = R.getString("ruleId")->str();
    const auto Index = static_cast<std::size_t>(*R.getInteger("ruleIndex"));
    EXPECT_EQ(Rules[Index].getAsObject()->getString("id"), Rule);
    const json::Object &Where =
        *(*R.getArray("locations"))[0].getAsObject()->getObject("physicalLocation");
    Out.emplace(Rule, Where.getObject("artifactLocation")->getString("uri")->str(),
                *Where.getObject("region")->getInteger("startLine"),
                *Where.getObject("region")->getInteger("startColumn"),
                R.getObject("partialFingerprints")
                    ->getString("tablelintFingerprint/v1")
                    ->str());
  }
  return Out;
}

class ShardTest : public ::testing::Test {
protected:
  void SetUp() override {
    for (int I = 0; I < 8; ++I) {
      const std::string Name = "src/unit" + std::to_string(I) + ".cpp";
      P.write(Name, ScanSource);
      Files.push_back(Name);
    }
    P.database(Files);
  }
  Project P;
  std::vector<std::string> Files;
};

TEST_F(ShardTest, MergedShardsEqualOneRun) {
  ToolResult All = P.lint({"--format", "sarif", "-o", "all.sarif", "src"});
  ASSERT_EQ(All.ExitCode, 1) << All.Err;
  ToolResult S1 = P.lint({"--shard", "1/2", "--format", "sarif", "-o", "s1.sarif", "src"});
  ToolResult S2 = P.lint({"--shard", "2/2", "--format", "sarif", "-o", "s2.sarif", "src"});
  const auto Whole = resultsOf(P.read("all.sarif"));
  const auto First = resultsOf(P.read("s1.sarif"));
  const auto Second = resultsOf(P.read("s2.sarif"));
  ASSERT_EQ(Whole.size(), 16u);
  // A real split: each shard has some files, together all of them.
  EXPECT_FALSE(First.empty());
  EXPECT_FALSE(Second.empty());
  EXPECT_EQ(First.size() + Second.size(), Whole.size());

  ToolResult M = runTablelint({"merge", "s1.sarif", "s2.sarif", "-o", "merged.sarif"}, P.Dir);
  ASSERT_EQ(M.ExitCode, 0) << M.Err;
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/merged.sarif"), IsEmpty());
  EXPECT_EQ(resultsOf(P.read("merged.sarif")), Whole);
  auto Log = json::parse(P.read("merged.sarif"));
  const json::Object &Run = *(*Log->getAsObject()->getArray("runs"))[0].getAsObject();
  EXPECT_EQ(Run.getObject("tool")->getObject("driver")->getArray("rules")->size(),
            builtinCatalog().Rules.size());
  EXPECT_EQ((*Run.getArray("invocations"))[0].getAsObject()->getBoolean(
                "executionSuccessful"),
            true);
}

TEST_F(ShardTest, AShardIsTheSameOnEveryRun) {
  ToolResult A = P.lint({"--shard", "2/3", "--format", "json", "src"});
  ToolResult B = P.lint({"--shard", "2/3", "--format", "json", "-j", "1", "src"});
  EXPECT_EQ(A.Out, B.Out);
  ToolResult Bad = P.lint({"--shard", "3/2", "src"});
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("invalid value '3/2' for '--shard'"));
}

// The baseline figures of a SARIF log's run: entries, suppressed, the
// fingerprints of the fixed entries, and the entries not analysed.
struct BaselineFigures {
  std::int64_t Entries = -1, Suppressed = -1, NotAnalysed = -1;
  std::set<std::string> Fixed;
  std::set<std::string> FixedPaths;
  bool operator==(const BaselineFigures &O) const {
    return std::tie(Entries, Suppressed, NotAnalysed, Fixed) ==
           std::tie(O.Entries, O.Suppressed, O.NotAnalysed, O.Fixed);
  }
};

BaselineFigures baselineOf(const std::string &Text) {
  BaselineFigures Out;
  auto Log = json::parse(Text);
  EXPECT_TRUE(bool(Log));
  if (!Log)
    return Out;
  const json::Object &Run = *(*Log->getAsObject()->getArray("runs"))[0].getAsObject();
  const json::Object *Props = Run.getObject("properties");
  EXPECT_TRUE(Props);
  if (!Props)
    return Out;
  Out.Entries = Props->getInteger("baselineEntries").value_or(-1);
  Out.Suppressed = Props->getInteger("baselineSuppressed").value_or(-1);
  Out.NotAnalysed = Props->getInteger("baselineNotAnalysed").value_or(-1);
  for (const json::Value &V : *Props->getArray("fixedSinceBaseline")) {
    Out.Fixed.insert(V.getAsObject()->getString("fingerprint")->str());
    Out.FixedPaths.insert(V.getAsObject()->getString("path")->str());
  }
  return Out;
}

std::ostream &operator<<(std::ostream &OS, const BaselineFigures &F) {
  return OS << "{entries " << F.Entries << ", suppressed " << F.Suppressed
            << ", fixed " << F.Fixed.size() << ", not analysed "
            << F.NotAnalysed << "}";
}

// Two table scans in a header every unit includes: its findings are in
// every shard's log.
const char *const StoreHeader = R"(#pragma once
#include <azure/data/tables.hpp>
inline void listAll(Azure::Data::Tables::TableClient const &t) {
  t.QueryEntities();
}
inline void listEvery(Azure::Data::Tables::TableClient const &t) {
  t.QueryEntities(); // every
}
)";

const char *const PointQuery =
    "Azure::Data::Tables::Models::QueryEntitiesOptions k; k.Filter = "
    "\"PartitionKey eq 'a' and RowKey eq 'b'\"; t.QueryEntities(k);";

// A baseline applied to shards that are then merged gives the figures of
// one unsharded run: nothing counted twice (the header's findings are in
// both shards), nothing fixed that a shard merely did not analyse.
TEST_F(ShardTest, MergedShardsWithABaselineCountAsOneRun) {
  P.write("src/store.h", StoreHeader);
  for (const std::string &F : Files)
    P.write(F, std::string("#include \"store.h\"\n") + ScanSource);
  ToolResult W = P.lint({"--write-baseline", "baseline.json", "src"});
  ASSERT_EQ(W.ExitCode, 0) << W.Err;
  // One finding fixed in a unit, one in the header; one new in a unit.
  std::string Unit0 = P.read(Files[0]);
  Unit0.replace(Unit0.find("t.QueryEntities();"), 18, PointQuery);
  P.write(Files[0], Unit0);
  std::string Header = StoreHeader;
  Header.replace(Header.find("t.QueryEntities(); // every"), 27, PointQuery);
  P.write("src/store.h", Header);
  std::string Unit1 = P.read(Files[1]);
  Unit1.replace(Unit1.find("  t.QueryEntities();\n"), 0, "  t.QueryEntities();\n");
  P.write(Files[1], Unit1);

  const std::vector<std::string> Common = {"--baseline", "baseline.json",
                                           "--format", "sarif"};
  auto Lint = [&](std::vector<std::string> Extra, const std::string &Out) {
    Extra.insert(Extra.end(), Common.begin(), Common.end());
    Extra.insert(Extra.end(), {"-o", Out, "src"});
    return P.lint(Extra);
  };
  ToolResult All = Lint({}, "all.sarif");
  ASSERT_EQ(All.ExitCode, 1) << All.Err;
  EXPECT_THAT(All.Err, HasSubstr("1 finding (1 warning) in 1 file; 16 in the "
                                 "baseline; 2 entries fixed since the baseline"));
  const BaselineFigures Whole = baselineOf(P.read("all.sarif"));
  EXPECT_EQ(Whole.Entries, 18);
  EXPECT_EQ(Whole.Suppressed, 16);
  EXPECT_EQ(Whole.Fixed.size(), 2u);
  EXPECT_EQ(Whole.FixedPaths, (std::set<std::string>{"src/store.h", "src/unit0.cpp"}));
  EXPECT_EQ(Whole.NotAnalysed, 0);

  ToolResult S1 = Lint({"--shard", "1/2"}, "s1.sarif");
  ToolResult S2 = Lint({"--shard", "2/2"}, "s2.sarif");
  EXPECT_NE(S1.ExitCode, 2) << S1.Err;
  EXPECT_NE(S2.ExitCode, 2) << S2.Err;
  // Each shard says fixed only what it analysed, and why the rest is not.
  for (const auto &[K, Shard] : {std::pair<unsigned, const ToolResult *>(1, &S1),
                                  std::pair<unsigned, const ToolResult *>(2, &S2)}) {
    const std::string Name = "s" + std::to_string(K) + ".sarif";
    const BaselineFigures F = baselineOf(P.read(Name));
    EXPECT_GT(F.NotAnalysed, 0) << Name;
    EXPECT_LT(F.Suppressed, 16) << Name;
    EXPECT_THAT(Shard->Err, HasSubstr("in files not analysed in this run")) << Name;
    EXPECT_THAT(Shard->Err, Not(HasSubstr("fixed since the baseline: [tablelint-table-scan] in src/unit1")));
    for (const std::string &Path : F.FixedPaths)
      EXPECT_TRUE(Path == "src/store.h" || inShard(Path, K, 2)) << Name << ": " << Path;
    EXPECT_EQ(F.Entries, 18) << Name;
  }

  ToolResult M = runTablelint({"merge", "s1.sarif", "s2.sarif", "-o", "merged.sarif"}, P.Dir);
  ASSERT_EQ(M.ExitCode, 0) << M.Err;
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/merged.sarif"), IsEmpty());
  EXPECT_EQ(baselineOf(P.read("merged.sarif")), Whole);
  EXPECT_EQ(resultsOf(P.read("merged.sarif")), resultsOf(P.read("all.sarif")));
}

TEST(Merge, KeepsNotificationsAndFailureAndRewritesRuleIndexes) {
  Project P;
  P.write("good.cpp", ScanSource);
  P.write("broken.cpp", "int f( {\n");
  P.database({"good.cpp", "broken.cpp"});
  P.lint({"--format", "sarif", "-o", "good.sarif", "good.cpp"});
  P.lint({"--format", "sarif", "-o", "broken.sarif", "broken.cpp"});
  // Another tool's log with rules in a different order: its results keep
  // pointing at the right rule after the merge.
  P.write("other.sarif", R"({"version": "2.1.0", "runs": [{"tool": {"driver":
      {"name": "tablelint", "rules": [{"id": "zz-custom"}, {"id": "table-scan"}]}},
      "results": [{"ruleId": "table-scan", "ruleIndex": 1, "message": {"text": "x"},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": "x.cpp"},
        "region": {"startLine": 1}}}]},
        {"ruleIndex": 0, "message": {"text": "y"}}]}]})");
  ToolResult M = runTablelint(
      {"merge", "good.sarif", "broken.sarif", "other.sarif", "-o", "m.sarif"}, P.Dir);
  ASSERT_EQ(M.ExitCode, 0) << M.Err;
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/m.sarif"), IsEmpty());
  auto Log = json::parse(P.read("m.sarif"));
  ASSERT_TRUE(bool(Log));
  const json::Object &Run = *(*Log->getAsObject()->getArray("runs"))[0].getAsObject();
  const json::Array &Rules = *Run.getObject("tool")->getObject("driver")->getArray("rules");
  EXPECT_EQ(Rules.size(), builtinCatalog().Rules.size() + 1);
  const json::Array &Results = *Run.getArray("results");
  ASSERT_EQ(Results.size(), 4u);
  EXPECT_EQ(Results[3].getAsObject()->getString("ruleId"), "zz-custom");
  for (const json::Value &V : Results) {
    const json::Object &R = *V.getAsObject();
    const auto Index = static_cast<std::size_t>(*R.getInteger("ruleIndex"));
    ASSERT_TRUE(R.getString("ruleId")); // filled in from the old index
    EXPECT_EQ(Rules[Index].getAsObject()->getString("id"), R.getString("ruleId"));
  }
  const json::Object &Inv = *(*Run.getArray("invocations"))[0].getAsObject();
  EXPECT_EQ(Inv.getBoolean("executionSuccessful"), false);
  EXPECT_EQ(Inv.getArray("toolExecutionNotifications")->size(), 1u);

  P.write("bad.sarif", "{\"runs\": []}");
  ToolResult Bad = runTablelint({"merge", "good.sarif", "bad.sarif"}, P.Dir);
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("bad.sarif: error: not a SARIF 2.1.0 log"));
}

TEST(Checklist, ItemsPassFailOrAreNotCheckedOrAdvice) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  ToolResult R = runTablelint({"checklist", "scan.cpp"}, P.Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("Inputs: 1 C++ translation units, 0 schema files."));
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(\| 21 \| \[Does the schema let most queries be point queries.*\| \*\*fail\*\* \| partition-scan, table-scan \|)"));
  EXPECT_THAT(R.Out, HasSubstr("- `scan.cpp:4:5` warning: query has no filter"));
  // A code rule with no finding passes; a schema-only item is not checked
  // and says why; an advisory rule says what tablelint observes.
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(\| 17 \| .*\| \*\*pass\*\* \| nagle-enabled \|)"));
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(\| 20 \| .*\| \*\*not checked\*\* \(no schema given\) \| hot-partition, partition-throughput \|)"));
  EXPECT_THAT(R.Out, HasSubstr("hot-partition is checked in schema files; no such file was analysed"));
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(\| 5 \| .*\| \*\*advice\*\* \| link-quality \|)"));

  ToolResult Html = runTablelint({"checklist", "--format", "html", "-o", "c.html", "scan.cpp"}, P.Dir);
  EXPECT_EQ(Html.ExitCode, 1);
  const std::string Page = P.read("c.html");
  EXPECT_THAT(Page, HasSubstr("<!DOCTYPE html>"));
  EXPECT_THAT(Page, HasSubstr("<tr class=\"fail\"><td>21</td>"));
  EXPECT_THAT(Page, HasSubstr("filter &quot;Status eq 'open'&quot;"));
  EXPECT_THAT(Page, Not(HasSubstr("<script")));
  EXPECT_THAT(Page, Not(HasSubstr("src=\"http")));

  ToolResult Empty = runTablelint({"checklist"}, P.Dir);
  EXPECT_EQ(Empty.ExitCode, 0);
  EXPECT_THAT(Empty.Out, HasSubstr("0 pass, 0 fail, 26 not checked, 3 advice"));
}

} // namespace
} // namespace tablelint::test
