// Sessions on Azure::Data::Tables, the input of `schema init`'s test: a
// session per user and day written with an upsert, a point read, a query of
// a user's sessions of a day (a RowKey range) with a projection, a merge,
// and RetryOptions with exponential backoff.
#include <azure/data/tables.hpp>

#include <chrono>
#include <fmt/format.h>
#include <string>
#include <vector>

namespace sessions {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::TableClientOptions;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

TableClientOptions clientOptions() {
  TableClientOptions options;
  options.Retry.MaxRetries = 5;
  options.Retry.RetryDelay = std::chrono::milliseconds(500);
  options.Retry.MaxRetryDelay = std::chrono::seconds(30);
  return options;
}

void saveSession(std::string const &userId, std::string const &sessionId,
                 std::string const &device) {
  TableClient sessions("https://contososessions.table.core.windows.net", "Sessions");
  TableEntity e;
  e.SetPartitionKey(userId);
  e.SetRowKey(fmt::format("{:%Y%m%d}", std::chrono::system_clock::now()) + "_" + sessionId);
  e.Properties["Device"].Value = device;
  sessions.UpsertEntity(e);
}

std::string sessionDevice(std::string const &userId, std::string const &rowKey) {
  TableClient sessions("https://contososessions.table.core.windows.net", "Sessions");
  auto entity = sessions.GetEntity(userId, rowKey);
  return entity.Value.Properties["Device"].Value;
}

std::vector<std::string> dayDevices(std::string const &userId, std::string const &day) {
  TableClient sessions("https://contososessions.table.core.windows.net", "Sessions");
  QueryEntitiesOptions options;
  options.PartitionKey = userId;
  options.Filter = "RowKey ge '" + day + "_' and RowKey lt '" + day + "_~'";
  options.SelectColumns = "Device";
  std::vector<std::string> out;
  for (auto page = sessions.QueryEntities(options); page.HasPage(); page.MoveToNextPage())
    for (auto const &e : page.TableEntities)
      out.push_back(e.Properties.at("Device").Value);
  return out;
}

void closeSession(TableEntity const &session) {
  TableClient sessions("https://contososessions.table.core.windows.net", "Sessions");
  sessions.MergeEntity(session);
}

} // namespace sessions
