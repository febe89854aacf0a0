// Issue 44, item 1: a compile database entry keeps only the options that
// change how its file parses. What would make clang's driver run a program,
// load a plugin, read a config or response file, or write a file is left
// out; what a real CMake or clang-cl entry needs to parse stays.
#include "driver/CompileFlags.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tablelint {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsSupersetOf;
using ::testing::Not;

std::vector<std::string> kept(std::vector<std::string> Line,
                              std::vector<std::string> *Dropped = nullptr) {
  return parsingArguments(Line, "/src/a.cpp", "/build", Dropped);
}

TEST(CompileFlags, ACMakeEntryKeepsWhatParsingNeeds) {
  std::vector<std::string> Dropped;
  EXPECT_THAT(
      kept({"/usr/bin/c++", "-DNDEBUG", "-D", "VERSION=2", "-I/src/include",
            "-isystem", "/opt/sdk/include", "-iquote", "q", "-std=gnu++20",
            "-O2", "-g", "-fPIC", "-Wall", "-Werror=shadow", "-fno-exceptions",
            "-fms-extensions", "-include", "pch.h", "-MD", "-MT", "a.o", "-MF",
            "a.o.d", "-o", "CMakeFiles/a.o", "-c", "/src/a.cpp"},
           &Dropped),
      ElementsAre("/usr/bin/c++", "--no-default-config", "-DNDEBUG", "-D",
                  "VERSION=2", "-I/src/include", "-isystem", "/opt/sdk/include",
                  "-iquote", "q", "-std=gnu++20", "-O2", "-Wall",
                  "-Werror=shadow", "-fno-exceptions", "-fms-extensions",
                  "-include", "pch.h", "-c", "--", "/src/a.cpp"));
  EXPECT_THAT(Dropped, ElementsAre("-g", "-fPIC", "-MD", "-MT", "a.o", "-MF",
                                   "a.o.d", "-o", "CMakeFiles/a.o"));
}

TEST(CompileFlags, WhatRunsAProgramIsDropped) {
  const auto Args = kept({"clang++", "-x", "hip", "--offload-arch=native",
                          "--amdgpu-arch-tool=./payload.sh",
                          "--nvptx-arch-tool=./payload.sh", "/src/a.cpp"});
  EXPECT_THAT(Args, ElementsAre("clang++", "--no-default-config", "--",
                                "/src/a.cpp"));
}

TEST(CompileFlags, WhatWritesOrLoadsIsDropped) {
  const auto Args =
      kept({"clang++", "--serialize-diagnostics", "/home/u/.bashrc",
            "-Xclang", "-load", "-Xclang", "./plugin.so", "-fplugin=./p.so",
            "-fpass-plugin=./p.so", "-mllvm", "-x", "-B./bin",
            "--config=./evil.cfg", "-Wp,-MD,/home/u/.profile",
            "-Wl,-rpath,x", "-save-temps", "-ftime-trace",
            "-fmodules", "-fmodules-cache-path=/home/u", "/src/a.cpp"});
  EXPECT_THAT(Args, ElementsAre("clang++", "--no-default-config", "--",
                                "/src/a.cpp"));
}

TEST(CompileFlags, ResponseFilesAndOtherInputsAreDropped) {
  std::vector<std::string> Dropped;
  const auto Args = kept({"clang++", "@/dev/zero", "-D", "@fifo", "-I@x",
                          "other.cpp", "lib.o", "a.cpp"},
                         &Dropped);
  // "-I@x" is an include directory named "@x"; a separate "@fifo" value
  // would be read as a response file by clang's tool runner.
  EXPECT_THAT(Args, ElementsAre("clang++", "--no-default-config", "-I@x",
                                "--", "/src/a.cpp"));
  EXPECT_THAT(Dropped, IsSupersetOf({"@/dev/zero", "@fifo", "other.cpp",
                                     "lib.o"}));
}

TEST(CompileFlags, ACompilerNamedLikeAResponseFileIsReplaced) {
  EXPECT_THAT(kept({"@/dev/zero", "a.cpp"}),
              ElementsAre("clang++", "--no-default-config", "--", "/src/a.cpp"));
  EXPECT_THAT(kept({}),
              ElementsAre("clang++", "--no-default-config", "--", "/src/a.cpp"));
}

TEST(CompileFlags, LanguagesOtherThanCAndCppAreDropped) {
  for (const char *Language : {"hip", "cuda", "cl", "objective-c", "ir"})
    EXPECT_THAT(kept({"clang++", "-x", Language, "a.cpp"}), Not(Contains("-x")))
        << Language;
  EXPECT_THAT(kept({"clang++", "-x", "c++-header", "a.cpp"}),
              IsSupersetOf({"-x", "c++-header"}));
  EXPECT_THAT(kept({"clang++", "-std=cuda", "-std=c++17", "a.cpp"}),
              ElementsAre("clang++", "--no-default-config", "-std=c++17", "--",
                          "/src/a.cpp"));
  EXPECT_THAT(kept({"clang++", "--driver-mode=flang", "a.cpp"}),
              Not(Contains("--driver-mode=flang")));
}

TEST(CompileFlags, AFileNamedLikeAnOptionStaysAFile) {
  EXPECT_THAT(parsingArguments({"clang++", "--", "-oschema.cpp"},
                               "/src/-oschema.cpp", "/src"),
              ElementsAre("clang++", "--no-default-config", "--",
                          "/src/-oschema.cpp"));
}

TEST(CompileFlags, ClangClSpellingsAreKept) {
  EXPECT_THAT(kept({"clang-cl", "--driver-mode=cl", "/nologo", "/DWIN32",
                    "/Iinc", "/std:c++20", "/EHsc", "/MD", "/Zc:__cplusplus",
                    "/Fo:a.obj", "/FS", "/c", "a.cpp"}),
              ElementsAre("clang-cl", "--no-default-config", "--driver-mode=cl",
                          "/DWIN32", "/Iinc", "/std:c++20", "/EHsc", "/MD",
                          "/Zc:__cplusplus", "/c", "--", "/src/a.cpp"));
}

TEST(CompileFlags, FilteringTwiceChangesNothing) {
  const auto Once = kept({"g++", "-m32", "--target=x86_64-linux-gnu",
                          "-march=native", "-mavx2", "--sysroot=/sys",
                          "-nostdinc++", "-stdlib=libc++", "-o", "x", "a.cpp"});
  EXPECT_EQ(kept(Once), Once);
}

} // namespace
} // namespace tablelint
