// End-to-end tests of lint's reports: SARIF (every file we produce is
// checked by Microsoft's SARIF multitool), JSON, GitHub annotations, -o,
// and output that does not depend on -j.
#include "tests/support/LintProject.h"
#include "tests/support/SarifValidation.h"

#include "core/RuleCatalog.h"
#include "driver/Reporters.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include <llvm/Support/JSON.h>

namespace tablelint::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
namespace json = llvm::json;

json::Object &run0(json::Value &Log) {
  return *(*Log.getAsObject()->getArray("runs"))[0].getAsObject();
}

TEST(SarifValidation, TheValidatorRejectsABrokenLog) {
  // Proves the validation below can fail: a result with line 0 and no
  // message text is invalid SARIF.
  Project P;
  const std::string Path = P.write(
      "broken.sarif",
      R"({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}},
          "results": [{"message": {}, "locations": [{"physicalLocation":
          {"artifactLocation": {"uri": "a.cpp"}, "region": {"startLine": 0}}}]}]}]})");
  EXPECT_THAT(sarifValidationErrors(Path), Not(IsEmpty()));
}

TEST(SarifValidation, TheSchemaCatchesWhatTheMultitoolLetsThrough) {
  // Issue 12: the multitool accepts a level of "catastrophic" and a
  // ruleIndex of "x"; the SARIF 2.1.0 JSON schema (Ajv) does not.
  Project P;
  const std::string Log =
      R"({"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x",
          "rules": [{"id": "r"}]}}, "results": [{"ruleId": "r", LEVEL,
          "message": {"text": "m"}}]}]})";
  auto Variant = [&](const std::string &Name, const std::string &Level) {
    std::string Text = Log;
    Text.replace(Text.find("LEVEL"), 5, Level);
    return P.write(Name, Text);
  };
  const std::string Good = Variant("good.sarif", "\"level\": \"error\"");
  EXPECT_THAT(sarifValidationErrors(Good), IsEmpty());
  const std::string Catastrophic =
      Variant("catastrophic.sarif", "\"level\": \"catastrophic\"");
  EXPECT_THAT(sarifSchemaErrors(Catastrophic),
              ElementsAre(HasSubstr("/runs/0/results/0/level must be equal to "
                                    "one of the allowed values")));
  const std::string Index = Variant("index.sarif", "\"ruleIndex\": \"x\"");
  EXPECT_THAT(sarifSchemaErrors(Index),
              ElementsAre(HasSubstr("/runs/0/results/0/ruleIndex must be "
                                    "integer")));
  EXPECT_THAT(sarifValidationErrors(Index), Not(IsEmpty()));
}

TEST(Sarif, CarriesTheCatalogRepoRelativeLocationsAndFingerprints) {
  Project P;
  P.write("src/scan.cpp", ScanSource);
  P.database({"src/scan.cpp"});
  ToolResult R = P.lint({"--format", "sarif", "-o", "out/lint.sarif",
                         "src/scan.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_THAT(R.Err, HasSubstr("tablelint: 2 findings (1 warning, 1 note) in 1 file"));
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/out/lint.sarif"), IsEmpty());

  auto Log = json::parse(P.read("out/lint.sarif"));
  ASSERT_TRUE(bool(Log));
  json::Object &Run = run0(*Log);
  const json::Array &Rules =
      *Run.getObject("tool")->getObject("driver")->getArray("rules");
  ASSERT_EQ(Rules.size(), builtinCatalog().Rules.size());
  for (const json::Value &V : Rules) {
    const json::Object &Rule = *V.getAsObject();
    const std::string Id = Rule.getString("id")->str();
    EXPECT_THAT(Rule.getString("helpUri")->str(),
                ::testing::EndsWith("/docs/rules/" + Id + ".md"));
    EXPECT_THAT(Rule.getObject("help")->getString("markdown")->str(),
                HasSubstr("```"));
    const json::Object &Props = *Rule.getObject("properties");
    EXPECT_TRUE(Props.getString("precision"));
    EXPECT_TRUE(Props.getString("problem.severity"));
    // Only the security rules carry a score (SarifRulesTest checks them).
    const json::Array *RuleTags = Props.getArray("tags");
    const bool Security =
        RuleTags && std::any_of(RuleTags->begin(), RuleTags->end(),
                                [](const json::Value &T) {
                                  return T.getAsString() == "security";
                                });
    EXPECT_EQ(bool(Props.getString("security-severity")), Security) << Id;
    EXPECT_TRUE(Props.getArray("tags"));
  }
  const json::Array &Results = *Run.getArray("results");
  ASSERT_EQ(Results.size(), 2u);
  const json::Object &Scan = *Results[0].getAsObject();
  EXPECT_EQ(Scan.getString("ruleId"), "table-scan");
  EXPECT_EQ(Scan.getString("level"), "warning");
  const auto Index = *Scan.getInteger("ruleIndex");
  EXPECT_EQ(Rules[static_cast<std::size_t>(Index)].getAsObject()->getString("id"),
            "table-scan");
  const json::Object &Where = *(*Scan.getArray("locations"))[0]
                                   .getAsObject()
                                   ->getObject("physicalLocation");
  EXPECT_EQ(Where.getObject("artifactLocation")->getString("uri"), "src/scan.cpp");
  EXPECT_EQ(Where.getObject("artifactLocation")->getString("uriBaseId"), "%SRCROOT%");
  EXPECT_EQ(Where.getObject("region")->getInteger("startLine"), 4);
  EXPECT_EQ(Where.getObject("region")->getInteger("startColumn"), 5);
  EXPECT_THAT(Scan.getObject("partialFingerprints")
                  ->getString("tablelintFingerprint/v1")
                  ->str(),
              ::testing::MatchesRegex("[0-9a-f]{32}:0"));
  EXPECT_EQ((*Results[1].getAsObject()).getString("level"), "note");
  EXPECT_EQ(Run.getObject("originalUriBaseIds")
                ->getObject("%SRCROOT%")
                ->getString("uri"),
            "file://" + P.Dir + "/");
  const json::Object &Invocation = *(*Run.getArray("invocations"))[0].getAsObject();
  EXPECT_EQ(Invocation.getBoolean("executionSuccessful"), true);
}

TEST(Sarif, ATranslationUnitThatDoesNotCompileIsANotification) {
  Project P;
  P.write("good.cpp", ScanSource);
  P.write("broken.cpp", "#include <azure/data/tables.hpp>\nint f( {\n");
  P.database({"broken.cpp", "good.cpp"});
  ToolResult R = P.lint({"--format", "sarif", "-o", "lint.sarif", "broken.cpp",
                         "good.cpp"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/lint.sarif"), IsEmpty());
  auto Log = json::parse(P.read("lint.sarif"));
  ASSERT_TRUE(bool(Log));
  json::Object &Run = run0(*Log);
  const json::Object &Invocation = *(*Run.getArray("invocations"))[0].getAsObject();
  EXPECT_EQ(Invocation.getBoolean("executionSuccessful"), false);
  const json::Array &Notes = *Invocation.getArray("toolExecutionNotifications");
  ASSERT_EQ(Notes.size(), 1u);
  const json::Object &N = *Notes[0].getAsObject();
  EXPECT_EQ(N.getString("level"), "error");
  EXPECT_EQ(N.getObject("descriptor")->getString("id"), "compile-error");
  EXPECT_THAT(N.getObject("message")->getString("text")->str(),
              HasSubstr("broken.cpp does not compile"));
  const json::Object &Loc = *(*N.getArray("locations"))[0]
                                 .getAsObject()
                                 ->getObject("physicalLocation");
  EXPECT_EQ(Loc.getObject("artifactLocation")->getString("uri"), "broken.cpp");
  EXPECT_EQ(Loc.getObject("region")->getInteger("startLine"), 2);
  // The TU that compiles is still analysed.
  EXPECT_EQ(Run.getArray("results")->size(), 2u);
}

TEST(Sarif, FixItsBecomeFixes) {
  Project P;
  P.write("report.cpp", ProjectionSource);
  P.database({"report.cpp"});
  ToolResult R = P.lint({"--format", "sarif", "-o", "fix.sarif", "report.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/fix.sarif"), IsEmpty());
  auto Log = json::parse(P.read("fix.sarif"));
  ASSERT_TRUE(bool(Log));
  const json::Array &Results = *run0(*Log).getArray("results");
  const json::Object *WithFix = nullptr;
  for (const json::Value &V : Results)
    if (V.getAsObject()->getString("ruleId") == "missing-projection")
      WithFix = V.getAsObject();
  ASSERT_TRUE(WithFix);
  const json::Array *Fixes = WithFix->getArray("fixes");
  ASSERT_TRUE(Fixes);
  const json::Object &Change = *(*(*Fixes)[0].getAsObject()->getArray(
                                      "artifactChanges"))[0]
                                    .getAsObject();
  EXPECT_EQ(Change.getObject("artifactLocation")->getString("uri"), "report.cpp");
  const json::Object &Edit = *(*Change.getArray("replacements"))[0].getAsObject();
  EXPECT_THAT(Edit.getObject("insertedContent")->getString("text")->str(),
              HasSubstr("Status"));
  // Inserted after the statement on line 5, before the query.
  EXPECT_EQ(Edit.getObject("deletedRegion")->getInteger("startLine"), 5);
}

TEST(Json, TheDocumentedShape) {
  Project P;
  P.write("src/scan.cpp", ScanSource);
  P.database({"src/scan.cpp"});
  ToolResult R = P.lint({"--format", "json", "src/scan.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  auto Doc = json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << R.Out;
  const json::Object &Root = *Doc->getAsObject();
  EXPECT_EQ(Root.getInteger("version"), 1);
  EXPECT_EQ(Root.getString("root"), P.Dir);
  EXPECT_EQ(Root.getBoolean("executionSuccessful"), true);
  const json::Array &Findings = *Root.getArray("findings");
  ASSERT_EQ(Findings.size(), 2u);
  const json::Object &F = *Findings[0].getAsObject();
  EXPECT_EQ(F.getString("rule"), "table-scan");
  EXPECT_EQ(F.getString("level"), "warning");
  EXPECT_EQ(F.getString("path"), "src/scan.cpp");
  EXPECT_EQ(F.getString("file"), P.Dir + "/src/scan.cpp");
  EXPECT_EQ(F.getInteger("line"), 4);
  EXPECT_EQ(F.getInteger("column"), 5);
  EXPECT_EQ(F.getString("anchor"), "t.QueryEntities();");
  EXPECT_THAT(F.getString("message")->str(), HasSubstr("table scan"));
  EXPECT_TRUE(Root.getArray("notifications")->empty());
  EXPECT_FALSE(Root.get("baseline")); // only with --baseline
}

TEST(Github, AnnotationsOnRepoRelativePaths) {
  Project P;
  P.write("src/scan.cpp", ScanSource);
  P.database({"src/scan.cpp"});
  ToolResult R = P.lint({"--format", "github", "src/scan.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("::warning file=src/scan.cpp,line=4,col=5,"));
  EXPECT_THAT(R.Out, HasSubstr("title=tablelint-table-scan::query has no filter"));
  EXPECT_THAT(R.Out, HasSubstr("::notice file=src/scan.cpp,line=10,col=5,"));
}

TEST(Github, EscapesPerTheWorkflowCommandRules) {
  EXPECT_EQ(escapeGithubData("100% of\r\nrows: a,b"), "100%25 of%0D%0Arows: a,b");
  EXPECT_EQ(escapeGithubProperty("dir,x/a:b.cpp 5%"), "dir%2Cx/a%3Ab.cpp 5%25");
}

TEST(Output, TheReportIsTheSameForAnyJobCount) {
  Project P;
  std::vector<std::string> Files;
  for (const char *Name : {"a.cpp", "b.cpp", "c.cpp", "d.cpp"}) {
    P.write(Name, ScanSource);
    Files.push_back(Name);
  }
  P.database(Files);
  auto Run = [&](const std::string &Jobs) {
    std::vector<std::string> Args = {"--format", "json", "-j", Jobs};
    Args.insert(Args.end(), Files.begin(), Files.end());
    return P.lint(Args);
  };
  ToolResult One = Run("1");
  ToolResult Three = Run("3");
  EXPECT_EQ(One.ExitCode, 1) << One.Err;
  EXPECT_EQ(One.Out, Three.Out);
  EXPECT_THAT(One.Out, HasSubstr("\"path\": \"d.cpp\""));
  ToolResult Bad = Run("0");
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("invalid value '0' for '--jobs'"));
}

TEST(Output, AProgressLineOnlyWhenStderrIsATerminal) {
  Project P;
  P.write("a.cpp", ScanSource);
  P.write("b.cpp", ScanSource);
  P.database({"a.cpp", "b.cpp"});
  // script(1) gives tablelint a terminal; stdout is thrown away.
  ToolResult Tty = runProgram(
      "/usr/bin/script",
      {"-qec", std::string(TABLELINT_BINARY) + " lint -j 1 a.cpp b.cpp 2>&1 >/dev/null",
       "/dev/null"},
      P.Dir);
  EXPECT_THAT(Tty.Out, HasSubstr("[1/2] " + P.Dir + "/a.cpp"));
  EXPECT_THAT(Tty.Out, HasSubstr("[2/2] " + P.Dir + "/b.cpp"));
  ToolResult Pipe = P.lint({"-j", "1", "a.cpp", "b.cpp"});
  EXPECT_THAT(Pipe.Err, Not(HasSubstr("[1/2]")));
  EXPECT_EQ(Pipe.Err, "tablelint: 4 findings (2 warnings, 2 notes) in 2 files\n");
}

TEST(Output, AnUnwritableOutputFileIsAnError) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  P.write("taken", "a file, not a directory\n");
  ToolResult R = P.lint({"-o", "taken/out.txt", "scan.cpp"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("taken/out.txt"));
}

TEST(Fix, AppliesTheFixItsAndTheFindingGoes) {
  Project P;
  P.write("report.cpp", ProjectionSource);
  P.database({"report.cpp"});
  ToolResult R = P.lint({"--fix", "report.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err; // the findings were there when analysed
  EXPECT_THAT(R.Err, HasSubstr("applied 1 fix-it in 1 file"));
  const std::string Fixed = P.read("report.cpp");
  EXPECT_THAT(Fixed, HasSubstr("SelectColumns"));
  EXPECT_THAT(Fixed, HasSubstr("Status"));
  // The fixed file compiles and the projection finding is gone.
  ToolResult Again = P.lint({"report.cpp"});
  EXPECT_THAT(Again.Out, Not(HasSubstr("[tablelint-missing-projection]")));
  EXPECT_THAT(Again.Err, Not(HasSubstr("error:")));
  // Nothing left to fix: the file is not rewritten.
  ToolResult Third = P.lint({"--fix", "report.cpp"});
  EXPECT_THAT(Third.Err, HasSubstr("applied 0 fix-its in 0 files"));
  EXPECT_EQ(P.read("report.cpp"), Fixed);
}


} // namespace
} // namespace tablelint::test
