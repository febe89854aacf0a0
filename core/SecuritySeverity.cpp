// Security severities from the embedded rule files.
#include "core/SecuritySeverity.h"

#include "core/RuleCatalog.h"

#include <yaml-cpp/yaml.h>

#include <map>

namespace tablelint {

bool isSecuritySeverity(const std::string &Score) {
  const std::size_t Dot = Score.find('.');
  if (Dot == std::string::npos || Dot == 0 || Dot > 2 ||
      Dot + 2 != Score.size() ||
      Score.find_first_not_of("0123456789.") != std::string::npos)
    return false;
  const double Value = std::stod(Score);
  return Value >= 0.1 && Value <= 10.0;
}

std::string securitySeverity(std::string_view RuleId) {
  // Read once from the same files the catalog is loaded from (the loader
  // has validated them: a broken catalog stops tablelint before this).
  static const std::map<std::string, std::string, std::less<>> Scores = [] {
    std::map<std::string, std::string, std::less<>> Out;
    for (const CatalogSource &S : embeddedCatalogSources()) {
      try {
        const YAML::Node Doc = YAML::Load(S.Text);
        if (Doc.IsMap() && Doc["id"] && Doc["security-severity"])
          Out[Doc["id"].as<std::string>()] =
              Doc["security-severity"].as<std::string>();
      } catch (const YAML::Exception &) {
        // Reported by the catalog loader.
      }
    }
    return Out;
  }();
  auto It = Scores.find(RuleId);
  return It == Scores.end() ? std::string() : It->second;
}

} // namespace tablelint
