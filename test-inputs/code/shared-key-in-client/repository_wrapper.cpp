// Connection strings handed to the project's own wrappers (defined in
// table_repository.h and below), whose constructors parse them: a key in
// the string is a key in the code, wherever the parsing happens. The keys
// are fake (base64 of letters).
#include <was/table.h> // expect: tablelint-legacy-client-library

#include "table_repository.h"

#include <string>

namespace {

const utility::string_t kInventoryConnection =
    U("DefaultEndpointsProtocol=https;AccountName=contosoinv;AccountKey=Tk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZTk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZ");

// A factory of this file around the wrapper.
inventory::TableRepository openItems(const utility::string_t &connection) {
  return inventory::TableRepository(connection, U("Items"));
}

utility::string_t loadSecret(const utility::string_t &name);

// Shows which account a string names; it opens nothing.
std::string describe(const std::string &connection) {
  return connection.substr(0, connection.find(';'));
}

} // namespace

void badWrappers() {
  inventory::TableRepository direct(U("DefaultEndpointsProtocol=https;AccountName=contosoinv;AccountKey=Tk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZTk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZ"), U("Items")); // expect: tablelint-shared-key-in-client "passed to TableRepository: AccountKey=Tk9U… (88 characters, redacted)"
  inventory::TableRepository viaConstant(kInventoryConnection, U("Stock")); // expect: tablelint-shared-key-in-client "AccountKey=Tk9U…"
  auto viaFactory = openItems(U("AccountName=contosoinv;AccountKey=Tk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZTk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZ;EndpointSuffix=core.windows.net")); // expect: tablelint-shared-key-in-client "passed to openItems"
  inventory::OrdersClient orders("DefaultEndpointsProtocol=https;AccountName=contosoorders;AccountKey=Tk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZTk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZ"); // expect: tablelint-shared-key-in-client "passed to OrdersClient"
}

void goodWrappers() {
  inventory::TableRepository fromVault(loadSecret(U("inventory-connection")), U("Items")); // ok: tablelint-shared-key-in-client (loaded at run time)
  inventory::TableRepository emulator(U("UseDevelopmentStorage=true"), U("Items")); // ok: tablelint-shared-key-in-client (the emulator)
  inventory::TableRepository local(U("DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw=="), U("Items")); // ok: tablelint-shared-key-in-client (the emulator's published key)
  describe("AccountName=contosoinv;AccountKey=Tk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZTk9UQVJFQUxLRVlOT1RBUkVBTEtFWU5PVEFSRUFMS0VZ"); // ok: tablelint-shared-key-in-client (not a wrapper: nothing parses it)
}
