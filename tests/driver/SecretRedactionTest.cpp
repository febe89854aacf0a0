// Issue 12, items 11 and 12: a finding on a source line that holds an
// account key or a SAS signature shows the line redacted in every output
// (text, JSON, GitHub, SARIF, baseline, checklist), its fingerprint is
// computed from the redacted line, an older baseline that still holds the
// secret keeps matching; and --live URLs are redacted in every message.
#include "tests/support/LintProject.h"

#include "core/Redact.h"
#include "driver/Fingerprint.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <llvm/Support/JSON.h>

namespace tablelint::test {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Fake secrets (base64 of letters), as in test-inputs/code.
const std::string AccountKey =
    "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpBQkNERUZHSElK"
    "S0xNTk9QUVJTVFVWV1hZWkFCQ0RFRkdISUpLTA==";
const std::string SasSig = "c2VjcmV0c2lnbmF0dXJlc2VjcmV0MTIzNDU2Nzg5MA%3D";

std::string leakySource() {
  return "#include <azure/data/tables.hpp>\n"
         "using namespace Azure::Data::Tables;\n"
         "TableClient open() {\n"
         "  return TableClient::CreateFromConnectionString(\"DefaultEndpoints"
         "Protocol=https;AccountName=contoso;AccountKey=" +
         AccountKey +
         ";EndpointSuffix=core.windows.net\", \"Orders\");\n"
         "}\n"
         "void list(TableClient const &t) {\n"
         "  const char *sas = \"https://contoso.table.core.windows.net/"
         "?sv=2022-11-02&sig=" +
         SasSig +
         "\"; t.QueryEntities(); (void)sas;\n"
         "}\n";
}

class SecretRedaction : public ::testing::Test {
protected:
  void SetUp() override {
    P.write("src/leaky.cpp", leakySource());
    P.database({"src/leaky.cpp"});
  }
  void expectNoSecret(const std::string &Text, const std::string &What) {
    EXPECT_THAT(Text, Not(HasSubstr("QUJDREVGR0hJSktM"))) << What;
    EXPECT_THAT(Text, Not(HasSubstr(SasSig))) << What;
    EXPECT_THAT(Text, Not(HasSubstr("c2VjcmV0c2ln"))) << What;
  }
  Project P;
};

TEST_F(SecretRedaction, NoOutputCarriesTheSecrets) {
  for (const std::string Format : {"text", "json", "github", "sarif"}) {
    ToolResult R = P.lint({"--format", Format, "src"});
    EXPECT_EQ(R.ExitCode, 1) << Format << ": " << R.Err;
    EXPECT_THAT(R.Out, HasSubstr("shared-key-in-client")) << Format;
    EXPECT_THAT(R.Out, HasSubstr("table-scan")) << Format;
    expectNoSecret(R.Out + R.Err, Format);
  }
  ToolResult Json = P.lint({"--format", "json", "src"});
  EXPECT_THAT(Json.Out, HasSubstr("sig=c2Vj\u2026 (45 characters, "
                                  "redacted)\\\"; t.QueryEntities();"));
  ToolResult Base = P.lint({"--write-baseline", "baseline.json", "src"});
  EXPECT_EQ(Base.ExitCode, 0) << Base.Err;
  const std::string Baseline = P.read("baseline.json");
  EXPECT_THAT(Baseline, HasSubstr("AccountKey=QUJD\u2026 (88 characters, "
                                  "redacted)"));
  expectNoSecret(Baseline, "baseline");
  ToolResult Checklist = runTablelint({"checklist", "src"}, P.Dir);
  EXPECT_THAT(Checklist.Out, HasSubstr("shared-key-in-client"));
  expectNoSecret(Checklist.Out + Checklist.Err, "checklist");
}

TEST_F(SecretRedaction, FingerprintsHashTheRedactedLine) {
  ToolResult R = P.lint({"--format", "json", "src"});
  auto Doc = llvm::json::parse(R.Out);
  ASSERT_TRUE(bool(Doc)) << R.Out;
  const llvm::json::Array &Findings = *Doc->getAsObject()->getArray("findings");
  ASSERT_FALSE(Findings.empty());
  for (const llvm::json::Value &V : Findings) {
    const llvm::json::Object &F = *V.getAsObject();
    const std::string Anchor = F.getString("anchor")->str();
    EXPECT_EQ(redactSecrets(Anchor), Anchor);
    EXPECT_EQ(F.getString("fingerprint")->str(),
              findingHash(F.getString("rule")->str(), "src/leaky.cpp", Anchor) +
                  ":0");
  }
}

TEST_F(SecretRedaction, AnOldBaselineWithTheSecretStillMatches) {
  // The entry as an older tablelint wrote it: the raw line, hashed raw.
  const std::string RawLine =
      "const char *sas = \"https://contoso.table.core.windows.net/"
      "?sv=2022-11-02&sig=" +
      SasSig + "\"; t.QueryEntities(); (void)sas;";
  llvm::json::Object Entry{
      {"fingerprint",
       findingHash("table-scan", "src/leaky.cpp", RawLine) + ":0"},
      {"rule", "table-scan"},
      {"path", "src/leaky.cpp"},
      {"anchor", RawLine},
      {"message", "..."}};
  llvm::json::Object Doc{{"version", 1},
                         {"findings", llvm::json::Array{std::move(Entry)}}};
  std::string Text;
  llvm::raw_string_ostream(Text) << llvm::json::Value(std::move(Doc));
  P.write("old.json", Text);
  ToolResult R = P.lint({"--baseline", "old.json", "src"});
  EXPECT_THAT(R.Out, Not(HasSubstr("[tablelint-table-scan]"))) << R.Out;
  EXPECT_THAT(R.Err, HasSubstr("old.json: warning: 1 entry holds a secret in "
                               "its anchor (redacted while reading); rewrite "
                               "the baseline with --write-baseline"));
  expectNoSecret(R.Out + R.Err, "old baseline");
}

TEST(LiveUrlRedaction, PasswordAndSignatureNeverPrinted) {
  const std::string Schema = std::string(TABLELINT_SOURCE_DIR) +
                             "/test-inputs/schemas/replay/current.yaml";
  for (const std::string &Url : std::vector<std::string>{
           "http://admin:hunter2secret@127.0.0.1:9/devstoreaccount1",
           "http://127.0.0.1:9/devstoreaccount1?sv=2022-11-02&sig=" + SasSig}) {
    ToolResult R = runTablelint({"replay", Schema, "--duration", "5s", "--live",
                                 Url, "--format", "json"});
    EXPECT_EQ(R.ExitCode, 2) << R.Err;
    EXPECT_THAT(R.Err, HasSubstr("tablelint: error: --live http://"));
    // Issue 44, item 15: the query and the user information are left out
    // whole, only their place is marked.
    EXPECT_THAT(R.Err, ::testing::AnyOf(
                           HasSubstr("--live http://\u2026@127.0.0.1:9/"
                                     "devstoreaccount1:"),
                           HasSubstr("--live http://127.0.0.1:9/"
                                     "devstoreaccount1?\u2026:")));
    EXPECT_THAT(R.Out + R.Err, Not(HasSubstr("hunter2secret")));
    EXPECT_THAT(R.Out + R.Err, Not(HasSubstr(SasSig)));
  }
}

} // namespace
} // namespace tablelint::test
