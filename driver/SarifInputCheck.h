// What `tablelint merge` checks in each SARIF log before joining it: the
// parts the merge reads or copies must already be valid SARIF 2.1.0, or the
// merged log would be invalid too (a ruleIndex naming no rule, a ruleId
// that is not a string, a level SARIF does not define). Each problem names
// its JSON path and its file:line:col.
#pragma once

#include "core/InputError.h"

#include <llvm/Support/JSON.h>

#include <string>
#include <vector>

namespace tablelint {

// Checks run RunIndex of the log parsed from Text (File names it).
void checkSarifRun(const llvm::json::Object &Run, std::size_t RunIndex,
                   llvm::StringRef Text, const std::string &File,
                   std::vector<InputError> &Errors);

} // namespace tablelint
