// Query scope with Azure::Data::Tables: QueryEntitiesOptions filters, key
// fields and default options.
#include <azure/data/tables.hpp>

#include <string>

using namespace Azure::Data::Tables;

static const std::string kOpenOrders = "Status eq 'open'"; // expect: tablelint-low-density-query
constexpr const char *kTenantPrefix = "PartitionKey eq 'tenant-7'";

std::string openFilter() { return "Status eq 'open' and Total gt 100"; }

void bad(TableClient const &orders) {
  Models::QueryEntitiesOptions byStatus;
  byStatus.Filter = "Status eq 'open'"; // expect: tablelint-low-density-query
  orders.QueryEntities(byStatus); // expect: tablelint-table-scan "Status eq 'open'"

  orders.QueryEntities(); // expect: tablelint-table-scan "query has no filter and no partition key"
  orders.QueryEntities(Models::QueryEntitiesOptions{}); // expect: tablelint-table-scan

  // RowKey alone does not narrow the scan.
  Models::QueryEntitiesOptions byRow;
  byRow.Filter = "RowKey eq 'order-42'";
  orders.QueryEntities(byRow); // expect: tablelint-table-scan "a RowKey condition alone"

  // An 'or' that mixes a partition-key branch with another is a table scan.
  Models::QueryEntitiesOptions mixed;
  mixed.Filter = "PartitionKey eq 'tenant-7' or Status eq 'open'";
  orders.QueryEntities(mixed); // expect: tablelint-table-scan "an 'or' branch does not constrain PartitionKey"

  // Constants and helpers are followed.
  Models::QueryEntitiesOptions viaConst;
  viaConst.Filter = kOpenOrders;
  orders.QueryEntities(viaConst); // expect: tablelint-table-scan
  Models::QueryEntitiesOptions viaHelper;
  viaHelper.Filter = openFilter(); // expect: tablelint-low-density-query "'Status', 'Total'"
  orders.QueryEntities(viaHelper); // expect: tablelint-table-scan
}

void badPartitionScans(TableClient const &orders, std::string const &tenant) {
  Models::QueryEntitiesOptions o;
  o.Filter = "PartitionKey eq 'tenant-7' and Status eq 'open'";
  orders.QueryEntities(o); // expect: tablelint-partition-scan "reads all of partition 'tenant-7'"

  // An 'or' across row keys reads the partition.
  Models::QueryEntitiesOptions rows;
  rows.Filter = "PartitionKey eq 'tenant-7' and (RowKey eq 'a' or RowKey eq 'b')";
  orders.QueryEntities(rows); // expect: tablelint-partition-scan "'or' across row keys"

  // The partition comes from a runtime value; the non-key filter is constant.
  Models::QueryEntitiesOptions runtime;
  runtime.PartitionKey = tenant;
  runtime.Filter = "Status eq 'open'";
  orders.QueryEntities(runtime); // expect: tablelint-partition-scan "partition <runtime value>"
}

void good(TableClient const &orders, std::string const &tenant,
          std::string const &orderId, Models::QueryEntitiesOptions const &given,
          bool onlyOpen) {
  Models::QueryEntitiesOptions point;
  point.Filter = "PartitionKey eq 'tenant-7' and RowKey eq 'order-42'";
  orders.QueryEntities(point); // ok: tablelint-table-scan (a point query)

  // A filter built from runtime values is not a scan when its partition-key
  // part is constant in structure.
  Models::QueryEntitiesOptions built;
  built.Filter = "PartitionKey eq '" + tenant + "' and RowKey ge '" + orderId + "'";
  orders.QueryEntities(built); // ok: tablelint-table-scan (partition pinned at run time)

  Models::QueryEntitiesOptions keys;
  keys.PartitionKey = tenant;
  keys.RowKey = orderId;
  orders.QueryEntities(keys); // ok: tablelint-partition-scan (both keys: a point read)

  Models::QueryEntitiesOptions range;
  range.Filter = std::string(kTenantPrefix) + " and RowKey ge '2024' and RowKey lt '2025'";
  orders.QueryEntities(range); // ok: tablelint-partition-scan (a row range)

  // Options from elsewhere, or a filter chosen at run time: not provable.
  orders.QueryEntities(given); // ok: tablelint-table-scan (options come from the caller)
  Models::QueryEntitiesOptions chosen;
  if (onlyOpen)
    chosen.Filter = "Status eq 'open'";
  orders.QueryEntities(chosen); // ok: tablelint-table-scan (filter set on one path only)

  // Several partitions by 'or': a partition range, not a scan.
  Models::QueryEntitiesOptions two;
  two.Filter = "(PartitionKey eq 'a' and RowKey eq '1') or (PartitionKey eq 'b' and RowKey eq '2')";
  orders.QueryEntities(two); // ok: tablelint-table-scan (two point reads)

  // The whole partition: every entity read is returned.
  Models::QueryEntitiesOptions whole;
  whole.Filter = "PartitionKey eq 'tenant-7'";
  orders.QueryEntities(whole); // ok: tablelint-partition-scan (a whole partition is no filter scan)
}
