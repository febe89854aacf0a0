// Response files (`@file`) among the compiler arguments given after `--`.
// clang's driver would expand them itself, reading whatever the name points
// at: `@/dev/zero` until memory runs out, `@fifo` until someone writes to
// it. They are expanded here instead, each file checked before it is read
// (a regular file of at most 1 MiB), so clang never sees an '@'.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace tablelint {

// The most a response file may hold: far above any real command line.
inline constexpr unsigned long MaxResponseFileBytes = 1ul << 20;

// Args with every "@file" replaced by the arguments it holds (GNU quoting;
// nested response files too, relative names relative to the current
// directory, as GCC reads them), or nullopt with Error set to
// "@PATH: cannot read the response file: it is a named pipe (FIFO)...".
std::optional<std::vector<std::string>>
expandResponseFiles(const std::vector<std::string> &Args, std::string &Error);

} // namespace tablelint
