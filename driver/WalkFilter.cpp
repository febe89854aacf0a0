// Build trees and git's ignore rules in a directory walk.
#include "driver/WalkFilter.h"

#include "core/AtomicFile.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Program.h>

#include <optional>

namespace tablelint {

namespace fs = std::filesystem;

namespace {

// The NUL-separated paths git prints for `git -C Root ls-files ...`
// (relative to Root), or nothing when git is missing or Root is not in a
// work tree.
std::vector<std::string> ignoredByGit(const fs::path &Root) {
  llvm::ErrorOr<std::string> Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return {};
  llvm::SmallString<128> Out;
  if (llvm::sys::fs::createTemporaryFile("tablelint-git", "txt", Out))
    return {};
  const std::string RootText = Root.string();
  const std::string OutPath = Out.str().str();
  const std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(OutPath), llvm::StringRef("")};
  const int Status = llvm::sys::ExecuteAndWait(
      *Git,
      {"git", "-C", RootText, "ls-files", "-z", "--others", "--ignored",
       "--exclude-standard", "--directory"},
      std::nullopt, Redirects);
  std::optional<std::string> Text = readFile(OutPath);
  llvm::sys::fs::remove(OutPath);
  std::vector<std::string> Paths;
  if (Status != 0 || !Text)
    return Paths;
  std::size_t Start = 0;
  while (Start < Text->size()) {
    const std::size_t End = std::min(Text->find('\0', Start), Text->size());
    if (End > Start)
      Paths.push_back(Text->substr(Start, End - Start));
    Start = End + 1;
  }
  return Paths;
}

std::string withoutTrailingSlash(std::string Path) {
  while (Path.size() > 1 && Path.back() == '/')
    Path.pop_back();
  return Path;
}

} // namespace

bool isBuildDirectory(const fs::path &Dir) {
  std::error_code EC;
  const std::string Name = Dir.filename().string();
  if (Name == "CMakeFiles" || fs::is_regular_file(Dir / "CMakeCache.txt", EC) ||
      fs::is_directory(Dir / "CMakeFiles", EC))
    return true;
  return (Name.rfind("build", 0) == 0 || Name.rfind("cmake-build-", 0) == 0) &&
         fs::is_regular_file(Dir / "compile_commands.json", EC);
}

WalkFilter::WalkFilter(const fs::path &Root) {
  const fs::path Base = fs::absolute(Root).lexically_normal();
  for (const std::string &Relative : ignoredByGit(Base)) {
    const std::string Path =
        withoutTrailingSlash((Base / Relative).lexically_normal().string());
    // The root itself ignored (`lint build/` with build/ in .gitignore):
    // named on the command line, so linted all the same.
    if (Path == withoutTrailingSlash(Base.string())) {
      Ignored.clear();
      return;
    }
    Ignored.insert(Path);
  }
}

bool WalkFilter::skipDirectory(const fs::path &Dir) const {
  return Dir.filename() == ".git" || isBuildDirectory(Dir) ||
         Ignored.count(withoutTrailingSlash(Dir.string()));
}

bool WalkFilter::skipFile(const fs::path &File) const {
  return Ignored.count(File.string()) != 0;
}

} // namespace tablelint
