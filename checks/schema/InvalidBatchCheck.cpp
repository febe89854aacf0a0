// invalid-batch (checklist 8b): entity group transactions the service
// rejects: more than 100 operations, 4 MiB or more of payload, or entities
// that cannot share a PartitionKey (unless one execution writes them
// together under one key: `entitiesPerWrite`).
#include "checks/schema/Checks.h"

#include "core/ServiceLimits.h"

namespace tablelint::schema {

void checkInvalidBatch(const SchemaContext &C, FindingSink &Sink) {
  for (const TableAnalysis &TA : C.Tables) {
    for (const Write &W : TA.T->Writes) {
      if (W.BatchSize <= 1)
        continue;
      const std::string Batch = "write '" + W.Name + "' batches " +
                                std::to_string(W.BatchSize) + " entities";
      if (W.BatchSize > limits::MaxBatchOperations)
        Sink.report(W.Path, W.Pos,
                    Batch + "; an entity group transaction holds at most " +
                        std::to_string(limits::MaxBatchOperations) +
                        " operations");
      const double Bytes = W.BatchSize * TA.Entity.BillingBytes;
      if (Bytes >= static_cast<double>(limits::MaxBatchPayloadBytes))
        Sink.report(W.Path, W.Pos,
                    Batch + " of at least " +
                        formatFigure(TA.Entity.BillingBytes) + " bytes each (" +
                        formatFigure(Bytes / 1048576) +
                        " MiB); a transaction's payload must stay under 4 MiB");
      // Entities one execution writes together share the partition key:
      // a batch of them is one partition however unique the key is.
      if (uniquePartitionPerEntity(TA.PartitionShare) &&
          W.BatchSize > W.EntitiesPerWrite)
        Sink.report(
            W.Path, W.Pos,
            Batch + " but the partition key '" + TA.T->PartitionKey.Text +
                "' differs for every " +
                (W.EntitiesPerWrite > 1
                     ? "write of " + std::to_string(W.EntitiesPerWrite) +
                           " entities"
                     : std::string("entity")) +
                " (" + TA.PartitionShare.why() +
                "); a transaction must stay in one partition");
    }
  }
}

} // namespace tablelint::schema
