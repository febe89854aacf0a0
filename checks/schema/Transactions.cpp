// What the checks read from declared transactions and entity types: which
// writes go together, and under which partition key.
#include "checks/schema/SchemaContext.h"
#include "core/schema/EntityTypes.h"

#include <algorithm>
#include <set>

namespace tablelint::schema {

std::vector<const Transaction *> transactionsOf(const Table &Declared,
                                                const Write &W) {
  std::vector<const Transaction *> Out;
  for (const Transaction &Tx : Declared.Transactions)
    if (std::find(Tx.Writes.begin(), Tx.Writes.end(), W.Name) !=
        Tx.Writes.end())
      Out.push_back(&Tx);
  return Out;
}

bool keyedByUnit(const Table &Declared, const Transaction &Tx) {
  std::set<std::string> Types, Keys;
  for (const Write &W : Declared.Writes) {
    if (std::find(Tx.Writes.begin(), Tx.Writes.end(), W.Name) ==
        Tx.Writes.end())
      continue;
    if (W.EntitiesPerWrite > 1)
      return true;
    Types.insert(W.EntityTypeName);
    Keys.insert(entityPartitionKey(Declared, W.EntityTypeName).Text);
  }
  return !Declared.EntityTypes.empty() && Types.size() > 1 && Keys.size() == 1;
}

} // namespace tablelint::schema
