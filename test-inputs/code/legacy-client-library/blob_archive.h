// A project header for blobs only: the retired library, but not its table
// API.
#pragma once

#include <was/blob.h> // ok: tablelint-legacy-client-library (blobs only)
#include <was/storage_account.h> // ok: tablelint-legacy-client-library (the account)
// <was/table.h> is named in this comment only. ok: tablelint-legacy-client-library (a comment)

namespace archive {

inline void store(azure::storage::cloud_storage_account const &account) {
  account.create_cloud_blob_client().get_container_reference(U("archive")).create_if_not_exists();
}

} // namespace archive
