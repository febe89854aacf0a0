// `suggest` keeps a remedy only when replaying it alone makes nothing
// worse: the current design and the current design with that one remedy
// run the same generated workload on the simulated service, and the remedy
// is refused when it fails more operations, throttles a larger share of
// requests, raises p99 (over every issued operation: with more than 1%
// failed it is a failure either way) or the cost per completed operation,
// or changes what a query returns (replay/AnswerCheck.h). Remedies can
// need each other (a scan saturating the account hides what an index
// saves elsewhere): one refused alone is replayed again on top of the
// kept ones, and kept when it makes nothing worse than they do.
#pragma once

#include "checks/schema/SuggestDesign.h"
#include "core/InputError.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tablelint {
namespace replay {
struct DesignResult;
struct AnswerCheck;
} // namespace replay

struct VerifyOptions {
  double DurationSeconds = 60;
  std::uint64_t Seed = 1;
  // Remedies replayed side by side (driver/ParallelTasks.h); the verdicts
  // are the same for any number.
  unsigned Jobs = 1;
};

struct RemedyVerdict {
  std::string Rule, Subject;
  bool Kept = false;
  // "failed 120 -> 0, throttled 31.2% -> 0.0%, p99 4100.0 -> 12.3 ms,
  // cost $22.25 -> $21.90/month, answers same (1,200 compared)".
  std::string Figures;
  std::string Worse; // what got worse, when refused
  // Kept on its second replay, on top of the remedies kept alone (and
  // judged against them): Figures are that replay's.
  bool OnTopOfKept = false;
  // Why the replay may not show what a refused remedy saves, when it is
  // known (a time-keyed table's current partitions start empty).
  std::string Caveat;
};

// The figures of a replay with a remedy (After) against its base (Before),
// and what got worse beyond the run's noise: V.Figures, V.Worse, V.Kept.
void judgeRemedy(const replay::DesignResult &Before,
                 const replay::DesignResult &After,
                 const replay::AnswerCheck &Answers, double Seconds,
                 RemedyVerdict &V);

// Why a refused remedy's comparison says little about the remedy itself,
// when the design is throttled on at least half its requests in both runs:
// whatever the remedy adds or saves then moves the other operations'
// throttling and give-ups, and the scans that can never finish there
// swing the cost per completed operation by whole executions. Names the
// queries that read the most. "" when the design is not that saturated.
std::string saturatedDesignCaveat(const replay::DesignResult &Before,
                                  const replay::DesignResult &After);

// One verdict per remedy (rule and subject) of All.Changes, in order.
// When the current design itself does not map its workload (a template
// naming a property the entities of a same-named write do not have), no
// remedy can be replayed: CurrentErrors gets why (as `tablelint replay`
// reports it) and no verdict is returned.
std::vector<RemedyVerdict>
verifyRemedies(const schema::Schema &Current,
               const schema::SchemaCheckOptions &Options,
               const schema::SuggestResult &All, const VerifyOptions &Verify,
               std::vector<InputError> &CurrentErrors);

} // namespace tablelint
