// The pre-commit hooks (.pre-commit-hooks.yaml) run by the real pre-commit
// tool, offline: a throwaway hooks repository holding this tree's hooks
// file, and a throwaway project whose .pre-commit-config.yaml uses it.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

const char *PreCommit = "/usr/bin/pre-commit";

ToolResult git(const std::string &Dir, std::vector<std::string> Args) {
  Args.insert(Args.begin(), {"-C", Dir, "-c", "user.name=tablelint-test",
                             "-c", "user.email=test@tablelint.invalid",
                             "-c", "commit.gpgsign=false"});
  return runProgram("git", Args);
}

class PreCommitTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!fs::exists(PreCommit))
      GTEST_SKIP() << "pre-commit is not installed (scripts/setup.sh installs it)";
    // The hooks repository: this tree's hooks file, committed.
    const std::string HooksFile =
        readFile(std::string(TABLELINT_SOURCE_DIR) + "/.pre-commit-hooks.yaml")
            .value_or("");
    ASSERT_FALSE(HooksFile.empty());
    Hooks.write(".pre-commit-hooks.yaml", HooksFile);
    ASSERT_EQ(git(Hooks.Dir, {"init", "-q"}).ExitCode, 0);
    ASSERT_EQ(git(Hooks.Dir, {"add", "."}).ExitCode, 0);
    ASSERT_EQ(git(Hooks.Dir, {"commit", "-qm", "hooks"}).ExitCode, 0);
    std::string Rev = git(Hooks.Dir, {"rev-parse", "HEAD"}).Out;
    Rev.erase(Rev.find_last_not_of('\n') + 1);

    // The project: sources, a compile database under build/, a schema file
    // that is not valid YAML, tablelint's own configuration.
    P.write("src/scan.cpp", ScanSource);
    P.write("src/clean.cpp", "int answer() { return 42; }\n");
    P.database({"src/scan.cpp", "src/clean.cpp"}, "build");
    P.write("schema/tables.yaml", "version: 1\ntables: [unclosed\n");
    P.write(".tablelint.yaml", "severity:\n  partition-scan: warning\n");
    P.write(".pre-commit-config.yaml",
            "repos:\n"
            "  - repo: " + Hooks.Dir + "\n"
            "    rev: " + Rev + "\n"
            "    hooks:\n"
            "      - id: tablelint-cpp\n"
            "        args: [-p, build]\n"
            "      - id: tablelint-schema\n");
    ASSERT_EQ(git(P.Dir, {"init", "-q"}).ExitCode, 0);
    ASSERT_EQ(git(P.Dir, {"add", "."}).ExitCode, 0);
  }

  // `pre-commit run ARGS` in the project, with tablelint on PATH and
  // pre-commit's cache in the temp dir.
  ToolResult preCommit(std::vector<std::string> Args) {
    const std::string Bin = fs::path(TABLELINT_BINARY).parent_path().string();
    Args.insert(Args.begin(),
                {"PATH=" + Bin + ":/usr/bin:/bin", "HOME=" + Cache.Dir,
                 "PRE_COMMIT_HOME=" + Cache.Dir + "/pre-commit", PreCommit,
                 "run", "--color", "never"});
    return runProgram("/usr/bin/env", Args, P.Dir);
  }

  // Stages a new text of a file, as `git add` before a commit.
  void stage(const std::string &Name, const std::string &Text) {
    P.write(Name, Text);
    ASSERT_EQ(git(P.Dir, {"add", Name}).ExitCode, 0);
  }

  Project P{/*GitRoot=*/false};
  Project Hooks{false};
  Project Cache{false};
};

TEST_F(PreCommitTest, TheCppHookFailsOnFindingsWithTheDatabaseFromArgs) {
  ToolResult R = preCommit({"--files", "src/scan.cpp", "src/clean.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Failed)"));
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:5: warning: query has "
                                       "no filter and no partition key"));
  // .tablelint.yaml applies: the partition scan is raised to a warning.
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:10:5: warning: filter"));
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(
                         R"(tablelint \(table schemas\)\.+\(no files to check\)Skipped)"));
}

TEST_F(PreCommitTest, CleanSourcesPass) {
  ToolResult R = preCommit({"--files", "src/clean.cpp"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Passed)"));
}

TEST_F(PreCommitTest, TheSchemaHookGetsSchemaFilesButNotConfiguration) {
  ToolResult R = preCommit({"--files", "schema/tables.yaml", ".tablelint.yaml",
                            ".pre-commit-config.yaml"});
  EXPECT_NE(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(tablelint \(table schemas\)\.+Failed)"));
  EXPECT_THAT(R.Out, HasSubstr("schema/tables.yaml:"));
  EXPECT_THAT(R.Out, Not(HasSubstr(".tablelint.yaml:")));
  EXPECT_THAT(R.Out, Not(HasSubstr(".pre-commit-config.yaml:")));

  ToolResult Config = preCommit({"--files", ".tablelint.yaml"});
  EXPECT_EQ(Config.ExitCode, 0) << Config.Out << Config.Err;
  EXPECT_THAT(Config.Out, ::testing::ContainsRegex(
                              R"(tablelint \(table schemas\)\.+\(no files to check\)Skipped)"));
}

// Other YAML a repository commits is not a schema: files the hook's pattern
// excludes (a workflow, a compose file) never reach tablelint, and the rest
// are recognised by content and skipped silently.
TEST_F(PreCommitTest, TheSchemaHookSkipsOtherYamlSilently) {
  P.write(".github/workflows/ci.yml",
          "name: ci\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-24.04\n"
          "    steps:\n      - uses: actions/checkout@v4\n");
  P.write("docker-compose.yml",
          "version: \"3.8\"\nservices:\n  web:\n    image: nginx\n");
  // Not excluded by name: only the content tells.
  P.write("deploy/stack.yaml",
          "version: \"3.8\"\nservices:\n  api:\n    image: api:1\n");
  P.write("deploy/values.yaml", "name: api\nreplicas: 3\n");
  P.write("schema/clean.yaml",
          readFile(std::string(TABLELINT_SOURCE_DIR) +
                   "/test-inputs/schemas/designs/device-registry.good.yaml")
              .value_or(""));
  ASSERT_EQ(git(P.Dir, {"add", "."}).ExitCode, 0);
  ToolResult Other =
      preCommit({"--verbose", "--files", ".github/workflows/ci.yml",
                 "docker-compose.yml", "deploy/stack.yaml", "deploy/values.yaml"});
  EXPECT_EQ(Other.ExitCode, 0) << Other.Out << Other.Err;
  EXPECT_THAT(Other.Out, Not(HasSubstr("unknown key")));
  EXPECT_THAT(Other.Out, Not(HasSubstr("error")));

  // A real schema among them is still checked.
  ToolResult Mixed = preCommit({"--files", "deploy/stack.yaml",
                                "deploy/values.yaml", "schema/tables.yaml"});
  EXPECT_NE(Mixed.ExitCode, 0);
  EXPECT_THAT(Mixed.Out, HasSubstr("schema/tables.yaml:"));
  EXPECT_THAT(Mixed.Out, Not(HasSubstr("deploy/")));

  ToolResult Clean = preCommit({"--files", "deploy/values.yaml", "schema/clean.yaml"});
  EXPECT_EQ(Clean.ExitCode, 0) << Clean.Out << Clean.Err;
  EXPECT_THAT(Clean.Out, ::testing::ContainsRegex(R"(tablelint \(table schemas\)\.+Passed)"));
}

// A source added since the last configure is not in compile_commands.json
// yet: it is analysed with its neighbour's flags and the commit goes on.
TEST_F(PreCommitTest, ANewSourceNotInTheDatabaseDoesNotBlockTheCommit) {
  P.write("src/added.cpp", "int added() { return 7; }\n");
  ASSERT_EQ(git(P.Dir, {"add", "src/added.cpp"}).ExitCode, 0);
  ToolResult R = preCommit({"--verbose", "--files", "src/added.cpp"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Passed)"));
  EXPECT_THAT(R.Out, HasSubstr("src/added.cpp: note: not in the compilation "
                               "database"));
  EXPECT_THAT(R.Out, HasSubstr("its nearest entry (as clangd does)"));

  // The same file with a finding still fails: it was really analysed.
  P.write("src/added.cpp", ScanSource);
  ToolResult Bad = preCommit({"--files", "src/added.cpp"});
  EXPECT_EQ(Bad.ExitCode, 1) << Bad.Out << Bad.Err;
  EXPECT_THAT(Bad.Out, HasSubstr("src/added.cpp:4:5: warning: query has no filter"));
}

// A header in include/ (reached through -I) that relies on its includer for
// the SDK, as many headers do (parsed alone it does not compile), a source
// that includes it with a finding of its own, and a database listing the
// sources only, as CMake writes it.
class HeaderCommitTest : public PreCommitTest {
protected:
  void SetUp() override {
    PreCommitTest::SetUp();
    if (IsSkipped())
      return;
    P.write("include/store.h", CleanStoreHeader);
    P.write("include/unused.h", "#pragma once\n");
    P.write("src/store.cpp", "#include <azure/data/tables.hpp>\n"
                             "#include \"store.h\"\n"
                             "using namespace Azure::Data::Tables;\n"
                             "void legacy(TableClient const &t) {\n"
                             "  t.QueryEntities();\n"
                             "}\n"
                             "int v() { return store::version(); }\n");
    std::string Json = "[\n";
    for (const char *File : {"src/clean.cpp", "src/scan.cpp", "src/store.cpp"})
      Json += std::string(Json.size() > 2 ? ",\n" : "") +
              "  {\"directory\": \"" + P.Dir + "/build\", \"file\": \"" + P.Dir +
              "/" + File + "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
              mockIncludes() + "\", \"-I../include\", \"-c\", \"../" + File +
              "\"]}";
    P.write("build/compile_commands.json", Json + "\n]\n");
    ASSERT_EQ(git(P.Dir, {"add", "."}).ExitCode, 0);
    ASSERT_EQ(git(P.Dir, {"commit", "-qm", "start"}).ExitCode, 0);
  }


  static constexpr const char *CleanStoreHeader =
      "#pragma once\n"
      "namespace store {\n"
      "inline int version() { return 1; }\n"
      "}\n";
};

// The commit changes only include/store.h, adding two table scans: the hook
// runs, lints src/store.cpp (which includes it) and reports the header's
// two findings at the header's lines, and not the source's own finding,
// which this commit did not touch.
TEST_F(HeaderCommitTest, AHeaderOnlyCommitReportsTheHeadersFindings) {
  stage("include/store.h",
        "#pragma once\n"
        "namespace store {\n"
        "inline int version() { return 1; }\n"
        "inline void all(Azure::Data::Tables::TableClient const &t) {\n"
        "  t.QueryEntities();\n"
        "}\n"
        "inline void again(Azure::Data::Tables::TableClient const &t) {\n"
        "  t.QueryEntities();\n"
        "}\n"
        "}\n");
  ToolResult R = preCommit({});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Failed)"));
  EXPECT_THAT(R.Out, HasSubstr("include/store.h:5:5: warning: query has no "
                               "filter and no partition key"));
  EXPECT_THAT(R.Out, HasSubstr("include/store.h:8:5: warning: query has no "
                               "filter and no partition key"));
  EXPECT_THAT(R.Out, Not(HasSubstr("does not compile")));
  EXPECT_THAT(R.Out, Not(HasSubstr("src/store.cpp:")));
  EXPECT_THAT(R.Out, Not(HasSubstr("src/scan.cpp:")));
}

TEST_F(HeaderCommitTest, AHeaderChangeWithoutFindingsPasses) {
  stage("include/store.h",
        "#pragma once\n"
        "namespace store {\n"
        "inline int version() { return 2; }\n"
        "inline void open(Azure::Data::Tables::TableClient const &t) {\n"
        "  Azure::Data::Tables::Models::QueryEntitiesOptions o;\n"
        "  o.PartitionKey = \"p\";\n"
        "  o.RowKey = \"r\";\n"
        "  t.QueryEntities(o);\n"
        "}\n"
        "}\n");
  ToolResult R = preCommit({"--verbose"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Passed)"));
  EXPECT_THAT(R.Out, Not(HasSubstr("warning:")));
}

// A header no source includes yet has nothing to be analysed through: a
// note says so and the commit goes on.
TEST_F(HeaderCommitTest, AHeaderNoSourceIncludesIsANote) {
  stage("include/unused.h", "#pragma once\n"
                            "#include <azure/data/tables.hpp>\n"
                            "inline void all(Azure::Data::Tables::TableClient const &t) {\n"
                            "  t.QueryEntities();\n"
                            "}\n");
  ToolResult R = preCommit({"--verbose"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Passed)"));
  EXPECT_THAT(R.Out, HasSubstr("include/unused.h: note: no translation unit of "
                               "the compilation database"));
}

// The hook as docs/pre-commit.md shows it for an installed binary: no hooks
// repository, `repo: local` and `language: system` with tablelint on PATH,
// a baseline of the findings the project already had.
class LocalHookTest : public PreCommitTest {
protected:
  void SetUp() override {
    PreCommitTest::SetUp();
    if (IsSkipped())
      return;
    P.write("src/other.cpp", ScanSource);
    P.database({"src/scan.cpp", "src/clean.cpp", "src/other.cpp"}, "build");
    // The configuration docs/pre-commit.md shows, with the baseline its
    // "With a baseline" section adds.
    const std::string Doc =
        readFile(std::string(TABLELINT_SOURCE_DIR) + "/docs/pre-commit.md")
            .value_or("");
    const std::size_t Section = Doc.find("## A local hook");
    ASSERT_NE(Section, std::string::npos);
    const std::size_t Begin = Doc.find("```yaml\n", Section) + 8;
    std::string Config = Doc.substr(Begin, Doc.find("```", Begin) - Begin);
    const std::string Args = "args: [-p, build]";
    ASSERT_NE(Config.find(Args), std::string::npos) << Config;
    Config.replace(Config.find(Args), Args.size(),
                   "args: [-p, build, --baseline, .tablelint-baseline.json]");
    P.write(".pre-commit-config.yaml", Config);
    // The findings the project has today, accepted.
    const std::string Bin = TABLELINT_BINARY;
    ToolResult Baseline = runProgram(
        Bin, {"lint", "-p", "build", "src", "--write-baseline",
              ".tablelint-baseline.json"},
        P.Dir);
    ASSERT_EQ(Baseline.ExitCode, 0) << Baseline.Out << Baseline.Err;
    ASSERT_THAT(P.read(".tablelint-baseline.json"), HasSubstr("src/other.cpp"));
    ASSERT_EQ(git(P.Dir, {"add", "."}).ExitCode, 0);
    ASSERT_EQ(git(P.Dir, {"commit", "-qm", "start"}).ExitCode, 0);
  }
};

TEST_F(LocalHookTest, BaselinedFindingsPassAndANewOneFails) {
  // Staged without a change of findings: the baselined ones do not block.
  stage("src/scan.cpp", std::string(ScanSource) + "// reviewed\n");
  ToolResult Known = preCommit({});
  EXPECT_EQ(Known.ExitCode, 0) << Known.Out << Known.Err;
  EXPECT_THAT(Known.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Passed)"));

  // A new table scan is reported alone, at its line.
  stage("src/scan.cpp", std::string(ScanSource) +
                           "void again(TableClient const &t) {\n"
                           "  t.QueryEntities();\n"
                           "}\n");
  ToolResult New = preCommit({});
  EXPECT_EQ(New.ExitCode, 1) << New.Out << New.Err;
  EXPECT_THAT(New.Out, ::testing::ContainsRegex(R"(tablelint \(C\+\+\)\.+Failed)"));
  EXPECT_THAT(New.Out, HasSubstr("src/scan.cpp:13:5: warning: query has no "
                                 "filter and no partition key"));
  EXPECT_THAT(New.Out, Not(HasSubstr("src/scan.cpp:4:5:")));
}

// A commit touches one file; the baseline also holds another file's
// entries, which this run did not analyse: they are not "fixed", and the
// hook does not tell the user to rewrite the baseline (which would drop
// them).
TEST_F(LocalHookTest, EntriesOfOtherFilesAreNotReportedAsFixed) {
  stage("src/scan.cpp", std::string(ScanSource) + "// reviewed\n");
  ToolResult R = preCommit({"--verbose"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out, Not(HasSubstr("fixed since the baseline: [")));
  EXPECT_THAT(R.Out, Not(HasSubstr("src/other.cpp")));
  EXPECT_THAT(R.Out, Not(HasSubstr("--write-baseline")));
}

} // namespace
} // namespace tablelint::test
