// An importer that copies one customer's orders from a CSV export into the
// Orders table: one partition per customer, one row per order.
#include <azure/data/tables.hpp>
#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

namespace importer {

using Azure::Data::Tables::TableClient;
using Azure::Data::Tables::Models::TableEntity;
using Azure::Data::Tables::Models::TransactionActionType;
using Azure::Data::Tables::Models::TransactionStep;

struct CsvOrder {
  std::string OrderId;
  std::string Total;
  std::string Status;
};

class OrderImporter {
public:
  explicit OrderImporter(std::string const &serviceUrl)
      : orders_(serviceUrl, "Orders") {}

  // One request per order although they all land in the customer's partition.
  void importCustomer(std::string const &customerId,
                      std::vector<CsvOrder> const &rows) const {
    for (CsvOrder const &row : rows) {
      TableEntity entity;
      entity.SetPartitionKey(customerId);
      entity.SetRowKey(row.OrderId);
      entity.Properties["Total"] = row.Total;
      entity.Properties["Status"] = row.Status;
      orders_.AddEntity(entity); // expect: tablelint-unbatched-writes "partition key customerId"
    }
  }

  // The same with an index loop and a row key formatted from the index.
  void importNumbered(std::string const &customerId, std::size_t count) const {
    for (std::size_t i = 0; i < count; ++i) {
      TableEntity entity;
      entity.SetPartitionKey(customerId);
      entity.SetRowKey(fmt::format("{:08}", i));
      orders_.UpdateOrInsertEntity(entity); // expect: tablelint-unbatched-writes "up to 100 writes per SubmitTransaction"
    }
  }

  // A partition key built from a loop-invariant value and a literal.
  void importArchive(std::string const &customerId,
                     std::vector<CsvOrder> const &rows) const {
    const std::string archivePartition = "archive_" + customerId;
    for (auto const &row : rows) {
      TableEntity entity;
      entity.SetPartitionKey(archivePartition);
      std::string rowKey = "order_" + row.OrderId;
      entity.SetRowKey(rowKey);
      orders_.MergeEntity(entity); // expect: tablelint-unbatched-writes "partition key archivePartition"
    }
  }

  // Already batched: a vector of steps, submitted every 100 steps.
  void importBatched(std::string const &customerId,
                     std::vector<CsvOrder> const &rows) const {
    std::vector<TransactionStep> steps;
    for (CsvOrder const &row : rows) {
      TableEntity entity;
      entity.SetPartitionKey(customerId);
      entity.SetRowKey(row.OrderId);
      steps.push_back(TransactionStep{TransactionActionType::Add, entity});
      if (steps.size() == 100) {
        orders_.SubmitTransaction(steps);
        steps.clear();
      }
      orders_.UpdateEntity(entity); // ok: tablelint-unbatched-writes (the loop already batches)
    }
    if (!steps.empty())
      orders_.SubmitTransaction(steps);
  }

  // Each order goes to its own customer's partition: nothing to batch.
  void importMixed(std::vector<std::pair<std::string, CsvOrder>> const &rows) const {
    for (auto const &[customer, row] : rows) {
      TableEntity entity;
      entity.SetPartitionKey(customer);
      entity.SetRowKey(row.OrderId);
      orders_.AddEntity(entity); // ok: tablelint-unbatched-writes (the partition key changes per pass)
    }
  }

  // The same counter entity updated on every pass: one entity is not batchable.
  void bumpCounter(std::string const &customerId, int times) const {
    TableEntity counter;
    counter.SetPartitionKey(customerId);
    counter.SetRowKey("counter");
    for (int i = 0; i < times; ++i) {
      counter.Properties["Value"] = std::to_string(i);
      orders_.UpdateEntity(counter); // ok: tablelint-unbatched-writes (same entity every pass)
    }
  }

  // A fallback after a failed transaction writes one by one on purpose.
  void importWithFallback(std::string const &customerId,
                          std::vector<TransactionStep> const &steps) const {
    try {
      orders_.SubmitTransaction(steps);
    } catch (Azure::Core::RequestFailedException const &) {
      for (TransactionStep const &step : steps) {
        TableEntity entity;
        entity.SetPartitionKey(customerId);
        entity.SetRowKey(step.Entity.GetRowKey().Value);
        orders_.UpdateOrInsertEntity(entity); // ok: tablelint-unbatched-writes (fallback in a catch handler)
      }
    }
  }

private:
  TableClient orders_;
};

} // namespace importer
