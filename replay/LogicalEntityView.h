// A logical entity as the filter evaluator sees it: its property values
// from the workload and, when a stored row is given, the PartitionKey and
// RowKey of that row. Used where the replay decides on logical data: a
// write's `when` (no keys yet) and the answer check's queries.
#pragma once

#include "core/FilterEval.h"
#include "replay/Workload.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tablelint::replay {

class LogicalEntityView : public EntityView {
public:
  explicit LogicalEntityView(const Workload &W) : W(W) {}

  // Row: PartitionKey "\0" RowKey of the stored row; empty: no keys.
  void reset(std::uint32_t Entity, std::string_view Row = {}) {
    Id = Entity;
    RowText = Row;
    Family = &W.Families[W.familyOf(Entity)];
    // A value is loaded for this entity when stamped with this reset's
    // number: a reset costs no pass over the family's properties (a scan
    // whose filter is judged on codes resets a view per row it reads).
    if (++Stamp == 0) {
      std::fill(LoadedAt.begin(), LoadedAt.end(), 0);
      Stamp = 1;
    }
    if (Values.size() < Family->Properties.size()) {
      Values.resize(Family->Properties.size());
      LoadedAt.resize(Family->Properties.size(), 0);
    }
    KeysLoaded = false;
  }

  const EdmValue *property(std::string_view Name) const override {
    if (Name == "PartitionKey" || Name == "RowKey") {
      if (RowText.empty())
        return nullptr;
      if (!KeysLoaded) {
        const std::size_t Nul = RowText.find('\0');
        PartitionKey = EdmValue::string(std::string(RowText.substr(0, Nul)));
        RowKey = EdmValue::string(std::string(RowText.substr(Nul + 1)));
        KeysLoaded = true;
      }
      return Name == "PartitionKey" ? &PartitionKey : &RowKey;
    }
    const int P = indexOf(Name);
    if (P < 0)
      return nullptr;
    if (LoadedAt[static_cast<std::size_t>(P)] != Stamp) {
      W.value(Id, static_cast<std::uint32_t>(P),
              Values[static_cast<std::size_t>(P)]);
      LoadedAt[static_cast<std::size_t>(P)] = Stamp;
    }
    return &Values[static_cast<std::size_t>(P)];
  }

  // The entity the view was last reset to, and its family.
  std::uint32_t entity() const { return Id; }
  const EntityFamily &family() const { return *Family; }

private:
  // Property names come from the filter's tree, whose strings stay put
  // while a page is read: their index is looked up once per family.
  int indexOf(std::string_view Name) const {
    for (const NameIndex &N : Names)
      if (N.Data == Name.data() && N.Size == Name.size() && N.Family == Family)
        return N.Index;
    const int P = Family->propertyIndex(Name);
    if (Names.size() < MaxCachedNames)
      Names.push_back({Name.data(), Name.size(), Family, P});
    return P;
  }
  struct NameIndex {
    const char *Data;
    std::size_t Size;
    const EntityFamily *Family;
    int Index;
  };
  static constexpr std::size_t MaxCachedNames = 16;
  mutable std::vector<NameIndex> Names;

  const Workload &W;
  std::uint32_t Id = 0;
  std::string_view RowText;
  const EntityFamily *Family = nullptr;
  mutable std::vector<EdmValue> Values;
  mutable std::vector<std::uint32_t> LoadedAt;
  std::uint32_t Stamp = 0;
  mutable EdmValue PartitionKey, RowKey;
  mutable bool KeysLoaded = false;
};

} // namespace tablelint::replay
