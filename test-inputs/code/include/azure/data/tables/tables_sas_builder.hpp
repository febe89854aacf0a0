// Test mock of azure-data-tables' Sas::TablesSasBuilder (<azure/data/tables/tables_sas_builder.hpp>).
#pragma once

#include "azure/core/datetime.hpp"
#include "azure/core/nullable.hpp"
#include "azure/data/tables/account_sas_builder.hpp"
#include "azure/data/tables/credentials/named_key_credential.hpp"

#include <string>

namespace Azure { namespace Data { namespace Tables { namespace Sas {

enum class TablesSasPermissions {
  Read = 1,
  Add = 2,
  Update = 4,
  Delete = 8,
  All = 15,
};
TablesSasPermissions operator|(TablesSasPermissions lhs, TablesSasPermissions rhs);

/// Builds a SAS token scoped to one table (optionally to a key range).
class TablesSasBuilder final {
public:
  SasProtocol Protocol = SasProtocol::HttpsOnly;
  Azure::Nullable<Azure::DateTime> StartsOn;
  Azure::DateTime ExpiresOn;
  Azure::Nullable<std::string> IPRange;
  std::string Identifier;
  std::string TableName;
  std::string PartitionKeyStart;
  std::string PartitionKeyEnd;
  std::string RowKeyStart;
  std::string RowKeyEnd;

  void SetPermissions(TablesSasPermissions permissions);
  void SetPermissions(std::string rawPermissions);
  std::string GenerateSasToken(Credentials::NamedKeyCredential const& credential) const;
};

}}}} // namespace Azure::Data::Tables::Sas
