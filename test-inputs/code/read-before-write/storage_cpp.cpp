// azure::storage: retrieve_entity, then insert_entity on 404 or
// replace/merge otherwise.
#include <was/table.h> // expect: tablelint-legacy-client-library

namespace sessions {

using azure::storage::cloud_table;
using azure::storage::table_entity;
using azure::storage::table_operation;
using azure::storage::table_result;

// The branch on the status chooses between insert and replace.
void touchSession(cloud_table &table, utility::string_t const &user,
                  utility::string_t const &session) {
  table_entity e(user, session);
  e.properties()[U("LastSeen")] = azure::storage::entity_property(U("now"));
  table_result r = table.execute(table_operation::retrieve_entity(user, session)); // expect: tablelint-read-before-write "use table_operation::insert_or_replace_entity"
  if (r.http_status_code() == 404)
    table.execute(table_operation::insert_entity(e));
  else
    table.execute(table_operation::replace_entity(e));
}

// Tested the other way round, with merge where it exists.
void mergeSession(cloud_table &table, utility::string_t const &user,
                  utility::string_t const &session) {
  table_entity e(user, session);
  auto found = table.execute(table_operation::retrieve_entity(user, session)); // expect: tablelint-read-before-write "retrieve_entity reads the entity only to choose between insert_entity when it is missing (line 32) and merge_entity when it exists (line 30): use table_operation::insert_or_merge_entity"
  if (found.http_status_code() == 200) {
    table.execute(table_operation::merge_entity(e));
  } else {
    table.execute(table_operation::insert_entity(e));
  }
}

// The read's ETag is carried into the replace: a conditional update.
void replaceIfUnchanged(cloud_table &table, utility::string_t const &user,
                        utility::string_t const &session) {
  table_entity e(user, session);
  table_result r = table.execute(table_operation::retrieve_entity(user, session)); // ok: tablelint-read-before-write (the ETag is used)
  if (r.http_status_code() == 404) {
    table.execute(table_operation::insert_entity(e));
  } else {
    e.set_etag(r.etag());
    table.execute(table_operation::replace_entity(e));
  }
}

// The stored entity is read for its properties.
void extendSession(cloud_table &table, utility::string_t const &user,
                   utility::string_t const &session) {
  table_entity e(user, session);
  table_result r = table.execute(table_operation::retrieve_entity(user, session)); // ok: tablelint-read-before-write (the old properties are used)
  if (r.http_status_code() == 404) {
    table.execute(table_operation::insert_entity(e));
    return;
  }
  e.properties() = r.entity().properties();
  table.execute(table_operation::replace_entity(e));
}

// Reads one session, writes another.
void rotateSession(cloud_table &table, utility::string_t const &user,
                   utility::string_t const &oldSession, utility::string_t const &newSession) {
  table_entity e(user, newSession);
  table_result r = table.execute(table_operation::retrieve_entity(user, oldSession)); // ok: tablelint-read-before-write (another row key is written)
  if (r.http_status_code() == 404)
    table.execute(table_operation::insert_entity(e));
  else
    table.execute(table_operation::replace_entity(e));
}

} // namespace sessions
