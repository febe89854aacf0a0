// N+1 point reads with the retired azure::storage API: retrieve_entity run
// by cloud_table::execute inside loops over query results.
#include <was/storage_account.h>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <vector>

using namespace azure::storage;

table_query linesOf(const utility::string_t &order);

// Bad: each order line looks up its product.
double OrderTotal(const cloud_table &lines, const cloud_table &products,
                  const utility::string_t &order) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, order));
  query.set_select_columns({U("Category"), U("ProductId"), U("Quantity")});
  double total = 0;
  for (auto it = lines.execute_query(query); it != table_query_iterator(); ++it) {
    const table_entity &line = *it;
    auto product = products.execute(table_operation::retrieve_entity( // expect: tablelint-n-plus-one-reads "query at line 20"
        line.properties().at(U("Category")).string_value(),
        line.properties().at(U("ProductId")).string_value()));
    total += product.entity().properties().at(U("Price")).double_value() *
             line.properties().at(U("Quantity")).int32_value();
  }
  return total;
}

// Bad: the retrieve operation is built first, then executed; a while loop
// over the iterator.
int StockedLines(const cloud_table &lines, const cloud_table &stock,
                 const utility::string_t &order) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, order));
  query.set_select_columns({U("ProductId")});
  int stocked = 0;
  auto it = lines.execute_query(query);
  while (it != table_query_iterator()) {
    auto op = table_operation::retrieve_entity(U("stock"), it->properties().at(U("ProductId")).string_value()); // expect: tablelint-n-plus-one-reads
    stocked += stock.execute(op).http_status_code() == 200 ? 1 : 0;
    ++it;
  }
  return stocked;
}

// Bad: nested queries; the read belongs to the inner loop's query only.
int Reviews(const cloud_table &orders, const cloud_table &lines, const cloud_table &reviews,
            const utility::string_t &customer) {
  table_query byCustomer;
  byCustomer.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, customer));
  byCustomer.set_select_columns({U("OrderId")});
  int n = 0;
  for (const table_entity &order : orders.execute_query(byCustomer)) {
    table_query byOrder;
    byOrder.set_filter_string(table_query::generate_filter_condition(
        U("PartitionKey"), query_comparison_operator::equal, order.row_key()));
    byOrder.set_select_columns({U("ProductId")});
    for (const table_entity &line : lines.execute_query(byOrder))
      n += reviews.execute(table_operation::retrieve_entity(line.properties().at(U("ProductId")).string_value(), customer)) // expect: tablelint-n-plus-one-reads "query at line 62"
               .http_status_code() == 200;
  }
  return n;
}

// Good: a batch of retrieve operations is not a point read per entity here
// (batch-add role), and the loop is over the caller's product ids.
int Known(const cloud_table &products, const std::vector<utility::string_t> &ids) {
  int n = 0;
  for (const auto &id : ids)
    n += products.execute(table_operation::retrieve_entity(U("catalog"), id)).http_status_code() == 200; // ok: tablelint-n-plus-one-reads (loop over the caller's ids)
  return n;
}

// Good: the point read comes after the loop.
double LastPrice(const cloud_table &lines, const cloud_table &products,
                 const utility::string_t &order) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, order));
  query.set_select_columns({U("ProductId")});
  utility::string_t last;
  for (auto it = lines.execute_query(query); it != table_query_iterator(); ++it)
    last = it->properties().at(U("ProductId")).string_value();
  auto product = products.execute(table_operation::retrieve_entity(U("catalog"), last)); // ok: tablelint-n-plus-one-reads (after the loop)
  return product.entity().properties().at(U("Price")).double_value();
}

// Good: returns from inside the loop right after the read: at most one.
double FirstPrice(const cloud_table &lines, const cloud_table &products,
                  const utility::string_t &order) {
  table_query query;
  query.set_filter_string(table_query::generate_filter_condition(
      U("PartitionKey"), query_comparison_operator::equal, order));
  query.set_select_columns({U("ProductId")});
  for (auto it = lines.execute_query(query); it != table_query_iterator(); ++it)
    return products.execute(table_operation::retrieve_entity(U("catalog"), it->properties().at(U("ProductId")).string_value())) // ok: tablelint-n-plus-one-reads (returns at once)
        .entity().properties().at(U("Price")).double_value();
  return 0;
}
