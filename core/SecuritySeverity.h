// GitHub code scanning's `security-severity` of a rule: the score (a string,
// "9.1", CVSS-like from 0.1 to 10.0) written as `security-severity:` in
// rules/<id>.yaml. The catalog loader requires it on exactly the rules
// tagged `security`; docs/lint.md says which rules and why.
#pragma once

#include <string>
#include <string_view>

namespace tablelint {

// The score of the built-in rule Id, or "" when it has none.
std::string securitySeverity(std::string_view RuleId);

// Whether Score is one GitHub accepts: one decimal, 0.1 to 10.0.
bool isSecuritySeverity(const std::string &Score);

} // namespace tablelint
