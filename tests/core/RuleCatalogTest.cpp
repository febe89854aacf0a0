// The rule catalog: the built-in catalog covers the specification, and a
// broken catalog file is reported with file:line:column.
#include "core/RuleCatalog.h"

#include "core/ApiRoles.h"
#include "core/CatalogCode.h"
#include "core/SecuritySeverity.h"
#include "tests/support/RunTool.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

namespace tablelint {
namespace {

using ::testing::HasSubstr;

// Every rule id CHECKLIST.md names, plus the three advisory entries for the
// items it leaves to the report (5, 9, 11), and schema-drift (issue 45: the
// code and the schema checked against each other).
const std::vector<std::string> SpecifiedRules = {
    "account-count",       "account-throughput",     "partition-throughput",
    "client-bandwidth",    "link-quality",           "region-mismatch",
    "shared-key-in-client", "unbatched-writes",      "invalid-batch",
    "modern-runtime",      "client-per-request",     "minimum-threads",
    "unbounded-parallelism", "legacy-client-library", "retry-without-backoff",
    "retry-non-retryable", "atompub-payload",        "nagle-enabled",
    "partition-key-design", "time-based-partition-key", "hot-partition",
    "table-scan",          "partition-scan",         "low-density-query",
    "client-side-filter",  "missing-projection",     "n-plus-one-reads",
    "denormalize-for-query", "read-before-write",    "data-series-entity",
    "structured-data-in-blobs", "entity-limits",     "invalid-name",
    "filter-too-complex",  "invalid-filter",         "retention-by-delete",
    "mixed-type-query",    "mutable-key",            "schema-drift",
};

// The built-in catalog is compiled from rules/ by tablelint-catalog-gen;
// loading rules/ as it is now, with the loaders a user's files go through,
// gives the same values, field by field (so `tablelint rules`, the rule
// pages and SARIF's rule metadata are what the YAML says).
void expectSameRule(const Rule &A, const Rule &B) {
  SCOPED_TRACE(A.Id);
  EXPECT_EQ(A.Id, B.Id);
  EXPECT_EQ(A.Title, B.Title);
  EXPECT_EQ(A.Checklist, B.Checklist);
  EXPECT_EQ(A.Design, B.Design);
  EXPECT_EQ(A.Detection, B.Detection);
  EXPECT_EQ(A.DetectionMask, B.DetectionMask);
  EXPECT_EQ(A.DefaultSeverity, B.DefaultSeverity);
  EXPECT_EQ(A.Category, B.Category);
  EXPECT_EQ(A.Tags, B.Tags);
  EXPECT_EQ(A.Precision, B.Precision);
  EXPECT_EQ(A.Summary, B.Summary);
  EXPECT_EQ(A.Rationale, B.Rationale);
  EXPECT_EQ(A.Bad.Language, B.Bad.Language);
  EXPECT_EQ(A.Bad.Code, B.Bad.Code);
  EXPECT_EQ(A.Good.Language, B.Good.Language);
  EXPECT_EQ(A.Good.Code, B.Good.Code);
  EXPECT_EQ(A.Help, B.Help);
  ASSERT_EQ(A.Options.size(), B.Options.size());
  for (std::size_t I = 0; I < A.Options.size(); ++I) {
    EXPECT_EQ(A.Options[I].Name, B.Options[I].Name);
    EXPECT_EQ(A.Options[I].Default, B.Options[I].Default);
    EXPECT_EQ(A.Options[I].Description, B.Options[I].Description);
  }
  EXPECT_EQ(A.Observes, B.Observes);
  EXPECT_EQ(A.SourceFile, B.SourceFile);
}

TEST(BuiltinCatalog, IsRulesAsTheLoaderReadsIt) {
  std::vector<InputError> Errors;
  std::vector<CatalogSource> Rules, Apis;
  for (CatalogSource &S : readCatalogSources(TABLELINT_SOURCE_DIR, Errors))
    (S.Path.rfind("rules/apis/", 0) == 0 ? Apis : Rules).push_back(S);
  ASSERT_TRUE(Errors.empty());
  ASSERT_EQ(Apis.size(), 3u);
  const CatalogLoad Loaded = loadCatalog(Rules);
  for (const InputError &E : Loaded.Errors)
    ADD_FAILURE() << E.str();
  const Catalog &Built = builtinCatalog();
  ASSERT_EQ(Loaded.Value.Items.size(), Built.Items.size());
  for (std::size_t I = 0; I < Built.Items.size(); ++I) {
    EXPECT_EQ(Loaded.Value.Items[I].Number, Built.Items[I].Number);
    EXPECT_EQ(Loaded.Value.Items[I].Anchor, Built.Items[I].Anchor);
    EXPECT_EQ(Loaded.Value.Items[I].Category, Built.Items[I].Category);
    EXPECT_EQ(Loaded.Value.Items[I].Question, Built.Items[I].Question);
  }
  ASSERT_EQ(Loaded.Value.Rules.size(), Built.Rules.size());
  for (std::size_t I = 0; I < Built.Rules.size(); ++I)
    expectSameRule(Loaded.Value.Rules[I], Built.Rules[I]);
  // So are the security scores SARIF and the rule pages print.
  const SecurityScores Scores = securityScores(Rules);
  EXPECT_EQ(Scores.size(), 2u);
  for (const auto &[Id, Score] : Scores)
    EXPECT_EQ(securitySeverity(Id), Score) << Id;
  EXPECT_EQ(securitySeverity("shared-key-in-client"), "9.1");
  EXPECT_EQ(securitySeverity("table-scan"), "");
}

// Role map entries (functions or types) compared field by field.
template <typename Entry, typename CompareRest>
void expectSameEntries(const std::vector<Entry> &Loaded,
                       const std::vector<Entry> &Built, CompareRest Rest) {
  ASSERT_EQ(Loaded.size(), Built.size());
  for (std::size_t I = 0; I < Built.size(); ++I) {
    SCOPED_TRACE(Built[I].Source);
    EXPECT_EQ(Loaded[I].QualifiedNames, Built[I].QualifiedNames);
    EXPECT_EQ(Loaded[I].Role, Built[I].Role);
    EXPECT_EQ(Loaded[I].Api, Built[I].Api);
    EXPECT_EQ(Loaded[I].Source, Built[I].Source);
    Rest(Loaded[I], Built[I]);
  }
}

TEST(BuiltinCatalog, ApiRoleMapsAreRulesApisAsTheLoaderReadsThem) {
  std::vector<InputError> Errors;
  std::vector<CatalogSource> Apis;
  for (CatalogSource &S : readCatalogSources(TABLELINT_SOURCE_DIR, Errors))
    if (S.Path.rfind("rules/apis/", 0) == 0)
      Apis.push_back(S);
  const ApiRolesLoad Loaded = loadApiRoles(Apis);
  for (const InputError &E : Loaded.Errors)
    ADD_FAILURE() << E.str();
  const ApiRoles &Built = builtinApiRoles();
  expectSameEntries(Loaded.Value.Functions, Built.Functions,
                    [](const ApiFunction &A, const ApiFunction &B) {
                      EXPECT_EQ(A.Args, B.Args);
                      EXPECT_EQ(A.Attrs, B.Attrs);
                    });
  expectSameEntries(Loaded.Value.Types, Built.Types,
                    [](const ApiType &A, const ApiType &B) {
                      EXPECT_EQ(A.Fields, B.Fields);
                    });
}

// Every byte survives as a C++ literal: quotes, backslashes, control bytes
// and UTF-8, each escape closed before a next digit.
TEST(CatalogCode, StringLiteralsEscapeWhatCxxWouldReadOtherwise) {
  EXPECT_EQ(cppStringLiteral("a \"b\" \\ c?\n"), R"("a \"b\" \\ c?\n")");
  EXPECT_EQ(cppStringLiteral("\t1"), R"("\0111")");
  EXPECT_EQ(cppStringLiteral("\xc3\xa9"), R"("\303\251")");
}

// The generator the build ran, next to the tablelint binary under test.
std::string catalogGenerator() {
  return (std::filesystem::path(TABLELINT_BINARY).parent_path() /
          "tablelint-catalog-gen")
      .string();
}

// tablelint-catalog-gen stops the build on a broken catalog: each problem
// at file:line:col, exit code 1, and the generated file left as it was.
TEST(CatalogGenerator, ABrokenCatalogFailsWithItsPlacesAndWritesNothing) {
  namespace fs = std::filesystem;
  const fs::path Dir = test::makeTempDir("catalog-gen");
  fs::create_directories(Dir / "rules/apis");
  for (const char *Name : {"checklist.yaml", "table-scan.yaml"})
    fs::copy_file(fs::path(TABLELINT_SOURCE_DIR) / "rules" / Name,
                  Dir / "rules" / Name);
  std::ofstream(Dir / "rules/table-scan.yaml", std::ios::app)
      << "sevrity: note\n";
  const fs::path Output = Dir / "Out.cpp";
  std::ofstream(Output) << "// before\n";
  test::ToolResult R =
      test::runProgram(catalogGenerator(), {Dir.string(), Output.string()});
  EXPECT_EQ(R.ExitCode, 1);
  EXPECT_THAT(R.Err, ::testing::MatchesRegex(
                         "(.|\n)*rules/table-scan\\.yaml:[0-9]+:1: error: "
                         "unknown key 'sevrity' in the rule; did you mean "
                         "'severity'\\?(.|\n)*"));
  EXPECT_THAT(R.Err, HasSubstr("tablelint-catalog-gen: the rule catalog is "
                               "invalid"));
  std::ifstream In(Output);
  std::string Kept((std::istreambuf_iterator<char>(In)), {});
  EXPECT_EQ(Kept, "// before\n");
  fs::remove_all(Dir);
}

TEST(CatalogGenerator, WritesTheCatalogAndLeavesAnUnchangedFileAlone) {
  namespace fs = std::filesystem;
  const fs::path Dir = test::makeTempDir("catalog-gen");
  const fs::path Output = Dir / "Out.cpp";
  test::ToolResult R = test::runProgram(
      catalogGenerator(), {TABLELINT_SOURCE_DIR, Output.string()});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  std::ifstream In(Output);
  std::string Code((std::istreambuf_iterator<char>(In)), {});
  EXPECT_THAT(Code, HasSubstr("R.Id = \"table-scan\";"));
  EXPECT_THAT(Code, HasSubstr("Catalog generatedCatalog() {"));
  EXPECT_THAT(Code, HasSubstr("ApiRoles generatedApiRoles() {"));
  const auto Written = fs::last_write_time(Output);
  fs::last_write_time(Output, Written - std::chrono::hours(1));
  R = test::runProgram(catalogGenerator(),
                       {TABLELINT_SOURCE_DIR, Output.string()});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  EXPECT_EQ(fs::last_write_time(Output), Written - std::chrono::hours(1));
  fs::remove_all(Dir);
}

TEST(BuiltinCatalog, HasEveryRuleOfTheSpecificationAndNoOther) {
  std::set<std::string> Ids;
  for (const Rule &R : builtinCatalog().Rules)
    Ids.insert(R.Id);
  EXPECT_EQ(Ids, std::set<std::string>(SpecifiedRules.begin(),
                                       SpecifiedRules.end()));
}

TEST(BuiltinCatalog, EveryChecklistItemIsAnsweredByARuleOrAdvisoryEntry) {
  const Catalog &C = builtinCatalog();
  ASSERT_EQ(C.Items.size(), 29u);
  for (unsigned N = 1; N <= 29; ++N) {
    ASSERT_NE(C.item(N), nullptr) << "item " << N;
    EXPECT_FALSE(C.rulesForItem(N).empty())
        << "checklist item " << N << " (" << C.item(N)->Anchor
        << ") is answered by no rule";
  }
}

TEST(BuiltinCatalog, ItemsThatCannotBeDetectedAreAdvisory) {
  // CHECKLIST.md: items 5, 9 and 11 are "advisory, report only".
  const Catalog &C = builtinCatalog();
  for (unsigned N : {5u, 9u, 11u}) {
    const auto Rules = C.rulesForItem(N);
    ASSERT_EQ(Rules.size(), 1u) << "item " << N;
    EXPECT_TRUE(Rules.front()->isAdvisoryOnly()) << Rules.front()->Id;
    EXPECT_FALSE(Rules.front()->Observes.empty()) << Rules.front()->Id;
  }
}

TEST(BuiltinCatalog, SeveritiesFollowTheSpecification) {
  const Catalog &C = builtinCatalog();
  auto SeverityOf = [&](const char *Id) {
    const Rule *R = C.find(Id);
    EXPECT_NE(R, nullptr) << Id;
    return R ? R->DefaultSeverity : Severity::Warning;
  };
  // Marked `note` in CHECKLIST.md.
  EXPECT_EQ(SeverityOf("legacy-client-library"), Severity::Note);
  EXPECT_EQ(SeverityOf("partition-scan"), Severity::Note);
  EXPECT_EQ(SeverityOf("structured-data-in-blobs"), Severity::Note);
  // Warning unless noted.
  EXPECT_EQ(SeverityOf("table-scan"), Severity::Warning);
  EXPECT_EQ(SeverityOf("time-based-partition-key"), Severity::Warning);
  // Requests the service rejects.
  EXPECT_EQ(SeverityOf("invalid-filter"), Severity::Error);
}

TEST(BuiltinCatalog, DetectionMatchesTheSpecification) {
  const Catalog &C = builtinCatalog();
  auto Has = [&](const char *Id, Detector D) {
    const Rule *R = C.find(Id);
    return R && R->detectedIn(D);
  };
  EXPECT_TRUE(Has("table-scan", Detector::Code));
  EXPECT_TRUE(Has("table-scan", Detector::Schema));
  EXPECT_TRUE(Has("account-count", Detector::Schema));
  EXPECT_FALSE(Has("account-count", Detector::Code));
  EXPECT_TRUE(Has("nagle-enabled", Detector::Code));
  EXPECT_FALSE(Has("nagle-enabled", Detector::Schema));
  EXPECT_TRUE(Has("partition-throughput", Detector::Replay));
  EXPECT_TRUE(Has("client-bandwidth", Detector::Schema));
  EXPECT_TRUE(Has("client-bandwidth", Detector::Advisory));
}

TEST(BuiltinCatalog, EveryRuleHasExamplesAndHelp) {
  for (const Rule &R : builtinCatalog().Rules) {
    EXPECT_FALSE(R.Bad.Code.empty()) << R.Id;
    EXPECT_FALSE(R.Good.Code.empty()) << R.Id;
    EXPECT_NE(R.Bad.Code, R.Good.Code) << R.Id;
    EXPECT_FALSE(R.Help.empty()) << R.Id;
    EXPECT_FALSE(R.Rationale.empty()) << R.Id;
    EXPECT_EQ(R.SourceFile, "rules/" + R.Id + ".yaml");
  }
}

TEST(BuiltinCatalog, ThresholdOptionsAreDeclared) {
  const Catalog &C = builtinCatalog();
  const Rule *Density = C.find("low-density-query");
  ASSERT_NE(Density, nullptr);
  ASSERT_NE(Density->option("MaxScannedPerReturned"), nullptr);
  EXPECT_EQ(Density->option("MaxScannedPerReturned")->Default, "10");
  const Rule *Complex = C.find("filter-too-complex");
  ASSERT_NE(Complex, nullptr);
  ASSERT_NE(Complex->option("MaxComparisons"), nullptr);
  EXPECT_EQ(Complex->option("MaxComparisons")->Default, "15");
}

TEST(BuiltinCatalog, NoExampleShowsAnAccountKey) {
  // Examples become SARIF help and docs: never a real-looking key.
  for (const Rule &R : builtinCatalog().Rules)
    for (const std::string *Text : {&R.Bad.Code, &R.Good.Code}) {
      const auto At = Text->find("AccountKey=");
      if (At == std::string::npos)
        continue;
      const std::string Value = Text->substr(At + 11, 20);
      EXPECT_TRUE(Value.empty() || Value[0] == '<' || Value[0] == ';' ||
                  Value[0] == '"' || Value[0] == '\'')
          << R.Id << " shows an account key: " << Value;
    }
}

// --- Loading broken catalogs ---------------------------------------------

std::string checklistWith(unsigned Count) {
  std::string Text = "items:\n";
  for (unsigned N = 1; N <= Count; ++N)
    Text += "  - {number: " + std::to_string(N) + ", anchor: item-" +
            std::to_string(N) + ", category: Tests, question: \"Q" +
            std::to_string(N) + "?\"}\n";
  return Text;
}

std::string ruleText(const std::string &Id, const std::string &Extra = "",
                     const std::string &Checklist = "[1]") {
  return "id: " + Id + "\n"
         "title: A rule for tests\n"
         "checklist: " + Checklist + "\n"
         "detection: [code]\n"
         "severity: warning\n"
         "category: queries\n"
         "tags: [performance]\n"
         "precision: high\n"
         "summary: Flags a thing.\n"
         "rationale: |\n  Because.\n"
         "bad:\n  language: cpp\n  code: |\n    bad();\n"
         "good:\n  language: cpp\n  code: |\n    good();\n"
         "help: |\n  Do the good thing.\n" +
         Extra;
}

// A valid catalog where one rule answers every item.
std::vector<CatalogSource> validCatalog() {
  std::string Items = "[";
  for (unsigned N = 1; N <= 29; ++N)
    Items += (N > 1 ? ", " : "") + std::to_string(N);
  Items += "]";
  return {{"rules/checklist.yaml", checklistWith(29)},
          {"rules/everything.yaml", ruleText("everything", "", Items)}};
}

TEST(CatalogLoader, AcceptsAValidCatalog) {
  CatalogLoad L = loadCatalog(validCatalog());
  for (const InputError &E : L.Errors)
    ADD_FAILURE() << E.str();
  ASSERT_EQ(L.Value.Rules.size(), 1u);
  EXPECT_EQ(L.Value.Rules[0].Id, "everything");
  EXPECT_EQ(L.Value.Rules[0].Bad.Code, "bad();\n");
}

TEST(CatalogLoader, UnknownKeyIsReportedAtItsLineAndColumnWithASuggestion) {
  auto Sources = validCatalog();
  Sources.push_back({"rules/typo.yaml",
                     ruleText("typo", "sevrity: note\n")});
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].str(),
            "rules/typo.yaml:22:1: error: unknown key 'sevrity' in the rule; "
            "did you mean 'severity'?");
}

TEST(CatalogLoader, SecuritySeverityGoesWithTheSecurityTag) {
  auto Sources = validCatalog();
  // A performance rule with a score, a bad score, and a score on a rule
  // tagged security are told apart (line 7 is the tags line).
  Sources.push_back({"rules/scored.yaml",
                     ruleText("scored", "security-severity: \"7.5\"\n")});
  std::string Tagged = ruleText("tagged");
  Tagged.replace(Tagged.find("tags: [performance]"), 19, "tags: [security]");
  Sources.push_back({"rules/tagged.yaml", Tagged});
  std::string Loud = Tagged + "security-severity: \"11\"\n";
  Loud.replace(Loud.find("id: tagged"), 10, "id: loud");
  Sources.push_back({"rules/loud.yaml", Loud});
  std::string Fine = Tagged + "security-severity: \"9.1\"\n";
  Fine.replace(Fine.find("id: tagged"), 10, "id: fine");
  Sources.push_back({"rules/fine.yaml", Fine});
  CatalogLoad L = loadCatalog(Sources);
  std::vector<std::string> Errors;
  for (const InputError &E : L.Errors)
    Errors.push_back(E.str());
  EXPECT_THAT(Errors,
              ::testing::UnorderedElementsAre(
                  "rules/scored.yaml:22:20: error: 'security-severity' is "
                  "only for rules tagged 'security'",
                  "rules/tagged.yaml:7:7: error: a rule tagged 'security' "
                  "needs a 'security-severity' (0.1 to 10.0)",
                  "rules/loud.yaml:22:20: error: 'security-severity' must be a "
                  "score from 0.1 to 10.0 with one decimal, e.g. 7.5"));
}

TEST(CatalogLoader, MissingRequiredKeyNamesTheKey) {
  auto Sources = validCatalog();
  std::string Text = ruleText("nohelp");
  Text = Text.substr(0, Text.find("help: |"));
  Sources.push_back({"rules/nohelp.yaml", Text});
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].File, "rules/nohelp.yaml");
  EXPECT_EQ(L.Errors[0].Line, 1u);
  EXPECT_THAT(L.Errors[0].Message, HasSubstr("missing required key 'help'"));
}

TEST(CatalogLoader, BadEnumValueIsReportedWithTheAllowedValues) {
  auto Sources = validCatalog();
  std::string Text = ruleText("loud");
  Text.replace(Text.find("severity: warning"), 17, "severity: critical");
  Sources.push_back({"rules/loud.yaml", Text});
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].Line, 5u);
  EXPECT_EQ(L.Errors[0].Column, 11u);
  EXPECT_THAT(L.Errors[0].Message,
              HasSubstr("must be one of note, warning, error, got 'critical'"));
}

TEST(CatalogLoader, SyntaxErrorIsReportedWithPosition) {
  auto Sources = validCatalog();
  Sources.push_back({"rules/broken.yaml", "id: broken\ntitle: [unclosed\n"});
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].File, "rules/broken.yaml");
  EXPECT_GT(L.Errors[0].Line, 0u);
  EXPECT_THAT(L.Errors[0].Message, HasSubstr("invalid YAML"));
}

TEST(CatalogLoader, IdMustMatchFileName) {
  auto Sources = validCatalog();
  Sources.push_back({"rules/one-name.yaml", ruleText("other-name")});
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_EQ(L.Errors[0].Line, 1u);
  EXPECT_THAT(L.Errors[0].Message, HasSubstr("does not match the file name"));
}

TEST(CatalogLoader, CitingAMissingChecklistItemIsAnError) {
  auto Sources = validCatalog();
  Sources.push_back({"rules/far.yaml", ruleText("far", "", "[30]")});
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_THAT(L.Errors[0].Message, HasSubstr("checklist item 30"));
}

TEST(CatalogLoader, AnUnansweredChecklistItemIsAnError) {
  std::vector<CatalogSource> Sources = {
      {"rules/checklist.yaml", checklistWith(29)},
      {"rules/some.yaml", ruleText("some", "", "[1, 2, 3]")}};
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 26u);
  EXPECT_EQ(L.Errors[0].str(),
            "rules/checklist.yaml: error: checklist item 4 (item-4) is "
            "answered by no rule or advisory entry");
}

TEST(CatalogLoader, AdvisoryDetectionNeedsObserves) {
  auto Sources = validCatalog();
  std::string Text = ruleText("ask");
  Text.replace(Text.find("detection: [code]"), 17, "detection: [advisory]");
  Sources.push_back({"rules/ask.yaml", Text});
  CatalogLoad L = loadCatalog(Sources);
  ASSERT_EQ(L.Errors.size(), 1u);
  EXPECT_THAT(L.Errors[0].Message, HasSubstr("needs 'observes'"));
}

TEST(CatalogLoader, ReportsEveryProblemNotOnlyTheFirst) {
  auto Sources = validCatalog();
  std::string Text = ruleText("many", "extra: 1\n");
  Text.replace(Text.find("precision: high"), 15, "precision: sure");
  Text.replace(Text.find("category: queries"), 17, "category: misc");
  Sources.push_back({"rules/many.yaml", Text});
  CatalogLoad L = loadCatalog(Sources);
  EXPECT_EQ(L.Errors.size(), 3u);
}

TEST(CatalogLoader, ChecklistNumbersMustRunInOrder) {
  std::string Text = checklistWith(29);
  Text.replace(Text.find("number: 2,"), 10, "number: 7,");
  CatalogLoad L = loadCatalog({{"rules/checklist.yaml", Text}});
  ASSERT_FALSE(L.Errors.empty());
  EXPECT_EQ(L.Errors[0].Line, 3u);
  EXPECT_THAT(L.Errors[0].Message, HasSubstr("expected 2, got 7"));
}

} // namespace
} // namespace tablelint

#include "core/ServiceLimits.h"

namespace tablelint {
namespace {

// Threshold defaults in the catalog restate service numbers; they must not
// drift from ServiceLimits.h, the one place those numbers live.
TEST(BuiltinCatalog, OptionDefaultsMatchServiceLimits) {
  const Catalog &C = builtinCatalog();
  auto Default = [&](const char *Rule, const char *Option) -> std::string {
    const struct Rule *R = C.find(Rule);
    const RuleOption *O = R ? R->option(Option) : nullptr;
    return O ? O->Default : "<missing>";
  };
  auto Text = [](double V) { return std::to_string(static_cast<long long>(V)); };
  EXPECT_EQ(Default("filter-too-complex", "MaxComparisons"),
            Text(limits::MaxFilterComparisons));
  EXPECT_EQ(Default("partition-throughput", "EntitiesPerSecond"),
            Text(limits::PartitionEntitiesPerSecond));
  EXPECT_EQ(Default("account-throughput", "EntitiesPerSecond"),
            Text(limits::AccountEntitiesPerSecond));
  EXPECT_EQ(Default("account-count", "MaxAccountsPerRegion"),
            Text(limits::AccountsPerRegion));
  EXPECT_EQ(Default("entity-limits", "KeyWarnCharacters"),
            Text(limits::KeyWarnCharacters));
}

} // namespace
} // namespace tablelint
