// unbatched-writes (checklist 8, 26): single-entity writes at a rate where
// several rows a second share a partition key, so entity group transactions
// of up to 100 could carry them in far fewer requests. A write named in one
// of the table's declared transactions is already sent as one: the
// transaction is its batch; so is a write whose executions each carry
// several entities under one key (`entitiesPerWrite`): the replay sends
// each execution as one entity group transaction. A partition whose
// RowKey takes fewer values a second than a transaction holds gets the same
// entities written again, which no transaction can carry together. Writes
// of browser and mobile clients are left alone: each device sends its own
// entity, and rows of different devices cannot share one request. The
// same holds for a service's independent callers (workers renewing their
// own leases, one claim per API request), which a schema cannot tell from
// a bulk writer: no loop is there to see. So the schema's finding is a
// note naming both (the default gate lets it pass); the code check, which
// sees the loop, warns.
#include "checks/schema/Checks.h"

namespace tablelint::schema {

void checkUnbatchedWrites(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (std::size_t I = 0; I < TA.Writes.size(); ++I) {
      const Write &W = TA.T->Writes[I];
      const OperationLoad &L = TA.Writes[I];
      const Client *Sender = C.S.client(W.Client);
      if (Sender && Sender->Kind != ClientKind::Service)
        continue;
      if (W.BatchSize > 1 || W.EntitiesPerWrite > 1 ||
          !transactionsOf(*TA.Declared, W).empty() ||
          !L.HottestPartitionEntitiesPerSecond ||
          *L.HottestPartitionEntitiesPerSecond <
              C.Options.MinWritesPerPartitionPerSecond)
        continue;
      // Writes to the same few entities again (a counter per tenant and
      // hour) cannot share a transaction: it holds an entity once.
      const std::optional<double> Rows = rowsPerPartitionPerSecond(*TA.T);
      if (Rows && *Rows < C.Options.MinWritesPerPartitionPerSecond)
        continue;
      Sink.report(W.Path, W.Pos,
                  "write '" + W.Name + "' sends " + formatFigure(L.Rate) +
                      " single-entity requests/s, " +
                      formatFigure(*L.HottestPartitionEntitiesPerSecond) +
                      "/s of them to one partition key (" + L.Share.why() +
                      "): where one caller holds several of these rows at "
                      "once (a bulk load, a purge, the rows of one unit of "
                      "work), send them as entity group transactions of up "
                      "to 100 (batch: N); rows of independent callers, each "
                      "writing its own entity, cannot share a request",
                  Severity::Note);
    }
  }
}

} // namespace tablelint::schema
