// mixed-type-query (design page: several entity types in one table): a
// query meant for one entity type whose filter also matches the other types
// stored under the same PartitionKey. The service returns every entity that
// matches, whatever its type: the others come back as rows without the
// selected properties, and `top: N` counts them, so the caller gets fewer
// of its own entities than it asked for (an order header's 20 latest
// orders read as 2 orders and 18 of their lines).
//
// It fires only where the schema says which type the query wants and the
// filter provably keeps another: the query selects or uses properties of
// its own type and none of the other's; the other type shares its
// PartitionKey template; the filter compares no property the other type
// lacks (which would drop it) and either bounds no RowKey or bounds it to a
// range that holds every RowKey of the other type's constant prefix.
#include "checks/schema/Checks.h"
#include "core/Text.h"
#include "core/schema/EntityTypes.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

bool hasProperty(const std::vector<Property> &Props, const std::string &N) {
  return std::any_of(Props.begin(), Props.end(),
                     [&](const Property &P) { return P.Name == N; });
}

bool comparesRowKey(const Filter &F) {
  return std::any_of(F.Nodes.begin(), F.Nodes.end(), [](const FilterNode &N) {
    return N.Kind == FilterNodeKind::Compare && N.Property == "RowKey";
  });
}

bool rowKeysKeep(const QueryAnalysis &A, const std::string &Prefix) {
  const QueryScope &Scope = A.Filter.Scope;
  const Filter &F = *A.Filter.Parsed;
  if (!comparesRowKey(F))
    return true;
  const bool Branches =
      std::any_of(F.Nodes.begin(), F.Nodes.end(), [](const FilterNode &N) {
        return N.Kind == FilterNodeKind::Or || N.Kind == FilterNodeKind::Not;
      });
  if (Branches || Scope.Class != QueryClass::RowRange)
    return false;
  return rowRangeHoldsPrefix(Scope, Prefix);
}

// Entities of one type: declared, or inserted per second (the mix the
// writes keep); the unit says which.
struct TypeCount {
  double Count = 0;
  bool Declared = false;
};

TypeCount typeCount(const Table &Declared, std::size_t Type) {
  const EntityType &E = Declared.EntityTypes[Type];
  if (E.Entities)
    return {static_cast<double>(*E.Entities), true};
  return {insertRate(entityTypeViews(Declared)[Type]), false};
}

// The properties the caller wants from the results: `select` and `uses`.
std::vector<std::string> wantedProperties(const Query &Q) {
  std::vector<std::string> Out = Q.Select;
  Out.insert(Out.end(), Q.Uses.begin(), Q.Uses.end());
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

// The range `RowKey ge 'P' and RowKey lt 'P<next>'` of every key starting
// with P (P not empty).
std::string prefixRange(const std::string &P) {
  std::string Next = P;
  Next.back() = static_cast<char>(Next.back() + 1);
  return "RowKey ge '" + P + "' and RowKey lt '" + Next + "'";
}

bool startsWith(const std::string &S, const std::string &P) {
  return S.compare(0, P.size(), P) == 0;
}

void checkQuery(const Table &Declared, const Query &Q, const QueryAnalysis &A,
                FindingSink &Sink) {
  if (!A.Filter.Parsed || A.Filter.Error || A.Filter.Scope.Contradictory)
    return;
  const QueryClass Class = A.Filter.Scope.Class;
  // A point read returns its one entity; a scan of the table or of a
  // partition range is table-scan's and partition-scan's to judge.
  if (Class != QueryClass::RowRange && Class != QueryClass::PartitionScan)
    return;
  const int Own = entityTypeIndex(Declared, Q.EntityTypeName);
  if (Own < 0)
    return;
  const EntityType &T = Declared.EntityTypes[static_cast<std::size_t>(Own)];
  const KeyTemplate &PartitionKey = entityPartitionKey(Declared, T.Name);

  // What the query wants: properties only its own type has, at least one.
  const std::vector<std::string> Wanted = wantedProperties(Q);
  std::vector<std::string> OwnWanted;
  for (const std::string &P : Wanted)
    if (hasProperty(T.Properties, P))
      OwnWanted.push_back(P);
  if (OwnWanted.empty())
    return;

  const Filter &F = *A.Filter.Parsed;
  std::vector<std::size_t> Others;
  for (std::size_t U = 0; U < Declared.EntityTypes.size(); ++U) {
    if (static_cast<int>(U) == Own)
      continue;
    const EntityType &Other = Declared.EntityTypes[U];
    if (entityPartitionKey(Declared, Other.Name).Text != PartitionKey.Text)
      continue;
    // The caller reads the other type too.
    if (std::any_of(Wanted.begin(), Wanted.end(), [&](const std::string &P) {
          return hasProperty(Other.Properties, P);
        }))
      continue;
    // A comparison on a property the other type lacks drops it (the
    // service matches no entity without the property).
    if (std::any_of(F.Nodes.begin(), F.Nodes.end(), [&](const FilterNode &N) {
          return N.Kind == FilterNodeKind::Compare &&
                 N.Property != "PartitionKey" && N.Property != "RowKey" &&
                 !hasProperty(Declared.Properties, N.Property) &&
                 !hasProperty(Other.Properties, N.Property);
        }))
      continue;
    if (!rowKeysKeep(A, keyLiteralPrefix(Other.RowKey)))
      continue;
    Others.push_back(U);
  }
  if (Others.empty())
    return;

  std::vector<std::string> OtherNames;
  for (std::size_t U : Others)
    OtherNames.push_back(Declared.EntityTypes[U].Name);
  const std::string Types = quotedListWithAnd(OtherNames);
  const std::string Name = "'" + T.Name + "'";

  std::string Message =
      "query '" + Q.Name + "' is for " + Name + " entities (it reads " +
      quotedListWithAnd(OwnWanted) + ", which " + Types + " entities lack), but " +
      (comparesRowKey(F) ? "its RowKey range holds every RowKey of " + Types
                         : std::string("its filter bounds no RowKey")) +
      ": it also returns the " + Types + " entities under PartitionKey '" +
      PartitionKey.Text + "'";

  // A type of a constant RowKey (a header) is one entity a partition:
  // said as such, not as a share of the mix.
  std::vector<std::string> OnePerPartition;
  std::vector<std::size_t> Mixed;
  for (std::size_t U : Others)
    if (Declared.EntityTypes[U].RowKey.isConstant())
      OnePerPartition.push_back(Declared.EntityTypes[U].RowKey.Text);
    else
      Mixed.push_back(U);
  const std::string Top = Q.Top ? std::to_string(*Q.Top) : "";
  if (!OnePerPartition.empty())
    Message += std::string(OnePerPartition.size() == 1 ? ", one"
                                                       : ", one each") +
               " a partition (the constant RowKey " +
               quotedListWithAnd(OnePerPartition) + ")";
  // How many of the others come back for each of its own, by the declared
  // entities or, failing that, by the inserts that keep the mix.
  const TypeCount Mine = typeCount(Declared, static_cast<std::size_t>(Own));
  double OthersCount = 0;
  bool Comparable = Mine.Count > 0;
  for (std::size_t U : Mixed) {
    const TypeCount C = typeCount(Declared, U);
    Comparable = Comparable && C.Declared == Mine.Declared;
    OthersCount += C.Count;
  }
  bool TopSaid = false;
  if (!Mixed.empty() && Comparable && OthersCount > 0) {
    Message += std::string(OnePerPartition.empty() ? ", about " : ", and about ") +
               formatFigure(OthersCount / Mine.Count) + " for each " + Name +
               " (" +
               (Mine.Declared ? "declared entities" : "by the declared inserts") +
               ")";
    const std::string Returns =
        Q.Top ? formatFigure(static_cast<double>(*Q.Top) * Mine.Count /
                             (Mine.Count + OthersCount))
              : Top;
    if (Returns != Top) {
      Message += ", and 'top: " + Top + "' returns about " + Returns + " " +
                 Name + " entities, not " + Top;
      TopSaid = true;
    }
  }
  if (Q.Top && !TopSaid)
    Message += ", and 'top: " + Top + "' counts " +
               (Mixed.empty() && OnePerPartition.size() == 1 ? "it" : "them");

  // The fix: a constant RowKey prefix per type, and the query bounded to
  // its own. Where the types' prefixes already tell them apart, only the
  // bound is missing.
  const std::string OwnPrefix = keyLiteralPrefix(T.RowKey);
  const bool Distinct =
      !OwnPrefix.empty() &&
      std::all_of(Others.begin(), Others.end(), [&](std::size_t U) {
        const std::string P = keyLiteralPrefix(Declared.EntityTypes[U].RowKey);
        return !P.empty() && !startsWith(P, OwnPrefix) &&
               !startsWith(OwnPrefix, P);
      });
  if (Distinct)
    Message += "; bound the query to the " + Name + " RowKeys: " +
               prefixRange(OwnPrefix);
  else
    Message += "; start each type's RowKey with a constant of its own ('" +
               T.Name + "_', '" + OtherNames.front() +
               "_') and bound the query to its own: " +
               prefixRange(T.Name + "_");
  Sink.report(A.Load.Path, A.Load.Pos, Message);
}

} // namespace

void checkMixedTypeQuery(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    const Table &Declared = *TA.Declared;
    if (Declared.EntityTypes.size() < 2)
      continue;
    for (std::size_t I = 0; I < TA.Queries.size(); ++I)
      checkQuery(Declared, TA.T->Queries[I], TA.Queries[I], Sink);
  }
}

} // namespace tablelint::schema
