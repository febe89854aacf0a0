// Test mock of azure-storage-cpp's retry policies (<was/retry_policies.h>).
#pragma once

#include "was/core.h"

#include <chrono>

namespace azure { namespace storage {

class basic_no_retry_policy : public basic_retry_policy {
public:
  basic_no_retry_policy();
  retry_info evaluate(retry_context const& retry_context, operation_context context) override;
  retry_policy clone() const override;
};

/// Never retries.
class no_retry_policy : public retry_policy {
public:
  no_retry_policy();
};

/// Shared logic of the built-in policies: never retries 300-499 except 408, nor 501 / 505.
/// Subclass it and override evaluate() for a custom policy.
class basic_common_retry_policy : public basic_retry_policy {
public:
  retry_info evaluate(retry_context const& retry_context, operation_context context) override;

protected:
  basic_common_retry_policy(std::chrono::milliseconds delta_backoff, int max_attempts);
  void align_retry_interval(retry_info& retry_info);

  std::chrono::milliseconds m_delta_backoff;
  int m_max_attempts;
};

class basic_linear_retry_policy : public basic_common_retry_policy {
public:
  basic_linear_retry_policy(std::chrono::milliseconds delta_backoff, int max_attempts);
  retry_info evaluate(retry_context const& retry_context, operation_context context) override;
  retry_policy clone() const override;
};

/// Constant delay between attempts.
class linear_retry_policy : public retry_policy {
public:
  linear_retry_policy();
  linear_retry_policy(std::chrono::seconds delta_backoff, int max_attempts);
};

class basic_exponential_retry_policy : public basic_common_retry_policy {
public:
  basic_exponential_retry_policy(std::chrono::milliseconds delta_backoff, int max_attempts);
  retry_info evaluate(retry_context const& retry_context, operation_context context) override;
  retry_policy clone() const override;
};

/// Exponentially growing, randomised delay (the library default).
class exponential_retry_policy : public retry_policy {
public:
  exponential_retry_policy();
  exponential_retry_policy(std::chrono::seconds delta_backoff, int max_attempts);
};

}} // namespace azure::storage
