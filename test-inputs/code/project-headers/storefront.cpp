// The storefront includes the same wrapper: its findings are the header's,
// reported at the header's lines in this TU as in every other.
#include "AzureTableClient.h"

#include <string>

void showItem(inventory::AzureTableClient const &items, std::string const &warehouse,
              std::string const &sku) {
  items.item(warehouse, sku);
  items.openOrdersOf(warehouse);
}
