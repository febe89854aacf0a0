// The built-in rule catalog and SDK role maps: values compiled from rules/
// by tablelint-catalog-gen (the generated BuiltinCatalogData.cpp defines
// the two functions below), built once per process.
#include "core/ApiRoles.h"
#include "core/RuleCatalog.h"
#include "core/SecuritySeverity.h"

#include <string>
#include <utility>
#include <vector>

namespace tablelint {

Catalog generatedCatalog();
ApiRoles generatedApiRoles();
std::vector<std::pair<std::string, std::string>> generatedSecurityScores();

const Catalog &builtinCatalog() {
  static const Catalog C = generatedCatalog();
  return C;
}

const ApiRoles &builtinApiRoles() {
  static const ApiRoles Roles = generatedApiRoles();
  return Roles;
}

std::string securitySeverity(std::string_view RuleId) {
  static const auto Scores = generatedSecurityScores();
  for (const auto &[Id, Score] : Scores)
    if (Id == RuleId)
      return Score;
  return std::string();
}

} // namespace tablelint
