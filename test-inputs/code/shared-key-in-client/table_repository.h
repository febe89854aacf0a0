// The project's own repository class: its constructor parses the
// connection string it is given. Callers are in repository_wrapper.cpp.
#pragma once

#include <azure/data/tables.hpp>
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library "<was/table.h> is the table API of the retired azure-storage-cpp library"

#include <string>

namespace inventory {

class TableRepository {
public:
  TableRepository(const utility::string_t &connectionString, const utility::string_t &table)
      : account_(azure::storage::cloud_storage_account::parse(connectionString)),
        table_(account_.create_cloud_table_client().get_table_reference(table)) {}

  azure::storage::cloud_table &table() { return table_; }

private:
  azure::storage::cloud_storage_account account_;
  azure::storage::cloud_table table_;
};

// The current SDK, beta generation: the connection string goes through a
// local copy first.
class OrdersClient {
public:
  explicit OrdersClient(std::string connection) {
    const std::string cs = connection;
    client_ = std::make_unique<Azure::Data::Tables::TableClient>(
        Azure::Data::Tables::TableClient::CreateFromConnectionString(cs, "Orders"));
  }

private:
  std::unique_ptr<Azure::Data::Tables::TableClient> client_;
};

} // namespace inventory
