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
#ifndef TABLELINT_BUILD_TREE
#define TABLELINT_BUILD_TREE ""
#endif

namespace tablelint {

namespace fs = std::filesystem;

namespace {

std::string withoutTrailingSlash(std::string Url) {
  while (!Url.empty() && Url.back() == '/')
    Url.pop_back();
  return Url;
}

// Whether Path lies in Dir (both absolute).
bool isUnder(const fs::path &Path, const fs::path &Dir) {
  const fs::path Rel = Path.lexically_normal().lexically_relative(Dir.lexically_normal());
  return !Rel.empty() && *Rel.begin() != "..";
}

// The pages that ship with this binary, if they are where they should be:
// where the package installs docs/ (<prefix>/share/doc/tablelint/docs, so
// the pages' links to ../lint.md work too), or, for a binary run from its
// build tree only, the source tree's docs/rules. An installed binary never
// points at the checkout it was built from.
std::optional<std::string> localRulePages() {
  std::error_code EC;
  const fs::path Exe = fs::read_symlink("/proc/self/exe", EC);
  std::vector<fs::path> Candidates;
  if (EC)
    return std::nullopt;
  Candidates.push_back(Exe.parent_path().parent_path() / "share" / "doc" /
                       "tablelint" / "docs" / "rules");
  const std::string SourceTree = TABLELINT_SOURCE_TREE;
  const std::string BuildTree = TABLELINT_BUILD_TREE;
  if (!SourceTree.empty() && !BuildTree.empty() &&
      isUnder(Exe, fs::weakly_canonical(BuildTree, EC)))
    Candidates.push_back(fs::path(SourceTree) / "docs" / "rules");
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
