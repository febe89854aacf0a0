// Test mock of cpprestsdk's HTTP server (<cpprest/http_listener.h>): a
// listener on a URI with one handler per method.
#pragma once

#include "cpprest/base_uri.h"
#include "cpprest/http_msg.h"
#include "pplx/pplxtasks.h"

#include <functional>

namespace web { namespace http { namespace experimental { namespace listener {

class http_listener {
public:
  http_listener();
  explicit http_listener(web::uri address);

  pplx::task<void> open();
  pplx::task<void> close();
  void support(std::function<void(http_request)> const& handler);
  void support(http::method const& method, std::function<void(http_request)> const& handler);
  web::uri const& uri() const;
};

}}}} // namespace web::http::experimental::listener
