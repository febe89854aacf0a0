// mutable-key: a merge that writes a property the entity's key is built
// from. A key never changes: the merge updates the property and leaves the
// key as the insert made it, so the entity stays where its old value put
// it (a leaderboard row at the old score, a claimed job under 'pending').
// Only merges whose `properties` name what they write are judged: a merge
// of the whole entity does not say which values change. An upsert whose key
// holds a carried value ahead of what names the entity is the opposite
// mistake: each new value is a new row (reportUpsertOfValueKey). An index
// table keyed by a time the merge moves and emptied as it passes (an
// expiry index) is left alone: its sweep finds the old copy when due.
#include "checks/schema/Checks.h"
#include "core/Text.h"
#include "core/schema/PropertyGrowth.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// The key templates of a table (one entity type's view), and the word a
// message uses for each.
std::vector<std::pair<const KeyTemplate *, const char *>>
keyTemplates(const Table &T) {
  std::vector<std::pair<const KeyTemplate *, const char *>> Keys = {
      {&T.PartitionKey, "PartitionKey"}, {&T.RowKey, "RowKey"}};
  if (T.NameTemplate)
    Keys.insert(Keys.begin(), {&*T.NameTemplate, "table name"});
  return Keys;
}

// Whether T has a write of that name that creates its entities.
bool createsBy(const Table &T, const std::string &Name) {
  return std::any_of(T.Writes.begin(), T.Writes.end(), [&](const Write &X) {
    return X.Name == Name && createsEntity(X.Op);
  });
}

// A value the entity carries, not one that names it: a number declared
// with no domain (no `distinct`, no `values`) that does not grow (a score,
// a rating, an amount).
bool carriedValue(const Property &P) {
  return (P.Type == EdmType::Int32 || P.Type == EdmType::Int64 ||
          P.Type == EdmType::Double) &&
         !P.Distinct && P.Values.empty() && !takesNewestValue(P);
}

// What names the entity: a guid, or a property of declared distinct values.
bool namesEntity(const Property &P) {
  return P.Type == EdmType::Guid || (P.Distinct && *P.Distinct > 1);
}

// An upsert of a table whose key holds a carried value ahead of what names
// the entity (a leaderboard row keyed by '{score|reverse}_{playerId}',
// "upserted to replace the player's row"): a new value is a new key, so
// the upsert adds an entity and the one under the old value stays; reads
// in key order list the player once per score written. Silent when the
// table deletes (the old row is removed) or the upsert lists what it
// writes without that value.
void reportUpsertOfValueKey(const Table &T, FindingSink &Sink) {
  if (std::any_of(T.Writes.begin(), T.Writes.end(),
                  [](const Write &W) { return W.Op == WriteKind::Delete; }))
    return;
  for (const Write &W : T.Writes) {
    if (W.Op != WriteKind::InsertOrReplace && W.Op != WriteKind::InsertOrMerge)
      continue;
    for (const KeyTemplate *Key : {&T.PartitionKey, &T.RowKey}) {
      const Property *Value = nullptr, *Name = nullptr;
      for (const KeyPart &Part : Key->Parts) {
        const Property *P = Part.IsPlaceholder ? T.property(Part.Text) : nullptr;
        if (!P)
          continue;
        if (!Value && carriedValue(*P) &&
            (W.Properties.empty() ||
             std::find(W.Properties.begin(), W.Properties.end(), P->Name) !=
                 W.Properties.end()))
          Value = P;
        else if (Value && namesEntity(*P)) {
          Name = P;
          break;
        }
      }
      if (!Name)
        continue;
      const char *Which = Key == &T.RowKey ? "RowKey" : "PartitionKey";
      Sink.report(
          W.Path, W.Pos,
          "write '" + W.Name + "' (" + std::string(writeKindName(W.Op)) +
              ") addresses its entity by " + Which + " '" + Key->Text +
              "', which holds '" + Value->Name + "' ahead of '" +
              Name->Name + "': a new '" + Value->Name +
              "' is a new key, so the write adds an entity and the one "
              "under the old '" + Value->Name +
              "' stays (reads in key order list the same '" + Name->Name +
              "' once per value written, and the table grows with every "
              "write); " +
              (Key == &T.RowKey
                   ? "delete the old entity and insert the new one in one "
                     "entity group transaction (same PartitionKey), or key "
                     "the entity by '" + Name->Name + "' alone"
                   : "key the entity by '" + Name->Name +
                         "' alone (moving it to another partition is not "
                         "atomic)"));
      break; // one finding per write
    }
  }
}

// An index table kept by expiry: keyed by a time the home's merge moves
// (a session's 'expiresAt' when it is extended), and emptied as that time
// passes (a retention, or a delete that sweeps the due rows). A copy under
// the old time is the sweep's to find when it falls due and to check
// against its entity, not a lookup that goes wrong.
bool keptByExpiry(const Table &Index, const Property &Changed) {
  return Changed.Type == EdmType::DateTime &&
         (Index.RetentionSeconds ||
          std::any_of(Index.Writes.begin(), Index.Writes.end(),
                      [](const Write &X) {
                        return X.Op == WriteKind::Delete;
                      }));
}

} // namespace

void checkMutableKey(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables)
    reportUpsertOfValueKey(*TA.T, Sink);
  for (const TableAnalysis &TA : C.Tables) {
    const Table &T = *TA.T;
    const auto Keys = keyTemplates(T);
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
  // An index of this table elsewhere: a table that creates copies of its
  // entities by the same write (an index table declares its home's
  // insert) and keys them by a property this merge changes, but does not
  // declare the merge. Its row stays under the old value: a lookup by the
  // new one finds nothing, by the old one the entity.
  for (const TableAnalysis &Home : C.Tables) {
    const Table &H = *Home.T;
    for (const Write &W : H.Writes) {
      if (W.Op != WriteKind::Merge && W.Op != WriteKind::InsertOrMerge)
        continue;
      std::vector<std::string> Reported; // index tables, once each
      for (const TableAnalysis &Other : C.Tables) {
        const Table &I = *Other.T;
        if (I.Name == H.Name || I.write(W.Name) ||
            std::find(Reported.begin(), Reported.end(), I.Name) !=
                Reported.end() ||
            std::none_of(H.Writes.begin(), H.Writes.end(),
                         [&](const Write &X) {
                           return X.Name != W.Name && createsEntity(X.Op) &&
                                  createsBy(I, X.Name);
                         }))
          continue;
        const auto Keys = keyTemplates(I);
        for (const std::string &P : W.Properties) {
          const auto Key = std::find_if(Keys.begin(), Keys.end(), [&](auto K) {
            const std::vector<std::string> In = K.first->properties();
            return std::find(In.begin(), In.end(), P) != In.end();
          });
          if (Key == Keys.end())
            continue;
          if (const Property *Changed = H.property(P);
              Changed && keptByExpiry(I, *Changed))
            continue;
          Reported.push_back(I.Name);
          Sink.report(
              W.Path, W.Pos,
              "write '" + W.Name + "' (" + std::string(writeKindName(W.Op)) +
                  ") changes '" + P + "' in table '" + H.Name +
                  "', and table '" + I.Name + "', which holds copies of its "
                  "entities, keys them by it (" + Key->second + " '" +
                  Key->first->Text + "') but does not declare '" + W.Name +
                  "': its copy stays under the old '" + P +
                  "', so a read by the new value finds nothing and one by "
                  "the old value finds the entity; with each change, "
                  "delete the old copy and insert one under the new value");
          break;
        }
      }
    }
  }
}

} // namespace tablelint::schema
