// Code that keeps to design/shop.yaml: schema-drift stays silent on all of it.
#include <azure/data/tables.hpp>

#include <chrono>
#include <fmt/format.h>
#include <string>

namespace shop {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

const char *const Url = "https://shop.table.core.windows.net";

// The keys as the schema builds them: {customerId}, {orderDate:yyyyMMdd}_{orderId}.
void placeOrder(std::string const &customerId, std::string const &orderId) {
  TableClient orders(Url, "Orders");
  TableEntity e;
  e.SetPartitionKey(customerId);
  e.SetRowKey(fmt::format("{:%Y%m%d}", std::chrono::system_clock::now()) + "_" + orderId);
  orders.AddEntity(e);
}

// customer-orders, the key given as the options' PartitionKey; the table
// name in another case (the service does not tell them apart).
void customerOrders(std::string const &customerId) {
  TableClient orders(Url, "orders");
  QueryEntitiesOptions options;
  options.PartitionKey = customerId;
  orders.QueryEntities(options);
}

// open-orders with its conditions the other way round.
void openOrders(std::string const &customerId) {
  TableClient orders(Url, "Orders");
  QueryEntitiesOptions options;
  options.Filter = "Status eq 'open' and PartitionKey eq '" + customerId + "'";
  orders.QueryEntities(options); // expect: tablelint-partition-scan
}

// customer-day: placeholders match whatever value the code has there.
void customerDay(std::string const &customerId, std::string const &day) {
  TableClient orders(Url, "Orders");
  QueryEntitiesOptions options;
  options.Filter = "PartitionKey eq '" + customerId + "' and RowKey ge '" + day +
                   "_' and RowKey lt '" + day + "_~'";
  orders.QueryEntities(options);
}

// A table per day: "Logs" + the day fits the name template Logs{loggedAt:yyyyMMdd}.
void logEntry(std::string const &day, std::string const &source, std::string const &id) {
  TableClient logs(Url, "Logs" + day);
  TableEntity e;
  e.SetPartitionKey(source);
  e.SetRowKey(id);
  logs.AddEntity(e);
}

// The table and the filter come from the caller: nothing to compare.
void anyTable(std::string const &table, std::string const &filter) {
  TableClient t(Url, table);
  QueryEntitiesOptions options;
  options.Filter = filter;
  t.QueryEntities(options);
}

// A point read addresses one entity, whatever queries the schema lists.
std::string orderStatus(std::string const &customerId, std::string const &rowKey) {
  TableClient orders(Url, "Orders");
  auto entity = orders.GetEntity(customerId, rowKey);
  return entity.Value.Properties["Status"].Value;
}

} // namespace shop
