// Typed evaluation of a parsed `$filter` over one entity.
#include "core/FilterEval.h"

namespace tablelint {

bool comparisonHolds(CompareOp Op, int C) {
  switch (Op) {
  case CompareOp::Eq:
    return C == 0;
  case CompareOp::Ne:
    return C != 0;
  case CompareOp::Gt:
    return C > 0;
  case CompareOp::Ge:
    return C >= 0;
  case CompareOp::Lt:
    return C < 0;
  case CompareOp::Le:
    return C <= 0;
  }
  return false;
}

bool evaluateLeaf(const FilterNode &N, const EntityView &E) {
  if (N.Kind == FilterNodeKind::BoolProperty) {
    const EdmValue *V = E.property(N.Property);
    return V && V->Type == EdmType::Boolean && V->Bool;
  }
  if (N.Kind != FilterNodeKind::Compare || !N.Literal.Known)
    return false;
  const EdmValue *V = E.property(N.Property);
  if (!V)
    return false;
  // nullopt: different EDM types (or NaN), which never match.
  const std::optional<int> C = compareEdm(*V, N.Literal.Value);
  return C && comparisonHolds(N.Op, *C);
}

bool evaluateFilter(const Filter &F, const EntityView &Entity) {
  if (F.Nodes.empty())
    return true;
  auto Leaf = [&Entity](const FilterNode &N, std::uint32_t) {
    return evaluateLeaf(N, Entity);
  };
  return evaluateTree(F, F.Root, Leaf);
}

} // namespace tablelint
