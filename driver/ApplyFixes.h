// `tablelint lint --fix`: applies the fix-its of the reported findings to
// the files, the way clang-tidy --fix does: edits of one file are applied
// together from the end, an edit that overlaps one already taken is left
// out (reported), and each file is rewritten atomically.
#pragma once

#include "driver/LintResult.h"

#include <string>
#include <vector>

namespace tablelint {

struct FixOutcome {
  unsigned Applied = 0;
  // Edits left out because they overlap another edit of the same file.
  unsigned Conflicting = 0;
  std::vector<std::string> FilesChanged;
  // Files that could not be read or written, or edits outside the file.
  std::vector<std::string> Errors;
};

FixOutcome applyFixes(const std::vector<ReportedFinding> &Findings);

} // namespace tablelint
