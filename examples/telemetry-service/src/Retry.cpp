// The service's retry helper, wrapped around every table call.
#include "Telemetry.h"

#include <thread>

namespace telemetry {

using Azure::Core::RequestFailedException;
using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;

// Retries whatever failed, a fixed 100 ms apart: a 400 or 409 is retried
// five times, and a throttled partition gets no room to recover.
void SaveWithRetries(TableClient const &table, TableEntity const &entity) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    try {
      table.AddEntity(entity);
      return;
    } catch (RequestFailedException const &) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

} // namespace telemetry
