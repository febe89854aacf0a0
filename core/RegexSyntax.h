// Whether a header filter (POSIX extended regular expression, as LLVM's
// Regex and clang-tidy's --header-filter read it) can be used. One answer
// for the command line and for `header-filter:` in .tablelint.yaml.
#pragma once

#include <optional>
#include <string>

namespace tablelint {

// Why Regex is not a valid header filter, or nullopt when it is.
std::optional<std::string> invalidHeaderFilter(const std::string &Regex);

} // namespace tablelint
