// Replaying each remedy of `suggest` alone against the current design.
#include "driver/SuggestVerify.h"

#include "driver/ParallelTasks.h"

#include "checks/schema/SweepBucketRemedy.h"

#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/ReportFigures.h"
#include "replay/SampledTableNote.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

namespace tablelint {

namespace {

std::string fixed(double V, int Digits) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Digits, V);
  return Buf;
}

// Tolerances below which a figure counts as unchanged (docs/schema-checks.md,
// on `suggest`): the replay is deterministic, but a remedy that moves
// requests around shifts which of them are throttled, which retry waits and
// service times they draw, and where the latency distribution's tail falls.
constexpr double ThrottledPointsTolerance = 0.05;
// Of the failures (and of the completions and the unfinished queries) the
// base already has: a design that fails hundreds of thousands of
// operations on a saturated account fails a few dozen more or fewer when
// anything moves its requests (a retry policy's timing), which is not a
// remedy making it worse. None more than none, and one more unfinished
// query than a handful is one more.
constexpr double CountTolerance = 0.001; // relative
constexpr double P99Tolerance = 0.05;    // relative
constexpr double CostTolerance = 0.001;  // relative

// Whether a count got worse beyond the run's noise: More counts when After
// has more of it than Before (failed operations, unfinished queries),
// otherwise when it has fewer (completed operations).
bool countWorse(std::uint64_t Before, std::uint64_t After, bool More) {
  const auto B = static_cast<double>(Before), A = static_cast<double>(After);
  return More ? A > B * (1 + CountTolerance) : A < B * (1 - CountTolerance);
}

// Whether p99 got worse: the completed operations' p99, whatever the
// failures. A remedy that "completes" operations the current design
// failed by holding them for half a minute (a backoff whose retries land
// in the drain after the workload, when the key is quiet again) has not
// made them fast: its p99 says so, and the figures show both measures.
bool p99Worse(const replay::DesignResult &Before,
              const replay::DesignResult &After) {
  if (!After.Completed || !Before.Completed)
    return false; // no latency to compare; the counts say it
  return After.P99 > Before.P99 * (1 + P99Tolerance) + 1e-3;
}

// Cost per completed operation (replay::costPerCompleted): a remedy that
// completes more operations pays for them, which is not a worse cost.
using replay::costPerCompleted;

// p99 in ms as the verify line prints it: "-" when nothing completed (a
// latency is a completed operation's).
std::string p99Millis(const replay::DesignResult &D) {
  return D.Completed ? fixed(D.P99 * 1000, 1) : "-";
}

using replay::report::perMillionCompleted;

// ", unfinished queries 1 (15000 pages to go) -> 1 (16 pages to go)" or
// ", requests given up 880 (35200 transactions to go) -> 0 (...)": Count
// and ToGo of a DesignResult, when either design has some.
std::string toGoFigures(const replay::DesignResult &Before,
                        const replay::DesignResult &After,
                        std::uint64_t replay::DesignResult::*Count,
                        std::uint64_t replay::DesignResult::*ToGo,
                        const char *What, const char *Unit) {
  if (!(Before.*Count) && !(After.*Count))
    return "";
  auto One = [&](const replay::DesignResult &D) {
    return std::to_string(D.*Count) + " (" + std::to_string(D.*ToGo) + " " +
           Unit + " to go)";
  };
  return std::string(", ") + What + " " + One(Before) + " -> " + One(After);
}

// ", bytes received 9486000000 -> 401000000" when the responses' payload
// moved by more than 1% (a projection changes nothing else the line
// shows); "" otherwise.
std::string bytesReceived(const replay::DesignResult &Before,
                          const replay::DesignResult &After) {
  const auto A = static_cast<double>(Before.ResponseBytes),
             B = static_cast<double>(After.ResponseBytes);
  if (std::fabs(A - B) <= 0.01 * std::max(A, B))
    return "";
  return ", bytes received " + std::to_string(Before.ResponseBytes) + " -> " +
         std::to_string(After.ResponseBytes);
}

// One design replayed: the suggestion it comes from (its plan points into
// the suggestion's schema, so the suggestion lives as long as the plan),
// the plan and the replay's figures. Errors: why the design does not map
// the workload, and then nothing was replayed.
struct DesignRun {
  std::unique_ptr<const schema::SuggestResult> Suggestion;
  std::vector<InputError> Errors;
  std::optional<replay::DesignPlan> Plan;
  replay::DesignResult Result;
};

// Plans the current design with the remedies Pick chooses and replays it.
DesignRun runDesign(const replay::Workload &W, const schema::Schema &Current,
                    const schema::SchemaCheckOptions &Options,
                    const schema::RemedyFilter &Pick, const char *Name,
                    const replay::ReplayOptions &RO) {
  DesignRun Run;
  Run.Suggestion = std::make_unique<const schema::SuggestResult>(
      schema::suggestDesign(Current, Options, Pick));
  replay::DesignPlan Plan =
      replay::planDesign(W, Run.Suggestion->Design, Name, Run.Errors);
  if (!Run.Errors.empty())
    return Run;
  Run.Result = replay::simulateDesign(W, Plan, RO);
  Run.Plan = std::move(Plan);
  return Run;
}

// A refused key remedy (a hash bucket in the PartitionKey) of a table
// whose PartitionKey or name formats a growing date: time 0 begins every
// period, so its current partitions start empty and the short replay
// fills them with seconds of writes, where the finding sizes a whole
// period. What the remedy spreads is then not reached: say so.
std::string keyRemedyCaveat(const schema::Schema &Current,
                            const RemedyVerdict &V, double Seconds) {
  if (V.Kept || V.Figures.empty() ||
      (V.Rule != "hot-partition" && V.Rule != "time-based-partition-key" &&
       V.Rule != "partition-key-design" && V.Rule != "partition-throughput"))
    return "";
  // The subject of a key remedy is its table ("tables[Manifests]").
  const auto T = std::find_if(
      Current.Tables.begin(), Current.Tables.end(),
      [&](const schema::Table &X) { return X.Path == V.Subject; });
  if (T == Current.Tables.end() || !replay::emptyPeriodNote(*T))
    return "";
  return "the replay cannot show what it spreads: table '" + T->Name +
         "' keys its partitions by the period of a growing date, and the run "
         "starts where every period begins, so its current partitions hold "
         "only " +
         fixed(Seconds, 0) +
         " s of writes, where the finding sizes them at a whole period; "
         "judge this remedy by the finding's figures";
}

// A refused time bucket for a sweep (SweepBucketRemedy.h): the replay
// takes each execution's cut-off from a stored entity's time, anywhere in
// the table, so the sweep reads everything before it in both designs and
// what the bucket saves (reading only what fell due since the last sweep)
// is not reached: say so.
std::string sweepRemedyCaveat(const schema::Schema &Current,
                              const RemedyVerdict &V) {
  if (V.Kept || V.Figures.empty() || V.Rule != "low-density-query")
    return "";
  for (const schema::Table &T : Current.Tables)
    for (const schema::Query &Q : T.Queries)
      if (Q.Path == V.Subject)
        if (const std::string P = schema::sweptProperty(T, Q); !P.empty())
          return "the replay cannot show what a time bucket saves: it "
                 "takes each execution's cut-off from a stored entity's '" +
                 P + "', anywhere in table '" + T.Name +
                 "', not the time the sweep runs with what fell due before "
                 "deleted, so the sweep reads everything before that time "
                 "in both designs; judge this remedy by the finding's "
                 "figures";
  return "";
}

// VerifyOptions::Progress for the replays of one round, from the tasks'
// threads: each says what it starts and that it ended, one at a time.
class RoundProgress {
public:
  RoundProgress(const VerifyOptions &Verify, std::size_t Replays)
      : Report(Verify.Progress), Replays(std::max<std::size_t>(Replays, 1)) {}

  void started(const std::string &What) {
    if (!Report)
      return;
    const std::lock_guard<std::mutex> Lock(Mutex);
    Report(What, static_cast<double>(Ended) / static_cast<double>(Replays));
  }
  void ended() {
    const std::lock_guard<std::mutex> Lock(Mutex);
    ++Ended;
  }

private:
  const std::function<void(const std::string &, double)> &Report;
  const std::size_t Replays;
  std::size_t Ended = 0;
  std::mutex Mutex;
};

// "replaying remedy 2 of 5: hot-partition on tables[Orders]".
std::string remedyName(const RemedyVerdict &V, std::size_t I, std::size_t N,
                       const char *Round) {
  return "replaying " + std::string(Round) + std::to_string(I + 1) + " of " +
         std::to_string(N) + ": " + V.Rule + " on " + V.Subject;
}

// A design throttled on at least this share of its requests (percent) in
// both runs is saturated: see saturatedDesignCaveat.
constexpr double SaturatedThrottledPercent = 50;

} // namespace

std::string saturatedDesignCaveat(const replay::DesignResult &Before,
                                  const replay::DesignResult &After) {
  if (Before.ThrottledPercent < SaturatedThrottledPercent ||
      After.ThrottledPercent < SaturatedThrottledPercent)
    return "";
  std::vector<const replay::OpResult *> Readers;
  for (const replay::OpResult &Op : Before.Ops)
    if (Op.IsQuery && Op.Scanned)
      Readers.push_back(&Op);
  // Most read first; among equals, in the report's order.
  std::sort(Readers.begin(), Readers.end(),
            [](const replay::OpResult *A, const replay::OpResult *B) {
              return A->Scanned != B->Scanned ? A->Scanned > B->Scanned
                                              : A < B;
            });
  std::string Names;
  const std::size_t Shown = std::min<std::size_t>(Readers.size(), 3);
  for (std::size_t I = 0; I < Shown; ++I)
    Names += std::string(I ? ", " : "") + "'" + Readers[I]->Name + "' " +
             std::to_string(Readers[I]->Scanned);
  return "the current design is throttled on " +
         fixed(Before.ThrottledPercent, 1) + "% of its requests and " +
         fixed(After.ThrottledPercent, 1) + "% with this remedy" +
         (Names.empty() ? std::string()
                        : " (entities read in the run: " + Names +
                              (Readers.size() > Shown ? ", ..." : "") + ")") +
         ": on budgets this saturated, what the remedy adds or saves moves "
         "the other operations' throttling and give-ups, and each scan that "
         "cannot finish there moves the cost per completed operation by a "
         "whole execution, so this comparison judges the saturation more "
         "than the remedy; fix what saturates the design first, then "
         "suggest again";
}

// Two throttled shares, to a tenth of a point, or to the precision that
// tells them apart (the gate's tolerance is 0.05 points): a refusal for
// the throttled share printed "77.3% -> 77.3%".
std::string throttledShares(double Before, double After) {
  int Digits = 1;
  while (Digits < 3 && Before != After &&
         fixed(Before, Digits) == fixed(After, Digits))
    ++Digits;
  return fixed(Before, Digits) + "% -> " + fixed(After, Digits) + "%";
}

namespace {

// The table declaring a query of that name, and the query; nulls when none.
std::pair<const schema::Table *, const schema::Query *>
findQuery(const schema::Schema &S, const std::string &Name) {
  for (const schema::Table &T : S.Tables)
    for (const schema::Query &Q : T.Queries)
      if (Q.Name == Name)
        return {&T, &Q};
  return {nullptr, nullptr};
}

// A table's name as the things it holds: "DeviceReadings" -> "device
// readings", "Orders" -> "orders".
std::string entitiesOf(const std::string &Table) {
  std::string Out;
  for (std::size_t I = 0; I < Table.size(); ++I) {
    const char C = Table[I];
    if (std::isupper(static_cast<unsigned char>(C)) && I > 0 &&
        std::islower(static_cast<unsigned char>(Table[I - 1])))
      Out += ' ';
    Out += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  }
  return Out;
}

std::string joined(const std::vector<std::string> &Words, const char *Sep) {
  std::string Out;
  for (const std::string &W : Words)
    Out += (Out.empty() ? "" : Sep) + W;
  return Out;
}

// Why a query of the current design (T, Q) answers otherwise in the
// suggested one (NT, NQ), as far as the two declarations show it.
std::string answerChangeReason(const schema::Table &T, const schema::Query &Q,
                               const schema::Table &NT,
                               const schema::Query &NQ) {
  const std::pair<const char *, const schema::KeyTemplate schema::Table::*>
      Keys[] = {{"PartitionKey", &schema::Table::PartitionKey},
                {"RowKey", &schema::Table::RowKey}};
  if (T.Name == NT.Name && Q.Filter == NQ.Filter)
    for (const auto &[Key, Of] : Keys) {
      const schema::KeyTemplate &Old = T.*Of, &New = NT.*Of;
      if (Old.Text == New.Text || Q.Filter.find(Key) == std::string::npos)
        continue;
      const std::vector<std::string> By = Old.properties();
      return "because the query still reads by " +
             (By.empty() ? "the constant `" + Old.Text + "`"
                         : joined(By, " and ")) +
             ": its filter names " + Key +
             " as the current design makes it, `" + Old.Text +
             "`, which the change re-keys to `" + New.Text +
             "` without rewriting the filter";
    }
  if (T.Name != NT.Name)
    return "because the change reads it from " + NT.Name + " instead of " +
           T.Name;
  if (Q.Filter != NQ.Filter)
    return "because its rewritten filter `" + NQ.Filter +
           "` does not select what `" + Q.Filter + "` does";
  return "";
}

} // namespace

std::string answersChangedText(const schema::Schema &Current,
                               const schema::Schema &Suggested,
                               const replay::AnswerCheck &Answers) {
  std::string Out;
  for (const replay::QueryComparison &C : Answers.PerQuery) {
    if (!C.Different)
      continue;
    const auto [T, Q] = findQuery(Current, C.Query);
    const auto [NT, NQ] = findQuery(Suggested, C.Query);
    std::string Line = "this change would make `" + C.Query + "` return " +
                       (T ? "other " + entitiesOf(T->Name) : "other entities") +
                       " (" + std::to_string(C.Different) + " of " +
                       std::to_string(C.Compared) + " executions differ)";
    if (T && NT)
      if (std::string Why = answerChangeReason(*T, *Q, *NT, *NQ); !Why.empty())
        Line += ", " + Why;
    Out += (Out.empty() ? "" : "; ") + Line;
  }
  for (const std::string &Cause : Answers.Causes)
    Out += (Out.empty() ? "" : "; ") + Cause;
  return Out;
}

void judgeRemedy(const replay::DesignResult &Before,
                 const replay::DesignResult &After,
                 const replay::AnswerCheck &Answers, double Seconds,
                 RemedyVerdict &V) {
  V.Figures = "failed " + std::to_string(Before.Failed) + " -> " +
              std::to_string(After.Failed) + ", completed " +
              std::to_string(Before.Completed) + " -> " +
              std::to_string(After.Completed) + ", throttled " +
              throttledShares(Before.ThrottledPercent,
                              After.ThrottledPercent) +
              ", p99 " +
              p99Millis(Before) + " -> " + p99Millis(After) + " ms, cost $" +
              fixed(Before.CostPerMonth, 2) + " -> $" +
              fixed(After.CostPerMonth, 2) + "/month (per million completed "
              "operations, what the gate compares: " +
              perMillionCompleted(Before) + " -> " +
              perMillionCompleted(After) + ")" +
              bytesReceived(Before, After) +
              toGoFigures(Before, After,
                          &replay::DesignResult::UnfinishedQueries,
                          &replay::DesignResult::UnfinishedQueryPages,
                          "unfinished queries", "pages") +
              toGoFigures(Before, After, &replay::DesignResult::GaveUpRequests,
                          &replay::DesignResult::GaveUpTransactions,
                          "requests given up", "transactions") +
              ", answers " +
              (Answers.Different
                   ? std::to_string(Answers.Different) + " of " +
                         std::to_string(Answers.Compared) + " different"
                   : "same (" + std::to_string(Answers.Compared) +
                         " compared)") +
              " (" + fixed(Seconds, 0) + " s replayed)";
  std::vector<std::string> Worse;
  if (Answers.Different)
    Worse.push_back("what queries return");
  if (countWorse(Before.Completed, After.Completed, false))
    Worse.push_back("completed operations");
  if (countWorse(Before.Failed, After.Failed, true))
    Worse.push_back("failed operations");
  if (After.ThrottledPercent >
      Before.ThrottledPercent + ThrottledPointsTolerance)
    Worse.push_back("throttled share");
  if (p99Worse(Before, After))
    Worse.push_back("p99");
  if (countWorse(Before.UnfinishedQueries, After.UnfinishedQueries, true))
    Worse.push_back("unfinished queries");
  if (costPerCompleted(After) >
      costPerCompleted(Before) * (1 + CostTolerance) + 1e-12)
    Worse.push_back("cost per completed operation");
  V.Worse.clear();
  for (const std::string &M : Worse)
    V.Worse += (V.Worse.empty() ? "" : ", ") + M;
  V.Kept = Worse.empty();
}

namespace {

// Whether the design suggested carries a change of V's remedy (alone, a
// bucket can be advice until another remedy takes the load it cannot
// split).
bool carriesRemedy(const schema::SuggestResult &S, const RemedyVerdict &V) {
  return std::any_of(S.Changes.begin(), S.Changes.end(),
                     [&](const schema::SuggestedChange &C) {
                       return C.RuleId == V.Rule && C.Subject == V.Subject;
                     });
}

} // namespace

std::vector<RemedyVerdict>
verifyRemedies(const schema::Schema &Current,
               const schema::SchemaCheckOptions &Options,
               const schema::SuggestResult &All, const VerifyOptions &Verify,
               std::vector<InputError> &CurrentErrors) {
  std::vector<RemedyVerdict> Out;
  std::set<std::pair<std::string, std::string>> Seen;
  for (const schema::SuggestedChange &C : All.Changes)
    if (Seen.insert({C.RuleId, C.Subject}).second)
      Out.push_back({C.RuleId, C.Subject, false, "", "", false, false, "", ""});
  if (Out.empty())
    return Out;

  std::vector<InputError> Errors;
  replay::Workload W = replay::buildWorkloadModel(Current, Errors);
  replay::WorkloadOptions WO;
  WO.DurationSeconds = Verify.DurationSeconds;
  WO.Seed = Verify.Seed;
  WO.EveryOpAtLeastOnce = true;
  replay::generateEvents(W, WO);
  replay::ReplayOptions RO;
  RO.Seed = Verify.Seed;
  const replay::DesignPlan Base =
      replay::planDesign(W, Current, "current", Errors);
  if (!Errors.empty()) {
    CurrentErrors = std::move(Errors);
    return {};
  }
  // The current design and each remedy alone are replayed side by side.
  // A plan caches the text it last rendered (replay::BoundTemplate), so
  // each task compares answers with a copy of the current design's plan,
  // made before any task runs.
  replay::DesignResult Before;
  std::vector<DesignRun> Alone(Out.size());
  std::vector<replay::AnswerCheck> AloneAnswers(Out.size());
  std::vector<replay::DesignPlan> Bases(Out.size(), Base);
  std::vector<std::function<void()>> Tasks;
  RoundProgress AloneProgress(Verify, Out.size() + 1);
  Tasks.push_back([&] {
    AloneProgress.started("replaying the current design");
    Before = replay::simulateDesign(W, Base, RO);
    AloneProgress.ended();
  });
  for (std::size_t I = 0; I < Out.size(); ++I)
    Tasks.push_back([&, I] {
      const RemedyVerdict &V = Out[I];
      AloneProgress.started(remedyName(V, I, Out.size(), "remedy "));
      Alone[I] = runDesign(
          W, Current, Options,
          [&](const std::string &Rule, const std::string &S) {
            return Rule == V.Rule && S == V.Subject;
          },
          "suggested", RO);
      if (Alone[I].Plan)
        AloneAnswers[I] = replay::checkAnswers(W, Bases[I], *Alone[I].Plan);
      AloneProgress.ended();
    });
  runTasks(Tasks, Verify.Jobs);
  // Of a remedy refused alone, why its comparison may say little.
  std::vector<std::string> SaturationCaveats(Out.size());
  for (std::size_t I = 0; I < Out.size(); ++I) {
    RemedyVerdict &V = Out[I];
    if (!Alone[I].Plan) {
      V.Worse = "its design does not map the workload: " +
                Alone[I].Errors.front().Message;
      continue;
    }
    if (!carriesRemedy(*Alone[I].Suggestion, V)) {
      V.NeedsOthers = true;
      V.Worse = "alone it changes nothing, and no remedy it needs was kept";
      continue;
    }
    judgeRemedy(Before, Alone[I].Result, AloneAnswers[I],
                Verify.DurationSeconds, V);
    V.AnswersChanged = answersChangedText(
        Current, Alone[I].Suggestion->Design, AloneAnswers[I]);
    if (!V.Kept && !AloneAnswers[I].Different)
      SaturationCaveats[I] = saturatedDesignCaveat(Before, Alone[I].Result);
  }

  // Remedies can need each other: a table scan that saturates the account
  // hides what an index elsewhere saves. A refused remedy gets a second
  // replay on top of the kept ones, against them; its answers are still
  // compared with the current design's. Rounds go on while one is kept.
  for (bool Progress = true; Progress;) {
    Progress = false;
    std::set<std::pair<std::string, std::string>> Kept;
    for (const RemedyVerdict &V : Out)
      if (V.Kept)
        Kept.insert({V.Rule, V.Subject});
    if (Kept.empty() || Kept.size() == Out.size())
      break;
    auto RunWith = [&](const RemedyVerdict *Extra, const char *Name) {
      return runDesign(
          W, Current, Options,
          [&](const std::string &Rule, const std::string &S) {
            return Kept.count({Rule, S}) ||
                   (Extra && Rule == Extra->Rule && S == Extra->Subject);
          },
          Name, RO);
    };
    // The kept remedies together, and each refused one on top of them,
    // side by side; the verdicts are applied in order once all have run.
    DesignRun KeptOnly;
    std::vector<std::size_t> Refused;
    for (std::size_t I = 0; I < Out.size(); ++I)
      if (!Out[I].Kept && (!Out[I].Figures.empty() || Out[I].NeedsOthers))
        Refused.push_back(I); // not kept, and its design maps the workload
    std::vector<DesignRun> With(Refused.size());
    std::vector<replay::AnswerCheck> WithAnswers(Refused.size());
    std::vector<replay::DesignPlan> Bases(Refused.size(), Base);
    std::vector<std::function<void()>> Round;
    RoundProgress OnTopProgress(Verify, Refused.size() + 1);
    Round.push_back([&] {
      OnTopProgress.started("replaying the remedies kept");
      KeptOnly = RunWith(nullptr, "kept");
      OnTopProgress.ended();
    });
    for (std::size_t R = 0; R < Refused.size(); ++R)
      Round.push_back([&, R] {
        OnTopProgress.started(remedyName(Out[Refused[R]], R, Refused.size(),
                                         "on top of the kept, remedy "));
        With[R] = RunWith(&Out[Refused[R]], "suggested");
        if (With[R].Plan)
          WithAnswers[R] = replay::checkAnswers(W, Bases[R], *With[R].Plan);
        OnTopProgress.ended();
      });
    runTasks(Round, Verify.Jobs);
    if (!KeptOnly.Plan)
      break;
    for (std::size_t R = 0; R < Refused.size(); ++R) {
      RemedyVerdict &V = Out[Refused[R]];
      if (!With[R].Plan)
        continue;
      RemedyVerdict Again = V;
      judgeRemedy(KeptOnly.Result, With[R].Result, WithAnswers[R],
                  Verify.DurationSeconds, Again);
      if (V.NeedsOthers && carriesRemedy(*With[R].Suggestion, V)) {
        // Its only replay that changes anything: what it says is this.
        V.Figures = Again.Figures;
        V.Worse = Again.Worse;
        V.AnswersChanged = answersChangedText(
            Current, With[R].Suggestion->Design, WithAnswers[R]);
      }
      if (!Again.Kept || !carriesRemedy(*With[R].Suggestion, V))
        continue;
      V = Again;
      V.OnTopOfKept = true;
      Progress = true;
    }
  }
  for (std::size_t I = 0; I < Out.size(); ++I) {
    RemedyVerdict &V = Out[I];
    V.Caveat = keyRemedyCaveat(Current, V, Verify.DurationSeconds);
    if (V.Caveat.empty())
      V.Caveat = sweepRemedyCaveat(Current, V);
    // Kept on top of the others, its figures are not the alone run's.
    if (!V.Kept && !SaturationCaveats[I].empty())
      V.Caveat += (V.Caveat.empty() ? "" : "; ") + SaturationCaveats[I];
  }
  return Out;
}

} // namespace tablelint
