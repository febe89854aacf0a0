// Replaying each remedy of `suggest` alone against the current design.
#include "driver/SuggestVerify.h"

#include "driver/ParallelTasks.h"

#include "checks/schema/SweepBucketRemedy.h"
#include "core/schema/SchemaWriter.h"

#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/MemoryEstimate.h"
#include "replay/ProcessMemory.h"
#include "replay/ReportFigures.h"
#include "replay/SampledTableNote.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
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
// Scale widens (above 1) or narrows every tolerance (verdictSettled).
bool countWorse(std::uint64_t Before, std::uint64_t After, bool More,
                double Scale) {
  const auto B = static_cast<double>(Before), A = static_cast<double>(After);
  const double Tolerance = CountTolerance * Scale;
  return More ? A > B * (1 + Tolerance) : A < B * (1 - Tolerance);
}

// Whether p99 got worse: the completed operations' p99, whatever the
// failures. A remedy that "completes" operations the current design
// failed by holding them for half a minute (a backoff whose retries land
// in the drain after the workload, when the key is quiet again) has not
// made them fast: its p99 says so, and the figures show both measures.
bool p99Worse(const replay::DesignResult &Before,
              const replay::DesignResult &After, double Scale) {
  if (!After.Completed || !Before.Completed)
    return false; // no latency to compare; the counts say it
  return After.P99 > Before.P99 * (1 + P99Tolerance * Scale) + 1e-3;
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

// ", scanned per returned 406.1 -> 7.1" when the entities the queries
// scanned per entity they returned moved by more than 1% (what a key or an
// index for a scan saves); "" otherwise.
std::string scannedPerReturned(const replay::DesignResult &Before,
                               const replay::DesignResult &After) {
  const double A = Before.ScannedPerReturned, B = After.ScannedPerReturned;
  if (A <= 0 || B <= 0 || std::fabs(A - B) <= 0.01 * std::max(A, B))
    return "";
  return ", scanned per returned " + fixed(A, 1) + " -> " + fixed(B, 1);
}

// One design's replay as a candidate sees it: the suggestion it comes from,
// why it does not map the workload (then nothing was replayed), and the
// replay's figures.
struct DesignRun {
  std::shared_ptr<const schema::SuggestResult> Suggestion;
  std::vector<InputError> Errors;
  bool Mapped = false;
  replay::DesignResult Result;
};

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

// A refused time bucket for a sweep (SweepBucketRemedy.h) whose query
// declares no `cutoff`: the replay fills its cut-off from a stored
// entity's time, anywhere in the table, so the sweep reads everything
// before it in both designs and what the bucket saves is not reached. Say
// how the schema says when it sweeps. With a `cutoff`, its verdict stands.
std::string sweepRemedyCaveat(const schema::Schema &Current,
                              const RemedyVerdict &V) {
  if (V.Kept || V.Figures.empty() || V.Rule != "low-density-query")
    return "";
  for (const schema::Table &T : Current.Tables)
    for (const schema::Query &Q : T.Queries)
      if (Q.Path == V.Subject && !Q.CutoffAgoSeconds)
        if (const std::string P = schema::sweptProperty(T, Q); !P.empty())
          return "query '" + Q.Name + "' declares no `cutoff`, so the "
                 "replay bounds '" + P + "' by a stored entity's value, "
                 "anywhere in table '" + T.Name + "', and the sweep reads "
                 "everything before it in both designs; declare when it "
                 "sweeps (`cutoff: now`, or `cutoff: now - 1d` for what "
                 "expired a day ago) and suggest again";
  return "";
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

namespace {

// The measures After makes worse than Before beyond the run's noise, each
// tolerance times Scale.
std::vector<std::string> worseMeasures(const replay::DesignResult &Before,
                                       const replay::DesignResult &After,
                                       const replay::AnswerCheck &Answers,
                                       double Scale) {
  std::vector<std::string> Worse;
  if (Answers.Different)
    Worse.push_back("what queries return");
  if (countWorse(Before.Completed, After.Completed, false, Scale))
    Worse.push_back("completed operations");
  if (countWorse(Before.Failed, After.Failed, true, Scale))
    Worse.push_back("failed operations");
  if (After.ThrottledPercent >
      Before.ThrottledPercent + ThrottledPointsTolerance * Scale)
    Worse.push_back("throttled share");
  if (p99Worse(Before, After, Scale))
    Worse.push_back("p99");
  if (countWorse(Before.UnfinishedQueries, After.UnfinishedQueries, true,
                 Scale))
    Worse.push_back("unfinished queries");
  if (costPerCompleted(After) >
      costPerCompleted(Before) * (1 + CostTolerance * Scale) + 1e-12)
    Worse.push_back("cost per completed operation");
  return Worse;
}

// Whether a count the gate compares is too small to settle on: a handful
// of failures comes or goes with a single request's retries, so a longer
// replay must count them; so with a handful of unfinished queries that
// differ.
constexpr std::uint64_t FewCount = 20;
bool fewToCount(const replay::DesignResult &Before,
                const replay::DesignResult &After) {
  const std::uint64_t Failed = std::max(Before.Failed, After.Failed);
  const std::uint64_t Unfinished =
      std::max(Before.UnfinishedQueries, After.UnfinishedQueries);
  return (Failed > 0 && Failed <= FewCount) ||
         (Unfinished <= FewCount &&
          Before.UnfinishedQueries != After.UnfinishedQueries);
}

// Whether the replay shows nothing of the remedy: no measure moved beyond
// its tolerance either way, and the bytes received by no more than 1%. A
// short replay may not reach what the remedy changes (a bucket of a
// period that starts empty, a backoff on a key not yet throttled).
bool noVisibleEffect(const replay::DesignResult &Before,
                     const replay::DesignResult &After) {
  const replay::AnswerCheck None;
  return worseMeasures(Before, After, None, 1).empty() &&
         worseMeasures(After, Before, None, 1).empty() &&
         bytesReceived(Before, After).empty();
}

// How much wider and narrower the tolerances are when verdictSettled asks
// whether a measure is close to its tolerance.
constexpr double CloseFactor = 3;

} // namespace

bool verdictSettled(const replay::DesignResult &Before,
                    const replay::DesignResult &After,
                    const replay::AnswerCheck &Answers, bool LastRung) {
  if (LastRung || Answers.Different)
    return true;
  return !noVisibleEffect(Before, After) && !fewToCount(Before, After) &&
         worseMeasures(Before, After, Answers, CloseFactor) ==
             worseMeasures(Before, After, Answers, 1 / CloseFactor);
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
              scannedPerReturned(Before, After) +
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
  const std::vector<std::string> Worse =
      worseMeasures(Before, After, Answers, 1);
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

// One design, as the replay sees it (replayedDesignText), on one rung:
// replayed once and its answers checked against the current design's once,
// whichever bases and candidates of whichever round are that design (a
// remedy the simulated service does not model, the remedies kept that a
// candidate of the round before was). The replay is deterministic for a
// workload and seed, so its figures are what another replay would give.
struct ReplayedDesign {
  // The design; null for the current design (the rung's plan).
  std::shared_ptr<const schema::SuggestResult> Suggestion;
  std::vector<InputError> Errors; // it does not map the workload
  std::optional<replay::DesignResult> Result;
  std::optional<replay::AnswerCheck> Answers;
  // Asked for on the climb under way, and by whom (the progress line).
  bool WantsResult = false, WantsAnswers = false;
  std::string What;
  const char *Name = "suggested";
};

// One rung of the ladder: the workload generated for Seconds, the current
// design's plan on it, how its replays are run, and the designs replayed
// on it so far, by their replayed text.
struct Rung {
  double Seconds = 0;
  bool Last = false;
  replay::Workload W;
  std::optional<replay::DesignPlan> Current;
  replay::AnswerCheckOptions Answers;
  unsigned Jobs = 1;
  std::uint64_t Seed = 1; // of the clients' retry jitter
  std::map<std::string, std::unique_ptr<ReplayedDesign>> Designs;
};

// Replays side by side that memory holds: each holds the workload's share
// and a remedy's design and answer check (replay::estimateReplayMemory,
// which errs high).
unsigned jobsThatFit(const Rung &R, const replay::WorkloadOptions &WO,
                     unsigned Jobs) {
  const replay::MemoryEstimate E = replay::estimateReplayMemory(
      R.W, {*R.Current, *R.Current}, WO, 1, R.Answers.SampleShare);
  double Task = 0;
  for (const replay::MemoryEstimate::Part &P : E.Tasks)
    Task += P.at(WO.DurationSeconds);
  const double Free =
      static_cast<double>(replay::memoryAvailableToProcess()) -
      E.Shared.at(WO.DurationSeconds);
  if (Task <= 0 || Free >= Task * Jobs)
    return std::max(Jobs, 1u);
  return static_cast<unsigned>(std::max(1.0, std::floor(Free / Task)));
}

// The workload of Seconds and the current design's plan on it; Errors
// when the current design does not map it.
std::unique_ptr<Rung> makeRung(const schema::Schema &Current,
                               const replay::Workload &Model, double Seconds,
                               bool Last, const VerifyOptions &Verify,
                               std::vector<InputError> &Errors) {
  auto R = std::make_unique<Rung>();
  R->Seconds = Seconds;
  R->Last = Last;
  R->Seed = Verify.Seed;
  R->W = Model;
  replay::WorkloadOptions WO;
  WO.DurationSeconds = Seconds;
  WO.Seed = Verify.Seed;
  WO.EveryOpAtLeastOnce = true;
  // The last rung is the whole replay; a short one holds a smaller
  // warm-start sample (VerifyExistingEntities).
  if (!Last)
    WO.MaxExistingEntities = VerifyExistingEntities;
  replay::generateEvents(R->W, WO);
  replay::DesignPlan Plan =
      replay::planDesign(R->W, Current, "current", Errors);
  if (!Errors.empty())
    return R;
  R->Current = std::move(Plan);
  // The existing entities' keys, rendered once for every design the rung
  // replays and checks.
  R->Answers.ExistingKeys = std::make_shared<replay::ExistingKeyCache>(R->W);
  if (Verify.AnswersOnSample)
    R->Answers.SampleShare = replay::answerSampleShare(R->W);
  R->Jobs = jobsThatFit(*R, WO, Verify.Jobs);
  // A check's two designs side by side where a core of the rung's jobs is
  // spare.
  R->Answers.SpareThread = spareThreadInPool;
  return R;
}

// The rungs of a verification, each generated when first climbed from
// one workload model of the current design (built once: only the events
// differ from rung to rung).
class Ladder {
public:
  Ladder(const schema::Schema &Current, std::vector<double> Seconds,
         const VerifyOptions &Verify)
      : Current(Current), Seconds(std::move(Seconds)), Verify(Verify),
        Rungs(this->Seconds.size()) {}

  std::size_t size() const { return Seconds.size(); }
  // Null with Errors when the current design does not map the workload.
  Rung *rung(std::size_t K, std::vector<InputError> &Errors) {
    if (!Model) {
      ModelErrors.clear();
      Model = replay::buildWorkloadModel(Current, ModelErrors);
    }
    if (!Rungs[K]) {
      Errors.insert(Errors.end(), ModelErrors.begin(), ModelErrors.end());
      Rungs[K] = makeRung(Current, *Model, Seconds[K],
                          K + 1 == Seconds.size(), Verify, Errors);
    }
    return Rungs[K]->Current ? Rungs[K].get() : nullptr;
  }

private:
  const schema::Schema &Current;
  std::optional<replay::Workload> Model;
  std::vector<InputError> ModelErrors;
  const std::vector<double> Seconds;
  const VerifyOptions &Verify;
  std::vector<std::unique_ptr<Rung>> Rungs;
};

// A design replayed against a base design, rung after rung, until its
// verdict settles: the remedy it decides, the design (the remedies Pick
// allows), its last replay and what it was judged against.
struct Candidate {
  RemedyVerdict *V = nullptr;
  schema::RemedyFilter Pick;
  std::string Name; // "remedy 2 of 5: hot-partition on tables[Orders]"
  DesignRun Run;
  replay::AnswerCheck Answers;
  replay::DesignResult Before;        // the base's replay at its last rung
  std::optional<RemedyVerdict> Judged; // at its last rung
  bool Settled = false;
};

// VerifyOptions::Progress for one round, from the tasks' threads: each
// replay says what it starts and that it ended, one at a time. The share
// done counts the candidates settled and, on the rung under way, its
// replays ended.
class RoundProgress {
public:
  RoundProgress(const VerifyOptions &Verify, std::size_t Candidates)
      : Report(Verify.Progress),
        Candidates(std::max<std::size_t>(Candidates, 1)) {}

  std::size_t settled() const { return Settled; }
  void climb(std::size_t Settled, std::size_t Replays) {
    this->Settled = Settled;
    this->Replays = std::max<std::size_t>(Replays, 1);
    Ended = 0;
  }
  void started(const std::string &What, double Seconds) {
    if (!Report)
      return;
    const std::lock_guard<std::mutex> Lock(Mutex);
    const double Open = static_cast<double>(Candidates - Settled);
    Report(What + " for " + fixed(Seconds, 0) + " s",
           (static_cast<double>(Settled) +
            Open * static_cast<double>(Ended) / static_cast<double>(Replays)) /
               static_cast<double>(Candidates));
  }
  void ended() {
    const std::lock_guard<std::mutex> Lock(Mutex);
    ++Ended;
  }
  // A candidate that is, to the replay, a design already replayed on the
  // rung: its figures are that replay's.
  void reused(const std::string &What, const std::string &As) {
    if (!Report)
      return;
    const std::lock_guard<std::mutex> Lock(Mutex);
    Report(What + ": the same design to the replay as " + As +
               ", its replay reused",
           static_cast<double>(Settled) / static_cast<double>(Candidates));
  }

private:
  const std::function<void(const std::string &, double)> &Report;
  const std::size_t Candidates;
  std::size_t Settled = 0, Replays = 1, Ended = 0;
  std::mutex Mutex;
};

// "remedy 2 of 5: hot-partition on tables[Orders]".
std::string remedyName(const RemedyVerdict &V, std::size_t I, std::size_t N,
                       const char *Round) {
  return std::string(Round) + std::to_string(I + 1) + " of " +
         std::to_string(N) + ": " + V.Rule + " on " + V.Subject;
}

// C's replay on R judged against the base's (Before).
void judgeOnRung(Candidate &C, const replay::DesignResult &Before,
                 const Rung &R) {
  if (!C.Run.Mapped) {
    C.Settled = true; // its design does not map the workload
    return;
  }
  if (!carriesRemedy(*C.Run.Suggestion, *C.V)) {
    C.Settled = true; // the same design as its base: nothing to judge
    C.Judged.reset();
    return;
  }
  RemedyVerdict Now = *C.V;
  judgeRemedy(Before, C.Run.Result, C.Answers, R.Seconds, Now);
  Now.Seconds = R.Seconds;
  C.Settled = verdictSettled(Before, C.Run.Result, C.Answers, R.Last);
  C.Judged = std::move(Now);
  C.Before = Before;
}

// The base design of a round: the current design (Pick null) or the
// current design with the remedies Pick allows.
struct BaseDesign {
  const schema::RemedyFilter *Pick = nullptr;
  const char *What = "replaying the current design";
};

// The suggestions of a round, each made once for every rung: the base's
// (null for the current design) and the open candidates' that have none.
void suggestOnce(const schema::Schema &Current,
                 const schema::SchemaCheckOptions &Options,
                 const BaseDesign &Base,
                 std::shared_ptr<const schema::SuggestResult> &BaseSuggestion,
                 std::vector<Candidate *> &Open, unsigned Jobs) {
  std::vector<std::function<void()>> Tasks;
  if (Base.Pick && !BaseSuggestion)
    Tasks.push_back([&] {
      BaseSuggestion = std::make_shared<const schema::SuggestResult>(
          schema::suggestDesign(Current, Options, *Base.Pick));
    });
  for (Candidate *C : Open)
    if (!C->Run.Suggestion)
      Tasks.push_back([&Current, &Options, C] {
        C->Run.Suggestion = std::make_shared<const schema::SuggestResult>(
            schema::suggestDesign(Current, Options, C->Pick));
      });
  runTasks(Tasks, Jobs);
}

// The entry of R for Design (null: the current design), made when absent.
ReplayedDesign &
designOnRung(Rung &R, const std::string &CurrentText,
             const std::shared_ptr<const schema::SuggestResult> &Design) {
  const std::string Text =
      Design ? replayedDesignText(Design->Design) : CurrentText;
  std::unique_ptr<ReplayedDesign> &E = R.Designs[Text];
  if (!E) {
    E = std::make_unique<ReplayedDesign>();
    // The current design, however it was reached, replays as the rung's
    // plan of it.
    if (Text != CurrentText)
      E->Suggestion = Design;
  }
  return *E;
}

// Replays what E is asked for on R (its figures, its answers against
// CurrentCopy, a copy of the current design's plan), in one task.
void replayOnRung(const Rung &R, ReplayedDesign &E,
                  const replay::DesignPlan &CurrentCopy,
                  const replay::ReplayOptions &RO) {
  std::optional<replay::DesignPlan> Plan;
  if (!E.Suggestion)
    Plan = *R.Current;
  else if (replay::DesignPlan P =
               replay::planDesign(R.W, E.Suggestion->Design, E.Name, E.Errors);
           E.Errors.empty())
    Plan = std::move(P);
  if (!Plan)
    return;
  if (E.WantsResult && !E.Result)
    E.Result = replay::simulateDesign(R.W, *Plan, RO);
  if (E.WantsAnswers && !E.Answers)
    E.Answers = replay::checkAnswers(R.W, CurrentCopy, *Plan, R.Answers);
}

// Replays the unsettled candidates and the base on rung R, side by side,
// each design the replay sees once per rung, and judges them. False when
// the base does not map the workload.
bool climbRung(Rung &R, const std::string &CurrentText,
               const BaseDesign &Base,
               const std::shared_ptr<const schema::SuggestResult> &BaseDesignOf,
               std::vector<Candidate *> &Open, RoundProgress &Progress) {
  replay::ReplayOptions RO;
  RO.Seed = R.Seed;
  RO.ExistingKeys = R.Answers.ExistingKeys;
  ReplayedDesign &BaseRun = designOnRung(R, CurrentText, BaseDesignOf);
  std::vector<ReplayedDesign *> Asked{&BaseRun};
  BaseRun.WantsResult = true;
  BaseRun.What = Base.What;
  BaseRun.Name = Base.Pick ? "kept" : "current";
  std::vector<ReplayedDesign *> Runs;
  for (Candidate *C : Open) {
    ReplayedDesign &E = designOnRung(R, CurrentText, C->Run.Suggestion);
    if (!E.WantsResult && !E.WantsAnswers)
      E.What = "replaying " + C->Name;
    E.WantsResult = E.WantsAnswers = true;
    Runs.push_back(&E);
    Asked.push_back(&E);
  }
  // Each design once, when it lacks what it is asked for.
  std::vector<ReplayedDesign *> ToRun;
  for (ReplayedDesign *E : Asked)
    if (std::find(ToRun.begin(), ToRun.end(), E) == ToRun.end() &&
        E->Errors.empty() && ((E->WantsResult && !E->Result) ||
                              (E->WantsAnswers && !E->Answers)))
      ToRun.push_back(E);
  Progress.climb(Progress.settled(), ToRun.size());
  // A plan caches the text it last rendered (replay::BoundTemplate), so
  // each answer check compares with a copy of the current design's plan,
  // made before any task runs.
  std::vector<replay::DesignPlan> Plans(ToRun.size(), *R.Current);
  std::vector<std::function<void()>> Tasks;
  for (std::size_t I = 0; I < ToRun.size(); ++I)
    Tasks.push_back([&, I] {
      Progress.started(ToRun[I]->What, R.Seconds);
      replayOnRung(R, *ToRun[I], Plans[I], RO);
      Progress.ended();
    });
  runTasks(Tasks, R.Jobs);
  // What.substr: "replaying the current design" -> "the current design".
  for (std::size_t I = 0; I < Open.size(); ++I)
    if (const std::string Own = "replaying " + Open[I]->Name;
        Runs[I]->What != Own && Runs[I]->Errors.empty())
      Progress.reused(Open[I]->Name,
                      Runs[I]->What.substr(std::strlen("replaying ")));
  for (ReplayedDesign *E : Asked)
    E->WantsResult = E->WantsAnswers = false;
  if (!BaseRun.Result)
    return false;
  for (std::size_t I = 0; I < Open.size(); ++I) {
    Candidate &C = *Open[I];
    const ReplayedDesign &E = *Runs[I];
    C.Run.Errors = E.Errors;
    C.Run.Mapped = E.Errors.empty();
    if (C.Run.Mapped) {
      C.Run.Result = *E.Result;
      C.Answers = *E.Answers;
    }
    judgeOnRung(C, *BaseRun.Result, R);
  }
  return true;
}

// Replays the candidates against the base up the ladder, each until its
// verdict settles (verdictSettled). False when the base does not map the
// workload; CurrentErrors when the current design does not.
bool replayUntilSettled(Ladder &L, const schema::Schema &Current,
                        const schema::SchemaCheckOptions &Options,
                        const BaseDesign &Base, std::vector<Candidate> &Cs,
                        const VerifyOptions &Verify,
                        std::vector<InputError> &CurrentErrors) {
  RoundProgress Progress(Verify, Cs.size());
  std::shared_ptr<const schema::SuggestResult> BaseSuggestion;
  const std::string CurrentText = replayedDesignText(Current);
  for (std::size_t K = 0; K < L.size(); ++K) {
    std::vector<Candidate *> Open;
    for (Candidate &C : Cs)
      if (!C.Settled)
        Open.push_back(&C);
    if (Open.empty())
      break;
    Rung *R = L.rung(K, CurrentErrors);
    if (!R)
      return false;
    suggestOnce(Current, Options, Base, BaseSuggestion, Open, R->Jobs);
    Progress.climb(Cs.size() - Open.size(), Open.size() + 1);
    if (!climbRung(*R, CurrentText, Base, BaseSuggestion, Open, Progress))
      return false;
  }
  return true;
}

// The durations a verification replays: the ladder, or the one duration.
std::vector<double> verifyDurations(const schema::Schema &Current,
                                    const schema::SuggestResult &All,
                                    const VerifyOptions &Verify) {
  if (!Verify.Adaptive)
    return {Verify.DurationSeconds};
  return verifyRungs({&Current, &All.Design}, Verify.DurationSeconds);
}

// Each remedy alone against the current design. False when the current
// design does not map the workload (CurrentErrors).
bool verifyAlone(Ladder &L, const schema::Schema &Current,
                 const schema::SchemaCheckOptions &Options,
                 std::vector<RemedyVerdict> &Out, const VerifyOptions &Verify,
                 std::vector<std::string> &SaturationCaveats,
                 std::vector<InputError> &CurrentErrors) {
  std::vector<Candidate> Cs(Out.size());
  for (std::size_t I = 0; I < Out.size(); ++I) {
    const RemedyVerdict &V = Out[I];
    Cs[I].V = &Out[I];
    Cs[I].Name = remedyName(V, I, Out.size(), "remedy ");
    Cs[I].Pick = [&V](const std::string &Rule, const std::string &S) {
      return Rule == V.Rule && S == V.Subject;
    };
  }
  if (!replayUntilSettled(L, Current, Options, BaseDesign{}, Cs, Verify,
                          CurrentErrors))
    return false;
  for (std::size_t I = 0; I < Out.size(); ++I) {
    RemedyVerdict &V = Out[I];
    const Candidate &C = Cs[I];
    if (!C.Run.Mapped) {
      V.Worse = "its design does not map the workload: " +
                C.Run.Errors.front().Message;
      continue;
    }
    if (!C.Judged) {
      V.NeedsOthers = true;
      V.Worse = "alone it changes nothing, and no remedy it needs was kept";
      continue;
    }
    V = *C.Judged;
    V.AnswersChanged =
        answersChangedText(Current, C.Run.Suggestion->Design, C.Answers);
    if (!V.Kept && !C.Answers.Different)
      SaturationCaveats[I] = saturatedDesignCaveat(C.Before, C.Run.Result);
  }
  return true;
}

// Remedies can need each other: a table scan that saturates the account
// hides what an index elsewhere saves. A refused remedy gets a second
// replay on top of the kept ones, against them; its answers are still
// compared with the current design's. Rounds go on while one is kept.
void verifyOnTopOfKept(Ladder &L, const schema::Schema &Current,
                       const schema::SchemaCheckOptions &Options,
                       std::vector<RemedyVerdict> &Out,
                       const VerifyOptions &Verify) {
  for (bool Progress = true; Progress;) {
    Progress = false;
    std::set<std::pair<std::string, std::string>> Kept;
    for (const RemedyVerdict &V : Out)
      if (V.Kept)
        Kept.insert({V.Rule, V.Subject});
    if (Kept.empty() || Kept.size() == Out.size())
      break;
    const schema::RemedyFilter KeptPick = [&](const std::string &Rule,
                                              const std::string &S) {
      return Kept.count({Rule, S}) > 0;
    };
    std::vector<RemedyVerdict *> Refused;
    for (RemedyVerdict &V : Out)
      if (!V.Kept && (!V.Figures.empty() || V.NeedsOthers))
        Refused.push_back(&V); // not kept, and its design maps the workload
    std::vector<Candidate> Cs(Refused.size());
    for (std::size_t R = 0; R < Refused.size(); ++R) {
      const RemedyVerdict &V = *Refused[R];
      Cs[R].V = Refused[R];
      Cs[R].Name =
          remedyName(V, R, Refused.size(), "on top of the kept, remedy ");
      Cs[R].Pick = [&KeptPick, &V](const std::string &Rule, const std::string &S) {
        return KeptPick(Rule, S) || (Rule == V.Rule && S == V.Subject);
      };
    }
    std::vector<InputError> Ignored; // the first round mapped every rung
    if (!replayUntilSettled(L, Current, Options,
                            BaseDesign{&KeptPick, "replaying the remedies kept"},
                            Cs, Verify, Ignored))
      break;
    // The verdicts are applied in order once all have run.
    for (Candidate &C : Cs) {
      if (!C.Run.Mapped || !C.Judged)
        continue;
      RemedyVerdict &V = *C.V;
      if (V.NeedsOthers) {
        // Its only replay that changes anything: what it says is this.
        V.Figures = C.Judged->Figures;
        V.Worse = C.Judged->Worse;
        V.Seconds = C.Judged->Seconds;
        V.AnswersChanged =
            answersChangedText(Current, C.Run.Suggestion->Design, C.Answers);
      }
      if (!C.Judged->Kept)
        continue;
      const bool NeededOthers = V.NeedsOthers;
      V = *C.Judged;
      V.NeedsOthers = NeededOthers;
      V.OnTopOfKept = true;
      Progress = true;
    }
  }
}

} // namespace

std::string replayedDesignText(const schema::Schema &Design) {
  schema::Schema S = Design;
  S.Header.clear();
  S.Suppressions.clear();
  for (schema::Account &A : S.Accounts)
    A.Note.clear();
  for (schema::Client &C : S.Clients) {
    C.Note.clear();
    C.Auth = schema::Client().Auth;
    C.Payload = schema::Client().Payload;
  }
  for (schema::Table &T : S.Tables) {
    T.Note.clear();
    for (schema::Property &P : T.Properties)
      P.Note.clear();
    for (schema::EntityType &E : T.EntityTypes) {
      E.Note.clear();
      for (schema::Property &P : E.Properties)
        P.Note.clear();
    }
    for (schema::Write &W : T.Writes)
      W.Note.clear();
    for (schema::Query &Q : T.Queries)
      Q.Note.clear();
    for (schema::Transaction &X : T.Transactions)
      X.Note.clear();
  }
  return schema::writeSchemaYaml(S);
}

std::vector<RemedyVerdict>
verifyRemedies(const schema::Schema &Current,
               const schema::SchemaCheckOptions &Options,
               const schema::SuggestResult &All, const VerifyOptions &Verify,
               std::vector<InputError> &CurrentErrors) {
  std::vector<RemedyVerdict> Out;
  std::set<std::pair<std::string, std::string>> Seen;
  for (const schema::SuggestedChange &C : All.Changes)
    if (Seen.insert({C.RuleId, C.Subject}).second)
      Out.push_back({C.RuleId, C.Subject, false, "", "", false, false, "", "", 0});
  if (Out.empty())
    return Out;
  Ladder L(Current, verifyDurations(Current, All, Verify), Verify);
  // Of a remedy refused alone, why its comparison may say little.
  std::vector<std::string> SaturationCaveats(Out.size());
  if (!verifyAlone(L, Current, Options, Out, Verify, SaturationCaveats,
                   CurrentErrors))
    return {};
  verifyOnTopOfKept(L, Current, Options, Out, Verify);
  for (std::size_t I = 0; I < Out.size(); ++I) {
    RemedyVerdict &V = Out[I];
    V.Caveat = keyRemedyCaveat(Current, V, V.Seconds);
    if (V.Caveat.empty())
      V.Caveat = sweepRemedyCaveat(Current, V);
    // Kept on top of the others, its figures are not the alone run's.
    if (!V.Kept && !SaturationCaveats[I].empty())
      V.Caveat += (V.Caveat.empty() ? "" : "; ") + SaturationCaveats[I];
  }
  return Out;
}

} // namespace tablelint
