// Test mock of cpprestsdk's web::http::client::http_client (<cpprest/http_client.h>).
#pragma once

#include "cpprest/asyncrt_utils.h"
#include "cpprest/base_uri.h"
#include "cpprest/details/basic_types.h"
#include "cpprest/http_msg.h"
#include "cpprest/uri_builder.h"
#include "pplx/pplxtasks.h"

#include <chrono>

namespace web { namespace http { namespace client {

class http_client_config {
public:
  http_client_config();
  std::chrono::microseconds timeout() const;
  template <class T> void set_timeout(T const& timeout);
  bool guarantee_order() const;
  void set_guarantee_order(bool guarantee_order);
};

/// HTTP client bound to a base URI.
class http_client {
public:
  http_client(web::uri const& base_uri);
  http_client(web::uri const& base_uri, http_client_config const& client_config);

  web::uri const& base_uri() const;
  http_client_config const& client_config() const;

  pplx::task<http_response> request(http_request request);
  pplx::task<http_response> request(http::method const& mtd);
  pplx::task<http_response> request(http::method const& mtd,
                                    utility::string_t const& path_query_fragment);
  pplx::task<http_response> request(http::method const& mtd,
                                    utility::string_t const& path_query_fragment,
                                    utility::string_t const& body_data,
                                    utility::string_t const& content_type = "text/plain");
};

}}} // namespace web::http::client
