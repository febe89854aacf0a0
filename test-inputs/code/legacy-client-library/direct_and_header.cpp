// This file includes the legacy table API itself and through the project's
// header: each file that writes the include gets its finding.
#include <was/table.h> // expect: tablelint-legacy-client-library
#include "legacy_storage.h"

void audit(azure::storage::cloud_storage_account const &account) {
  billing::invoices(account).create_if_not_exists();
}
