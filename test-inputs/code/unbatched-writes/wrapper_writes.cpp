// Writes through the project's store (reading_store.h) in a loop: the
// store's summary says which arguments are the keys it writes.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include "reading_store.h"

#include <map>
#include <vector>

namespace {

const utility::string_t kGridMeter = U("meter-grid");

struct Reading {
  utility::string_t Meter;
  utility::string_t Id;
  double Value;
};

} // namespace

void badLoops(metering::ReadingStore &store, const std::vector<Reading> &readings,
              const utility::string_t &meter) {
  for (const Reading &r : readings)
    store.save(kGridMeter, r.Id, r.Value); // expect: tablelint-unbatched-writes "save in a loop sends one request per entity although every pass writes to the same partition (partition key 'meter-grid')"

  for (const Reading &r : readings)
    store.save(meter, r.Id, r.Value); // expect: tablelint-unbatched-writes "partition key meter"

  std::size_t i = 0;
  while (i < readings.size()) {
    store.save(U("meter-") + meter, readings[i].Id, readings[i].Value); // expect: tablelint-unbatched-writes "save in a loop"
    ++i;
  }
}

void goodLoops(metering::ReadingStore &store, const std::vector<Reading> &readings,
               const std::map<utility::string_t, std::vector<utility::string_t>> &byMeter) {
  for (const Reading &r : readings)
    store.save(r.Meter, r.Id, r.Value); // ok: tablelint-unbatched-writes (a partition per reading)

  for (const auto &[m, ids] : byMeter)
    store.saveBatch(m, ids); // ok: tablelint-unbatched-writes (already a batch)

  for (const Reading &r : readings)
    store.save(kGridMeter, U("latest"), r.Value); // ok: tablelint-unbatched-writes (the same entity each pass)
}
