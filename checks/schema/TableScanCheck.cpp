// table-scan (checklist 21): a declared query that pins no partition key,
// with the entities each execution reads when the table size is known.
#include "checks/schema/Checks.h"

#include "core/FilterProblems.h"
#include "core/ServiceLimits.h"
#include "core/Text.h"
#include "core/schema/SchemaValues.h"

#include <algorithm>
#include <cmath>

namespace tablelint::schema {

// The message findFilterProblems gives for RuleId (the wording the code
// checks use), or empty.
std::string filterProblemMessage(const Table &T, const Query &Q,
                                 const QueryAnalysis &A,
                                 const SchemaCheckOptions &Options,
                                 const char *RuleId) {
  FilterProblemOptions O;
  O.Table = T.Name;
  O.MaxComparisons = Options.MaxComparisons;
  // The template as written names its placeholders; the partition a scan
  // reads is the one its PartitionKey template forms.
  O.FilterText = Q.Filter;
  if (A.Filter.PinnedPartition && !A.Filter.PinnedPartition->Text.empty())
    O.PartitionText = "'" + A.Filter.PinnedPartition->Text + "'";
  O.MayStopEarly = Q.Top.has_value();
  const Filter *F = A.Filter.Parsed ? &*A.Filter.Parsed : nullptr;
  for (const FilterProblem &P : findFilterProblems(F, A.Filter.Scope, O))
    if (P.RuleId == RuleId)
      return P.Message;
  return {};
}

namespace {

// A table scan that looks an entity up by a property of unknown spread
// ('email' without `distinct`): without it, denormalize-for-query and
// low-density-query cannot size the lookup and stay silent, which loses
// the finding that matters most (the scan of a user directory by e-mail).
// Empty when the lookup is sized (an equality on a property with declared
// values, `distinct` or a guid) or has no such equality.
std::string unsizedLookupHint(const Table &T, const QueryAnalysis &A) {
  if (!A.Filter.Parsed || lookupProperty(T, A))
    return {};
  std::vector<std::string> Unsized;
  for (const auto &[N, P] : propertyEqualities(T, *A.Filter.Parsed))
    if (!N->Literal.Known && P->Type != EdmType::Boolean &&
        P->Type != EdmType::Guid && P->Values.empty() && !P->Distinct &&
        std::find(Unsized.begin(), Unsized.end(), P->Name) == Unsized.end())
      Unsized.push_back(P->Name);
  if (Unsized.empty())
    return {};
  return "; " + quotedListWithAnd(Unsized) +
         (Unsized.size() > 1 ? " declare" : " declares") +
         " no `distinct`, so what the lookup matches is unknown: declare "
         "how many different values " +
         (Unsized.size() > 1 ? "they take" : "it takes") +
         " to have it sized (denormalize-for-query, low-density-query)";
}

} // namespace

// See SchemaContext.h. Averaged over its period the scan adds little to
// the key, and the key-design checks weigh it so; but its pages come back
// to back, each reading up to MaxPageServerSeconds of the partition's
// budget, so while it reads the busiest partition the key's other
// operations are throttled (replay: the note on that key).
std::string periodicScanHint(const SchemaContext &C, const TableAnalysis &TA,
                             const QueryAnalysis &A, double Read) {
  const double Target = C.Options.PartitionEntitiesPerSecond;
  const OperationLoad &Scan = A.Load;
  if (!Scan.HottestPartitionEntitiesPerSecond || Scan.Rate <= 0 ||
      Read < Target)
    return {};
  double Others = 0;
  std::string Parts;
  auto Add = [&](const OperationLoad &L) {
    // A time-based key's busiest partition is the current one, not the
    // largest one the scan reads.
    if (!L.Share.Known || L.Share.Sequential || L.AgedPartitions ||
        !L.HottestPartitionEntitiesPerSecond ||
        *L.HottestPartitionEntitiesPerSecond <= 0)
      return;
    Others += *L.HottestPartitionEntitiesPerSecond;
    Parts += (Parts.empty() ? "'" : ", '") + L.Name + "' " +
             formatFigure(*L.HottestPartitionEntitiesPerSecond) + "/s";
  };
  for (const OperationLoad &L : TA.PartitionWrites)
    Add(L);
  // Table scans are left out (their busiest partition is the largest, not
  // the busiest), and so is the scan itself.
  for (const TableAnalysis &Other : C.Tables) {
    if (!sharesPartitions(Other, TA))
      continue;
    for (const QueryAnalysis &Q : Other.Queries)
      if (&Q != &A && Q.Filter.Scope.Class != QueryClass::TableScan)
        Add(Q.Load);
  }
  // Over the target on average, partition-throughput or hot-partition
  // says so; this is what the average hides.
  if (2 * Others < Target ||
      Others + *Scan.HottestPartitionEntitiesPerSecond > Target)
    return {};
  const double Left = std::max(Target - Others, 1.0);
  // How often it comes back to that partition: every execution for a table
  // scan, the executions that pick it for a partition scan.
  const double Period = Read / *Scan.HottestPartitionEntitiesPerSecond;
  std::string Every;
  if (Period >= 1)
    Every = " every " + formatDuration(std::round(Period));
  return "; averaged over its period it adds " +
         formatFigure(*Scan.HottestPartitionEntitiesPerSecond) +
         " entities/s to the busiest partition, but its pages come back to "
         "back, each reading up to " +
         formatFigure(limits::MaxPageServerSeconds) +
         " s of the partition's budget: while it reads the busiest "
         "partition (" +
         formatFigure(Read) + " entities, at least " +
         formatFigure(std::round(Read / Left)) + " s at the " +
         formatFigure(Left) + "/s the key has left" + Every +
         ") the key's other operations (" + formatFigure(Others) +
         " entities/s: " + Parts +
         ") are throttled: serve it from data kept for it (a summary "
         "entity per key updated with the writes, an export) or pace its "
         "pages under what the key has left";
}

void checkTableScan(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (std::size_t I = 0; I < TA.Queries.size(); ++I) {
      const QueryAnalysis &A = TA.Queries[I];
      if (A.Filter.Error || A.Filter.Scope.Class != QueryClass::TableScan)
        continue;
      std::string Message =
          "query '" + A.Load.Name +
          "': " + filterProblemMessage(*TA.T, TA.T->Queries[I], A, C.Options,
                                     "table-scan");
      if (A.Scanned)
        Message += ", " + formatFigure(*A.Scanned) +
                   " entities per execution (" + A.ScannedWhy + ")";
      Message += unsizedLookupHint(*TA.T, A);
      // Every execution reads the whole of the largest partition.
      if (A.Load.HottestPartitionEntitiesPerSecond && A.Load.Rate > 0)
        Message += periodicScanHint(
            C, TA, A, *A.Load.HottestPartitionEntitiesPerSecond / A.Load.Rate);
      Sink.report(A.Load.Path, A.Load.Pos, std::move(Message));
    }
  }
}

} // namespace tablelint::schema
