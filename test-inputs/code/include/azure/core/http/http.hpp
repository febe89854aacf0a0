// Test mock of azure-core's Azure::Core::Http::Request and HttpMethod (<azure/core/http/http.hpp>).
#pragma once

#include "azure/core/http/http_status_code.hpp"
#include "azure/core/http/raw_response.hpp"

#include <map>
#include <string>

namespace Azure { namespace Core { namespace Http {

/// HTTP verb (an extensible enumeration in the SDK).
class HttpMethod final {
public:
  explicit HttpMethod(std::string value);
  std::string const& ToString() const;
  bool operator==(HttpMethod const& other) const;
  bool operator!=(HttpMethod const& other) const;

  static const HttpMethod Get;
  static const HttpMethod Head;
  static const HttpMethod Post;
  static const HttpMethod Put;
  static const HttpMethod Delete;
  static const HttpMethod Patch;
};

/// An outgoing HTTP request as seen by pipeline policies.
class Request final {
public:
  Request(HttpMethod httpMethod, std::string const& url);

  HttpMethod const& GetMethod() const;
  std::string GetUrl() const;
  void SetHeader(std::string const& name, std::string const& value);
  void RemoveHeader(std::string const& name);
  std::map<std::string, std::string> GetHeaders() const;
};

}}} // namespace Azure::Core::Http
