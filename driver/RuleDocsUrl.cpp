// Choosing the base address of the rule pages for SARIF.
#include "driver/RuleDocsUrl.h"

#include "core/ProjectConfig.h"
#include "core/SarifConfig.h"
#include "driver/Sarif.h"

#include <filesystem>

#ifndef TABLELINT_RULES_URL
#define TABLELINT_RULES_URL ""
#endif
#ifndef TABLELINT_SOURCE_TREE
#define TABLELINT_SOURCE_TREE ""
#endif

namespace tablelint {

namespace fs = std::filesystem;

namespace {

std::string withoutTrailingSlash(std::string Url) {
  while (!Url.empty() && Url.back() == '/')
    Url.pop_back();
  return Url;
}

// The pages that ship with this binary, if they are where they should be.
std::optional<std::string> localRulePages() {
  std::error_code EC;
  const fs::path Exe = fs::read_symlink("/proc/self/exe", EC);
  std::vector<fs::path> Candidates;
  if (!EC)
    Candidates.push_back(Exe.parent_path().parent_path() / "share" / "doc" /
                         "tablelint" / "rules");
  if (*TABLELINT_SOURCE_TREE)
    Candidates.push_back(fs::path(TABLELINT_SOURCE_TREE) / "docs" / "rules");
  for (const fs::path &Dir : Candidates)
    if (fs::is_regular_file(Dir / "README.md", EC))
      return "file://" + encodeUriPath(fs::weakly_canonical(Dir, EC).string());
  return std::nullopt;
}

} // namespace

std::optional<std::string>
ruleDocsBase(const std::optional<std::string> &FromCommandLine,
             const std::string &RepoRoot) {
  if (FromCommandLine)
    return withoutTrailingSlash(*FromCommandLine);
  if (auto Path = findProjectConfig(RepoRoot)) {
    if (std::string Url = sarifRulesUrl(*Path); !Url.empty())
      return withoutTrailingSlash(Url);
  }
  if (*TABLELINT_RULES_URL)
    return withoutTrailingSlash(TABLELINT_RULES_URL);
  return localRulePages();
}

} // namespace tablelint
