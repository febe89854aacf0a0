// Test mock of azure-storage-cpp's request_options (<was/common.h>).
#pragma once

#include "was/core.h"
#include "was/retry_policies.h"

#include <chrono>

namespace azure { namespace storage {

/// Options shared by every request: retry policy, timeouts, location mode.
class request_options {
public:
  request_options();

  azure::storage::retry_policy retry_policy() const;
  void set_retry_policy(azure::storage::retry_policy retry_policy);
  std::chrono::seconds server_timeout() const;
  void set_server_timeout(std::chrono::seconds server_timeout);
  std::chrono::milliseconds maximum_execution_time() const;
  void set_maximum_execution_time(std::chrono::milliseconds maximum_execution_time);
  std::chrono::seconds noactivity_timeout() const;
  void set_noactivity_timeout(std::chrono::seconds noactivity_timeout);
  azure::storage::location_mode location_mode() const;
  void set_location_mode(azure::storage::location_mode location_mode);
};

}} // namespace azure::storage
