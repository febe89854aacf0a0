// The editor's compile database search (see CompileDatabaseSearch.h).
#include "driver/CompileDatabaseSearch.h"

#include <filesystem>

namespace tablelint {

namespace fs = std::filesystem;

std::optional<std::string>
findCompileDatabaseLikeClangd(const std::string &File) {
  std::error_code EC;
  for (fs::path D = fs::absolute(File).lexically_normal().parent_path();
       !D.empty(); D = D.parent_path()) {
    // clangd's order within one directory: its own database, the build
    // directory's, then the flat list of flags.
    for (const fs::path &Candidate : {D, D / "build"})
      if (fs::is_regular_file(Candidate / "compile_commands.json", EC))
        return Candidate.string();
    if (fs::is_regular_file(D / "compile_flags.txt", EC))
      return D.string();
    if (D == D.root_path())
      break;
  }
  return std::nullopt;
}

} // namespace tablelint
