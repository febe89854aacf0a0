// A realistic telemetry ingester: devices post readings, the service writes
// them to the Readings table. The first design keys partitions by day, so
// every device writes to today's partition; the others spread the writes.
#include <azure/data/tables.hpp>
#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <string>

namespace telemetry {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

struct Reading {
  std::string DeviceId;
  double Celsius = 0;
};

class ReadingStore {
public:
  explicit ReadingStore(TableClient readings) : readings_(std::move(readings)) {}

  // The catalog's bad example: the day is the whole partition key.
  void recordByDay(Reading const &r) {
    auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char day[16];
    std::strftime(day, sizeof day, "%Y%m%d", std::gmtime(&now));

    TableEntity entity;
    entity.SetPartitionKey(day); // expect: tablelint-time-based-partition-key "partition key starts with the current time (std::chrono::system_clock::now())"
    entity.SetRowKey(r.DeviceId + "_" + std::to_string(now));
    entity.Properties["Celsius"].Value = std::to_string(r.Celsius);
    readings_.AddEntity(entity);
  }

  // A constant prefix does not spread anything: "readings-20240611".
  void recordByHour(Reading const &r) {
    std::time_t t = std::time(nullptr);
    std::tm utc = *std::gmtime(&t);
    char hour[16];
    std::strftime(hour, sizeof hour, "%Y%m%d%H", &utc);
    std::string key = "readings-";
    key += hour;

    TableEntity entity;
    entity.SetPartitionKey(key); // expect: tablelint-time-based-partition-key "(std::time())"
    entity.SetRowKey(r.DeviceId);
    readings_.AddEntity(entity);
  }

  // The catalog's good example: the device comes first.
  void recordByDeviceAndDay(Reading const &r) {
    auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char day[16];
    std::strftime(day, sizeof day, "%Y%m%d", std::gmtime(&now));

    TableEntity entity;
    entity.SetPartitionKey(r.DeviceId + "_" + day); // ok: tablelint-time-based-partition-key (the device spreads the writes)
    entity.SetRowKey(std::to_string(now)); // ok: tablelint-time-based-partition-key (time orders rows inside a partition)
    entity.Properties["Celsius"].Value = std::to_string(r.Celsius);
    readings_.AddEntity(entity);
  }

  // A hash bucket of the device, then the day.
  void recordBucketed(Reading const &r) {
    auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char day[16];
    std::strftime(day, sizeof day, "%Y%m%d", std::gmtime(&now));
    const std::size_t bucket = std::hash<std::string>{}(r.DeviceId) % 16;

    TableEntity entity;
    entity.SetPartitionKey(std::to_string(bucket) + "_" + day); // ok: tablelint-time-based-partition-key (a hash bucket comes first)
    entity.SetRowKey(r.DeviceId + "_" + std::to_string(now));
    readings_.AddEntity(entity);
  }

  // Reading today's partition back is a query, not a write.
  void today() const {
    auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char day[16];
    std::strftime(day, sizeof day, "%Y%m%d", std::gmtime(&now));
    QueryEntitiesOptions options;
    options.PartitionKey = day; // ok: tablelint-time-based-partition-key (a read)
    auto page = readings_.QueryEntities(options);
    (void)page;
  }

private:
  TableClient readings_;
};

} // namespace telemetry
