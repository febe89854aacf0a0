// A blob-only user of the retired library is not a table user.
#include <was/blob.h> // ok: tablelint-legacy-client-library (blobs only)
#include <was/storage_account.h> // ok: tablelint-legacy-client-library (the account, not the table API)

void Upload(utility::string_t const &connectionString, utility::string_t const &text) {
  auto account = azure::storage::cloud_storage_account::parse(connectionString);
  auto container = account.create_cloud_blob_client().get_container_reference(U("reports"));
  container.create_if_not_exists();
  container.get_block_blob_reference(U("latest.json")).upload_text(text);
}
