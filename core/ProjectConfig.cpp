// Finding and loading .tablelint.yaml.
#include "core/ProjectConfig.h"

#include "core/AtomicFile.h"
#include "core/YamlReader.h"

#include <filesystem>
#include <map>
#include <mutex>

namespace tablelint {

namespace fs = std::filesystem;

std::optional<std::string> findProjectConfig(const std::string &Dir) {
  std::error_code EC;
  fs::path P = fs::absolute(Dir.empty() ? "." : Dir, EC);
  while (!P.empty()) {
    const fs::path Candidate = P / ProjectConfigFileName;
    if (fs::is_regular_file(Candidate, EC))
      return Candidate.string();
    if (P == P.root_path())
      break;
    P = P.parent_path();
  }
  return std::nullopt;
}

namespace {

std::shared_ptr<const ProjectConfig> parseConfig(const std::string &Path) {
  auto C = std::make_shared<ProjectConfig>();
  C->Path = Path;
  auto Text = readFile(Path);
  if (!Text) {
    C->Errors.push_back({Path, 0, 0, "cannot read the configuration file"});
    return C;
  }
  auto Doc = parseYaml(Path, *Text, C->Errors);
  if (!Doc || Doc->IsNull())
    return C;
  YamlMap M(*Doc, Path, C->Errors, "configuration");
  YAML::Node Apis = M.get("apis", false);
  M.finish();
  if (Apis.IsDefined()) {
    if (!Apis.IsSequence())
      M.error(Apis, "'apis' must be a list of API role maps");
    else
      for (const auto &Map : Apis)
        readApiRoleMap(Map, Path, C->Apis, C->Errors);
  }
  return C;
}

std::mutex CacheMutex;
std::map<std::string, std::shared_ptr<const ProjectConfig>> ConfigCache;
std::map<std::string, std::shared_ptr<const ApiRoles>> RolesCache;

} // namespace

std::shared_ptr<const ProjectConfig> loadProjectConfig(const std::string &Path) {
  std::lock_guard<std::mutex> Lock(CacheMutex);
  auto &Slot = ConfigCache[Path];
  if (!Slot)
    Slot = parseConfig(Path);
  return Slot;
}

std::shared_ptr<const ApiRoles>
apiRolesForFile(const std::string &File,
                std::shared_ptr<const ProjectConfig> *ConfigOut) {
  const fs::path Dir = fs::path(File).parent_path();
  const std::optional<std::string> Path = findProjectConfig(Dir.string());
  std::shared_ptr<const ProjectConfig> Config =
      Path ? loadProjectConfig(*Path) : nullptr;
  if (ConfigOut)
    *ConfigOut = Config;
  std::lock_guard<std::mutex> Lock(CacheMutex);
  auto &Slot = RolesCache[Path.value_or("")];
  if (!Slot) {
    auto Roles = std::make_shared<ApiRoles>(builtinApiRoles());
    if (Config)
      Roles->merge(Config->Apis);
    Slot = std::move(Roles);
  }
  return Slot;
}

} // namespace tablelint
