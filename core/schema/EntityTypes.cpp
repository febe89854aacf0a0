// Single-type views of tables with several entity types.
#include "core/schema/EntityTypes.h"

#include <algorithm>

namespace tablelint::schema {

int entityTypeIndex(const Table &T, const std::string &Name) {
  if (Name.empty())
    return 0;
  for (std::size_t I = 0; I < T.EntityTypes.size(); ++I)
    if (T.EntityTypes[I].Name == Name)
      return static_cast<int>(I);
  return -1;
}

namespace {

const EntityType *typeOf(const Table &T, const std::string &Type) {
  if (T.EntityTypes.empty())
    return nullptr;
  const int I = entityTypeIndex(T, Type);
  return &T.EntityTypes[I < 0 ? 0 : static_cast<std::size_t>(I)];
}

} // namespace

const KeyTemplate &entityPartitionKey(const Table &T, const std::string &Type) {
  const EntityType *E = typeOf(T, Type);
  return E && E->PartitionKey ? *E->PartitionKey : T.PartitionKey;
}

const KeyTemplate &entityRowKey(const Table &T, const std::string &Type) {
  const EntityType *E = typeOf(T, Type);
  return E ? E->RowKey : T.RowKey;
}

std::vector<const Property *> entityProperties(const Table &T,
                                               const std::string &Type) {
  std::vector<const Property *> Out;
  for (const Property &P : T.Properties)
    Out.push_back(&P);
  if (const EntityType *E = typeOf(T, Type))
    for (const Property &P : E->Properties)
      Out.push_back(&P);
  return Out;
}

std::vector<Table> entityTypeViews(const Table &T) {
  if (T.EntityTypes.empty())
    return {T};
  std::vector<Table> Views;
  Views.reserve(T.EntityTypes.size());
  for (std::size_t I = 0; I < T.EntityTypes.size(); ++I) {
    const EntityType &Type = T.EntityTypes[I];
    Table V;
    V.Name = T.Name;
    V.NameTemplate = T.NameTemplate;
    V.Account = T.Account;
    V.PartitionKey = Type.PartitionKey ? *Type.PartitionKey : T.PartitionKey;
    V.RowKey = Type.RowKey;
    V.Properties = T.Properties;
    V.Properties.insert(V.Properties.end(), Type.Properties.begin(),
                        Type.Properties.end());
    for (const Write &W : T.Writes)
      if (entityTypeIndex(T, W.EntityTypeName) == static_cast<int>(I))
        V.Writes.push_back(W);
    for (const Query &Q : T.Queries)
      if (entityTypeIndex(T, Q.EntityTypeName) == static_cast<int>(I))
        V.Queries.push_back(Q);
    V.Transactions = T.Transactions;
    V.Entities = Type.Entities;
    V.RetentionSeconds = T.RetentionSeconds;
    V.Note = T.Note;
    V.Path = T.Path;
    V.Pos = T.Pos;
    Views.push_back(std::move(V));
  }
  return Views;
}

std::vector<std::string> mirroredKeyPropertiesMissing(
    const Schema &S, const std::string &WriteName, const Table &Home) {
  std::vector<std::string> Missing;
  const Write *HomeWrite = Home.write(WriteName);
  if (!HomeWrite)
    return Missing;
  const std::vector<const Property *> Has =
      entityProperties(Home, HomeWrite->EntityTypeName);
  auto Note = [&](const KeyTemplate &Key) {
    for (const std::string &Name : Key.properties())
      if (std::none_of(Has.begin(), Has.end(),
                       [&](const Property *P) { return P->Name == Name; }) &&
          std::find(Missing.begin(), Missing.end(), Name) == Missing.end())
        Missing.push_back(Name);
  };
  for (const Table &T : S.Tables) {
    const Write *W = T.write(WriteName);
    if (!W)
      continue;
    if (T.NameTemplate)
      Note(*T.NameTemplate);
    Note(entityPartitionKey(T, W->EntityTypeName));
    Note(entityRowKey(T, W->EntityTypeName));
  }
  return Missing;
}

const Table *writeHomeTable(const Schema &S, const std::string &WriteName) {
  for (const Table &T : S.Tables)
    if (T.write(WriteName) &&
        mirroredKeyPropertiesMissing(S, WriteName, T).empty())
      return &T;
  return nullptr;
}

} // namespace tablelint::schema
