// Replaying each remedy of `suggest` alone against the current design.
#include "driver/SuggestVerify.h"

#include "replay/AnswerCheck.h"
#include "replay/DesignPlan.h"
#include "replay/Simulation.h"
#include "replay/Workload.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

namespace tablelint {

namespace {

std::string fixed(double V, int Digits) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%.*f", Digits, V);
  return Buf;
}

// Tolerances below which a figure counts as unchanged: the replay is
// deterministic, but a remedy that moves requests around shifts the tail
// of the latency distribution by a hair.
constexpr double ThrottledPointsTolerance = 0.05;
constexpr double P99Tolerance = 0.05;  // relative
constexpr double CostTolerance = 0.001; // relative

// p99 over every issued operation, a failed one counting as the slowest:
// with more than 1% failed, p99 is a failure (infinite). A remedy that
// completes operations that used to fail is not "slower" for completing
// them late.
double effectiveP99(const replay::DesignResult &D) {
  if (static_cast<double>(D.Failed) > 0.01 * static_cast<double>(D.Issued))
    return std::numeric_limits<double>::infinity();
  return D.P99;
}

// Cost per completed operation: a remedy that completes more operations
// pays for them, which is not a worse cost. The pages that queries still
// pending at the end needed to finish count as paid: a scan throttled to a
// crawl pays for few pages in a short replay, not for fewer in all, and
// would make the design that cannot finish it look cheaper.
double costPerCompleted(const replay::DesignResult &D) {
  if (!D.Completed)
    return std::numeric_limits<double>::infinity();
  const auto Paid = static_cast<double>(D.BillableTransactions);
  const double PerTransaction = Paid > 0 ? D.CostPerMonth / Paid : 0;
  return PerTransaction *
         (Paid + static_cast<double>(D.UnfinishedQueryPages)) /
         static_cast<double>(D.Completed);
}

// ", unfinished queries 1 (15000 pages to go) -> 1 (16 pages to go)" when
// either design left queries unfinished.
std::string unfinishedFigures(const replay::DesignResult &Before,
                              const replay::DesignResult &After) {
  if (!Before.UnfinishedQueries && !After.UnfinishedQueries)
    return "";
  auto One = [](const replay::DesignResult &D) {
    return std::to_string(D.UnfinishedQueries) + " (" +
           std::to_string(D.UnfinishedQueryPages) + " pages to go)";
  };
  return ", unfinished queries " + One(Before) + " -> " + One(After);
}

} // namespace

std::vector<RemedyVerdict>
verifyRemedies(const schema::Schema &Current,
               const schema::SchemaCheckOptions &Options,
               const schema::SuggestResult &All, const VerifyOptions &Verify) {
  std::vector<RemedyVerdict> Out;
  std::set<std::pair<std::string, std::string>> Seen;
  for (const schema::SuggestedChange &C : All.Changes)
    if (Seen.insert({C.RuleId, C.Subject}).second)
      Out.push_back({C.RuleId, C.Subject, false, "", ""});
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
  const replay::DesignResult Before = replay::simulateDesign(W, Base, RO);

  for (RemedyVerdict &V : Out) {
    const schema::SuggestResult One = schema::suggestDesign(
        Current, Options, [&](const std::string &Rule, const std::string &S) {
          return Rule == V.Rule && S == V.Subject;
        });
    std::vector<InputError> PlanErrors;
    const replay::DesignPlan Plan =
        replay::planDesign(W, One.Design, "suggested", PlanErrors);
    if (!PlanErrors.empty()) {
      V.Worse = "the design does not map the workload: " +
                PlanErrors.front().Message;
      continue;
    }
    const replay::DesignResult After = replay::simulateDesign(W, Plan, RO);
    const replay::AnswerCheck Answers = replay::checkAnswers(W, Base, Plan);
    V.Figures = "failed " + std::to_string(Before.Failed) + " -> " +
                std::to_string(After.Failed) + ", throttled " +
                fixed(Before.ThrottledPercent, 1) + "% -> " +
                fixed(After.ThrottledPercent, 1) + "%, p99 " +
                fixed(Before.P99 * 1000, 1) + " -> " +
                fixed(After.P99 * 1000, 1) + " ms, cost $" +
                fixed(Before.CostPerMonth, 2) + " -> $" +
                fixed(After.CostPerMonth, 2) + "/month" +
                unfinishedFigures(Before, After) + ", answers " +
                (Answers.Different
                     ? std::to_string(Answers.Different) + " of " +
                           std::to_string(Answers.Compared) + " different"
                     : "same (" + std::to_string(Answers.Compared) +
                           " compared)") +
                " (" + fixed(Verify.DurationSeconds, 0) + " s replayed)";
    std::vector<std::string> Worse;
    if (Answers.Different)
      Worse.push_back("what queries return");
    if (After.Failed > Before.Failed)
      Worse.push_back("failed operations");
    if (After.ThrottledPercent >
        Before.ThrottledPercent + ThrottledPointsTolerance)
      Worse.push_back("throttled share");
    const double P99Before = effectiveP99(Before), P99After = effectiveP99(After);
    if (P99After > P99Before * (1 + P99Tolerance) + 1e-3 &&
        !(std::isinf(P99After) && std::isinf(P99Before)))
      Worse.push_back("p99");
    if (costPerCompleted(After) >
        costPerCompleted(Before) * (1 + CostTolerance) + 1e-12)
      Worse.push_back("cost per completed operation");
    for (const std::string &M : Worse)
      V.Worse += (V.Worse.empty() ? "" : ", ") + M;
    V.Kept = Worse.empty();
  }
  return Out;
}

} // namespace tablelint
