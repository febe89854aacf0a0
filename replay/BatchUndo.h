// An entity group transaction applied to a row store (replay/RowSet.h,
// replay/RowStore.h) all or nothing: each
// write is checked as it is applied (one search of the store each, the cost
// that matters for millions of batched writes) and, when one is refused,
// the writes applied before it are undone, newest first. The simulated
// service and the answer check apply batches this way.
#pragma once

#include "core/schema/Schema.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace tablelint::replay {

class BatchUndo {
public:
  enum class Refusal { None, Conflict, NotFound };

  void clear() { Changes.clear(); }

  // Applies write number Index of the batch (Key: its row). Conflict: an
  // insert of a row that exists; NotFound: an update, merge or delete of a
  // row that does not. A refused write changes nothing.
  template <typename StoreT>
  Refusal apply(StoreT &Store, std::size_t Index, schema::WriteKind Kind,
                std::string_view Key, std::uint32_t Entity) {
    using schema::WriteKind;
    Change C{Index, false, 0};
    switch (Kind) {
    case WriteKind::Insert:
      if (!Store.insert(Key, Entity))
        return Refusal::Conflict;
      break;
    case WriteKind::InsertOrReplace:
    case WriteKind::InsertOrMerge:
      C.Existed = Store.exchange(Key, Entity, C.Previous);
      break;
    case WriteKind::Update:
    case WriteKind::Merge:
    case WriteKind::Delete: {
      std::uint32_t *Stored = Store.find(Key);
      if (!Stored)
        return Refusal::NotFound;
      C.Existed = true;
      C.Previous = *Stored;
      if (Kind == WriteKind::Delete)
        Store.erase(Key);
      else
        *Stored = Entity;
      break;
    }
    }
    Changes.push_back(C);
    return Refusal::None;
  }

  // Undoes what apply() changed since clear(), newest first. KeyOf(Index)
  // gives the row of write number Index again.
  template <typename StoreT, typename KeyFn>
  void undo(StoreT &Store, KeyFn KeyOf) {
    for (auto It = Changes.rbegin(); It != Changes.rend(); ++It) {
      const std::string_view Key = KeyOf(It->Index);
      if (It->Existed)
        Store.assign(Key, It->Previous);
      else
        Store.erase(Key);
    }
    Changes.clear();
  }

private:
  struct Change {
    std::size_t Index;
    bool Existed;
    std::uint32_t Previous;
  };
  std::vector<Change> Changes;
};

} // namespace tablelint::replay
