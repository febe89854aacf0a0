// A realistic admin tool: provisions the tables of a shop, with both SDK
// generations. Table names must be 3 to 63 letters and digits, starting
// with a letter, and `tables` is reserved.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library (the tests cover both SDK generations)

#include <memory>
#include <string>

namespace admin {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::TableServiceClient;

const std::string kServiceUrl = "https://shop.table.core.windows.net";
const std::string kAuditTable = "audit_log";

void provision(std::shared_ptr<const Azure::Core::Credentials::TokenCredential> credential) {
  TableServiceClient service(kServiceUrl, credential);
  service.CreateTable("order-events"); // expect: tablelint-invalid-name "'-' is not allowed"
  service.CreateTable("2024Orders"); // expect: tablelint-invalid-name "it starts with '2', not a letter"
  service.CreateTable(kAuditTable); // expect: tablelint-invalid-name "audit_log"
  service.CreateTable("Tables"); // expect: tablelint-invalid-name "'tables' is reserved"
  service.CreateTable("ab"); // expect: tablelint-invalid-name "it has 2 characters, fewer than 3"
  service.CreateTable("Orders"); // ok: tablelint-invalid-name (letters only)
  service.CreateTable("orders2024"); // ok: tablelint-invalid-name (letters and digits, starting with a letter)
  service.DeleteTable("OrdersArchive"); // ok: tablelint-invalid-name (a valid name)
  service.DeleteTable("TablesArchive"); // ok: tablelint-invalid-name (only 'tables' itself is reserved)
}

// Per-tenant tables: only the literal prefix is known.
void provisionTenant(TableServiceClient const &service, std::string const &tenant) {
  service.CreateTable("tenant-" + tenant); // expect: tablelint-invalid-name "tenant-{?}"
  service.CreateTable("Tenant" + tenant); // ok: tablelint-invalid-name (the run-time part may be valid)
  service.CreateTable(tenant); // ok: tablelint-invalid-name (a name built at run time)
}

// Clients made for a table: the constructors and GetTableClient.
void clients(TableServiceClient const &service) {
  TableClient events(kServiceUrl, "order_events"); // expect: tablelint-invalid-name "'_' is not allowed"
  auto payments = service.GetTableClient("payments.v2"); // expect: tablelint-invalid-name "'.' is not allowed"
  auto orders = service.GetTableClient("Orders"); // ok: tablelint-invalid-name (a valid name)
  auto viaConnection = TableClient::CreateFromConnectionString("UseDevelopmentStorage=true", "a"); // expect: tablelint-invalid-name "it has 1 character, fewer than 3"
  (void)events;
  (void)payments;
  (void)orders;
  (void)viaConnection;
}

// azure::storage: get_table_reference.
void legacy(azure::storage::cloud_table_client const &client) {
  auto sessions = client.get_table_reference(U("web sessions")); // expect: tablelint-invalid-name "a space is not allowed"
  sessions.create_if_not_exists();
  auto carts = client.get_table_reference(U("Carts")); // ok: tablelint-invalid-name (a valid name)
  carts.create_if_not_exists();
  auto longName = client.get_table_reference(U("ThisTableNameIsMuchTooLongForTheTableServiceBecauseItHasMoreThanSixtyThreeCharacters")); // expect: tablelint-invalid-name "it has 84 characters, more than 63"
  longName.create_if_not_exists();
}

} // namespace admin
