// A profile service on cpprestsdk's http_listener, backed by
// Azure::Data::Tables: handlers that build a table client for every request
// next to handlers that share one built at start-up.
#include <azure/data/tables.hpp>
#include <azure/identity.hpp>
#include <cpprest/http_listener.h>

#include <memory>
#include <string>

namespace profiles {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::TableServiceClient;
using web::http::http_request;
using web::http::methods;
using web::http::experimental::listener::http_listener;

const std::string kServiceUrl = "https://contosoprofiles.table.core.windows.net";

std::shared_ptr<Azure::Identity::DefaultAzureCredential> Credential() {
  static auto credential = std::make_shared<Azure::Identity::DefaultAzureCredential>();
  return credential;
}

// Registered once at start-up; the lambdas run once per request.
void RegisterRoutes(http_listener &listener) {
  listener.support(methods::GET, [](http_request request) {
    // expect@+1: tablelint-client-per-request "TableClient constructed inside a request handler (a lambda passed to 'support'): each construction sets up a new connection pool; create it once and reuse it"
    TableClient profiles(kServiceUrl, "Profiles", Credential());
    auto entity = profiles.GetEntity("tenant-7", "user-42");
    request.reply(200, entity.Value.Properties.at("DisplayName").Value);
  });

  // The init-capture runs once, when the route is registered.
  listener.support(methods::DEL, [profiles = TableClient(kServiceUrl, "Profiles", Credential())]( // ok: tablelint-client-per-request (built once, captured by the handler)
                                     http_request request) {
    request.reply(204);
  });
}

// The catalog's bad example: a named handler function.
void HandleGetProfile(std::string const &tenantId, std::string const &userId) {
  // expect@+1: tablelint-client-per-request "TableClient constructed inside a request handler ('HandleGetProfile')"
  TableClient profiles(kServiceUrl, "Profiles", Credential());
  profiles.GetEntity(tenantId, userId);
}

// Built on first use and shared by all handler threads.
TableClient const &ProfilesClient() {
  static TableClient const client(kServiceUrl, "Profiles", Credential()); // ok: tablelint-client-per-request (a function-local static)
  return client;
}

void HandleGetProfileShared(std::string const &tenantId, std::string const &userId) {
  ProfilesClient().GetEntity(tenantId, userId);
}

// A service client per request, created from a connection string.
void on_message(std::string const &connectionString, std::string const &userId) {
  // expect@+1: tablelint-client-per-request "TableServiceClient created by CreateFromConnectionString() inside a request handler ('on_message')"
  auto service = TableServiceClient::CreateFromConnectionString(connectionString);
  service.GetTableClient("Profiles").GetEntity("tenant-7", userId);
}

class ProfileController {
public:
  // Built once per controller; handlers share it.
  ProfileController()
      : service_(kServiceUrl, Credential()) {} // ok: tablelint-client-per-request (a constructor runs once)

  void handleDelete(std::string const &userId) {
    // A table reference from the shared service client is cheap.
    auto profiles = service_.GetTableClient("Profiles"); // ok: tablelint-client-per-request (a table reference, not a new pipeline)
    profiles.GetEntity("tenant-7", userId);
  }

  // A start-up hook, not a request handler (NotHandlerPattern).
  void OnStartup() {
    TableClient warmup(kServiceUrl, "Profiles", Credential()); // ok: tablelint-client-per-request (a start-up hook runs once)
    warmup.GetEntity("health", "probe");
  }

private:
  TableServiceClient service_;
};

} // namespace profiles
