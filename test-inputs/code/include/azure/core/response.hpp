// Test mock of azure-core's Azure::Response<T> (<azure/core/response.hpp>).
#pragma once

#include "azure/core/http/raw_response.hpp"

#include <memory>

namespace Azure {

/// A deserialized service result plus the raw HTTP response it came from.
template <class T> class Response final {
public:
  Response(T value, std::unique_ptr<Core::Http::RawResponse> rawResponse);

  /// The deserialized result.
  T Value;
  /// The HTTP response (move-only, so Response is move-only as in the SDK).
  std::unique_ptr<Core::Http::RawResponse> RawResponse;
};

} // namespace Azure
