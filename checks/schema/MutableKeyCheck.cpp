// mutable-key: a merge that writes a property the entity's key is built
// from. A key never changes: the merge updates the property and leaves the
// key as the insert made it, so the entity stays where its old value put
// it (a leaderboard row at the old score, a claimed job under 'pending').
// Only merges whose `properties` name what they write are judged: a merge
// of the whole entity does not say which values change.
#include "checks/schema/Checks.h"
#include "core/Text.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>

namespace tablelint::schema {

void checkMutableKey(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    // The key templates of this type, and the word a message uses for each.
    std::vector<std::pair<const KeyTemplate *, const char *>> Keys = {
        {&T.PartitionKey, "PartitionKey"}, {&T.RowKey, "RowKey"}};
    if (T.NameTemplate)
      Keys.insert(Keys.begin(), {&*T.NameTemplate, "table name"});
    for (const Write &W : T.Writes) {
      if (W.Op != WriteKind::Merge && W.Op != WriteKind::InsertOrMerge)
        continue;
      for (const std::string &P : W.Properties)
        for (const auto &[Key, Which] : Keys) {
          const std::vector<std::string> In = Key->properties();
          if (std::find(In.begin(), In.end(), P) == In.end())
            continue;
          const bool InRowKey = std::string(Which) == "RowKey";
          Sink.report(
              W.Path, W.Pos,
              "write '" + W.Name + "' (" +
                  std::string(writeKindName(W.Op)) + ") writes '" + P +
                  "', which " + Which + " '" + Key->Text +
                  "' is built from: " +
                  (Key != &T.PartitionKey && Key != &T.RowKey
                       ? "the entity stays in the table its old '" + P +
                             "' named; "
                       : "the key keeps the value the entity was inserted "
                         "with, so the entity stays where its old '" +
                             P + "' put it and reads in key order see the "
                             "old order; ") +
                  (InRowKey
                       ? "delete the entity and insert it under its new "
                         "RowKey in one entity group transaction (same "
                         "PartitionKey), or keep '" + P + "' out of the key"
                   : Key == &T.PartitionKey
                       ? "keep '" + P +
                             "' out of the key (a key cannot change, and "
                             "moving the entity to another partition is not "
                             "atomic)"
                       : "keep '" + P +
                             "' out of the table name (moving the entity to "
                             "another table is not atomic)"));
          break; // one finding per property
        }
    }
  }
}

} // namespace tablelint::schema
