// shared-key-in-client (checklist 7): a browser or mobile client that signs
// with the account key, which then ships to every device.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkSharedKeyInClient(const SchemaContext &C, FindingSink &Sink) {
  for (const Client &Cl : C.S.Clients) {
    if (Cl.Auth != AuthKind::SharedKey || Cl.Kind == ClientKind::Service)
      continue;
    Sink.report(
        Cl.Path, Cl.Pos,
        std::string(Cl.Kind == ClientKind::Browser ? "browser" : "mobile") +
            " client '" + Cl.Name +
            "' authenticates with the shared account key, which "
            "every user of the app can read: give it short-lived "
            "SAS tokens scoped to its tables (auth: sas)");
  }
}

} // namespace tablelint::schema
