// The rule catalog's defaults the schema checks need (severity, option
// defaults), behind a small interface: core/RuleCatalog.h and core/Finding.h
// both declare tablelint::Severity, so no file may include both; this one
// keeps the catalog out of the checks.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tablelint::schema {

// 0 note, 1 warning, 2 error (the order of both Severity enums); 1 for a
// rule the catalog does not know.
unsigned catalogSeverityIndex(std::string_view RuleId);

// An option's default as the catalog writes it; nullopt when absent.
std::optional<std::string> catalogOptionDefault(std::string_view RuleId,
                                                std::string_view Option);

} // namespace tablelint::schema
