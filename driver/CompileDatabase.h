// One compile_commands.json, loaded for `tablelint lint`: every entry's
// directory and file made absolute (a relative "directory" is relative to
// the database's own directory, a relative "file" to its "directory"), and
// what is wrong with the file or an entry reported at its file:line:col
// instead of aborting the run (a "directory" that does not exist) or
// printing the file's bytes (a database that is not JSON).
#pragma once

#include "driver/LintResult.h"

#include <clang/Tooling/CompilationDatabase.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

struct CompileDatabase {
  // Loaded: false when the file itself is unusable (see Problems).
  bool Loaded = false;
  // Absolute, normalised file -> its first command (absolute Directory).
  std::map<std::string, clang::tooling::CompileCommand> Commands;
  // Files listed with a problem already reported (a missing directory):
  // not analysed, and not "missing from the database" either.
  std::vector<std::string> Unusable;
  std::vector<ToolNotification> Problems;
};

// Loads Dir/compile_commands.json (or what clang finds in Dir, such as
// compile_flags.txt, when there is no such file).
CompileDatabase loadCompileDatabase(const std::string &Dir);

// The command for a file the database does not list yet (a new .cpp before
// the next configure): the flags of its nearest entry, as clangd infers
// them (LLVM's interpolating database; the command's Heuristic names the
// entry). None when the database has no entry to borrow from.
std::optional<clang::tooling::CompileCommand>
inferCompileCommand(const CompileDatabase &DB, const std::string &File);

} // namespace tablelint
