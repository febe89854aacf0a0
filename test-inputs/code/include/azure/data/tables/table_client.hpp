// Test mock of azure-data-tables' TableClient and TableClientOptions (<azure/data/tables/table_client.hpp>).
#pragma once

#include "azure/core/context.hpp"
#include "azure/core/credentials/credentials.hpp"
#include "azure/core/internal/client_options.hpp"
#include "azure/core/response.hpp"
#include "azure/data/tables/credentials/azure_sas_credential.hpp"
#include "azure/data/tables/credentials/named_key_credential.hpp"
#include "azure/data/tables/models.hpp"

#include <memory>
#include <string>
#include <vector>

namespace Azure { namespace Data { namespace Tables {

/// Client options; `Retry` (RetryOptions) comes from ClientOptions.
struct TableClientOptions : public Azure::Core::_internal::ClientOptions {
  std::string ApiVersion = "2019-02-02";
};

/// beta.1 batch builder returned by TableClient::CreateTransaction.
class Transaction final {
public:
  Transaction(std::string const& tableName, std::string const& partitionKey);
  std::string const& GetPartitionKey() const;
  void AddEntity(Models::TableEntity const& entity);
  void UpdateEntity(Models::TableEntity const& entity);
  void MergeEntity(Models::TableEntity const& entity);
  void DeleteEntity(Models::TableEntity const& entity);
};

/// Operations on the entities of one table.
class TableClient final {
public:
  // ---- Current (beta.6 and later) ----

  /// No credential: authentication is a SAS in serviceUrl.
  explicit TableClient(std::string const& serviceUrl, std::string const& tableName,
                       TableClientOptions const& options = {});
  TableClient(std::string const& serviceUrl, std::string const& tableName,
              std::shared_ptr<const Azure::Core::Credentials::TokenCredential> credential,
              TableClientOptions const& options = {});

  Response<Models::AddEntityResult> AddEntity(Models::TableEntity const& tableEntity,
                                              Core::Context const& context = {}) const;
  /// Replace.
  Response<Models::UpdateEntityResult> UpdateEntity(Models::TableEntity const& tableEntity,
                                                    Core::Context const& context = {}) const;
  Response<Models::MergeEntityResult> MergeEntity(Models::TableEntity const& tableEntity,
                                                  Core::Context const& context = {}) const;
  Response<Models::DeleteEntityResult> DeleteEntity(Models::TableEntity const& tableEntity,
                                                    Core::Context const& context = {}) const;
  /// Upsert, replacing.
  Response<Models::UpsertEntityResult> UpdateOrInsertEntity(
      Models::TableEntity const& tableEntity, Core::Context const& context = {}) const;
  /// Upsert, merging.
  Response<Models::UpsertEntityResult> MergeOrInsertEntity(
      Models::TableEntity const& tableEntity, Core::Context const& context = {}) const;

  Models::QueryEntitiesPagedResponse QueryEntities(
      Models::QueryEntitiesOptions const& options = {}, Core::Context const& context = {}) const;
  Response<Models::TableEntity> GetEntity(std::string const& partitionKey,
                                          std::string const& rowKey,
                                          Core::Context const& context = {}) const;
  Response<Models::SubmitTransactionResult> SubmitTransaction(
      std::vector<Models::TransactionStep> const& steps, Core::Context const& context = {}) const;

  // ---- beta.2 - beta.5 ----

  static TableClient CreateFromConnectionString(std::string const& connectionString,
                                                std::string const& tableName,
                                                TableClientOptions const& options = {});
  /// Note the argument order: table name first.
  TableClient(std::string const& tableName,
              std::shared_ptr<Credentials::NamedKeyCredential> credential, std::string url,
              TableClientOptions const& options = {});
  TableClient(std::string const& serviceUrl,
              std::shared_ptr<Credentials::AzureSasCredential> credential, std::string tableName,
              TableClientOptions const& options = {});

  Response<Models::UpsertEntityResult> UpsertEntity(
      Models::TableEntity const& tableEntity, Models::UpsertEntityOptions const& options = {},
      Core::Context const& context = {}) const;
  // The options argument has no default here, so one-argument calls pick the current overloads.
  Response<Models::AddEntityResult> AddEntity(Models::TableEntity const& tableEntity,
                                              Models::AddEntityOptions const& options,
                                              Core::Context const& context = {}) const;
  Response<Models::UpdateEntityResult> UpdateEntity(Models::TableEntity const& tableEntity,
                                                    Models::UpdateEntityOptions const& options,
                                                    Core::Context const& context = {}) const;
  Response<Models::MergeEntityResult> MergeEntity(Models::TableEntity const& tableEntity,
                                                  Models::MergeEntityOptions const& options,
                                                  Core::Context const& context = {}) const;
  Response<Models::DeleteEntityResult> DeleteEntity(Models::TableEntity const& tableEntity,
                                                    Models::DeleteEntityOptions const& options,
                                                    Core::Context const& context = {}) const;
  Response<Models::TableEntity> GetEntity(std::string const& partitionKey,
                                          std::string const& rowKey,
                                          Models::GetEntityOptions const& options,
                                          Core::Context const& context = {}) const;

  // ---- beta.1 ----

  Transaction CreateTransaction(std::string const& partitionKey);
  Response<Models::SubmitTransactionResult> SubmitTransaction(
      Transaction& transaction, Core::Context const& context = {});
};

}}} // namespace Azure::Data::Tables
