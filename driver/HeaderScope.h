// Which headers' findings `tablelint lint` reports, as clang-tidy's
// --header-filter does for its own runs: findings in the main file always;
// in a header when it is not a system header (-isystem, <...> from the
// toolchain) and either matches the user's --header-filter REGEX (searched
// in the header's absolute path; without the flag, `header-filter:` of the
// .tablelint.yaml that applies to the TU's main file) or, without either,
// lies under the source root of the translation unit that reached it.
//
// The source root of a TU is the nearest directory at or above its main
// file holding .git (a work tree or a submodule); without one, the current
// directory when the file lies under it, else the file's own directory. It
// is not the compile database's directory (a build tree, rarely the project)
// nor the common root of the inputs (`lint src/` would then miss include/).
#pragma once

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Regex.h>

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace tablelint {

class HeaderScope {
public:
  // Filter: the user's --header-filter, already validated; nullopt for the
  // configuration's, else the default (under the source root).
  explicit HeaderScope(const std::optional<std::string> &Filter);

  // Whether a finding in File (absolute, normalised) is reported for the TU
  // whose main file is MainFile.
  bool reports(const std::string &File, const std::string &MainFile);

private:
  const std::string &sourceRoot(const std::string &MainFile);
  // The configured filter for MainFile's .tablelint.yaml, or null.
  const llvm::Regex *configuredFilter(const std::string &MainFile);

  std::unique_ptr<llvm::Regex> Filter;
  // Per configuration file (by path; "" for none): its compiled filter.
  std::map<std::string, std::unique_ptr<llvm::Regex>> ConfiguredFilters;
  std::map<std::string, std::string> RootOfDirectory;
};

} // namespace tablelint
