#include "driver/ClangResourceDir.h"

#include <cstdlib>

namespace tablelint {

std::string clangResourceDir() {
  if (const char *Dir = std::getenv("TABLELINT_CLANG_RESOURCE_DIR");
      Dir && *Dir)
    return Dir;
  return TABLELINT_CLANG_RESOURCE_DIR;
}

} // namespace tablelint
