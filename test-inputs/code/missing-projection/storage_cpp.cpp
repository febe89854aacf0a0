// Projections with the retired azure::storage API: set_select_columns
// (PartitionKey, RowKey and Timestamp are always added by the library).
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <vector>

using namespace azure::storage;

table_query forDevice(const utility::string_t &device);

// Average temperature of one device: iterator loop, one property read.
double AverageTemperature(const cloud_table &readings, const utility::string_t &device) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  double sum = 0;
  int count = 0;
  for (auto it = readings.execute_query(query); it != table_query_iterator(); ++it) { // expect: tablelint-missing-projection "only 'Temperature' is read: select it"
    sum += it->properties().at(U("Temperature")).double_value();
    ++count;
  }
  return count ? sum / count : 0;
}

// Range-for over the iterator; keys are implied, so only the properties.
std::vector<int> Humidities(const cloud_table &readings, const utility::string_t &device) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  query.set_take_count(100);
  std::vector<int> out;
  for (const table_entity &reading : readings.execute_query(query)) // expect: tablelint-missing-projection "only 'Humidity', 'Sensor' are read"
    if (reading.properties().count(U("Sensor")))
      out.push_back(reading.properties().at(U("Humidity")).int32_value() +
                    static_cast<int>(reading.row_key().size()));
  return out;
}

// Deleting what a segmented query returns: keys only.
void PurgeDevice(const cloud_table &readings, const utility::string_t &device) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  continuation_token token;
  auto segment = readings.execute_query_segmented(query, token); // expect: tablelint-missing-projection "only to delete them"
  for (const auto &reading : segment.results())
    readings.execute(table_operation::delete_entity(reading)); // expect: tablelint-unbatched-writes "comes from the query at line 46"
}

// Good: already projected.
double MaxTemperature(const cloud_table &readings, const utility::string_t &device) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  query.set_select_columns({U("Temperature")});
  double max = 0;
  for (auto it = readings.execute_query(query); it != table_query_iterator(); ++it) // ok: tablelint-missing-projection (set_select_columns is called)
    max = std::max(max, it->properties().at(U("Temperature")).double_value());
  return max;
}

// Good: the entities are copied out whole.
std::vector<table_entity> Snapshot(const cloud_table &readings, const utility::string_t &device) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  std::vector<table_entity> out;
  for (auto it = readings.execute_query(query); it != table_query_iterator(); ++it) // ok: tablelint-missing-projection (entities stored whole)
    out.push_back(*it);
  return out;
}

// Good: the query object comes from a helper; no local to fix.
int CountForDevice(const cloud_table &readings, const utility::string_t &device) {
  int n = 0;
  const table_query query = forDevice(device);
  for (auto it = readings.execute_query(query); it != table_query_iterator(); ++it) // ok: tablelint-missing-projection (query built elsewhere)
    n += it->properties().at(U("Count")).int32_value();
  return n;
}

// Bad (a note): the whole property map is walked; no projection is
// guessed.
std::size_t PropertyCount(const cloud_table &readings, const utility::string_t &device) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  std::size_t n = 0;
  for (auto it = readings.execute_query(query); it != table_query_iterator(); ++it) // expect: tablelint-missing-projection "the properties read are chosen at run time (line 91)"
    for (const auto &property : it->properties())
      n += property.first.size();
  return n;
}
