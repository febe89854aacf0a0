// Schema files in `tablelint lint`, end to end through the real binary: the
// findings with their YAML positions, next to C++ findings in one report;
// load errors as file:line:col errors that do not stop the rest; schema YAML
// found in directories (and other YAML left alone); unused suppressions;
// SARIF that validates; baselines keyed on the element, not the line.
#include "tests/support/LintProject.h"
#include "tests/support/SarifValidation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// A date as the partition key, 6,000 single inserts/s: the write lands on
// one partition (the write at line 14, the partition key at line 8).
const char *const DateKeySchema = R"(version: 1
accounts: [{name: telemetry, region: westeurope}]
clients:
  - {name: ingest, kind: service, region: westeurope, auth: token}
tables:
  - name: Readings
    account: telemetry
    partitionKey: "{readingTime:yyyyMMdd}"
    rowKey: "{deviceId}_{readingTime:HHmmssfff}"
    properties:
      deviceId: {type: string, distinct: 50000}
      readingTime: {type: datetime, grows: true}
    writes:
      - {name: ingest-reading, client: ingest, op: insert, rate: 6000/s}
)";

TEST(LintSchema, ReportsSchemaFindingsAtTheirElement) {
  Project P;
  P.write("schema/telemetry.yaml", DateKeySchema);
  const ToolResult R = P.lint({"schema/telemetry.yaml"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  EXPECT_THAT(R.Out,
              ::testing::ContainsRegex(
                  "schema/telemetry.yaml:8:19: warning: partition key "
                  "'\\{readingTime:yyyyMMdd\\}' leads with 'readingTime'.*"
                  "\\[tablelint-time-based-partition-key\\]"));
  EXPECT_THAT(R.Out, HasSubstr("schema/telemetry.yaml:14:9: warning: write "
                               "'ingest-reading' puts 6000 entities/s on one "
                               "partition"));
}

// Idempotency claims: one insert per API request, 150/s on each of 10
// tenants' partitions. A schema cannot tell independent callers from a
// bulk writer, so unbatched-writes is a note: it is shown, and the default
// gate (warning) passes; `--fail-on note` still fails on it.
TEST(LintSchema, UnbatchedWritesOfASchemaIsANoteBelowTheDefaultGate) {
  Project P;
  P.write("schema/claims.yaml", R"(version: 1
accounts: [{name: pay, region: westeurope}]
tables:
  - name: Claims
    account: pay
    partitionKey: "{tenantId}"
    rowKey: "{requestId}"
    properties:
      tenantId: {type: string, distinct: 10}
      requestId: {type: guid}
    writes:
      - {name: claim-request, op: insert, rate: 1500/s}
    retention: 1d
)");
  const ToolResult R = P.lint({"schema/claims.yaml"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out, HasSubstr("schema/claims.yaml:12:9: note: write "
                               "'claim-request' sends 1500 single-entity "
                               "requests/s"));
  const ToolResult Strict =
      P.lint({"--fail-on", "note", "schema/claims.yaml"});
  EXPECT_EQ(Strict.ExitCode, 1) << Strict.Out << Strict.Err;
}

// Lines of Text that start with Prefix.
std::size_t linesStartingWith(const std::string &Text, const std::string &Prefix) {
  std::size_t N = 0;
  for (std::size_t At = 0; At < Text.size();) {
    const std::size_t End = Text.find('\n', At);
    if (Text.compare(At, Prefix.size(), Prefix) == 0)
      ++N;
    if (End == std::string::npos)
      break;
    At = End + 1;
  }
  return N;
}

TEST(LintSchema, SchemaAndCppPathsAreShownAsTypedFromTheWorkingDirectory) {
  Project P;
  P.write("svc/schema/telemetry.yaml", DateKeySchema);
  P.write("svc/src/scan.cpp", ScanSource);
  P.database({"svc/src/scan.cpp"});
  const ToolResult Text = P.lint({"-p", ".", "svc"});
  EXPECT_EQ(Text.ExitCode, 1) << Text.Err;
  // Both kinds of finding start with the path relative to where tablelint
  // runs, as the README shows; none with the absolute path.
  EXPECT_EQ(linesStartingWith(Text.Out, "svc/schema/telemetry.yaml:8:19: warning: "
                                        "partition key"),
            1u)
      << Text.Out;
  EXPECT_EQ(linesStartingWith(Text.Out, "svc/src/scan.cpp:4:5: warning: "), 1u)
      << Text.Out;
  EXPECT_THAT(Text.Out, Not(HasSubstr(P.Dir + "/svc/")));

  const ToolResult Github = P.lint({"-p", ".", "--format", "github", "svc"});
  EXPECT_EQ(Github.ExitCode, 1) << Github.Err;
  EXPECT_THAT(Github.Out, HasSubstr("::warning file=svc/schema/telemetry.yaml,"
                                    "line=8,col=19,"));
  EXPECT_THAT(Github.Out, HasSubstr("::warning file=svc/src/scan.cpp,line=4,"));
  EXPECT_THAT(Github.Out, Not(HasSubstr(P.Dir)));

  // Run from elsewhere, a file outside the working directory keeps its
  // absolute path (a ../../ chain would be harder to read).
  Project Other;
  const ToolResult Outside = runTablelint(
      {"lint", P.Dir + "/svc/schema/telemetry.yaml"}, Other.Dir);
  EXPECT_EQ(Outside.ExitCode, 1) << Outside.Err;
  EXPECT_EQ(linesStartingWith(Outside.Out, P.Dir + "/svc/schema/telemetry.yaml:8:19: "),
            1u)
      << Outside.Out;
}

TEST(LintSchema, BadSchemaIsAnInputErrorAndTheRestIsStillAnalysed) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  P.write("bad.yaml", "version: 1\ntables:\n  - name: Orders\n    colour: red\n");
  const ToolResult R = P.lint({"-p", ".", "scan.cpp", "bad.yaml"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, ::testing::ContainsRegex("bad.yaml:4:5: error: .*colour"));
  // The C++ file was analysed all the same.
  EXPECT_THAT(R.Out, HasSubstr("scan.cpp:4:"));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-table-scan]"));
}

TEST(LintSchema, DirectoriesYieldSchemasButNotOtherYaml) {
  Project P;
  P.write("svc/schema.yaml", DateKeySchema);
  // A CI workflow is YAML but not a schema: not reported as a bad schema.
  P.write("svc/.github/workflows/ci.yml",
          "name: ci\non: [push]\njobs: {build: {runs-on: ubuntu-latest}}\n");
  P.write("svc/.tablelint.yaml", "severity: {time-based-partition-key: error}\n");
  const ToolResult R = P.lint({"svc"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  // The configuration next to the schema applies to it.
  EXPECT_THAT(R.Out, HasSubstr("svc/schema.yaml:8:19: error: partition key"));
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("ci.yml")));
}

// Other tools' YAML that a repository holds next to its schemas: none of it
// is a schema, none of it is reported.
void writeOtherToolsYaml(const Project &P, const std::string &Dir) {
  P.write(Dir + "/docker-compose.yml",
          "version: '3.8'\nservices:\n  web: {image: nginx}\nvolumes: {}\n");
  P.write(Dir + "/.pre-commit-config.yaml",
          "repos:\n  - repo: local\n    hooks: []\n");
  P.write(Dir + "/.clang-tidy.yaml", "Checks: '-*,tablelint-*'\n");
  P.write(Dir + "/.github/workflows/ci.yml",
          "name: ci\non: [push]\njobs: {build: {runs-on: ubuntu-latest}}\n");
}

TEST(LintSchema, AMisspeltSchemaKeyIsAnErrorNotNothingToLint) {
  Project P;
  std::string Typo = DateKeySchema;
  Typo.replace(0, 7, "verison");
  P.write("schema/telemetry.yaml", Typo);
  writeOtherToolsYaml(P, "schema");
  const ToolResult R = P.lint({"schema"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, ::testing::ContainsRegex(
                         "schema/telemetry.yaml:1:1: error: .*'verison'.*did "
                         "you mean 'version'"));
  EXPECT_THAT(R.Err, Not(HasSubstr("nothing")));
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("docker-compose")));
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("ci.yml")));

  // As the pre-commit hook runs it, every staged YAML file named: the
  // misspelt schema fails the hook, the other files are still left alone.
  const std::vector<std::string> Files = {
      "schema/telemetry.yaml", "schema/docker-compose.yml",
      "schema/.pre-commit-config.yaml", "schema/.clang-tidy.yaml",
      "schema/.github/workflows/ci.yml"};
  std::vector<std::string> Args = {"--skip-non-schema-yaml"};
  Args.insert(Args.end(), Files.begin(), Files.end());
  const ToolResult Hook = P.lint(Args);
  EXPECT_EQ(Hook.ExitCode, 2) << Hook.Err;
  EXPECT_THAT(Hook.Err, HasSubstr("did you mean 'version'"));
  EXPECT_THAT(Hook.Out + Hook.Err, Not(HasSubstr("docker-compose")));

  // Spelt right, the same files pass the hook with the other YAML silent.
  P.write("schema/telemetry.yaml", DateKeySchema);
  Args.insert(Args.begin(), {"--fail-on", "never"});
  const ToolResult Fixed = P.lint(Args);
  EXPECT_EQ(Fixed.ExitCode, 0) << Fixed.Out << Fixed.Err;
  EXPECT_THAT(Fixed.Out + Fixed.Err, Not(HasSubstr("docker-compose")));
  EXPECT_THAT(Fixed.Out + Fixed.Err, Not(HasSubstr("ci.yml")));
}

TEST(LintSchema, OtherToolsYamlAloneIsLeftAlone) {
  Project P;
  writeOtherToolsYaml(P, "repo");
  const ToolResult Hook = P.lint(
      {"--skip-non-schema-yaml", "repo/docker-compose.yml",
       "repo/.pre-commit-config.yaml", "repo/.clang-tidy.yaml",
       "repo/.github/workflows/ci.yml"});
  EXPECT_EQ(Hook.ExitCode, 0) << Hook.Err;
  EXPECT_EQ(Hook.Out, "");
  EXPECT_THAT(Hook.Err, Not(HasSubstr("error")));
}

TEST(LintSchema, SuppressionsApplyAndUnusedOnesAreReported) {
  Project P;
  std::string Text = DateKeySchema;
  Text.replace(Text.find("    partitionKey:"), 0,
               "    # tablelint: ignore[time-based-partition-key] archive "
               "table, written by one batch job\n");
  Text += "    # tablelint: ignore[table-scan] no queries here yet\n"
          "    queries: []\n";
  P.write("s.yaml", Text);
  const ToolResult R = P.lint({"s.yaml"});
  EXPECT_THAT(R.Out, Not(HasSubstr("[tablelint-time-based-partition-key]")));
  EXPECT_THAT(R.Out, HasSubstr("[tablelint-partition-throughput]"));
  EXPECT_THAT(R.Err, ::testing::ContainsRegex("s.yaml:[0-9]+:[0-9]+: warning: .*table-scan"));
}

TEST(LintSchema, SarifWithSchemaAndCodeFindingsValidates) {
  Project P;
  P.write("scan.cpp", ScanSource);
  P.database({"scan.cpp"});
  P.write("schema/telemetry.yaml", DateKeySchema);
  const ToolResult R = P.lint({"-p", ".", "scan.cpp", "schema/telemetry.yaml",
                               "--format", "sarif", "-o", "out.sarif"});
  EXPECT_EQ(R.ExitCode, 1) << R.Err;
  const std::string Sarif = P.read("out.sarif");
  EXPECT_THAT(Sarif, HasSubstr("\"uri\": \"schema/telemetry.yaml\""));
  EXPECT_THAT(Sarif, HasSubstr("\"uri\": \"scan.cpp\""));
  EXPECT_EQ(sarifValidationErrors(P.Dir + "/out.sarif"),
            std::vector<std::string>());
}

TEST(LintSchema, BaselineFollowsTheElementNotTheLine) {
  Project P;
  P.write("s.yaml", DateKeySchema);
  ASSERT_EQ(P.lint({"s.yaml", "--write-baseline", "base.json"}).ExitCode, 0);
  // Comments above move every line down; the baselined findings stay
  // baselined.
  P.write("s.yaml", std::string("# Readings of the telemetry service.\n"
                                "# Owned by the platform team.\n") +
                        DateKeySchema);
  const ToolResult Same = P.lint({"s.yaml", "--baseline", "base.json"});
  EXPECT_EQ(Same.ExitCode, 0) << Same.Out << Same.Err;
  EXPECT_THAT(Same.Out, Not(HasSubstr("warning:")));
  // A second table with the same mistake is new.
  std::string Two = DateKeySchema;
  const std::string Table = Two.substr(Two.find("  - name: Readings"));
  std::string Copy = Table;
  Copy.replace(Copy.find("Readings"), 8, "Archive");
  Copy.replace(Copy.find("ingest-reading"), 14, "archive-reading");
  P.write("s.yaml", Two + Copy);
  const ToolResult New = P.lint({"s.yaml", "--baseline", "base.json"});
  EXPECT_EQ(New.ExitCode, 1);
  EXPECT_THAT(New.Out, HasSubstr("s.yaml:17:19: warning: partition key"));
  EXPECT_THAT(New.Out, Not(HasSubstr("s.yaml:8:19:")));
}

} // namespace
} // namespace tablelint::test
