// The device registry: one entity per device, partitioned by site.
#include "Telemetry.h"

namespace telemetry {

using Azure::Core::RequestFailedException;
using Azure::Core::Http::HttpStatusCode;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

DeviceRegistry::DeviceRegistry(std::string const &serviceUrl)
    : devices_(serviceUrl, "Devices") {}

// Reads the device only to decide between adding and replacing it.
void DeviceRegistry::Register(Device const &device) {
  TableEntity e;
  e.SetPartitionKey(device.Site);
  e.SetRowKey(device.Id);
  e.Properties["Firmware"] = device.Firmware;
  try {
    devices_.GetEntity(device.Site, device.Id);
    devices_.UpdateEntity(e);
  } catch (RequestFailedException const &ex) {
    if (ex.StatusCode != HttpStatusCode::NotFound)
      throw;
    devices_.AddEntity(e);
  }
}

// A site's devices: one partition, with a projection. Nothing to report.
std::vector<Device> DeviceRegistry::SiteDevices(std::string const &site) const {
  QueryEntitiesOptions options;
  options.PartitionKey = site;
  options.SelectColumns = "RowKey,Firmware";
  std::vector<Device> out;
  for (auto page = devices_.QueryEntities(options); page.HasPage(); page.MoveToNextPage())
    for (auto const &e : page.TableEntities)
      out.push_back(Device{e.GetRowKey().Value, site, e.Properties.at("Firmware").Value});
  return out;
}

} // namespace telemetry
