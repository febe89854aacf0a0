// partition-scan (checklist 21b, a note): a query that pins its partition but
// filters the rest while reading all of it.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

namespace {

// A "latest N" read that pins its partition but cannot stop at N: the
// RowKey does not put the newest first, so every execution reads all the
// partition's matches and keeps the last N (the log tail pattern fixes it).
std::string newestReadMessage(const Table &T, const Query &Q,
                              const QueryAnalysis &A) {
  const std::string Top = std::to_string(*Q.Top);
  // Led by the property in ascending order (a literal prefix first is
  // fine): oldest first. Anything else is in no time order at all.
  const bool Leads =
      keyOrderStep(T.RowKey, Q.Newest, pinnedDateUnits(T, Q.Newest))
          .has_value();
  return "query '" + Q.Name + "' reads the newest " + Top + " by '" +
         Q.Newest + "', but RowKey '" + T.RowKey.Text + "' " +
         (Leads ? "sorts oldest first" : "does not put the newest first") +
         ": each execution reads about " + formatFigure(*A.AllForNewest) +
         " entities (" + A.AllForNewestWhy + ") and keeps the last " + Top +
         ", " + formatFigure(*A.AllForNewest * Q.Frequency.PerSecond) +
         " entities/s at " + formatFigure(Q.Frequency.PerSecond) + "/s" +
         "; a RowKey leading with '{" + Q.Newest +
         "|reverse}' puts the newest first (the log tail pattern): a top-" +
         Top + " read";
}

} // namespace

void checkPartitionScan(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
      const QueryAnalysis &A = TA.Queries[I];
      if (A.Filter.Error)
        continue;
      const Query &Q = TA.T->Queries[I];
      if (A.AllForNewest && *A.AllForNewest > static_cast<double>(*Q.Top)) {
        Sink.report(A.Load.Path, A.Load.Pos,
                    newestReadMessage(*TA.T, Q, A));
        continue;
      }
      if (A.Filter.Scope.Class != QueryClass::PartitionScan)
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
