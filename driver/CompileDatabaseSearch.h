// Where the editor finds a file's compile database: as clangd does, in the
// file's directory and each parent, and in a `build/` directory under each
// of them (so `build/compile_commands.json` at the workspace root serves
// `src/a.cpp`). `tablelint lint` keeps clang-tidy's search (the directories
// above the file only, or -p).
#pragma once

#include <optional>
#include <string>

namespace tablelint {

// The nearest directory holding compile_commands.json (D, then D/build, for
// D from File's directory up to the root), or compile_flags.txt (in D);
// nullopt when there is none.
std::optional<std::string>
findCompileDatabaseLikeClangd(const std::string &File);

} // namespace tablelint
