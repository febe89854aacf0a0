// The ordered registry of suggest's remedies. Adding a remedy: a file in
// this directory defining make<Name>() (see Remedy.h) and one line below,
// at the place in the order where it should run. The order matters: the
// clients first; index tables before the remedies that rewrite a table's
// keys (they mirror the table as it was declared); a series folded before
// its keys are judged; a re-key before a hash bucket (the bucket is the
// fallback when no property the queries read can key the table);
// projections last.
#include "checks/schema/remedies/Remedy.h"

#include <memory>

#define TABLELINT_REMEDIES(X)                                                  \
  X(ClientFix)                                                                 \
  X(IndexTables)                                                               \
  X(SeriesFolding)                                                             \
  X(LogTail)                                                                   \
  X(Rekey)                                                                     \
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
