// A legacy order book on azure::storage (was/table.h), the input of
// `schema init`'s test: orders per customer, a query of a customer's open
// orders with a projection and a take count, an audit table per day written
// in a batch of two, and an exponential retry policy.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <chrono>
#include <vector>

namespace orders {

using namespace azure::storage;

void placeOrder(cloud_table_client const &client,
                utility::string_t const &customerId,
                utility::string_t const &orderId, double total) {
  cloud_table table = client.get_table_reference(U("Orders"));
  table_entity e(customerId, U("order_") + orderId);
  e.properties()[U("Total")] = entity_property(total);
  table.execute(table_operation::insert_entity(e));
}

std::vector<double> openOrders(cloud_table_client const &client,
                               utility::string_t const &customerId) {
  cloud_table table = client.get_table_reference(U("Orders"));
  table_query query;
  query.set_filter_string(table_query::combine_filter_conditions(
      table_query::generate_filter_condition(
          U("PartitionKey"), query_comparison_operator::equal, customerId),
      query_logical_operator::op_and,
      table_query::generate_filter_condition(
          U("Status"), query_comparison_operator::equal, U("open"))));
  query.set_select_columns({U("Total")});
  query.set_take_count(20);
  std::vector<double> totals;
  for (auto it = table.execute_query(query); it != table_query_iterator(); ++it) // expect: tablelint-partition-scan
    totals.push_back(it->properties().at(U("Total")).double_value());
  return totals;
}

// A table per day: a day's audit is dropped with its table.
void audit(cloud_table_client const &client, utility::string_t const &day,
           utility::string_t const &user, utility::string_t const &action) {
  cloud_table table = client.get_table_reference(U("Audit") + day);
  table_batch_operation batch;
  batch.insert_entity(table_entity(user, action + U("_start")));
  batch.insert_entity(table_entity(user, action + U("_end")));
  table.execute_batch(batch);
}

void configure(table_request_options &options) {
  options.set_retry_policy(exponential_retry_policy(std::chrono::seconds(2), 4));
}

} // namespace orders
