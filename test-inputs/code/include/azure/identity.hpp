// Test mock of azure-identity's credentials (<azure/identity.hpp>).
#pragma once

#include "azure/core/credentials/credentials.hpp"

#include <string>

namespace Azure { namespace Identity {

/// Tries environment, workload identity, managed identity, Azure CLI... in turn.
class DefaultAzureCredential final : public Core::Credentials::TokenCredential {
public:
  DefaultAzureCredential();
  explicit DefaultAzureCredential(Core::Credentials::TokenCredentialOptions const& options);
  Core::Credentials::AccessToken GetToken(
      Core::Credentials::TokenRequestContext const& tokenRequestContext,
      Core::Context const& context) const override;
};

/// Managed identity (system-assigned by default, or a user-assigned client id).
class ManagedIdentityCredential final : public Core::Credentials::TokenCredential {
public:
  ManagedIdentityCredential();
  explicit ManagedIdentityCredential(std::string const& clientId);
  Core::Credentials::AccessToken GetToken(
      Core::Credentials::TokenRequestContext const& tokenRequestContext,
      Core::Context const& context) const override;
};

/// Service principal with a client secret.
class ClientSecretCredential final : public Core::Credentials::TokenCredential {
public:
  ClientSecretCredential(std::string tenantId, std::string clientId, std::string clientSecret);
  Core::Credentials::AccessToken GetToken(
      Core::Credentials::TokenRequestContext const& tokenRequestContext,
      Core::Context const& context) const override;
};

}} // namespace Azure::Identity
