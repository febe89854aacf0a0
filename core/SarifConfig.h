// The `sarif:` section of .tablelint.yaml, which only the SARIF report
// reads:
//   sarif: {rules-url: https://example.org/tablelint/v0.1.0/docs/rules}
// The configuration loader (ProjectConfig.cpp) validates it with the rest
// of the file and records the value here.
#pragma once

#include <string>

namespace tablelint {

// sarif.rules-url of the configuration file at ConfigPath (loading it if
// needed), or "" when it has none.
std::string sarifRulesUrl(const std::string &ConfigPath);

// Called by the loader for a valid sarif.rules-url.
void rememberSarifRulesUrl(const std::string &ConfigPath,
                           const std::string &Url);

} // namespace tablelint
