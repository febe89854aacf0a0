// low-density-query (checklist 22): a query that scans many more entities
// than it returns, from the table size, the key design and the declared
// selectivity (values/weights, distinct counts) or expectedRows.
//
// A declared `expectedRows` far below what the filter matches by the model
// is reported on its own: either the caller stops after N rows and the
// query lacks `top: N`, or the estimate is wrong. Either way the density
// figure built on it would be false, so the density is then judged on the
// modelled matches.
#include "checks/schema/Checks.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

// A declared size this many times below the model's, and by this many rows,
// contradicts it; rougher estimates stay silent.
constexpr double MinContradictionFactor = 100;
constexpr double MinContradictionRows = 10000;

bool contradictsModel(const Query &Q, const QueryAnalysis &A) {
  if (!Q.ExpectedRows || Q.Top || !A.Matches)
    return false;
  const double Declared = static_cast<double>(*Q.ExpectedRows);
  return *A.Matches >= Declared * MinContradictionFactor &&
         *A.Matches - Declared >= MinContradictionRows;
}

void reportContradiction(const Query &Q, const QueryAnalysis &A,
                         FindingSink &Sink) {
  const std::string Declared = std::to_string(*Q.ExpectedRows);
  Sink.report(A.Load.Path,
              Q.ExpectedRowsPos.Line ? Q.ExpectedRowsPos : A.Load.Pos,
              "query '" + Q.Name + "' declares expectedRows " + Declared +
                  ", but its filter matches about " +
                  formatFigure(*A.Matches) + " rows (" + A.MatchesWhy +
                  "), " + formatFigure(*A.Matches / *Q.ExpectedRows) +
                  " times more; declare 'top: " + Declared +
                  "' if the caller stops after " + Declared +
                  " rows, bound the filter (a key range, a time range), or "
                  "correct expectedRows");
}

// A "latest N" read (`newest`, `top`) of a RowKey that sorts the oldest
// first: `top` cannot stop the scan, so each execution reads every match
// to keep the last N. Judged here where the scope is not a scan (a
// PartitionKey equality): a scan's own finding names the figure already.
bool reportNewestOnOldestFirst(const SchemaContext &C, const Table &T,
                               const Query &Q, const QueryAnalysis &A,
                               FindingSink &Sink) {
  if (!A.AllForNewest || !Q.Top || *Q.Top == 0)
    return false;
  const double Kept = static_cast<double>(*Q.Top);
  const double Ratio = *A.AllForNewest / Kept;
  if (Ratio <= C.Options.MaxScannedPerReturned)
    return false;
  Sink.report(A.Load.Path, A.Load.Pos,
              "query '" + Q.Name + "' keeps the newest " + formatFigure(Kept) +
                  " by '" + Q.Newest + "', but its RowKey '" +
                  T.RowKey.Text +
                  "' sorts the oldest first: each execution scans about " +
                  formatFigure(*A.AllForNewest) + " entities (" +
                  A.AllForNewestWhy + ") to return " + formatFigure(Kept) +
                  ": " + formatFigure(Ratio) + " scanned per returned, above " +
                  formatFigure(C.Options.MaxScannedPerReturned) +
                  "; lead the RowKey with '{" + Q.Newest +
                  "|reverse}' (the log tail) so that top stops the scan");
  return true;
}

// A scan that keeps the entities of one value of a guid property (no
// `distinct`: a value per entity, or per the few entities of one unit),
// compared with a guid literal (a string never equals a guid: that is
// invalid-filter's): its share is not declared, but it keeps about one
// entity of what it reads.
const Property *pinnedGuid(const Table &T, const QueryAnalysis &A) {
  if (!A.Filter.Parsed)
    return nullptr;
  const Filter &F = *A.Filter.Parsed;
  for (std::uint32_t Index : F.conjuncts()) {
    const FilterNode &N = F.node(Index);
    if (N.Kind != FilterNodeKind::Compare || N.Op != CompareOp::Eq ||
        !N.Literal.TypeKnown || N.Literal.Value.Type != EdmType::Guid)
      continue;
    const Property *P = T.property(N.Property);
    if (P && P->Type == EdmType::Guid && !P->Distinct && P->Values.empty())
      return P;
  }
  return nullptr;
}

// A sweep or a poll of what has fallen due: every condition on a non-key
// property keeps the entities whose time is at or before a point (`dueAt
// le datetime'{now}'`, `finishedAt lt datetime'{cutoff}'`), and the table
// deletes what falls due. In the steady state each execution then keeps
// what fell due since the one before: the table's deletes over the
// interval, of which the scope holds its share of the table. Returns
// that share of the table's entities kept per execution; nullopt where
// the filter or the table is not such.
std::optional<double> dueShareKept(const TableAnalysis &TA,
                                   const QueryAnalysis &A, std::string &Why) {
  if (!A.Filter.Parsed || !TA.Size.Known || TA.Size.Entities <= 0 ||
      A.Load.Rate <= 0)
    return std::nullopt;
  const Filter &F = *A.Filter.Parsed;
  unsigned Due = 0;
  for (std::uint32_t Index : F.conjuncts()) {
    const FilterNode &N = F.node(Index);
    if (N.Kind != FilterNodeKind::Compare)
      return std::nullopt;
    if (N.Property == "PartitionKey" || N.Property == "RowKey")
      continue;
    const Property *P = TA.T->property(N.Property);
    if (!P || P->Type != EdmType::DateTime ||
        (N.Op != CompareOp::Lt && N.Op != CompareOp::Le))
      return std::nullopt;
    ++Due;
  }
  double Deletes = 0;
  for (std::size_t I = 0; I < TA.Writes.size(); ++I)
    if (TA.T->Writes[I].Op == WriteKind::Delete)
      Deletes += TA.Writes[I].Rate;
  if (!Due || Deletes <= 0)
    return std::nullopt;
  const double Interval = 1 / A.Load.Rate;
  Why = "what falls due between executions: the table deletes " +
        formatFigure(Deletes) + " entities/s, " +
        formatFigure(Deletes * Interval) + " every " +
        formatFigure(Interval) + " s, of which the scope holds its share";
  return std::min(1.0, Deletes * Interval / TA.Size.Entities);
}

// An `or` of a RowKey equality and an equality on a non-key property,
// which pins no partition: the table scan keeps at most one entity per
// partition key by the RowKey, and the other side's declared share.
std::optional<double> keyOrPropertyAtMost(const TableAnalysis &TA,
                                          const QueryAnalysis &A,
                                          std::string &Why) {
  if (!A.Filter.Parsed || !A.Scanned ||
      A.Filter.Scope.Class != QueryClass::TableScan ||
      !TA.PartitionShare.Distinct)
    return std::nullopt;
  const Filter &F = *A.Filter.Parsed;
  const FilterNode &Root = F.root();
  if (Root.Kind != FilterNodeKind::Or)
    return std::nullopt;
  for (auto [KeySide, OtherSide] :
       {std::pair{Root.Left, Root.Right}, std::pair{Root.Right, Root.Left}}) {
    const FilterNode &Key = F.node(KeySide), &Other = F.node(OtherSide);
    if (Key.Kind != FilterNodeKind::Compare || Key.Property != "RowKey" ||
        Key.Op != CompareOp::Eq || Other.Kind != FilterNodeKind::Compare ||
        Other.Property == "PartitionKey" || Other.Property == "RowKey")
      continue;
    const std::optional<double> S = nodeSelectivity(*TA.T, F, OtherSide);
    if (!S)
      return std::nullopt;
    const double ByKey = std::min(*A.Scanned, *TA.PartitionShare.Distinct);
    const double ByProperty = *A.Scanned * *S;
    Why = "the RowKey equality keeps at most one per partition key (" +
          formatFigure(ByKey) + "), '" + Other.Property + "' matches " +
          formatPercent(*S) + " (" + formatFigure(ByProperty) + ")";
    return ByKey + ByProperty;
  }
  return std::nullopt;
}

} // namespace

void checkLowDensityQuery(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
      const QueryAnalysis &A = TA.Queries[I];
      const Query &Q = TA.T->Queries[I];
      std::optional<double> Returned = A.Returned;
      std::string ReturnedWhy = A.ReturnedWhy;
      if (contradictsModel(Q, A)) {
        reportContradiction(Q, A, Sink);
        Returned = A.Matches;
        ReturnedWhy = "by the model, not the declared expectedRows";
      }
      // A condition of unknown share keeps at most what the others do:
      // the density is then at least the others'.
      bool AtMost =
          (!Returned && A.ReturnedAtMost) || (Returned && A.ReturnedIsBound);
      if (!Returned && AtMost) {
        Returned = A.ReturnedAtMost;
        ReturnedWhy = A.ReturnedAtMostWhy;
      }
      if (!Returned)
        if (std::optional<double> Bound =
                keyOrPropertyAtMost(TA, A, ReturnedWhy)) {
          Returned = Bound;
          AtMost = true;
        }
      std::string DueWhy;
      if (!Returned && A.Scanned && A.Filter.Scope.isScan())
        if (std::optional<double> Share = dueShareKept(TA, A, DueWhy)) {
          Returned = *A.Scanned * *Share;
          ReturnedWhy = DueWhy;
        }
      if (!Returned && A.Filter.Scope.isScan())
        if (const Property *Guid = pinnedGuid(*TA.T, A)) {
          Returned = 1;
          ReturnedWhy = "one '" + Guid->Name + "' value: a guid, which names "
                        "one entity or the few of one unit";
        }
      // A range of partitions (a tenant's days) filtered on a non-key
      // property reads the range to keep what matches, as a scan does.
      const QueryScope &Scope = A.Filter.Scope;
      const bool FilteredRange = Scope.Class == QueryClass::PartitionRange &&
                                 !Scope.NonKeyProperties.empty();
      if (!Scope.isScan() && !FilteredRange) {
        reportNewestOnOldestFirst(C, *TA.T, Q, A, Sink);
        continue;
      }
      if (!A.Scanned || !Returned || *Returned <= 0)
        continue;
      const double Ratio = *A.Scanned / std::max(*Returned, 1e-9);
      if (Ratio <= C.Options.MaxScannedPerReturned)
        continue;
      // A "latest N" read on an oldest-first key reads far more as keyed
      // now (partition-scan says how much); the density judged here is
      // the top-N read's, which reversing the key gives.
      const std::string AsLogTail =
          A.AllForNewest
              ? " (as a newest-first key would read it; as keyed now each "
                "execution reads about " +
                    formatFigure(*A.AllForNewest) + ")"
              : "";
      Sink.report(A.Load.Path, A.Load.Pos,
                  "query '" + A.Load.Name + "' scans about " +
                      formatFigure(*A.Scanned) + " entities (" + A.ScannedWhy +
                      ")" + AsLogTail +
                      (AtMost ? " to return at most " : " to return about ") +
                      formatFigure(*Returned) + " (" + ReturnedWhy +
                      "): " + (AtMost ? "at least " : "") +
                      formatFigure(Ratio) + " scanned per returned, above " +
                      formatFigure(C.Options.MaxScannedPerReturned) +
                      "; make the selective condition part of the key");
    }
  }
}

} // namespace tablelint::schema
