// A filter judged on the workload's codes (replay/EntityFilter.h).
#include "replay/EntityFilter.h"

#include "core/FilterEval.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tablelint::replay {

namespace {

template <typename T> int threeWay(T A, T B) {
  return A < B ? -1 : (B < A ? 1 : 0);
}

bool isKeyName(const std::string &Name) {
  return Name == "PartitionKey" || Name == "RowKey";
}

} // namespace

EntityFilter::EntityFilter(const Filter *Where, const Workload &W)
    : Where(Where && !Where->Nodes.empty() ? Where : nullptr), W(W) {}

bool EntityFilter::matches(const LogicalEntityView &View) const {
  if (!Where)
    return true;
  const Leaves &Of = leavesFor(View);
  auto Leaf = [&](const FilterNode &N, std::uint32_t Node) {
    return decide(Of[Node], N, View);
  };
  return evaluateTree(*Where, Where->Root, Leaf);
}

const EntityFilter::Leaves &
EntityFilter::leavesFor(const LogicalEntityView &View) const {
  const EntityFamily *Family = &View.family();
  for (const auto &[Of, Its] : Plans)
    if (Of == Family)
      return Its;
  Leaves Its;
  Its.reserve(Where->Nodes.size());
  for (const FilterNode &N : Where->Nodes)
    Its.push_back(plan(N, *Family));
  return Plans.emplace_back(Family, std::move(Its)).second;
}

EntityFilter::Leaf EntityFilter::plan(const FilterNode &N,
                                      const EntityFamily &Family) const {
  Leaf L;
  const bool Compare = N.Kind == FilterNodeKind::Compare;
  if ((!Compare && N.Kind != FilterNodeKind::BoolProperty) ||
      isKeyName(N.Property))
    return L; // not a leaf, or judged on the row's keys
  L.How = Leaf::Never;
  if (Compare && !N.Literal.Known)
    return L;
  const int P = Family.propertyIndex(N.Property);
  if (P < 0)
    return L; // the family lacks it: no entity of it has the property
  L.Property = static_cast<std::uint32_t>(P);
  const PropertyDomain &D = Family.Properties[L.Property];
  if (!Compare) {
    // A bare boolean property is true when it is `eq true`.
    if (D.Type == EdmType::Boolean) {
      L.How = Leaf::Boolean;
      L.Op = CompareOp::Eq;
      L.Bool = true;
    }
    return L;
  }
  L.Op = N.Op;
  const EdmValue &Literal = N.Literal.Value;
  if (D.Type != Literal.Type)
    return L; // values of different EDM types never compare
  switch (D.Type) {
  case EdmType::Int32:
  case EdmType::Int64:
  case EdmType::DateTime:
    L.How = Leaf::Integer;
    L.Int = Literal.Int;
    L.Int32 = D.Type == EdmType::Int32;
    return L;
  case EdmType::Double:
    if (!std::isnan(Literal.Real)) {
      L.How = Leaf::Real;
      L.Double = Literal.Real;
    }
    return L;
  case EdmType::Boolean:
    L.How = Leaf::Boolean;
    L.Bool = Literal.Bool;
    return L;
  case EdmType::String:
    if (N.Op == CompareOp::Eq || N.Op == CompareOp::Ne) {
      const std::vector<std::uint64_t> Codes = D.stringCodesOf(Literal.Text);
      if (Codes.size() <= 2) {
        L.How = Leaf::Text;
        L.CodeCount = static_cast<std::uint8_t>(Codes.size());
        std::copy(Codes.begin(), Codes.end(), L.Codes);
        return L;
      }
    }
    break;
  case EdmType::Guid:
  case EdmType::Binary:
    break;
  }
  L.How = Leaf::ByValue;
  return L;
}

bool EntityFilter::decide(const Leaf &L, const FilterNode &N,
                          const LogicalEntityView &View) const {
  if (L.How == Leaf::ByValue)
    return evaluateLeaf(N, View);
  if (L.How == Leaf::Never)
    return false;
  const std::uint64_t Code = W.code(View.entity(), L.Property);
  switch (L.How) {
  case Leaf::Integer: {
    // As PropertyDomain::materialize makes the value.
    const std::int64_t Value =
        L.Int32 ? static_cast<std::int32_t>(Code) : static_cast<std::int64_t>(Code);
    return comparisonHolds(L.Op, threeWay(Value, L.Int));
  }
  case Leaf::Real: {
    double Value;
    std::memcpy(&Value, &Code, sizeof Value);
    return !std::isnan(Value) &&
           comparisonHolds(L.Op, threeWay(Value, L.Double));
  }
  case Leaf::Boolean:
    return comparisonHolds(L.Op, threeWay(Code != 0, L.Bool));
  case Leaf::Text: {
    const bool Spelled = (L.CodeCount > 0 && Code == L.Codes[0]) ||
                         (L.CodeCount > 1 && Code == L.Codes[1]);
    return L.Op == CompareOp::Eq ? Spelled : !Spelled;
  }
  case Leaf::ByValue:
  case Leaf::Never:
    break;
  }
  return false;
}

} // namespace tablelint::replay
