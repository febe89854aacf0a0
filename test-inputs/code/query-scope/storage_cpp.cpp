// Query scope with the retired azure::storage API: table_query built by
// set_filter_string, generate_filter_condition and combine_filter_conditions.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

using namespace azure::storage;

void bad(cloud_table &table) {
  table_query all;
  table.execute_query(all); // expect: tablelint-table-scan "query has no filter"

  table_query byColor;
  byColor.set_filter_string(U("Color eq 'red'")); // expect: tablelint-low-density-query
  table.execute_query(byColor); // expect: tablelint-table-scan

  table_query generated;
  generated.set_filter_string(table_query::generate_filter_condition( // expect: tablelint-low-density-query
      U("Email"), query_comparison_operator::equal, U("a@example.com")));
  table.execute_query(generated); // expect: tablelint-table-scan "Email eq 'a@example.com'"

  // An 'or' over partition keys with a non-key branch.
  table_query combined;
  combined.set_filter_string(table_query::combine_filter_conditions(
      table_query::generate_filter_condition(U("PartitionKey"), query_comparison_operator::equal, U("p1")),
      query_logical_operator::op_or,
      table_query::generate_filter_condition(U("Age"), query_comparison_operator::greater_than, 30)));
  table.execute_query(combined); // expect: tablelint-table-scan "an 'or' branch does not constrain PartitionKey"
}

void badPartitionScan(cloud_table &table) {
  table_query q;
  q.set_filter_string(table_query::combine_filter_conditions(
      table_query::generate_filter_condition(U("PartitionKey"), query_comparison_operator::equal, U("p1")),
      query_logical_operator::op_and,
      table_query::generate_filter_condition(U("Active"), query_comparison_operator::equal, true)));
  table.execute_query(q); // expect: tablelint-partition-scan "filters on non-key property 'Active'"
}

void good(cloud_table &table, const utility::string_t &customer) {
  table_query byPartition;
  byPartition.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, customer));
  table.execute_query(byPartition); // ok: tablelint-table-scan (partition pinned at run time)

  table_query point;
  point.set_filter_string(table_query::combine_filter_conditions(
      table_query::generate_filter_condition(U("PartitionKey"), query_comparison_operator::equal, customer),
      query_logical_operator::op_and,
      table_query::generate_filter_condition(U("RowKey"), query_comparison_operator::equal, U("profile"))));
  table.execute_query(point); // ok: tablelint-partition-scan (point query)

  table_query range;
  range.set_filter_string(U("PartitionKey eq 'c-1' and RowKey ge '2024-01' and RowKey lt '2024-02'"));
  table.execute_query(range); // ok: tablelint-table-scan (row range)
}
