// The arguments of a compile database entry that tablelint passes on to
// clang. A compile_commands.json (or compile_flags.txt) comes with the
// repository being linted, so its author is not trusted: clang's driver,
// given the whole command, would run programs (`-x hip --offload-arch=native
// --amdgpu-arch-tool=./payload.sh`), load plugins (`-fplugin=`, `-Xclang
// -load`), read config files (`--config`, a `clang++.cfg` beside the named
// compiler) and write files (`--serialize-diagnostics F`, `-o`, `-MF`).
//
// Only what changes how the file parses is kept, by an allow-list over
// clang's own option table (so `-Ifoo`, `-I foo` and `/Ifoo` are one
// option): include paths (-I -isystem -iquote -idirafter -cxx-isystem
// --sysroot -isysroot -nostdinc*), macros (-D -U -include -imacros), the
// language (-x c/c++/c-header/c++-header, -std=, -ansi, -stdlib=, the -f
// flags that change the language, such as -fms-extensions, -fno-exceptions,
// -fno-rtti, -fcoroutines), the target (--target, -m32, -m64, -march=,
// -mcpu=, x86 feature flags, --gcc-toolchain), warnings (-W..., -w,
// -pedantic) and optimisation levels (-O, for __OPTIMIZE__), plus the
// clang-cl spellings of those. Everything else is dropped, including
// response files (`@file`) and every input but the entry's own file; and
// `--no-default-config` is added, so no config file is read.
#pragma once

#include <string>
#include <vector>

namespace tablelint {

// CommandLine (argv[0] first, as in a CompileCommand) reduced to what
// affects parsing File (absolute, or relative to Directory). The result
// starts with argv[0] and ends with "--" and File (every other input is
// dropped). Dropped, when given,
// receives the arguments left out, as spelled.
std::vector<std::string>
parsingArguments(const std::vector<std::string> &CommandLine,
                 const std::string &File, const std::string &Directory,
                 std::vector<std::string> *Dropped = nullptr);

} // namespace tablelint
