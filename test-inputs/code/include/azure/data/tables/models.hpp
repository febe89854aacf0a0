// Test mock of azure-data-tables' Azure::Data::Tables::Models (<azure/data/tables/models.hpp>).
#pragma once

#include "azure/core/context.hpp"
#include "azure/core/nullable.hpp"
#include "azure/core/paged_response.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace Azure { namespace Data { namespace Tables {
class TableClient;
class TableServiceClient;

namespace Models {

  /// EDM type of a property (an extensible enumeration: static constants, not enumerators).
  class TableEntityDataType final {
  public:
    TableEntityDataType() = default;
    explicit TableEntityDataType(std::string value);
    bool operator==(TableEntityDataType const& other) const;
    bool operator!=(TableEntityDataType const& other) const;
    std::string const& ToString() const;

    static const TableEntityDataType EdmBinary;
    static const TableEntityDataType EdmBoolean;
    static const TableEntityDataType EdmDateTime;
    static const TableEntityDataType EdmDouble;
    static const TableEntityDataType EdmGuid;
    static const TableEntityDataType EdmInt32;
    static const TableEntityDataType EdmInt64;
    static const TableEntityDataType EdmString;
  };

  /// One property: its value as a string plus an optional EDM type.
  class TableEntityProperty final {
  public:
    TableEntityProperty() = default;
    TableEntityProperty(std::string const& value) : Value(value) {}
    TableEntityProperty(std::string const& value, TableEntityDataType type)
        : Value(value), Type(type) {}

    std::string Value;
    Azure::Nullable<TableEntityDataType> Type;
  };

  /// An entity: a map of properties, with accessors for the system properties.
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

    // beta.1 shape: the keys were public fields.
    std::string PartitionKey;
    std::string RowKey;
    std::string ETag;
  };

  // ---- Tables (service client) ----

  struct Table final {
    std::string TableName;
    std::string Metadata;
    std::string EditLink;
    std::string Type;
    std::string Id;
  };

  struct QueryTablesOptions final {
    Azure::Nullable<std::string> Prefix;
    Azure::Nullable<std::string> Filter;
    Azure::Nullable<std::string> ContinuationToken;
    Azure::Nullable<std::int32_t> PageSizeHint;
  };

  class QueryTablesPagedResponse final : public Azure::Core::PagedResponse<QueryTablesPagedResponse> {
  public:
    std::string ServiceEndpoint;
    Azure::Nullable<std::string> Prefix;
    std::vector<Table> Tables;
  };

  struct DeleteTableResult final {
  };

  // ---- Queries ----

  /// Options of TableClient::QueryEntities. Default-constructed = full table scan.
  struct QueryEntitiesOptions final {
    std::string PartitionKey;
    std::string RowKey;
    std::string NextPartitionKey;
    std::string NextRowKey;
    /// Comma-separated list of properties, sent as $select.
    std::string SelectColumns;
    /// OData expression, sent as $filter.
    Azure::Nullable<std::string> Filter;
  };

  /// One page of QueryEntities results.
  class QueryEntitiesPagedResponse final
      : public Azure::Core::PagedResponse<QueryEntitiesPagedResponse> {
  public:
    std::string NextPartitionKey;
    std::string NextRowKey;
    std::vector<TableEntity> TableEntities;
  };

  // ---- Single-entity operations ----

  enum class UpsertKind {
    Update,
    Merge,
  };

  struct UpsertEntityOptions {
    UpsertKind UpsertType = UpsertKind::Update;
  };

  // Per-operation options of the beta.2-beta.5 entity operations.
  struct AddEntityOptions {
  };
  struct UpdateEntityOptions {
    /// ETag to match; "*" (the default) is unconditional.
    std::string IfMatch = "*";
  };
  struct MergeEntityOptions {
    std::string IfMatch = "*";
  };
  struct DeleteEntityOptions {
    std::string IfMatch = "*";
  };
  struct GetEntityOptions {
    std::string SelectColumns;
  };

  struct AddEntityResult {
    std::string ETag;
  };
  struct UpdateEntityResult {
    std::string ETag;
  };
  struct MergeEntityResult {
    std::string ETag;
  };
  struct DeleteEntityResult final {
  };
  struct UpsertEntityResult final {
    std::string ETag;
  };

  // ---- Transactions (entity group transactions, max 100 steps, one partition) ----

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
}}} // namespace Azure::Data::Tables
