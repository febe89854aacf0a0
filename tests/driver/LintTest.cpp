// End-to-end tests of `tablelint lint` on throwaway projects: compile
// databases, bad inputs, rule selection, the gate, and the plugin's guard
// against another clang-tidy major.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

const std::string &MockIncludes = mockIncludes();

TEST(Lint, FindsTheCompileDatabaseUpwardAndReportsInClangFormat) {
  Project P;
  P.write("src/scan.cpp", ScanSource);
  P.database({"src/scan.cpp"});
  ToolResult R = runTablelint({"lint", P.Dir + "/src/scan.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:5: warning: query has "
                                       "no filter and no partition key: table "
                                       "scan reads every entity [tablelint-table-scan]"));
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:10:5: note: filter "
                                       "\"Status eq 'open'\" reads all of "
                                       "partition 'p'"));
}

TEST(Lint, DirectoryArgumentAndExplicitBuildDir) {
  Project P;
  P.write("src/a.cpp", ScanSource);
  P.write("src/b.cpp", "int unused;\n");
  P.database({"src/a.cpp", "src/b.cpp"}, "out");
  ToolResult R = runTablelint({"lint", "-p", P.Dir + "/out", P.Dir + "/src"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("a.cpp:4:5: warning:"));
  EXPECT_THAT(R.Out, Not(HasSubstr("b.cpp")));
}

TEST(Lint, MissingCompileDatabaseIsAnInputError) {
  Project P;
  const std::string File = P.write("scan.cpp", ScanSource);
  ToolResult R = runTablelint({"lint", File});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr(File + ": error: no compile_commands.json found "
                                      "in its directory or above"));
}

// A new file the database does not list yet is analysed with the flags of
// its nearest entry (as clangd does), with a note: it does not block a
// commit.
TEST(Lint, FileNotInTheDatabaseBorrowsTheFlagsOfItsNeighbour) {
  Project P;
  P.write("in.cpp", ScanSource);
  const std::string Out = P.write("out.cpp", ScanSource);
  P.database({"in.cpp"});
  ToolResult R = runTablelint({"lint", P.Dir + "/in.cpp", Out});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr(Out + ": note: not in the compilation database "));
  EXPECT_THAT(R.Err, HasSubstr("; analysed with the flags of " + P.Dir +
                               "/in.cpp, its nearest entry (as clangd does)"));
  EXPECT_THAT(R.Out, HasSubstr("in.cpp:4:5: warning:"));
  EXPECT_THAT(R.Out, HasSubstr("out.cpp:4:5: warning:"));
}

// An empty database has no entry to borrow from: that file is an input
// error, the others are still analysed.
TEST(Lint, FileNotInAnEmptyDatabaseIsAnInputError) {
  Project P;
  const std::string Out = P.write("out.cpp", ScanSource);
  P.database({});
  ToolResult R = runTablelint({"lint", Out});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr(Out + ": error: not in the compilation database"));
}

// A relative -o is relative to where tablelint runs, also when the compile
// commands run in another directory (CMake's build/): the analysis must not
// move the process's working directory.
TEST(Lint, RelativeOutputIsWrittenWhereTablelintRuns) {
  Project P;
  const std::string Source = P.write("scan.cpp", ScanSource);
  P.write("build/compile_commands.json",
          "[{\"directory\": \"" + P.Dir + "/build\", \"file\": \"" + Source +
              "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
              mockIncludes() + "\", \"-c\", \"" + Source + "\"]}]\n");
  ToolResult R = runTablelint(
      {"lint", "-p", "build", "scan.cpp", "--format", "sarif", "-o", "out.sarif"},
      P.Dir);
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_TRUE(std::filesystem::exists(P.Dir + "/out.sarif"));
  EXPECT_FALSE(std::filesystem::exists(P.Dir + "/build/out.sarif"));
}

TEST(Lint, TranslationUnitThatDoesNotCompileIsReportedAndOthersAnalysed) {
  Project P;
  P.write("good.cpp", ScanSource);
  const std::string Broken =
      P.write("broken.cpp", "#include <azure/data/tables.hpp>\nint f( {\n");
  P.database({"broken.cpp", "good.cpp"});
  ToolResult R = runTablelint({"lint", Broken, P.Dir + "/good.cpp"});
  EXPECT_EQ(R.ExitCode, 2);
  // One notification, at the first error, naming the TU.
  EXPECT_THAT(R.Err, HasSubstr(Broken + ":2:9: error: " + Broken +
                               " does not compile ("));
  EXPECT_THAT(R.Err, HasSubstr("its findings are missing"));
  EXPECT_THAT(R.Err, HasSubstr("the analysis is INCOMPLETE"));
  EXPECT_THAT(R.Out, HasSubstr("good.cpp:4:5: warning:"));
}

TEST(Lint, CompilerArgumentsAfterDoubleDash) {
  Project P;
  const std::string File = P.write("scan.cpp", ScanSource);
  ToolResult R =
      runTablelint({"lint", File, "--", "-std=c++17", "-I" + MockIncludes});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("scan.cpp:4:5: warning:"));
}

TEST(Lint, EnableAndDisableSelectRules) {
  Project P;
  const std::string File = P.write("scan.cpp", ScanSource);
  const std::vector<std::string> Flags = {"--", "-std=c++17", "-I" + MockIncludes};
  auto Run = [&](std::vector<std::string> Args) {
    Args.insert(Args.begin(), "lint");
    Args.push_back(File);
    Args.insert(Args.end(), Flags.begin(), Flags.end());
    return runTablelint(Args);
  };
  ToolResult Off = Run({"--disable", "table-scan"});
  EXPECT_EQ(Off.ExitCode, 0) << Off.Err; // only the partition-scan note is left
  EXPECT_THAT(Off.Out, Not(HasSubstr("tablelint-table-scan")));
  EXPECT_THAT(Off.Out, HasSubstr("tablelint-partition-scan"));
  ToolResult Only = Run({"--enable", "partition-*"});
  EXPECT_THAT(Only.Out, Not(HasSubstr("tablelint-table-scan")));
  EXPECT_THAT(Only.Out, HasSubstr("tablelint-partition-scan"));
}

TEST(Lint, FailOnSetsTheGate) {
  Project P;
  const std::string File = P.write("scan.cpp", ScanSource);
  auto Run = [&](const std::string &Level) {
    return runTablelint({"lint", "--fail-on", Level, "--disable", "table-scan",
                         File, "--", "-std=c++17", "-I" + MockIncludes});
  };
  EXPECT_EQ(Run("note").ExitCode, 1);    // the partition-scan note fails
  EXPECT_EQ(Run("warning").ExitCode, 0); // it does not at the default gate
  EXPECT_EQ(Run("never").ExitCode, 0);
  ToolResult Bad = Run("sometimes");
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("invalid value 'sometimes' for '--fail-on'"));
}

TEST(Lint, NoInputIsAUsageError) {
  ToolResult R = runTablelint({"lint"});
  EXPECT_EQ(R.ExitCode, 2);
  EXPECT_THAT(R.Err, HasSubstr("no input"));
  ToolResult Missing = runTablelint({"lint", "/no/such/file.cpp"});
  EXPECT_EQ(Missing.ExitCode, 2);
  EXPECT_THAT(Missing.Err, HasSubstr("/no/such/file.cpp: error: no such file"));
}

// The plugin in another major's clang-tidy would list its checks and report
// nothing; it must stop the run instead. Debian 12 ships clang-tidy 14.
TEST(Plugin, RefusesToRunInAnotherClangTidyMajor) {
  const std::string Other = "/usr/lib/llvm-14/bin/clang-tidy";
  if (!fs::exists(Other))
    GTEST_SKIP() << Other << " is not installed";
  Project P;
  const std::string File = P.write("scan.cpp", ScanSource);
  ToolResult R = runProgram(Other, {"--load=" TABLELINT_PLUGIN,
                                    "--checks=-*,tablelint-*", File, "--",
                                    "-std=c++17", "-I" + MockIncludes});
  EXPECT_EQ(R.ExitCode, 3);
  EXPECT_THAT(R.Err, HasSubstr("this plugin was built for clang-tidy 19 but "
                               "was loaded into clang-tidy 14"));
}

TEST(Plugin, ListsItsChecksInClangTidy19) {
  ToolResult R = runProgram(TABLELINT_CLANG_TIDY,
                            {"--load=" TABLELINT_PLUGIN,
                             "--checks=-*,tablelint-*", "--list-checks"});
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("tablelint-table-scan"));
  EXPECT_THAT(R.Out, HasSubstr("tablelint-invalid-filter"));
}

} // namespace
} // namespace tablelint::test
