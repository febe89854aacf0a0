// The project's storage header still brings in the retired library's table
// API; the files that include this header inherit it.
#pragma once

#include <was/table.h> // expect: tablelint-legacy-client-library "<was/table.h> is the table API of the retired azure-storage-cpp library"
#include <was/storage_account.h> // ok: tablelint-legacy-client-library (the account, not the table API)

namespace billing {

inline azure::storage::cloud_table invoices(azure::storage::cloud_storage_account const &account) {
  return account.create_cloud_table_client().get_table_reference(U("Invoices"));
}

} // namespace billing
