// The answer check on a sample of the logical entities (replay/AnswerCheck.h,
// AnswerCheckOptions::SampleShare): the same entities in both designs, only
// their rows stored, and a sample that does not hide a suggestion that
// changes answers. At the bare default share (1%, no floor), on seeded
// random workloads and on the ten pattern goldens: a sparse index that
// misses a value and a "latest N" list bucketed where the reader cannot
// know the bucket are reported, while the unchanged suggestion and a
// design against itself report no difference.
#include "checks/schema/SchemaChecks.h"
#include "checks/schema/SuggestDesign.h"
#include "checks/schema/SuggestedText.h"
#include "core/AtomicFile.h"
#include "core/schema/SchemaLoader.h"
#include "replay/AnswerCheck.h"
#include "replay/AnswerReport.h"
#include "replay/DesignPlan.h"
#include "replay/LogicalEntityView.h"
#include "replay/Workload.h"
#include "tests/support/PatternFiles.h"
#include "tests/support/RunTool.h"
#include "tests/support/TestNames.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>

namespace tablelint::replay {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::MatchesRegex;

schema::Schema load(const std::string &Text, const std::string &Name) {
  schema::SchemaLoad L = schema::loadSchemaText(Text, Name);
  for (const InputError &E : L.Errors)
    ADD_FAILURE() << E.str() << "\n" << Text;
  return L.Value;
}

// The workload Current declares, generated for Seconds.
Workload generated(const schema::Schema &Current, double Seconds,
                   std::uint64_t Seed = 1) {
  std::vector<InputError> Errors;
  Workload W = buildWorkloadModel(Current, Errors);
  for (const InputError &E : Errors)
    ADD_FAILURE() << E.str();
  WorkloadOptions O;
  O.DurationSeconds = Seconds;
  O.Seed = Seed;
  generateEvents(W, O);
  return W;
}

AnswerCheck sampled(const Workload &W, const DesignPlan &A, const DesignPlan &B,
                    double Share = DefaultAnswerSample) {
  AnswerCheckOptions O;
  O.SampleShare = Share;
  return checkAnswers(W, A, B, O);
}

std::string firstDifference(const AnswerCheck &A) {
  return A.Differences.empty()
             ? std::string()
             : A.Differences[0].Query + ": " + A.Differences[0].Detail;
}

TEST(AnswerSample, TheSampleIsItsShareOfTheIdsAndTheSameEveryTime) {
  std::uint64_t In = 0;
  for (std::uint32_t E = 0; E < 1000000; ++E)
    In += inAnswerSample(E, 0.01);
  EXPECT_GT(In, 9500u);
  EXPECT_LT(In, 10500u);
  // Consecutive ids (a batch, a burst) are not sampled together.
  std::uint64_t Runs = 0;
  for (std::uint32_t E = 1; E < 1000000; ++E)
    Runs += inAnswerSample(E, 0.01) && inAnswerSample(E - 1, 0.01);
  EXPECT_LT(Runs, 200u);
  for (std::uint32_t E = 0; E < 1000; ++E) {
    EXPECT_EQ(inAnswerSample(E, 0.01), inAnswerSample(E, 0.01));
    EXPECT_TRUE(inAnswerSample(E, 1));
    // A larger share holds a smaller one's entities.
    if (inAnswerSample(E, 0.01))
      EXPECT_TRUE(inAnswerSample(E, 0.05));
  }
}

// An item store, its items listed per user "latest N" and by a rare
// status; Variant picks the suggested design:
//   same        the current design,
//   index       a sparse index of the statuses the query asks for,
//   missing     that index without 'warn' (misses a value),
//   bucketed    each user's list split into 4 buckets by item, read from
//               the one bucket of the query's item (the reader cannot know
//               it: answers change),
//   fanout      the same buckets, read with a fan-out over all four.
struct RandomItems {
  int Rate = 0, Users = 0, Top = 0;
  double WarnShare = 0;
  std::string design(const std::string &Variant) const {
    const bool Bucketed = Variant == "bucketed" || Variant == "fanout";
    const std::string Pk = Bucketed ? "{itemId|hash:4}_{userId}" : "{userId}";
    const bool Index = Variant == "index" || Variant == "missing";
    const std::string Status =
        "      status: {type: string, values: [ok, warn, fail], weights: [" +
        std::to_string(0.99 - WarnShare) + ", " + std::to_string(WarnShare) +
        ", 0.01]}\n";
    std::string Out =
        "version: 1\n"
        "accounts: [{name: a, region: westeurope}]\n"
        "tables:\n"
        "  - name: Items\n"
        "    account: a\n"
        "    partitionKey: \"" + Pk + "\"\n"
        "    rowKey: \"{postedAt|reverse}_{itemId}\"\n"
        "    properties:\n"
        "      itemId: {type: guid}\n"
        "      userId: {type: string, distinct: " + std::to_string(Users) +
        "}\n"
        "      postedAt: {type: datetime, grows: true}\n" + Status +
        "      body: {type: string, bytes: 100}\n"
        "    writes:\n"
        "      - {name: add-item, op: insert, rate: " + std::to_string(Rate) +
        "/s}\n"
        "    queries:\n"
        "      - {name: user-latest, filter: \"PartitionKey eq '" + Pk +
        "'\", top: " + std::to_string(Top) + ", rate: 5/s" +
        (Variant == "fanout" ? ", fanOut: [itemId]" : "") + "}\n";
    if (!Index)
      return Out + "      - {name: not-ok, filter: \"status ne 'ok'\", "
                   "select: [itemId], rate: 1/s}\n";
    return Out + "  - name: ItemsNotOk\n"
                 "    account: a\n"
                 "    partitionKey: \"{status}\"\n"
                 "    rowKey: \"{itemId}\"\n"
                 "    properties:\n"
                 "      itemId: {type: guid}\n" + Status +
                 "    writes:\n"
                 "      - {name: add-item, op: insert, rate: " +
                 std::to_string(Rate) + "/s, when: \"" +
                 (Variant == "missing" ? "status eq 'fail'"
                                       : "status ne 'ok'") +
                 "\"}\n"
                 "    queries:\n"
                 "      - {name: not-ok, filter: \"PartitionKey ne 'ok'\", "
                 "select: [itemId], rate: 1/s}\n";
  }
};

TEST(AnswerSample, RandomWorkloadsAnswerChangingSuggestionsAreCaught) {
  for (int Seed = 1; Seed <= 5; ++Seed) {
    std::mt19937_64 Rng(static_cast<std::uint64_t>(Seed));
    RandomItems Items;
    Items.Rate = static_cast<int>(500 + Rng() % 1000);
    Items.Users = static_cast<int>(20 + Rng() % 2000);
    Items.Top = static_cast<int>(1 + Rng() % 30);
    Items.WarnShare = 0.04 + static_cast<double>(Rng() % 40) / 1000;
    SCOPED_TRACE("seed " + std::to_string(Seed) + ": " +
                 std::to_string(Items.Rate) + " items/s, " +
                 std::to_string(Items.Users) + " users, top " +
                 std::to_string(Items.Top) + ", warn " +
                 std::to_string(Items.WarnShare));
    const schema::Schema Current = load(Items.design("same"), "current.yaml");
    const Workload W =
        generated(Current, 40, static_cast<std::uint64_t>(Seed));
    std::vector<InputError> Errors;
    const DesignPlan Base = planDesign(W, Current, "current", Errors);
    std::map<std::string, AnswerCheck> Checks;
    std::map<std::string, schema::Schema> Schemas;
    for (const char *Variant : {"same", "index", "missing", "bucketed",
                                "fanout"}) {
      Schemas[Variant] = load(Items.design(Variant), "suggested.yaml");
      const DesignPlan P = planDesign(W, Schemas[Variant], "suggested", Errors);
      Checks[Variant] = sampled(W, Base, P);
    }
    ASSERT_TRUE(Errors.empty()) << Errors.front().str();
    for (const auto &[Variant, Check] : Checks) {
      EXPECT_DOUBLE_EQ(Check.SampleShare, DefaultAnswerSample);
      EXPECT_GT(Check.Compared, 100u) << Variant;
    }
    // Equal designs: nothing different on the sample.
    for (const char *Same : {"same", "index", "fanout"})
      EXPECT_EQ(Checks[Same].Different, 0u)
          << Same << ": " << firstDifference(Checks[Same]);
    // The index without 'warn' misses rows of the sample.
    EXPECT_GT(Checks["missing"].Different, 0u);
    ASSERT_FALSE(Checks["missing"].Differences.empty());
    EXPECT_EQ(Checks["missing"].Differences[0].Query, "not-ok");
    EXPECT_THAT(Checks["missing"].Differences[0].Detail,
                HasSubstr("status: 'warn'"));
    // The list split where the reader cannot know the bucket: read from
    // tables kept whole (a `top` query reads them), compared on every
    // entity.
    EXPECT_GT(Checks["bucketed"].Different, 0u);
    ASSERT_FALSE(Checks["bucketed"].Differences.empty());
    EXPECT_EQ(Checks["bucketed"].Differences[0].Query, "user-latest");
    EXPECT_EQ(Checks["bucketed"].WholeTables,
              (std::vector<std::string>{"Items (current)",
                                        "Items (suggested)"}));
  }
}

// A sample compares the same executions as the whole check, each on the
// sampled entities, and the report says so.
TEST(AnswerSample, EveryExecutionIsComparedAndTheReportSaysOnWhat) {
  RandomItems Items{2000, 100, 10, 0.05};
  const schema::Schema Current = load(Items.design("same"), "current.yaml");
  const Workload W = generated(Current, 30);
  std::vector<InputError> Errors;
  const DesignPlan P = planDesign(W, Current, "current", Errors);
  const AnswerCheck All = checkAnswers(W, P, P);
  const AnswerCheck Sample = sampled(W, P, P);
  EXPECT_EQ(All.Different, 0u);
  EXPECT_EQ(Sample.Different, 0u);
  // Every execution of each query is compared either way.
  ASSERT_EQ(All.PerQuery.size(), Sample.PerQuery.size());
  for (std::size_t I = 0; I < All.PerQuery.size(); ++I)
    EXPECT_EQ(All.PerQuery[I].Compared, Sample.PerQuery[I].Compared);
  const std::string Text = answerCheckText(Sample, {"current", "current"});
  EXPECT_THAT(Text, HasSubstr(" executions compared on a 1% sample of "
                              "entities (every entity of the tables `top` "
                              "queries read: Items (current), Items "
                              "(current)), "));
  EXPECT_THAT(answerCheckText(All, {"current", "current"}),
              HasSubstr(" executions compared on every entity, "));
  // The share as a reader says it.
  AnswerCheck Eight;
  Eight.Ran = true;
  Eight.SampleShare = 0.0847;
  Eight.Compared = Eight.Equal = 1335;
  EXPECT_THAT(answerCheckText(Eight, {}),
              HasSubstr("answers: 1,335 executions compared on an 8.47% "
                        "sample of entities, 1,335 same, 0 different\n"));
}

// --- The ten pattern goldens ---------------------------------------------

const fs::path &PatternRoot = test::patternRoot();

// Values of the entities a table receives (strings and booleans), written
// as filter literals, as (property, value): the properties with the fewest
// values first, each value by how often it is written, at most Max.
std::vector<std::pair<std::string, std::string>>
commonValues(const Workload &W, const DesignPlan &Plan, std::uint32_t Table,
             std::size_t Max) {
  std::map<std::string, std::map<std::string, std::uint64_t>> Counts;
  LogicalEntityView View(W);
  std::uint64_t Seen = 0;
  for (const WorkloadEvent &Ev : W.Events) {
    if (W.Ops[Ev.Op].IsQuery || !createsEntity(W.Ops[Ev.Op].Kind))
      continue;
    for (const WriteTarget &T : Plan.Writes[Ev.Op]) {
      if (T.Table != Table || !T.reaches(View, Ev.Entity))
        continue;
      const EntityFamily &F = W.Families[W.familyOf(Ev.Entity)];
      for (std::uint32_t P = 0; P < F.Properties.size(); ++P) {
        EdmValue V;
        W.value(Ev.Entity, P, V);
        if (F.Properties[P].Type == EdmType::String)
          ++Counts[F.Properties[P].Name]["'" + V.Text + "'"];
        else if (F.Properties[P].Type == EdmType::Boolean)
          ++Counts[F.Properties[P].Name][V.Bool ? "true" : "false"];
      }
      ++Seen;
    }
    if (Seen > 20000)
      break;
  }
  std::vector<std::pair<std::string, std::map<std::string, std::uint64_t>>>
      ByValues(Counts.begin(), Counts.end());
  std::sort(ByValues.begin(), ByValues.end(),
            [](const auto &L, const auto &R) {
              return L.second.size() != R.second.size()
                         ? L.second.size() < R.second.size()
                         : L.first < R.first;
            });
  std::vector<std::pair<std::string, std::string>> Out;
  for (const auto &[Property, Values] : ByValues) {
    std::vector<std::pair<std::uint64_t, std::string>> Often;
    for (const auto &[Value, Count] : Values)
      Often.emplace_back(Count, Value);
    std::sort(Often.rbegin(), Often.rend());
    for (const auto &[Count, Value] : Often)
      if (Out.size() < Max)
        Out.emplace_back(Property, Value);
  }
  return Out;
}

// Suggested with the writes of its table TableName made sparse: they skip
// entities whose Property is Value.
schema::Schema missing(schema::Schema Suggested, const std::string &TableName,
                       const std::string &Property, const std::string &Value) {
  for (schema::Table &T : Suggested.Tables)
    if (T.Name == TableName)
      for (schema::Write &Wr : T.Writes)
        Wr.When = (Wr.When.empty() ? "" : "(" + Wr.When + ") and ") +
                  Property + " ne " + Value;
  return Suggested;
}

class PatternSample : public testing::TestWithParam<fs::path> {};

// At the share a sampled replay of the pattern's workload compares (1%,
// or more to hold 250,000 entities: answerSampleShare), the golden
// suggestion reports no difference, and the suggestion made sparse on the
// table its query reads, on a value whose absence the whole check reports,
// reports a difference.
TEST_P(PatternSample, TheSampleSeesASparseIndexThatMissesAValue) {
  const fs::path File = GetParam();
  const schema::SchemaLoad Current = schema::loadSchemaFile(File.string());
  ASSERT_TRUE(Current.ok()) << Current.Errors.front().str();
  // The golden suggestion, as the golden test reads it.
  const std::optional<std::string> Golden = readFile(
      (PatternRoot / "expected" / (File.stem().string() + ".suggested.yaml"))
          .string());
  ASSERT_TRUE(Golden);
  const schema::Schema Suggested = load(*Golden, "suggested.yaml");

  const Workload W = generated(Current.Value, 300);
  std::vector<InputError> Errors;
  const double Share = answerSampleShare(W);
  SCOPED_TRACE(std::to_string(W.entityCount()) + " entities, share " +
               std::to_string(Share));
  const DesignPlan A = planDesign(W, Current.Value, "current", Errors);
  const DesignPlan B = planDesign(W, Suggested, "suggested", Errors);
  ASSERT_TRUE(Errors.empty()) << Errors.front().str();
  const AnswerCheck Same = sampled(W, A, B, Share);
  EXPECT_EQ(Same.Different, 0u) << firstDifference(Same);
  EXPECT_GT(Same.Compared, 0u);

  // The first value, of the least varied properties of what the query's
  // table receives, whose absence from it changes the whole check's
  // answers.
  ASSERT_FALSE(Same.PerQuery.empty());
  const int Query = W.opIndex(Same.PerQuery.front().Query);
  ASSERT_GE(Query, 0);
  const std::string Table =
      B.Tables[B.Queries[static_cast<std::size_t>(Query)]->Table].Name;
  int Tried = 0;
  for (const auto &[Property, Value] : commonValues(
           W, B, B.Queries[static_cast<std::size_t>(Query)]->Table, 8)) {
    const schema::Schema Sparse = missing(Suggested, Table, Property, Value);
    const DesignPlan S = planDesign(W, Sparse, "suggested", Errors);
    ASSERT_TRUE(Errors.empty()) << Errors.front().str();
    if (!checkAnswers(W, A, S).Different)
      continue; // not an answer-changing suggestion on this workload
    ++Tried;
    const AnswerCheck Check = sampled(W, A, S, Share);
    EXPECT_GT(Check.Different, 0u)
        << Table << " without " << Property << " eq " << Value
        << " went unseen in " << Check.Compared << " executions";
    break;
  }
  EXPECT_EQ(Tried, 1) << "no value of " << Table << " changes the answers";
}

INSTANTIATE_TEST_SUITE_P(Patterns, PatternSample,
                         testing::ValuesIn(test::patternFiles()),
                         [](const testing::TestParamInfo<fs::path> &Info) {
                           return test::testNameOf(Info.param.stem().string());
                         });

// --- The command ----------------------------------------------------------

TEST(AnswerSample, TheCommandReportsTheShareAndFailsOnADifference) {
  const std::string Dir = test::makeTempDir("answer-sample");
  RandomItems Items{2500, 500, 10, 0.05};
  const std::string Current = Dir + "/current.yaml",
                    Missing = Dir + "/missing.yaml";
  ASSERT_FALSE(writeFileAtomically(Current, Items.design("same")));
  ASSERT_FALSE(writeFileAtomically(Missing, Items.design("missing")));
  auto Run = [&](const std::string &Suggested, const std::string &Answers,
                 const std::string &Format) {
    return test::runTablelint({"replay", Current, Suggested, "--duration",
                               "2m", "--answers", Answers, "--format", Format});
  };
  // 300,000 items: the sample is the larger share that holds 250,000.
  const test::ToolResult Same = Run(Current, "sample", "text");
  EXPECT_EQ(Same.ExitCode, 0) << Same.Err;
  EXPECT_THAT(Same.Out,
              MatchesRegex("(.|\n)*\nanswers: [0-9,]+ executions compared on "
                           "an 8[0-9.]*% sample of entities \\(every entity "
                           "of the tables `top` queries read: Items "
                           "\\(current\\), Items \\(suggested\\)\\), [0-9,]+ "
                           "same, 0 different\n(.|\n)*"));
  const test::ToolResult Differ = Run(Missing, "sample", "json");
  EXPECT_EQ(Differ.ExitCode, 1) << Differ.Err;
  EXPECT_THAT(Differ.Out, HasSubstr("\"sampleShare\": 0.8"));
  const test::ToolResult None = Run(Missing, "none", "text");
  EXPECT_EQ(None.ExitCode, 0) << None.Err;
  EXPECT_THAT(None.Out, HasSubstr("\nanswers: not compared (--answers none)\n"));
  const test::ToolResult All = Run(Missing, "all", "text");
  EXPECT_EQ(All.ExitCode, 1) << All.Err;
  EXPECT_THAT(All.Out, HasSubstr(" executions compared on every entity, "));
  const test::ToolResult Bad = Run(Missing, "half", "text");
  EXPECT_EQ(Bad.ExitCode, 2);
  EXPECT_THAT(Bad.Err, HasSubstr("--answers"));
}

TEST(AnswerSample, ARunWhoseWholeCheckDoesNotFitIsCheckedOnTheSample) {
  // Two minutes of the demo with -j 3 are estimated at 210 MiB with the
  // whole check and 169 MiB with the sample: with 190M the default is the
  // sample, and --answers all is refused.
  const std::string Root = TABLELINT_SOURCE_DIR;
  auto Run = [&](const std::vector<std::string> &More) {
    std::vector<std::string> Args = {
        "replay", Root + "/examples/telemetry-service/schema/telemetry.yaml",
        Root + "/bench/inputs/telemetry-suggested.yaml", "--duration", "2m",
        "-j", "3", "--memory", "190M"};
    Args.insert(Args.end(), More.begin(), More.end());
    return test::runTablelint(Args);
  };
  const test::ToolResult Sampled = Run({});
  EXPECT_EQ(Sampled.ExitCode, 0) << Sampled.Err;
  EXPECT_THAT(Sampled.Out,
              MatchesRegex("(.|\n)*\nanswers: [0-9,]+ executions compared on "
                           "an? [0-9.]+% sample of entities, [0-9,]+ same, 0 "
                           "different\n(.|\n)*"));
  const test::ToolResult All = Run({"--answers", "all"});
  EXPECT_EQ(All.ExitCode, 2);
  EXPECT_THAT(All.Err, HasSubstr("more than the 190 MiB of --memory"));
}

} // namespace
} // namespace tablelint::replay
