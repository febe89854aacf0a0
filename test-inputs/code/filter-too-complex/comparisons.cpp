// More than 15 comparisons in one $filter: the service rejects it.
#include <azure/data/tables.hpp>

using namespace Azure::Data::Tables;

void bad(TableClient const &t) {
  Models::QueryEntitiesOptions sixteen;
  sixteen.Filter = "PartitionKey eq 'p' and C0 eq 0 and C1 eq 1 and C2 eq 2 and C3 eq 3 and C4 eq 4 and C5 eq 5 and C6 eq 6 and C7 eq 7 and C8 eq 8 and C9 eq 9 and C10 eq 10 and C11 eq 11 and C12 eq 12 and C13 eq 13 and C14 eq 14"; // expect: tablelint-filter-too-complex "has 16 comparisons"
  t.QueryEntities(sixteen); // expect: tablelint-partition-scan

  // Partition keys listed one by one.
  Models::QueryEntitiesOptions keys;
  keys.Filter = "PartitionKey eq 'k0' or PartitionKey eq 'k1' or PartitionKey eq 'k2' or PartitionKey eq 'k3' or " // expect: tablelint-filter-too-complex "has 16 comparisons"
                "PartitionKey eq 'k4' or PartitionKey eq 'k5' or PartitionKey eq 'k6' or PartitionKey eq 'k7' or "
                "PartitionKey eq 'k8' or PartitionKey eq 'k9' or PartitionKey eq 'k10' or PartitionKey eq 'k11' or "
                "PartitionKey eq 'k12' or PartitionKey eq 'k13' or PartitionKey eq 'k14' or PartitionKey eq 'k15'";
  t.QueryEntities(keys);

  // Bare boolean properties count too.
  Models::QueryEntitiesOptions flags;
  flags.Filter = "PartitionKey eq 'p' and RowKey eq 'r' and F0 and F1 and F2 and F3 and F4 and F5 and F6 and F7 and F8 and F9 and F10 and F11 and F12 and F13"; // expect: tablelint-filter-too-complex "has 16 comparisons"
  t.QueryEntities(flags);
}

void good(TableClient const &t) {
  Models::QueryEntitiesOptions fifteen;
  fifteen.Filter = "PartitionKey eq 'p' and C0 eq 0 and C1 eq 1 and C2 eq 2 and C3 eq 3 and C4 eq 4 and C5 eq 5 and C6 eq 6 and C7 eq 7 and C8 eq 8 and C9 eq 9 and C10 eq 10 and C11 eq 11 and C12 eq 12 and C13 eq 13";
  // expect@+1: tablelint-partition-scan
  t.QueryEntities(fifteen); // ok: tablelint-filter-too-complex (exactly 15)

  Models::QueryEntitiesOptions few;
  few.Filter = "PartitionKey eq 'p' and RowKey ge 'a' and RowKey lt 'b'";
  t.QueryEntities(few); // ok: tablelint-filter-too-complex (3 comparisons)

  Models::QueryEntitiesOptions none;
  none.PartitionKey = "p";
  t.QueryEntities(none); // ok: tablelint-filter-too-complex (no filter)
}
