// How long `suggest` replays a remedy: the ladder of durations its
// adaptive verification climbs (driver/SuggestVerify.h, docs/replay.md
// "Verifying suggest's remedies").
#pragma once

#include "core/schema/Schema.h"

#include <vector>

namespace tablelint {

// The shortest replay a verification starts with, in seconds.
inline constexpr double MinVerifySeconds = 2;

// When the busiest partition and the busiest account of Design start to
// be throttled, in seconds from the start of a replay: a budget over its
// target (an account's declared `entitiesPerSecond`, else the service's)
// empties its token bucket (one second deep) at the excess rate,
// so a key at 1.35 times its target is first throttled after 2.9 s. 0
// when nothing is over its target, by the declared loads
// (checks/schema/Load.h).
double throttleOnsetSeconds(const schema::Schema &Design);

// The durations an adaptive verification replays, shortest first, the
// last one Longest: the shortest is at least MinVerifySeconds, long
// enough for every operation declared at a rate that gives it three
// arrivals within Longest to arrive three times, and four times the
// throttle onset of each design (most of the run then past it: steady
// state). The partition manager's split delay (180 s) is past any
// verification, whose tables start split as an established table is
// (replay's warm start). Then Longest: a remedy whose verdict the short
// replay does not settle gets the whole one. A shortest over half of
// Longest is Longest alone.
std::vector<double>
verifyRungs(const std::vector<const schema::Schema *> &Designs,
            double Longest);

} // namespace tablelint
