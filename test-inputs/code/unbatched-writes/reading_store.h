// The project's store of meter readings: one write per call, under the
// partition and row key it is given. Callers are in wrapper_writes.cpp.
#pragma once

#include <was/table.h> // expect: tablelint-legacy-client-library "<was/table.h> is the table API of the retired azure-storage-cpp library"

namespace metering {

class ReadingStore {
public:
  explicit ReadingStore(azure::storage::cloud_table table) : table_(table) {}

  void save(const utility::string_t &meter, const utility::string_t &reading, double value) {
    azure::storage::table_entity e(meter, reading);
    e.properties()[U("Value")] = azure::storage::entity_property(value);
    table_.execute(azure::storage::table_operation::insert_or_replace_entity(e));
  }

  void saveBatch(const utility::string_t &meter, const std::vector<utility::string_t> &readings) {
    azure::storage::table_batch_operation batch;
    for (const auto &r : readings)
      batch.insert_or_replace_entity(azure::storage::table_entity(meter, r));
    table_.execute_batch(batch);
  }

private:
  azure::storage::cloud_table table_;
};

} // namespace metering
