// azure::storage (was/table.h): table_operation factories run one by one by
// cloud_table::execute, where a table_batch_operation would carry them.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>
#include <vector>

namespace telemetry {

using azure::storage::cloud_table;
using azure::storage::table_batch_operation;
using azure::storage::table_entity;
using azure::storage::table_operation;

struct Sample {
  utility::string_t Sensor;
  utility::string_t Id;
  double Value;
};

const utility::string_t DevicePartition = U("device-42");

// The partition key is a constant, the row key the sample id.
void saveSamples(cloud_table &table, std::vector<Sample> const &samples) {
  for (Sample const &s : samples) {
    table_entity e(DevicePartition, s.Id);
    e.properties()[U("Value")] = azure::storage::entity_property(s.Value);
    table.execute(table_operation::insert_or_replace_entity(e)); // expect: tablelint-unbatched-writes "execute_batch (table_batch_operation)"
  }
}

// A temporary entity built in the call, with a literal partition key.
void saveIds(cloud_table &table, std::vector<utility::string_t> const &ids) {
  for (auto const &id : ids)
    table.execute(table_operation::insert_entity(table_entity(U("ids"), id))); // expect: tablelint-unbatched-writes "partition key 'ids'"
}

// The operation in a variable first, and a while loop over an index.
void saveRange(cloud_table &table, utility::string_t const &sensor, int count) {
  int n = 0;
  while (n < count) {
    table_entity e(sensor, utility::conversions::to_string_t(std::to_string(n)));
    auto op = table_operation::merge_entity(e); // expect: tablelint-unbatched-writes "merge_entity in a loop"
    table.execute(op); // ok: tablelint-unbatched-writes (reported once, at the operation)
    ++n;
  }
}

// Already a batch.
void saveBatched(cloud_table &table, std::vector<Sample> const &samples) {
  table_batch_operation batch;
  for (Sample const &s : samples) {
    table_entity e(DevicePartition, s.Id);
    batch.insert_or_replace_entity(e); // ok: tablelint-unbatched-writes (a batch)
  }
  table.execute_batch(batch);
}

// One partition per sensor: not batchable together.
void savePerSensor(cloud_table &table, std::vector<Sample> const &samples) {
  for (Sample const &s : samples) {
    table_entity e(s.Sensor, s.Id);
    table.execute(table_operation::insert_or_replace_entity(e)); // ok: tablelint-unbatched-writes (partition key from the loop variable)
  }
}

// Three tables, one write each: a transaction holds one table only.
void savePerTable(std::vector<cloud_table> &tables, Sample const &s) {
  for (std::size_t i = 0; i < tables.size(); ++i) {
    table_entity e(DevicePartition, s.Id + utility::conversions::to_string_t(std::to_string(i)));
    tables[i].execute(table_operation::insert_entity(e)); // ok: tablelint-unbatched-writes (another table each pass)
  }
}

} // namespace telemetry
