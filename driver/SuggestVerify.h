// `suggest` keeps a remedy only when replaying it alone makes nothing
// worse: the current design and the current design with that one remedy
// run the same generated workload on the simulated service, and the remedy
// is refused when it completes fewer operations or fails more, throttles
// a larger share of requests, raises p99 (of the completed operations),
// leaves more queries unfinished,
// raises the cost per completed operation, or changes what a query returns
// (replay/AnswerCheck.h). Each measure has a small tolerance for the run's
// noise (docs/schema-checks.md, on `suggest`). Remedies can
// need each other (a scan saturating the account hides what an index
// saves elsewhere): one refused alone is replayed again on top of the
// kept ones, and kept when it makes nothing worse than they do.
#pragma once

#include "checks/schema/SuggestDesign.h"
#include "core/InputError.h"
#include "driver/SuggestRungs.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tablelint {
namespace replay {
struct DesignResult;
struct AnswerCheck;
} // namespace replay

struct VerifyOptions {
  // The longest a remedy is replayed (--verify-duration).
  double DurationSeconds = 30;
  // Adaptive (the default): each remedy is replayed on a ladder of
  // durations (verifyRungs), from the shortest that exercises the
  // workload up to DurationSeconds, and stops at the first rung where its
  // verdict is settled (verdictSettled). Off (--verify-full): every remedy
  // for DurationSeconds, as `suggest` did before.
  bool Adaptive = true;
  // The answer check on a sample of the logical entities (replay
  // --answers sample), or on every entity (--answers all).
  bool AnswersOnSample = true;
  std::uint64_t Seed = 1;
  // Remedies replayed side by side (driver/ParallelTasks.h), fewer when
  // memory does not hold that many; the verdicts are the same for any
  // number.
  unsigned Jobs = 1;
  // Told as each replay starts: the remedy being tried ("replaying remedy
  // 2 of 5 (4 s): hot-partition on tables[Orders]") and the share of the
  // verification done. Calls come one at a time, from the replaying
  // threads. Null: none.
  std::function<void(const std::string &What, double Done)> Progress;
};

// The existing entities the warm start of a short rung holds per table
// (replay::WorkloadOptions::MaxExistingEntities: each stands for modelled
// / this many), where a replay (and the last rung) holds 250,000: the
// warm start is most of a short replay's cost. A verdict settled there is
// clear-cut; one that is not gets the whole replay.
inline constexpr std::uint64_t VerifyExistingEntities = 50000;


struct RemedyVerdict {
  std::string Rule, Subject;
  bool Kept = false;
  // "failed 120 -> 0, completed 9880 -> 10000, throttled 31.2% -> 0.0%,
  // p99 4100.0 -> 12.3 ms, cost $22.25 -> $21.90/month, answers same
  // (1,200 compared)".
  std::string Figures;
  std::string Worse; // what got worse, when refused
  // Kept on its second replay, on top of the remedies kept alone (and
  // judged against them): Figures are that replay's.
  bool OnTopOfKept = false;
  // Alone it changes nothing (a bucket for the writes that is past any
  // bucket count until an index table takes the scan that loads the
  // partition): it is judged only on top of the remedies kept, and
  // refused when none is or when it makes a measure worse there (Figures
  // and Worse are that replay's).
  bool NeedsOthers = false;
  // Why the replay may not show what a refused remedy saves, when it is
  // known (a time-keyed table's current partitions start empty).
  std::string Caveat;
  // When the remedy changes what queries return, in plain words, per
  // query: "this change would make `customer-day` return other orders
  // (546 of 576 executions differ), because the query still reads by
  // placedAt: ..." (answersChangedText).
  std::string AnswersChanged;
  // The simulated seconds of the replay its figures come from.
  double Seconds = 0;
};

// What a remedy that changes answers does, per query with differences:
// which entities it would return (the table's name in words), how many
// executions differ, and why when the designs show it: the query's filter
// still names a key the change re-keys (it reads by the current key's
// properties), the change rewrote the filter, or it reads another table;
// the answer check's own causes follow. "" when no answer differs.
std::string answersChangedText(const schema::Schema &Current,
                               const schema::Schema &Suggested,
                               const replay::AnswerCheck &Answers);

// The figures of a replay with a remedy (After) against its base (Before),
// and what got worse beyond the run's noise: V.Figures, V.Worse, V.Kept.
void judgeRemedy(const replay::DesignResult &Before,
                 const replay::DesignResult &After,
                 const replay::AnswerCheck &Answers, double Seconds,
                 RemedyVerdict &V);

// Whether a verdict judged at one rung of the ladder is final: a remedy
// that changes what a query returns is refused at once (a longer replay
// only compares more executions); otherwise the replay must show the
// remedy (a measure moved beyond its tolerance, or the bytes received by
// more than 1%), no measure may be close to its tolerance (judged with
// each tolerance three times wider and three times narrower, the verdict
// is the same), and no count the gate compares may be a handful that one
// request can move: failed operations (1 to 20), unfinished queries that
// differ (up to 20). The last rung, the whole replay, is always final.
bool verdictSettled(const replay::DesignResult &Before,
                    const replay::DesignResult &After,
                    const replay::AnswerCheck &Answers, bool LastRung);

// Why a refused remedy's comparison says little about the remedy itself,
// when the design is throttled on at least half its requests in both runs:
// whatever the remedy adds or saves then moves the other operations'
// throttling and give-ups, and the scans that can never finish there
// swing the cost per completed operation by whole executions. Names the
// queries that read the most. "" when the design is not that saturated.
std::string saturatedDesignCaveat(const replay::DesignResult &Before,
                                  const replay::DesignResult &After);

// The design as the simulated replay sees it, as text: Design written as
// YAML without what the replay does not model (notes, the header,
// suppressions, each client's auth and payload format, which only the
// lint and the live replay read). Two designs with the same text replay
// the same (the replay is deterministic for a workload and seed): a
// verification replays each such design once per duration, whichever
// remedies or rounds ask for it.
std::string replayedDesignText(const schema::Schema &Design);

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
