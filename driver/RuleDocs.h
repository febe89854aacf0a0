// Renderings of the rule catalog for people and machines: the `tablelint
// rules` listing, one rule in full, the Markdown pages under docs/rules/,
// and JSON.
#pragma once

#include "core/RuleCatalog.h"

#include <map>
#include <string>

namespace tablelint {

// Where checklist anchors point: the checklist page on Microsoft Learn.
inline constexpr const char *ChecklistPageUrl =
    "https://learn.microsoft.com/azure/storage/tables/"
    "storage-performance-checklist";

// One line per rule: id, severity, detection, checklist items, title.
std::string renderRuleTable(const Catalog &C);
// One rule in full, as plain text for a terminal.
std::string renderRuleText(const Catalog &C, const Rule &R);
// docs/rules/<id>.md.
std::string renderRulePage(const Catalog &C, const Rule &R);
// docs/rules/README.md: the index and the checklist coverage table.
std::string renderRuleIndex(const Catalog &C);
// All pages, file name -> content (README.md and one <id>.md per rule).
std::map<std::string, std::string> renderRuleDocs(const Catalog &C);
// The whole catalog as JSON (checklist items and rules with every field).
std::string renderCatalogJson(const Catalog &C);

} // namespace tablelint
