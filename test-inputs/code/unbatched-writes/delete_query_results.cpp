// Deleting what a query returns, one request per entity. When the query is
// pinned to one PartitionKey, every entity the loop sees has that key: the
// deletes could travel as entity group transactions.
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <vector>

using namespace azure::storage;

// Range-for over the results of a query on one literal partition.
void purgeCart(const cloud_table &carts) {
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'cart-42'"));
  query.set_select_columns({U("RowKey")});
  for (const table_entity &item : carts.execute_query(query))
    carts.execute(table_operation::delete_entity(item)); // expect: tablelint-unbatched-writes "query at line 15, which reads one partition (partition key 'cart-42')"
}

// Segmented pages of one customer's orders, the partition a parameter.
void purgeCustomer(const cloud_table &orders, const utility::string_t &customer) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, customer));
  query.set_select_columns({U("RowKey")});
  continuation_token token;
  do {
    table_query_segment segment = orders.execute_query_segmented(query, token);
    for (const auto &order : segment.results())
      orders.execute(table_operation::delete_entity(order)); // expect: tablelint-unbatched-writes "partition key <runtime value>"
    token = segment.continuation_token();
  } while (!token.empty());
}

// An iterator loop over a row range of one partition.
void purgeOldSessions(const cloud_table &sessions, const utility::string_t &user) {
  table_query query;
  query.set_filter_string(U("PartitionKey eq '") + user + U("' and RowKey lt '2024'"));
  for (auto it = sessions.execute_query(query); it != table_query_iterator(); ++it) // expect: tablelint-missing-projection "only to delete them"
    sessions.execute(table_operation::delete_entity(*it)); // expect: tablelint-unbatched-writes "delete_entity in a loop"
}

// Good: the query reads every partition, so the entities do not share one.
void purgeExpired(const cloud_table &carts) {
  table_query query;
  query.set_filter_string(U("Expired eq true")); // expect: tablelint-low-density-query
  query.set_select_columns({U("RowKey")});
  for (const table_entity &item : carts.execute_query(query)) // expect: tablelint-table-scan
    carts.execute(table_operation::delete_entity(item)); // ok: tablelint-unbatched-writes (results span partitions)
}

// Good: an 'or' over two partitions.
void purgeTwo(const cloud_table &carts) {
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'a' or PartitionKey eq 'b'"));
  query.set_select_columns({U("RowKey")});
  for (const table_entity &item : carts.execute_query(query))
    carts.execute(table_operation::delete_entity(item)); // ok: tablelint-unbatched-writes (two partitions)
}

// Good: the deletes already go into a batch.
void purgeBatched(const cloud_table &carts) {
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'cart-7'"));
  query.set_select_columns({U("RowKey")});
  table_batch_operation batch;
  for (const table_entity &item : carts.execute_query(query))
    batch.delete_entity(item); // ok: tablelint-unbatched-writes (a batch)
  carts.execute_batch(batch);
}

// Good: each entity is deleted from the table its row names.
void purgeMirrors(const cloud_table &index, const std::vector<cloud_table> &mirrors) {
  table_query query;
  query.set_filter_string(U("PartitionKey eq 'mirrors'"));
  query.set_select_columns({U("RowKey")});
  std::size_t n = 0;
  for (const table_entity &item : index.execute_query(query))
    mirrors[n++].execute(table_operation::delete_entity(item)); // ok: tablelint-unbatched-writes (another table each pass)
}
