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
        "t.upsert(\"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN\");",
        // Look-alikes of the token shapes below.
        "// Bearer tokens are checked by the gateway", "Bearer short",
        "auto ghp_token = load(); // ghp_ prefix", "github_pat_short",
        "enum { AKIA_LIMIT = 3 }; AKIAshort", "xoxb-short",
        "path = \"~/Q~/notes\"; x = a8Q~b;", "eyJhbGci.eyJ",
        "std::string eyJustAName = \"eyJ is the base64 of a brace\";",
        "-----BEGIN PUBLIC KEY-----", "clientSecret = config.secret;",
        "https://contoso.table.core.windows.net/Orders()?$top=1000"})
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

// Issue 44, item 16: the credential shapes secret scanners know. The fake
// tokens are put together here so that no whole token is in the source.
const std::string Jwt = std::string("eyJhbGciOiJIUzI1NiJ9") + "." +
                        "eyJzdWIiOiJ0YWJsZWxpbnQifQ" + "." +
                        "c2lnbmF0dXJlLXNpZ25hdHVyZQ";
const std::string GithubToken =
    std::string("ghp") + "_" + "0123456789abcdefghijABCDEFGHIJ012345";
const std::string GithubPat = std::string("github") + "_pat_" +
                              "11ABCDEFG0123456789abc_" +
                              std::string(59, 'x');
const std::string EntraSecret =
    std::string("abc8") + "Q~" + "Zyx0123456789.abcdefghijk_lmnopqrs";

TEST(Redact, BearerTokensAndJsonWebTokens) {
  EXPECT_EQ(redactSecrets("Authorization: Bearer " + Jwt),
            "Authorization: Bearer eyJh\u2026 (" +
                std::to_string(Jwt.size()) + " characters, redacted)");
  EXPECT_EQ(redactSecrets("auto t = \"" + Jwt + "\";"),
            "auto t = \"eyJh\u2026 (" + std::to_string(Jwt.size()) +
                " characters, redacted)\";");
  EXPECT_EQ(redactSecrets("Bearer opaque-token-1234567890"),
            "Bearer \u2026 (23 characters, redacted)");
}

TEST(Redact, GithubAwsSlackTokens) {
  EXPECT_EQ(redactSecrets("token: " + GithubToken),
            "token: ghp_\u2026 (40 characters, redacted)");
  EXPECT_EQ(redactSecrets("GH=" + GithubPat + ";"),
            "GH=gith\u2026 (" + std::to_string(GithubPat.size()) +
                " characters, redacted);");
  EXPECT_EQ(redactSecrets(std::string("id=AKIA") + "ABCDEFGHIJ234567"),
            "id=\u2026 (20 characters, redacted)");
  EXPECT_EQ(redactSecrets(std::string("xoxb") + "-1234567890-abcdefghij"),
            "\u2026 (26 characters, redacted)");
}

TEST(Redact, EntraClientSecretInACredential) {
  EXPECT_EQ(redactSecrets("ClientSecretCredential(tenant, client, \"" +
                          EntraSecret + "\")"),
            "ClientSecretCredential(tenant, client, \"abc8\u2026 (40 "
            "characters, redacted)\")");
  EXPECT_EQ(redactSecrets("client_secret=s3cr3t-value&scope=x"),
            "client_secret=\u2026 (12 characters, redacted)&scope=x");
}

TEST(Redact, PrivateKeyBlock) {
  const std::string Pem = "-----BEGIN RSA PRIVATE KEY-----\n"
                          "MIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n";
  const std::string Shown = redactSecrets(Pem);
  EXPECT_EQ(Shown, "-----BEGIN RSA PRIVATE KEY-----\u2026 (18 characters, "
                   "redacted)-----END RSA PRIVATE KEY-----\n");
  EXPECT_EQ(redactSecrets("-----BEGIN CERTIFICATE-----\nMIIB\n"),
            "-----BEGIN CERTIFICATE-----\nMIIB\n");
}

TEST(Redact, TheNewShapesRedactOnce) {
  const std::string Once = redactSecrets(
      "Bearer " + Jwt + " " + GithubToken + " " + EntraSecret + " " +
      GithubPat + "\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n");
  for (const std::string &Secret : {Jwt, GithubToken, EntraSecret, GithubPat})
    EXPECT_EQ(Once.find(Secret.substr(6)), std::string::npos) << Once;
  EXPECT_EQ(Once.find("MHcCAQEE"), std::string::npos) << Once;
  EXPECT_EQ(redactSecrets(Once), Once);
}

} // namespace
} // namespace tablelint
