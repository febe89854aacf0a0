// The simulated service's ordered store: entity ids by full row key
// (PartitionKey "\0" RowKey), in byte order, as a B+tree written for the
// replay's access pattern. Every node keeps its keys (leaves) or separators
// (inner nodes) inline and prefix-compressed with integer heads
// (replay/KeyBlock.h), so a search reads only the nodes on its path: the
// store is searched millions of times with keys spread over millions of
// entities, where each read outside the path is a cache miss. Leaves are
// linked in key order so a scan walks them in sequence, and a leaf that
// overflows at its end (time-ordered keys appended) stays full instead of
// being halved. Erasing leaves the tree shape as it is (a leaf may become
// empty; cursors skip it).
#pragma once

#include "replay/KeyBlock.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::replay {

class RowStore {
  static constexpr int LeafCapacity = KeyBlock::Capacity;
  static constexpr int InnerCapacity = KeyBlock::Capacity;
  struct Node {
    bool IsLeaf = true;
  };
  struct Leaf : Node {
    KeyBlock Keys;
    std::uint32_t Values[LeafCapacity];
    Leaf *Next = nullptr;
  };
  struct Inner : Node {
    // Child I holds the keys in [Separators[I - 1], Separators[I]).
    KeyBlock Separators;
    Node *Children[InnerCapacity + 1];
  };

public:
  // Longest key stored (the service's keys are at most 1 KiB each).
  static constexpr std::size_t MaxKeyBytes = KeyBlock::MaxKeyBytes;

  RowStore();
  RowStore(RowStore &&) = default;
  RowStore &operator=(RowStore &&) = default;

  std::size_t size() const { return Size; }
  bool empty() const { return Size == 0; }
  std::size_t count(std::string_view Key) const {
    return find(Key) != nullptr ? 1 : 0;
  }
  // The entity stored under Key, or null.
  const std::uint32_t *find(std::string_view Key) const;
  std::uint32_t *find(std::string_view Key);
  // Stores Value under Key when Key is absent; false (store unchanged)
  // when it is present. Keys are at most MaxKeyBytes long.
  bool insert(std::string_view Key, std::uint32_t Value);
  // Stores Value under Key, replacing what was there.
  void assign(std::string_view Key, std::uint32_t Value);
  // The same in one search, telling what was there: true and Previous set
  // when Key was present.
  bool exchange(std::string_view Key, std::uint32_t Value,
                std::uint32_t &Previous);
  // Removes Key; false when it was absent.
  bool erase(std::string_view Key);

  // Bytes the store holds: its nodes and their key heaps (memory tests
  // and accounting; the allocator's own overhead is left out).
  std::size_t bytes() const;

  // A position in key order; valid() is false past the last entity. The
  // view key() returns is valid until the cursor moves.
  class Cursor {
  public:
    bool valid() const { return At != nullptr; }
    std::string_view key() const {
      if (!Built) {
        At->Keys.key(Pos, TailAt, Text);
        Built = true;
      }
      return Text;
    }
    std::uint32_t value() const { return At->Values[Pos]; }
    // The value Ahead positions on when it is in the same leaf (a scan
    // starts loading what it will read next); false when it is not.
    bool valueAhead(int Ahead, std::uint32_t &Out) const {
      if (Pos + Ahead >= At->Keys.count())
        return false;
      Out = At->Values[Pos + Ahead];
      return true;
    }
    void next() {
      TailAt += At->Keys.tailBytes(Pos);
      ++Pos;
      Built = false;
      settle();
    }

  private:
    friend class RowStore;
    Cursor(const Leaf *At, int Pos) : At(At), Pos(Pos) {
      for (int I = 0; I < Pos && I < At->Keys.count(); ++I)
        TailAt += At->Keys.tailBytes(I);
      settle();
    }
    void settle() {
      while (At && Pos >= At->Keys.count()) {
        At = At->Next;
        Pos = 0;
        TailAt = 0;
      }
    }
    const Leaf *At;
    int Pos;
    std::size_t TailAt = 0; // where the tail of key Pos starts in its leaf
    mutable std::string Text; // key() of the current position
    mutable bool Built = false;
  };
  // The first entity whose key is >= Key.
  Cursor lowerBound(std::string_view Key) const;
  Cursor begin() const { return lowerBound(std::string_view()); }

private:
  // Descends to the leaf whose key range holds Key, recording the inner
  // nodes passed and the child taken in each (when Path is given).
  Leaf *leafFor(std::string_view Key, Inner **Path, int *Taken,
                int &Depth) const;
  // The leaf and position where Key is or goes (Found: it is there), with
  // the path as leafFor records it. A key past the greatest goes to the
  // end of the last leaf without a search.
  Leaf *place(std::string_view Key, Inner **Path, int *Taken, int &Depth,
              int &Pos, bool &Found);
  // Descends to the last leaf by the last children, recording the path.
  Leaf *lastLeaf(Inner **Path, int *Taken, int &Depth) const;
  // Adds (Key, Value) at Pos of leaf L, splitting it (and its ancestors)
  // when full.
  void insertAt(Leaf *L, int Pos, std::string_view Key, std::uint32_t Value,
                Inner **Path, int *Taken, int Depth);
  // The keys of Block (then of Then, when given) with Key inserted at Pos,
  // whole, in Spill (views into SpillText).
  void spill(const KeyBlock &Block, int Pos, std::string_view Key,
             const KeyBlock *Then = nullptr);
  // Keys From to From + N - 1 of Block, whole, in Spill (views into
  // SpillText).
  void take(const KeyBlock &Block, int From, int N);
  // Inserts Key at Pos of the full leaf L (child At of Parent) by sharing
  // L's keys with a sibling that has room; false (nothing changed) when
  // neither has enough.
  bool share(Leaf *L, int Pos, std::string_view Key, std::uint32_t Value,
             Inner *Parent, int At);
  // Room a sibling needs for share(): below it, splitting is cheaper than
  // rebalancing again a few inserts later.
  static constexpr int ShareMinimumRoom = 8;
  Leaf *newLeaf();
  Inner *newInner();

  static constexpr int MaxDepth = 32;
  Node *Root = nullptr;
  std::size_t Size = 0;
  // The greatest key stored, while it is known: from the empty store on,
  // until that key is erased. It is always in the last leaf (a split
  // moves the upper keys right, a leaf shares its lower ones), so keys
  // stored in order (a warm start, time-ordered keys) are appended there
  // without searching the tree.
  std::string Greatest;
  bool GreatestKnown = true;
  std::vector<std::unique_ptr<Leaf>> Leaves;
  std::vector<std::unique_ptr<Inner>> Inners;
  // A node's keys while it is split.
  std::string SpillText;
  std::vector<std::string_view> Spill;
  std::vector<std::string_view> Part; // of Spill, for one node
};

} // namespace tablelint::replay
