// Test mock of azure-storage-cpp's Blob service API (<was/blob.h>), a
// minimal subset: a blob user of the retired library is not a table user.
#pragma once

#include "cpprest/details/basic_types.h"
#include "pplx/pplxtasks.h"
#include "was/core.h"

namespace azure { namespace storage {

/// A block blob.
class cloud_block_blob {
public:
  cloud_block_blob();
  void upload_text(utility::string_t const& content);
  utility::string_t download_text();
  pplx::task<void> upload_text_async(utility::string_t const& content);
};

/// A blob container.
class cloud_blob_container {
public:
  cloud_blob_container();
  bool create_if_not_exists();
  cloud_block_blob get_block_blob_reference(utility::string_t blob_name) const;
};

/// Client for the Blob service of one account.
class cloud_blob_client {
public:
  cloud_blob_client();
  explicit cloud_blob_client(storage_uri const& base_uri);
  cloud_blob_client(storage_uri const& base_uri, storage_credentials const& credentials);
  cloud_blob_container get_container_reference(utility::string_t container_name) const;
};

}} // namespace azure::storage
