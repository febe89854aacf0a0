// The one redaction of secrets every output uses (core/Redact.h): each kind
// of secret is redacted, text without one is left alone, and redacting
// twice changes nothing (anchors are hashed after redaction).
#include "core/Redact.h"

#include <gtest/gtest.h>

namespace tablelint {
namespace {

const std::string Key =
    "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpBQkNERUZHSElKS0xNTk9"
    "QUVJTVFVWV1hZWkFCQ0RFRkdISUpLTA==";

TEST(Redact, AccountKeyOfAConnectionString) {
  const std::string Line = "auto c = TableClient::CreateFromConnectionString("
                           "\"DefaultEndpointsProtocol=https;AccountName=a;"
                           "AccountKey=" +
                           Key + ";EndpointSuffix=core.windows.net\", \"t\");";
  EXPECT_EQ(
      redactSecrets(Line),
      "auto c = TableClient::CreateFromConnectionString("
      "\"DefaultEndpointsProtocol=https;AccountName=a;AccountKey=QUJD\u2026 "
      "(88 characters, redacted);EndpointSuffix=core.windows.net\", "
      "\"t\");");
}

TEST(Redact, SasSignatureButNotTheOtherParameters) {
  EXPECT_EQ(redactSecrets("https://a.table.core.windows.net/t?sv=2022-11-02&"
                          "se=2030-01-01&sp=r&sig=abcdEFGH1234%2Bxyz%3D&x=1"),
            "https://a.table.core.windows.net/t?sv=2022-11-02&se=2030-01-01&"
            "sp=r&sig=\u2026 (21 characters, redacted)&x=1");
  EXPECT_EQ(
      redactSecrets("SharedAccessSignature=sv=2022&sig=abc;TableEndpoint=x"),
      "SharedAccessSignature=\u2026 (15 characters, redacted);"
      "TableEndpoint=x");
}

TEST(Redact, SharedKeySignatureAndUrlPassword) {
  EXPECT_EQ(
      redactSecrets("Authorization: SharedKey contoso:U0lHTkFUVVJF"),
      "Authorization: SharedKey contoso:\u2026 (12 characters, redacted)");
  EXPECT_EQ(redactSecrets("SharedKeyLite contoso:U0lH"),
            "SharedKeyLite contoso:\u2026 (4 characters, redacted)");
  EXPECT_EQ(redactSecrets("--live http://admin:hunter2@127.0.0.1:10002/acct"),
            "--live http://admin:\u2026 (7 characters, redacted)@127.0.0.1:"
            "10002/acct");
  EXPECT_EQ(redactSecrets("Server=x;Password=p4ss;User=y"),
            "Server=x;Password=\u2026 (4 characters, redacted);User=y");
}

TEST(Redact, KeyWrittenOnItsOwn) {
  EXPECT_EQ(
      redactSecrets("const std::string kKey = \"" + Key + "\";"),
      "const std::string kKey = \"QUJD\u2026 (88 characters, redacted)\";");
}

TEST(Redact, OrdinaryCodeIsLeftAlone) {
  for (const std::string Line :
       {"t.QueryEntities();", "o.Filter = \"PartitionKey eq 'sig=1'\";",
        "http://127.0.0.1:10002/devstoreaccount1",
        "const char *design = \"tables[DeviceReadings].queries[failing]\";",
        "std::string ThisIsAVeryLongIdentifierNameWithoutAnyDigitsInIt;",
        "designSig = 3; // a word ending in sig=", "a & b",
        "t.upsert(\"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN\");"})
    EXPECT_EQ(redactSecrets(Line), Line) << Line;
}

TEST(Redact, RedactingTwiceChangesNothing) {
  const std::string Once = redactSecrets(
      "AccountKey=" + Key +
      " sig=abcdefghijklmnop12 SharedKey a:b http://u:p@h/ " + Key);
  EXPECT_EQ(Once.find("QUJDREVG"), std::string::npos) << Once;
  EXPECT_EQ(Once.find("abcdefghijklmnop12"), std::string::npos) << Once;
  EXPECT_EQ(redactSecrets(Once), Once);
}

TEST(Redact, ShortSecretsShowNoneOfTheirCharacters) {
  EXPECT_EQ(redactedSecret("hunter2"), "\u2026 (7 characters, redacted)");
  EXPECT_EQ(redactedSecret(Key), "QUJD\u2026 (88 characters, redacted)");
}

} // namespace
} // namespace tablelint
