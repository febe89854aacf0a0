// End-to-end tests of the schema-drift rule: `tablelint lint` on code and a
// schema (test-inputs/code/schema-drift: design/shop.yaml and three bad
// cases of each kind, plus code that agrees), the schema named by
// .tablelint.yaml, the bundled example, and the clang-tidy plugin, which
// has no schema and stays silent.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <set>

namespace tablelint::test {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::Not;

const fs::path SourceDir = TABLELINT_SOURCE_DIR;

// The project of the inputs copied under a fresh git root.
class DriftProject : public Project {
public:
  DriftProject() {
    fs::copy(SourceDir / "test-inputs/code/schema-drift", Dir,
             fs::copy_options::recursive);
    database({"src/agrees.cpp", "src/tables.cpp", "src/queries.cpp",
              "src/keys.cpp"});
  }
};

// "file:line" of each schema-drift warning in a text report.
std::set<std::string> driftLines(const std::string &Out) {
  std::set<std::string> Lines;
  static const std::regex Warning(
      R"(([^\s:]+):(\d+):\d+: warning: [^\n]*\[tablelint-schema-drift\])");
  for (std::sregex_iterator It(Out.begin(), Out.end(), Warning), End;
       It != End; ++It)
    Lines.insert((*It)[1].str() + ":" + (*It)[2].str());
  return Lines;
}

TEST(SchemaDrift, TablesTheSchemaDoesNotDeclareAtTheCodeLine) {
  DriftProject P;
  ToolResult R = P.lint({"-p", P.Dir, "src/tables.cpp", "design/shop.yaml"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(driftLines(R.Out),
            (std::set<std::string>{"src/tables.cpp:19", "src/tables.cpp:27",
                                   "src/tables.cpp:35"}))
      << R.Out;
  EXPECT_THAT(R.Out, HasSubstr("src/tables.cpp:19:13: warning: table "
                               "'Customers' is not declared in the schema"));
  EXPECT_THAT(R.Out, HasSubstr("table 'Invoices' is not declared"));
  EXPECT_THAT(R.Out, HasSubstr("table 'Archive{year}' is not declared"));
  EXPECT_THAT(R.Out, HasSubstr("design/shop.yaml:6:5: note: the tables this "
                               "schema declares"));
  // NOLINT and NOLINTNEXTLINE keep the Audits table of another team out.
  EXPECT_THAT(R.Out, Not(HasSubstr("Audits")));
}

TEST(SchemaDrift, FiltersThatDifferFromTheDeclaredQuery) {
  DriftProject P;
  ToolResult R = P.lint({"-p", P.Dir, "src/queries.cpp", "design/shop.yaml"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(driftLines(R.Out),
            (std::set<std::string>{"src/queries.cpp:18", "src/queries.cpp:27",
                                   "src/queries.cpp:35"}))
      << R.Out;
  // Paired with the declared query of the same key shape and properties.
  EXPECT_THAT(R.Out,
              HasSubstr("src/queries.cpp:18:10: warning: the filter "
                        "'PartitionKey eq '{customerId}' and Status eq "
                        "'closed'' differs from the declared query "
                        "'open-orders' of table 'Orders'"));
  EXPECT_THAT(R.Out, HasSubstr("design/shop.yaml:25:17: note: declared filter "
                               "of tables[Orders].queries[open-orders]"));
  EXPECT_THAT(R.Out, HasSubstr("differs from the declared query "
                               "'customer-day'"));
  EXPECT_THAT(R.Out, HasSubstr("design/shop.yaml:22:17: note: declared filter "
                               "of tables[Orders].queries[customer-day]"));
  // No declared query reads across partitions: undeclared, not different.
  EXPECT_THAT(R.Out, HasSubstr("src/queries.cpp:35:10: warning: a query of "
                               "table 'Orders' that the schema does not "
                               "declare: no declared query has its key shape "
                               "(no key condition); filter 'Total gt 100'"));
}

TEST(SchemaDrift, KeysBuiltOtherwiseThanTheTemplates) {
  DriftProject P;
  ToolResult R = P.lint({"-p", P.Dir, "src/keys.cpp", "design/shop.yaml"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(driftLines(R.Out),
            (std::set<std::string>{"src/keys.cpp:21", "src/keys.cpp:30",
                                   "src/keys.cpp:39"}))
      << R.Out;
  EXPECT_THAT(R.Out, HasSubstr("the PartitionKey 'c_{customerId}' differs "
                               "from the template of table 'Orders': "
                               "'{customerId}'"));
  EXPECT_THAT(R.Out, HasSubstr("design/shop.yaml:8:19: note: declared "
                               "PartitionKey of tables[Orders]"));
  EXPECT_THAT(R.Out, HasSubstr("the RowKey '{now:yyyyMM}_{orderId}' differs"));
  EXPECT_THAT(R.Out, HasSubstr("the RowKey '{now:yyyyMMdd}{orderId}' differs"));
  EXPECT_THAT(R.Out, HasSubstr("design/shop.yaml:9:13: note: declared RowKey "
                               "of tables[Orders]"));
}

TEST(SchemaDrift, CodeThatAgreesWithTheSchemaIsSilent) {
  DriftProject P;
  ToolResult R = P.lint({"-p", P.Dir, "src/agrees.cpp", "design/shop.yaml"});
  EXPECT_THAT(R.Out, Not(HasSubstr("schema-drift"))) << R.Out << R.Err;
  EXPECT_THAT(R.Err, Not(HasSubstr("error")));
}

TEST(SchemaDrift, WithoutASchemaNothingIsCompared) {
  DriftProject P;
  ToolResult R = P.lint({"-p", P.Dir, "src/tables.cpp", "src/queries.cpp",
                         "src/keys.cpp"});
  EXPECT_THAT(R.Out, Not(HasSubstr("schema-drift"))) << R.Out << R.Err;
}

TEST(SchemaDrift, TheSchemaTablelintYamlNames) {
  DriftProject P;
  P.write(".tablelint.yaml", "schema: design/shop.yaml\n");
  ToolResult R = P.lint({"-p", P.Dir, "src/tables.cpp", "src/agrees.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_EQ(driftLines(R.Out),
            (std::set<std::string>{"src/tables.cpp:19", "src/tables.cpp:27",
                                   "src/tables.cpp:35"}))
      << R.Out;
  // Compared with, not linted: the schema's own partition-scan note (on
  // open-orders) is not reported when it is not among the inputs.
  EXPECT_THAT(R.Out, Not(HasSubstr("design/shop.yaml:24:9")));
}

TEST(SchemaDrift, ASchemaKeyNamingNoFileIsAnErrorAtItsLine) {
  DriftProject P;
  P.write(".tablelint.yaml", "rules: {disable: [table-scan]}\n"
                             "schema: design/missing.yaml\n");
  ToolResult R = P.lint({"-p", P.Dir, "src/tables.cpp"});
  EXPECT_EQ(R.ExitCode, 2) << R.Out << R.Err;
  EXPECT_THAT(R.Out + R.Err,
              HasSubstr(".tablelint.yaml:2:9: error: 'schema' names no "
                        "schema file: 'design/missing.yaml'"));
  EXPECT_THAT(R.Out, Not(HasSubstr("schema-drift")));
}

TEST(SchemaDrift, ASchemaThatDoesNotLoadIsReportedNotCompared) {
  DriftProject P;
  P.write("design/broken.yaml", "version: 1\ntables:\n  - name: [\n");
  P.write(".tablelint.yaml", "schema: design/broken.yaml\n");
  ToolResult R = P.lint({"-p", P.Dir, "src/tables.cpp"});
  EXPECT_EQ(R.ExitCode, 2) << R.Out << R.Err;
  EXPECT_THAT(R.Out + R.Err, HasSubstr("design/broken.yaml:"));
  EXPECT_THAT(R.Out, Not(HasSubstr("schema-drift")));
}

// The example's code keeps to its schema except where it really drifted:
// DeviceRegistry.cpp (Devices, its keys and site-devices) is silent.
TEST(SchemaDrift, TheBundledExampleOnlyWhereItDisagrees) {
  Project P;
  const std::string Example = (SourceDir / "examples/telemetry-service").string();
  std::string Json = "[\n";
  for (const char *F : {"DeviceRegistry.cpp", "ReadingStore.cpp",
                        "RequestHandler.cpp", "Retry.cpp", "main.cpp"}) {
    const std::string File = Example + "/src/" + F;
    Json += std::string(Json.size() > 2 ? ",\n" : "") + "  {\"directory\": \"" +
            P.Dir + "\", \"file\": \"" + File +
            "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
            mockIncludes() + "\", \"-c\", \"" + File + "\"]}";
  }
  P.write("compile_commands.json", Json + "\n]\n");
  ToolResult R = runTablelint({"lint", "-p", P.Dir, Example, "--enable",
                               "schema-drift"},
                              SourceDir.string());
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  const std::string Src = "examples/telemetry-service/src/";
  EXPECT_EQ(driftLines(R.Out),
            (std::set<std::string>{Src + "ReadingStore.cpp:26",
                                   Src + "ReadingStore.cpp:37",
                                   Src + "ReadingStore.cpp:49",
                                   Src + "RequestHandler.cpp:29",
                                   Src + "RequestHandler.cpp:40"}))
      << R.Out;
  // Property names are case-sensitive: 'Status' is not the schema's 'status'.
  EXPECT_THAT(R.Out, HasSubstr("the filter 'Status eq 'fail'' differs from "
                               "the declared query 'failing-devices'"));
  EXPECT_THAT(R.Out, HasSubstr("the RowKey '{deviceId}_{time:HHmmss}' differs"));
  EXPECT_THAT(R.Out, HasSubstr("table 'DeviceStatus' is not declared"));
}

// schema-drift reads the code from the parse the other checks run on: with
// the rule on and a schema, each unit is parsed once, as without a schema,
// and the rule still reports (`--verbose` counts clang's parses).
TEST(SchemaDrift, EachUnitIsParsedOnceWithTheRuleOn) {
  DriftProject P;
  ToolResult R = P.lint({"-p", P.Dir, "src", "design/shop.yaml", "--verbose"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-schema-drift]"));
  EXPECT_THAT(R.Err,
              HasSubstr("tablelint: clang parsed 4 translation units in 4 parses\n"));
  ToolResult Alone = P.lint({"-p", P.Dir, "src/tables.cpp", "design/shop.yaml",
                             "--enable", "schema-drift", "--verbose"});
  EXPECT_EQ(Alone.ExitCode, 1) << Alone.Err;
  EXPECT_EQ(driftLines(Alone.Out).size(), 3u) << Alone.Out;
  EXPECT_THAT(Alone.Err,
              HasSubstr("tablelint: clang parsed 1 translation unit in 1 parse\n"));
  ToolResult Without = P.lint({"-p", P.Dir, "src", "--verbose"});
  EXPECT_THAT(Without.Out, Not(HasSubstr("schema-drift")));
  EXPECT_THAT(Without.Err,
              HasSubstr("tablelint: clang parsed 4 translation units in 4 parses\n"));
  // Without --verbose the count is not printed.
  ToolResult Quiet = P.lint({"-p", P.Dir, "src/tables.cpp", "design/shop.yaml"});
  EXPECT_THAT(Quiet.Err, Not(HasSubstr("clang parsed")));
}

// The plugin sees one translation unit and no schema: no such check.
TEST(SchemaDrift, TheClangTidyPluginStaysSilent) {
  DriftProject P;
  ToolResult List = runProgram(
      TABLELINT_CLANG_TIDY,
      {"--load=" TABLELINT_PLUGIN, "--checks=-*,tablelint-*", "--list-checks"});
  ASSERT_EQ(List.ExitCode, 0) << List.Err;
  EXPECT_THAT(List.Out, Not(HasSubstr("schema-drift")));
  ToolResult R = runProgram(
      TABLELINT_CLANG_TIDY,
      {"--load=" TABLELINT_PLUGIN, "--checks=-*,tablelint-*", "-p", P.Dir,
       P.Dir + "/src/tables.cpp", P.Dir + "/src/keys.cpp"},
      P.Dir);
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("schema-drift")));
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("not declared")));
}

} // namespace
} // namespace tablelint::test
