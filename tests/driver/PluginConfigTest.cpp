// One configuration for the editor and CI: the real clang-tidy-19 with the
// plugin reads the thresholds and API role maps of the .tablelint.yaml found
// upward from each file, as `tablelint lint` does; a `.clang-tidy`
// CheckOptions value still wins over it.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Three comparisons on line 6 (the default limit is 15) and a query through
// an in-house wrapper on line 14.
const char *const Source = R"(#include <azure/data/tables.hpp>
using namespace Azure::Data::Tables;
void few(TableClient const &t) {
  Models::QueryEntitiesOptions few;
  few.Filter = "PartitionKey eq 'p' and RowKey ge 'a' and RowKey lt 'b'";
  t.QueryEntities(few);
}
namespace shop {
struct Store {
  void find(char const *filter) const;
};
} // namespace shop
void wrapped(shop::Store const &s) {
  s.find("Status eq 'open'");
}
)";

ToolResult clangTidy(const Project &P) {
  return runProgram(TABLELINT_CLANG_TIDY,
                    {"--load=" TABLELINT_PLUGIN, "--checks=-*,tablelint-*",
                     "--quiet", P.Dir + "/src/few.cpp", "--", "-std=c++17",
                     "-I" + mockIncludes()},
                    P.Dir);
}

TEST(PluginConfiguration, TablelintYamlThresholdsAndRoleMapsReachClangTidy) {
  Project P;
  P.write("src/few.cpp", Source);
  ToolResult Default = clangTidy(P);
  EXPECT_EQ(Default.ExitCode, 0) << Default.Err;
  EXPECT_THAT(Default.Out, Not(HasSubstr("[tablelint-filter-too-complex]")));
  EXPECT_THAT(Default.Out, Not(HasSubstr("[tablelint-table-scan]")));

  P.write(
      ".tablelint.yaml",
      "thresholds:\n  filter-too-complex: {MaxComparisons: 2}\n"
      "apis:\n  - api: shop\n    namespaces: [shop]\n    functions:\n"
      "      - {name: Store::find, role: query, filter: 0, table: Orders}\n");
  ToolResult Configured = clangTidy(P);
  EXPECT_EQ(Configured.ExitCode, 0) << Configured.Err;
  EXPECT_THAT(Configured.Out, HasSubstr("src/few.cpp:6:"));
  EXPECT_THAT(Configured.Out, HasSubstr("3 comparisons"));
  EXPECT_THAT(Configured.Out, HasSubstr("[tablelint-filter-too-complex]"));
  EXPECT_THAT(Configured.Out, HasSubstr("src/few.cpp:14:"));
  EXPECT_THAT(Configured.Out,
              HasSubstr("over 'Orders' [tablelint-table-scan]"));

  // The CLI sees the same configuration and reports the same two.
  P.database({"src/few.cpp"});
  ToolResult Lint = P.lint({"--fail-on", "never", "src"});
  EXPECT_THAT(Lint.Out, HasSubstr("src/few.cpp:6:"));
  EXPECT_THAT(Lint.Out, HasSubstr("[tablelint-filter-too-complex]"));
  EXPECT_THAT(Lint.Out, HasSubstr("over 'Orders' [tablelint-table-scan]"));
}

TEST(PluginConfiguration, ClangTidyCheckOptionsOverrideTablelintYaml) {
  Project P;
  P.write("src/few.cpp", Source);
  P.write(".tablelint.yaml",
          "thresholds:\n  filter-too-complex: {MaxComparisons: 2}\n");
  P.write(
      ".clang-tidy",
      "CheckOptions:\n  tablelint-filter-too-complex.MaxComparisons: '3'\n");
  ToolResult R = clangTidy(P);
  EXPECT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_THAT(R.Out, Not(HasSubstr("[tablelint-filter-too-complex]")));
}

TEST(PluginConfiguration, ErrorsInTablelintYamlAreShownByClangTidy) {
  Project P;
  P.write("src/few.cpp", Source);
  P.write(".tablelint.yaml",
          "thresholds:\n  filter-too-complex: {MaxComparisons: many}\n");
  ToolResult R = clangTidy(P);
  EXPECT_THAT(R.Out + R.Err,
              HasSubstr(".tablelint.yaml:2:40: error: threshold "
                        "'filter-too-complex.MaxComparisons' must be a whole "
                        "number, got 'many'"));
  // The bad value is not used: the default limit applies.
  EXPECT_THAT(R.Out, Not(HasSubstr("[tablelint-filter-too-complex]")));
}

} // namespace
} // namespace tablelint::test
