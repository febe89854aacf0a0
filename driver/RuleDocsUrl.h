// Where SARIF's helpUri points for each rule: BASE/<rule-id>.md, BASE being
// the first of
//   1. `tablelint lint --rules-url BASE`,
//   2. `sarif: {rules-url: BASE}` in the .tablelint.yaml of the repository
//      root (or the --config file),
//   3. the TABLELINT_RULES_URL the binary was configured with (CMake),
//   4. the rule pages that come with the binary, as a file: URI: installed
//      under <prefix>/share/doc/tablelint/docs/rules (where cmake --install
//      and the packages put them), or, for a binary run from its build tree
//      only, the source tree's docs/rules.
// With none of these there is no helpUri at all (each rule's full page is
// in help.markdown anyway), never an address that leads nowhere.
#pragma once

#include <optional>
#include <string>

namespace tablelint {

// The base without a trailing '/', or nullopt (no helpUri).
std::optional<std::string>
ruleDocsBase(const std::optional<std::string> &FromCommandLine,
             const std::string &RepoRoot);

} // namespace tablelint
