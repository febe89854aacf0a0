// Client-side filters with the retired azure::storage API: typed property
// accessors, key getters and the iterator loop.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>
#include <vector>

using namespace azure::storage;

int Score(const table_entity &e);

// Bad: the catalog's example; every tenant's settings come back and most
// are dropped here.
std::vector<table_entity> TenantSettings(const cloud_table &settings,
                                         const utility::string_t &tenantId) {
  std::vector<table_entity> result;
  table_query query;
  for (auto it = settings.execute_query(query); it != table_query_iterator(); ++it) // expect: tablelint-table-scan
    if (it->partition_key() == tenantId) // expect: tablelint-client-side-filter "(keeps 'PartitionKey' == tenantId): add the condition PartitionKey eq '{tenantId}' to its $filter so the service drops the other entities; the PartitionKey condition also makes it read one partition"
      result.push_back(*it);
  return result;
}

// Bad: typed accessors; an age threshold and a boolean flag.
std::vector<utility::string_t> ActiveAdults(const cloud_table &people,
                                            const utility::string_t &city) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, city));
  query.set_select_columns({U("Age"), U("Active")});
  const int kAdult = 18;
  std::vector<utility::string_t> out;
  for (const table_entity &person : people.execute_query(query)) {
    if (person.properties().at(U("Age")).int32_value() < kAdult || // expect: tablelint-client-side-filter "add the condition Age ge 18 and Active eq true to its $filter"
        !person.properties().at(U("Active")).boolean_value())
      continue;
    out.push_back(person.row_key());
  }
  return out;
}

// Bad: a 64-bit counter compared with a literal, in a segmented query.
std::vector<utility::string_t> BigAccounts(const cloud_table &accounts,
                                           const utility::string_t &region) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, region));
  query.set_select_columns({U("Balance")});
  continuation_token token;
  std::vector<utility::string_t> out;
  auto segment = accounts.execute_query_segmented(query, token);
  for (const auto &account : segment.results())
    if (1000000 <= account.properties().at(U("Balance")).int64_value()) // expect: tablelint-client-side-filter "add the condition Balance ge 1000000L to its $filter"
      out.push_back(account.row_key());
  return out;
}

// Good: a score computed from the whole entity is not a property.
std::vector<utility::string_t> HighScores(const cloud_table &people,
                                          const utility::string_t &city) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, city));
  std::vector<utility::string_t> out;
  for (auto it = people.execute_query(query); it != table_query_iterator(); ++it)
    if (Score(*it) > 10) // ok: tablelint-client-side-filter (computed from the entity)
      out.push_back(it->row_key());
  return out;
}

// Good: a parsed value (not a plain property read) against a constant.
std::vector<utility::string_t> LongNames(const cloud_table &people,
                                         const utility::string_t &city) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, city));
  query.set_select_columns({U("Name")});
  std::vector<utility::string_t> out;
  for (auto it = people.execute_query(query); it != table_query_iterator(); ++it)
    if (it->properties().at(U("Name")).string_value().size() > 20) // ok: tablelint-client-side-filter (length of the value)
      out.push_back(it->row_key());
  return out;
}

// Good: two properties of one entity compared.
int Overdrawn(const cloud_table &accounts, const utility::string_t &region) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, region));
  query.set_select_columns({U("Balance"), U("Limit")});
  int n = 0;
  for (auto it = accounts.execute_query(query); it != table_query_iterator(); ++it)
    if (it->properties().at(U("Balance")).double_value() < it->properties().at(U("Limit")).double_value()) // ok: tablelint-client-side-filter (property against property)
      ++n;
  return n;
}

// Good: the filter runs after the loop on what it counted.
bool AnyAdults(const cloud_table &people, const utility::string_t &city) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, city));
  query.set_select_columns({U("Age")});
  int oldest = 0;
  for (auto it = people.execute_query(query); it != table_query_iterator(); ++it)
    oldest = std::max(oldest, it->properties().at(U("Age")).int32_value());
  if (oldest >= 18) // ok: tablelint-client-side-filter (after the loop, on an aggregate)
    return true;
  return false;
}

// Good: the loop stops after ten entities read, kept or not; the service
// filter would change which ten.
std::vector<utility::string_t> FirstTenChecked(const cloud_table &people,
                                               const utility::string_t &city) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, city));
  query.set_select_columns({U("Age")});
  std::vector<utility::string_t> out;
  int n = 0;
  for (auto it = people.execute_query(query); it != table_query_iterator() && n < 10; ++it, ++n)
    if (it->properties().at(U("Age")).int32_value() >= 18) // ok: tablelint-client-side-filter (the loop also counts what it skips)
      out.push_back(it->row_key());
  return out;
}
