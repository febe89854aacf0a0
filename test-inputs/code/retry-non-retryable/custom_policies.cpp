// Custom retry policies: azure::storage evaluate() overrides and an
// azure-core RetryPolicy override that decide to retry without looking at
// the status code.
#include <azure/core/http/policies/policy.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <chrono>
#include <memory>

namespace policies {

using azure::storage::operation_context;
using azure::storage::retry_context;
using azure::storage::retry_info;

// Retries everything up to five times, 2 s apart: 404 and 409 included.
class LenientRetryPolicy : public azure::storage::basic_retry_policy {
public:
  retry_info evaluate(retry_context const &context, operation_context) override {
    if (context.current_retry_count() >= 5)
      return retry_info();
    retry_info info(context);
    info.set_retry_interval(std::chrono::seconds(2));
    return info; // expect: tablelint-retry-non-retryable "custom retry policy 'LenientRetryPolicy::evaluate' retries without reading the status code: 400, 401, 403, 404, 409, 412, 413, 415, 501 and 505 fail the same way"
  }
  azure::storage::retry_policy clone() const override {
    return azure::storage::retry_policy(std::make_shared<LenientRetryPolicy>());
  }
};

// Extends the built-in logic with a longer interval: the retry comes
// straight from the context.
class AlwaysRetry : public azure::storage::basic_common_retry_policy {
public:
  AlwaysRetry() : basic_common_retry_policy(std::chrono::seconds(1), 3) {}
  retry_info evaluate(retry_context const &context, operation_context) override {
    return retry_info(context); // expect: tablelint-retry-non-retryable "custom retry policy 'AlwaysRetry::evaluate'"
  }
  azure::storage::retry_policy clone() const override {
    return azure::storage::retry_policy(std::make_shared<AlwaysRetry>());
  }
};

// Reads the status: only 503 and 500 are retried.
class ThrottlingRetryPolicy : public azure::storage::basic_retry_policy {
public:
  retry_info evaluate(retry_context const &context, operation_context) override {
    const int status = context.last_request_result().http_status_code();
    if (status != 503 && status != 500)
      return retry_info();
    return retry_info(context); // ok: tablelint-retry-non-retryable (checks http_status_code())
  }
  azure::storage::retry_policy clone() const override {
    return azure::storage::retry_policy(std::make_shared<ThrottlingRetryPolicy>());
  }
};

// Lets the built-in policy filter the status, then changes the interval.
class SlowerExponential : public azure::storage::basic_common_retry_policy {
public:
  SlowerExponential() : basic_common_retry_policy(std::chrono::seconds(4), 4) {}
  retry_info evaluate(retry_context const &context, operation_context op) override {
    retry_info info = basic_common_retry_policy::evaluate(context, op);
    info.set_retry_interval(std::chrono::seconds(4 << context.current_retry_count()));
    return info; // ok: tablelint-retry-non-retryable (the base evaluate filters)
  }
  azure::storage::retry_policy clone() const override {
    return azure::storage::retry_policy(std::make_shared<SlowerExponential>());
  }
};

// Never retries: nothing to report.
class GiveUp : public azure::storage::basic_retry_policy {
public:
  retry_info evaluate(retry_context const &, operation_context) override {
    return retry_info(); // ok: tablelint-retry-non-retryable (stops)
  }
  azure::storage::retry_policy clone() const override {
    return azure::storage::retry_policy(std::make_shared<GiveUp>());
  }
};

// --- azure-core -------------------------------------------------------------------

using Azure::Core::Http::RawResponse;
using Azure::Core::Http::Policies::RetryOptions;

class RetryEveryResponse final
    : public Azure::Core::Http::Policies::_internal::RetryPolicyBase {
public:
  explicit RetryEveryResponse(RetryOptions options) : RetryPolicyBase(std::move(options)) {}

protected:
  bool ShouldRetryOnResponse(RawResponse const &, RetryOptions const &options, int32_t attempt,
                             std::chrono::milliseconds &retryAfter, double) const override {
    if (attempt > options.MaxRetries)
      return false;
    retryAfter = std::chrono::seconds(1);
    return true; // expect: tablelint-retry-non-retryable "custom retry policy 'RetryEveryResponse::ShouldRetryOnResponse' retries without reading the status code"
  }
};

class RetryThrottled final : public Azure::Core::Http::Policies::_internal::RetryPolicyBase {
public:
  explicit RetryThrottled(RetryOptions options) : RetryPolicyBase(std::move(options)) {}

protected:
  bool ShouldRetryOnResponse(RawResponse const &response, RetryOptions const &options,
                             int32_t attempt, std::chrono::milliseconds &retryAfter,
                             double) const override {
    if (attempt > options.MaxRetries ||
        options.StatusCodes.count(response.GetStatusCode()) == 0)
      return false;
    retryAfter = std::chrono::seconds(1 << attempt);
    return true; // ok: tablelint-retry-non-retryable (reads GetStatusCode())
  }
};

} // namespace policies
