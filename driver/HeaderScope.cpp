// The headers whose findings a lint run reports (see HeaderScope.h).
#include "driver/HeaderScope.h"

#include "driver/Fingerprint.h"

#include <filesystem>

namespace tablelint {

namespace fs = std::filesystem;

namespace {

bool isUnder(const std::string &File, const std::string &Dir) {
  if (Dir == "/")
    return true;
  return File.size() > Dir.size() && File.compare(0, Dir.size(), Dir) == 0 &&
         File[Dir.size()] == '/';
}

bool hasGitAbove(const fs::path &Start) {
  std::error_code EC;
  for (fs::path D = Start; !D.empty(); D = D.parent_path()) {
    if (fs::exists(D / ".git", EC))
      return true;
    if (D == D.root_path())
      break;
  }
  return false;
}

} // namespace

HeaderScope::HeaderScope(const std::optional<std::string> &Regex) {
  if (Regex)
    Filter = std::make_unique<llvm::Regex>(*Regex);
}

std::optional<std::string>
HeaderScope::invalidFilter(const std::string &Regex) {
  llvm::Regex R(Regex);
  std::string Error;
  if (R.isValid(Error))
    return std::nullopt;
  return Error;
}

const std::string &HeaderScope::sourceRoot(const std::string &MainFile) {
  const fs::path Dir = fs::path(MainFile).parent_path();
  auto [It, New] = RootOfDirectory.try_emplace(Dir.string());
  if (!New)
    return It->second;
  std::error_code EC;
  if (hasGitAbove(Dir)) {
    It->second = findRepoRoot(Dir.string());
  } else {
    const std::string Cwd = fs::current_path(EC).lexically_normal().string();
    It->second = !EC && isUnder(MainFile, Cwd) ? Cwd : Dir.string();
  }
  return It->second;
}

bool HeaderScope::reports(const std::string &File,
                          const std::string &MainFile) {
  if (File == MainFile)
    return true;
  if (Filter)
    return Filter->match(File);
  return isUnder(File, sourceRoot(MainFile));
}

} // namespace tablelint
