// The simulated service's ordered store: entity ids by full row key
// (PartitionKey "\0" RowKey), in byte order, as a B+tree written for the
// replay's access pattern. Keys are copied once into an arena (no
// allocation per operation once a leaf has room) and nodes refer to them by
// a 4-byte reference (a 16-byte string_view per slot was a fifth of the
// memory per stored entity), leaves are contiguous
// arrays linked in key order so a scan walks memory in sequence, and a
// leaf that overflows at its end (time-ordered keys appended) stays full
// instead of being halved. Erasing leaves the tree shape as it is (a leaf
// may become empty; cursors skip it); the key's bytes stay in the arena.
#pragma once

#include <cstdint>
#include <cstring>
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
  // Arena reference: chunk index (high 16 bits) and the key's offset in
  // 2-byte units (low 16 bits); the key is stored after a 2-byte length,
  // padded to an even size.
  using KeyRef = std::uint32_t;
  static constexpr std::size_t ChunkBytes = std::size_t(1) << 17;
  static constexpr int LeafCapacity = 64;
  static constexpr int InnerCapacity = 64;
  struct Node {
    bool IsLeaf = true;
    int Count = 0; // keys (leaf) or separators (inner)
  };
  struct Leaf : Node {
    KeyRef Keys[LeafCapacity];
    std::uint32_t Values[LeafCapacity];
    Leaf *Next = nullptr;
  };
  struct Inner : Node {
    // Child I holds the keys in [Separators[I - 1], Separators[I]).
    KeyRef Separators[InnerCapacity];
    Node *Children[InnerCapacity + 1];
  };

public:
  // Longest key stored (the service's keys are at most 1 KiB each).
  static constexpr std::size_t MaxKeyBytes = 65535;

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

  // A position in key order; valid() is false past the last entity.
  class Cursor {
  public:
    bool valid() const { return At != nullptr; }
    std::string_view key() const { return Store->view(At->Keys[Pos]); }
    std::uint32_t value() const { return At->Values[Pos]; }
    void next() {
      ++Pos;
      settle();
    }

  private:
    friend class RowStore;
    Cursor(const RowStore *Store, const Leaf *At, int Pos)
        : Store(Store), At(At), Pos(Pos) {
      settle();
    }
    void settle() {
      while (At && Pos >= At->Count) {
        At = At->Next;
        Pos = 0;
      }
    }
    const RowStore *Store;
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
  void insertAt(Leaf *L, int Pos, KeyRef Key, std::uint32_t Value,
                Inner **Path, int *Taken, int Depth);
  KeyRef intern(std::string_view Key);
  std::string_view view(KeyRef Ref) const {
    const char *At = Chunks[Ref >> 16].get() + 2 * std::size_t(Ref & 0xffff);
    std::uint16_t Size;
    std::memcpy(&Size, At, 2);
    return std::string_view(At + 2, Size);
  }
  // Index of the first of N sorted keys that is > Key (Strict) or >= Key;
  // Found tells whether that key equals Key.
  int search(const KeyRef *Keys, int N, std::string_view Key, bool Strict,
             detail::KeyBounds &B, bool *Found = nullptr) const;
  Leaf *newLeaf();
  Inner *newInner();

  static constexpr int MaxDepth = 32;
  Node *Root = nullptr;
  std::size_t Size = 0;
  std::vector<std::unique_ptr<Leaf>> Leaves;
  std::vector<std::unique_ptr<Inner>> Inners;
  std::vector<std::unique_ptr<char[]>> Chunks;
  std::size_t ChunkUsed = ChunkBytes; // bytes used in the last chunk
};

} // namespace tablelint::replay
