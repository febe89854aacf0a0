// Where clang's builtin headers (stddef.h, stdarg.h, ...) are: every parse
// needs them, wherever the tablelint binary is installed.
#pragma once

#include <string>

namespace tablelint {

// $TABLELINT_CLANG_RESOURCE_DIR when set (a tarball unpacked on a machine
// whose clang 19 lives elsewhere), else the directory of the LLVM the binary
// was built against (/usr/lib/llvm-19/lib/clang/19 on Debian, which the
// .deb's dependency on libclang-common-19-dev provides).
std::string clangResourceDir();

} // namespace tablelint
