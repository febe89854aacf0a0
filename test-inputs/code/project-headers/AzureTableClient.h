// The inventory service's own wrapper around the table client. Its methods
// are defined in the class, so the table code lives in this header: every
// file that includes it reaches them, and the findings belong here, once.
#pragma once

#include <azure/data/tables.hpp>

#include <string>

namespace inventory {

class AzureTableClient {
public:
  explicit AzureTableClient(Azure::Data::Tables::TableClient client)
      : items_(std::move(client)) {}

  // Items running out, wherever they are stocked: no key in the filter.
  void refreshLowStock() const {
    Azure::Data::Tables::Models::QueryEntitiesOptions lowStock;
    lowStock.Filter = "Quantity lt 5"; // expect: tablelint-low-density-query "non-key property 'Quantity'"
    items_.QueryEntities(lowStock); // expect: tablelint-table-scan "Quantity lt 5"
  }

  // Every item of every warehouse.
  void reindexAll() const {
    items_.QueryEntities(); // expect: tablelint-table-scan "no filter and no partition key"
  }

  // One warehouse, filtered on a property: the partition is read whole.
  void openOrdersOf(std::string const &warehouse) const {
    Azure::Data::Tables::Models::QueryEntitiesOptions open;
    open.PartitionKey = warehouse;
    open.Filter = "Status eq 'open'";
    items_.QueryEntities(open); // expect: tablelint-partition-scan
  }

  // One item by both keys: a point query.
  void item(std::string const &warehouse, std::string const &sku) const {
    Azure::Data::Tables::Models::QueryEntitiesOptions point;
    point.PartitionKey = warehouse;
    point.RowKey = sku;
    items_.QueryEntities(point); // ok: tablelint-table-scan (both keys), ok: tablelint-partition-scan (a point read)
  }

  // A row range inside one warehouse.
  void skusBetween(std::string const &from, std::string const &to) const {
    Azure::Data::Tables::Models::QueryEntitiesOptions range;
    range.Filter = "PartitionKey eq 'north' and RowKey ge '" + from +
                   "' and RowKey lt '" + to + "'";
    items_.QueryEntities(range); // ok: tablelint-table-scan (partition pinned), ok: tablelint-partition-scan (a row range)
  }

  // A whole warehouse, every item of which the caller wants.
  void warehouse(std::string const &name) const {
    Azure::Data::Tables::Models::QueryEntitiesOptions whole;
    whole.PartitionKey = name;
    items_.QueryEntities(whole); // ok: tablelint-table-scan (one partition), ok: tablelint-low-density-query (no filter)
  }

private:
  Azure::Data::Tables::TableClient items_;
};

} // namespace inventory
