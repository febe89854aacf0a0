// Test mock of azure-core's HTTP pipeline policies and RetryOptions (<azure/core/http/policies/policy.hpp>).
#pragma once

#include "azure/core/context.hpp"
#include "azure/core/http/http.hpp"
#include "azure/core/http/http_status_code.hpp"
#include "azure/core/http/raw_response.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <set>
#include <vector>

namespace Azure { namespace Core { namespace Http { namespace Policies {

/// Retry settings of the built-in (exponential, jittered) retry policy.
struct RetryOptions final {
  int32_t MaxRetries = 3;
  std::chrono::milliseconds RetryDelay = std::chrono::milliseconds(800);
  std::chrono::milliseconds MaxRetryDelay = std::chrono::seconds(60);
  std::set<HttpStatusCode> StatusCodes{
      HttpStatusCode::RequestTimeout,     // 408
      HttpStatusCode::InternalServerError, // 500
      HttpStatusCode::BadGateway,         // 502
      HttpStatusCode::ServiceUnavailable, // 503
      HttpStatusCode::GatewayTimeout,     // 504
  };
};

class HttpPolicy;

/// Handle on the rest of the pipeline, given to HttpPolicy::Send.
class NextHttpPolicy final {
public:
  NextHttpPolicy(std::size_t index, std::vector<std::unique_ptr<HttpPolicy>> const& policies);
  std::unique_ptr<RawResponse> Send(Request& request, Context const& context);
};

/// A step of the HTTP pipeline.
class HttpPolicy {
public:
  virtual ~HttpPolicy() = default;
  virtual std::unique_ptr<RawResponse> Send(Request& request, NextHttpPolicy nextPolicy,
                                            Context const& context) const = 0;
  virtual std::unique_ptr<HttpPolicy> Clone() const = 0;

protected:
  HttpPolicy() = default;
  HttpPolicy(HttpPolicy const&) = default;
  HttpPolicy& operator=(HttpPolicy const&) = default;
};

namespace _internal {

  /// Newer shape: the retry decision hooks live on a base that can be subclassed.
  class RetryPolicyBase : public HttpPolicy {
  public:
    explicit RetryPolicyBase(RetryOptions options);

    std::unique_ptr<RawResponse> Send(Request& request, NextHttpPolicy nextPolicy,
                                      Context const& context) const override;
    std::unique_ptr<HttpPolicy> Clone() const override;

    /// Retry attempt number stored in the context by the policy (-1 outside a retry loop).
    static int32_t GetRetryCount(Context const& context);

  protected:
    /// Decide whether a response should be retried and after how long.
    virtual bool ShouldRetryOnResponse(RawResponse const& response,
                                       RetryOptions const& retryOptions, int32_t attempt,
                                       std::chrono::milliseconds& retryAfter,
                                       double jitterFactor = -1) const;
    /// Decide whether a transport failure (no response) should be retried.
    virtual bool ShouldRetryOnTransportFailure(RetryOptions const& retryOptions,
                                               int32_t attempt,
                                               std::chrono::milliseconds& retryAfter,
                                               double jitterFactor = -1) const;

    RetryOptions m_retryOptions;
  };

  /// The built-in retry policy (exponential backoff with jitter).
  class RetryPolicy : public RetryPolicyBase {
  public:
    explicit RetryPolicy(RetryOptions options);
    std::unique_ptr<HttpPolicy> Clone() const override;
  };

} // namespace _internal

}}}} // namespace Azure::Core::Http::Policies
