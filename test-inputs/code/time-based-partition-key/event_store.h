// The project's event store: appends one event under the partition and row
// key it is given. Callers are in wrapper_keys.cpp.
#pragma once

#include <was/table.h> // expect: tablelint-legacy-client-library "<was/table.h> is the table API of the retired azure-storage-cpp library"

namespace audit {

class EventStore {
public:
  explicit EventStore(azure::storage::cloud_table table) : table_(table) {}

  void append(const utility::string_t &partition, const utility::string_t &id,
              const utility::string_t &payload) {
    azure::storage::table_entity e(partition, id);
    e.properties()[U("Payload")] = azure::storage::entity_property(payload);
    table_.execute(azure::storage::table_operation::insert_entity(e));
  }

  // Reads one event back: a read never creates a key.
  azure::storage::table_result find(const utility::string_t &partition,
                                    const utility::string_t &id) const {
    return table_.execute(azure::storage::table_operation::retrieve_entity(partition, id));
  }

private:
  azure::storage::cloud_table table_;
};

} // namespace audit
