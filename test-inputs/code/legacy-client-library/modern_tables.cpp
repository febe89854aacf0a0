// The catalog's good example: Azure::Data::Tables only.
#include <azure/data/tables.hpp> // ok: tablelint-legacy-client-library (the current SDK)
#include <azure/identity.hpp>

#include <memory>

Azure::Data::Tables::TableClient OpenOrders(std::string const &serviceUrl) {
  return Azure::Data::Tables::TableClient(
      serviceUrl, "Orders", std::make_shared<Azure::Identity::DefaultAzureCredential>());
}
