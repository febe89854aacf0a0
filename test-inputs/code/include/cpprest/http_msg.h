// Test mock of cpprestsdk's HTTP messages (<cpprest/http_msg.h>).
#pragma once

#include "cpprest/base_uri.h"
#include "cpprest/details/basic_types.h"
#include "pplx/pplxtasks.h"

#include <cstdint>
#include <map>
#include <vector>

namespace web { namespace http {

typedef utility::string_t method;

/// HTTP verbs.
class methods {
public:
  static const method GET;
  static const method POST;
  static const method PUT;
  static const method DEL;
  static const method HEAD;
  static const method OPTIONS;
  static const method TRCE;
  static const method CONNECT;
  static const method MERGE;
  static const method PATCH;
};

typedef unsigned short status_code;

/// HTTP status codes (cpprestsdk names).
class status_codes {
public:
  static const status_code OK = 200;
  static const status_code Created = 201;
  static const status_code Accepted = 202;
  static const status_code NoContent = 204;
  static const status_code BadRequest = 400;
  static const status_code Unauthorized = 401;
  static const status_code Forbidden = 403;
  static const status_code NotFound = 404;
  static const status_code RequestTimeout = 408;
  static const status_code Conflict = 409;
  static const status_code PreconditionFailed = 412;
  static const status_code RequestEntityTooLarge = 413;
  static const status_code UnsupportedMediaType = 415;
  static const status_code TooManyRequests = 429;
  static const status_code InternalError = 500;
  static const status_code NotImplemented = 501;
  static const status_code BadGateway = 502;
  static const status_code ServiceUnavailable = 503;
  static const status_code GatewayTimeout = 504;
  static const status_code HttpVersionNotSupported = 505;
};

/// Common header names.
class header_names {
public:
  static const utility::string_t accept;
  static const utility::string_t authorization;
  static const utility::string_t content_type;
  static const utility::string_t content_length;
  static const utility::string_t date;
  static const utility::string_t if_match;
  static const utility::string_t user_agent;
};

/// Case-insensitive header collection.
class http_headers {
public:
  typedef utility::string_t key_type;
  typedef std::map<utility::string_t, utility::string_t>::iterator iterator;
  typedef std::map<utility::string_t, utility::string_t>::const_iterator const_iterator;

  http_headers();
  template <typename T> void add(key_type const& name, T const& value);
  void remove(key_type const& name);
  bool has(key_type const& name) const;
  utility::string_t& operator[](key_type const& name);
  iterator find(key_type const& name);
  iterator begin();
  iterator end();
  const_iterator begin() const;
  const_iterator end() const;
  std::size_t size() const;
  utility::string_t content_type() const;
  void set_content_type(utility::string_t type);
};

/// A response received by http_client.
class http_response {
public:
  http_response();
  explicit http_response(http::status_code code);

  http::status_code status_code() const;
  void set_status_code(http::status_code code);
  utility::string_t const& reason_phrase() const;
  http_headers& headers();
  http_headers const& headers() const;
  pplx::task<utility::string_t> extract_string(bool ignore_content_type = false) const;
  pplx::task<std::vector<unsigned char>> extract_vector() const;
  void set_body(utility::string_t const& body);
};

/// A request to send with http_client.
class http_request {
public:
  http_request();
  http_request(http::method mtd);

  http::method const& method() const;
  void set_method(http::method const& mtd);
  web::uri request_uri() const;
  void set_request_uri(web::uri const& uri);
  http_headers& headers();
  http_headers const& headers() const;
  void set_body(utility::string_t const& body,
                utility::string_t const& content_type = "text/plain; charset=utf-8");
  void set_body(std::vector<unsigned char> body);
  pplx::task<utility::string_t> extract_string(bool ignore_content_type = false);
  // Server side (http_listener): answer the request.
  pplx::task<void> reply(http::status_code status) const;
  pplx::task<void> reply(http::status_code status, utility::string_t const& body_data) const;
};

}} // namespace web::http
