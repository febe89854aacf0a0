// .tablelint.yaml: a project's configuration, found upward from each file
// (or named once with `tablelint lint --config FILE`):
//   rules: {enable: [table-scan, retry-*], disable: [nagle-enabled]}
//   severity: {partition-scan: warning, nagle-enabled: off}
//   thresholds: {filter-too-complex: {MaxComparisons: 10}}
//   header-filter: /include/shop/
//   schema: design/tables.yaml
//   apis:
//     - api: orders-repository
//       namespaces: [shop::storage]
//       functions:
//         - {name: OrdersRepository::Find, role: query, filter: 0, table: Orders}
// Unknown keys and bad values are errors naming the file and line.
#pragma once

#include "core/ApiRoles.h"
#include "core/InputError.h"
#include "core/RuleCatalog.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

inline constexpr const char *ProjectConfigFileName = ".tablelint.yaml";

struct ProjectConfig {
  std::string Path; // empty: no configuration file
  ApiRoles Apis;    // the user's maps only
  // rules.enable / rules.disable: rule-id globs ('*' and '?'). An empty
  // Enable list enables every rule.
  std::vector<std::string> Enable;
  std::vector<std::string> Disable;
  // severity: rule id -> level; nullopt is `off`.
  std::map<std::string, std::optional<Severity>> Severities;
  // thresholds: rule id -> option name (from the catalog) -> value.
  std::map<std::string, std::map<std::string, std::string>> Thresholds;
  // header-filter: the headers whose findings `tablelint lint` reports, as
  // --header-filter (which overrides it); already validated.
  std::optional<std::string> HeaderFilter;
  // schema: the project's schema, which `tablelint lint` compares the code
  // with (schema-drift); absolute, and an existing file.
  std::optional<std::string> Schema;
  std::vector<InputError> Errors;

  // Whether the configuration leaves RuleId on (rules + severity: off).
  // UseEnableList false: the command line's --enable replaced rules.enable.
  bool enables(const std::string &RuleId, bool UseEnableList = true) const;
  // The configured level, or the catalog's default.
  Severity levelOf(const Rule &R) const;
};

// Whether Id matches Glob ('*' any run of characters, '?' one character).
bool matchesRuleGlob(std::string_view Glob, std::string_view Id);

// Whether any of Globs matches Id (--enable, --disable, rules.enable...).
bool anyRuleGlobMatches(const std::vector<std::string> &Globs,
                        std::string_view Id);

// The nearest .tablelint.yaml in Dir or its parents, or the file set by
// overrideProjectConfig.
std::optional<std::string> findProjectConfig(const std::string &Dir);

// `--config FILE`: every lookup answers Path instead of searching upward.
// Set once, before any analysis starts.
void overrideProjectConfig(const std::string &Path);

// Loads (once per path, thread-safe) the configuration at Path.
std::shared_ptr<const ProjectConfig> loadProjectConfig(const std::string &Path);

// The built-in role maps plus the user's from the .tablelint.yaml that
// applies to File (cached per configuration file).
std::shared_ptr<const ApiRoles> apiRolesForFile(const std::string &File,
                                                std::shared_ptr<const ProjectConfig> *Config = nullptr);

} // namespace tablelint
