// Issue 12, item 1: filters with thousands of terms used to overflow the
// stack (exit 139, no output) in `tablelint filter`, in schema queries, in
// C++ string literals through `tablelint lint` and in the clang-tidy plugin.
// Each now ends in a positioned error or finding, with the real binaries.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string joined(const std::string &Term, const std::string &Op,
                   unsigned N) {
  std::string Out;
  for (unsigned I = 0; I < N; ++I)
    Out += (I ? " " + Op + " " : "") + Term;
  return Out;
}

// The reproduction:
//   tablelint filter "$(python3 -c "print(' and '.join(['A eq 1']*7000))")"
TEST(LongFilter, SevenThousandTermsAreAPositionedErrorInTheFilterCommand) {
  const ToolResult R = runTablelint({"filter", joined("A eq 1", "and", 7000)});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  // The 1001st comparison starts after 1000 x "A eq 1 and " (11 bytes).
  EXPECT_THAT(R.Err,
              HasSubstr("<filter>:1:11001: error: the filter has more than "
                        "1000 comparisons; tablelint does not analyse longer "
                        "filters (the Table service accepts at most 15) "
                        "[tablelint-invalid-filter]"));
  // The snippet shows the line around the error, not 77 KB of it.
  EXPECT_THAT(R.Err, HasSubstr("\n... and A eq 1 and A eq 1 and "));
  EXPECT_LT(R.Err.size(), 600u);
  EXPECT_EQ(R.Out, "");
}

TEST(LongFilter, AThousandTermsAreExplainedAndOverTheServiceCap) {
  const ToolResult R = runTablelint({"filter", joined("A eq 1", "or", 1000)});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("comparisons: 1000 (the service allows 15)"));
  EXPECT_THAT(R.Out, HasSubstr("has 1000 comparisons; the service accepts at "
                               "most 15 [tablelint-filter-too-complex]"));
}

// 60,000 levels: a command-line argument holds at most 128 KiB on Linux.
TEST(LongFilter, DeepParenthesesAreAnErrorNotACrash) {
  const std::string Deep =
      std::string(60000, '(') + "A eq 1" + std::string(60000, ')');
  const ToolResult R = runTablelint({"filter", Deep});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr("<filter>:1:102: error: the filter nests deeper "
                               "than 100 levels (parentheses and 'not')"));
}

// 10,000 terms in a schema query: a load error at the filter's column, and
// the other inputs are still analysed.
TEST(LongFilter, TenThousandTermsInASchemaQueryAreALoadError) {
  Project P;
  const std::string Filter =
      "PartitionKey eq 'p' and " + joined("deviceId eq 'd'", "and", 9999);
  const std::string Line = "      - {name: many, filter: \"" + Filter +
                           "\", rate: 1/s}\n";
  P.write("schema.yaml", "version: 1\n"
                         "accounts: [{name: main}]\n"
                         "tables:\n"
                         "  - name: Devices\n"
                         "    account: main\n"
                         "    partitionKey: \"{siteId}\"\n"
                         "    rowKey: \"{deviceId}\"\n"
                         "    properties:\n"
                         "      siteId: {type: string}\n"
                         "      deviceId: {type: string}\n"
                         "    queries:\n" +
                             Line);
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  const ToolResult R = P.lint({"-p", ".", "scan.cpp", "schema.yaml"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  // The 1001st comparison: 1 + 999 terms of "deviceId eq 'd' and " after
  // "PartitionKey eq 'p' and ", inside the quoted scalar.
  const std::size_t Offset = 24 + 999 * 20;
  const std::size_t Column = Line.find('"') + 2 + Offset;
  EXPECT_THAT(R.Err, HasSubstr("schema.yaml:12:" + std::to_string(Column) +
                               ": error: filter of query 'many' does not "
                               "parse: the filter has more than 1000 "
                               "comparisons"));
  EXPECT_THAT(R.Out, HasSubstr("scan.cpp:4:"));
}

// 20,000 terms in a C++ literal: an invalid-filter finding at the column of
// the 1001st comparison, through tablelint and through the plugin in the
// real clang-tidy-19, and a message that quotes the start of the filter.
TEST(LongFilter, TwentyThousandTermsInACppLiteralAreAFinding) {
  Project P;
  const std::string Filter =
      "PartitionKey eq 'p' and " + joined("Status eq 1", "and", 19999);
  const std::string Assign = "  o.Filter = \"" + Filter + "\";\n";
  const std::string File =
      P.write("long.cpp", std::string("#include <azure/data/tables.hpp>\n"
                                      "using namespace Azure::Data::Tables;\n"
                                      "void scan(TableClient const &t) {\n"
                                      "  Models::QueryEntitiesOptions o;\n") +
                              Assign +
                              "  t.QueryEntities(o);\n"
                              "}\n");
  // The 1001st comparison: 24 bytes, then 999 x "Status eq 1 and " (16).
  const std::string Where =
      "long.cpp:5:" + std::to_string(Assign.find('"') + 2 + 24 + 999 * 16) +
      ": ";
  const std::string Quoted = "filter \"PartitionKey eq 'p' and Status eq 1";
  const std::string Why = "does not parse: the filter has more than 1000 "
                          "comparisons; tablelint does not analyse longer "
                          "filters (the Table service accepts at most 15) at "
                          "column 16009 [tablelint-invalid-filter]";

  const ToolResult Lint = runTablelint(
      {"lint", File, "--", "-std=c++17", "-I" + mockIncludes()});
  EXPECT_EQ(Lint.ExitCode, 1) << Lint.Err;
  EXPECT_THAT(Lint.Out, HasSubstr(Where + "error: " + Quoted));
  EXPECT_THAT(Lint.Out, HasSubstr("...\" " + Why));
  EXPECT_LT(Lint.Out.size(), 2000u) << "the message quotes the whole filter";

  const ToolResult Tidy = runProgram(
      TABLELINT_CLANG_TIDY, {"--load=" TABLELINT_PLUGIN,
                             "--checks=-*,tablelint-*", "--quiet", File, "--",
                             "-std=c++17", "-I" + mockIncludes()});
  EXPECT_EQ(Tidy.ExitCode, 0) << Tidy.Err;
  // clang-tidy shows every check's diagnostic as a warning.
  EXPECT_THAT(Tidy.Out, HasSubstr(Where));
  EXPECT_THAT(Tidy.Out, HasSubstr(Quoted));
  EXPECT_THAT(Tidy.Out, HasSubstr(Why));
  EXPECT_THAT(Tidy.Err, Not(HasSubstr("Stack dump")));
}

} // namespace
} // namespace tablelint::test
