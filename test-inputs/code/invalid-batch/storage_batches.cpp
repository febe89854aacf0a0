// table_batch_operation (azure::storage) and the beta.1 Transaction of
// Azure::Data::Tables.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

#include <string>
#include <vector>

namespace inventory {

using azure::storage::cloud_table;
using azure::storage::table_batch_operation;
using azure::storage::table_entity;

// A retrieve is only allowed alone.
void readAndTouch(cloud_table &table, utility::string_t const &sku) {
  table_batch_operation batch;
  batch.retrieve_entity(U("stock"), sku); // expect: tablelint-invalid-batch "a retrieve must be the only operation of an entity group transaction, but this one also has merge_entity at line 20"
  table_entity touched(U("stock"), sku + U("-touched"));
  batch.merge_entity(touched);
  table.execute_batch(batch);
}

// A retrieve alone is fine.
table_entity readOne(cloud_table &table, utility::string_t const &sku) {
  table_batch_operation batch;
  batch.retrieve_entity(U("stock"), sku); // ok: tablelint-invalid-batch (alone)
  return table.execute_batch(batch).front().entity();
}

// Two warehouses in one batch.
void moveStock(cloud_table &table, utility::string_t const &sku) {
  table_batch_operation batch;
  table_entity from(U("warehouse-a"), sku);
  table_entity to(U("warehouse-b"), sku);
  batch.delete_entity(from);
  batch.insert_entity(to); // expect: tablelint-invalid-batch "uses 'warehouse-b' but the step at line 36 uses 'warehouse-a'"
  table.execute_batch(batch);
}

// A builder of one batch object: the batch is one transaction wherever it goes.
table_batch_operation auditBatch(utility::string_t const &user) {
  table_batch_operation batch;
  batch.insert_entity(table_entity(U("audit-") + user, U("login")));
  batch.insert_entity(table_entity(U("users"), user)); // expect: tablelint-invalid-batch "this step uses 'users' but the step at line 44 uses U("
  return batch;
}

// 120 literal adds through nested loops of known length.
void seedShelves(cloud_table &table) {
  table_batch_operation batch;
  for (int shelf = 0; shelf < 12; ++shelf)
    for (int slot = 0; slot < 10; ++slot) {
      table_entity e(U("shelves"), utility::conversions::to_string_t(std::to_string(shelf * 10 + slot)));
      batch.insert_entity(e); // expect: tablelint-invalid-batch "gets 120 operations"
    }
  table.execute_batch(batch);
}

// A loop that may stop early: the count is not provable.
void seedUntilFull(cloud_table &table, std::vector<utility::string_t> const &ids) {
  table_batch_operation batch;
  for (int i = 0; i < 200; ++i) {
    if (static_cast<std::size_t>(i) >= ids.size())
      break;
    table_entity e(U("shelves"), ids[static_cast<std::size_t>(i)]);
    batch.insert_entity(e); // ok: tablelint-invalid-batch (the loop may break)
  }
  table.execute_batch(batch);
}

// The batch is passed on for more adds: not judged here.
void addMore(table_batch_operation &batch);
void handedOut(cloud_table &table) {
  table_batch_operation batch;
  batch.insert_entity(table_entity(U("a"), U("1")));
  addMore(batch);
  batch.insert_entity(table_entity(U("b"), U("1"))); // ok: tablelint-invalid-batch (the batch escapes by reference)
  table.execute_batch(batch);
}

// beta.1: a transaction created for one partition gets an entity of another.
void beta1(Azure::Data::Tables::TableClient &client) {
  using Azure::Data::Tables::Models::TableEntity;
  auto tx = client.CreateTransaction("orders");
  TableEntity e;
  e.PartitionKey = "invoices";
  e.RowKey = "1";
  tx.AddEntity(e); // expect: tablelint-invalid-batch "uses 'invoices' but the transaction was created at line 85 for 'orders'"
  client.SubmitTransaction(tx);
}

void beta1Good(Azure::Data::Tables::TableClient &client) {
  using Azure::Data::Tables::Models::TableEntity;
  auto tx = client.CreateTransaction("orders");
  TableEntity e;
  e.PartitionKey = "orders";
  e.RowKey = "1";
  tx.AddEntity(e); // ok: tablelint-invalid-batch (the transaction's partition)
  client.SubmitTransaction(tx);
}

} // namespace inventory
