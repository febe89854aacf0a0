// What one `tablelint lint` run produced, as every reporter (text, JSON,
// GitHub, SARIF) and the checklist report see it: the findings left after
// configuration, suppressions and the baseline, each with its fingerprint,
// and the notifications about input the run could not analyse.
#pragma once

#include "core/Finding.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tablelint {

// Something about the run itself rather than the code: a TU that does not
// compile, a file missing from the compile database, a bad configuration.
// SARIF carries these as toolExecutionNotifications.
struct ToolNotification {
  // Error: part of the input was not analysed (the run is incomplete).
  Severity Level = Severity::Error;
  // Stable id: "compile-error", "analysis-error" (clang crashed on the
  // TU), "not-in-compile-database",
  // "no-compile-database", "no-such-file", "no-inputs", "configuration",
  // "schema", "header-not-included".
  std::string Id;
  std::string File; // absolute; empty when about the whole run
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Message;
};

struct ReportedFinding {
  Finding F;
  // File relative to the repository root ("src/orders.cpp"); absolute when
  // the file lies outside it.
  std::string RelativePath;
  // Hash of rule + RelativePath + Anchor (hex), and the index of this
  // finding among those with the same hash, in report order.
  std::string Hash;
  unsigned Occurrence = 0;
  // "<Hash>:<Occurrence>": SARIF partialFingerprints and baseline entries.
  std::string fingerprint() const {
    return Hash + ":" + std::to_string(Occurrence);
  }
};

// A baseline entry: with no finding left in an analysed file, the problem
// was fixed.
struct BaselineEntry {
  std::string Fingerprint;
  std::string RuleId;
  std::string Path;
  std::string Anchor;
  std::string Message;
};

// The hash (contentHash() of driver/ApplyFixes.h) of the text of each file
// clang read, by absolute path: --fix applies a fix-it only to the text it
// was computed on. nullopt: two translation units read different texts.
using AnalysedTexts = std::map<std::string, std::optional<std::uint64_t>>;

struct LintResult {
  // The directory repo-relative paths are relative to (no trailing '/').
  std::string RepoRoot;
  std::vector<ReportedFinding> Findings; // in report order
  std::vector<ToolNotification> Notifications;
  // Findings hidden because the baseline holds them, and their
  // fingerprints (a merge of shards counts each once).
  unsigned Baselined = 0;
  std::vector<std::string> BaselinedFingerprints;
  // Set when a baseline was given: its entries no finding matches, in a
  // file this run analysed (fixed) or in one it did not (neither fixed nor
  // new: a pre-commit run or a CI shard sees part of the project).
  bool BaselineUsed = false;
  unsigned BaselineEntries = 0;
  std::vector<BaselineEntry> FixedSinceBaseline;
  std::vector<BaselineEntry> NotAnalysedSinceBaseline;
  // Repo-relative paths (as in findings) of the files this run analysed:
  // its translation units, the headers they include, its schema files.
  std::set<std::string> AnalysedFiles;
  // What was looked at (the checklist report says what it could check).
  unsigned CodeUnits = 0;
  unsigned SchemaFiles = 0;
  AnalysedTexts Analysed;
  // Rules this run did not check: off on the command line, or off in the
  // configuration of every input.
  std::set<std::string> DisabledRules;
  // Rules whose input the analysed files do not declare: rule id -> what
  // is missing ("no client in the schema files declares `bandwidth`").
  std::map<std::string, std::string> UndeclaredInputs;

  // False when some input could not be analysed.
  bool executionSuccessful() const {
    for (const ToolNotification &N : Notifications)
      if (N.Level == Severity::Error)
        return false;
    return true;
  }
};

} // namespace tablelint
