// Reading a SARIF log for `tablelint merge` without a tree of the whole
// log: llvm::json gives every object 64 hash buckets, so a 47 MB log took
// 3.8 GB. The log's structure is read with the pull tokenizer; each run's
// members but its results are parsed (they are small), and each result is
// kept as its text, to be parsed, checked and rewritten one at a time.
#pragma once

#include "core/InputError.h"

#include <llvm/Support/JSON.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint {

struct SarifRunText {
  bool IsObject = false;
  llvm::json::Object Head;               // the run without "results"
  std::vector<std::string_view> Results; // each result's JSON text
};

struct SarifLogText {
  std::optional<std::string> Version; // "version" when it is a string
  bool HasRuns = false;               // "runs" is an array
  std::vector<SarifRunText> Runs;
};

// Reads the log in Text (which the views point into). nullopt with a
// positioned error when Text is not JSON (or nests too deep).
std::optional<SarifLogText> readSarifLog(std::string_view Text,
                                         const std::string &File,
                                         std::vector<InputError> &Errors);

} // namespace tablelint
