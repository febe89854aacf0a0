// Up to KeyBlock::Capacity byte-string keys in order, stored the way the
// replay's keys compress: they share long prefixes (PartitionKey, NUL, a
// RowKey prefix such as "deviceId-"), so the prefix every key of the block
// shares is stored once and each key keeps only its suffix. Each key has
// an 8-byte head (the first bytes of its suffix, big-endian), so a search
// compares integers in one small array and reads further bytes only when
// two heads are equal; the prefix (up to MaxPrefix bytes) is kept in the
// block itself, so a search reads nothing else of the block as long as
// heads differ (the store this replaced followed a pointer into a shared
// arena at every comparison: a cache miss each). What a head does not hold
// (a suffix's tail, past its eighth byte) lies in a heap of the block's
// own, the tails one after the other in key order: a tail's place is the
// sum of the lengths before it, so no per-key offset is stored (memory per
// stored entity is the replay's limit on a laptop).
//
// The nodes of RowStore (replay/RowStore.h) hold their keys (leaves) and
// separators (inner nodes) in one.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tablelint::replay {

class KeyBlock {
public:
  static constexpr int Capacity = 64;
  // Longest key a block holds.
  static constexpr std::size_t MaxKeyBytes = 65535;
  // Longest prefix kept (a longer shared prefix is partly repeated in the
  // suffixes).
  static constexpr std::uint32_t MaxPrefix = 48;

  int count() const { return Count; }

  // Index of the first key that is > Key (Strict) or >= Key; Found (when
  // given) tells whether that key equals Key.
  int search(std::string_view Key, bool Strict, bool *Found = nullptr) const;

  // Inserts Key at Pos (keys stay in order: the caller searched for Pos).
  // Count() < Capacity.
  void insert(int Pos, std::string_view Key);
  void erase(int Pos);
  // The same for a run of keys: Keys (in order, each between the keys
  // around Pos) inserted at Pos, count() + Keys.size() <= Capacity; and
  // the N keys from Pos on erased. A leaf sharing its keys with a sibling
  // moves a few keys this way instead of rewriting both blocks.
  void insertRun(int Pos, const std::vector<std::string_view> &Keys);
  void eraseRun(int Pos, int N);

  // Key number I, whole (prefix and suffix), into Out.
  void key(int I, std::string &Out) const { key(I, tailOffset(I), Out); }
  void appendKey(int I, std::string &Out) const {
    appendKey(I, tailOffset(I), Out);
  }
  // The same when the caller walks the keys in order and knows where the
  // tail of key I starts: the sum of tailBytes() of the keys before it.
  void key(int I, std::size_t TailAt, std::string &Out) const {
    Out.clear();
    appendKey(I, TailAt, Out);
  }
  void appendKey(int I, std::size_t TailAt, std::string &Out) const;
  std::size_t tailBytes(int I) const { return tailOf(Lengths[I]); }

  // Replaces the block's keys with Keys (in order, at most Capacity).
  void assign(const std::vector<std::string_view> &Keys);

  // Start loading the heads (that a search halves, each step waiting for
  // the last) or the tails (that an insert moves after its key, and that
  // a search tying on heads reads) into the cache at once: the store is
  // far larger than the caches, and loads issued together wait together.
  void prefetchHeads() const {
    for (int I = 0; I < Count; I += 8)
      __builtin_prefetch(Heads + I);
  }
  void prefetchTails() const {
    for (std::uint32_t At = 0; At < Used; At += 64)
      __builtin_prefetch(Heap.get() + At);
  }

  // Heap bytes held (memory accounting).
  std::size_t heapBytes() const { return HeapCapacity; }

  // The first eight bytes of Suffix, zero-padded, as a big-endian integer:
  // two texts whose heads differ are ordered by them (also used by
  // replay/ReadRanges.h).
  static std::uint64_t headOf(std::string_view Suffix);

private:
  static constexpr std::size_t HeadBytes = 8;
  static std::size_t tailOf(std::size_t SuffixBytes) {
    return SuffixBytes > HeadBytes ? SuffixBytes - HeadBytes : 0;
  }
  // The suffix of key I (head and tail), its tail at TailAt.
  void appendSuffix(int I, std::size_t TailAt, std::string &Out) const;
  // Where the tail of key I starts in the heap.
  std::size_t tailOffset(int I) const;
  // Compares the suffix of key I, whose tail starts at TailAt, with
  // Suffix, their heads being equal.
  int compareTails(int I, std::size_t TailAt, std::string_view Suffix) const;
  // Writes Suffix as key Pos, its tail at TailAt (heap room reserved, the
  // tails from TailAt on moved out of the way).
  void put(int Pos, std::string_view Suffix, std::size_t TailAt);
  // Room for Extra more heap bytes.
  void reserve(std::size_t Extra);
  // Rewrites the block with a shorter prefix (a key outside the current
  // one arrives).
  void repack(std::uint32_t NewPrefix);

  int Count = 0;
  std::uint32_t Prefix = 0;  // bytes every key starts with: PrefixBytes
  std::uint32_t Used = 0; // heap bytes written
  std::uint32_t HeapCapacity = 0;
  char PrefixBytes[MaxPrefix];
  std::unique_ptr<char[]> Heap; // tails, in key order
  std::uint64_t Heads[Capacity];
  std::uint16_t Lengths[Capacity]; // of each suffix (head and tail)
};

} // namespace tablelint::replay
