// The ids of the built-in rules, the list did-you-mean hints for rule ids
// choose from (configuration, suppressions, --enable/--disable).
#pragma once

#include <string>
#include <vector>

namespace tablelint {

// Every rule id of the built-in catalog, in catalog order.
const std::vector<std::string> &builtinRuleIds();

} // namespace tablelint
