// A header named on the command line (what the pre-commit hook passes for a
// commit that changes one): analysed through a source of the compile
// database that includes it, reporting the header's findings only, under
// the header rules (--header-filter), the source named after the header
// preferred; a header nothing includes is a note.
#include "tests/support/LintProject.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
namespace json = llvm::json;

// A scan on line 4, column 5; the SDK comes from the includer.
const char *StoreHeader =
    "#pragma once\n"
    "namespace store {\n"
    "inline void all(Azure::Data::Tables::TableClient const &t) {\n"
    "  t.QueryEntities();\n"
    "}\n"
    "}\n";

class HeaderInput : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("include/Store.h", StoreHeader);
    P.write("include/Unused.h", StoreHeader);
    // Sorted before Store.cpp and including the header too, but it does
    // not compile: analysed through it, the run would fail with exit 2.
    P.write("src/Aardvark.cpp", "#include <azure/data/tables.hpp>\n"
                                "#include \"Store.h\"\n"
                                "int broken() { return missing; }\n");
    P.write("src/Store.cpp",
            "#include <azure/data/tables.hpp>\n"
            "#include \"Store.h\"\n"
            "void own(Azure::Data::Tables::TableClient const &t) {\n"
            "  t.QueryEntities();\n"
            "}\n");
    std::string Json = "[\n";
    for (const char *File : {"src/Aardvark.cpp", "src/Store.cpp"})
      Json += std::string(Json.size() > 2 ? ",\n" : "") +
              "  {\"directory\": \"" + P.Dir + "/build\", \"file\": \"../" +
              File + "\", \"arguments\": [\"clang++\", \"-std=c++17\", \"-I" +
              mockIncludes() + "\", \"-I../include\", \"-c\", \"../" + File +
              "\"]}";
    P.write("build/compile_commands.json", Json + "\n]\n");
  }

  // (path, line) of each finding of a JSON report.
  static std::vector<std::pair<std::string, int64_t>>
  places(const ToolResult &R) {
    std::vector<std::pair<std::string, int64_t>> Out;
    auto Doc = json::parse(R.Out);
    EXPECT_TRUE(bool(Doc)) << R.Out;
    if (!Doc || !Doc->getAsObject() ||
        !Doc->getAsObject()->getArray("findings"))
      return Out;
    for (const json::Value &V : *Doc->getAsObject()->getArray("findings"))
      Out.push_back({V.getAsObject()->getString("path")->str(),
                     *V.getAsObject()->getInteger("line")});
    return Out;
  }

  Project P;
};

TEST_F(HeaderInput, TheHeadersFindingsThroughTheSourceNamedAfterIt) {
  ToolResult R = P.lint({"--format", "json", "-p", "build", "include/Store.h"});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(places(R), (std::vector<std::pair<std::string, int64_t>>{
                           {"include/Store.h", 4}}));
  EXPECT_THAT(R.Err, Not(HasSubstr("does not compile")));
}

TEST_F(HeaderInput, NamedWithItsSourceEveryFindingOnce) {
  ToolResult R = P.lint(
      {"--format", "json", "-p", "build", "include/Store.h", "src/Store.cpp"});
  EXPECT_EQ(R.ExitCode, 1) << R.Out << R.Err;
  EXPECT_EQ(places(R), (std::vector<std::pair<std::string, int64_t>>{
                           {"include/Store.h", 4}, {"src/Store.cpp", 4}}));
}

TEST_F(HeaderInput, TheHeaderFilterStillDecides) {
  ToolResult R = P.lint({"--format", "json", "-p", "build", "--header-filter",
                         "/vendor/", "include/Store.h"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_TRUE(places(R).empty()) << R.Out;
}

TEST_F(HeaderInput, AHeaderNothingIncludesIsANote) {
  ToolResult R = P.lint({"-p", "build", "include/Unused.h"});
  EXPECT_EQ(R.ExitCode, 0) << R.Out << R.Err;
  EXPECT_THAT(R.Out + R.Err,
              HasSubstr("include/Unused.h: note: no translation unit of the "
                        "compilation database"));
  EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("warning:")));
}

} // namespace
} // namespace tablelint::test
