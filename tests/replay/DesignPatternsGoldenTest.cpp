// One case per pattern of the table design patterns guide
// (test-inputs/schemas/patterns/README.md): the current design, the
// suggestion `suggest` writes for it, and the verdict of the replay's
// answer check, each compared with its expected file. Rewrite them with
// TABLELINT_UPDATE_GOLDEN=1 after an intended change and review the diff.
#include "checks/schema/SchemaChecks.h"
#include "checks/schema/SuggestDesign.h"
#include "checks/schema/SuggestedText.h"
#include "core/AtomicFile.h"
#include "core/schema/SchemaLoader.h"
#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/Workload.h"
#include "tests/support/PatternFiles.h"
#include "tests/support/TestNames.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace tablelint::replay {
namespace {

namespace fs = std::filesystem;

const fs::path &PatternRoot = test::patternRoot();

// The verdict as a reviewer reads it: applied remedies, advice, answers.
std::string verdict(const schema::SuggestResult &R, const AnswerCheck &A) {
  std::string Out;
  for (const schema::SuggestedChange &C : R.Changes)
    Out += "applied: " + C.RuleId + " on " + C.ElementPath + "\n";
  for (const schema::SuggestedChange &C : R.Advice)
    Out += "advice: " + C.RuleId + " on " + C.ElementPath + ": " +
           C.Description + "\n";
  Out += "answers: " +
         std::string(A.Different ? "DIFFERENT" : "same") + " in " +
         std::to_string(A.PerQuery.size()) + " quer" +
         (A.PerQuery.size() == 1 ? "y" : "ies") + "\n";
  for (const QueryComparison &Q : A.PerQuery)
    Out += "  " + Q.Query + ": " + (Q.Different ? "different" : "same") + "\n";
  return Out;
}

void expectGolden(const fs::path &Expected, const std::string &Text) {
  if (std::getenv("TABLELINT_UPDATE_GOLDEN")) {
    EXPECT_FALSE(writeFileAtomically(Expected.string(), Text));
    return;
  }
  const std::optional<std::string> Want = readFile(Expected.string());
  ASSERT_TRUE(Want) << "missing " << Expected
                    << " (run with TABLELINT_UPDATE_GOLDEN=1 to write it)";
  EXPECT_EQ(*Want, Text) << Expected << " changed; if intended, rerun with "
                         << "TABLELINT_UPDATE_GOLDEN=1 and review the diff";
}

class DesignPatterns : public testing::TestWithParam<fs::path> {};

TEST_P(DesignPatterns, SuggestionAndVerdict) {
  const fs::path File = GetParam();
  const std::string Name = File.stem().string();
  const schema::SchemaLoad Current = schema::loadSchemaFile(File.string());
  ASSERT_TRUE(Current.ok()) << Current.Errors.front().str();
  schema::SuggestResult R =
      schema::suggestDesign(Current.Value, schema::defaultSchemaCheckOptions());
  // What suggest writes: the pattern's file edited minimally.
  const schema::SuggestedText Written = schema::suggestedSchemaText(
      readFile(File.string()).value_or(""), Current.Value, R,
      "patterns/" + File.filename().string());
  EXPECT_TRUE(Written.EditedInPlace) << Name << ": " << Written.Problem;
  const std::string &Yaml = Written.Yaml;
  const schema::SchemaLoad Suggested =
      schema::loadSchemaText(Yaml, Name + ".suggested.yaml");
  for (const InputError &E : Suggested.Errors)
    ADD_FAILURE() << E.str();
  EXPECT_FALSE(R.Changes.empty() && R.Advice.empty())
      << Name << ": nothing suggested or advised";

  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(Current.Value, Errors);
  WorkloadOptions O;
  O.DurationSeconds = 30;
  generateEvents(W, O);
  const DesignPlan A = planDesign(W, Current.Value, "current", Errors);
  const DesignPlan B = planDesign(W, Suggested.Value, "suggested", Errors);
  for (const InputError &E : Errors)
    ADD_FAILURE() << E.str();
  const AnswerCheck Check = checkAnswers(W, A, B);
  EXPECT_EQ(Check.Different, 0u)
      << Name << ": "
      << (Check.Differences.empty() ? "" : Check.Differences[0].Detail);
  for (const QueryComparison &Q : Check.PerQuery)
    EXPECT_GT(Q.Compared, 0u) << Name << ": query " << Q.Query;

  expectGolden(PatternRoot / "expected" / (Name + ".suggested.yaml"), Yaml);
  expectGolden(PatternRoot / "expected" / (Name + ".verdict.txt"),
               verdict(R, Check));
}

INSTANTIATE_TEST_SUITE_P(Patterns, DesignPatterns,
                         testing::ValuesIn(test::patternFiles()),
                         [](const testing::TestParamInfo<fs::path> &Info) {
                           return test::testNameOf(Info.param.stem().string());
                         });

} // namespace
} // namespace tablelint::replay
