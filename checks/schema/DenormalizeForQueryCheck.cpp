// denormalize-for-query (checklist 25): a query at a declared rate that looks
// entities up by a non-key property with a table scan; an index table keyed
// by that property turns it into a point or range read.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

// The declared non-key property a table-scan query looks entities up by
// (an equality in its top-level conjunction), or null.
const Property *lookupProperty(const Table &T, const QueryAnalysis &A) {
  if (!A.Filter.Parsed || A.Filter.Scope.Class != QueryClass::TableScan)
    return nullptr;
  const Filter &F = *A.Filter.Parsed;
  std::vector<std::uint32_t> Stack{F.Root};
  while (!Stack.empty()) {
    const FilterNode &N = F.node(Stack.back());
    Stack.pop_back();
    if (N.Kind == FilterNodeKind::And) {
      Stack.push_back(N.Right);
      Stack.push_back(N.Left);
    } else if (N.Kind == FilterNodeKind::Compare && N.Op == CompareOp::Eq &&
               N.Property != "PartitionKey" && N.Property != "RowKey") {
      if (const Property *P = T.property(N.Property))
        return P;
    }
  }
  return nullptr;
}

void checkDenormalizeForQuery(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (const QueryAnalysis &A : TA.Queries) {
      const Property *P = lookupProperty(*TA.T, A);
      if (!P || A.Load.Rate <= 0)
        continue;
      Sink.report(A.Load.Path, A.Load.Pos,
                  "query '" + A.Load.Name + "' looks entities up by '" +
                      P->Name + "' " + formatFigure(A.Load.Rate) +
                      " times/s with a table scan of '" + TA.T->Name +
                      "': keep an index table keyed by '" + P->Name +
                      "', written with each entity, and query it by key");
    }
  }
}

} // namespace tablelint::schema
