// Test mock of a forked Azure Tables client in namespace Azure::Storage::Tables (<azure/storage/tables.hpp>).
// Separate types from Azure::Data::Tables, as in forks that copied the code.
#pragma once

#include "azure/core.hpp"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace Azure { namespace Storage { namespace Tables {

namespace Models {

  class TableEntityDataType final {
  public:
    TableEntityDataType() = default;
    explicit TableEntityDataType(std::string value);
    bool operator==(TableEntityDataType const& other) const;
    bool operator!=(TableEntityDataType const& other) const;

    static const TableEntityDataType EdmBinary;
    static const TableEntityDataType EdmBoolean;
    static const TableEntityDataType EdmDateTime;
    static const TableEntityDataType EdmDouble;
    static const TableEntityDataType EdmGuid;
    static const TableEntityDataType EdmInt32;
    static const TableEntityDataType EdmInt64;
    static const TableEntityDataType EdmString;
  };

  class TableEntityProperty final {
  public:
    TableEntityProperty() = default;
    TableEntityProperty(std::string const& value) : Value(value) {}
    TableEntityProperty(std::string const& value, TableEntityDataType type)
        : Value(value), Type(type) {}

    std::string Value;
    Azure::Nullable<TableEntityDataType> Type;
  };

  class TableEntity final {
  public:
    std::map<std::string, TableEntityProperty> Properties;

    TableEntityProperty GetPartitionKey() const;
    void SetPartitionKey(std::string const& partitionKey);
    TableEntityProperty GetRowKey() const;
    void SetRowKey(std::string const& rowKey);
    TableEntityProperty GetETag() const;
    void SetETag(std::string const& eTag);
    TableEntityProperty GetTimestamp() const;
    void SetTimestamp(std::string const& timestamp);
  };

  struct QueryEntitiesOptions final {
    std::string PartitionKey;
    std::string RowKey;
    std::string NextPartitionKey;
    std::string NextRowKey;
    std::string SelectColumns;
    Azure::Nullable<std::string> Filter;
  };

  class QueryEntitiesPagedResponse final
      : public Azure::Core::PagedResponse<QueryEntitiesPagedResponse> {
  public:
    std::string NextPartitionKey;
    std::string NextRowKey;
    std::vector<TableEntity> TableEntities;
  };

  enum class UpsertKind {
    Update,
    Merge,
  };
  struct UpsertEntityOptions {
    UpsertKind UpsertType = UpsertKind::Update;
  };

  struct AddEntityResult {
    std::string ETag;
  };
  struct UpdateEntityResult {
    std::string ETag;
  };
  struct UpsertEntityResult final {
    std::string ETag;
  };

  enum class TransactionActionType {
    Add,
    UpdateMerge,
    UpdateReplace,
    Delete,
    InsertMerge,
    InsertReplace,
  };
  struct TransactionStep final {
    TransactionActionType Action;
    TableEntity Entity;
  };
  struct TransactionError final {
    std::string Message;
    std::string Code;
  };
  struct SubmitTransactionResult final {
    std::string StatusCode;
    Azure::Nullable<TransactionError> Error;
  };

} // namespace Models

struct TableClientOptions : public Azure::Core::_internal::ClientOptions {
  std::string ApiVersion = "2019-02-02";
};

class TableClient final {
public:
  explicit TableClient(std::string const& serviceUrl, std::string const& tableName,
                       TableClientOptions const& options = {});
  TableClient(std::string const& serviceUrl, std::string const& tableName,
              std::shared_ptr<const Azure::Core::Credentials::TokenCredential> credential,
              TableClientOptions const& options = {});

  Models::QueryEntitiesPagedResponse QueryEntities(
      Models::QueryEntitiesOptions const& options = {}, Core::Context const& context = {}) const;
  Response<Models::TableEntity> GetEntity(std::string const& partitionKey,
                                          std::string const& rowKey,
                                          Core::Context const& context = {}) const;
  Response<Models::AddEntityResult> AddEntity(Models::TableEntity const& tableEntity,
                                              Core::Context const& context = {}) const;
  Response<Models::UpdateEntityResult> UpdateEntity(Models::TableEntity const& tableEntity,
                                                    Core::Context const& context = {}) const;
  Response<Models::UpsertEntityResult> UpsertEntity(
      Models::TableEntity const& tableEntity, Models::UpsertEntityOptions const& options = {},
      Core::Context const& context = {}) const;
  Response<Models::SubmitTransactionResult> SubmitTransaction(
      std::vector<Models::TransactionStep> const& steps, Core::Context const& context = {}) const;
};

}}} // namespace Azure::Storage::Tables
