// `tablelint suggest SCHEMA.yaml [-o SUGGESTED.yaml]`: writes a better design
// of the schema as a minimal edit of the user's file (core/schema/
// SchemaEdit.h), every applied remedy noted on its element, and says on
// standard error what changed and which findings have no design remedy.
#include "driver/CommandLine.h"
#include "driver/Commands.h"
#include "driver/ExitCode.h"

#include "checks/schema/SuggestDesign.h"
#include "checks/schema/SuggestedText.h"
#include "core/AtomicFile.h"
#include "core/Redact.h"
#include "core/schema/SchemaLoader.h"
#include "core/schema/SchemaValues.h"
#include "driver/ProgressLine.h"
#include "driver/SuggestVerify.h"
#include "driver/UnifiedDiff.h"
#include "replay/ProcessMemory.h"

#include <algorithm>
#include <cstdint>
#include <iostream>
#include <limits>
#include <set>

namespace tablelint {

namespace {

const std::vector<OptionSpec> &suggestOptions() {
  static const std::vector<OptionSpec> Specs = {
      {"output",
       'o',
       true,
       "FILE",
       "write the suggested schema to FILE (atomically) instead of standard "
       "output",
       {}},
      {"verify-duration",
       0,
       true,
       "D",
       "replay each remedy alone against the current design (and, if "
       "refused, on top of the ones kept) for at most D of the declared "
       "workload (default 30s): a short replay first, the whole D where its "
       "verdict is not clear-cut; keep it only when nothing gets worse",
       {}},
      {"verify-full", 0, false, "",
       "replay every remedy for the whole --verify-duration, as suggest "
       "did before the short replays (slower; on the test designs the "
       "verdicts are the same)",
       {}},
      {"answers",
       0,
       true,
       "all|sample",
       "compare what queries return on a sample of the logical entities "
       "(default, as replay --answers sample) or on every entity",
       {"all", "sample"}},
      {"no-verify", 0, false, "", "apply every remedy without replaying it",
       {}},
      {"jobs",
       'j',
       true,
       "N",
       "remedies replayed in parallel, each on its own core (default: the "
       "number of cores; fewer when memory does not hold that many); the "
       "verdicts are the same for every N",
       {}},
      {"progress", 0, false, "",
       "name on standard error each remedy as its replay starts, for how "
       "long, with the share of the verification done, also when standard "
       "error is no terminal (on a terminal a progress line is drawn "
       "anyway)",
       {}},
      {"diff", 0, false, "",
       "print the change as a unified diff of SCHEMA.yaml, named a/SCHEMA.yaml "
       "and b/SCHEMA.yaml as git does (the design itself goes to -o FILE "
       "when given)",
       {}},
      {"help", 'h', false, "", "show this help", {}},
  };
  return Specs;
}

void printSuggestHelp() {
  std::cout
      << "Usage: tablelint suggest SCHEMA.yaml [-o SUGGESTED.yaml] "
         "[--diff]\n                         [--verify-duration D | "
         "--no-verify]\n                         [--verify-full] [--answers "
         "all|sample] [-j N] [--progress]\n\n"
         "Writes a complete schema in which each schema finding with a "
         "design remedy is\napplied without changing what any query returns: "
         "a time or constant key\nre-keyed by the property its queries "
         "read (every query rewritten into the\nnew keys), a time bucket for "
         "a sweep of what falls due (the table re-keyed\nor an expiry index), "
         "a table per period where a purge by delete keeps the\nretention "
         "and every read stays inside one period, else hash buckets on\n"
         "time-based, hot or too-narrow partition keys (at most 50% of the "
         "partition\ntarget; a query that cannot\nknow the "
         "bucket fans out over all of them, merged in RowKey order), sparse\n"
         "index tables holding only what their query reads (also for a scan "
         "of one\npartition filtered on a non-key property: keyed by the "
         "partition's key and\nthat property), shards for a write-hot counter "
         "that is one entity\n(each read reads every shard), projections, "
         "exponential backoff, SAS for\nbrowser and mobile clients, JSON "
         "payloads, and series folded into one entity.\nEach change is "
         "noted as a comment on its element, with the figures behind\nit. "
         "Remedies "
         "that could change answers\n(batching writes not declared as one "
         "unit of work, an index on a value that\nupdates change, copies of a "
         "read-hot key that is one entity) are\nprinted "
         "as advice instead, with their figures. Writes and queries keep their\nnames, so "
         "'tablelint replay SCHEMA.yaml SUGGESTED.yaml' compares the two\n"
         "designs and checks that every query returns the same entities.\n"
         "Each remedy is first replayed alone against the current design, "
         "for as long as\nits verdict needs (a short replay; the whole "
         "--verify-duration where that\nis not clear-cut) and kept only "
         "when\n"
         "no measure gets worse: completed\nand failed operations, "
         "throttled share, p99 of the completed operations,\nunfinished "
         "queries, cost per completed operation (counting what failed\n"
         "requests still needed), and what queries return. One refused alone "
         "is\nreplayed again on top of the kept ones (remedies can need each "
         "other: a scan\nthat saturates the account hides what an index "
         "saves) and kept when it\nmakes nothing worse than they do; "
         "otherwise it is advice, with its figures (a\nchanged answer names "
         "the query, the executions that differ and why). One that\n"
         "changes nothing alone (a bucket only an index makes possible) is "
         "replayed\non top of the kept ones only. While remedies "
         "are replayed, a progress line on a terminal (or --progress) names "
         "the\none being tried, for how long, and the share done.\n"
         "Suppressed findings are left as they are.\n"
         "The design is SCHEMA.yaml edited minimally: comments, key order, "
         "formatting\nand every value not changed stay as written. When an "
         "edit cannot be made for\nsure, a note says why and the whole "
         "design is written re-serialised instead.\n\n"
         "Options:\n"
      << formatOptionsHelp(suggestOptions())
      << "\nExit codes: 0 written; 2 bad usage, or the schema has errors "
         "(file:line:col),\nor the output cannot be written; 3 internal "
         "error.\n";
}

} // namespace

int runSuggestCommand(const std::vector<std::string> &Args) {
  ParsedArgs Parsed;
  if (std::optional<std::string> Error =
          parseArgs(suggestOptions(), Args, Parsed)) {
    std::cerr << "tablelint suggest: error: " << safeMessage(*Error) << "\n";
    return ExitInputError;
  }
  if (Parsed.has("help")) {
    printSuggestHelp();
    return ExitClean;
  }
  // Its verification replays each remedy (replay::returnLargeBlocksToSystem).
  replay::returnLargeBlocksToSystem();
  if (Parsed.positional().size() != 1) {
    std::cerr << "tablelint suggest: error: expected one schema file "
                 "(tablelint suggest --help)\n";
    return ExitInputError;
  }
  const std::string Input = Parsed.positional().front();
  schema::SchemaLoad Load = schema::loadSchemaFile(Input);
  if (!Load.ok()) {
    for (const InputError &E : Load.Errors)
      std::cerr << safeMessage(E.str()) << "\n";
    return ExitInputError;
  }
  VerifyOptions Verify;
  if (Parsed.has("verify-duration")) {
    std::string Error;
    std::optional<double> D =
        schema::parseDurationSeconds(Parsed.get("verify-duration"), Error);
    if (!D || *D <= 0) {
      std::cerr << "tablelint suggest: error: --verify-duration '"
                << Parsed.get("verify-duration") << "': "
                << (D ? "must be positive" : Error) << "\n";
      return ExitInputError;
    }
    Verify.DurationSeconds = *D;
  } else {
    Verify.DurationSeconds = 30;
  }
  Verify.Adaptive = !Parsed.has("verify-full");
  Verify.AnswersOnSample = Parsed.get("answers") != "all";
  if (auto Error = jobsOption(Parsed, Verify.Jobs)) {
    std::cerr << "tablelint suggest: error: " << safeMessage(*Error) << "\n";
    return ExitInputError;
  }
  const schema::SchemaCheckOptions Options =
      schema::defaultSchemaCheckOptions();
  schema::SuggestResult R = schema::suggestDesign(Load.Value, Options);
  // A remedy stays only when replaying it alone makes nothing worse; the
  // refused ones become advice with their figures.
  std::vector<RemedyVerdict> Verdicts;
  // Each remedy replays the whole declared workload; past a bound (a
  // generated schema of thousands of tables) that is more memory and time
  // than a suggestion is worth: the remedies are applied unverified, with
  // a note, rather than the run dying of it.
  double OperationsPerRemedy = 0;
  for (const schema::Table &T : Load.Value.Tables) {
    for (const schema::Write &W : T.Writes)
      OperationsPerRemedy += W.Frequency.PerSecond;
    for (const schema::Query &Q : T.Queries)
      OperationsPerRemedy += Q.Frequency.PerSecond;
  }
  OperationsPerRemedy *= Verify.DurationSeconds;
  constexpr double MaxVerifiedOperations = 20e6;
  const bool TooLargeToVerify =
      OperationsPerRemedy * static_cast<double>(R.Changes.size()) >
      MaxVerifiedOperations;
  if (!Parsed.has("no-verify") && !R.Changes.empty() && TooLargeToVerify)
    std::cerr << "tablelint suggest: note: not replaying the " << R.Changes.size()
              << " remedies one by one (about "
              << static_cast<std::uint64_t>(OperationsPerRemedy)
              << " operations each, over the bound of "
              << static_cast<std::uint64_t>(MaxVerifiedOperations)
              << " in all): they are applied unverified; replay the "
                 "suggestion, or pass a shorter --verify-duration\n";
  if (!Parsed.has("no-verify") && !R.Changes.empty() && !TooLargeToVerify) {
    std::vector<InputError> CurrentErrors;
    ProgressLine Progress("suggest", Parsed.has("progress"));
    Verify.Progress = [&Progress](const std::string &What, double Done) {
      Progress.update(What, Done);
    };
    Verdicts = verifyRemedies(Load.Value, Options, R, Verify, CurrentErrors);
    Progress.finish();
    if (!CurrentErrors.empty()) {
      // The design as written cannot be replayed (tablelint replay refuses
      // it the same way): no remedy could be judged against it.
      for (const InputError &E : CurrentErrors)
        std::cerr << safeMessage(E.str()) << "\n";
      std::cerr << "tablelint suggest: error: the declared workload cannot "
                   "be replayed on " << Input
                << ", so no remedy can be verified against it; fix the "
                   "design, or pass --no-verify to apply the remedies "
                   "unverified\n";
      return ExitInputError;
    }
    std::set<std::pair<std::string, std::string>> Refused;
    for (const RemedyVerdict &V : Verdicts)
      if (!V.Kept)
        Refused.insert({V.Rule, V.Subject});
    if (!Refused.empty()) {
      R = schema::suggestDesign(
          Load.Value, Options,
          [&](const std::string &Rule, const std::string &Subject) {
            return !Refused.count({Rule, Subject});
          });
      for (const RemedyVerdict &V : Verdicts)
        if (!V.Kept)
          R.Advice.push_back(
              {V.Rule, V.Subject,
               V.Figures.empty()
                   // Not replayed: its own design does not map the
                   // workload (V.Worse says why).
                   ? V.Worse
                   : (V.AnswersChanged.empty() ? ""
                                               : V.AnswersChanged + "; ") +
                         (V.NeedsOthers ? "alone it changes nothing; "
                                          "replaying it on top of the "
                                          "remedies kept makes "
                                        : "replaying it alone makes ") +
                         V.Worse +
                         " worse: " + V.Figures +
                         (V.Caveat.empty() ? "" : "; " + V.Caveat),
               V.Subject});
    }
  }
  // The user's file edited in place; when that cannot be done for sure, the
  // whole design re-serialised, with a header saying what it is.
  const std::optional<std::string> Original = readFile(Input);
  schema::SuggestedText Written = schema::suggestedSchemaText(
      Original.value_or(""), Load.Value, R, Input);
  if (!Written.EditedInPlace)
    std::cerr << "tablelint suggest: note: " << Input
              << ": not edited in place ("
              << (Original ? Written.Problem : "cannot read it again")
              << "): writing the whole design re-serialised (comments other "
                 "than notes, formatting and value spellings not kept)\n";
  const std::string Yaml = std::move(Written.Yaml);
  // The design must load back cleanly; anything else is a defect here.
  // The loader's size and node limits guard against hostile files, not
  // our own output, which grows with the input (index tables, notes).
  // (An edit in place has been loaded by the editor's gate already.)
  schema::SchemaLoadOptions OwnOutput;
  OwnOutput.MaxFileBytes =
      std::max<std::uint64_t>(OwnOutput.MaxFileBytes, Yaml.size());
  OwnOutput.MaxNodes = std::numeric_limits<std::uint64_t>::max();
  schema::SchemaLoad Check;
  if (!Written.EditedInPlace)
    Check = schema::loadSchemaText(Yaml, "<suggested>", OwnOutput);
  if (!Check.ok()) {
    for (const InputError &E : Check.Errors)
      std::cerr << safeMessage(E.str()) << "\n";
    std::cerr << "tablelint suggest: internal error: the suggested schema "
                 "does not load\n";
    return ExitInternalError;
  }
  if (Yaml.size() > schema::SchemaLoadOptions().MaxFileBytes)
    std::cerr << "tablelint suggest: note: the suggested schema is "
              << Yaml.size() << " bytes, over the "
              << schema::SchemaLoadOptions().MaxFileBytes
              << " bytes that lint and replay read: split the schema (by "
                 "account or service) to check or replay the suggestion\n";
  const std::string Output = Parsed.get("output");
  const bool ToStdout = Output.empty() || Output == "-";
  if (Parsed.has("diff")) {
    // Named as git names a change of one file, so `patch -p1` or
    // `git apply` edits the user's file with it.
    const std::string Name =
        (!Input.empty() && Input.front() == '/') ? Input : "/" + Input;
    if (std::optional<std::string> Error = writeStandardOutput(unifiedDiff(
            "a" + Name, "b" + Name, Original.value_or(""), Yaml))) {
      std::cerr << "tablelint suggest: error: " << safeMessage(*Error) << "\n";
      return ExitInputError;
    }
  } else if (ToStdout) {
    if (std::optional<std::string> Error = writeStandardOutput(Yaml)) {
      std::cerr << "tablelint suggest: error: " << safeMessage(*Error) << "\n";
      return ExitInputError;
    }
  }
  if (!ToStdout)
    if (std::optional<std::string> Error = writeFileAtomically(Output, Yaml)) {
      std::cerr << "tablelint suggest: error: " << safeMessage(*Error) << "\n";
      return ExitInputError;
    }
  for (const schema::SuggestedChange &C : R.Changes)
    std::cerr << safeMessage(C.ElementPath + ": " + C.RuleId + ": " +
                             C.Description)
              << "\n";
  // A verdict is said of a remedy the design carries: one kept but whose
  // change needs another remedy that was refused (an index table's bucket
  // without its index) changes nothing, and its line would name a rule
  // that no longer has a change or a finding.
  std::set<std::pair<std::string, std::string>> Applied;
  for (const schema::SuggestedChange &C : R.Changes)
    Applied.insert({C.RuleId, C.Subject});
  for (const RemedyVerdict &V : Verdicts)
    if (V.Kept && Applied.count({V.Rule, V.Subject}))
      std::cerr << safeMessage(V.Subject + ": " + V.Rule +
                               (V.OnTopOfKept
                                    ? ": replayed on top of the remedies kept: "
                                    : ": replayed alone: ") +
                               V.Figures)
                << "\n";
  for (const schema::SuggestedChange &A : R.Advice)
    std::cerr << safeMessage(A.ElementPath + ": " + A.RuleId +
                             ": advice, not applied: " + A.Description)
              << "\n";
  for (const Finding &F : R.Remaining) {
    bool Advised = false;
    for (const schema::SuggestedChange &A : R.Advice)
      Advised = Advised || (A.RuleId == F.RuleId && A.ElementPath == F.Anchor);
    if (Advised)
      continue; // said above, with what to do
    std::cerr << safeMessage(F.Anchor + ": " + F.RuleId +
                             ": no design remedy applied: " + F.Message)
              << "\n";
  }
  std::cerr << "tablelint suggest: " << R.Changes.size() << " change"
            << (R.Changes.size() == 1 ? "" : "s") << " applied, "
            << R.Advice.size() << " advised, " << R.Remaining.size()
            << " finding"
            << (R.Remaining.size() == 1 ? "" : "s") << " left"
            << (Output.empty() || Output == "-" ? ""
                                                : "; wrote " + safeMessage(Output))
            << "\n";
  return ExitClean;
}

} // namespace tablelint
