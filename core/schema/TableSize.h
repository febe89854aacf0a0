// How many entities a table holds, as the schema lets us model it: the
// declared `entities`, or, without it, every inserted entity kept for the
// table's `retention`. The one figure the lint model (checks/schema/Load)
// sizes scans with and the replay (replay/Workload) starts an established
// table with, so the two never disagree about a table's size. Without
// `entities`, no more than the keys its templates can form over the
// retention.
#pragma once

#include "core/schema/Schema.h"

#include <optional>

namespace tablelint::schema {

struct ModelledTableSize {
  bool Known = false;
  double Entities = 0;
  // From the declared `entities` (else from inserts x retention).
  bool Declared = false;
  double InsertsPerSecond = 0; // when derived
  // Derived, and bounded by the distinct keys the key templates can form
  // over the retention (a counter per tenant and hour), not by the inserts.
  bool KeyBound = false;
};

// How many distinct (table name,) PartitionKey and RowKey combinations the
// key templates of T (one entity type) can form over Seconds: the product
// over their properties of the values each takes in that time (a listed or
// declared count; the periods of a date format or of a `changes` period;
// at most its buckets when only hashed). nullopt when one is unbounded (a
// guid, a growing counter) or undeclared, or when T declares several
// entity types (pass one type's view).
std::optional<double> keySpaceOver(const Table &T, double Seconds);
// The same for the (table name and) PartitionKey alone: the partitions the
// entities of T spread over in that time.
std::optional<double> partitionKeySpaceOver(const Table &T, double Seconds);

// InsertsPerSecond: the entities the table's writes create per second (the
// lint model applies each write's `when`; the replay counts logical
// entities and applies `when` per design table).
ModelledTableSize modelledTableSize(const Table &T, double InsertsPerSecond);

} // namespace tablelint::schema
