// Test mock of azure-data-tables' Credentials::AzureSasCredential (<azure/data/tables/credentials/azure_sas_credential.hpp>).
#pragma once

#include <string>

namespace Azure { namespace Data { namespace Tables { namespace Credentials {

/// A shared access signature (beta.2-beta.5).
class AzureSasCredential final {
public:
  explicit AzureSasCredential(std::string signature);
  std::string GetSignature() const;
  void Update(std::string signature);
};

}}}} // namespace Azure::Data::Tables::Credentials
