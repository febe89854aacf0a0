// Which filtered queries the simulated service costs from counts (issue 47
// §1): a filter whose every top-level condition either names PartitionKey
// alone or compares a non-key string property with a value of its declared
// value list (`status eq 'fail'`, `status ne 'ok'`). Such a filter keeps,
// of each partition its key conditions match, the share of entities the
// declared weights give those values (conditions taken as independent),
// so a page needs the partition's entity count, not its rows
// (SimulatedService::countedPage). Any other filter is evaluated row by
// row, as before.
#pragma once

#include "core/Filter.h"

#include <cstdint>
#include <optional>

namespace tablelint::replay {

class Workload;
struct EntityFamily;

// The share of Family's entities that comparison N keeps: a string
// property compared by eq or ne with a known value, from the property's
// declared values and weights (uniform without weights); nullopt for any
// other node or a property without a value list.
std::optional<double> declaredShare(const EntityFamily &Family,
                                    const FilterNode &N);

struct CountedFilter {
  // The conditions that name PartitionKey alone, joined by `and`; none
  // (every partition matches) when empty.
  std::optional<Filter> KeyPart;
  // The share of a matching partition's entities the other conditions
  // keep: the product of their declared weights.
  double Share = 1;
};

// The split of F (read against entities of workload family Family), or
// nullopt when a condition names RowKey, a property without a declared
// value list, or anything but eq/ne of a known value; or when no condition
// names a non-key property (a filter on PartitionKey alone is counted
// without a share).
std::optional<CountedFilter> countedFilter(const Workload &W,
                                           std::uint32_t Family,
                                           const Filter &F);

} // namespace tablelint::replay
