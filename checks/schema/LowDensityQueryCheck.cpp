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
      const bool AtMost =
          (!Returned && A.ReturnedAtMost) || (Returned && A.ReturnedIsBound);
      if (!Returned && AtMost) {
        Returned = A.ReturnedAtMost;
        ReturnedWhy = A.ReturnedAtMostWhy;
      }
      // A range of partitions (a tenant's days) filtered on a non-key
      // property reads the range to keep what matches, as a scan does.
      const QueryScope &Scope = A.Filter.Scope;
      const bool FilteredRange = Scope.Class == QueryClass::PartitionRange &&
                                 !Scope.NonKeyProperties.empty();
      if ((!Scope.isScan() && !FilteredRange) || !A.Scanned || !Returned ||
          *Returned <= 0)
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
