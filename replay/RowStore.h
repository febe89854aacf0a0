// The simulated service's ordered store: entity ids by full row key
// (PartitionKey "\0" RowKey), in byte order, as a B+tree written for the
// replay's access pattern. Keys are copied once into an arena (no
// allocation per operation once a leaf has room), leaves are contiguous
// arrays linked in key order so a scan walks memory in sequence, and a
// leaf that overflows at its end (time-ordered keys appended) stays full
// instead of being halved. Erasing leaves the tree shape as it is (a leaf
// may become empty; cursors skip it); the key's bytes stay in the arena.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

namespace tablelint::replay {

namespace detail {
// How many leading bytes a searched key shares with the stored keys that
// bound the part of the tree still searched (RowStore.cpp).
struct KeyBounds {
  std::size_t Below = 0, Above = 0;
};
} // namespace detail

class RowStore {
  static constexpr int LeafCapacity = 64;
  static constexpr int InnerCapacity = 64;
  struct Node {
    bool IsLeaf = true;
    int Count = 0; // keys (leaf) or separators (inner)
  };
  struct Leaf : Node {
    std::string_view Keys[LeafCapacity];
    std::uint32_t Values[LeafCapacity];
    Leaf *Next = nullptr;
  };
  struct Inner : Node {
    // Child I holds the keys in [Separators[I - 1], Separators[I]).
    std::string_view Separators[InnerCapacity];
    Node *Children[InnerCapacity + 1];
  };

public:
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
  // when it is present.
  bool insert(std::string_view Key, std::uint32_t Value);
  // Stores Value under Key, replacing what was there.
  void assign(std::string_view Key, std::uint32_t Value);
  // The same in one search, telling what was there: true and Previous set
  // when Key was present.
  bool exchange(std::string_view Key, std::uint32_t Value,
                std::uint32_t &Previous);
  // Removes Key; false when it was absent.
  bool erase(std::string_view Key);

  // A position in key order; valid() is false past the last entity.
  class Cursor {
  public:
    bool valid() const { return At != nullptr; }
    std::string_view key() const { return At->Keys[Pos]; }
    std::uint32_t value() const { return At->Values[Pos]; }
    void next() {
      ++Pos;
      settle();
    }

  private:
    friend class RowStore;
    Cursor(const Leaf *At, int Pos) : At(At), Pos(Pos) { settle(); }
    void settle() {
      while (At && Pos >= At->Count) {
        At = At->Next;
        Pos = 0;
      }
    }
    const Leaf *At;
    int Pos;
  };
  // The first entity whose key is >= Key.
  Cursor lowerBound(std::string_view Key) const;
  Cursor begin() const { return lowerBound(std::string_view()); }

private:
  // Descends to the leaf whose key range holds Key, recording the inner
  // nodes passed and the child taken in each (when Path is given).
  Leaf *leafFor(std::string_view Key, Inner **Path, int *Taken, int &Depth,
                detail::KeyBounds &B) const;
  // Adds (Key, Value) at Pos of leaf L, splitting it (and its ancestors)
  // when full.
  void insertAt(Leaf *L, int Pos, std::string_view Key, std::uint32_t Value,
                Inner **Path, int *Taken, int Depth);
  std::string_view intern(std::string_view Key);
  Leaf *newLeaf();
  Inner *newInner();

  static constexpr int MaxDepth = 32;
  Node *Root = nullptr;
  std::size_t Size = 0;
  std::vector<std::unique_ptr<Leaf>> Leaves;
  std::vector<std::unique_ptr<Inner>> Inners;
  std::vector<std::unique_ptr<char[]>> Chunks;
  char *ChunkAt = nullptr;
  std::size_t ChunkLeft = 0;
};

} // namespace tablelint::replay
