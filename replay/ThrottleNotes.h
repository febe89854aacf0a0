// The last of a design's notes: every throttled key the report lists gets a
// line saying why, even when no specific pattern (a key over its target, a
// scan, the append pattern, an unfinished query) named it.
#pragma once

#include "replay/Simulation.h"

namespace tablelint::replay {

void explainRemainingThrottles(DesignResult &R, double KeyEntitiesPerSecond);

} // namespace tablelint::replay
