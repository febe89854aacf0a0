// low-density-query in code: a filter on non-key properties only reads the
// whole table to return the matches. A filter that also bounds a key is
// judged by the scope rules instead.
#include <azure/data/tables.hpp>
#include <was/table.h> // expect: tablelint-legacy-client-library

using namespace Azure::Data::Tables;

void bad(TableClient const &users, azure::storage::cloud_table &table) {
  Models::QueryEntitiesOptions byEmail;
  byEmail.Filter = "Email eq 'a@example.com'"; // expect: tablelint-low-density-query "non-key property 'Email'"
  users.QueryEntities(byEmail); // expect: tablelint-table-scan

  Models::QueryEntitiesOptions recent;
  recent.Filter = "Active and LastSeen ge datetime'2024-01-01T00:00:00Z'"; // expect: tablelint-low-density-query "non-key properties 'Active', 'LastSeen'"
  users.QueryEntities(recent); // expect: tablelint-table-scan

  azure::storage::table_query q;
  q.set_filter_string(U("Country eq 'NL' or Country eq 'BE'")); // expect: tablelint-low-density-query "'Country'"
  table.execute_query(q); // expect: tablelint-table-scan
}

void good(TableClient const &users) {
  // The partition is pinned: at most one partition is read.
  Models::QueryEntitiesOptions inPartition;
  inPartition.Filter = "PartitionKey eq 'nl' and Email eq 'a@example.com'";
  // expect@+1: tablelint-partition-scan
  users.QueryEntities(inPartition); // ok: tablelint-low-density-query (one partition)

  // A PartitionKey range narrows the read to a few partitions.
  Models::QueryEntitiesOptions range;
  range.Filter = "PartitionKey ge 'a' and PartitionKey lt 'c' and Email eq 'a@example.com'";
  users.QueryEntities(range); // ok: tablelint-low-density-query (a partition range)

  // A RowKey condition is a key: the scan is a table scan, not a density issue.
  Models::QueryEntitiesOptions byRow;
  byRow.Filter = "RowKey eq 'profile'";
  // expect@+1: tablelint-table-scan
  users.QueryEntities(byRow); // ok: tablelint-low-density-query (a key condition)
}
