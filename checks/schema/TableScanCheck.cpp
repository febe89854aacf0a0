// table-scan (checklist 21): a declared query that pins no partition key,
// with the entities each execution reads when the table size is known.
#include "checks/schema/Checks.h"

#include "core/FilterProblems.h"
#include "core/Text.h"

#include <algorithm>

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
      Sink.report(A.Load.Path, A.Load.Pos, std::move(Message));
    }
  }
}

} // namespace tablelint::schema
