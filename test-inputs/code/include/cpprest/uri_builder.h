// Test mock of cpprestsdk's web::uri_builder (<cpprest/uri_builder.h>).
#pragma once

#include "cpprest/base_uri.h"
#include "cpprest/details/basic_types.h"

namespace web {

/// Builds a URI piece by piece.
class uri_builder {
public:
  uri_builder();
  uri_builder(uri const& uri_str);

  uri_builder& set_scheme(utility::string_t const& scheme);
  uri_builder& set_host(utility::string_t const& host, bool do_encoding = false);
  uri_builder& set_path(utility::string_t const& path, bool do_encoding = false);
  uri_builder& set_query(utility::string_t const& query, bool do_encoding = false);
  uri_builder& append_path(utility::string_t const& path, bool do_encoding = false);
  /// Appends a raw "name=value&..." query string.
  uri_builder& append_query(utility::string_t const& query, bool do_encoding = false);
  /// Appends name=value, encoding both by default.
  template <typename T>
  uri_builder& append_query(utility::string_t const& name, T const& value, bool do_encoding = true);
  uri_builder& append(uri const& relative_uri);

  utility::string_t const& path() const;
  utility::string_t const& query() const;
  utility::string_t to_string() const;
  uri to_uri() const;
};

namespace http {
  typedef web::uri_builder uri_builder;
} // namespace http

} // namespace web
