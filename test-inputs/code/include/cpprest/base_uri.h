// Test mock of cpprestsdk's web::uri (<cpprest/base_uri.h>).
#pragma once

#include "cpprest/details/basic_types.h"

#include <map>
#include <string>

namespace web {

/// An immutable, parsed URI.
class uri {
public:
  uri();
  uri(utility::char_t const* uri_string);
  uri(utility::string_t const& uri_string);

  utility::string_t const& scheme() const;
  utility::string_t const& host() const;
  int port() const;
  utility::string_t const& path() const;
  utility::string_t const& query() const;
  utility::string_t to_string() const;
  bool is_empty() const;

  static utility::string_t encode_uri(utility::string_t const& raw);
  static utility::string_t encode_data_string(utility::string_t const& data);
  static utility::string_t decode(utility::string_t const& encoded);
  static std::map<utility::string_t, utility::string_t> split_query(utility::string_t const& query);

  bool operator==(uri const& other) const;
  bool operator!=(uri const& other) const;
};

namespace http {
  typedef web::uri uri;
} // namespace http

} // namespace web
