// Test mock of azure-core's Azure::Core::PagedResponse<T> (<azure/core/paged_response.hpp>).
#pragma once

#include "azure/core/context.hpp"
#include "azure/core/http/raw_response.hpp"
#include "azure/core/nullable.hpp"

#include <memory>
#include <string>

namespace Azure { namespace Core {

/// Base of every paged result: iterate with HasPage() / MoveToNextPage().
template <class Derived> class PagedResponse {
public:
  bool HasPage() const;
  void MoveToNextPage(Context const& context = Context());

  std::string CurrentPageToken;
  Azure::Nullable<std::string> NextPageToken;
  std::unique_ptr<Http::RawResponse> RawResponse;
};

}} // namespace Azure::Core
