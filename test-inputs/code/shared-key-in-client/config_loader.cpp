// The storage settings of an order service on azure::storage: a production
// connection string compiled in next to the emulator's, and the ways to
// keep the key out of the code. The keys below are fake (base64 of letters).
#include <was/storage_account.h>

#include <cstdlib>
#include <string>

namespace orders {

using azure::storage::cloud_storage_account;
using azure::storage::storage_credentials;

constexpr const char *kEmulatorConnection = "UseDevelopmentStorage=true";
constexpr const char *kProductionConnection =
    "DefaultEndpointsProtocol=https;AccountName=contosoorders;"
    "AccountKey=QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVpBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWkFCQ0RFRkdISUpLTA==;"
    "EndpointSuffix=core.windows.net";

struct Settings {
  bool UseEmulator = false;
};

utility::string_t ConnectionString(Settings const &settings) {
  if (settings.UseEmulator)
    return kEmulatorConnection;
  return kProductionConnection;
}

cloud_storage_account OpenAccount(Settings const &settings) {
  // The key reaches parse() whenever the emulator is off.
  // expect@+1: tablelint-shared-key-in-client "connection string with an account key passed to cloud_storage_account::parse: AccountKey=QUJD… (88 characters, redacted)"
  return cloud_storage_account::parse(ConnectionString(settings));
}

cloud_storage_account OpenAccountInline(Settings const &settings) {
  // expect@+1: tablelint-shared-key-in-client "AccountKey=QUJD… (88 characters, redacted)"
  return cloud_storage_account::parse(settings.UseEmulator ? kEmulatorConnection : kProductionConnection);
}

cloud_storage_account OpenEmulator() {
  return cloud_storage_account::parse(U("UseDevelopmentStorage=true")); // ok: tablelint-shared-key-in-client (the emulator, no key)
}

// The emulator's well-known account and key are public.
cloud_storage_account OpenEmulatorExplicit() {
  return cloud_storage_account::parse( // ok: tablelint-shared-key-in-client (devstoreaccount1 and its published key)
      U("DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
        "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
        "TableEndpoint=http://127.0.0.1:10002/devstoreaccount1;"));
}

// The key comes from the environment at run time.
cloud_storage_account OpenFromEnvironment() {
  const char *connection = std::getenv("ORDERS_STORAGE_CONNECTION");
  return cloud_storage_account::parse(connection ? connection : ""); // ok: tablelint-shared-key-in-client (read at run time)
}

cloud_storage_account OpenWithKeyFromEnvironment() {
  const std::string key = std::getenv("ORDERS_STORAGE_KEY");
  return cloud_storage_account::parse("DefaultEndpointsProtocol=https;AccountName=contosoorders;AccountKey=" + key); // ok: tablelint-shared-key-in-client (the key is not a literal)
}

// A template with the key left out is not a secret.
cloud_storage_account OpenTemplate() {
  cloud_storage_account::parse(U("AccountName=contosoorders;AccountKey=;EndpointSuffix=core.windows.net")); // ok: tablelint-shared-key-in-client (empty AccountKey=)
  return cloud_storage_account::parse(U("AccountName=contosoorders;AccountKey=<your-account-key>")); // ok: tablelint-shared-key-in-client (a placeholder, not base64)
}

storage_credentials Credentials() {
  // expect@+1: tablelint-shared-key-in-client "account key written in the code, passed to storage_credentials: VEVT… (88 characters, redacted)"
  return storage_credentials(U("contosoorders"), U("VEVTVEtFWVRFU1RLRVlURVNUS0VZVEVTVEtFWVRFU1RLRVlURVNUS0VZVEVTVEtFWVRFU1RLRVlURVNUS0VZIQ=="));
}

storage_credentials CredentialsFromEnvironment() {
  const utility::string_t key = std::getenv("ORDERS_STORAGE_KEY");
  return storage_credentials(U("contosoorders"), key); // ok: tablelint-shared-key-in-client (read at run time)
}

storage_credentials SasCredentials() {
  return storage_credentials(U("contosoorders"), // ok: tablelint-shared-key-in-client (a SAS, not the account key)
                             storage_credentials::sas_credential(U("sv=2019-02-02&sig=abc")));
}

} // namespace orders
