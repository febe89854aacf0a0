// Globs that select no rule.
#include "core/RuleSelection.h"

#include "core/NameHint.h"
#include "core/ProjectConfig.h"
#include "core/RuleIds.h"

#include <algorithm>

namespace tablelint {

std::string unmatchedRuleGlob(std::string_view Glob) {
  const std::vector<std::string> &Ids = builtinRuleIds();
  if (std::any_of(Ids.begin(), Ids.end(), [&](const std::string &Id) {
        return matchesRuleGlob(Glob, Id);
      }))
    return {};
  return "matches no rule" + didYouMean(Glob, Ids) +
         " (tablelint rules lists them)";
}

} // namespace tablelint
