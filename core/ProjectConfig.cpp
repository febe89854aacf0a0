// Finding and loading .tablelint.yaml.
#include "core/ProjectConfig.h"

#include "core/InputFile.h"
#include "core/YamlGuard.h"
#include "core/AtomicFile.h"
#include "core/NameHint.h"
#include "core/RegexSyntax.h"
#include "core/RuleIds.h"
#include "core/RuleSelection.h"
#include "core/SarifConfig.h"
#include "core/Uri.h"
#include "core/YamlReader.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>

namespace tablelint {

namespace fs = std::filesystem;

namespace {
// A configuration is a few hundred bytes; more than this is not one.
constexpr std::uint64_t MaxConfigBytes = 1 << 20;
std::mutex OverrideMutex;
std::string OverridePath;
} // namespace

void overrideProjectConfig(const std::string &Path) {
  std::lock_guard<std::mutex> Lock(OverrideMutex);
  OverridePath = Path;
}

bool matchesRuleGlob(std::string_view Glob, std::string_view Id) {
  // Iterative wildcard match with one backtrack point for the last '*'.
  std::size_t G = 0, I = 0, Star = std::string_view::npos, Mark = 0;
  while (I < Id.size()) {
    if (G < Glob.size() && (Glob[G] == '?' || Glob[G] == Id[I])) {
      ++G;
      ++I;
    } else if (G < Glob.size() && Glob[G] == '*') {
      Star = G++;
      Mark = I;
    } else if (Star != std::string_view::npos) {
      G = Star + 1;
      I = ++Mark;
    } else {
      return false;
    }
  }
  while (G < Glob.size() && Glob[G] == '*')
    ++G;
  return G == Glob.size();
}

bool anyRuleGlobMatches(const std::vector<std::string> &Globs,
                        std::string_view Id) {
  return std::any_of(Globs.begin(), Globs.end(), [&](const std::string &G) {
    return matchesRuleGlob(G, Id);
  });
}

bool ProjectConfig::enables(const std::string &RuleId,
                            bool UseEnableList) const {
  if (UseEnableList && !Enable.empty() && !anyRuleGlobMatches(Enable, RuleId))
    return false;
  if (anyRuleGlobMatches(Disable, RuleId))
    return false;
  auto It = Severities.find(RuleId);
  return It == Severities.end() || It->second.has_value();
}

Severity ProjectConfig::levelOf(const Rule &R) const {
  auto It = Severities.find(R.Id);
  return It != Severities.end() && It->second ? *It->second : R.DefaultSeverity;
}

std::optional<std::string> findProjectConfig(const std::string &Dir) {
  {
    std::lock_guard<std::mutex> Lock(OverrideMutex);
    if (!OverridePath.empty())
      return OverridePath;
  }
  std::error_code EC;
  fs::path P = fs::absolute(Dir.empty() ? "." : Dir, EC);
  while (!P.empty()) {
    // Anything of that name is the configuration: a directory, a dangling
    // symlink or a FIFO is a configuration that cannot be read (exit 2),
    // never one skipped silently for the next one up.
    const fs::path Candidate = P / ProjectConfigFileName;
    if (fs::exists(fs::symlink_status(Candidate, EC)))
      return Candidate.string();
    if (P == P.root_path())
      break;
    P = P.parent_path();
  }
  return std::nullopt;
}

namespace {

// A rule id the catalog knows, or an error with the closest id.
const Rule *knownRule(const YAML::Node &Key, const std::string &Path,
                      ProjectConfig &C) {
  const std::string Id = Key.IsScalar() ? Key.Scalar() : "";
  if (const Rule *R = builtinCatalog().find(Id))
    return R;
  C.Errors.push_back(errorAt(Path, Key,
                             "unknown rule '" + Id + "'" +
                                 didYouMean(Id, builtinRuleIds()) +
                                 " (tablelint rules lists them)"));
  return nullptr;
}

// rules: {enable: [globs], disable: [globs]}; a glob that matches no rule
// is a typo, not a silent no-op.
void readRuleSelection(const YAML::Node &Node, const std::string &Path,
                       ProjectConfig &C) {
  if (!Node.IsDefined())
    return;
  YamlMap M(Node, Path, C.Errors, "'rules' section");
  if (!M.valid())
    return;
  for (const char *Key : {"enable", "disable"}) {
    YAML::Node List = M.get(Key, false);
    auto Globs = M.strings(Key, false);
    if (!Globs)
      continue;
    std::size_t Index = 0;
    for (const std::string &G : *Globs) {
      const std::string Problem = unmatchedRuleGlob(G);
      if (!Problem.empty())
        M.error(List[Index], "'" + G + "' in 'rules." + Key + "' " + Problem);
      ++Index;
    }
    (std::string(Key) == "enable" ? C.Enable : C.Disable) = *Globs;
  }
  M.finish();
}

// severity: {rule-id: note|warning|error|off}.
void readSeverities(const YAML::Node &Node, const std::string &Path,
                    ProjectConfig &C) {
  if (!Node.IsDefined())
    return;
  if (!Node.IsMap()) {
    C.Errors.push_back(errorAt(Path, Node, "'severity' must map rule ids to "
                                           "note, warning, error or off"));
    return;
  }
  for (const auto &KV : Node) {
    const Rule *R = knownRule(KV.first, Path, C);
    const std::string V = KV.second.IsScalar() ? KV.second.Scalar() : "";
    std::optional<Severity> Level = parseSeverity(V);
    if (!Level && V != "off") {
      C.Errors.push_back(errorAt(Path, KV.second,
                                 "severity of '" + KV.first.Scalar() +
                                     "' must be note, warning, error or off, "
                                     "got '" + V + "'"));
      continue;
    }
    if (R)
      C.Severities[R->Id] = Level;
  }
}

// Rule options whose value is a POSIX regex are named "...Pattern".
bool isPatternOption(const std::string &Name) {
  const std::string Suffix = "Pattern";
  return Name.size() >= Suffix.size() &&
         Name.compare(Name.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

// thresholds: {rule-id: {OptionName: value}}; names and types come from the
// rule's options in the catalog (an integer default takes integers).
void readThresholds(const YAML::Node &Node, const std::string &Path,
                    ProjectConfig &C) {
  if (!Node.IsDefined())
    return;
  if (!Node.IsMap()) {
    C.Errors.push_back(errorAt(Path, Node, "'thresholds' must map rule ids to "
                                           "their options"));
    return;
  }
  for (const auto &KV : Node) {
    const Rule *R = knownRule(KV.first, Path, C);
    if (!R)
      continue;
    if (!KV.second.IsMap()) {
      C.Errors.push_back(errorAt(Path, KV.second,
                                 "thresholds of '" + R->Id +
                                     "' must be a map of option: value"));
      continue;
    }
    for (const auto &Opt : KV.second) {
      const std::string Name = Opt.first.IsScalar() ? Opt.first.Scalar() : "";
      const RuleOption *O = R->option(Name);
      if (!O) {
        std::string Names;
        for (const RuleOption &Known : R->Options)
          Names += (Names.empty() ? "" : ", ") + Known.Name;
        C.Errors.push_back(errorAt(
            Path, Opt.first,
            "rule '" + R->Id + "' has no threshold '" + Name + "'" +
                (Names.empty() ? " (it has none)" : "; it has " + Names)));
        continue;
      }
      const std::string V = Opt.second.IsScalar() ? Opt.second.Scalar() : "";
      const bool WantsNumber =
          !O->Default.empty() &&
          O->Default.find_first_not_of("0123456789") == std::string::npos;
      if (!Opt.second.IsScalar() ||
          (WantsNumber && (V.empty() || V.size() > 9 ||
                           V.find_first_not_of("0123456789") != std::string::npos))) {
        C.Errors.push_back(errorAt(
            Path, Opt.second,
            "threshold '" + R->Id + "." + Name + "' must be " +
                (WantsNumber ? "a whole number" : "a string") + ", got '" + V +
                "'"));
        continue;
      }
      // A pattern option (HandlerPattern...) is a regex: refused here,
      // at its position, rather than compiled by the check.
      if (isPatternOption(Name) && !V.empty())
        if (auto Problem = invalidUserRegex(V)) {
          C.Errors.push_back(
              errorAt(Path, Opt.second,
                      "threshold '" + R->Id + "." + Name +
                          "' is not a usable regex: " + *Problem));
          continue;
        }
      C.Thresholds[R->Id][Name] = V;
    }
  }
}

// sarif: {rules-url: URL}: an absolute URI, as SARIF's helpUri must be.
void readSarif(const YAML::Node &Node, const std::string &Path,
               ProjectConfig &C) {
  if (!Node.IsDefined())
    return;
  YamlMap M(Node, Path, C.Errors, "'sarif' section");
  if (!M.valid())
    return;
  if (auto Url = M.string("rules-url", false)) {
    if (isAbsoluteUri(*Url))
      rememberSarifRulesUrl(Path, *Url);
    else
      M.error(M.get("rules-url", false),
              "'sarif.rules-url' must be an absolute URI such as "
              "https://host/path/docs/rules, got '" +
                  *Url + "'");
  }
  M.finish();
}

// header-filter: REGEX, validated as --header-filter is.
void readHeaderFilter(YamlMap &M, ProjectConfig &C) {
  auto Regex = M.string("header-filter", false);
  if (!Regex)
    return;
  if (auto Problem = invalidHeaderFilter(*Regex)) {
    M.error(M.get("header-filter", false), "invalid 'header-filter' '" +
                                               *Regex + "': " + *Problem);
    return;
  }
  C.HeaderFilter = *Regex;
}

// schema: a path relative to the configuration file's directory.
void readSchemaPath(YamlMap &M, ProjectConfig &C) {
  auto Path = M.string("schema", false);
  if (!Path)
    return;
  std::filesystem::path File = *Path;
  if (File.is_relative())
    File = std::filesystem::path(C.Path).parent_path() / File;
  std::error_code EC;
  if (Path->empty() || !std::filesystem::is_regular_file(File, EC)) {
    M.error(M.get("schema", false),
            "'schema' names no schema file: '" + *Path +
                "' (a path relative to the configuration's directory)");
    return;
  }
  C.Schema = std::filesystem::absolute(File).lexically_normal().string();
}

std::shared_ptr<const ProjectConfig> parseConfig(const std::string &Path) {
  auto C = std::make_shared<ProjectConfig>();
  C->Path = Path;
  std::string Problem;
  auto Text = readInputFile(Path, {MaxConfigBytes, "configuration files"},
                            Problem);
  if (!Text) {
    C->Errors.push_back(
        {Path, 0, 0, "cannot read the configuration file: " + Problem});
    return C;
  }
  // Deep nesting, alias bombs and duplicate keys are errors, as in schemas:
  // a second `rules:` block must not silently replace the first.
  auto Doc = parseGuardedYaml(Path, *Text, YamlGuardLimits{}, C->Errors);
  if (!Doc || Doc->IsNull())
    return C;
  YamlMap M(*Doc, Path, C->Errors, "configuration");
  if (!M.valid())
    return C;
  YAML::Node Apis = M.get("apis", false);
  readRuleSelection(M.get("rules", false), Path, *C);
  readSeverities(M.get("severity", false), Path, *C);
  readThresholds(M.get("thresholds", false), Path, *C);
  readSarif(M.get("sarif", false), Path, *C);
  readHeaderFilter(M, *C);
  readSchemaPath(M, *C);
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
