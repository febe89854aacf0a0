// The built-in rule ids, listed once.
#include "core/RuleIds.h"

#include "core/RuleCatalog.h"

namespace tablelint {

const std::vector<std::string> &builtinRuleIds() {
  static const std::vector<std::string> Ids = [] {
    std::vector<std::string> Out;
    for (const Rule &R : builtinCatalog().Rules)
      Out.push_back(R.Id);
    return Out;
  }();
  return Ids;
}

} // namespace tablelint
