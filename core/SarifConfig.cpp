// sarif.rules-url per configuration file.
#include "core/SarifConfig.h"

#include "core/ProjectConfig.h"

#include <map>
#include <mutex>

namespace tablelint {

namespace {
std::mutex UrlsMutex;
std::map<std::string, std::string> UrlsByConfig;
} // namespace

void rememberSarifRulesUrl(const std::string &ConfigPath,
                           const std::string &Url) {
  std::lock_guard<std::mutex> Lock(UrlsMutex);
  UrlsByConfig[ConfigPath] = Url;
}

std::string sarifRulesUrl(const std::string &ConfigPath) {
  loadProjectConfig(ConfigPath); // parses the file once, recording the URL
  std::lock_guard<std::mutex> Lock(UrlsMutex);
  auto It = UrlsByConfig.find(ConfigPath);
  return It == UrlsByConfig.end() ? std::string() : It->second;
}

} // namespace tablelint
