// Read, modify, upsert with no existence branch: the entity a point read
// returns is changed and written back by an upsert. When the change does
// not use the old values the read is a round trip an upsert of the changed
// properties saves; when it does, the unconditional upsert loses a change
// made in between, and the write should carry the read's ETag.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>

namespace devices {

using azure::storage::cloud_table;
using azure::storage::entity_property;
using azure::storage::table_entity;
using azure::storage::table_operation;
using azure::storage::table_result;

void touch(cloud_table &table, utility::string_t const &site, utility::string_t const &device) {
  table_result r = table.execute(table_operation::retrieve_entity(site, device)); // expect: tablelint-read-before-write "retrieve_entity reads the entity only to write it back with insert_or_merge_entity (line 23)"
  table_entity e = r.entity();
  e.properties()[U("LastSeen")] = entity_property(U("now"));
  table.execute(table_operation::insert_or_merge_entity(e));
}

void countVisit(cloud_table &table, utility::string_t const &site, utility::string_t const &device) {
  table_result r = table.execute(table_operation::retrieve_entity(site, device)); // expect: tablelint-read-before-write "changes it from its old values and insert_or_merge_entity (line 30) writes it back unconditionally"
  table_entity e = r.entity();
  e.properties()[U("Visits")] = entity_property(e.properties()[U("Visits")].int32_value() + 1);
  table.execute(table_operation::insert_or_merge_entity(e));
}

void markSeen(Azure::Data::Tables::TableClient const &users, std::string const &tenant, std::string const &user) {
  auto entity = users.GetEntity(tenant, user).Value; // expect: tablelint-read-before-write "GetEntity reads the entity only to write it back with UpsertEntity (line 36)"
  entity.Properties["Seen"] = Azure::Data::Tables::Models::TableEntityProperty("yes");
  users.UpsertEntity(entity);
}

// Good: the write carries the read's ETag (a replace, not an upsert).
void touchIfUnchanged(cloud_table &table, utility::string_t const &site, utility::string_t const &device) {
  table_result r = table.execute(table_operation::retrieve_entity(site, device)); // ok: tablelint-read-before-write (conditional replace)
  table_entity e = r.entity();
  e.properties()[U("LastSeen")] = entity_property(U("now"));
  table.execute(table_operation::replace_entity(e));
}

// Good: the status is tested, so the read decides something.
void touchKnown(cloud_table &table, utility::string_t const &site, utility::string_t const &device) {
  table_result r = table.execute(table_operation::retrieve_entity(site, device)); // ok: tablelint-read-before-write (existence branch)
  if (r.http_status_code() == 404)
    return;
  table_entity e = r.entity();
  e.properties()[U("LastSeen")] = entity_property(U("now"));
  table.execute(table_operation::insert_or_merge_entity(e));
}

// Good: the entity is copied into another table, read for what it holds.
void archive(cloud_table &live, cloud_table &archived, utility::string_t const &site, utility::string_t const &device) {
  table_result r = live.execute(table_operation::retrieve_entity(site, device)); // ok: tablelint-read-before-write (written to another table)
  table_entity e = r.entity();
  e.properties()[U("ArchivedAt")] = entity_property(U("now"));
  archived.execute(table_operation::insert_or_merge_entity(e));
}

} // namespace devices
