// Whole, realistic designs (test-inputs/schemas/designs/): each <name>.yaml
// is a believable service's schema with every finding of every rule
// annotated inline (`# expect: rule:col "message part"`), compared exactly
// with what `tablelint lint` reports; each <name>.good.yaml is its clean
// counterpart and must produce no finding at all.
//
// `tablelint suggest` is golden-tested on the same designs: the suggested
// schema of each <name>.yaml is expected/<name>.suggested.yaml, byte for
// byte. After an intended change to the suggestions, run the test with
// TABLELINT_UPDATE_GOLDEN=1 to rewrite the expected files, and review the
// diff before committing it.
#include "checks/schema/Load.h"
#include "checks/schema/SchemaLint.h"
#include "checks/schema/SuggestDesign.h"
#include "checks/schema/SuggestedText.h"
#include "core/AtomicFile.h"
#include "core/schema/SchemaLoader.h"
#include "tests/schema/SchemaAnnotations.h"
#include "tests/support/TestNames.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace tablelint::schema {
namespace {

namespace fs = std::filesystem;
using testing_support::Annotations;
using testing_support::expectFindingsMatch;
using testing_support::readAnnotations;

const fs::path DesignRoot =
    fs::path(TABLELINT_SOURCE_DIR) / "test-inputs" / "schemas" / "designs";

bool isClean(const fs::path &File) {
  return File.filename().string().size() > 10 &&
         File.filename().string().rfind(".good.yaml") ==
             File.filename().string().size() - 10;
}

std::vector<fs::path> designFiles(bool Clean) {
  std::vector<fs::path> Files;
  for (const auto &E : fs::directory_iterator(DesignRoot))
    if (E.path().extension() == ".yaml" && isClean(E.path()) == Clean)
      Files.push_back(E.path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

std::string testName(const testing::TestParamInfo<fs::path> &Info) {
  const std::string Name = Info.param.filename().string();
  return test::testNameOf(Name.substr(0, Name.find('.')));
}

class SchemaDesignsGolden : public testing::TestWithParam<fs::path> {};

// Every finding annotated, every annotation found, all rules at once.
TEST_P(SchemaDesignsGolden, FindingsMatchTheAnnotations) {
  const fs::path File = GetParam();
  const std::optional<std::string> Text = readFile(File.string());
  ASSERT_TRUE(Text);
  const Annotations A = readAnnotations(*Text);
  // A design worth the name has several problems.
  EXPECT_GE(A.Expected.size(), 3u) << File << ": fewer than 3 findings";
  const SchemaLintResult R =
      lintSchemaFile(File.string(), defaultSchemaCheckOptions());
  for (const InputError &E : R.Errors)
    ADD_FAILURE() << E.str();
  expectFindingsMatch(R.Findings, A, File.filename().string(), nullptr);
}

// The suggested design, compared byte for byte with the expected file.
TEST_P(SchemaDesignsGolden, SuggestedDesignMatchesTheExpectedFile) {
  const fs::path File = GetParam();
  const std::string Name = File.stem().string();
  SchemaLoad Load = loadSchemaFile(File.string());
  ASSERT_TRUE(Load.ok()) << Load.Errors.front().str();
  const SchemaLintResult Before =
      lintSchemaFile(File.string(), defaultSchemaCheckOptions());
  SuggestResult R = suggestDesign(Load.Value, defaultSchemaCheckOptions());
  // What suggest writes: the design's file edited minimally.
  const SuggestedText Written = suggestedSchemaText(
      readFile(File.string()).value_or(""), Load.Value, R,
      "designs/" + File.filename().string());
  EXPECT_TRUE(Written.EditedInPlace) << Name << ": " << Written.Problem;
  const std::string &Yaml = Written.Yaml;

  // Whatever the expected file says, the suggestion must load back and
  // leave fewer findings than the design it improves.
  const SchemaLoad Back = loadSchemaText(Yaml, Name + ".suggested.yaml");
  for (const InputError &E : Back.Errors)
    ADD_FAILURE() << E.str();
  EXPECT_FALSE(R.Changes.empty()) << Name << ": suggest changed nothing";
  // A query that pins its partition from the entity's properties pins the
  // table's key template itself: a rewritten key must not leave a query
  // looking for partitions that no longer exist.
  for (const Table &T : R.Design.Tables)
    for (const Query &Q : T.Queries) {
      const QueryFilter QF = parseQueryFilter(Q);
      if (QF.PinnedPartition &&
          QF.PinnedPartition->Text.find('{') != std::string::npos)
        EXPECT_EQ(QF.PinnedPartition->Text, T.PartitionKey.Text)
            << Name << ": query '" << Q.Name << "' of table '" << T.Name
            << "'";
    }
  EXPECT_LT(R.Remaining.size(), Before.Findings.size()) << Name;

  const fs::path Expected = DesignRoot / "expected" / (Name + ".suggested.yaml");
  if (std::getenv("TABLELINT_UPDATE_GOLDEN")) {
    EXPECT_FALSE(writeFileAtomically(Expected.string(), Yaml));
    return;
  }
  const std::optional<std::string> Want = readFile(Expected.string());
  ASSERT_TRUE(Want) << "missing " << Expected
                    << " (run with TABLELINT_UPDATE_GOLDEN=1 to write it)";
  EXPECT_EQ(*Want, Yaml) << Name << ": the suggested design changed; if "
                         << "intended, rerun with TABLELINT_UPDATE_GOLDEN=1 "
                         << "and review the diff";
}

INSTANTIATE_TEST_SUITE_P(Designs, SchemaDesignsGolden,
                         testing::ValuesIn(designFiles(false)), testName);

class SchemaDesignsClean : public testing::TestWithParam<fs::path> {};

// The clean counterparts: not one finding, and nothing for suggest to do.
TEST_P(SchemaDesignsClean, ReportsNothing) {
  const fs::path File = GetParam();
  const SchemaLintResult R =
      lintSchemaFile(File.string(), defaultSchemaCheckOptions());
  for (const InputError &E : R.Errors)
    ADD_FAILURE() << E.str();
  for (const Finding &F : R.Findings)
    ADD_FAILURE() << File.filename().string() << ":" << F.Line << ":"
                  << F.Column << ": [" << F.RuleId << "] " << F.Message;
  for (const InputError &E : R.UnusedSuppressions)
    ADD_FAILURE() << E.str();
  const SuggestResult S =
      suggestDesign(R.Model, defaultSchemaCheckOptions());
  EXPECT_TRUE(S.Changes.empty()) << File << ": suggest changed "
                                 << S.Changes.front().ElementPath;
}

INSTANTIATE_TEST_SUITE_P(Designs, SchemaDesignsClean,
                         testing::ValuesIn(designFiles(true)), testName);

// Every bad design has its clean counterpart and its suggestion.
TEST(SchemaDesignsGolden, EveryDesignHasACleanCounterpart) {
  const std::vector<fs::path> Bad = designFiles(false);
  EXPECT_GE(Bad.size(), 10u);
  for (const fs::path &File : Bad)
    EXPECT_TRUE(fs::exists(DesignRoot / (File.stem().string() + ".good.yaml")))
        << File << " has no clean counterpart";
}

} // namespace
} // namespace tablelint::schema
