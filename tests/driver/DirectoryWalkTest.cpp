// `tablelint lint -p build .` on a CMake project, as a new user runs it
// first: the walk skips the build tree (CMake's CMakeCXXCompilerId.cpp is
// not the project's code) and what .gitignore ignores, as ripgrep does; a
// path named on the command line is always linted.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class WalkProject : public ::testing::Test {
protected:
  explicit WalkProject(bool Git = true) : P(/*GitRoot=*/false) {
    if (Git) {
      ToolResult Init = runProgram("git", {"init", "-q", "."}, P.Dir);
      EXPECT_EQ(Init.ExitCode, 0) << Init.Err;
    } else {
      std::filesystem::create_directories(P.Dir + "/.git");
    }
    P.write("src/scan.cpp", ScanSource);
    // A configured CMake build tree, with the compiler probe CMake builds.
    P.write("build/CMakeCache.txt", "CMAKE_BUILD_TYPE:STRING=\n");
    P.write("build/CMakeFiles/3.28.3/CompilerIdCXX/CMakeCXXCompilerId.cpp",
            ScanSource);
    // A second build tree known only by its name and database.
    P.write("build-asan/gen/probe.cpp", ScanSource);
    // Generated code the project ignores.
    P.write(".gitignore", "/out/\n*.gen.cpp\n");
    P.write("out/ignored.cpp", ScanSource);
    P.write("src/table.gen.cpp", ScanSource);
    P.database({"src/scan.cpp", "out/ignored.cpp", "src/table.gen.cpp"}, "build");
    P.database({"src/scan.cpp"}, "build-asan");
  }
  Project P;
};

TEST_F(WalkProject, TheWalkSkipsBuildTreesAndIgnoredFiles) {
  ToolResult R = P.lint({"-p", "build", "."});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:5: warning:"));
  for (const char *Skipped :
       {"CMakeCXXCompilerId", "probe.cpp", "ignored.cpp", "table.gen.cpp"})
    EXPECT_THAT(R.Out + R.Err, Not(HasSubstr(Skipped))) << Skipped;
  EXPECT_THAT(R.Err, HasSubstr("in 1 file"));
}

TEST_F(WalkProject, APathNamedOnTheCommandLineIsAlwaysLinted) {
  ToolResult File = P.lint({"-p", "build", "src/table.gen.cpp"});
  EXPECT_EQ(File.ExitCode, 1) << File.Err;
  EXPECT_THAT(File.Out, HasSubstr("src/table.gen.cpp:4:5: warning:"));
  // An ignored directory named: its files are linted.
  ToolResult Dir = P.lint({"-p", "build", "out"});
  EXPECT_EQ(Dir.ExitCode, 1) << Dir.Err;
  EXPECT_THAT(Dir.Out, HasSubstr("out/ignored.cpp:4:5: warning:"));
}

class WalkWithoutGit : public WalkProject {
protected:
  WalkWithoutGit() : WalkProject(/*Git=*/false) {}
};

// Not a git work tree: .gitignore means nothing, build trees are still
// skipped.
TEST_F(WalkWithoutGit, OnlyBuildTreesAreSkipped) {
  ToolResult R = P.lint({"-p", "build", "."});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:5: warning:"));
  EXPECT_THAT(R.Out, HasSubstr("out/ignored.cpp:4:5: warning:"));
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("CMakeCXXCompilerId")));
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("probe.cpp")));
}

} // namespace
} // namespace tablelint::test
