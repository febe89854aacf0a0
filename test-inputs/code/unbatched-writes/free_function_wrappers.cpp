// Importing a site's readings through the free write helpers of
// site_writer.h: the helper's partition key is the caller's argument or its
// own constant, and the client is the caller's.
#include "site_writer.h"

#include <string>
#include <vector>

namespace site {

struct Reading {
  std::string Meter;
  std::string Id;
  std::string Value;
};

void importSite(TableClient &table, std::string const &siteId,
                std::vector<Reading> const &readings) {
  for (Reading const &r : readings)
    saveReading(table, siteId, r.Id, r.Value); // expect: tablelint-unbatched-writes "saveReading in a loop sends one request per entity although every pass writes to the same partition (partition key siteId)"
}

void importFixed(TableClient &table, std::vector<Reading> const &readings) {
  for (std::size_t i = 0; i < readings.size(); ++i)
    saveReading(table, "site-1", readings[i].Id, readings[i].Value); // expect: tablelint-unbatched-writes "saveReading in a loop sends one request per entity although every pass writes to the same partition (partition key 'site-1')"
}

void raiseAll(TableClient &table, std::vector<std::string> const &alarms) {
  for (std::string const &id : alarms)
    raiseAlarm(table, id); // expect: tablelint-unbatched-writes "raiseAlarm in a loop sends one request per entity although every pass writes to the same partition (partition key 'alarms')"
}

void importPerMeter(TableClient &table, std::vector<Reading> const &readings) {
  for (Reading const &r : readings)
    saveReading(table, r.Meter, r.Id, r.Value); // ok: tablelint-unbatched-writes (a partition per meter)
}

void keepLatest(TableClient &table, std::string const &siteId,
                std::vector<Reading> const &readings) {
  for (Reading const &r : readings)
    saveLatest(table, siteId, r.Value); // ok: tablelint-unbatched-writes (the same entity every pass)
}

void importEachToItsTable(std::vector<TableClient> &tables,
                          std::vector<Reading> const &readings) {
  for (std::size_t i = 0; i < tables.size(); ++i) {
    TableClient &table = tables[i];
    saveReading(table, "site-1", readings[i].Id, readings[i].Value); // ok: tablelint-unbatched-writes (another table every pass: not one batch)
  }
}

} // namespace site
