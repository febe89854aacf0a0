// How many entities a table holds, as the schema lets us model it: the
// declared `entities`, or, without it, every inserted entity kept for the
// table's `retention`. The one figure the lint model (checks/schema/Load)
// sizes scans with and the replay (replay/Workload) starts an established
// table with, so the two never disagree about a table's size.
#pragma once

#include "core/schema/Schema.h"

namespace tablelint::schema {

struct ModelledTableSize {
  bool Known = false;
  double Entities = 0;
  // From the declared `entities` (else from inserts x retention).
  bool Declared = false;
  double InsertsPerSecond = 0; // when derived
};

// InsertsPerSecond: the entities the table's writes create per second (the
// lint model applies each write's `when`; the replay counts logical
// entities and applies `when` per design table).
ModelledTableSize modelledTableSize(const Table &T, double InsertsPerSecond);

} // namespace tablelint::schema
