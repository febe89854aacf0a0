// A service that keeps blobs and tables on the retired library: only the
// table API is this rule's business.
#include <was/blob.h> // ok: tablelint-legacy-client-library (blobs, not tables)
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library "move to Azure::Data::Tables"

void Archive(azure::storage::cloud_blob_container const &container,
             azure::storage::cloud_table const &table) {
  container.get_block_blob_reference(U("archive.json")).upload_text(U("{}"));
  table.exists();
}
