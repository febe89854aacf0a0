// SARIF rule metadata for GitHub code scanning: helpUri leads to the rule's
// page (a published base URL from --rules-url or .tablelint.yaml, else the
// pages that come with the binary; never an address that leads nowhere),
// and the security rules carry a security-severity score.
#include "tests/support/LintProject.h"
#include "tests/support/SarifValidation.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

#include <filesystem>
#include <map>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::StartsWith;
namespace json = llvm::json;

// rule id -> its tool.driver.rules entry, from a SARIF file of P.
struct SarifRules {
  json::Value Log = nullptr;
  std::map<std::string, const json::Object *> ById;
  const json::Object *Driver = nullptr;
};

SarifRules readRules(const Project &P, const std::string &File) {
  SarifRules Out;
  auto Parsed = json::parse(P.read(File));
  EXPECT_TRUE(bool(Parsed));
  if (!Parsed)
    return Out;
  Out.Log = std::move(*Parsed);
  const json::Object &Run =
      *(*Out.Log.getAsObject()->getArray("runs"))[0].getAsObject();
  Out.Driver = Run.getObject("tool")->getObject("driver");
  for (const json::Value &R : *Out.Driver->getArray("rules"))
    Out.ById[R.getAsObject()->getString("id")->str()] = R.getAsObject();
  return Out;
}

std::string helpUri(const SarifRules &S, const std::string &Id) {
  auto It = S.ById.find(Id);
  if (It == S.ById.end())
    return "<no rule " + Id + ">";
  auto Uri = It->second->getString("helpUri");
  return Uri ? Uri->str() : "<no helpUri>";
}

class SarifRulesTest : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("src/scan.cpp", ScanSource);
    P.database({"src/scan.cpp"});
  }
  SarifRules lint(std::vector<std::string> Args) {
    Args.insert(Args.end(), {"--format", "sarif", "-o", "out.sarif", "src"});
    ToolResult R = P.lint(Args);
    EXPECT_EQ(R.ExitCode, 1) << R.Err;
    EXPECT_THAT(sarifValidationErrors(P.Dir + "/out.sarif"), IsEmpty());
    return readRules(P, "out.sarif");
  }
  Project P;
};

TEST_F(SarifRulesTest, ByDefaultHelpUriIsTheRulePageThatShipsWithTheBinary) {
  SarifRules S = lint({});
  const std::string Uri = helpUri(S, "table-scan");
  ASSERT_THAT(Uri, StartsWith("file:///"));
  EXPECT_THAT(Uri, ::testing::EndsWith("/docs/rules/table-scan.md"));
  // The page is there (the test binary runs from the build tree, so these
  // are the source tree's generated pages).
  EXPECT_TRUE(std::filesystem::is_regular_file(Uri.substr(7))) << Uri;
  EXPECT_EQ(S.Driver->getString("informationUri"),
            Uri.substr(0, Uri.rfind('/')) + "/README.md");
  for (const auto &[Id, Rule] : S.ById)
    EXPECT_TRUE(std::filesystem::is_regular_file(helpUri(S, Id).substr(7)))
        << Id;
}

TEST_F(SarifRulesTest, RulesUrlOnTheCommandLineWins) {
  P.write(".tablelint.yaml",
          "sarif:\n  rules-url: https://config.example.com/rules\n");
  SarifRules S = lint(
      {"--rules-url", "https://docs.example.org/tablelint/v0.1/docs/rules/"});
  EXPECT_EQ(helpUri(S, "table-scan"),
            "https://docs.example.org/tablelint/v0.1/docs/rules/table-scan.md");
  EXPECT_EQ(S.Driver->getString("informationUri"),
            "https://docs.example.org/tablelint/v0.1/docs/rules/README.md");
}

TEST_F(SarifRulesTest, RulesUrlFromTheRepositorysConfiguration) {
  P.write(".tablelint.yaml",
          "sarif:\n  rules-url: https://config.example.com/rules\n");
  SarifRules S = lint({});
  EXPECT_EQ(helpUri(S, "partition-scan"),
            "https://config.example.com/rules/partition-scan.md");
}

TEST_F(SarifRulesTest, ARelativeRulesUrlIsAnError) {
  ToolResult Cli =
      P.lint({"--rules-url", "docs/rules", "--format", "sarif", "src"});
  EXPECT_EQ(Cli.ExitCode, 2);
  EXPECT_THAT(Cli.Err, HasSubstr("'--rules-url' must be an absolute URI"));
  EXPECT_EQ(Cli.Out, "");
  P.write(".tablelint.yaml", "sarif:\n  rules-url: docs/rules\n");
  ToolResult Config = P.lint({"--format", "sarif", "src"});
  EXPECT_EQ(Config.ExitCode, 2);
  EXPECT_THAT(Config.Err, HasSubstr(".tablelint.yaml:2:14: error: "
                                            "'sarif.rules-url' must be an "
                                            "absolute URI"));
}

TEST_F(SarifRulesTest, SecurityRulesCarryASecuritySeverity) {
  SarifRules S = lint({});
  auto Properties = [&](const std::string &Id) {
    return S.ById.at(Id)->getObject("properties");
  };
  // An account key in code: full, non-expiring access to the account.
  EXPECT_EQ(Properties("shared-key-in-client")->getString("security-severity"),
            "9.1");
  // A retired library that gets no security fixes.
  EXPECT_EQ(Properties("legacy-client-library")->getString("security-severity"),
            "5.0");
  for (const char *Id : {"shared-key-in-client", "legacy-client-library"}) {
    const json::Array &Tags = *Properties(Id)->getArray("tags");
    EXPECT_TRUE(std::any_of(Tags.begin(), Tags.end(), [](const json::Value &T) {
      return T.getAsString() == "security";
    })) << Id;
  }
  EXPECT_FALSE(Properties("table-scan")->get("security-severity"));
  EXPECT_FALSE(Properties("hot-partition")->get("security-severity"));
}

} // namespace
} // namespace tablelint::test
