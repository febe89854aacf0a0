// The headers whose findings a lint run reports (see HeaderScope.h).
#include "driver/HeaderScope.h"

#include "core/ProjectConfig.h"
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

const llvm::Regex *
HeaderScope::configuredFilter(const std::string &MainFile) {
  const std::string Config =
      findProjectConfig(fs::path(MainFile).parent_path().string())
          .value_or("");
  auto [It, New] = ConfiguredFilters.try_emplace(Config);
  if (New && !Config.empty())
    // An invalid regex was reported as a configuration error and left out.
    if (const auto &Regex = loadProjectConfig(Config)->HeaderFilter)
      It->second = std::make_unique<llvm::Regex>(*Regex);
  return It->second.get();
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
  if (const llvm::Regex *Configured = configuredFilter(MainFile))
    return Configured->match(File);
  return isUnder(File, sourceRoot(MainFile));
}

} // namespace tablelint
