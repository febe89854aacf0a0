// Clients built inside loops (one pipeline per iteration) next to clients
// built once and reused, and per-table caches filled in a loop.
#include <azure/data/tables.hpp>
#include <azure/identity.hpp>
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::TableServiceClient;

const std::string kServiceUrl = "https://contosoaudit.table.core.windows.net";

void CreateTables(std::vector<std::string> const &names,
                  std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  for (auto const &name : names) {
    // expect@+1: tablelint-client-per-request "TableServiceClient constructed inside a loop: each construction sets up a new connection pool; create it once and reuse it"
    TableServiceClient service(kServiceUrl, credential);
    service.CreateTable(name);
  }
}

void CreateTablesShared(std::vector<std::string> const &names,
                        std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableServiceClient service(kServiceUrl, credential); // ok: tablelint-client-per-request (built once, before the loop)
  for (auto const &name : names)
    service.CreateTable(name);
}

void ProbeAll(std::vector<std::string> const &tables,
              std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  std::size_t i = 0;
  do {
    // expect@+1: tablelint-client-per-request "TableClient constructed by std::make_shared inside a loop"
    auto client = std::make_shared<TableClient>(kServiceUrl, tables[i], credential);
    client->GetEntity("health", "probe");
  } while (++i < tables.size());
}

// One client per table, built in a loop at start-up and kept: a cache.
std::map<std::string, TableClient>
ClientsByTable(std::vector<std::string> const &tables,
               std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  std::map<std::string, TableClient> clients;
  for (auto const &table : tables)
    clients.emplace(table, TableClient(kServiceUrl, table, credential)); // ok: tablelint-client-per-request (stored for reuse)
  return clients;
}

std::vector<std::shared_ptr<TableClient>>
SharedClients(std::vector<std::string> const &tables,
              std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  std::vector<std::shared_ptr<TableClient>> out;
  for (auto const &table : tables) {
    auto client = std::make_shared<TableClient>(kServiceUrl, table, credential); // ok: tablelint-client-per-request (moved into the cache)
    out.push_back(std::move(client));
  }
  return out;
}

// azure::storage: the account is parsed and a client made for each message.
void Drain(std::vector<utility::string_t> const &messages,
           utility::string_t const &connectionString) {
  std::size_t next = 0;
  while (next < messages.size()) {
    // expect@+1: tablelint-client-per-request "cloud_table_client created by create_cloud_table_client() inside a loop"
    auto table = azure::storage::cloud_storage_account::parse(connectionString)
                     .create_cloud_table_client()
                     .get_table_reference(U("AuditLog"));
    table.exists();
    ++next;
  }
}

void Scan(std::vector<utility::string_t> const &names, azure::storage::storage_uri const &endpoint,
          azure::storage::storage_credentials const &credentials) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    // expect@+1: tablelint-client-per-request "cloud_table_client constructed inside a loop"
    azure::storage::cloud_table_client client(endpoint, credentials);
    client.get_table_reference(names[i]).exists();
  }
}

void ScanShared(std::vector<utility::string_t> const &names,
                azure::storage::cloud_table_client const &client) {
  std::for_each(names.begin(), names.end(), [&](utility::string_t const &name) {
    azure::storage::cloud_table_client copy = client; // ok: tablelint-client-per-request (a copy shares the pipeline)
    copy.get_table_reference(name).exists();
  });
}

void ScanEach(std::vector<utility::string_t> const &names, azure::storage::storage_uri const &endpoint) {
  std::for_each(names.begin(), names.end(), [&](utility::string_t const &name) {
    // expect@+1: tablelint-client-per-request "cloud_table_client constructed inside a loop"
    azure::storage::cloud_table_client client(endpoint);
    client.get_table_reference(name).exists();
  });
}

int main() {
  auto credential = std::make_shared<Azure::Identity::DefaultAzureCredential>();
  TableClient audit(kServiceUrl, "AuditLog", credential); // ok: tablelint-client-per-request (main runs once)
  for (int i = 0; i < 3; ++i)
    audit.GetEntity("health", std::to_string(i));
}
