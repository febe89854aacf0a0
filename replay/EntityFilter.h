// A parsed `$filter` made ready to judge the workload's entities by their
// codes (replay/EntityCodes.h). The replay judges a filter on every entity
// a scan reads: in a page, in the pages a query still had to go, in the
// answer check's reads of a whole table. evaluateFilter over a
// LogicalEntityView makes each value it compares (a string's text is
// rendered afresh each time); most comparisons are decided by the code
// alone, worked out once per filter and entity family:
// - a number, a date or a boolean compares as its code does;
// - a string equals the literal when its code is one of the codes that
//   spell the literal (PropertyDomain::stringCodesOf);
// - a property the family lacks, or one of another EDM type than the
//   literal, never matches.
// The rest (PartitionKey and RowKey, a string's order, a GUID or a binary)
// is judged on the value, as evaluateFilter does. The result is
// evaluateFilter's for every entity (tests/replay/EntityFilterTest.cpp).
#pragma once

#include "core/Filter.h"
#include "replay/LogicalEntityView.h"
#include "replay/Workload.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace tablelint::replay {

class EntityFilter {
public:
  // Where: the filter (null: every entity matches); it must outlive this.
  EntityFilter(const Filter *Where, const Workload &W);

  // Whether the entity View was last reset to matches. The view holds the
  // entity's row keys when the filter reads PartitionKey or RowKey.
  bool matches(const LogicalEntityView &View) const;

private:
  // How one leaf of the filter is decided for one family.
  struct Leaf {
    enum Kind : std::uint8_t { ByValue, Never, Integer, Real, Boolean, Text };
    Kind How = ByValue;
    CompareOp Op = CompareOp::Eq;
    std::uint32_t Property = 0;
    std::int64_t Int = 0; // Integer: the literal (an Int32's as Int32)
    double Double = 0;    // Real: the literal
    bool Bool = false;    // Boolean: the literal (a bare property: true)
    bool Int32 = false;   // Integer: the code is an Int32
    // Text: the codes that spell the literal (equality and inequality).
    std::uint64_t Codes[2] = {0, 0};
    std::uint8_t CodeCount = 0;
  };
  using Leaves = std::vector<Leaf>; // parallel to the filter's nodes

  const Leaves &leavesFor(const LogicalEntityView &View) const;
  Leaf plan(const FilterNode &N, const EntityFamily &Family) const;
  bool decide(const Leaf &L, const FilterNode &N,
              const LogicalEntityView &View) const;

  const Filter *Where;
  const Workload &W;
  // Per family met, its leaves once planned (most filters meet one).
  mutable std::vector<std::pair<const EntityFamily *, Leaves>> Plans;
};

} // namespace tablelint::replay
