// Keys built otherwise than design/shop.yaml's templates (schema-drift, kind 3).
#include <azure/data/tables.hpp>

#include <chrono>
#include <fmt/format.h>
#include <string>

namespace shop {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

const char *const Url = "https://shop.table.core.windows.net";

// A prefix the PartitionKey template does not have.
void placeOrderPrefixed(std::string const &customerId, std::string const &orderId) {
  TableClient orders(Url, "Orders");
  TableEntity e;
  e.SetPartitionKey("c_" + customerId);
  e.SetRowKey(fmt::format("{:%Y%m%d}", std::chrono::system_clock::now()) + "_" + orderId);
  orders.AddEntity(e);
}

// A month where the RowKey template has a day.
void placeOrderMonthly(std::string const &customerId, std::string const &orderId) {
  TableClient orders(Url, "Orders");
  TableEntity e;
  e.SetPartitionKey(customerId);
  e.SetRowKey(fmt::format("{:%Y%m}", std::chrono::system_clock::now()) + "_" + orderId);
  orders.AddEntity(e);
}

// The separator left out.
void placeOrderRun(std::string const &customerId, std::string const &orderId) {
  TableClient orders(Url, "Orders");
  TableEntity e;
  e.SetPartitionKey(customerId);
  e.SetRowKey(fmt::format("{:%Y%m%d}", std::chrono::system_clock::now()) + orderId);
  orders.AddEntity(e);
}

} // namespace shop
