// The property map of a result held in a local reference or copy first:
// `const properties_type &p = it->properties()`, then read by name.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>
#include <vector>

using namespace azure::storage;

void show(const table_entity::properties_type &properties);

double TotalWeight(const cloud_table &parcels, const utility::string_t &depot) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, depot));
  double total = 0;
  for (auto it = parcels.execute_query(query); it != table_query_iterator(); ++it) { // expect: tablelint-missing-projection "only 'Weight' is read: select it"
    const table_entity::properties_type &p = it->properties();
    total += p.at(U("Weight")).double_value();
  }
  return total;
}

std::vector<utility::string_t> Labels(const cloud_table &parcels, const utility::string_t &depot) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, depot));
  std::vector<utility::string_t> out;
  for (const table_entity &parcel : parcels.execute_query(query)) { // expect: tablelint-missing-projection "only 'Label', 'Status' are read"
    const auto &props = parcel.properties();
    auto status = props.find(U("Status"));
    if (status != props.end() && status->second.string_value() == U("ready"))
      out.push_back(props.at(U("Label")).string_value());
  }
  return out;
}

int CountFragile(const cloud_table &parcels, const utility::string_t &depot) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, depot));
  int n = 0;
  for (const table_entity &parcel : parcels.execute_query(query)) { // expect: tablelint-missing-projection "only 'Fragile' is read"
    const table_entity::properties_type copy = parcel.properties();
    if (copy.count(U("Fragile")))
      ++n;
  }
  return n;
}

// Good: the map held in a reference is passed on whole.
void ShowAll(const cloud_table &parcels, const utility::string_t &depot) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, depot));
  for (auto it = parcels.execute_query(query); it != table_query_iterator(); ++it) { // ok: tablelint-missing-projection (the map escapes)
    const table_entity::properties_type &p = it->properties();
    show(p);
  }
}

// Good: every property is walked through the reference.
std::size_t Width(const cloud_table &parcels, const utility::string_t &depot) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, depot));
  std::size_t widest = 0;
  for (const table_entity &parcel : parcels.execute_query(query)) { // ok: tablelint-missing-projection (every property used)
    const auto &props = parcel.properties();
    widest = std::max(widest, props.size());
  }
  return widest;
}

// Bad (a note): the name read through the reference is computed at run
// time; no projection is guessed.
std::vector<utility::string_t> Column(const cloud_table &parcels, const utility::string_t &depot,
                                      const utility::string_t &column) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, depot));
  std::vector<utility::string_t> out;
  for (const table_entity &parcel : parcels.execute_query(query)) { // expect: tablelint-missing-projection "the properties read are chosen at run time (line 85)"
    const auto &props = parcel.properties();
    out.push_back(props.at(column).string_value());
  }
  return out;
}
