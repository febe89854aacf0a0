// Test mock of azure-core's Azure::Core::Credentials::TokenCredential (<azure/core/credentials/credentials.hpp>).
#pragma once

#include "azure/core/context.hpp"
#include "azure/core/datetime.hpp"

#include <stdexcept>
#include <string>
#include <vector>

namespace Azure { namespace Core { namespace Credentials {

/// A bearer token and its expiry.
struct AccessToken final {
  std::string Token;
  DateTime ExpiresOn;
};

/// What a token is requested for.
struct TokenRequestContext final {
  std::vector<std::string> Scopes;
  std::string TenantId;
};

/// Base of every Azure AD credential (DefaultAzureCredential, ...).
class TokenCredential {
public:
  virtual ~TokenCredential() = default;
  virtual AccessToken GetToken(TokenRequestContext const& tokenRequestContext,
                               Context const& context) const = 0;
  std::string const& GetCredentialName() const;

protected:
  explicit TokenCredential(std::string const& credentialName);
  TokenCredential(TokenCredential const&) = default;
  TokenCredential& operator=(TokenCredential const&) = default;
};

/// Options shared by token credentials.
struct TokenCredentialOptions {
};

/// Thrown when a token cannot be obtained.
class AuthenticationException final : public std::runtime_error {
public:
  explicit AuthenticationException(std::string const& what);
};

}}} // namespace Azure::Core::Credentials
