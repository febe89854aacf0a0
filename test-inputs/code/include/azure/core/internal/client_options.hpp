// Test mock of azure-core's Azure::Core::_internal::ClientOptions (<azure/core/internal/client_options.hpp>).
#pragma once

#include "azure/core/http/policies/policy.hpp"

#include <memory>
#include <string>
#include <vector>

namespace Azure { namespace Core { namespace _internal {

/// Options every SDK client options struct derives from.
struct ClientOptions {
  ClientOptions() = default;
  ClientOptions(ClientOptions const& other); // clones the policies
  ClientOptions& operator=(ClientOptions const& other);
  ClientOptions(ClientOptions&&) = default;
  ClientOptions& operator=(ClientOptions&&) = default;

  /// Policies run once per operation, before the retry policy.
  std::vector<std::unique_ptr<Http::Policies::HttpPolicy>> PerOperationPolicies;
  /// Policies run on every attempt, after the retry policy.
  std::vector<std::unique_ptr<Http::Policies::HttpPolicy>> PerRetryPolicies;
  /// Settings of the built-in retry policy.
  Http::Policies::RetryOptions Retry;
};

}}} // namespace Azure::Core::_internal
