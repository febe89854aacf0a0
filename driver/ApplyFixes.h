// `tablelint lint --fix`: applies the fix-its of the reported findings to
// the files, the way clang-tidy --fix does: edits of one file are applied
// together from the end, an edit that overlaps one already taken is left
// out (reported), and each file is rewritten atomically.
//
// A file is fixed only while it holds the text that was analysed (its
// hash): a file edited during the run is left as it is, with a warning.
// Files are told apart by their identity on disk (llvm::sys::fs::UniqueID),
// so a file reached under two names (a symlinked directory) is fixed once.
#pragma once

#include "driver/LintResult.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

struct FixOutcome {
  unsigned Applied = 0;
  // Edits left out because they overlap another edit of the same file.
  unsigned Conflicting = 0;
  std::vector<std::string> FilesChanged;
  // Files that could not be read or written, or edits outside the file.
  std::vector<std::string> Errors;
  // Files left as they are because their text changed since the analysis.
  std::vector<std::string> Warnings;
};

// The hash kept of the text a fix-it was computed on (xxh3, 64 bits: it
// tells an edited file from the analysed one, it is no signature).
std::uint64_t contentHash(std::string_view Text);

// Analysed: the hash of each file's text as clang read it (LintResult).
FixOutcome applyFixes(const std::vector<ReportedFinding> &Findings,
                      const AnalysedTexts &Analysed);

} // namespace tablelint
