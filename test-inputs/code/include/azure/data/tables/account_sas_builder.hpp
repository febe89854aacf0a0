// Test mock of azure-data-tables' Sas::AccountSasBuilder (<azure/data/tables/account_sas_builder.hpp>).
#pragma once

#include "azure/core/datetime.hpp"
#include "azure/core/nullable.hpp"
#include "azure/data/tables/credentials/named_key_credential.hpp"

#include <string>

namespace Azure { namespace Data { namespace Tables { namespace Sas {

enum class SasProtocol {
  HttpsAndHttp,
  HttpsOnly,
};

enum class AccountSasResource {
  Service = 1,
  Container = 2,
  Object = 4,
  All = 7,
};
AccountSasResource operator|(AccountSasResource lhs, AccountSasResource rhs);

enum class AccountSasServices {
  Blobs = 1,
  Queue = 2,
  Files = 4,
  Table = 8,
  All = 15,
};
AccountSasServices operator|(AccountSasServices lhs, AccountSasServices rhs);

enum class AccountSasPermissions {
  Read = 1,
  Write = 2,
  Delete = 4,
  List = 8,
  Add = 16,
  Create = 32,
  Update = 64,
  Process = 128,
  All = 255,
};
AccountSasPermissions operator|(AccountSasPermissions lhs, AccountSasPermissions rhs);

/// Builds an account SAS token.
class AccountSasBuilder final {
public:
  SasProtocol Protocol = SasProtocol::HttpsOnly;
  Azure::Nullable<Azure::DateTime> StartsOn;
  Azure::DateTime ExpiresOn;
  Azure::Nullable<std::string> IPRange;
  AccountSasServices Services = AccountSasServices::Table;
  AccountSasResource ResourceTypes = AccountSasResource::All;

  void SetPermissions(AccountSasPermissions permissions);
  void SetPermissions(std::string rawPermissions);
  std::string GenerateSasToken(Credentials::NamedKeyCredential const& credential) const;
};

}}}} // namespace Azure::Data::Tables::Sas
