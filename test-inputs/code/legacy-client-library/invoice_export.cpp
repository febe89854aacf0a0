// Includes only the project's header; <was/table.h> comes through it and is
// reported there, at the project's include.
#include "legacy_storage.h"

void exportInvoices(azure::storage::cloud_storage_account const &account) {
  billing::invoices(account).create_if_not_exists();
}
