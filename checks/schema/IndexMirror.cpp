// Index tables' properties and mirrored writes (IndexMirror.h).
#include "checks/schema/IndexMirror.h"

#include <algorithm>

namespace tablelint::schema {

const Write *changesProperty(const Table &T, const std::string &Name) {
  for (const Write &W : T.Writes) {
    if (W.Op == WriteKind::Insert || W.Op == WriteKind::Delete)
      continue;
    if (W.Properties.empty() ||
        std::find(W.Properties.begin(), W.Properties.end(), Name) !=
            W.Properties.end())
      return &W;
  }
  return nullptr;
}

std::vector<Property> indexEntityProperties(
    const Table &Source, const std::vector<std::string> &Keep,
    const std::string &IdxPath) {
  std::vector<Property> Out;
  for (const Property &Src : Source.Properties) {
    if (!Keep.empty() &&
        std::find(Keep.begin(), Keep.end(), Src.Name) == Keep.end())
      continue;
    Property P = Src;
    P.Path = IdxPath + ".properties[" + P.Name + "]";
    P.Note.clear();
    Out.push_back(std::move(P));
  }
  return Out;
}

std::vector<Write> mirroredWrites(const Table &Source, const Table &Idx,
                                  const std::string &When) {
  std::vector<Write> Out;
  for (Write W : Source.Writes) {
    if (!W.Properties.empty()) {
      std::vector<std::string> Sent;
      for (const std::string &N : W.Properties)
        if (Idx.property(N))
          Sent.push_back(N);
      if (Sent.empty())
        continue; // a merge of properties the index does not hold
      W.Properties = Sent;
    }
    W.Path = Idx.Path + ".writes[" + W.Name + "]";
    W.Note = "mirrors '" + W.Name + "' of " + Source.Name;
    if (!When.empty()) {
      W.When = When;
      W.Note += ", only for entities with " + When;
    }
    Out.push_back(W);
  }
  return Out;
}

} // namespace tablelint::schema
