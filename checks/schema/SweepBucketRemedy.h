// Time-bucketed keys for sweeps: a query that sweeps what has fallen due
// (`finishedAt lt datetime'{finishedAt}'`, every minute) over a table keyed
// by something else scans the whole table to keep one interval's entities.
// Keyed by a time bucket the size of the sweep's interval
// ({finishedAt:yyyyMMddHHmm} for a sweep a minute), the sweep reads the
// partitions up to its cut-off's bucket (`PartitionKey le
// '{finishedAt:yyyyMMddHHmm}'`: the same entities, since the bucket sorts
// as the times do) and, where the expired ones are deleted as they are
// swept, that is about one bucket.
//
// The table itself is re-keyed when every other query can be rewritten
// into the new keys (checks/schema/KeyRewrite.h); otherwise an expiry index
// table keyed by the bucket gets the writes mirrored and the sweep moves
// there. The trade-off, stated: the writes of one bucket share its
// partition, so above half the partition target the key needs a hash
// bucket too, and the remedy is advice with that figure.
#pragma once

#include "checks/schema/SchemaChecks.h"

#include <optional>
#include <string>
#include <vector>

namespace tablelint::schema {

struct SweepPlan {
  std::string Property; // the time swept by
  std::string Bucket;   // "{finishedAt:yyyyMMddHHmm}"
  std::string Period;   // "minute"
  // Re-key: the table's new keys and every query's filter, in order.
  bool Rekey = false;
  std::string RowKey;
  std::vector<std::string> Filters;
  // Else an expiry index: its table (keys, properties, mirrored writes
  // and the sweep moved there) and why the table itself keeps its keys.
  std::optional<Table> Index;
  std::string Why;     // the note
  std::string Blocker; // non-empty: advice only, and why
};

// The growing datetime that every condition of Q bounds from above by its
// own placeholder (`finishedAt lt datetime'{finishedAt}'`): what Q sweeps
// by; empty when Q is no such sweep.
std::string sweptProperty(const Table &T, const Query &Q);

// The time-bucket remedy for Sweep, a query of T; nullopt when Sweep is no
// sweep of what falls due (every condition an upper bound on one growing
// datetime, no key condition) or T is keyed by that time already.
// IndexName: the name the index table gets when one is needed.
std::optional<SweepPlan> planSweepBucket(const Table &T, const Query &Sweep,
                                         const std::string &IndexName,
                                         const SchemaCheckOptions &Options);

} // namespace tablelint::schema
