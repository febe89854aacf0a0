// unbatched-writes (checklist 8, 26): single-entity writes at a rate where
// several rows a second share a partition key, so entity group transactions
// of up to 100 could carry them in far fewer requests. A write named in one
// of the table's declared transactions is already sent as one: the
// transaction is its batch.
#include "checks/schema/Checks.h"

#include <algorithm>

namespace tablelint::schema {

namespace {

bool inDeclaredTransaction(const Table &T, const Write &W) {
  for (const Transaction &X : T.Transactions)
    if (std::find(X.Writes.begin(), X.Writes.end(), W.Name) != X.Writes.end())
      return true;
  return false;
}

} // namespace

void checkUnbatchedWrites(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (std::size_t I = 0; I < TA.Writes.size(); ++I) {
      const Write &W = TA.T->Writes[I];
      const OperationLoad &L = TA.Writes[I];
      if (W.BatchSize > 1 || inDeclaredTransaction(*TA.T, W) ||
          !L.HottestPartitionEntitiesPerSecond ||
          *L.HottestPartitionEntitiesPerSecond <
              C.Options.MinWritesPerPartitionPerSecond)
        continue;
      Sink.report(W.Path, W.Pos,
                  "write '" + W.Name + "' sends " + formatFigure(L.Rate) +
                      " single-entity requests/s, " +
                      formatFigure(*L.HottestPartitionEntitiesPerSecond) +
                      "/s of them to one partition key (" + L.Share.why() +
                      "): group rows of the same partition into entity group "
                      "transactions of up to 100 (batch: N)");
    }
  }
}

} // namespace tablelint::schema
