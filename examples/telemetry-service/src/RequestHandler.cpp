// The HTTP handlers of the telemetry service.
#include "Telemetry.h"

#include <future>

namespace telemetry {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

std::string ConnectionString() {
  return "DefaultEndpointsProtocol=https;AccountName=contosotelemetry;"
         "AccountKey=bXktc2VjcmV0LWtleS1mb3ItdGhlLWRlbW8tb25seS1ub3QtYS1yZWFsLWtleS0xMjM0NTY3ODkwYWJjZGVm;"
         "EndpointSuffix=core.windows.net";
}

// "POST /readings": the latest status of each device, one std::async per
// reading, so a request with 5,000 readings starts 5,000 threads.
void HandleReadings(std::vector<Reading> const &readings) {
  static const TableClient latest =
      TableClient::CreateFromConnectionString(ConnectionString(), "DeviceStatus");
  std::vector<std::future<void>> pending;
  for (Reading const &r : readings) {
    pending.push_back(std::async(std::launch::async, [r] {
      TableEntity e;
      e.SetPartitionKey(r.DeviceId);
      e.SetRowKey("latest");
      e.Properties["Status"] = r.Status;
      latest.UpsertEntity(e);
    }));
  }
  for (auto &f : pending)
    f.get();
}

// "GET /devices/{id}/status": a new client, with its own connections, for
// every request.
std::string HandleDeviceStatus(std::string const &deviceId) {
  TableClient devices("https://contosotelemetry.table.core.windows.net", "DeviceStatus");
  auto entity = devices.GetEntity(deviceId, "latest");
  return entity.Value.Properties["Status"].Value;
}

} // namespace telemetry
