// The golden runner for the schema checks. Every file under
// test-inputs/schemas/checks/ is a schema named after the rule it is about,
// with its expected findings inline, on the line each is reported at:
//
//   partitionKey: "{readingTime:yyyyMMdd}"   # expect: time-based-partition-key
//   - {name: q, filter: "..."}   # expect: table-scan "reads every",
//   partition-scan
//   - {name: ok, rate: 1/s}      # ok: partition-throughput (why it is fine)
//
// `expect` lists rule ids, each optionally with :column and a quoted part
// of the message; `ok` marks a good case, where that rule must stay silent.
// The rules named by a file's annotations are checked exactly (every
// finding of theirs must be expected); others are left to their own files.
// A line "# option: account-count MaxAccountsPerRegion=3" sets a
// threshold by its catalog name for the file.
// Each file must hold at least three bad and three good cases of the rule
// it is named after.
#include "checks/schema/SchemaLint.h"

#include "core/AtomicFile.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace tablelint::schema {
namespace {

namespace fs = std::filesystem;

const fs::path InputRoot =
    fs::path(TABLELINT_SOURCE_DIR) / "test-inputs" / "schemas" / "checks";

struct Expectation {
  unsigned Line = 0;
  std::string Rule;
  unsigned Column = 0; // 0: any
  std::string MessagePart;
};

struct Annotations {
  std::vector<Expectation> Expected;
  std::vector<std::pair<unsigned, std::string>> Ok;
  std::set<std::string> Rules;
};

Annotations readAnnotations(const std::string &Text) {
  Annotations A;
  static const std::regex ExpectRe(R"(#\s*expect:\s*(.*)$)");
  static const std::regex ItemRe(
      R"(\s*([a-z0-9-]+)(:(\d+))?(\s+\"([^\"]*)\")?\s*,?)");
  static const std::regex OkRe(R"(#\s*ok:\s*([a-z0-9-]+))");
  std::istringstream In(Text);
  std::string Line;
  unsigned N = 0;
  while (std::getline(In, Line)) {
    ++N;
    std::smatch M;
    if (std::regex_search(Line, M, ExpectRe)) {
      std::string Items = M[1];
      std::smatch I;
      while (std::regex_search(Items, I, ItemRe) && I.position(0) == 0 &&
             I.length(0) > 0) {
        Expectation E;
        E.Line = N;
        E.Rule = I[1];
        if (I[3].matched)
          E.Column = static_cast<unsigned>(std::stoul(I[3]));
        E.MessagePart = I[5];
        A.Expected.push_back(E);
        A.Rules.insert(E.Rule);
        Items = I.suffix();
      }
    } else if (std::regex_search(Line, M, OkRe)) {
      A.Ok.push_back({N, M[1]});
      A.Rules.insert(M[1]);
    }
  }
  return A;
}

std::vector<fs::path> inputFiles() {
  std::vector<fs::path> Files;
  for (const auto &E : fs::directory_iterator(InputRoot))
    if (E.path().extension() == ".yaml")
      Files.push_back(E.path());
  std::sort(Files.begin(), Files.end());
  return Files;
}

class SchemaChecksGolden : public testing::TestWithParam<fs::path> {};

TEST_P(SchemaChecksGolden, FindingsMatchTheAnnotations) {
  const fs::path File = GetParam();
  const std::optional<std::string> Text = readFile(File.string());
  ASSERT_TRUE(Text);
  const Annotations A = readAnnotations(*Text);
  const std::string Rule = File.stem().string();

  // At least three bad and three good cases of the file's rule.
  unsigned Bad = 0, Good = 0;
  for (const Expectation &E : A.Expected)
    Bad += E.Rule == Rule;
  for (const auto &[Line, R] : A.Ok)
    Good += R == Rule;
  EXPECT_GE(Bad, 3u) << File << ": fewer than 3 bad cases of " << Rule;
  EXPECT_GE(Good, 3u) << File << ": fewer than 3 good cases of " << Rule;

  // "# option: rule Option=value" sets a threshold (to keep cases short).
  SchemaCheckOptions Options = defaultSchemaCheckOptions();
  static const std::regex OptionRe(R"(#\s*option:\s*([a-z-]+)\s+(\w+)=(\S+))");
  for (std::sregex_iterator It(Text->begin(), Text->end(), OptionRe), End;
       It != End; ++It) {
    std::string Error;
    EXPECT_TRUE(applySchemaCheckOption(Options, (*It)[1].str(), (*It)[2].str(),
                                       (*It)[3].str(), Error))
        << File << ": option " << (*It)[0] << " " << Error;
  }
  const SchemaLintResult R =
      lintSchemaText(*Text, File.filename().string(), Options);
  for (const InputError &E : R.Errors)
    ADD_FAILURE() << E.str();

  // TABLELINT_GOLDEN_VERBOSE=1 prints every finding, to write annotations.
  if (std::getenv("TABLELINT_GOLDEN_VERBOSE"))
    for (const Finding &F : R.Findings)
      std::cout << File.filename().string() << ":" << F.Line << ":" << F.Column
                << ": [" << F.RuleId << "] " << F.Message << "\n";
  std::vector<bool> Matched(A.Expected.size(), false);
  for (const Finding &F : R.Findings) {
    if (!A.Rules.count(F.RuleId))
      continue;
    bool Found = false;
    for (std::size_t I = 0; I < A.Expected.size() && !Found; ++I) {
      const Expectation &E = A.Expected[I];
      if (Matched[I] || E.Line != F.Line || E.Rule != F.RuleId ||
          (E.Column && E.Column != F.Column) ||
          F.Message.find(E.MessagePart) == std::string::npos)
        continue;
      Matched[I] = Found = true;
    }
    EXPECT_TRUE(Found) << File.filename().string() << ":" << F.Line << ":"
                       << F.Column << ": unexpected " << F.RuleId << ": "
                       << F.Message;
  }
  for (std::size_t I = 0; I < A.Expected.size(); ++I)
    EXPECT_TRUE(Matched[I])
        << File.filename().string() << ":" << A.Expected[I].Line
        << ": expected " << A.Expected[I].Rule
        << (A.Expected[I].MessagePart.empty()
                ? ""
                : " \"" + A.Expected[I].MessagePart + "\"")
        << " was not reported";
}

INSTANTIATE_TEST_SUITE_P(Files, SchemaChecksGolden,
                         testing::ValuesIn(inputFiles()),
                         [](const testing::TestParamInfo<fs::path> &Info) {
                           std::string Name = Info.param.stem().string();
                           for (char &C : Name)
                             if (!std::isalnum(static_cast<unsigned char>(C)))
                               C = '_';
                           return Name;
                         });

// Every schema rule has its annotated file.
TEST(SchemaChecksGolden, EveryRuleHasAnInputFile) {
  for (const SchemaCheck &C : schemaCheckRegistry())
    EXPECT_TRUE(fs::exists(InputRoot / (std::string(C.RuleId) + ".yaml")))
        << "no test-inputs/schemas/checks/" << C.RuleId << ".yaml";
}

} // namespace
} // namespace tablelint::schema
