// Filters costed from counts and declared weights (replay/DeclaredShare.h).
#include "replay/DeclaredShare.h"

#include "replay/Workload.h"

#include <algorithm>
#include <string>

namespace tablelint::replay {

namespace {

// Whether every comparison under Node names Property.
bool namesOnly(const Filter &F, std::uint32_t Node, std::string_view Property) {
  const FilterNode &N = F.node(Node);
  switch (N.Kind) {
  case FilterNodeKind::Compare:
  case FilterNodeKind::BoolProperty:
    return N.Property == Property;
  case FilterNodeKind::Not:
    return namesOnly(F, N.Left, Property);
  case FilterNodeKind::And:
  case FilterNodeKind::Or:
    return namesOnly(F, N.Left, Property) && namesOnly(F, N.Right, Property);
  }
  return false;
}

} // namespace

std::optional<double> declaredShare(const EntityFamily &Family,
                                    const FilterNode &N) {
  if (N.Kind != FilterNodeKind::Compare ||
      (N.Op != CompareOp::Eq && N.Op != CompareOp::Ne) || !N.Literal.Known ||
      N.Literal.type() != EdmType::String)
    return std::nullopt;
  const int Prop = Family.propertyIndex(N.Property);
  if (Prop < 0)
    return std::nullopt;
  const schema::Property *Decl = Family.Properties[Prop].Decl;
  if (!Decl || Decl->Values.empty())
    return std::nullopt;
  double Share = 0;
  for (std::size_t I = 0; I < Decl->Values.size(); ++I)
    if (Decl->Values[I] == N.Literal.Value.Text)
      Share += Decl->Weights.size() == Decl->Values.size()
                   ? Decl->Weights[I]
                   : 1.0 / static_cast<double>(Decl->Values.size());
  Share = std::clamp(Share, 0.0, 1.0);
  return N.Op == CompareOp::Eq ? Share : 1 - Share;
}

std::optional<CountedFilter> countedFilter(const Workload &W,
                                           std::uint32_t Family,
                                           const Filter &F) {
  if (F.Nodes.empty() || Family >= W.Families.size())
    return std::nullopt;
  CountedFilter Out;
  std::string KeyText;
  bool Filtered = false;
  for (const std::uint32_t C : F.conjuncts()) {
    if (namesOnly(F, C, "PartitionKey")) {
      const FilterNode &N = F.node(C);
      if (!KeyText.empty())
        KeyText += " and ";
      KeyText += '(';
      KeyText += F.Source.substr(N.Offset, N.Length);
      KeyText += ')';
      continue;
    }
    const std::optional<double> Share =
        declaredShare(W.Families[Family], F.node(C));
    if (!Share)
      return std::nullopt;
    Out.Share *= *Share;
    Filtered = true;
  }
  if (!Filtered)
    return std::nullopt;
  if (!KeyText.empty()) {
    FilterParseResult Parsed = parseFilter(KeyText);
    if (!Parsed)
      return std::nullopt;
    Out.KeyPart = std::move(Parsed.filter());
  }
  return Out;
}

} // namespace tablelint::replay
