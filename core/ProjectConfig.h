// .tablelint.yaml: a project's configuration, found upward from each file.
// Today it holds the API role maps for in-house wrappers:
//   apis:
//     - api: orders-repository
//       namespaces: [shop::storage]
//       functions:
//         - {name: OrdersRepository::Find, role: query, filter: 0, table: Orders}
// Unknown keys and bad values are errors naming the file and line.
#pragma once

#include "core/ApiRoles.h"
#include "core/InputError.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tablelint {

inline constexpr const char *ProjectConfigFileName = ".tablelint.yaml";

struct ProjectConfig {
  std::string Path; // empty: no configuration file
  ApiRoles Apis;    // the user's maps only
  std::vector<InputError> Errors;
};

// The nearest .tablelint.yaml in Dir or its parents.
std::optional<std::string> findProjectConfig(const std::string &Dir);

// Loads (once per path, thread-safe) the configuration at Path.
std::shared_ptr<const ProjectConfig> loadProjectConfig(const std::string &Path);

// The built-in role maps plus the user's from the .tablelint.yaml that
// applies to File (cached per configuration file).
std::shared_ptr<const ApiRoles> apiRolesForFile(const std::string &File,
                                                std::shared_ptr<const ProjectConfig> *Config = nullptr);

} // namespace tablelint
