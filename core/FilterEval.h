// Evaluates a parsed `$filter` over one entity with the Table service's
// typed semantics, for the replay engine (which entities a query returns).
//
// - A comparison is true only when the property is present and has the
//   literal's EDM type: `Age eq '5'` matches no entity whose Age is Int32,
//   and `Age ne '5'` does not match it either. A missing property makes
//   every comparison on it false (ne included).
// - A bare boolean property is true when present, Boolean and true.
// - `not` negates the result of its operand.
// - Strings compare ordinally (byte order of UTF-8, which is code point
//   order), numbers numerically, DateTime by ticks, false < true.
#pragma once

#include "core/Edm.h"
#include "core/Filter.h"

#include <string_view>

namespace tablelint {

// Read access to one entity's properties, PartitionKey and RowKey included
// (as strings). Implemented by the replay engine's entity store.
class EntityView {
public:
  virtual ~EntityView() = default;
  // The property, or nullptr when the entity does not have it.
  virtual const EdmValue *property(std::string_view Name) const = 0;
};

// True when the entity matches. The filter must be fullyKnown(): a
// placeholder never matches.
bool evaluateFilter(const Filter &F, const EntityView &Entity);

// One comparison or bare boolean property of a filter (a leaf of its
// tree) over the entity, as evaluateFilter judges it.
bool evaluateLeaf(const FilterNode &Leaf, const EntityView &Entity);

// Whether a three-way comparison's result (compareEdm: below, equal or
// above zero) satisfies Op.
bool comparisonHolds(CompareOp Op, int Compared);

// The and/or/not of F's tree from node Index, each leaf (a comparison or a
// bare boolean property) judged by Leaf(Node, NodeIndex), in the order
// evaluateFilter judges them: a judge of its own (the replay's, on
// codes) combines its leaves as the service does.
template <typename LeafFn>
bool evaluateTree(const Filter &F, std::uint32_t Index, LeafFn &Leaf) {
  const FilterNode &N = F.node(Index);
  switch (N.Kind) {
  case FilterNodeKind::Compare:
  case FilterNodeKind::BoolProperty:
    return Leaf(N, Index);
  case FilterNodeKind::And:
    return evaluateTree(F, N.Left, Leaf) && evaluateTree(F, N.Right, Leaf);
  case FilterNodeKind::Or:
    return evaluateTree(F, N.Left, Leaf) || evaluateTree(F, N.Right, Leaf);
  case FilterNodeKind::Not:
    return !evaluateTree(F, N.Left, Leaf);
  }
  return false;
}

} // namespace tablelint
