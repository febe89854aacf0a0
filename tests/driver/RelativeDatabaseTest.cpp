// Compile databases as build tools other than CMake write them: relative
// "directory" and "file" entries give the findings absolute ones give, on
// every run with parallel workers; relative -o paths land where the user
// ran the command; an entry whose directory does not exist, or a database
// that is not JSON, is a positioned error and the rest of the run goes on.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <filesystem>
#include <functional>
#include <ostream>
#include <set>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

// Each unit scans the table on its line 4 and calls the shared header's
// scan (include/Catalog.h, line 5).
const char *CatalogHeader = R"(#pragma once
#include <azure/data/tables.hpp>
inline void reindexCatalog(Azure::Data::Tables::TableClient const &t) {
  // every product
  t.QueryEntities();
}
)";

std::string unitSource(int I) {
  return "#include \"Catalog.h\"\nvoid unit" + std::to_string(I) +
         "(Azure::Data::Tables::TableClient const &t) {\n  reindexCatalog(t);\n"
         "  t.QueryEntities();\n}\n";
}

constexpr int Units = 6;

// src/, include/ and build/compile_commands.json, as a Makefile project
// with a hand-written or generated database has them.
class RelativeLayout : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("include/Catalog.h", CatalogHeader);
    for (int I = 0; I < Units; ++I)
      P.write("src/unit" + std::to_string(I) + ".cpp", unitSource(I));
    fs::create_directories(P.Dir + "/build");
  }
  // Entries with Directory, and each file named as File(I) with -I Include.
  void database(const std::string &Directory,
                const std::function<std::string(int)> &File,
                const std::string &Include) {
    std::string Json = "[\n";
    for (int I = 0; I < Units; ++I)
      Json += std::string(I ? ",\n" : "") + "  {\"directory\": \"" + Directory +
              "\", \"file\": \"" + File(I) +
              "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
              Include + "\", \"-isystem\", \"" + mockIncludes() +
              "\", \"-c\", \"" + File(I) + "\"]}";
    P.write("build/compile_commands.json", Json + "\n]\n");
  }
  Project P;
};

std::string name(int I) { return "unit" + std::to_string(I) + ".cpp"; }

// A layout of the database: "directory" relative to the database's
// directory, "file" relative to "directory"; then a relative file in an
// absolute directory. One test each, so that each stays well inside the
// test timeout on a loaded machine.
struct LayoutCase {
  const char *Name;
  const char *Directory; // "@" stands for the project's build directory
  const char *FilePrefix;
  const char *Include;
};
void PrintTo(const LayoutCase &C, std::ostream *Out) { *Out << C.Name; }

class RelativeEntries : public RelativeLayout,
                        public ::testing::WithParamInterface<LayoutCase> {};

TEST_P(RelativeEntries, GiveTheFindingsOfAbsoluteOnes) {
  database(
      P.Dir + "/build", [&](int I) { return P.Dir + "/src/" + name(I); },
      P.Dir + "/include");
  ToolResult Absolute = P.lint({"--format", "json", "-p", "build", "src"});
  ASSERT_EQ(Absolute.ExitCode, 1) << Absolute.Err;
  std::multiset<std::pair<std::string, long>> Places;
  auto Doc = llvm::json::parse(Absolute.Out);
  ASSERT_TRUE(bool(Doc)) << Absolute.Out;
  for (const llvm::json::Value &V : *Doc->getAsObject()->getArray("findings"))
    Places.emplace(V.getAsObject()->getString("path")->str(),
                   *V.getAsObject()->getInteger("line"));
  std::multiset<std::pair<std::string, long>> Expected = {
      {"include/Catalog.h", 5}};
  for (int I = 0; I < Units; ++I)
    Expected.emplace("src/" + name(I), 4);
  ASSERT_EQ(Places, Expected);

  const LayoutCase &C = GetParam();
  const std::string Directory =
      std::string(C.Directory) == "@" ? P.Dir + "/build" : C.Directory;
  database(
      Directory, [&](int I) { return C.FilePrefix + name(I); }, C.Include);
  // Several runs with parallel workers (the default and more): the
  // workers' working directories once raced.
  for (const char *Jobs : {"", "4", "3"}) {
    std::vector<std::string> Args = {"--format", "json", "-p", "build", "src"};
    if (*Jobs)
      Args.insert(Args.end(), {"-j", Jobs});
    ToolResult R = P.lint(Args);
    EXPECT_EQ(R.ExitCode, 1) << "-j " << Jobs << ": " << R.Err;
    EXPECT_EQ(R.Out, Absolute.Out) << "-j " << Jobs;
    EXPECT_THAT(R.Err, Not(HasSubstr("does not compile")));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, RelativeEntries,
    ::testing::Values(LayoutCase{"DirectoryUpFileUnderIt", "..", "src/", "include"},
                      LayoutCase{"DirectoryHereFileUp", ".", "../src/", "../include"},
                      LayoutCase{"AbsoluteDirectoryRelativeFile", "@", "../src/",
                                 "../include"}),
    [](const ::testing::TestParamInfo<LayoutCase> &I) { return I.param.Name; });

TEST_F(RelativeLayout, RelativeOutputPathsLandWhereTheCommandRan) {
  database(
      "..", [](int I) { return "src/" + name(I); }, "include");
  fs::create_directories(P.Dir + "/reports");
  for (int Run = 0; Run < 3; ++Run) {
    ToolResult R = P.lint({"--format", "sarif", "-o", "reports/lint.sarif",
                           "--write-baseline", "reports/baseline.json", "-p",
                           "build", "src"});
    // The findings were just accepted into the baseline: exit 0.
    EXPECT_EQ(R.ExitCode, 0) << R.Err;
    EXPECT_TRUE(fs::exists(P.Dir + "/reports/lint.sarif")) << "run " << Run;
    EXPECT_TRUE(fs::exists(P.Dir + "/reports/baseline.json")) << "run " << Run;
    EXPECT_FALSE(fs::exists(P.Dir + "/build/reports")) << "run " << Run;
    fs::remove(P.Dir + "/reports/lint.sarif");
    fs::remove(P.Dir + "/reports/baseline.json");
  }
}

TEST_F(RelativeLayout, AMissingDirectoryIsAnErrorAtItsEntryAndTheRestGoesOn) {
  P.write("build/compile_commands.json",
          "[\n  {\"directory\": \"" + P.Dir +
              "\", \"file\": \"src/unit0.cpp\",\n"
              "   \"arguments\": [\"clang++\", \"-std=c++17\", \"-Iinclude\", "
              "\"-isystem\", \"" +
              mockIncludes() +
              "\", \"-c\", \"src/unit0.cpp\"]},\n"
              "  {\"directory\": \"" +
              P.Dir + "/gone\", \"file\": \"" + P.Dir +
              "/src/unit1.cpp\",\n   \"arguments\": [\"clang++\", \"-c\", "
              "\"unit1.cpp\"]}\n]\n");
  ToolResult R = P.lint({"-p", "build", "src/unit0.cpp", "src/unit1.cpp"});
  EXPECT_EQ(R.ExitCode, 2) << R.Err;
  EXPECT_THAT(R.Err, HasSubstr(
                               "build/compile_commands.json:4:3: error: "
                               "the \"directory\" of the entry for " +
                               P.Dir + "/src/unit1.cpp does not exist: " +
                               P.Dir + "/gone"));
  // unit0 was analysed: its scan and the header's are reported.
  EXPECT_THAT(R.Out, HasSubstr("src/unit0.cpp:4:5: warning"));
  EXPECT_THAT(R.Out, HasSubstr("include/Catalog.h:5:5: warning"));
  EXPECT_THAT(R.Err, Not(HasSubstr("not in the compilation database")));
}

TEST_F(RelativeLayout, AGarbageDatabaseIsAnErrorInPrintableText) {
  std::string Garbage = "\x7f"
                        "ELF\x02\x01\x01";
  for (int I = 0; I < 64; ++I)
    Garbage += static_cast<char>(0x80 + I);
  Garbage += "\x1b[31m\n[{\"a\": \xff}]";
  P.write("build/compile_commands.json", Garbage);
  ToolResult R = P.lint({"-p", "build", "src/unit0.cpp"});
  EXPECT_EQ(R.ExitCode, 2);
  // At the first byte that is not UTF-8, where the JSON reader stopped.
  EXPECT_THAT(R.Err,
              HasSubstr("build/compile_commands.json:1:7: error: "
                                "not a compilation database (invalid JSON: "
                                "Invalid UTF-8 sequence)"));
  for (unsigned char C : R.Err)
    EXPECT_TRUE(C == '\n' || (C >= 0x20 && C < 0x7f))
        << "byte 0x" << std::hex << static_cast<int>(C) << " on stderr";

  // Nesting no compile database has is refused before it is parsed.
  P.write("build/compile_commands.json",
          std::string(100000, '[') + std::string(100000, ']'));
  ToolResult Deep = P.lint({"-p", "build", "src/unit0.cpp"});
  EXPECT_EQ(Deep.ExitCode, 2);
  EXPECT_THAT(Deep.Err,
              HasSubstr("compile_commands.json:1:33: error: not a "
                        "compilation database (nested deeper than 32"));
}

} // namespace
} // namespace tablelint::test
