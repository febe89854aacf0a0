// The ordered registry of suggest's remedies. Adding a remedy: a file in
// this directory defining make<Name>() (see Remedy.h) and one line below,
// at the place in the order where it should run. The order matters: the
// clients first; index tables before the remedies that rewrite a table's
// keys (they mirror the table as it was declared); a series folded before
// its keys are judged; the key remedies in the order an architect would
// try them (a table per period where a purge keeps the retention, a time
// bucket for a sweep, a re-key by the property the queries read, shards
// for one write-hot entity, then a hash bucket), the first to change a
// table's keys taking it; projections last.
#include "checks/schema/remedies/Remedy.h"

#include <memory>

#define TABLELINT_REMEDIES(X)                                                  \
  X(ClientFix)                                                                 \
  X(IndexTables)                                                               \
  X(SeriesFolding)                                                             \
  X(LogTail)                                                                   \
  X(TablePerPeriod)                                                            \
  X(SweepBuckets)                                                              \
  X(Rekey)                                                                     \
  X(ShardedCounters)                                                           \
  X(HashBucketing)                                                             \
  X(BatchingAdvice)                                                            \
  X(Projections)

namespace tablelint::schema {

#define TABLELINT_DECLARE_REMEDY(Name) std::unique_ptr<Remedy> make##Name();
TABLELINT_REMEDIES(TABLELINT_DECLARE_REMEDY)
#undef TABLELINT_DECLARE_REMEDY

const std::vector<const Remedy *> &remedies() {
  static const std::vector<std::unique_ptr<Remedy>> Owned = [] {
    std::vector<std::unique_ptr<Remedy>> All;
#define TABLELINT_MAKE_REMEDY(Name) All.push_back(make##Name());
    TABLELINT_REMEDIES(TABLELINT_MAKE_REMEDY)
#undef TABLELINT_MAKE_REMEDY
    return All;
  }();
  static const std::vector<const Remedy *> List = [] {
    std::vector<const Remedy *> All;
    for (const std::unique_ptr<Remedy> &R : Owned)
      All.push_back(R.get());
    return All;
  }();
  return List;
}

} // namespace tablelint::schema
