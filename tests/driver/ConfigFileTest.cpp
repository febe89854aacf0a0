// Issue 12, item 16 and the deep configuration of its minor list: a
// .tablelint.yaml is read with the schema loader's guards. A duplicate key
// (a second `rules:` block naming an unknown rule used to be ignored
// silently) and hostile nesting are errors at file:line:col, exit 2, and
// the code is still analysed.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class ConfigFile : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("src/scan.cpp", ScanSource);
    P.database({"src/scan.cpp"});
  }
  Project P;
};

TEST_F(ConfigFile, ADuplicateKeyIsAnErrorAtItsPosition) {
  P.write(".tablelint.yaml", "rules:\n"
                             "  disable: [partition-scan]\n"
                             "rules:\n"
                             "  enable: [no-such-rule]\n");
  const ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:3:1: error: duplicate key "
                               "'rules' (first at line 1)"));
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:"));
}

TEST_F(ConfigFile, DuplicateKeysInsideASectionAreErrorsToo) {
  P.write(".tablelint.yaml", "severity:\n"
                             "  table-scan: error\n"
                             "  table-scan: off\n");
  const ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:3:3: error: duplicate key "
                               "'table-scan' (first at line 2)"));
}

TEST_F(ConfigFile, ADistinctKeyPerSectionIsFine) {
  P.write(".tablelint.yaml", "rules:\n"
                             "  disable: [partition-scan]\n"
                             "severity:\n"
                             "  table-scan: error\n");
  const ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(R.Err.find("error: duplicate"), std::string::npos) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:5: error:"));
}

// 10,000 levels gave "invalid YAML: bad file" (or worse: yaml-cpp recurses
// once per level).
TEST_F(ConfigFile, TenThousandLevelsAreAPositionedError) {
  P.write(".tablelint.yaml", "rules: " + std::string(10000, '[') +
                                 std::string(10000, ']') + "\n");
  const ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr(".tablelint.yaml:1:71: error: collections nest "
                               "more than 64 levels deep here; refusing to "
                               "read the file"));
  EXPECT_THAT(R.Err, Not(HasSubstr("bad file")));
  EXPECT_THAT(R.Out, HasSubstr("src/scan.cpp:4:"));

  // Block mappings, one more space per level: the 65th level is refused.
  std::string Block;
  for (int I = 0; I < 200; ++I)
    Block += std::string(static_cast<std::size_t>(I), ' ') + "k:\n";
  P.write(".tablelint.yaml", Block);
  const ToolResult B = P.lint({"src"});
  EXPECT_EQ(B.ExitCode, 2) << B.Err;
  EXPECT_THAT(B.Err, HasSubstr(".tablelint.yaml:65:65: error: collections "
                               "nest more than 64 levels deep here"));
}

TEST_F(ConfigFile, AnAliasBombIsRefused) {
  std::string Bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  for (char C = 'b'; C <= 'h'; ++C)
    Bomb += std::string(1, C) + ": &" + C + " [*" + char(C - 1) + ", *" +
            char(C - 1) + ", *" + char(C - 1) + ", *" + char(C - 1) + ", *" +
            char(C - 1) + ", *" + char(C - 1) + ", *" + char(C - 1) + ", *" +
            char(C - 1) + ", *" + char(C - 1) + ", *" + char(C - 1) + "]\n";
  P.write(".tablelint.yaml", Bomb);
  const ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("nodes through anchors and aliases; refusing "
                               "to read it"));
}

} // namespace
} // namespace tablelint::test
