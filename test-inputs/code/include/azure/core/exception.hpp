// Test mock of azure-core's Azure::Core::RequestFailedException (<azure/core/exception.hpp>).
#pragma once

#include "azure/core/http/http_status_code.hpp"

#include <stdexcept>
#include <string>

namespace Azure { namespace Core {

/// Thrown by every SDK call whose HTTP response is not a success.
class RequestFailedException : public std::runtime_error {
public:
  explicit RequestFailedException(std::string const& what);

  Http::HttpStatusCode StatusCode = Http::HttpStatusCode::None;
  std::string ReasonPhrase;
  std::string ClientRequestId;
  std::string RequestId;
  std::string ErrorCode;
  std::string Message;
};

/// Thrown when a Context is cancelled or its deadline passes.
class OperationCancelledException : public std::runtime_error {
public:
  explicit OperationCancelledException(std::string const& what);
};

}} // namespace Azure::Core
