// Partition keys that reach the table only through the project's wrapper
// (audit::EventStore in event_store.h, and a helper of this file): the key
// is judged where the caller builds it.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include "event_store.h"

#include <atomic>
#include <string>

namespace {

std::atomic<long> nextEvent{0};

// A helper of this file that forwards to the store.
void record(audit::EventStore &store, const utility::string_t &partition,
            const utility::string_t &payload) {
  store.append(partition, U("event"), payload);
}

utility::string_t tenantOf(const utility::string_t &user);

} // namespace

void badKeys(audit::EventStore &store, const utility::string_t &user,
             const utility::string_t &payload) {
  const utility::string_t hour = utility::datetime::utc_now().to_string(utility::datetime::ISO_8601);
  store.append(hour, user, payload); // expect: tablelint-time-based-partition-key "(utility::datetime::utc_now())"

  record(store, utility::datetime::utc_now().to_string(utility::datetime::ISO_8601) + U("-") + user, payload); // expect: tablelint-time-based-partition-key "starts with the current time"

  const long seq = nextEvent.fetch_add(1);
  store.append(utility::conversions::to_string_t(std::to_string(seq)), user, payload); // expect: tablelint-time-based-partition-key "atomic counter"
}

void goodKeys(audit::EventStore &store, const utility::string_t &user,
              const utility::string_t &payload) {
  store.append(tenantOf(user), user, payload); // ok: tablelint-time-based-partition-key (a tenant id)
  store.append(user, utility::datetime::utc_now().to_string(utility::datetime::ISO_8601), payload); // ok: tablelint-time-based-partition-key (time in the row key)
  store.find(utility::datetime::utc_now().to_string(utility::datetime::ISO_8601), user); // ok: tablelint-time-based-partition-key (a read)
  record(store, U("audit-") + user, payload); // ok: tablelint-time-based-partition-key (constant prefix, then a user)
}
