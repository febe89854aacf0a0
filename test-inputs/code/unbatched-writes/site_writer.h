// A metering site's write helpers: free functions that take the table
// client, build one entity and write it. A caller looping over them sends
// one request per entity, as if the write were in its own loop.
#pragma once

#include <azure/data/tables.hpp>

#include <string>

namespace site {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

// The caller chooses both keys.
inline void saveReading(TableClient &table, std::string const &siteId,
                        std::string const &readingId,
                        std::string const &value) {
  TableEntity e;
  e.SetPartitionKey(siteId);
  e.SetRowKey(readingId);
  e.Properties["Value"].Value = value;
  table.UpsertEntity(e);
}

// Alarms share one partition of their own.
inline void raiseAlarm(TableClient &table, std::string const &alarmId) {
  TableEntity e;
  e.SetPartitionKey("alarms");
  e.SetRowKey(alarmId);
  table.AddEntity(e);
}

// One fixed entity per site: its latest value.
inline void saveLatest(TableClient &table, std::string const &siteId,
                       std::string const &value) {
  TableEntity e;
  e.SetPartitionKey(siteId);
  e.SetRowKey("latest");
  e.Properties["Value"].Value = value;
  table.UpsertEntity(e);
}

} // namespace site
