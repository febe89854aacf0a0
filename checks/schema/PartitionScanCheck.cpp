// partition-scan (checklist 21b, a note): a query that pins its partition but
// filters the rest while reading all of it.
#include "checks/schema/Checks.h"
#include "checks/schema/LogTailRemedy.h"
#include "core/schema/EntityTypes.h"

#include <algorithm>

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
         "|reverse}' puts the newest first (the log tail pattern): " +
         logTailRead(Q);
}

} // namespace

// A filter on a property the RowKey leads with, in an order its keys sort
// by (as is, a sortable date format, `reverse`): the same entities are a
// RowKey range, which the service reads alone instead of the partition (a
// statement's day of a ledger keyed '{postedAt|reverse}_{txnId}').
// Only where the comparisons are all joined by `and`, none `ne`: a range.
std::string rowKeyRangeHint(const Table &T, const Query &Q,
                            const QueryAnalysis &A) {
  const QueryScope &Scope = A.Filter.Scope;
  if (Scope.RowLow || Scope.RowHigh || !A.Filter.Parsed)
    return {};
  const std::vector<FilterNode> &Nodes = A.Filter.Parsed->Nodes;
  if (std::any_of(Nodes.begin(), Nodes.end(), [](const FilterNode &N) {
        return N.Kind == FilterNodeKind::Or || N.Kind == FilterNodeKind::Not;
      }))
    return {};
  const KeyTemplate &RowKey = entityRowKey(T, Q.EntityTypeName);
  for (const std::string &P : Scope.NonKeyProperties) {
    if (!keyOrderStep(RowKey, P, pinnedDateUnits(T, P)) ||
        std::any_of(Nodes.begin(), Nodes.end(), [&](const FilterNode &N) {
          return N.Kind == FilterNodeKind::Compare && N.Property == P &&
                 N.Op == CompareOp::Ne;
        }))
      continue;
    const bool Reversed = std::any_of(
        RowKey.Parts.begin(), RowKey.Parts.end(), [&](const KeyPart &Part) {
          return Part.IsPlaceholder && Part.Text == P &&
                 std::any_of(Part.Functions.begin(), Part.Functions.end(),
                             [](const KeyFunction &F) {
                               return F.Fn == KeyFunction::Reverse;
                             });
        });
    return "; RowKey '" + RowKey.Text + "' leads with '" + P +
           "' in key order, so the entities its comparisons of '" + P +
           "' select are a RowKey range: compare RowKey with the bounds "
           "rendered as the key renders them" +
           (Reversed ? std::string(" (reversed: the upper bound becomes the "
                                   "lower)")
                     : std::string()) +
           " and the read stops at the range's end";
  }
  return {};
}

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
          "': " + filterProblemMessage(*TA.T, Q, A, C.Options, "partition-scan");
      // A fan-out reads every bucket each execution: the figure is per
      // bucket read, and the execution reads them all.
      const std::uint64_t Reads = fanOutReads(Q);
      if (A.Scanned && Reads > 1)
        Message += ", about " + formatFigure(*A.Scanned) +
                   " entities per bucket read (" + A.ScannedWhy + "), " +
                   std::to_string(Reads) + " bucket reads and about " +
                   formatFigure(*A.Scanned * static_cast<double>(Reads)) +
                   " entities per execution";
      else if (A.Scanned)
        Message += ", about " + formatFigure(*A.Scanned) +
                   " entities per execution (" + A.ScannedWhy + ")";
      Message += rowKeyRangeHint(*TA.T, Q, A);
      if (A.Scanned)
        Message += periodicScanHint(C, TA, A, *A.Scanned);
      Sink.report(A.Load.Path, A.Load.Pos, std::move(Message));
    }
  }
}

} // namespace tablelint::schema
