// Test mock of azure-core's Azure::Core::Http::RawResponse (<azure/core/http/raw_response.hpp>).
#pragma once

#include "azure/core/http/http_status_code.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace Azure { namespace Core { namespace Http {

/// The HTTP response as received from the transport.
class RawResponse final {
public:
  RawResponse(int32_t majorVersion, int32_t minorVersion, HttpStatusCode statusCode,
              std::string const& reasonPhrase);

  HttpStatusCode GetStatusCode() const;
  std::string const& GetReasonPhrase() const;
  std::map<std::string, std::string> const& GetHeaders() const;
  std::vector<uint8_t> const& GetBody() const;
  void SetHeader(std::string const& name, std::string const& value);
};

}}} // namespace Azure::Core::Http
