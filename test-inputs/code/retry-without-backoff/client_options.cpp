// Retry configuration: azure::storage retry policies and azure-core
// RetryOptions set up for table clients.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <chrono>
#include <memory>
#include <string>

using namespace std::chrono_literals;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::TableClientOptions;

namespace {

constexpr auto kRetryDelay = std::chrono::milliseconds(500);
const std::string kServiceUrl = "https://contoso.table.core.windows.net";

} // namespace

// --- azure::storage -----------------------------------------------------------

azure::storage::table_request_options legacyLinear() {
  azure::storage::table_request_options options;
  options.set_retry_policy(
      azure::storage::linear_retry_policy(std::chrono::seconds(2), 5)); // expect: tablelint-retry-without-backoff "waits a constant 2 s between attempts (linear_retry_policy): use exponential_retry_policy"
  return options;
}

azure::storage::table_request_options legacyLinearDefault() {
  azure::storage::table_request_options options;
  azure::storage::linear_retry_policy policy; // expect: tablelint-retry-without-backoff "waits the same delay before every attempt (linear_retry_policy)"
  options.set_retry_policy(policy);
  return options;
}

azure::storage::table_request_options legacyLinearFromConfig(int seconds) {
  azure::storage::table_request_options options;
  options.set_retry_policy(azure::storage::linear_retry_policy( // expect: tablelint-retry-without-backoff "waits the same delay"
      std::chrono::seconds(seconds), 3));
  return options;
}

azure::storage::table_request_options legacyGood() {
  azure::storage::table_request_options options;
  options.set_retry_policy(
      azure::storage::exponential_retry_policy(std::chrono::seconds(2), 5)); // ok: tablelint-retry-without-backoff (exponential)
  return options;
}

azure::storage::table_request_options legacyNoRetry() {
  azure::storage::table_request_options options;
  options.set_retry_policy(azure::storage::no_retry_policy()); // ok: tablelint-retry-without-backoff (no retries is not a retry without backoff)
  return options;
}

// --- azure-core RetryOptions ------------------------------------------------------

TableClient cappedAtTheBaseDelay(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.MaxRetries = 10;
  options.Retry.RetryDelay = std::chrono::seconds(2);
  options.Retry.MaxRetryDelay = std::chrono::seconds(2); // expect: tablelint-retry-without-backoff "retry options cap MaxRetryDelay at 2 s, not above RetryDelay 2 s"
  return TableClient(kServiceUrl, "Events", credential, options);
}

TableClient cappedBelowTheBaseDelay(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.MaxRetryDelay = 400ms; // expect: tablelint-retry-without-backoff "cap MaxRetryDelay at 400 ms, not above RetryDelay 500 ms"
  options.Retry.RetryDelay = kRetryDelay;
  return TableClient(kServiceUrl, "Events", credential, options);
}

TableClient immediateRetries(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.MaxRetries = 5;
  options.Retry.RetryDelay = std::chrono::milliseconds(0); // expect: tablelint-retry-without-backoff "retry options set RetryDelay to 0: retries follow each other at once"
  return TableClient(kServiceUrl, "Events", credential, options);
}

void zeroDelayOnOptionsStruct(Azure::Core::Http::Policies::RetryOptions &retry) {
  retry.RetryDelay = std::chrono::milliseconds::zero(); // expect: tablelint-retry-without-backoff "set RetryDelay to 0"
}

TableClient defaults(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options; // ok: tablelint-retry-without-backoff (exponential by default)
  return TableClient(kServiceUrl, "Events", credential, options);
}

TableClient wellAbove(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.MaxRetries = 5;
  options.Retry.RetryDelay = std::chrono::seconds(2);
  options.Retry.MaxRetryDelay = std::chrono::seconds(30); // ok: tablelint-retry-without-backoff (2, 4, 8, 16, 30 s)
  return TableClient(kServiceUrl, "Events", credential, options);
}

TableClient onlyMaxRetries(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.MaxRetries = 8; // ok: tablelint-retry-without-backoff (delays left at their defaults)
  return TableClient(kServiceUrl, "Events", credential, options);
}

TableClient retriesDisabled(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.MaxRetries = 0;
  options.Retry.RetryDelay = std::chrono::milliseconds(0); // ok: tablelint-retry-without-backoff (no retries at all)
  return TableClient(kServiceUrl, "Events", credential, options);
}

TableClient fromConfig(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential,
                       std::chrono::milliseconds delay, std::chrono::milliseconds cap) {
  TableClientOptions options;
  options.Retry.RetryDelay = delay;
  options.Retry.MaxRetryDelay = cap; // ok: tablelint-retry-without-backoff (values not known)
  return TableClient(kServiceUrl, "Events", credential, options);
}

TableClient twoClients(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  // Two option objects: the cap of one is not compared with the delay of the other.
  TableClientOptions fast, slow;
  fast.Retry.RetryDelay = std::chrono::seconds(5);
  slow.Retry.MaxRetryDelay = std::chrono::seconds(4); // ok: tablelint-retry-without-backoff (another object)
  return TableClient(kServiceUrl, "Events", credential, slow);
}
