// Baselines: the findings a project has accepted for now, so that CI fails
// only on new ones. An entry is a finding's fingerprint (rule, repo-relative
// path and anchor, plus its occurrence index) and never a line number, so
// edits above a finding do not resurface it, and the same problem in another
// file is never hidden. The file format is documented in docs/lint.md.
#pragma once

#include "core/InputError.h"
#include "driver/LintResult.h"

#include <llvm/Support/JSON.h>

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

struct Baseline {
  std::vector<BaselineEntry> Entries;
  // Entries whose anchor held a secret (a baseline written before anchors
  // were redacted): redacted and re-hashed on reading.
  unsigned SecretsRedacted = 0;
};

// Reads a baseline file; errors name the file (and the entry).
std::optional<Baseline> readBaseline(const std::string &Path,
                                     std::vector<InputError> &Errors);
// The same for a baseline's text; Path names it in errors.
std::optional<Baseline> parseBaseline(std::string_view Text,
                                      const std::string &Path,
                                      std::vector<InputError> &Errors);

// One entry as JSON (baseline files, and the fixed entries in reports).
llvm::json::Object baselineEntryJson(const BaselineEntry &E);

// The baseline that accepts every finding of Result, and keeps the entries
// of Old (the baseline being rewritten, if any) whose files Result did not
// analyse: a run on part of the project does not drop the rest.
std::string renderBaseline(const LintResult &Result,
                           const std::vector<BaselineEntry> &Kept = {});

// The entries of Base whose files Result did not analyse.
std::vector<BaselineEntry> entriesNotAnalysed(const Baseline &Base,
                                              const LintResult &Result);

// Removes the findings Base holds from Result (counting them in
// Result.Baselined) and sorts the entries no finding matched into
// Result.FixedSinceBaseline (their file was analysed) and
// Result.NotAnalysedSinceBaseline (it was not).
void applyBaseline(const Baseline &Base, LintResult &Result);

} // namespace tablelint
