// Azure::Data::Tables clients of a reporting job across SDK generations:
// connection strings and shared-key credentials with the key in the code,
// next to token credentials, SAS and keys read at run time. The keys below
// are fake (base64 of letters).
#include <azure/data/tables.hpp>
#include <azure/identity.hpp>

#include <cstdlib>
#include <memory>
#include <string>

using namespace Azure::Data::Tables;

const std::string kTableUrl = "https://contosoreports.table.core.windows.net";
const std::string kAccountKey =
    "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWkFCQ0RFRkdISUpLTA==";

// beta.5: the key is part of every build of this binary (the catalog's bad example).
TableClient MakeReportsClient() {
  return TableClient::CreateFromConnectionString(
      // expect@+1: tablelint-shared-key-in-client "connection string with an account key passed to TableClient::CreateFromConnectionString: AccountKey=QUJD… (88 characters, redacted)"
      "DefaultEndpointsProtocol=https;AccountName=contosoreports;"
      "AccountKey=QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWkFCQ0RFRkdISUpLTA==;"
      "EndpointSuffix=core.windows.net",
      "Reports");
}

// Built from pieces: the key constant still flows into the connection string.
TableServiceClient MakeService() {
  const std::string connection =
      "DefaultEndpointsProtocol=https;AccountName=contosoreports;AccountKey=" + kAccountKey;
  return TableServiceClient::CreateFromConnectionString(connection); // expect: tablelint-shared-key-in-client "TableServiceClient::CreateFromConnectionString: AccountKey=QUJD… (88 characters, redacted)"
}

// beta.2-beta.5: a NamedKeyCredential made with the key literal.
TableClient MakeWithNamedKey() {
  // expect@+1: tablelint-shared-key-in-client "account key written in the code, passed to NamedKeyCredential: QUJD… (88 characters, redacted)"
  auto credential = std::make_shared<Credentials::NamedKeyCredential>("contosoreports", kAccountKey);
  return TableClient("Reports", credential, kTableUrl);
}

// beta.1: SharedKeyCredential.
TableServicesClient MakeBeta1() {
  auto credential = std::make_shared<Credentials::SharedKeyCredential>(
      "contosoreports",
      "VEVTVEtFWVRFU1RLRVlURVNUS0VZVEVTVEtFWVRFU1RLRVlURVNUS0VZVEVTVEtFWVRFU1RLRVlURVNUS0VZIQ=="); // expect: tablelint-shared-key-in-client "SharedKeyCredential: VEVT… (88 characters, redacted)"
  return TableServicesClient(kTableUrl, credential);
}

// A Microsoft Entra ID token: no key in the binary (the catalog's good example).
TableClient MakeWithToken() {
  return TableClient(kTableUrl, "Reports", // ok: tablelint-shared-key-in-client (a TokenCredential)
                     std::make_shared<Azure::Identity::DefaultAzureCredential>());
}

TableClient MakeWithKeyFromEnvironment() {
  const char *key = std::getenv("REPORTS_ACCOUNT_KEY");
  auto credential = std::make_shared<Credentials::NamedKeyCredential>("contosoreports", key ? key : ""); // ok: tablelint-shared-key-in-client (read at run time)
  return TableClient("Reports", credential, kTableUrl);
}

// Tests against the emulator use its published key.
TableClient MakeForEmulator() {
  auto credential = std::make_shared<Credentials::NamedKeyCredential>( // ok: tablelint-shared-key-in-client (devstoreaccount1)
      "devstoreaccount1",
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==");
  return TableClient("Reports", credential, "http://127.0.0.1:10002/devstoreaccount1");
}

TableClient MakeFromEnvironmentString() {
  const char *connection = std::getenv("REPORTS_CONNECTION");
  return TableClient::CreateFromConnectionString(connection, "Reports"); // ok: tablelint-shared-key-in-client (read at run time)
}

TableClient MakeForEmulatorConnection() {
  return TableClient::CreateFromConnectionString("UseDevelopmentStorage=true", "Reports"); // ok: tablelint-shared-key-in-client (UseDevelopmentStorage=true)
}
