// End-to-end tests of baselines: accepted findings stay hidden across edits
// above them, never hide the same problem elsewhere, and are reported as
// fixed when they disappear.
#include "tests/support/LintProject.h"
#include "tests/support/SarifValidation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <set>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
namespace json = llvm::json;

class BaselineTest : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("src/scan.cpp", ScanSource);
    P.write("src/other.cpp", "int unrelated;\n");
    P.database({"src/scan.cpp", "src/other.cpp"});
    ToolResult W = P.lint({"--write-baseline", "lint-baseline.json", "src"});
    ASSERT_EQ(W.ExitCode, 0) << W.Err; // the findings were just accepted
    ASSERT_THAT(W.Out, HasSubstr("[tablelint-table-scan]"));
  }
  ToolResult lint(std::vector<std::string> Extra = {}) {
    std::vector<std::string> Args = {"--baseline", "lint-baseline.json"};
    Args.insert(Args.end(), Extra.begin(), Extra.end());
    Args.push_back("src");
    return P.lint(Args);
  }
  Project P;
};

TEST_F(BaselineTest, TheFileHoldsFingerprintsNotLineNumbers) {
  auto Doc = json::parse(P.read("lint-baseline.json"));
  ASSERT_TRUE(bool(Doc));
  const json::Array &Entries = *Doc->getAsObject()->getArray("findings");
  ASSERT_EQ(Entries.size(), 2u);
  const json::Object &E = *Entries[0].getAsObject();
  EXPECT_EQ(E.getString("rule"), "table-scan");
  EXPECT_EQ(E.getString("path"), "src/scan.cpp");
  EXPECT_EQ(E.getString("anchor"), "t.QueryEntities();");
  EXPECT_FALSE(E.get("line"));
}

TEST_F(BaselineTest, EditsAboveABaselinedFindingDoNotResurfaceIt) {
  // Three new lines above, and the flagged line re-indented.
  std::string Edited = ScanSource;
  Edited.replace(Edited.find("void list"), 0,
                 "// Listing helpers.\nint helper() { return 1; }\n\n");
  Edited.replace(Edited.find("  t.QueryEntities();"), 2, "\t  ");
  P.write("src/scan.cpp", Edited);
  ToolResult R = lint();
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_THAT(R.Err, HasSubstr("no findings; 2 in the baseline; 0 entries "
                               "fixed since the baseline"));
}

TEST_F(BaselineTest, TheSameProblemInAnotherFileIsStillReported) {
  P.write("src/other.cpp", ScanSource);
  ToolResult R = lint();
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/other.cpp:4:5: warning:"));
  EXPECT_THAT(R.Out, Not(HasSubstr("src/scan.cpp")));
}

TEST_F(BaselineTest, ASecondIdenticalLineInTheSameFileIsNew) {
  std::string Twice = ScanSource;
  Twice.replace(Twice.find("  t.QueryEntities();\n"), 0, "  t.QueryEntities();\n");
  P.write("src/scan.cpp", Twice);
  ToolResult R = lint();
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:5:5: warning:"));
  EXPECT_THAT(R.Out, Not(HasSubstr("src/scan.cpp:4:5")));
}

TEST_F(BaselineTest, AFixedFindingIsReportedAsGoneFromTheBaseline) {
  std::string Fixed = ScanSource;
  Fixed.replace(Fixed.find("t.QueryEntities();"), 18,
                "Models::QueryEntitiesOptions k; k.Filter = \"PartitionKey eq "
                "'a' and RowKey eq 'b'\"; t.QueryEntities(k);");
  P.write("src/scan.cpp", Fixed);
  ToolResult Text = lint();
  EXPECT_EQ(Text.ExitCode, 0) << Text.Out << Text.Err;
  EXPECT_THAT(Text.Err, HasSubstr("tablelint: fixed since the baseline: "
                                  "[tablelint-table-scan] in src/scan.cpp: "
                                  "t.QueryEntities();"));

  ToolResult Json = lint({"--format", "json"});
  auto Doc = json::parse(Json.Out);
  ASSERT_TRUE(bool(Doc)) << Json.Out;
  const json::Object &B = *Doc->getAsObject()->getObject("baseline");
  EXPECT_EQ(B.getInteger("suppressed"), 1);
  ASSERT_EQ(B.getArray("fixed")->size(), 1u);
  EXPECT_EQ((*B.getArray("fixed"))[0].getAsObject()->getString("rule"),
            "table-scan");

  ToolResult Sarif = lint({"--format", "sarif", "-o", "b.sarif"});
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/b.sarif"), IsEmpty());
  auto Log = json::parse(P.read("b.sarif"));
  ASSERT_TRUE(bool(Log));
  const json::Object &Run =
      *(*Log->getAsObject()->getArray("runs"))[0].getAsObject();
  const json::Array &Gone =
      *Run.getObject("properties")->getArray("fixedSinceBaseline");
  ASSERT_EQ(Gone.size(), 1u);
  EXPECT_EQ(Gone[0].getAsObject()->getString("path"), "src/scan.cpp");
  EXPECT_TRUE(Run.getArray("results")->empty());
}

// A pre-commit run lints the staged files only: the baseline's entries of
// the other files are neither fixed nor new.
TEST_F(BaselineTest, EntriesOfFilesNotAnalysedAreNeitherFixedNorNew) {
  ToolResult R = P.lint({"--baseline", "lint-baseline.json", "src/other.cpp"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(R.Out, "");
  EXPECT_THAT(R.Err, HasSubstr("no findings; 0 in the baseline; 0 entries fixed "
                               "since the baseline; 2 entries in files not "
                               "analysed in this run"));
  EXPECT_THAT(R.Err, Not(HasSubstr("rewrite the baseline")));

  ToolResult Json = P.lint(
      {"--baseline", "lint-baseline.json", "--format", "json", "src/other.cpp"});
  auto Doc = json::parse(Json.Out);
  ASSERT_TRUE(bool(Doc)) << Json.Out;
  const json::Object &B = *Doc->getAsObject()->getObject("baseline");
  EXPECT_EQ(B.getInteger("suppressed"), 0);
  EXPECT_TRUE(B.getArray("fixed")->empty());
  EXPECT_EQ(B.getInteger("notAnalysed"), 2);

  // A fix in the file that was analysed is still a fix.
  std::string Fixed = ScanSource;
  Fixed.replace(Fixed.find("t.QueryEntities();"), 18,
                "Models::QueryEntitiesOptions k; k.Filter = \"PartitionKey eq "
                "'a' and RowKey eq 'b'\"; t.QueryEntities(k);");
  P.write("src/scan.cpp", Fixed);
  ToolResult One = P.lint({"--baseline", "lint-baseline.json", "src/scan.cpp"});
  EXPECT_EQ(One.ExitCode, 0) << One.Err;
  EXPECT_THAT(One.Err, HasSubstr("1 in the baseline; 1 entry fixed since the "
                                 "baseline\n"));
  EXPECT_THAT(One.Err, HasSubstr("fixed since the baseline: [tablelint-table-scan] "
                                 "in src/scan.cpp"));
}

// The headers a run analysed are those clang read for its units: a header
// reached only through a disabled #if was not analysed, so its baseline
// entries are neither fixed nor new; one a unit includes is analysed.
TEST(BaselineHeaders, AHeaderBehindADisabledIfIsNotAnalysed) {
  Project P;
  std::string Header = ScanSource;
  Header.replace(0, 0, "#pragma once\n");
  P.write("src/scan.h", Header);
  P.write("src/uses.cpp", "#include \"scan.h\"\n");
  P.write("src/legacy.cpp", "#if 0\n#include \"scan.h\"\n#endif\nint legacy;\n");
  P.database({"src/uses.cpp", "src/legacy.cpp"});
  ToolResult W = P.lint({"--write-baseline", "lint-baseline.json", "src/uses.cpp"});
  ASSERT_EQ(W.ExitCode, 0) << W.Err;
  ASSERT_THAT(W.Out, HasSubstr("src/scan.h:"));

  ToolResult Legacy =
      P.lint({"--baseline", "lint-baseline.json", "src/legacy.cpp"});
  EXPECT_EQ(Legacy.ExitCode, 0) << Legacy.Err;
  EXPECT_THAT(Legacy.Err, HasSubstr("0 entries fixed since the baseline; 2 "
                                    "entries in files not analysed in this run"));

  ToolResult Uses = P.lint({"--baseline", "lint-baseline.json", "src/uses.cpp"});
  EXPECT_EQ(Uses.ExitCode, 0) << Uses.Err;
  EXPECT_THAT(Uses.Err, HasSubstr("no findings; 2 in the baseline; 0 entries "
                                  "fixed since the baseline\n"));
}

// --write-baseline on part of the project keeps the entries of the rest.
TEST_F(BaselineTest, WritingTheBaselineFromAPartialRunKeepsTheOtherFiles) {
  P.write("src/other.cpp", ScanSource);
  ToolResult W = P.lint({"--write-baseline", "lint-baseline.json", "src/other.cpp"});
  EXPECT_EQ(W.ExitCode, 0) << W.Err;
  EXPECT_THAT(W.Err, HasSubstr("lint-baseline.json: note: kept 2 entries of "
                               "files not analysed in this run"));
  auto Doc = json::parse(P.read("lint-baseline.json"));
  ASSERT_TRUE(bool(Doc));
  std::multiset<std::string> Paths;
  for (const json::Value &E : *Doc->getAsObject()->getArray("findings"))
    Paths.insert(E.getAsObject()->getString("path")->str());
  EXPECT_EQ(Paths, (std::multiset<std::string>{"src/other.cpp", "src/other.cpp",
                                               "src/scan.cpp", "src/scan.cpp"}));
  // The whole project against it: everything accepted, nothing fixed.
  ToolResult All = lint();
  EXPECT_EQ(All.ExitCode, 0) << All.Out << All.Err;
  EXPECT_THAT(All.Err, HasSubstr("no findings; 4 in the baseline; 0 entries "
                                 "fixed since the baseline\n"));
  // A full run rewrites it whole: entries of files analysed and clean go.
  P.write("src/other.cpp", "int unrelated;\n");
  ToolResult Rewrite = P.lint({"--write-baseline", "lint-baseline.json", "src"});
  EXPECT_EQ(Rewrite.ExitCode, 0) << Rewrite.Err;
  EXPECT_THAT(Rewrite.Err, Not(HasSubstr("kept")));
  Doc = json::parse(P.read("lint-baseline.json"));
  ASSERT_TRUE(bool(Doc));
  EXPECT_EQ(Doc->getAsObject()->getArray("findings")->size(), 2u);
}

TEST(Baseline, AFileThatIsNotABaselineIsAnInputError) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  P.write("b.json", "{\"findings\": []}\n");
  ToolResult R = P.lint({"--baseline", "b.json", "scan.cpp"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("b.json:1:1: error: not a tablelint baseline of version 1"));
  // A path that exists but cannot be read as a file is still an error.
  P.write("dir.json/keep", "");
  ToolResult Unreadable = P.lint({"--baseline", "dir.json", "scan.cpp"});
  EXPECT_EQ(Unreadable.ExitCode, 2);
  EXPECT_THAT(Unreadable.Err, HasSubstr("dir.json: error: "));
}

// The first CI run, before a baseline is committed: no baseline, a note,
// every finding counts (exit 1, not the input error 2).
TEST(Baseline, AMissingBaselineIsNoBaselineWithANote) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  ToolResult R = P.lint({"--baseline", "none.json", "scan.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("none.json: note: no baseline yet: every "
                               "finding counts (write one with "
                               "--write-baseline none.json)"));
  EXPECT_THAT(R.Out, HasSubstr("scan.cpp:4:5: warning:"));
  EXPECT_FALSE(std::filesystem::exists(P.Dir + "/none.json"))
      << "reading a baseline never writes one";
}

} // namespace
} // namespace tablelint::test
