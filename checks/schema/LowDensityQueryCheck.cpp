// low-density-query (checklist 22): a query that scans many more entities
// than it returns, from the table size, the key design and the declared
// selectivity (values/weights, distinct counts) or expectedRows.
#include "checks/schema/Checks.h"

#include <algorithm>

namespace tablelint::schema {

void checkLowDensityQuery(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (const QueryAnalysis &A : TA.Queries) {
      if (!A.Filter.Scope.isScan() || !A.Scanned || !A.Returned ||
          *A.Returned <= 0)
        continue;
      const double Ratio = *A.Scanned / std::max(*A.Returned, 1e-9);
      if (Ratio <= C.Options.MaxScannedPerReturned)
        continue;
      Sink.report(A.Load.Path, A.Load.Pos,
                  "query '" + A.Load.Name + "' scans about " +
                      formatFigure(*A.Scanned) + " entities (" + A.ScannedWhy +
                      ") to return about " + formatFigure(*A.Returned) + " (" +
                      A.ReturnedWhy + "): " + formatFigure(Ratio) +
                      " scanned per returned, above " +
                      formatFigure(C.Options.MaxScannedPerReturned) +
                      "; make the selective condition part of the key");
    }
  }
}

} // namespace tablelint::schema
