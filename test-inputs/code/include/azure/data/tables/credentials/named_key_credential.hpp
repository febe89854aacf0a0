// Test mock of azure-data-tables' shared-key credentials (<azure/data/tables/credentials/named_key_credential.hpp>).
#pragma once

#include <string>

namespace Azure { namespace Data { namespace Tables { namespace Credentials {

/// Account name + account key (beta.2-beta.5).
class NamedKeyCredential final {
public:
  explicit NamedKeyCredential(std::string accountName, std::string accountKey);
  std::string const& GetAccountName() const;
  void Update(std::string accountKey);
};

/// beta.1 name of the same thing.
class SharedKeyCredential final {
public:
  explicit SharedKeyCredential(std::string accountName, std::string accountKey);
  std::string const& GetAccountName() const;
  void Update(std::string accountKey);
};

}}}} // namespace Azure::Data::Tables::Credentials
