// partition-scan (checklist 21b, a note): a query that pins its partition but
// filters the rest while reading all of it.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkPartitionScan(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (const QueryAnalysis &A : TA.Queries) {
      if (A.Filter.Error || A.Filter.Scope.Class != QueryClass::PartitionScan)
        continue;
      std::string Message =
          "query '" + A.Load.Name +
          "': " + filterProblemMessage(*TA.T, A, C.Options, "partition-scan");
      if (A.Scanned)
        Message += ", about " + formatFigure(*A.Scanned) +
                   " entities per execution (" + A.ScannedWhy + ")";
      Sink.report(A.Load.Path, A.Load.Pos, std::move(Message));
    }
  }
}

} // namespace tablelint::schema
