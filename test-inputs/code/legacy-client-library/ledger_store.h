// A second project header that reaches the legacy table API through
// legacy_storage.h: the finding stays at that header's include.
#pragma once

#include "legacy_storage.h"

namespace billing {

inline void ensureLedger(azure::storage::cloud_storage_account const &account) {
  invoices(account).create_if_not_exists();
}

} // namespace billing
