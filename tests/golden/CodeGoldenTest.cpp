// The golden runner for the code checks. Every file under test-inputs/code/
// (but include/) carries its expected findings inline, next to the code
// they are about:
//
//   client.QueryEntities(o); // expect: tablelint-table-scan
//   client.QueryEntities(o); // expect: tablelint-invalid-filter:39 "startswith"
//   // expect@+1: tablelint-table-scan
//   client.QueryEntities(o); // ok: tablelint-partition-scan (why it is fine)
//
// `expect` names a check, optionally a column and a substring of the
// message; `expect@+N`/`expect@-N` is about the line N below/above. `ok`
// marks a good case: that check must stay silent on that line. Each file is
// run through the real tablelint binary and through the real clang-tidy-19
// with the plugin loaded: both must report exactly the expected findings,
// and the same ones.
//
// A project header next to an input (`#include "wrapper.h"`, not the SDK
// mocks under include/, which are system headers as an installed SDK is)
// carries annotations too: its findings are expected in every input that
// includes it, reported at the header's lines, by both runners (tablelint's
// default header filter and clang-tidy's --header-filter).
#include "tests/support/RunTool.h"

#include "core/AtomicFile.h"
#include "core/RuleCatalog.h"
#include "tests/support/TestNames.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace tablelint::test {
namespace {

namespace fs = std::filesystem;

const fs::path InputRoot = fs::path(TABLELINT_SOURCE_DIR) / "test-inputs" / "code";

struct Finding {
  std::string File; // the file name, without directories
  unsigned Line = 0;
  unsigned Column = 0;
  std::string Check;
  std::string Message;
  bool operator<(const Finding &O) const {
    return std::tie(File, Line, Column, Check, Message) <
           std::tie(O.File, O.Line, O.Column, O.Check, O.Message);
  }
  bool operator==(const Finding &O) const {
    return File == O.File && Line == O.Line && Column == O.Column &&
           Check == O.Check && Message == O.Message;
  }
};

std::ostream &operator<<(std::ostream &OS, const Finding &F) {
  return OS << F.File << ":" << F.Line << ":" << F.Column << " [" << F.Check
            << "] " << F.Message;
}

struct Expectation {
  std::string File;
  unsigned Line = 0;
  std::string Check;
  unsigned Column = 0; // 0: any
  std::string MessagePart;
};

struct Annotations {
  std::vector<Expectation> Expected;
  struct Good {
    std::string File;
    unsigned Line;
    std::string Check;
  };
  std::vector<Good> Ok;
};

Annotations readAnnotations(const std::string &Text, const std::string &File) {
  Annotations A;
  static const std::regex Expect(
      R"(//\s*expect(@[+-]\d+)?:\s*(.*)$)");
  static const std::regex Item(
      R"(\s*(tablelint-[a-z0-9-]+)(:(\d+))?(\s+\"([^\"]*)\")?\s*,?)");
  static const std::regex OkRe(R"(//\s*ok:\s*(tablelint-[a-z0-9-]+))");
  std::istringstream In(Text);
  std::string Line;
  unsigned N = 0;
  while (std::getline(In, Line)) {
    ++N;
    std::smatch M;
    if (std::regex_search(Line, M, Expect)) {
      const int Delta = M[1].matched ? std::stoi(M[1].str().substr(1)) : 0;
      std::string Rest = M[2].str();
      std::smatch I;
      while (std::regex_search(Rest, I, Item) && I.position(0) == 0 &&
             I.length(0) > 0) {
        Expectation E;
        E.File = File;
        E.Line = static_cast<unsigned>(static_cast<int>(N) + Delta);
        E.Check = I[1].str();
        E.Column = I[3].matched ? static_cast<unsigned>(std::stoul(I[3].str())) : 0;
        E.MessagePart = I[5].matched ? I[5].str() : "";
        A.Expected.push_back(E);
        Rest = I.suffix().str();
      }
    }
    for (auto It = std::sregex_iterator(Line.begin(), Line.end(), OkRe);
         It != std::sregex_iterator(); ++It)
      A.Ok.push_back({File, N, (*It)[1].str()});
  }
  return A;
}

// Findings in Files (names without directories) from clang-format
// diagnostics in Output ("file:line:col: level: message [check]"; a note
// level finding is a "remark" in clang-tidy's output); other files' lines
// are errors.
std::vector<Finding> parseFindings(const std::string &Output,
                                   const std::set<std::string> &Files,
                                   std::vector<std::string> &Foreign) {
  static const std::regex Diag(
      R"(^(.*):(\d+):(\d+): (warning|note|remark|error): (.*) \[([a-z0-9-]+)\]$)");
  std::vector<Finding> Out;
  std::istringstream In(Output);
  std::string Line;
  while (std::getline(In, Line)) {
    std::smatch M;
    if (!std::regex_match(Line, M, Diag))
      continue;
    if (M[6].str().rfind("tablelint-", 0) != 0) {
      Foreign.push_back(Line); // a compiler diagnostic: the input is broken
      continue;
    }
    const std::string Name = fs::path(M[1].str()).filename().string();
    if (!Files.count(Name)) {
      Foreign.push_back(Line);
      continue;
    }
    Out.push_back({Name, static_cast<unsigned>(std::stoul(M[2].str())),
                   static_cast<unsigned>(std::stoul(M[3].str())), M[6].str(),
                   M[5].str()});
  }
  std::sort(Out.begin(), Out.end());
  return Out;
}

// The mocks come in as an installed SDK does: as system headers.
std::vector<std::string> compilerFlags() {
  return {"-std=c++17", "-isystem", (InputRoot / "include").string()};
}

// The project headers an input includes with quotes, found next to it,
// and theirs in turn.
std::vector<fs::path> projectHeaders(const fs::path &Source) {
  static const std::regex Include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<fs::path> Out;
  std::vector<fs::path> Work = {Source};
  while (!Work.empty()) {
    const fs::path File = Work.back();
    Work.pop_back();
    const auto Text = readFile(File.string());
    if (!Text)
      continue;
    std::istringstream In(*Text);
    for (std::string Line; std::getline(In, Line);) {
      std::smatch M;
      if (!std::regex_search(Line, M, Include))
        continue;
      const fs::path Header =
          (File.parent_path() / M[1].str()).lexically_normal();
      if (fs::exists(Header) &&
          std::find(Out.begin(), Out.end(), Header) == Out.end()) {
        Out.push_back(Header);
        Work.push_back(Header);
      }
    }
  }
  return Out;
}

std::vector<std::string> inputFiles() {
  std::vector<std::string> Files;
  for (const auto &E : fs::recursive_directory_iterator(InputRoot)) {
    if (!E.is_regular_file() || E.path().extension() != ".cpp")
      continue;
    const std::string Rel = fs::relative(E.path(), InputRoot).string();
    if (Rel.rfind("include/", 0) == 0)
      continue;
    Files.push_back(Rel);
  }
  std::sort(Files.begin(), Files.end());
  return Files;
}

class CodeGolden : public ::testing::TestWithParam<std::string> {};

TEST_P(CodeGolden, FindingsMatchAnnotationsInBothRunners) {
  const std::string Path = (InputRoot / GetParam()).string();
  const auto Text = readFile(Path);
  ASSERT_TRUE(Text) << Path;
  Annotations A = readAnnotations(*Text, fs::path(Path).filename().string());
  std::set<std::string> Files = {fs::path(Path).filename().string()};
  for (const fs::path &Header : projectHeaders(Path)) {
    const auto HeaderText = readFile(Header.string());
    ASSERT_TRUE(HeaderText) << Header;
    const Annotations H =
        readAnnotations(*HeaderText, Header.filename().string());
    A.Expected.insert(A.Expected.end(), H.Expected.begin(), H.Expected.end());
    Files.insert(Header.filename().string());
  }

  std::vector<std::string> LintArgs = {"lint", "--fail-on", "never", Path, "--"};
  for (const std::string &F : compilerFlags())
    LintArgs.push_back(F);
  const ToolResult Lint = runTablelint(LintArgs);
  EXPECT_EQ(Lint.ExitCode, 0) << Lint.Err;
  std::vector<std::string> Foreign;
  const std::vector<Finding> FromLint = parseFindings(Lint.Out, Files, Foreign);
  parseFindings(Lint.Err, Files, Foreign);

  // System headers stay excluded; every project header is reported.
  std::vector<std::string> TidyArgs = {"--load=" TABLELINT_PLUGIN,
                                       "--checks=-*,tablelint-*", "--quiet",
                                       "--header-filter=.*", Path, "--"};
  for (const std::string &F : compilerFlags())
    TidyArgs.push_back(F);
  const ToolResult Tidy = runProgram(TABLELINT_CLANG_TIDY, TidyArgs);
  EXPECT_EQ(Tidy.ExitCode, 0) << Tidy.Err;
  const std::vector<Finding> FromTidy = parseFindings(Tidy.Out, Files, Foreign);

  for (const std::string &F : Foreign)
    ADD_FAILURE() << "diagnostic outside the expectations: " << F;

  // 1. The plugin and the CLI report the same findings.
  EXPECT_EQ(FromLint, FromTidy) << "tablelint lint and clang-tidy --load differ";

  // 2. Every expectation is met, exactly once.
  std::vector<bool> Used(FromLint.size(), false);
  for (const Expectation &E : A.Expected) {
    bool Met = false;
    for (std::size_t I = 0; I < FromLint.size(); ++I) {
      const Finding &F = FromLint[I];
      if (Used[I] || F.File != E.File || F.Line != E.Line ||
          F.Check != E.Check ||
          (E.Column && F.Column != E.Column) ||
          F.Message.find(E.MessagePart) == std::string::npos)
        continue;
      Used[I] = Met = true;
      break;
    }
    EXPECT_TRUE(Met) << GetParam() << ": " << E.File << ":" << E.Line
                     << ": expected "
                     << E.Check << (E.Column ? ":" + std::to_string(E.Column) : "")
                     << (E.MessagePart.empty() ? "" : " \"" + E.MessagePart + "\"")
                     << ", not reported";
  }
  // 3. Nothing else is reported (good cases stay silent).
  for (std::size_t I = 0; I < FromLint.size(); ++I)
    EXPECT_TRUE(Used[I]) << GetParam() << ": " << FromLint[I]
                         << " is reported but not expected";
}

// The checks analyse only the project's code: when tablelint's checks run
// alone, the AST traversal skips system headers (checks/code/model/
// ProjectScope.h); when clang-tidy runs other checks too, the whole TU is
// traversed so that those checks see what they always saw. Both ways give
// the same tablelint findings.
TEST_P(CodeGolden, SameFindingsNextToOtherClangTidyChecks) {
  const std::string Path = (InputRoot / GetParam()).string();
  auto Plugin = [&](const std::string &Checks) {
    std::vector<std::string> Args = {"--load=" TABLELINT_PLUGIN,
                                     "--checks=" + Checks, "--quiet",
                                     "--header-filter=.*", Path, "--"};
    for (const std::string &F : compilerFlags())
      Args.push_back(F);
    const ToolResult R = runProgram(TABLELINT_CLANG_TIDY, Args);
    EXPECT_EQ(R.ExitCode, 0) << R.Err;
    std::vector<std::string> Lines;
    std::istringstream In(R.Out);
    for (std::string Line; std::getline(In, Line);)
      if (Line.find(" [tablelint-") != std::string::npos)
        Lines.push_back(Line);
    std::sort(Lines.begin(), Lines.end());
    return Lines;
  };
  const std::vector<std::string> Alone = Plugin("-*,tablelint-*");
  EXPECT_EQ(Alone, Plugin("-*,tablelint-*,misc-unused-alias-decls"));
  EXPECT_EQ(Alone, Plugin("-*,tablelint-*,clang-analyzer-core.DivideZero"));
}

INSTANTIATE_TEST_SUITE_P(
    Inputs, CodeGolden, ::testing::ValuesIn(inputFiles()),
    [](const ::testing::TestParamInfo<std::string> &Info) {
      return testNameOf(Info.param);
    });

// Every code rule has bad cases (expect) and good cases (ok) in the inputs,
// at least three of each.
TEST(CodeGoldenCoverage, EveryImplementedCodeRuleHasThreeBadAndThreeGoodCases) {
  std::map<std::string, unsigned> Bad, Good;
  std::set<fs::path> Read;
  auto Count = [&](const fs::path &File) {
    if (!Read.insert(File).second)
      return;
    const auto Text = readFile(File.string());
    ASSERT_TRUE(Text) << File;
    const Annotations A = readAnnotations(*Text, File.filename().string());
    for (const Expectation &E : A.Expected)
      ++Bad[E.Check];
    for (const Annotations::Good &G : A.Ok)
      ++Good[G.Check];
  };
  for (const std::string &Rel : inputFiles()) {
    Count(InputRoot / Rel);
    for (const fs::path &Header : projectHeaders(InputRoot / Rel))
      Count(Header);
  }
  // The rules whose code detector exists: listed by the plugin itself.
  const ToolResult R = runProgram(
      TABLELINT_CLANG_TIDY,
      {"--load=" TABLELINT_PLUGIN, "--checks=-*,tablelint-*", "--list-checks"});
  ASSERT_EQ(R.ExitCode, 0) << R.Err;
  std::istringstream In(R.Out);
  std::string Line;
  unsigned Rules = 0;
  while (std::getline(In, Line)) {
    Line.erase(0, Line.find_first_not_of(' '));
    if (Line.rfind("tablelint-", 0) != 0)
      continue;
    ++Rules;
    EXPECT_GE(Bad[Line], 3u) << Line << " has fewer than 3 bad cases";
    EXPECT_GE(Good[Line], 3u) << Line << " has fewer than 3 good cases";
    const Rule *Entry = builtinCatalog().find(Line.substr(10));
    ASSERT_NE(Entry, nullptr) << Line << " is not in the catalog";
    EXPECT_TRUE(Entry->detectedIn(Detector::Code))
        << Line << " runs on code but its catalog entry does not say so";
  }
  EXPECT_GT(Rules, 0u);
}

} // namespace
} // namespace tablelint::test
