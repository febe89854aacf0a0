// The telemetry service's domain types and its storage facade.
#pragma once

#include <azure/data/tables.hpp>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace telemetry {

struct Reading {
  std::string DeviceId;
  std::chrono::system_clock::time_point Time;
  std::string Status; // "ok", "warn", "fail"
  double Temperature = 0;
  std::string Payload; // raw sensor frame, ~800 bytes
};

struct Device {
  std::string Id;
  std::string Site;
  std::string Firmware;
};

// Readings, one entity per reading, in the DeviceReadings table.
class ReadingStore {
public:
  explicit ReadingStore(std::string const &serviceUrl);

  void Ingest(std::vector<Reading> const &batch);
  std::vector<double> DayTemperatures(std::string const &deviceId,
                                      std::string const &day) const;
  std::vector<std::string> FailingDevices() const;

private:
  Azure::Data::Tables::TableClient readings_;
};

// Devices, one entity per device, in the Devices table.
class DeviceRegistry {
public:
  explicit DeviceRegistry(std::string const &serviceUrl);

  void Register(Device const &device);
  std::vector<Device> SiteDevices(std::string const &site) const;

private:
  Azure::Data::Tables::TableClient devices_;
};

// The connection string of the storage account.
std::string ConnectionString();

// The HTTP handlers: "POST /readings" and "GET /devices/{id}/status".
void HandleReadings(std::vector<Reading> const &readings);
std::string HandleDeviceStatus(std::string const &deviceId);

// Runs `attempt` until it succeeds or gives up.
void WithRetries(void (*attempt)(void *), void *context);

} // namespace telemetry
