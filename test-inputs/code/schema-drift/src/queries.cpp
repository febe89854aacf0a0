// Queries whose filters drifted from design/shop.yaml (schema-drift, kind 2).
#include <azure/data/tables.hpp>

#include <string>

namespace shop {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;

const char *const Url = "https://shop.table.core.windows.net";

// Another status than open-orders reads.
void closedOrders(std::string const &customerId) {
  TableClient orders(Url, "Orders");
  QueryEntitiesOptions options;
  options.Filter = "PartitionKey eq '" + customerId + "' and Status eq 'closed'";
  orders.QueryEntities(options); // expect: tablelint-partition-scan
}

// 'gt' where customer-day has 'ge'.
void customerDayAfter(std::string const &customerId, std::string const &day) {
  TableClient orders(Url, "Orders");
  QueryEntitiesOptions options;
  options.Filter = "PartitionKey eq '" + customerId + "' and RowKey gt '" + day +
                   "_' and RowKey lt '" + day + "_~'";
  orders.QueryEntities(options);
}

// No declared query of Orders reads across partitions.
void bigOrders() {
  TableClient orders(Url, "Orders");
  QueryEntitiesOptions options;
  options.Filter = "Total gt 100"; // expect: tablelint-low-density-query
  orders.QueryEntities(options); // expect: tablelint-table-scan
}

} // namespace shop
