// denormalize-for-query (checklist 25): a query at a declared rate that looks
// entities up by a non-key property with a table scan; an index table keyed
// by that property turns it into a point or range read.
#include "checks/schema/Checks.h"
#include "core/Text.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// Distinct values an index keyed by P would have; 0 when unknown or too few
// to spread an index (a boolean).
double indexSpread(const Property &P) {
  if (P.Type == EdmType::Boolean)
    return 0;
  if (!P.Values.empty())
    return static_cast<double>(P.Values.size());
  if (P.Distinct)
    return static_cast<double>(*P.Distinct);
  return P.Type == EdmType::Guid ? 1e18 : 0;
}

// The largest share of a table's entities a sparse index on one constant
// value is worth keeping for (beyond it, the index is most of the table).
constexpr double MaxSparseShare = 0.1;

} // namespace

std::vector<std::pair<const FilterNode *, const Property *>>
propertyEqualities(const Table &T, const Filter &F) {
  std::vector<std::pair<const FilterNode *, const Property *>> Out;
  for (const std::uint32_t I : F.conjuncts()) {
    const FilterNode &N = F.node(I);
    if (N.Kind != FilterNodeKind::Compare || N.Op != CompareOp::Eq ||
        N.Property == "PartitionKey" || N.Property == "RowKey")
      continue;
    if (const Property *P = T.property(N.Property))
      Out.emplace_back(&N, P);
  }
  return Out;
}

// The declared non-key property a table-scan query looks entities up by: of
// the equalities in its top-level conjunction, the one with the most
// declared distinct values (the best index key), or null.
const Property *lookupProperty(const Table &T, const QueryAnalysis &A) {
  if (!A.Filter.Parsed || A.Filter.Scope.Class != QueryClass::TableScan)
    return nullptr;
  const Filter &F = *A.Filter.Parsed;
  const Property *Best = nullptr;
  double BestSpread = 0;
  for (const auto &[N, P] : propertyEqualities(T, F)) {
    // A rare constant value (a fault flag at 0.2%) makes a sparse index
    // worth having even on a boolean: its rows are that share.
    double Spread = indexSpread(*P);
    if (N->Literal.Known) {
      const std::optional<double> Share =
          nodeSelectivity(T, F, static_cast<std::uint32_t>(N - &F.Nodes[0]));
      if (Share && *Share > 0 && *Share <= MaxSparseShare)
        Spread = std::max(Spread, 1 / *Share);
    }
    if (Spread > 1 && (!Best || Spread > BestSpread)) {
      Best = P;
      BestSpread = Spread;
    }
  }
  return Best;
}

std::vector<const Property *> lookupKeyProperties(const Table &T,
                                                  const QueryAnalysis &A) {
  const Property *Best = lookupProperty(T, A);
  if (!Best)
    return {};
  std::vector<const Property *> Keys{Best};
  const auto Equalities = propertyEqualities(T, *A.Filter.Parsed);
  const bool Sparse =
      std::any_of(Equalities.begin(), Equalities.end(), [&](const auto &E) {
        return E.second == Best && E.first->Literal.Known;
      });
  if (Sparse)
    return Keys;
  for (const auto &[N, P] : Equalities) {
    if (N->Literal.Known || indexSpread(*P) <= 1 ||
        std::find(Keys.begin(), Keys.end(), P) != Keys.end())
      continue;
    Keys.push_back(P);
  }
  return Keys;
}

// A partition scan worth an index reads at least this many entities for
// each it returns (ten times low-density-query's default threshold: the
// index costs a write per entity, so only a lookup that reads far more
// than it keeps pays for it whatever the rates).
constexpr double MinPartitionLookupDensity = 100;
// Nor a partition smaller than a page (1,000 entities): one round trip
// reads it whole whatever it returns.
constexpr double MinPartitionLookupScan = 1000;
// Below that density, a scan still pays for an index when the entity reads
// it saves each second are at least a page's worth (1,000) for each entity
// write the index adds: a page is one billed transaction, as a write is,
// and the partition's target counts the saved reads one by one.
constexpr double SavedReadsPerMirroredWrite = 1000;

// Whether the scan A of table T reads enough more than it keeps, at its
// rate, to pay for an index written with every write of T.
bool scanPaysForAnIndex(const Table &T, const QueryAnalysis &A,
                        double MaxScannedPerReturned) {
  const double Density = *A.Scanned / *A.Returned;
  if (Density >= MinPartitionLookupDensity)
    return true;
  if (Density <= MaxScannedPerReturned)
    return false;
  double Mirrored = 0;
  for (const Write &W : T.Writes)
    Mirrored += W.Frequency.PerSecond;
  const double Saved = A.Load.Rate * (*A.Scanned - *A.Returned);
  return Saved >= SavedReadsPerMirroredWrite * Mirrored;
}

const Property *partitionLookupProperty(const Table &T, const QueryAnalysis &A,
                                        double MaxScannedPerReturned) {
  if (!A.Filter.Parsed || A.Filter.Scope.Class != QueryClass::PartitionScan ||
      !A.Scanned || !A.Returned || *A.Returned <= 0 || A.Load.Rate <= 0 ||
      *A.Scanned < MinPartitionLookupScan ||
      !scanPaysForAnIndex(T, A, MaxScannedPerReturned))
    return nullptr;
  const Property *Best = nullptr;
  for (const auto &[N, P] : propertyEqualities(T, *A.Filter.Parsed))
    if (!N->Literal.Known && indexSpread(*P) > 1 &&
        (!Best || indexSpread(*P) > indexSpread(*Best)))
      Best = P;
  if (!Best ||
      *A.Scanned / indexSpread(*Best) > *A.Returned * MaxScannedPerReturned)
    return nullptr;
  // A RowKey that leads with the property already is that index: the
  // read is a RowKey range (partition-scan says how to bound it).
  for (const KeyPart &Part : T.RowKey.Parts)
    if (Part.IsPlaceholder) {
      if (Part.Text == Best->Name && Part.Functions.empty())
        return nullptr;
      break;
    }
  return Best;
}

namespace {

// The properties the rows of T hold when every write of it names what it
// writes (merges, insert-or-merges with `properties`) and one of them
// creates rows: those names and the key templates' properties. Empty when
// a write writes whole entities, or none creates rows (they come from
// elsewhere: the table holds what another process wrote).
std::vector<std::string> partialRowProperties(const Table &T) {
  bool Creates = false;
  std::vector<std::string> Out;
  for (const Write &W : T.Writes) {
    if (W.Op == WriteKind::Delete)
      continue;
    if ((W.Op != WriteKind::Merge && W.Op != WriteKind::InsertOrMerge) ||
        W.Properties.empty())
      return {};
    Creates |= W.Op == WriteKind::InsertOrMerge;
    Out.insert(Out.end(), W.Properties.begin(), W.Properties.end());
  }
  if (!Creates)
    return {};
  for (const KeyTemplate *K : {&T.PartitionKey, &T.RowKey}) {
    const std::vector<std::string> In = K->properties();
    Out.insert(Out.end(), In.begin(), In.end());
  }
  if (T.NameTemplate) {
    const std::vector<std::string> In = T.NameTemplate->properties();
    Out.insert(Out.end(), In.begin(), In.end());
  }
  return Out;
}

// A query of such a table that selects or filters on a property no write
// sets: the rows its writes create do not hold it (a sparse index filled
// by a merge of the status alone, read for the carrier and tracking
// number), so the query finds nothing or returns rows without it.
void reportUnwrittenProperties(const TableAnalysis &TA, FindingSink &Sink) {
  const Table &T = *TA.T;
  if (TA.Declared && TA.Declared->EntityTypes.size() > 1)
    return;
  const std::vector<std::string> Held = partialRowProperties(T);
  if (Held.empty())
    return;
  for (std::size_t I = 0; I < T.Queries.size(); ++I) {
    const Query &Q = T.Queries[I];
    std::vector<std::string> Missing;
    auto Check = [&](const std::string &P) {
      if (P == "PartitionKey" || P == "RowKey" || P == "Timestamp" ||
          !T.property(P) ||
          std::find(Held.begin(), Held.end(), P) != Held.end() ||
          std::find(Missing.begin(), Missing.end(), P) != Missing.end())
        return;
      Missing.push_back(P);
    };
    for (const std::string &P : TA.Queries[I].Filter.Scope.NonKeyProperties)
      Check(P);
    for (const std::string &P : Q.Select)
      Check(P);
    if (Missing.empty())
      continue;
    std::vector<std::string> Writes;
    for (const Write &W : T.Writes)
      if (W.Op != WriteKind::Delete)
        Writes.push_back("'" + W.Name + "' (" +
                         std::string(writeKindName(W.Op)) + " of " +
                         quotedListWithAnd(W.Properties) + ")");
    std::string WriteList;
    for (std::size_t K = 0; K < Writes.size(); ++K)
      WriteList += (K ? ", " : "") + Writes[K];
    Sink.report(TA.Queries[I].Load.Path, TA.Queries[I].Load.Pos,
                "query '" + Q.Name + "' reads " + quotedListWithAnd(Missing) +
                    ", which no write of table '" + T.Name +
                    "' sets: its rows are created by " + WriteList +
                    ", which give them those and their keys alone, so the "
                    "query returns rows without " +
                    (Missing.size() > 1 ? "them" : "it") +
                    " (or none, filtering on " +
                    (Missing.size() > 1 ? "them" : "it") +
                    "); write the properties the query reads into the "
                    "table with its rows (name them in the write's "
                    "properties, or write the whole entity)");
  }
}

// A query that scans one partition, filtered on a non-key property, worth a
// partition-lookup index (partitionLookupProperty): what the lint reports
// and suggest's index remedy answers.
void reportPartitionLookup(const TableAnalysis &TA, const QueryAnalysis &A,
                           double MaxScannedPerReturned, FindingSink &Sink) {
  const Table &T = *TA.T;
  const Property *Best = partitionLookupProperty(T, A, MaxScannedPerReturned);
  if (!Best)
    return;
  const std::string Partition = T.PartitionKey.Text;
  Sink.report(A.Load.Path, A.Load.Pos,
              "query '" + A.Load.Name + "' looks entities up by '" +
                  Best->Name + "' inside partition '" + Partition + "' at " +
                  formatFigure(A.Load.Rate) + "/s, reading about " +
                  formatFigure(*A.Scanned) + " entities to return about " +
                  formatFigure(*A.Returned) + ": keep an index keyed by the "
                  "partition's key and '" + Best->Name +
                  "' (an index table with PartitionKey '" + Partition + "_{" +
                  Best->Name + "}', or index entities in the same partition "
                  "whose RowKey starts with '{" + Best->Name + "}_'), "
                  "written with each entity, and query it by key");
}

} // namespace

void checkDenormalizeForQuery(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables)
    reportUnwrittenProperties(TA, Sink);
  for (const TableAnalysis &TA : C.Tables) {
    for (const QueryAnalysis &A : TA.Queries) {
      reportPartitionLookup(TA, A, C.Options.MaxScannedPerReturned, Sink);
      const std::vector<const Property *> Keys =
          lookupKeyProperties(*TA.T, A);
      if (Keys.empty() || A.Load.Rate <= 0)
        continue;
      std::vector<std::string> KeyNames;
      for (const Property *P : Keys)
        KeyNames.push_back(P->Name);
      const std::string Names = quotedListWithAnd(KeyNames);
      Sink.report(A.Load.Path, A.Load.Pos,
                  "query '" + A.Load.Name + "' looks entities up by " +
                      Names + " at " + formatFigure(A.Load.Rate) +
                      "/s with a table scan of '" + TA.T->Name +
                      "': keep an index table keyed by " + Names +
                      ", written with each entity, and query it by key");
    }
  }
}

} // namespace tablelint::schema
