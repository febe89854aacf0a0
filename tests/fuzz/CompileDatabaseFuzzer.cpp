// libFuzzer target for the compile database reader and its argument
// filter. Any compile_commands.json is loaded or refused with problems that
// point inside it, never a crash; every command it yields keeps only
// parsing options: it names its file once, last, after "--", holds no
// response file and none of the options that make clang's driver run, load
// or write something, and filtering it again changes nothing. The same
// bytes, one argument per line, go through the filter directly.
#include "driver/CompileDatabase.h"
#include "driver/CompileFlags.h"
#include "tests/fuzz/FuzzInvariant.h"

#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace tablelint;
using fuzz::check;

// Prefixes of arguments that must never reach clang from a database.
// clang-format off
constexpr const char *Forbidden[] = {
    "-o",       "--serialize-diagnostics", "-Xclang",  "-fplugin",
    "-load",    "--config",                "-B",       "-fpass-plugin",
    "-mllvm",   "--offload",               "--amdgpu", "--nvptx",
    "-MF",      "-MD",                     "-Wp,",     "-save-temps",
    "-ftime-trace", "--cuda", "-fmodules"};
// clang-format on

// The kept options whose value may be the next argument.
// clang-format off
constexpr llvm::StringLiteral TakesSeparateValue[] = {
    "-D",       "-U",          "-I",           "-isystem",   "-iquote",
    "-idirafter", "-include",  "-imacros",     "-x",         "-cxx-isystem",
    "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-iwithsysroot",
    "-isysroot", "--sysroot",  "-target",      "--gcc-toolchain",
    "-isystem-after", "/D",    "/U",           "/I",         "/FI",
    "-imsvc",   "/imsvc",      "/external:I",  "-external:I", "-F", "--target"};
// clang-format on

std::string joined(const std::vector<std::string> &Args) {
  std::string Out;
  for (const std::string &A : Args)
    Out += A + " ";
  return Out;
}

void checkCommand(const std::vector<std::string> &Args, const std::string &File,
                  const std::string &Directory) {
  check(Args.size() >= 4, "argv[0], --no-default-config, --, the file",
        joined(Args));
  check(Args[1] == "--no-default-config", "no config file is read",
        joined(Args));
  check(Args[Args.size() - 2] == "--" && Args.back() == File,
        "the file is named last, after --", joined(Args));
  for (std::size_t I = 1; I + 2 < Args.size(); ++I) {
    check(Args[I].empty() || Args[I][0] != '@', "a response file is kept",
          joined(Args));
    if (llvm::is_contained(TakesSeparateValue, Args[I - 1]))
      continue; // a value ("-D" "-oops"), not an option
    for (const char *F : Forbidden)
      check(!llvm::StringRef(Args[I]).starts_with(F),
            "a forbidden option is kept", Args[I] + " in " + joined(Args));
  }
  check(parsingArguments(Args, File, Directory) == Args,
        "filtering twice changes nothing", joined(Args));
}

// A directory of this process's own, removed when it exits.
const std::string &databaseDir() {
  static const std::string Dir = [] {
    char Template[] = "/tmp/compile-database-fuzz-XXXXXX";
    check(::mkdtemp(Template) != nullptr, "mkdtemp");
    return std::string(Template);
  }();
  // Registered once Dir is made, so it runs before Dir is destroyed.
  static const bool Cleanup = [] {
    std::atexit([] {
      std::remove((Dir + "/compile_commands.json").c_str());
      std::remove(Dir.c_str());
    });
    return true;
  }();
  (void)Cleanup;
  return Dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  const std::string Text(reinterpret_cast<const char *>(Data), Size);

  {
    std::ofstream Out(databaseDir() + "/compile_commands.json",
                      std::ios::binary | std::ios::trunc);
    Out << Text;
  }
  const CompileDatabase DB = loadCompileDatabase(databaseDir());
  check(DB.Loaded || !DB.Problems.empty(), "a refused database says why");
  const unsigned Lines = fuzz::lineCount(Text);
  for (const ToolNotification &N : DB.Problems)
    check(N.Line <= Lines, "a problem outside the database", N.Message);
  for (const auto &[File, Command] : DB.Commands)
    checkCommand(Command.CommandLine, File, Command.Directory);

  std::vector<std::string> Args;
  llvm::SmallVector<llvm::StringRef, 16> Lines2;
  llvm::StringRef(Text).split(Lines2, '\n');
  for (llvm::StringRef L : Lines2)
    Args.push_back(L.str());
  checkCommand(parsingArguments(Args, "/src/a.cpp", "/src"), "/src/a.cpp",
               "/src");
  return 0;
}
