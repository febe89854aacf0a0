// Test mock of azure-storage-cpp's core types (<was/core.h>): credentials, URIs, results, exceptions, retry base classes.
#pragma once

#include "cpprest/asyncrt_utils.h"
#include "cpprest/base_uri.h"
#include "cpprest/details/basic_types.h"
#include "cpprest/http_msg.h"
#include "pplx/pplxtasks.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace utility {
/// 16-byte GUID (a plain struct on non-Windows platforms).
struct uuid {
  uint8_t data[16];
};
utility::uuid new_uuid();
utility::string_t uuid_to_string(utility::uuid const& value);
utility::uuid string_to_uuid(utility::string_t const& value);
bool uuid_equal(utility::uuid const& value1, utility::uuid const& value2);
} // namespace utility

namespace azure { namespace storage {

enum class storage_location { unspecified, primary, secondary };

enum class location_mode {
  unspecified,
  primary_only,
  primary_then_secondary,
  secondary_only,
  secondary_then_primary,
};

/// Shared key, SAS, or anonymous credentials.
class storage_credentials {
public:
  /// Tag type: the string is a SAS token, not an account key.
  class sas_credential {
  public:
    explicit sas_credential(utility::string_t sas_token);
    utility::string_t const& sas_token() const;
  };

  storage_credentials();
  storage_credentials(utility::string_t account_name, utility::string_t const& account_key);
  storage_credentials(utility::string_t account_name, std::vector<uint8_t> const& account_key);
  explicit storage_credentials(utility::string_t sas_token);
  storage_credentials(utility::string_t account_name, sas_credential const& credential);

  utility::string_t const& account_name() const;
  utility::string_t const& sas_token() const;
  bool is_anonymous() const;
  bool is_sas() const;
  bool is_shared_key() const;
};

/// Primary and optional secondary endpoint of a resource.
class storage_uri {
public:
  storage_uri();
  storage_uri(web::uri primary_uri); // implicit, as in the library
  storage_uri(web::uri primary_uri, web::uri secondary_uri);

  web::uri const& primary_uri() const;
  web::uri const& secondary_uri() const;
  utility::string_t const& path() const;
  web::uri const& get_location_uri(storage_location location) const;
};

/// Error details parsed from a failed response body.
class storage_extended_error {
public:
  storage_extended_error();
  utility::string_t const& code() const;
  utility::string_t const& message() const;
};

/// Outcome of one HTTP request made by the library.
class request_result {
public:
  request_result();
  bool is_response_available() const;
  utility::datetime const& start_time() const;
  utility::datetime const& end_time() const;
  storage_location target_location() const;
  int http_status_code() const;
  utility::string_t const& service_request_id() const;
  utility::string_t const& etag() const;
  storage_extended_error const& extended_error() const;
};

/// Thrown by every failed storage operation.
class storage_exception : public std::runtime_error {
public:
  storage_exception(std::string const& message, bool retryable = true);
  storage_exception(std::string const& message, request_result result, bool retryable);

  request_result const& result() const;
  bool retryable() const;
};

/// Per-operation context: client request id, logging hooks, request results.
class operation_context {
public:
  operation_context();

  utility::string_t const& client_request_id() const;
  void set_client_request_id(utility::string_t client_request_id);
  web::http::http_headers& user_headers();
  web::http::http_headers const& user_headers() const;
  utility::datetime start_time() const;
  utility::datetime end_time() const;
  std::vector<request_result> const& request_results() const;
  void set_sending_request(std::function<void(web::http::http_request&, operation_context)> value);
  void set_response_received(
      std::function<void(web::http::http_request&, web::http::http_response const&, operation_context)> value);
};

/// Marker for the next page of a segmented listing or query.
class continuation_token {
public:
  continuation_token();
  explicit continuation_token(utility::string_t next_marker);
  utility::string_t const& next_marker() const;
  void set_next_marker(utility::string_t next_marker);
  storage_location target_location() const;
  bool empty() const;
};

// ---- Retry: base classes ----

/// What the retry policy is told about the last attempt.
class retry_context {
public:
  retry_context(int current_retry_count, request_result last_request_result,
                storage_location next_location, location_mode current_location_mode);
  int current_retry_count() const;
  request_result const& last_request_result() const;
  storage_location next_location() const;
  location_mode current_location_mode() const;
};

/// A retry decision: default-constructed means "stop", built from a context means "retry".
class retry_info {
public:
  retry_info();
  explicit retry_info(retry_context const& context);

  bool should_retry() const;
  storage_location target_location() const;
  void set_target_location(storage_location value);
  location_mode updated_location_mode() const;
  void set_updated_location_mode(location_mode value);
  std::chrono::milliseconds retry_interval() const;
  void set_retry_interval(std::chrono::milliseconds value);
};

class retry_policy;

/// Interface of every retry policy; subclass (or basic_common_retry_policy) to customise.
class basic_retry_policy {
public:
  virtual ~basic_retry_policy() = default;
  virtual retry_info evaluate(retry_context const& retry_context, operation_context context) = 0;
  virtual retry_policy clone() const = 0;
};

/// Value-semantic handle on a shared basic_retry_policy; the concrete policies derive from it.
class retry_policy : public basic_retry_policy {
public:
  retry_policy();
  explicit retry_policy(std::shared_ptr<basic_retry_policy> ptr);

  retry_info evaluate(retry_context const& retry_context, operation_context context) override;
  retry_policy clone() const override;
  bool is_valid() const;
};

}} // namespace azure::storage
