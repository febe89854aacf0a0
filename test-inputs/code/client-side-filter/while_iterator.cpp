// Client-side filters in while loops over azure::storage's query iterator:
// the keep condition followed by the increment, preceded by other
// statements, combined with &&, written with compare(), and after a query
// that already pins the partition.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>
#include <vector>

using namespace azure::storage;

// Bad: the if is followed by the increment of the iterator.
std::vector<utility::string_t> OpenOrders(const cloud_table &orders,
                                          const utility::string_t &customer) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, customer));
  query.set_select_columns({U("Status")});
  std::vector<utility::string_t> out;
  table_query_iterator it = orders.execute_query(query);
  table_query_iterator end;
  while (it != end) {
    if (it->properties().at(U("Status")).string_value() == U("open")) // expect: tablelint-client-side-filter "add the condition Status eq 'open' to its $filter so the service drops the other entities"
      out.push_back(it->row_key());
    ++it;
  }
  return out;
}

// Bad: declarations and a statement on a local of the body come first; two
// conditions combined with &&, one of them written with compare().
std::vector<utility::string_t> LargeInRegion(const cloud_table &orders,
                                             const utility::string_t &customer,
                                             const utility::string_t &region) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, customer));
  query.set_select_columns({U("Region"), U("Total")});
  std::vector<utility::string_t> out;
  auto it = orders.execute_query(query);
  while (it != table_query_iterator()) {
    const auto &props = it->properties();
    utility::string_t label = it->row_key();
    label += U("/large");
    if (props.at(U("Region")).string_value().compare(region) == 0 && // expect: tablelint-client-side-filter "add the condition Region eq '{region}' and Total gt 100.0 to its $filter"
        props.at(U("Total")).double_value() > 100.0)
      out.push_back(label);
    it++;
  }
  return out;
}

// Bad: the query pins the partition; the loop picks rows by RowKey with
// compare(), skipping the others with `++it; continue;`.
std::vector<table_entity> Since(const cloud_table &events,
                                const utility::string_t &device,
                                const utility::string_t &first) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  std::vector<table_entity> out;
  for (auto it = events.execute_query(query); it != table_query_iterator();) {
    if (it->row_key().compare(first) < 0) { // expect: tablelint-client-side-filter "add the condition RowKey ge '{first}' to its $filter"
      ++it;
      continue;
    }
    out.push_back(*it);
    ++it;
  }
  return out;
}

// Good: a counter of every entity read comes before the if; with the
// condition in the $filter it would count fewer.
int CountOpen(const cloud_table &orders, const utility::string_t &customer,
              int &scanned) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, customer));
  query.set_select_columns({U("Status")});
  int open = 0;
  table_query_iterator it = orders.execute_query(query);
  while (it != table_query_iterator()) {
    ++scanned;
    if (it->properties().at(U("Status")).string_value() == U("open")) // ok: tablelint-client-side-filter (the loop counts what it skips)
      ++open;
    ++it;
  }
  return open;
}

// Good: after the if, the body does more than step the iterator (it keeps
// the last key of every entity, kept or not).
utility::string_t LastSeen(const cloud_table &orders,
                           const utility::string_t &customer,
                           std::vector<utility::string_t> &open) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, customer));
  query.set_select_columns({U("Status")});
  utility::string_t last;
  auto it = orders.execute_query(query);
  while (it != table_query_iterator()) {
    if (it->properties().at(U("Status")).string_value() == U("open")) // ok: tablelint-client-side-filter (every entity is used after the if)
      open.push_back(it->row_key());
    last = it->row_key();
    ++it;
  }
  return last;
}

// Good: a partial compare() (a prefix of the key) and a compare() against
// something other than zero are not comparisons of the whole value.
std::vector<utility::string_t> Prefixed(const cloud_table &events,
                                        const utility::string_t &device,
                                        const utility::string_t &prefix) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, device));
  query.set_select_columns({U("RowKey")});
  std::vector<utility::string_t> out;
  for (auto it = events.execute_query(query); it != table_query_iterator(); ++it) {
    if (it->row_key().compare(0, prefix.size(), prefix) == 0) // ok: tablelint-client-side-filter (a prefix, not the whole key)
      out.push_back(it->row_key());
  }
  auto it = events.execute_query(query);
  while (it != table_query_iterator()) {
    if (it->row_key().compare(prefix) == 1) // ok: tablelint-client-side-filter (compare() against 1 is not an order)
      out.push_back(it->row_key());
    ++it;
  }
  return out;
}
