// Whether a user's regular expression (POSIX extended, as LLVM's Regex and
// clang-tidy's --header-filter read it) can be used: one answer for
// --header-filter, `header-filter:` in .tablelint.yaml and the rules'
// pattern options (HandlerPattern...), from the command line, a project
// configuration or a .clang-tidy file.
//
// LLVM's Regex compiles a counted repeat by copying its operand, so nested
// ones multiply: `((a{1,100}){1,100}){1,100}` would take a million copies
// and gigabytes. The size an expression compiles to is estimated from its
// text first, without compiling it, and a pattern over the limit is refused.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace tablelint {

// The most an estimate may reach: far above any path or name pattern (a
// few dozen), far below what takes noticeable memory to compile.
inline constexpr std::size_t MaxRegexSize = 10000;

// The compiled size of Regex, roughly (one per character, bracket or
// operator; a counted repeat multiplies its operand by its upper bound),
// saturated just above MaxRegexSize.
std::size_t estimatedRegexSize(const std::string &Regex);

// Why Regex is not a usable pattern (too large, or invalid), or nullopt
// when it is. Only a pattern within the size limit is ever compiled.
std::optional<std::string> invalidUserRegex(const std::string &Regex);

// The same answer, for a header filter.
std::optional<std::string> invalidHeaderFilter(const std::string &Regex);

} // namespace tablelint
