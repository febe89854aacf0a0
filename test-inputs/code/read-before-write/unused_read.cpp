// A point read whose result nothing looks at, followed by an upsert of the
// same entity: the upsert writes whether the entity exists or not, so the
// read is a round trip for nothing.
#include <was/table.h> // expect: tablelint-legacy-client-library

namespace devices {

using azure::storage::cloud_table;
using azure::storage::entity_property;
using azure::storage::table_entity;
using azure::storage::table_operation;
using azure::storage::table_result;

void recordHeartbeat(cloud_table &table, utility::string_t const &site,
                     utility::string_t const &device) {
  table.execute(table_operation::retrieve_entity(site, device)); // expect: tablelint-read-before-write "retrieve_entity reads the entity but nothing uses the result, and insert_or_merge_entity (line 19) writes it"
  table_entity e(site, device);
  e.properties()[U("LastSeen")] = entity_property(U("now"));
  table.execute(table_operation::insert_or_merge_entity(e));
}

void storeConfig(cloud_table &table, utility::string_t const &site,
                 utility::string_t const &device, utility::string_t const &config) {
  table_result existing = table.execute(table_operation::retrieve_entity(site, device)); // expect: tablelint-read-before-write "insert_or_replace_entity"
  table_entity e(site, device);
  e.properties()[U("Config")] = entity_property(config);
  auto op = table_operation::insert_or_replace_entity(e);
  table.execute(op);
}

void renameDevice(cloud_table &table, utility::string_t const &site,
                  utility::string_t const &device, utility::string_t const &name) {
  try {
    table.execute(table_operation::retrieve_entity(site, device)); // expect: tablelint-read-before-write "nothing uses the result"
    table_entity e(site, device);
    e.properties()[U("Name")] = entity_property(name);
    table.execute(table_operation::insert_or_merge_entity(e));
  } catch (...) {
    throw;
  }
}

// Good: the existing properties are carried into the write.
void bumpCounter(cloud_table &table, utility::string_t const &site,
                 utility::string_t const &device) {
  table_result r = table.execute(table_operation::retrieve_entity(site, device)); // ok: tablelint-read-before-write (read-modify-write)
  table_entity e(site, device);
  e.properties() = r.entity().properties();
  table.execute(table_operation::insert_or_merge_entity(e));
}

// Good: the upsert goes to another device.
void copyDevice(cloud_table &table, utility::string_t const &site,
                utility::string_t const &from, utility::string_t const &to) {
  table.execute(table_operation::retrieve_entity(site, from)); // ok: tablelint-read-before-write (another row key is written)
  table_entity e(site, to);
  table.execute(table_operation::insert_or_merge_entity(e));
}

// Good: the write only happens when the entity exists (a status test).
void touchIfKnown(cloud_table &table, utility::string_t const &site,
                  utility::string_t const &device) {
  table_result r = table.execute(table_operation::retrieve_entity(site, device)); // ok: tablelint-read-before-write (the status decides)
  if (r.http_status_code() == 404)
    return;
  table_entity e(site, device);
  table.execute(table_operation::insert_or_merge_entity(e));
}

// Good: the write comes before the read (the read checks what was written).
void writeThenVerify(cloud_table &table, utility::string_t const &site,
                     utility::string_t const &device) {
  table_entity e(site, device);
  table.execute(table_operation::insert_or_merge_entity(e));
  table.execute(table_operation::retrieve_entity(site, device)); // ok: tablelint-read-before-write (read after the write)
}

} // namespace devices
