// RetryOptions::StatusCodes of a table client: codes that describe the
// request (400, 404, 409, 412, ...) get the same answer on every retry.
#include <azure/data/tables.hpp>

#include <memory>
#include <set>
#include <string>

using Azure::Core::Http::HttpStatusCode;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::TableClientOptions;

namespace {
const std::string kServiceUrl = "https://contoso.table.core.windows.net";
}

TableClient withExtraCodes(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.MaxRetries = 5;
  options.Retry.StatusCodes.insert(HttpStatusCode::TooManyRequests); // ok: tablelint-retry-non-retryable (429 is transient)
  options.Retry.StatusCodes.insert(HttpStatusCode::Conflict); // expect: tablelint-retry-non-retryable "retry options retry 409 Conflict: the same request fails again on every attempt; keep StatusCodes to 408, 500, 502, 503 and 504"
  options.Retry.StatusCodes.insert(static_cast<HttpStatusCode>(404)); // expect: tablelint-retry-non-retryable "retry options retry 404 Not Found"
  return TableClient(kServiceUrl, "Orders", credential, options);
}

TableClient withCodeList(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.StatusCodes = {
      HttpStatusCode::ServiceUnavailable, // ok: tablelint-retry-non-retryable (503)
      HttpStatusCode::InternalServerError, // ok: tablelint-retry-non-retryable (500)
      HttpStatusCode::BadRequest, // expect: tablelint-retry-non-retryable "400 Bad Request: the same request fails again"
      HttpStatusCode::PreconditionFailed, // expect: tablelint-retry-non-retryable "412 Precondition Failed"
  };
  return TableClient(kServiceUrl, "Orders", credential, options);
}

void retryEverythingOnPolicy(Azure::Core::Http::Policies::RetryOptions &retry) {
  retry.StatusCodes.emplace(HttpStatusCode::Unauthorized); // expect: tablelint-retry-non-retryable "401 Unauthorized"
  retry.StatusCodes.insert(HttpStatusCode::HttpVersionNotSupported); // expect: tablelint-retry-non-retryable "505 Http Version Not Supported"
}

TableClient withTransientCodes(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential) {
  TableClientOptions options;
  options.Retry.StatusCodes = {HttpStatusCode::RequestTimeout, // ok: tablelint-retry-non-retryable (408)
                               HttpStatusCode::ServiceUnavailable,
                               HttpStatusCode::GatewayTimeout};
  options.Retry.StatusCodes.insert(static_cast<HttpStatusCode>(502)); // ok: tablelint-retry-non-retryable (502)
  options.Retry.StatusCodes.erase(HttpStatusCode::InternalServerError); // ok: tablelint-retry-non-retryable (removing is fine)
  return TableClient(kServiceUrl, "Orders", credential, options);
}

TableClient fromConfiguration(std::shared_ptr<Azure::Core::Credentials::TokenCredential> credential,
                              std::set<HttpStatusCode> const &codes) {
  TableClientOptions options;
  options.Retry.StatusCodes = codes; // ok: tablelint-retry-non-retryable (not known here)
  return TableClient(kServiceUrl, "Orders", credential, options);
}
