// Test mock of azure-storage-cpp's cloud_storage_account (<was/storage_account.h>).
#pragma once

#include "was/core.h"

namespace azure { namespace storage {

class cloud_blob_client;
class cloud_table_client;
class table_request_options;

/// A storage account: credentials plus service endpoints.
class cloud_storage_account {
public:
  cloud_storage_account();
  cloud_storage_account(storage_credentials const& credentials, bool use_https);
  cloud_storage_account(storage_credentials const& credentials, utility::string_t const& endpoint_suffix,
                        bool use_https);
  cloud_storage_account(storage_credentials const& credentials, storage_uri const& blob_endpoint,
                        storage_uri const& queue_endpoint, storage_uri const& table_endpoint);

  static cloud_storage_account parse(utility::string_t const& connection_string);
  static cloud_storage_account development_storage_account();

  cloud_blob_client create_cloud_blob_client() const;
  cloud_table_client create_cloud_table_client() const;
  cloud_table_client create_cloud_table_client(table_request_options const& default_request_options) const;

  storage_uri const& table_endpoint() const;
  storage_credentials const& credentials() const;
  utility::string_t to_string(bool export_secrets = false);
};

}} // namespace azure::storage
