// Readings storage: ingest and the two queries the dashboards run.
#include "Telemetry.h"

#include <fmt/format.h>

namespace telemetry {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

ReadingStore::ReadingStore(std::string const &serviceUrl)
    : readings_(serviceUrl, "DeviceReadings") {}

// Every reading of a day goes to that day's partition: all devices write to
// one partition at any moment, one request per reading.
void ReadingStore::Ingest(std::vector<Reading> const &batch) {
  const std::string day = fmt::format("{:%Y%m%d}", std::chrono::system_clock::now());
  for (Reading const &r : batch) {
    TableEntity e;
    e.SetPartitionKey(day);
    e.SetRowKey(r.DeviceId + "_" + fmt::format("{:%H%M%S}", r.Time));
    e.Properties["Status"].Value = r.Status;
    e.Properties["Temperature"].Value = std::to_string(r.Temperature);
    e.Properties["Payload"].Value = r.Payload;
    readings_.AddEntity(e);
  }
}

// One device's temperatures for a day: a row range, but the whole entity
// (with its 800-byte payload) comes back for one property.
std::vector<double> ReadingStore::DayTemperatures(std::string const &deviceId,
                                                  std::string const &day) const {
  QueryEntitiesOptions options;
  options.Filter = "PartitionKey eq '" + day + "' and RowKey ge '" + deviceId + "_'";
  std::vector<double> out;
  for (auto page = readings_.QueryEntities(options); page.HasPage(); page.MoveToNextPage())
    for (auto const &reading : page.TableEntities)
      out.push_back(std::stod(reading.Properties.at("Temperature").Value));
  return out;
}

// The failing devices: a filter on a non-key property reads the whole table.
std::vector<std::string> ReadingStore::FailingDevices() const {
  QueryEntitiesOptions options;
  options.Filter = "Status eq 'fail'";
  options.SelectColumns = "RowKey";
  std::vector<std::string> out;
  for (auto page = readings_.QueryEntities(options); page.HasPage(); page.MoveToNextPage())
    for (auto const &reading : page.TableEntities)
      out.push_back(reading.GetRowKey().Value);
  return out;
}

} // namespace telemetry
