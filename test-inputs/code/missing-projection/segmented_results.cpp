// Results of execute_query_segmented and its async form, read the ways real
// code pages through them: an iterator over results(), a local reference to
// the page, .get() on the task.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>
#include <vector>

using namespace azure::storage;

std::vector<utility::string_t> Emails(const cloud_table &users, const utility::string_t &tenant) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, tenant));
  std::vector<utility::string_t> out;
  continuation_token token;
  do {
    table_query_segment segment = users.execute_query_segmented(query, token); // expect: tablelint-missing-projection "only 'Email' is read"
    for (auto it = segment.results().cbegin(); it != segment.results().cend(); ++it)
      out.push_back(it->properties().at(U("Email")).string_value());
    token = segment.continuation_token();
  } while (!token.empty());
  return out;
}

int ActiveCount(const cloud_table &users, const utility::string_t &tenant) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, tenant));
  continuation_token token;
  int n = 0;
  do {
    auto segment = users.execute_query_segmented_async(query, token).get(); // expect: tablelint-missing-projection "only 'Active' is read"
    for (const table_entity &user : segment.results())
      if (user.properties().at(U("Active")).boolean_value()) // expect: tablelint-client-side-filter "add the condition Active eq true"
        ++n;
    token = segment.continuation_token();
  } while (!token.empty());
  return n;
}

double Quota(const cloud_table &users, const utility::string_t &tenant) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, tenant));
  continuation_token token;
  const table_query_segment segment = users.execute_query_segmented(query, token); // expect: tablelint-missing-projection "only 'Quota' is read"
  const std::vector<table_entity> &rows = segment.results();
  double sum = 0;
  for (std::size_t i = 0; i < rows.size(); ++i)
    sum += rows[i].properties().at(U("Quota")).double_value();
  return sum;
}

// Good: already projected.
std::vector<utility::string_t> Names(const cloud_table &users, const utility::string_t &tenant) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, tenant));
  query.set_select_columns({U("Name")});
  std::vector<utility::string_t> out;
  continuation_token token;
  table_query_segment segment = users.execute_query_segmented(query, token); // ok: tablelint-missing-projection (projected)
  for (auto it = segment.results().cbegin(); it != segment.results().cend(); ++it)
    out.push_back(it->properties().at(U("Name")).string_value());
  return out;
}

// Good: the page's entities are kept whole.
std::vector<table_entity> Page(const cloud_table &users, const utility::string_t &tenant) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, tenant));
  continuation_token token;
  table_query_segment segment = users.execute_query_segmented(query, token); // ok: tablelint-missing-projection (entities kept whole)
  std::vector<table_entity> out(segment.results().cbegin(), segment.results().cend());
  return out;
}

// Good: the page goes to a continuation; its uses are not visible here.
void Stream(const cloud_table &users, const utility::string_t &tenant) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, tenant));
  continuation_token token;
  users.execute_query_segmented_async(query, token) // ok: tablelint-missing-projection (handled in a continuation)
      .then([](table_query_segment segment) { return segment.results().size(); });
}
