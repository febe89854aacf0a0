// Header filter syntax: LLVM's Regex decides, as it does when matching.
#include "core/RegexSyntax.h"

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/Regex.h>

namespace tablelint {

std::optional<std::string> invalidHeaderFilter(const std::string &Regex) {
  llvm::Regex R(Regex);
  std::string Error;
  if (R.isValid(Error))
    return std::nullopt;
  return Error;
}

} // namespace tablelint
