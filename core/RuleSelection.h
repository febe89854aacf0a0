// Selecting rules by glob (--enable/--disable, `rules:` of .tablelint.yaml):
// a glob that selects nothing is a typo, reported as an error rather than a
// gate that silently passes on nothing.
#pragma once

#include <string>
#include <string_view>

namespace tablelint {

// For a rule-id glob that matches no rule of the built-in catalog: "matches
// no rule; did you mean 'table-scan'? (tablelint rules lists them)". Empty
// when the glob matches a rule.
std::string unmatchedRuleGlob(std::string_view Glob);

} // namespace tablelint
