// An inventory service's asynchronous write helpers: each starts the write
// on its own thread and hands back the future, so a caller that keeps the
// futures of a whole loop has one thread and one request per element.
#pragma once

#include <azure/data/tables.hpp>

#include <future>
#include <string>

namespace inventory {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

inline std::future<void> saveAsync(TableClient &table, TableEntity item) {
  return std::async(std::launch::async,
                    [&table, item] { table.UpsertEntity(item); });
}

// Builds the entity first, then starts the write.
inline std::future<void> saveCountAsync(TableClient &table,
                                        std::string const &warehouse,
                                        std::string const &sku, int count) {
  TableEntity e;
  e.SetPartitionKey(warehouse);
  e.SetRowKey(sku);
  e.Properties["Count"].Value = std::to_string(count);
  return std::async(std::launch::async, [&table, e] { table.AddEntity(e); });
}

} // namespace inventory
