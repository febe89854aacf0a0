// A batch builder for orders on the current SDK: vectors of TransactionStep
// submitted with SubmitTransaction.
#include <azure/data/tables.hpp>

#include <string>
#include <utility>
#include <vector>

namespace orders {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;
using Azure::Data::Tables::Models::TransactionActionType;
using Azure::Data::Tables::Models::TransactionStep;

struct Order {
  std::string Id;
  std::string CustomerId;
  std::string Date;
};

// The catalog's bad example: the order and its by-customer index live in
// two partitions.
void placeOrder(TableClient const &orders, Order const &order) {
  TableEntity header;
  header.SetPartitionKey("order_" + order.Id);
  header.SetRowKey("header");
  TableEntity byCustomer;
  byCustomer.SetPartitionKey("customer_" + order.CustomerId);
  byCustomer.SetRowKey(order.Id);
  orders.SubmitTransaction({TransactionStep{TransactionActionType::Add, header},
                            TransactionStep{TransactionActionType::Add, byCustomer}}); // expect: tablelint-invalid-batch "mixes partition keys: this step uses"
}

// The catalog's good example: both rows in the customer's partition.
void placeOrderGood(TableClient const &orders, Order const &order) {
  TableEntity header;
  header.SetPartitionKey(order.CustomerId);
  header.SetRowKey("order_" + order.Id);
  TableEntity byDate;
  byDate.SetPartitionKey(order.CustomerId);
  byDate.SetRowKey("date_" + order.Date + "_" + order.Id);
  orders.SubmitTransaction({TransactionStep{TransactionActionType::Add, header}, // ok: tablelint-invalid-batch (one partition)
                            TransactionStep{TransactionActionType::Add, byDate}});
}

// Steps pushed one by one with literal keys, one of them misspelt.
void saveLookups(TableClient const &lookups) {
  std::vector<TransactionStep> steps;
  TableEntity red;
  red.SetPartitionKey("colors");
  red.SetRowKey("red");
  steps.push_back(TransactionStep{TransactionActionType::InsertReplace, red});
  TableEntity blue;
  blue.SetPartitionKey("colours");
  blue.SetRowKey("blue");
  steps.push_back(TransactionStep{TransactionActionType::InsertReplace, blue}); // expect: tablelint-invalid-batch "uses 'colours' but the step at line 53 uses 'colors'"
  lookups.SubmitTransaction(steps);
}

// A builder returns its steps: the caller may group them by partition.
std::vector<TransactionStep> buildLookups() {
  std::vector<TransactionStep> steps;
  TableEntity red;
  red.SetPartitionKey("colors");
  red.SetRowKey("red");
  steps.push_back(TransactionStep{TransactionActionType::InsertReplace, red});
  TableEntity blue;
  blue.SetPartitionKey("sizes");
  blue.SetRowKey("large");
  steps.push_back(TransactionStep{TransactionActionType::InsertReplace, blue}); // ok: tablelint-invalid-batch (returned, not submitted here)
  return steps;
}

// All pending steps, split per partition before they are sent.
std::vector<std::vector<TransactionStep>> byPartition(std::vector<TransactionStep> const &steps);
void flushPending(TableClient const &orders) {
  std::vector<TransactionStep> pending;
  TableEntity a;
  a.SetPartitionKey("tenant-a");
  a.SetRowKey("1");
  TableEntity b;
  b.SetPartitionKey("tenant-b");
  b.SetRowKey("1");
  pending.push_back({TransactionActionType::Add, a});
  pending.push_back({TransactionActionType::Add, b}); // ok: tablelint-invalid-batch (grouped by partition before submission)
  for (auto const &group : byPartition(pending))
    orders.SubmitTransaction(group);
}

// The same entity twice: an add and a merge of one row.
void addThenMerge(TableClient const &orders, std::string const &customerId) {
  TableEntity e;
  e.SetPartitionKey(customerId);
  e.SetRowKey("profile");
  std::vector<TransactionStep> steps;
  steps.push_back({TransactionActionType::Add, e});
  e.Properties["Tier"] = std::string("gold");
  steps.push_back({TransactionActionType::UpdateMerge, e}); // expect: tablelint-invalid-batch "changes the same entity twice"
  orders.SubmitTransaction(steps);
}

// Literal keys repeated in an initializer list.
void duplicateRows(TableClient const &orders) {
  TableEntity a;
  a.SetPartitionKey("p");
  a.SetRowKey("1");
  TableEntity b;
  b.SetPartitionKey("p");
  b.SetRowKey("1");
  std::vector<TransactionStep> steps{{TransactionActionType::Add, a},
                                     {TransactionActionType::Add, b}}; // expect: tablelint-invalid-batch "(PartitionKey 'p', RowKey '1'; first at line 111)"
  orders.SubmitTransaction(steps);
}

// 150 steps in one transaction, no chunking.
void backfill(TableClient const &orders, std::string const &customerId) {
  std::vector<TransactionStep> steps;
  for (int i = 0; i < 150; ++i) {
    TableEntity e;
    e.SetPartitionKey(customerId);
    e.SetRowKey(std::to_string(i));
    steps.push_back({TransactionActionType::Add, e}); // expect: tablelint-invalid-batch "gets 150 operations (this add runs 150 times in the loop at line 119), more than the 100"
  }
  orders.SubmitTransaction(steps);
}

// Chunked: cleared after each submission, so no finding.
void backfillChunked(TableClient const &orders, std::string const &customerId) {
  std::vector<TransactionStep> steps;
  for (int i = 0; i < 150; ++i) {
    TableEntity e;
    e.SetPartitionKey(customerId);
    e.SetRowKey(std::to_string(i));
    steps.push_back({TransactionActionType::Add, e}); // ok: tablelint-invalid-batch (chunks of 100)
    if (steps.size() == 100)
      orders.SubmitTransaction(std::exchange(steps, {}));
  }
  if (!steps.empty())
    orders.SubmitTransaction(steps);
}

// 100 exactly is allowed.
void backfillHundred(TableClient const &orders, std::string const &customerId) {
  std::vector<TransactionStep> steps;
  for (int i = 0; i < 100; ++i) {
    TableEntity e;
    e.SetPartitionKey(customerId);
    e.SetRowKey(std::to_string(i));
    steps.push_back({TransactionActionType::Add, e}); // ok: tablelint-invalid-batch (exactly 100)
  }
  orders.SubmitTransaction(steps);
}

// Keys from the caller: nothing provable.
void fromCaller(TableClient const &orders, TableEntity const &a, TableEntity const &b) {
  std::vector<TransactionStep> steps;
  steps.push_back({TransactionActionType::Add, a});
  steps.push_back({TransactionActionType::Add, b}); // ok: tablelint-invalid-batch (keys unknown)
  orders.SubmitTransaction(steps);
}

// Steps added on different branches never meet in one transaction.
void branches(TableClient const &orders, bool archive) {
  TableEntity live;
  live.SetPartitionKey("live");
  live.SetRowKey("x");
  TableEntity old;
  old.SetPartitionKey("archive");
  old.SetRowKey("x");
  std::vector<TransactionStep> steps;
  if (archive)
    steps.push_back({TransactionActionType::Add, old});
  else
    steps.push_back({TransactionActionType::Add, live}); // ok: tablelint-invalid-batch (exclusive branches)
  orders.SubmitTransaction(steps);
}

} // namespace orders
