// A guard run before a JSON parser that recurses per nesting level (llvm's
// json::parse does, and so do json::Value's destructor and printer): a
// document nested deeper than any real baseline, SARIF log or trace line
// ('[' * 100000) would overflow the stack. The scan is iterative, allocates
// nothing and reports where the limit is crossed.
#pragma once

#include "core/InputError.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tablelint {

// Deep enough for every format tablelint reads (SARIF nests about 10 levels,
// its property bags a few more); shallow enough for a 64 KiB stack.
constexpr unsigned MaxJsonNesting = 256;

// The offset of the first '[' or '{' (outside strings) nested deeper than
// MaxDepth, or npos when Text stays within it. Malformed text is left to
// the parser.
std::size_t jsonTooDeepOffset(std::string_view Text, unsigned MaxDepth);

// The error for the first '[' or '{' (outside strings) nested deeper than
// MaxDepth, at its file:line:col; nullopt when Text stays within it. Line is
// the line Text starts on (a trace line is checked alone).
std::optional<InputError> jsonNestingError(std::string_view Text,
                                           const std::string &File,
                                           unsigned FirstLine = 1,
                                           unsigned MaxDepth = MaxJsonNesting);

// A positioned error from the message of llvm::json::parse
// ("[3:14, byte=40]: Expected , or ]"), for Text starting on FirstLine.
InputError jsonSyntaxError(const std::string &File, const std::string &Message,
                           unsigned FirstLine = 1);

} // namespace tablelint
