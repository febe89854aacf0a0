// The rule catalog and the SDK role maps as C++ source. The build runs
// tablelint-catalog-gen (core/CatalogGen.cpp) over rules/*.yaml and
// rules/apis/*.yaml: it loads and validates them with the loaders a user's
// files go through (loadCatalog, loadApiRoles) and writes what they loaded
// as code, compiled into the library, so that no process parses the
// catalog's YAML again. rules/ stays the one source of truth.
#pragma once

#include "core/ApiRoles.h"
#include "core/RuleCatalog.h"

#include <string>
#include <utility>
#include <vector>

namespace tablelint {

// Rule id -> `security-severity` of the rules that have one (the catalog
// loader has checked the scores; Rule does not hold them).
using SecurityScores = std::vector<std::pair<std::string, std::string>>;
SecurityScores securityScores(const std::vector<CatalogSource> &Rules);

// A C++ translation unit defining generatedCatalog(), generatedApiRoles()
// and generatedSecurityScores() (declared in core/BuiltinCatalog.cpp) that
// return values equal to C, Roles and Scores, field by field.
std::string catalogCode(const Catalog &C, const ApiRoles &Roles,
                        const SecurityScores &Scores);

// A C++ string literal with the bytes of Text (escaped, so any byte, UTF-8
// included, survives whatever the compiler's source character set is).
std::string cppStringLiteral(const std::string &Text);

// The catalog files under SourceDir (rules/*.yaml, rules/apis/*.yaml), named
// relative to it ("rules/table-scan.yaml"), sorted by name.
std::vector<CatalogSource> readCatalogSources(const std::string &SourceDir,
                                              std::vector<InputError> &Errors);

} // namespace tablelint
