// Uses a blob-only project header: no table API anywhere.
#include "blob_archive.h"

void archiveAll(azure::storage::cloud_storage_account const &account) {
  archive::store(account);
}
