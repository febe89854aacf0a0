// invalid-batch (checklist 8b): entity group transactions the service
// rejects: more than 100 operations, 4 MiB or more of payload, or entities
// that cannot share a PartitionKey (unless one execution writes them
// together under one key: `entitiesPerWrite`, or a declared transaction
// whose writes share the unit's key). A declared transaction is one entity
// group transaction per execution: its writes' entities together must fit.
#include "checks/schema/Checks.h"

#include "core/ServiceLimits.h"
#include "core/Text.h"
#include "core/schema/EntityTypes.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace tablelint::schema {

namespace {

bool inKeyedTransaction(const Table &Declared, const Write &W) {
  for (const Transaction *Tx : transactionsOf(Declared, W))
    if (keyedByUnit(Declared, *Tx))
      return true;
  return false;
}

// Whether T's RowKey holds a property its PartitionKey (with the table
// instance's) does not: several entities may then share one value of the
// key, told apart by it (an order's lines by 'lineNo' under
// '{shopId}_{orderId}'), however unique that value is per unit.
bool rowKeyTellsApart(const Table &T) {
  std::set<std::string> InKey;
  for (const KeyPart &Part : instancePartitionKey(T, T.PartitionKey).Parts)
    if (Part.IsPlaceholder)
      InKey.insert(Part.Text);
  return std::any_of(T.RowKey.Parts.begin(), T.RowKey.Parts.end(),
                     [&](const KeyPart &Part) {
                       return Part.IsPlaceholder && !InKey.count(Part.Text);
                     });
}

// The size of one entity of the type a write writes (its type's analysis).
double entityBytesOf(const SchemaContext &C, const Table &Declared,
                     const Write &W) {
  for (const TableAnalysis &TA : C.Tables)
    if (TA.Declared == &Declared)
      for (const Write &X : TA.T->Writes)
        if (X.Path == W.Path)
          return TA.Entity.BillingBytes;
  return 0;
}

// Entities one execution of a transaction writes: each write's unit (its
// entitiesPerWrite, or its batch when larger), and their payload.
void checkTransactions(const SchemaContext &C, const TableAnalysis &TA,
                       FindingSink &Sink) {
  const Table &Declared = *TA.Declared;
  for (const Transaction &Tx : Declared.Transactions) {
    std::uint64_t Entities = 0;
    double Bytes = 0;
    std::set<std::string> Keys;
    // The writes of a constant RowKey (a conversation's "meta" header):
    // under the unit's one PartitionKey, each addresses the same entity.
    std::map<std::string, std::vector<const Write *>> ByConstantRowKey;
    for (const Write &W : Declared.Writes) {
      bool Named = false;
      for (const std::string &Name : Tx.Writes)
        Named = Named || Name == W.Name;
      if (!Named)
        continue;
      const unsigned Unit = std::max(W.EntitiesPerWrite, W.BatchSize);
      Entities += Unit;
      Bytes += Unit * entityBytesOf(C, Declared, W);
      Keys.insert(entityPartitionKey(Declared, W.EntityTypeName).Text);
      const KeyTemplate &RowKey = entityRowKey(Declared, W.EntityTypeName);
      if (RowKey.isConstant())
        ByConstantRowKey[entityPartitionKey(Declared, W.EntityTypeName).Text +
                         '\0' + RowKey.Text]
            .push_back(&W);
    }
    // Only where the writes share the transaction's key: a PartitionKey
    // unique to each entity puts them in partitions of their own
    // (partition-key-design says that no transaction can hold them).
    const bool OneKey = keyedByUnit(Declared, Tx) ||
                        !uniquePartitionPerEntity(TA.PartitionShare);
    for (const auto &[Key, Writes] : ByConstantRowKey) {
      if (Writes.size() < 2 || !OneKey)
        continue;
      std::vector<std::string> Names;
      for (const Write *W : Writes)
        Names.push_back(W->Name);
      const std::string RowKey = Key.substr(Key.find('\0') + 1);
      Sink.report(Tx.Path, Tx.Pos,
                  "transaction '" + Tx.Name + "' writes the entity with RowKey '" +
                      RowKey + "' " +
                      (Writes.size() == 2
                           ? std::string("twice")
                           : std::to_string(Writes.size()) + " times") +
                      " (" + quotedListWithAnd(Names) +
                      ", under the transaction's one PartitionKey); an entity "
                      "group transaction may address each entity once, and "
                      "the service refuses every execution with 400 "
                      "(InvalidDuplicateRow): make them one write of all "
                      "their properties");
    }
    if (Bytes >= static_cast<double>(limits::MaxBatchPayloadBytes))
      Sink.report(Tx.Path, Tx.Pos,
                  "transaction '" + Tx.Name + "' writes at least " +
                      formatFigure(Bytes / 1048576) +
                      " MiB per execution; a transaction's payload must stay "
                      "under 4 MiB");
    if (Entities > limits::MaxBatchOperations)
      Sink.report(
          Tx.Path, Tx.Pos,
          "transaction '" + Tx.Name + "' writes " + std::to_string(Entities) +
              " entities per execution; an entity group transaction "
              "holds at most " +
              std::to_string(limits::MaxBatchOperations) + " operations");
    if (Keys.size() > 1) {
      std::string List;
      for (const std::string &K : Keys)
        List += (List.empty() ? "'" : ", '") + K + "'";
      Sink.report(Tx.Path, Tx.Pos,
                  "transaction '" + Tx.Name +
                      "' writes entity types under different partition keys (" +
                      List + "); a transaction must stay in one partition");
    }
  }
}

// The property of a fan-out write (one entity per follower) that T's
// PartitionKey holds as is: the entities of one execution then each have a
// PartitionKey of their own. A hash bucket of it ({followerId|hash:16})
// leaves rows that share a bucket, which a writer can batch together.
const std::string *fannedOutPartitionProperty(const Table &T, const Write &W) {
  for (const std::string &Name : W.FanOut)
    for (const KeyPart &Part : instancePartitionKey(T, T.PartitionKey).Parts)
      if (Part.IsPlaceholder && Part.Text == Name &&
          std::none_of(Part.Functions.begin(), Part.Functions.end(),
                       [](const KeyFunction &F) {
                         return F.Fn == KeyFunction::Hash;
                       }))
        return &Name;
  return nullptr;
}

} // namespace

void checkInvalidBatch(const SchemaContext &C, FindingSink &Sink) {
  const Table *Previous = nullptr;
  for (const TableAnalysis &TA : C.Tables) {
    if (TA.Declared != Previous)
      checkTransactions(C, TA, Sink); // once per declared table
    Previous = TA.Declared;
    for (const Write &W : TA.T->Writes) {
      // Entities one execution writes together share the PartitionKey; with
      // a constant RowKey they are one entity, written that many times. A
      // fan-out's rows differ in a key by the fanned-out property.
      if (W.EntitiesPerWrite > 1 && W.FanOut.empty() &&
          TA.T->RowKey.isConstant())
        Sink.report(W.Path, W.Pos,
                    "write '" + W.Name + "' writes " +
                        std::to_string(W.EntitiesPerWrite) +
                        " entities together under one PartitionKey, but its "
                        "RowKey '" + TA.T->RowKey.Text +
                        "' is constant: they are one entity, which an entity "
                        "group transaction may address only once (400 "
                        "InvalidDuplicateRow); give each a RowKey of its own");
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
      // a batch of them is one partition however unique the key is; so
      // is a batch of a transaction keyed by its unit (an order's lines).
      // A RowKey that tells several entities apart under one unique value
      // (an order's lines by 'lineNo') lets a batch hold one unit, unless
      // the write declares its unit smaller than its batch.
      // Fan-out on write: a batch groups entities of one execution, and
      // each of them goes to another partition.
      if (const std::string *Fanned = fannedOutPartitionProperty(*TA.T, W)) {
        Sink.report(
            W.Path, W.Pos,
            Batch + " of one execution, but it fans out over '" + *Fanned +
                "', which the partition key '" + TA.T->PartitionKey.Text +
                "' holds: each entity of a batch is in a partition of its "
                "own, and the service rejects every such batch (a "
                "transaction must stay in one partition); send them one by "
                "one, or group the fan-out by partition (a bucket of '" +
                *Fanned + "' in the key, batches of one bucket)");
        continue;
      }
      const KeyShare &Share = TA.PartitionShare;
      if (uniquePartitionPerEntity(Share) && W.BatchSize > W.EntitiesPerWrite &&
          (W.EntitiesPerWrite > 1 || !rowKeyTellsApart(*TA.T)) &&
          !inKeyedTransaction(*TA.Declared, W))
        Sink.report(
            W.Path, W.Pos,
            Batch + " but the partition key '" + TA.T->PartitionKey.Text +
                "' differs for every " +
                (W.EntitiesPerWrite > 1
                     ? "write of " + std::to_string(W.EntitiesPerWrite) +
                           " entities"
                     : std::string("entity")) +
                " (" + Share.why() +
                "); a transaction must stay in one partition");
    }
  }
}

} // namespace tablelint::schema
