// Batching is advice, never an edit: an entity group transaction is
// atomic, so pairing writes the workload does not declare as one unit of
// work would let one failed row fail the others (and a row written twice
// fails all of them with 400). It stays advice until the schema says which
// entities are written together.
#include "checks/schema/remedies/Remedy.h"

#include "checks/schema/Load.h"

#include <memory>

namespace tablelint::schema {

namespace {

class BatchingAdvice : public Remedy {
public:
  const char *id() const override { return "batching-advice"; }
  std::vector<std::string> rules() const override {
    return {"unbatched-writes"};
  }
  bool onAddedTables() const override { return true; }

  void apply(RemedyContext &Ctx, Table &T) const override {
    for (const Write &W : T.Writes) {
      if (!Ctx.found().has("unbatched-writes", W.Path))
        continue;
      const OperationLoad L = writeLoad(T, W);
      Ctx.R.Advice.push_back(
          {"unbatched-writes", W.Path,
           "not batched: " + formatFigure(L.Rate) + " writes/s of '" + W.Name +
               "' (" +
               formatFigure(L.HottestPartitionEntitiesPerSecond.value_or(0)) +
               "/s to the busiest partition) could share entity group "
               "transactions only where the entities are written together "
               "as one unit of work; declare those writes in the table's "
               "'transactions' (or a write's 'entitiesPerWrite') and batch "
               "them there",
           W.Path});
    }
  }
};

} // namespace

std::unique_ptr<Remedy> makeBatchingAdvice() {
  return std::make_unique<BatchingAdvice>();
}

} // namespace tablelint::schema
