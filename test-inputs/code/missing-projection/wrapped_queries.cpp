// Queries behind one-line wrappers: the wrapper builds the query and returns
// its results whole, the callers read a few properties. The projection is
// worked out from every call of the wrapper in the file and reported at the
// query inside it.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <map>
#include <string>
#include <vector>

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::QueryEntitiesOptions;
using Azure::Data::Tables::Models::TableEntity;

namespace orders {

Azure::Data::Tables::Models::QueryEntitiesPagedResponse Fetch(TableClient const &table, std::string const &customer) {
  QueryEntitiesOptions options;
  options.PartitionKey = customer;
  return table.QueryEntities(options); // expect: tablelint-missing-projection "only 'RowKey', 'Status' are read: select them"
}

std::map<std::string, std::string> StatusById(TableClient const &table, std::string const &customer) {
  std::map<std::string, std::string> out;
  for (auto page = Fetch(table, customer); page.HasPage(); page.MoveToNextPage())
    for (auto const &order : page.TableEntities)
      out[order.RowKey] = order.Properties.at("Status").Value;
  return out;
}

// The results held in a local first, then returned; two callers, the
// projection is what both read.
Azure::Data::Tables::Models::QueryEntitiesPagedResponse Lines(TableClient const &table, std::string const &order) {
  QueryEntitiesOptions options;
  options.PartitionKey = order;
  auto lines = table.QueryEntities(options); // expect: tablelint-missing-projection "only 'Price', 'Quantity' are read: select them"
  return lines;
}

double Total(TableClient const &table, std::string const &order) {
  double total = 0;
  for (auto page = Lines(table, order); page.HasPage(); page.MoveToNextPage())
    for (auto const &line : page.TableEntities)
      total += std::stod(line.Properties.at("Price").Value);
  return total;
}

int Units(TableClient const &table, std::string const &order) {
  int units = 0;
  for (auto page = Lines(table, order); page.HasPage(); page.MoveToNextPage())
    for (auto const &line : page.TableEntities)
      units += std::stoi(line.Properties.at("Quantity").Value);
  return units;
}

// Good: the wrapper already projects.
Azure::Data::Tables::Models::QueryEntitiesPagedResponse FetchTotals(TableClient const &table, std::string const &customer) {
  QueryEntitiesOptions options;
  options.PartitionKey = customer;
  options.SelectColumns = "Total";
  return table.QueryEntities(options); // ok: tablelint-missing-projection (projected in the wrapper)
}

double Spent(TableClient const &table, std::string const &customer) {
  double sum = 0;
  for (auto page = FetchTotals(table, customer); page.HasPage(); page.MoveToNextPage())
    for (auto const &order : page.TableEntities)
      sum += std::stod(order.Properties.at("Total").Value);
  return sum;
}

// Good: one caller keeps the entities whole, so every property is needed.
Azure::Data::Tables::Models::QueryEntitiesPagedResponse FetchAll(TableClient const &table, std::string const &customer) {
  QueryEntitiesOptions options;
  options.PartitionKey = customer;
  return table.QueryEntities(options); // ok: tablelint-missing-projection (a caller keeps the entities)
}

std::string FirstStatus(TableClient const &table, std::string const &customer) {
  auto page = FetchAll(table, customer);
  return page.TableEntities.empty() ? "" : page.TableEntities.front().Properties.at("Status").Value;
}

std::vector<TableEntity> Archive(TableClient const &table, std::string const &customer) {
  std::vector<TableEntity> out;
  for (auto page = FetchAll(table, customer); page.HasPage(); page.MoveToNextPage())
    for (auto const &order : page.TableEntities)
      out.push_back(order);
  return out;
}

// Good: nothing in this file calls the wrapper; its callers are elsewhere.
Azure::Data::Tables::Models::QueryEntitiesPagedResponse Export(TableClient const &table, std::string const &customer) {
  QueryEntitiesOptions options;
  options.PartitionKey = customer;
  return table.QueryEntities(options); // ok: tablelint-missing-projection (callers not visible)
}

} // namespace orders

namespace readings {

using namespace azure::storage;

// The retired SDK: the wrapper returns execute_query's iterator.
table_query_iterator ForDevice(const cloud_table &table, const utility::string_t &device) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  return table.execute_query(query); // expect: tablelint-missing-projection "only 'Temperature' is read: select it"
}

double Average(const cloud_table &table, const utility::string_t &device) {
  double sum = 0;
  int count = 0;
  for (auto it = ForDevice(table, device); it != table_query_iterator(); ++it) {
    sum += it->properties().at(U("Temperature")).double_value();
    ++count;
  }
  return count ? sum / count : 0;
}

} // namespace readings
