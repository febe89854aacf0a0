// Reading a JSON input (a baseline, a SARIF log to merge, a trace line):
// the nesting guard of core/JsonNesting.h first, so llvm::json::parse never
// recurses past it, then the parse, every problem as file:line:col. It lives
// in the lowest library that links LLVM; the driver's readers use it too.
#pragma once

#include "core/InputError.h"

#include <llvm/Support/JSON.h>

#include <optional>
#include <string>
#include <vector>

namespace tablelint {

// The parsed document, or nullopt with the error appended to Errors. Text
// starts on line FirstLine of File.
std::optional<llvm::json::Value> parseJsonInput(llvm::StringRef Text,
                                                const std::string &File,
                                                std::vector<InputError> &Errors,
                                                unsigned FirstLine = 1);

} // namespace tablelint
