// Whether a property takes its newest value for every new entity: one
// meaning for `grows: true`, `changes: <period>` and the `sequential`
// distribution, shared by the
// schema checks (checks/schema/Load.cpp: every new entity lands on the
// newest key) and the replay's workload (replay/Workload.cpp: a datetime
// takes the clock, anything else counts up).
#pragma once

#include "core/schema/Schema.h"

namespace tablelint::schema {

// Grows, sequential, changes every period (the current season), or a
// datetime without a declared domain (a timestamp is written as "now").
inline bool takesNewestValue(const Property &P) {
  if (P.Grows || P.Dist.Kind == DistributionKind::Sequential ||
      P.ChangesEverySeconds)
    return true;
  return P.Type == EdmType::DateTime && P.Dist.Text.empty() &&
         P.Values.empty() && !P.Distinct;
}

} // namespace tablelint::schema
