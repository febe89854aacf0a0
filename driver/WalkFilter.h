// What a walk of a directory named on the command line (`lint .`) passes
// over, as ripgrep does: build trees (CMake's scratch sources such as
// CMakeCXXCompilerId.cpp are not the project's code) and, inside a git work
// tree, what .gitignore and the other exclude files ignore. The directory
// named itself, and any file named, are always linted.
#pragma once

#include <filesystem>
#include <set>
#include <string>

namespace tablelint {

// A build tree: a directory holding CMakeCache.txt or a CMakeFiles/
// directory, CMakeFiles/ itself, or a build*/ or cmake-build-*/ directory
// holding compile_commands.json.
bool isBuildDirectory(const std::filesystem::path &Dir);

class WalkFilter {
public:
  // Asks git once (`git ls-files --others --ignored --exclude-standard
  // --directory`) what it ignores under Root; without git, or outside a
  // work tree, only build trees are skipped.
  explicit WalkFilter(const std::filesystem::path &Root);

  // Dir: a directory below the root (absolute, normalised).
  bool skipDirectory(const std::filesystem::path &Dir) const;
  // File: a file below the root (absolute, normalised).
  bool skipFile(const std::filesystem::path &File) const;

private:
  std::set<std::string> Ignored; // absolute, normalised, no trailing '/'
};

} // namespace tablelint
