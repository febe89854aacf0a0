// Findings in a project's own headers, end to end: reported at the header's
// lines, once however many translation units include the header, in the
// text, JSON and SARIF reports and in merged shards; --header-filter and
// `header-filter:` in .tablelint.yaml, which the flag overrides; the
// default (headers under the source root, never system headers).
#include "tests/support/LintProject.h"
#include "tests/support/SarifValidation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <filesystem>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
namespace json = llvm::json;

// A wrapper whose table scan is on line 8, column 8.
const char *WrapperHeader = R"(#pragma once
#include <azure/data/tables.hpp>
namespace shop {
class OrdersTable {
public:
  explicit OrdersTable(Azure::Data::Tables::TableClient c) : c_(std::move(c)) {}
  void reindex() const {
    c_.QueryEntities();
  }
private:
  Azure::Data::Tables::TableClient c_;
};
}
)";

std::string unitSource(int I) {
  return "#include \"OrdersTable.h\"\nvoid use" + std::to_string(I) +
         "(shop::OrdersTable const &t) { t.reindex(); }\n";
}

// Counts the non-overlapping occurrences of Part in Text.
std::size_t occurrences(const std::string &Text, const std::string &Part) {
  std::size_t N = 0;
  for (std::size_t At = Text.find(Part); At != std::string::npos;
       At = Text.find(Part, At + Part.size()))
    ++N;
  return N;
}

// A project of 6 TUs that all include include/OrdersTable.h.
class HeaderProject : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("include/OrdersTable.h", WrapperHeader);
    std::string Json = "[\n";
    for (int I = 0; I < 6; ++I) {
      const std::string Name = "src/unit" + std::to_string(I) + ".cpp";
      P.write(Name, unitSource(I));
      Json += std::string(I ? ",\n" : "") + "{\"directory\": \"" + P.Dir +
              "\", \"file\": \"" + P.Dir + "/" + Name +
              "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" + P.Dir +
              "/include\", \"-isystem\", \"" + mockIncludes() +
              "\", \"-c\", \"" + P.Dir + "/" + Name + "\"]}";
    }
    P.write("compile_commands.json", Json + "\n]\n");
  }
  Project P;
};

json::Array resultsOf(const std::string &Sarif) {
  auto Log = json::parse(Sarif);
  EXPECT_TRUE(bool(Log));
  if (!Log)
    return {};
  return *(*Log->getAsObject()->getArray("runs"))[0].getAsObject()->getArray(
      "results");
}

std::string uriOf(const json::Value &Result) {
  return (*Result.getAsObject()->getArray("locations"))[0]
      .getAsObject()
      ->getObject("physicalLocation")
      ->getObject("artifactLocation")
      ->getString("uri")
      ->str();
}

TEST_F(HeaderProject, AHeaderFindingIsReportedOnceInText) {
  ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  const std::string Where = "include/OrdersTable.h:8:8: warning: ";
  EXPECT_EQ(occurrences(R.Out, Where), 1u) << R.Out;
  EXPECT_THAT(R.Out, HasSubstr("query has no filter and no partition key"));
  EXPECT_EQ(occurrences(R.Out, "[tablelint-table-scan]"), 1u) << R.Out;
}

TEST_F(HeaderProject, AHeaderFindingIsOneResultInJsonAndSarif) {
  ToolResult J = P.lint({"--format", "json", "src"});
  EXPECT_EQ(J.ExitCode, 1) << J.Err;
  EXPECT_EQ(occurrences(J.Out, "\"path\": \"include/OrdersTable.h\""), 1u)
      << J.Out;

  ToolResult S = P.lint({"--format", "sarif", "-o", "lint.sarif", "src"});
  EXPECT_EQ(S.ExitCode, 1) << S.Err;
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/lint.sarif"), IsEmpty());
  const json::Array Results = resultsOf(P.read("lint.sarif"));
  ASSERT_EQ(Results.size(), 1u);
  EXPECT_EQ(uriOf(Results[0]), "include/OrdersTable.h");
}

TEST_F(HeaderProject, MergedShardsKeepTheHeaderFindingOnce) {
  for (const char *Shard : {"1/3", "2/3", "3/3"})
    P.lint({"--shard", Shard, "--format", "sarif", "-o",
            std::string("shard") + Shard[0] + ".sarif", "src"});
  // Every shard that has a TU reaches the header: the merge sees it twice
  // or more.
  std::size_t InShards = 0;
  for (const char *Name : {"shard1.sarif", "shard2.sarif", "shard3.sarif"})
    InShards += resultsOf(P.read(Name)).size();
  ASSERT_GE(InShards, 2u);
  ToolResult M = runTablelint({"merge", "shard1.sarif", "shard2.sarif",
                               "shard3.sarif", "-o", "merged.sarif"},
                              P.Dir);
  ASSERT_EQ(M.ExitCode, 0) << M.Err;
  EXPECT_THAT(sarifValidationErrors(P.Dir + "/merged.sarif"), IsEmpty());
  const json::Array Results = resultsOf(P.read("merged.sarif"));
  ASSERT_EQ(Results.size(), 1u);
  EXPECT_EQ(uriOf(Results[0]), "include/OrdersTable.h");
}

TEST_F(HeaderProject, TheHeaderFilterChoosesTheHeaders) {
  ToolResult None = P.lint({"--header-filter", "NoSuchHeader", "src"});
  EXPECT_EQ(None.ExitCode, 0) << None.Err;
  EXPECT_THAT(None.Out, Not(HasSubstr("OrdersTable.h")));
  ToolResult Named =
      P.lint({"--header-filter", "/include/Orders[A-Za-z]+\\.h$", "src"});
  EXPECT_EQ(Named.ExitCode, 1) << Named.Err;
  EXPECT_EQ(occurrences(Named.Out, "OrdersTable.h:8:8: warning"), 1u);
  ToolResult Bad = P.lint({"--header-filter", "(", "src"});
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("invalid value '(' for '--header-filter'"));
}

TEST_F(HeaderProject, TheConfigurationsHeaderFilterChoosesTheHeaders) {
  // Config only: a filter that matches no header hides the header finding.
  P.write(".tablelint.yaml", "header-filter: NoSuchHeader\n");
  ToolResult None = P.lint({"src"});
  EXPECT_EQ(None.ExitCode, 0) << None.Out << None.Err;
  EXPECT_THAT(None.Out, Not(HasSubstr("OrdersTable.h")));

  // Config only: a filter that names it reports it once.
  P.write(".tablelint.yaml", "header-filter: /include/Orders[A-Za-z]+[.]h$\n");
  ToolResult Named = P.lint({"src"});
  EXPECT_EQ(Named.ExitCode, 1) << Named.Err;
  EXPECT_EQ(occurrences(Named.Out, "OrdersTable.h:8:8: warning"), 1u)
      << Named.Out;
}

TEST_F(HeaderProject, TheCommandLineHeaderFilterOverridesTheConfiguration) {
  P.write(".tablelint.yaml", "header-filter: NoSuchHeader\n");
  ToolResult Flag = P.lint({"--header-filter", "OrdersTable", "src"});
  EXPECT_EQ(Flag.ExitCode, 1) << Flag.Err;
  EXPECT_EQ(occurrences(Flag.Out, "OrdersTable.h:8:8: warning"), 1u)
      << Flag.Out;

  P.write(".tablelint.yaml", "header-filter: OrdersTable\n");
  ToolResult Hidden = P.lint({"--header-filter", "NoSuchHeader", "src"});
  EXPECT_EQ(Hidden.ExitCode, 0) << Hidden.Out << Hidden.Err;
  EXPECT_THAT(Hidden.Out, Not(HasSubstr("OrdersTable.h")));
}

TEST_F(HeaderProject, AnInvalidConfiguredHeaderFilterIsAPositionedError) {
  P.write(".tablelint.yaml", "rules:\n  disable: [nagle-enabled]\n"
                             "header-filter: \"include/(Orders\"\n");
  ToolResult R = P.lint({"src"});
  EXPECT_EQ(R.ExitCode, 2) << R.Out << R.Err;
  EXPECT_THAT(R.Out + R.Err,
              HasSubstr(".tablelint.yaml:3:16: error: invalid 'header-filter' "
                        "'include/(Orders': parentheses not balanced"));
  // The run goes on without the filter: the default (under the source
  // root) reports the header.
  EXPECT_EQ(occurrences(R.Out, "OrdersTable.h:8:8: warning"), 1u) << R.Out;
  // The flag, valid, still overrides the configuration.
  ToolResult Flag = P.lint({"--header-filter", "NoSuchHeader", "src"});
  EXPECT_EQ(Flag.ExitCode, 2) << Flag.Err;
  EXPECT_THAT(Flag.Out, Not(HasSubstr("OrdersTable.h:8:8")));
}

TEST(HeaderScope, HeadersOutsideTheSourceRootAndSystemHeadersAreNotReported) {
  Project P;
  Project Elsewhere(/*GitRoot=*/false);
  Elsewhere.write("vendor/OrdersTable.h", WrapperHeader);
  P.write("use.cpp", unitSource(0));
  P.write("compile_commands.json",
          "[{\"directory\": \"" + P.Dir + "\", \"file\": \"" + P.Dir +
              "/use.cpp\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
              Elsewhere.Dir + "/vendor\", \"-isystem\", \"" + mockIncludes() +
              "\", \"-c\", \"use.cpp\"]}]\n");
  ToolResult Default = P.lint({"use.cpp"});
  EXPECT_EQ(Default.ExitCode, 0) << Default.Out << Default.Err;
  ToolResult All = P.lint({"--header-filter", ".*", "use.cpp"});
  EXPECT_EQ(All.ExitCode, 1) << All.Err;
  EXPECT_THAT(All.Out,
              HasSubstr(Elsewhere.Dir + "/vendor/OrdersTable.h:8:8: warning"));

  // The same header as a system header: never reported.
  P.write("compile_commands.json",
          "[{\"directory\": \"" + P.Dir + "\", \"file\": \"" + P.Dir +
              "/use.cpp\", \"arguments\": [\"clang++\", \"-std=c++17\", "
              "\"-isystem\", \"" +
              Elsewhere.Dir + "/vendor\", \"-isystem\", \"" + mockIncludes() +
              "\", \"-c\", \"use.cpp\"]}]\n");
  ToolResult System = P.lint({"--header-filter", ".*", "use.cpp"});
  EXPECT_EQ(System.ExitCode, 0) << System.Out << System.Err;
}

} // namespace
} // namespace tablelint::test
