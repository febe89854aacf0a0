// The legacy table API included with quotes, as vendored copies often are.
#include "was/core.h" // ok: tablelint-legacy-client-library (core types are not the table API)
#include "was/table.h" // expect: tablelint-legacy-client-library "is the table API of the retired azure-storage-cpp library (azure::storage)"

bool TableExists(azure::storage::cloud_table const &table) { return table.exists(); }
