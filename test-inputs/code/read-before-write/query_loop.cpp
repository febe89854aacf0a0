// Read, modify, upsert once per result of a query. The point read in the
// loop is there only to write the entity back: one problem, reported once,
// by read-before-write (dropping the read, or making the write carry its
// ETag, is the fix for every pass). A read in the loop that the code needs
// for something else stays an N+1 read.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>

namespace sessions {

using azure::storage::cloud_table;
using azure::storage::entity_property;
using azure::storage::query_comparison_operator;
using azure::storage::table_entity;
using azure::storage::table_operation;
using azure::storage::table_query;
using azure::storage::table_result;

table_query activeIn(utility::string_t const &site) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, site));
  query.set_select_columns({U("DeviceId")});
  return query;
}

// Bad: each device's record is read only to be written back with a new
// LastSeen.
void touchAll(cloud_table const &sessions, cloud_table &devices, utility::string_t const &site) {
  for (table_entity const &s : sessions.execute_query(activeIn(site))) {
    table_result r = devices.execute(table_operation::retrieve_entity(site, s.properties().at(U("DeviceId")).string_value())); // expect: tablelint-read-before-write "reads the entity only to write it back with insert_or_merge_entity" // ok: tablelint-n-plus-one-reads (read-before-write owns it)
    table_entity e = r.entity();
    e.properties()[U("LastSeen")] = entity_property(U("now"));
    devices.execute(table_operation::insert_or_merge_entity(e));
  }
}

// Bad: a counter read, incremented and upserted back per result.
void countAll(cloud_table const &sessions, cloud_table &devices, utility::string_t const &site) {
  for (table_entity const &s : sessions.execute_query(activeIn(site))) {
    table_result r = devices.execute(table_operation::retrieve_entity(site, s.properties().at(U("DeviceId")).string_value())); // expect: tablelint-read-before-write "changes it from its old values" // ok: tablelint-n-plus-one-reads (read-before-write owns it)
    table_entity e = r.entity();
    e.properties()[U("Sessions")] = entity_property(e.properties()[U("Sessions")].int32_value() + 1);
    devices.execute(table_operation::insert_or_merge_entity(e));
  }
}

// Bad: the current SDK, pages of a query; each user read and upserted back.
void markAll(Azure::Data::Tables::TableClient const &logins, Azure::Data::Tables::TableClient const &users,
             Azure::Data::Tables::Models::QueryEntitiesOptions const &today) {
  for (auto page = logins.QueryEntities(today); page.HasPage(); page.MoveToNextPage())
    for (auto const &login : page.TableEntities) {
      auto user = users.GetEntity("users", login.Properties.at("UserId").Value).Value; // expect: tablelint-read-before-write "GetEntity reads the entity only to write it back with UpsertEntity" // ok: tablelint-n-plus-one-reads (read-before-write owns it)
      user.Properties["Seen"] = Azure::Data::Tables::Models::TableEntityProperty("yes");
      users.UpsertEntity(user);
    }
}

// Good for read-before-write: the read's status decides; each pass still
// reads once per result (n-plus-one-reads).
void touchKnown(cloud_table const &sessions, cloud_table &devices, utility::string_t const &site) {
  for (table_entity const &s : sessions.execute_query(activeIn(site))) {
    table_result r = devices.execute(table_operation::retrieve_entity(site, s.properties().at(U("DeviceId")).string_value())); // expect: tablelint-n-plus-one-reads "point read inside the loop" // ok: tablelint-read-before-write (existence branch)
    if (r.http_status_code() == 404)
      continue;
    table_entity e = r.entity();
    e.properties()[U("LastSeen")] = entity_property(U("now"));
    devices.execute(table_operation::insert_or_merge_entity(e));
  }
}

// Good for read-before-write: the entity read is copied into another
// table, read for what it holds (an N+1 read).
void archiveAll(cloud_table const &sessions, cloud_table &devices, cloud_table &archive, utility::string_t const &site) {
  for (table_entity const &s : sessions.execute_query(activeIn(site))) {
    table_result r = devices.execute(table_operation::retrieve_entity(site, s.properties().at(U("DeviceId")).string_value())); // expect: tablelint-n-plus-one-reads // ok: tablelint-read-before-write (written to another table)
    table_entity e = r.entity();
    e.properties()[U("ArchivedAt")] = entity_property(U("now"));
    archive.execute(table_operation::insert_or_merge_entity(e));
  }
}

// Good for read-before-write: the write carries the read's ETag (a
// replace); the read per result is still an N+1 read.
void touchIfUnchanged(cloud_table const &sessions, cloud_table &devices, utility::string_t const &site) {
  for (table_entity const &s : sessions.execute_query(activeIn(site))) {
    table_result r = devices.execute(table_operation::retrieve_entity(site, s.properties().at(U("DeviceId")).string_value())); // expect: tablelint-n-plus-one-reads // ok: tablelint-read-before-write (conditional replace)
    table_entity e = r.entity();
    e.properties()[U("LastSeen")] = entity_property(U("now"));
    devices.execute(table_operation::replace_entity(e));
  }
}

} // namespace sessions
