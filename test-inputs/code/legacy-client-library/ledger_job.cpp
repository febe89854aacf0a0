// Two levels of project headers: ledger_store.h includes legacy_storage.h,
// which includes <was/table.h>. One finding, in legacy_storage.h.
#include "ledger_store.h"

void nightly(azure::storage::cloud_storage_account const &account) {
  billing::ensureLedger(account);
}
