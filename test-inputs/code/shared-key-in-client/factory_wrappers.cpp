// The project's wrappers (table_repository.h) made with std::make_unique
// and std::make_shared: the connection string reaches the wrapper's
// constructor through the factory's forwarding, and a key in it is a key
// in the code all the same. The keys are fake (base64 of letters).
#include <was/table.h> // expect: tablelint-legacy-client-library

#include "table_repository.h"

#include <memory>
#include <string>

namespace {

const utility::string_t kAuditConnection =
    U("DefaultEndpointsProtocol=https;AccountName=contosoaudit;AccountKey=QVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVE");

utility::string_t secretFromVault(const utility::string_t &name);

// Keeps a connection string for a status page; it never opens it.
class ConnectionLabel {
public:
  explicit ConnectionLabel(std::string connection)
      : label_(connection.substr(0, connection.find(';'))) {}
  const std::string &text() const { return label_; }

private:
  std::string label_;
};

} // namespace

struct AuditSinks {
  std::unique_ptr<inventory::TableRepository> events;
  std::shared_ptr<inventory::TableRepository> archive;
  std::shared_ptr<inventory::OrdersClient> orders;
};

AuditSinks openSinksWithKeys() {
  AuditSinks s;
  s.events = std::make_unique<inventory::TableRepository>(kAuditConnection, U("AuditEvents")); // expect: tablelint-shared-key-in-client "connection string with an account key passed to TableRepository: AccountKey=QVVE…"
  s.archive = std::make_shared<inventory::TableRepository>(U("AccountName=contosoaudit;AccountKey=QVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVE"), U("AuditArchive")); // expect: tablelint-shared-key-in-client "passed to TableRepository"
  s.orders = std::make_shared<inventory::OrdersClient>("DefaultEndpointsProtocol=https;AccountName=contosoorders;AccountKey=T1JERVJTS0VZTk9UUkVBTE9SREVSU0tFWU5PVFJFQUxPUkRFUlNLRVlOT1RSRUFMT1JERVJTS0VZTk9UUkVB"); // expect: tablelint-shared-key-in-client "passed to OrdersClient"
  return s;
}

AuditSinks openSinksSafely(const std::string &ordersConnection) {
  AuditSinks s;
  s.events = std::make_unique<inventory::TableRepository>(secretFromVault(U("audit-connection")), U("AuditEvents")); // ok: tablelint-shared-key-in-client (read at run time)
  s.archive = std::make_shared<inventory::TableRepository>(U("UseDevelopmentStorage=true"), U("AuditArchive")); // ok: tablelint-shared-key-in-client (the emulator)
  s.orders = std::make_shared<inventory::OrdersClient>(ordersConnection); // ok: tablelint-shared-key-in-client (the caller's value)
  return s;
}

std::string statusLine() {
  auto label = std::make_unique<ConnectionLabel>("AccountName=contosoaudit;AccountKey=QVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVESVRLRVlOT1RSRUFMQVVE"); // ok: tablelint-shared-key-in-client (not a wrapper: nothing parses it)
  return label->text();
}
