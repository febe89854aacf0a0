// Queries whose results are read by property names chosen at run time (the
// property map walked entry by entry, names from a request or a parameter):
// no projection can be worked out from the code, so a note says so instead
// of guessing one. Both SDK generations.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <map>
#include <string>
#include <vector>

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;
using namespace azure::storage;

// Bad: every property of every entity is copied out by position.
std::vector<utility::string_t> Names(const cloud_table &table, const utility::string_t &pk) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, pk));
  std::vector<utility::string_t> out;
  for (auto it = table.execute_query(query); it != table_query_iterator(); ++it) // expect: tablelint-missing-projection "query returns whole entities and the properties read are chosen at run time (line 24)"
    for (const auto &property : it->properties())
      out.push_back(property.first);
  return out;
}

// Bad: the columns come from the request.
std::vector<std::string> Export(TableClient const &table, std::string const &pk,
                                std::vector<std::string> const &columns) {
  QueryEntitiesOptions options;
  options.PartitionKey = pk;
  std::vector<std::string> cells;
  auto page = table.QueryEntities(options); // expect: tablelint-missing-projection "chosen at run time (line 38): no projection can be worked out from the code; if the names come from a known set, select those"
  for (auto const &entity : page.TableEntities)
    for (auto const &column : columns)
      cells.push_back(entity.Properties.at(column).Value);
  return cells;
}

// Bad: the names are built in a loop ("Day0" to "Day6"): a known set, but
// one the code spells only at run time.
std::vector<int> Week(const cloud_table &table, const utility::string_t &pk) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, pk));
  std::vector<int> out;
  for (const table_entity &row : table.execute_query(query)) // expect: tablelint-missing-projection "(line 51)"
    for (int day = 0; day < 7; ++day)
      out.push_back(row.properties().at(U("Day") + utility::conversions::print_string(day)).int32_value());
  return out;
}

// Good: the request's columns are selected already.
std::vector<std::string> Selected(TableClient const &table, std::string const &pk,
                                  std::vector<std::string> const &columns,
                                  std::string const &select) {
  QueryEntitiesOptions options;
  options.PartitionKey = pk;
  options.SelectColumns = select;
  std::vector<std::string> cells;
  auto page = table.QueryEntities(options); // ok: tablelint-missing-projection (a projection is set)
  for (auto const &entity : page.TableEntities)
    for (auto const &column : columns)
      cells.push_back(entity.Properties.at(column).Value);
  return cells;
}

// Good: the entities are also kept whole; nothing is said about them.
std::vector<TableEntity> Kept(TableClient const &table, std::string const &pk,
                              std::string const &column, std::vector<std::string> &cells) {
  QueryEntitiesOptions options;
  options.PartitionKey = pk;
  std::vector<TableEntity> kept;
  auto page = table.QueryEntities(options); // ok: tablelint-missing-projection (the entities escape)
  for (auto const &entity : page.TableEntities) {
    cells.push_back(entity.Properties.at(column).Value);
    kept.push_back(entity);
  }
  return kept;
}

// Good: the options come from the caller: no place for a projection here.
std::map<std::string, std::string> Row(TableClient const &table,
                                       QueryEntitiesOptions const &options) {
  std::map<std::string, std::string> row;
  auto page = table.QueryEntities(options); // ok: tablelint-missing-projection (options from the caller)
  for (auto const &entity : page.TableEntities)
    for (auto const &property : entity.Properties)
      row[property.first] = property.second.Value;
  return row;
}
