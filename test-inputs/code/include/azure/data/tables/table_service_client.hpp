// Test mock of azure-data-tables' TableServiceClient (and beta.1 TableServicesClient) (<azure/data/tables/table_service_client.hpp>).
#pragma once

#include "azure/core/context.hpp"
#include "azure/core/credentials/credentials.hpp"
#include "azure/core/response.hpp"
#include "azure/data/tables/credentials/azure_sas_credential.hpp"
#include "azure/data/tables/credentials/named_key_credential.hpp"
#include "azure/data/tables/models.hpp"
#include "azure/data/tables/table_client.hpp"

#include <memory>
#include <string>

namespace Azure { namespace Data { namespace Tables {

/// Account-level operations: create, delete and list tables.
class TableServiceClient final {
public:
  explicit TableServiceClient(std::string const& serviceUrl,
                              TableClientOptions const& options = {});
  TableServiceClient(std::string const& serviceUrl,
                     std::shared_ptr<const Azure::Core::Credentials::TokenCredential> credential,
                     TableClientOptions const& options = {});

  // beta.2 - beta.5
  static TableServiceClient CreateFromConnectionString(std::string const& connectionString,
                                                       TableClientOptions const& options = {});
  TableServiceClient(std::string const& serviceUrl,
                     std::shared_ptr<Credentials::NamedKeyCredential> credential,
                     TableClientOptions const& options = {});
  TableServiceClient(std::string const& serviceUrl,
                     std::shared_ptr<Credentials::AzureSasCredential> credential,
                     TableClientOptions const& options = {});

  Response<Models::Table> CreateTable(std::string const& tableName,
                                      Core::Context const& context = {}) const;
  Response<Models::DeleteTableResult> DeleteTable(std::string const& tableName,
                                                  Core::Context const& context = {}) const;
  Models::QueryTablesPagedResponse QueryTables(Models::QueryTablesOptions const& options = {},
                                               Core::Context const& context = {}) const;
  TableClient GetTableClient(std::string const& tableName,
                             TableClientOptions const& options = {}) const;
};

/// beta.1 service client (note the plural).
class TableServicesClient final {
public:
  explicit TableServicesClient(std::string const& serviceUrl,
                               TableClientOptions const& options = {});
  TableServicesClient(std::string const& serviceUrl,
                      std::shared_ptr<Credentials::SharedKeyCredential> credential,
                      TableClientOptions const& options = {});
  TableServicesClient(std::string const& serviceUrl,
                      std::shared_ptr<const Azure::Core::Credentials::TokenCredential> credential,
                      TableClientOptions const& options = {});
  static TableServicesClient CreateFromConnectionString(std::string const& connectionString,
                                                        TableClientOptions const& options = {});

  Response<Models::Table> CreateTable(std::string const& tableName,
                                      Core::Context const& context = {}) const;
  Response<Models::DeleteTableResult> DeleteTable(std::string const& tableName,
                                                  Core::Context const& context = {}) const;
  Models::QueryTablesPagedResponse QueryTables(Models::QueryTablesOptions const& options = {},
                                               Core::Context const& context = {}) const;
  TableClient GetTableClient(std::string const& tableName,
                             TableClientOptions const& options = {}) const;
};

}}} // namespace Azure::Data::Tables
