// A nightly job using the project's wrapper (AzureTableClient.h): the
// wrapper's scans are reported in the header, as well as this file's own.
#include "AzureTableClient.h"

#include <azure/data/tables.hpp>

using namespace Azure::Data::Tables;

void restock(TableClient const &suppliers, inventory::AzureTableClient const &items) {
  items.refreshLowStock();
  items.reindexAll();
  suppliers.QueryEntities(); // expect: tablelint-table-scan "no filter and no partition key"
}
