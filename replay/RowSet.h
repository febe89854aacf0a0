// A table's rows in the simulated service and the answer check: rows a read
// may visit (replay/ReadRanges.h) in the ordered store (replay/RowStore.h),
// the others only by the hash of their key (replay/HashedRows.h). Writes see
// one set of rows either way: an insert of a row present in either is
// refused, an update finds it wherever it is. Reads walk the ordered store,
// which holds every row inside the ranges they read.
//
// Without read ranges (readBy(nullptr), or a table whose reads cover it
// all) every row is ordered, as before this split.
#pragma once

#include "replay/HashedRows.h"
#include "replay/ReadRanges.h"
#include "replay/RowStore.h"

#include <cstdint>
#include <string_view>

namespace tablelint::replay {

class RowSet {
public:
  // The ranges the table's reads visit; null or All: all of them.
  void readBy(const TableReads *R) { Reads = R && !R->All ? R : nullptr; }
  // The share of the rows it is sent that it keeps (the answer check's
  // store of a sample): the room made for new rows is that share of them.
  void keepShare(double S) { Share = S; }

  std::size_t size() const {
    return Ordered.size() + Hashed.size() - Preloaded;
  }
  bool empty() const { return size() == 0; }
  std::size_t bytes() const { return Ordered.bytes() + Hashed.bytes(); }
  // Rows kept unordered (tests and accounting).
  std::size_t unordered() const { return Hashed.size() - Preloaded; }

  // The RowStore operations, with their meaning (replay/RowStore.h).
  std::size_t count(std::string_view Key) const {
    return find(Key) != nullptr ? 1 : 0;
  }
  const std::uint32_t *find(std::string_view Key) const {
    return const_cast<RowSet *>(this)->find(Key);
  }
  std::uint32_t *find(std::string_view Key) {
    if (orders(Key))
      return Ordered.find(Key);
    std::uint32_t *V = Hashed.find(Key);
    if (V && *V == InOrdered)
      return Ordered.find(Key);
    return V;
  }
  bool insert(std::string_view Key, std::uint32_t Value) {
    if (orders(Key))
      return Ordered.insert(Key, Value);
    reserve();
    return Hashed.insert(Key, Value); // refused when preloaded too
  }
  void assign(std::string_view Key, std::uint32_t Value) {
    std::uint32_t Previous;
    exchange(Key, Value, Previous);
  }
  bool exchange(std::string_view Key, std::uint32_t Value,
                std::uint32_t &Previous) {
    if (orders(Key))
      return Ordered.exchange(Key, Value, Previous);
    reserve(); // before the look-up: it may move the slots
    const HashedRows::Hash H = HashedRows::hashOf(Key);
    std::uint32_t *V = Hashed.find(H);
    if (V && *V == InOrdered)
      return Ordered.exchange(Key, Value, Previous);
    if (!V)
      return Hashed.exchange(H, Value, Previous);
    Previous = *V;
    *V = Value;
    return true;
  }
  bool erase(std::string_view Key) {
    if (orders(Key))
      return Ordered.erase(Key);
    const HashedRows::Hash H = HashedRows::hashOf(Key);
    std::uint32_t *V = Hashed.find(H);
    if (!V)
      return false;
    if (*V == InOrdered) {
      --Preloaded;
      Ordered.erase(Key);
    }
    return Hashed.erase(H);
  }

  // An existing entity of a warm start: kept in order whatever the reads
  // (the partition manager cuts a warm table's ranges by walking them), and
  // noted by hash when no read visits it, so that a write finds it there.
  void preload(std::string_view Key, std::uint32_t Value) {
    Ordered.assign(Key, Value);
    if (!orders(Key)) {
      std::uint32_t Previous;
      if (!Hashed.exchange(Key, InOrdered, Previous))
        ++Preloaded;
    }
  }

  // Room for Rows existing entities about to be preloaded: those outside
  // the read ranges are noted by hash too, which would grow (and move)
  // its table several times on the way.
  void reserveForPreload(std::size_t Rows) {
    if (Reads)
      Hashed.reserve(Hashed.size() + Rows);
  }

  // Calls Visit(value) for every row once, in no particular order (a
  // read whose answer is a set: ReadRanges.h, answeredBySet).
  template <typename VisitFn> void forEach(VisitFn &&Visit) const {
    for (RowStore::Cursor It = Ordered.begin(); It.valid(); It.next())
      Visit(It.value());
    Hashed.forEach([&Visit](std::uint32_t Value) {
      if (Value != InOrdered)
        Visit(Value);
    });
  }

  // Reads: rows in key order. Outside the read ranges only preloaded rows
  // are there.
  RowStore::Cursor lowerBound(std::string_view Key) const {
    return Ordered.lowerBound(Key);
  }
  RowStore::Cursor begin() const { return Ordered.begin(); }
  std::size_t orderedSize() const { return Ordered.size(); }

private:
  // The value noting a preloaded row that lives in the ordered store.
  static constexpr std::uint32_t InOrdered = 0xffffffffu;
  bool orders(std::string_view Key) const {
    return !Reads || Reads->covers(Key);
  }
  // Room for the rows the run may add, made at the first write the table
  // of hashes takes (after the warm start's rows): one that grows holds
  // its old slots and its new ones at once.
  void reserve() {
    if (Reserved)
      return;
    Reserved = true;
    // A sample's count varies around its share: a tenth more, and the
    // table grows past that as any does.
    const double Kept = static_cast<double>(Reads->NewRowsAtMost) *
                        (Share < 1 ? Share * 1.1 : 1.0);
    Hashed.reserve(Hashed.size() + static_cast<std::size_t>(Kept));
  }

  const TableReads *Reads = nullptr;
  RowStore Ordered;
  HashedRows Hashed;
  std::size_t Preloaded = 0; // entries of Hashed that are InOrdered
  bool Reserved = false;
  double Share = 1;
};

} // namespace tablelint::replay
