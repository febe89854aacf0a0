// Reads rule severities and option defaults from the built-in catalog.
#include "checks/schema/RuleDefaults.h"

#include "core/RuleCatalog.h"

namespace tablelint::schema {

unsigned catalogSeverityIndex(std::string_view RuleId) {
  if (const Rule *R = builtinCatalog().find(RuleId))
    return static_cast<unsigned>(R->DefaultSeverity);
  return 1;
}

std::optional<std::string> catalogOptionDefault(std::string_view RuleId,
                                                std::string_view Option) {
  if (const Rule *R = builtinCatalog().find(RuleId))
    if (const RuleOption *O = R->option(Option))
      return O->Default;
  return std::nullopt;
}

} // namespace tablelint::schema
