// Prefix-compressed sorted keys with integer heads (see KeyBlock.h).
#include "replay/KeyBlock.h"

#include <algorithm>
#include <cstring>

namespace tablelint::replay {

namespace {

// Bytes A and B share from the start.
std::size_t commonPrefix(const char *A, std::size_t ASize, const char *B,
                         std::size_t BSize) {
  const std::size_t N = std::min(ASize, BSize);
  if (std::memcmp(A, B, N) == 0)
    return N;
  std::size_t I = 0;
  while (A[I] == B[I])
    ++I;
  return I;
}

} // namespace

// The first eight bytes, zero-padded, as a big-endian integer: heads
// compare as the bytes do, and two keys whose heads differ are ordered by
// them (a shorter key's padding is below or equal to any byte; equal heads
// are decided by the bytes).
std::uint64_t KeyBlock::headOf(std::string_view Suffix) {
  std::uint64_t Head = 0;
  for (std::size_t I = 0; I < 8; ++I)
    Head = (Head << 8) |
           (I < Suffix.size() ? static_cast<unsigned char>(Suffix[I]) : 0u);
  return Head;
}

int KeyBlock::compareSuffix(int I, std::string_view Suffix) const {
  const std::size_t Size = Lengths[I];
  const int Cmp = std::memcmp(Heap.get() + Offsets[I], Suffix.data(),
                              std::min(Size, Suffix.size()));
  if (Cmp != 0)
    return Cmp;
  return Size < Suffix.size() ? -1 : Size > Suffix.size() ? 1 : 0;
}

int KeyBlock::search(std::string_view Key, bool Strict, bool *Found) const {
  if (Found)
    *Found = false;
  if (Count == 0)
    return 0;
  const std::size_t Common =
      commonPrefix(Key.data(), Key.size(), PrefixBytes, Prefix);
  if (Common < Prefix) {
    // Key leaves the block's prefix at byte Common: it sorts before every
    // key of the block or after every one.
    const bool Before =
        Common == Key.size() ||
        static_cast<unsigned char>(Key[Common]) <
            static_cast<unsigned char>(PrefixBytes[Common]);
    return Before ? 0 : Count;
  }
  const std::string_view Suffix = Key.substr(Prefix);
  const std::uint64_t Head = headOf(Suffix);
  int Low = 0, High = Count;
  bool Equal = false;
  while (Low < High) {
    const int Mid = (Low + High) / 2;
    const int Cmp = Heads[Mid] != Head ? (Heads[Mid] < Head ? -1 : 1)
                                       : compareSuffix(Mid, Suffix);
    if (Cmp < 0 || (Strict && Cmp == 0)) {
      Low = Mid + 1;
    } else {
      High = Mid;
      Equal = Cmp == 0;
    }
  }
  if (Found)
    *Found = Low < Count && Equal;
  return Low;
}

void KeyBlock::reserve(std::size_t Extra) {
  if (Used + Extra <= HeapCapacity)
    return;
  // Grow by half (a block fills over many inserts), rounded to 32 bytes.
  std::size_t Want = std::max<std::size_t>(Used + Extra, HeapCapacity * 3 / 2);
  Want = (Want + 31) & ~std::size_t(31);
  std::unique_ptr<char[]> Grown(new char[Want]);
  if (Used)
    std::memcpy(Grown.get(), Heap.get(), Used);
  Heap = std::move(Grown);
  HeapCapacity = static_cast<std::uint32_t>(Want);
}

void KeyBlock::repack(std::uint32_t NewPrefix) {
  const std::uint32_t Moved = Prefix - NewPrefix; // bytes each suffix gains
  std::size_t Bytes = 0;
  for (int I = 0; I < Count; ++I)
    Bytes += Lengths[I] + Moved;
  const std::size_t Capacity = (Bytes + Bytes / 4 + 31) & ~std::size_t(31);
  std::unique_ptr<char[]> Packed(new char[std::max<std::size_t>(Capacity, 1)]);
  std::uint32_t At = 0;
  for (int I = 0; I < Count; ++I) {
    char *Out = Packed.get() + At;
    std::memcpy(Out, PrefixBytes + NewPrefix, Moved);
    if (Lengths[I])
      std::memcpy(Out + Moved, Heap.get() + Offsets[I], Lengths[I]);
    Offsets[I] = At;
    Lengths[I] = static_cast<std::uint16_t>(Lengths[I] + Moved);
    Heads[I] = headOf(std::string_view(Out, Lengths[I]));
    At += Lengths[I];
  }
  Heap = std::move(Packed);
  HeapCapacity = static_cast<std::uint32_t>(Capacity);
  Prefix = NewPrefix;
  Used = At;
  Garbage = 0;
}

void KeyBlock::insert(int Pos, std::string_view Key) {
  if (Count == 0) {
    // Alone, the key is all prefix (as far as it fits); the next key cuts
    // the prefix down to what the two share.
    Used = Garbage = 0;
    Prefix = static_cast<std::uint32_t>(
        std::min<std::size_t>(Key.size(), MaxPrefix));
    if (Prefix)
      std::memcpy(PrefixBytes, Key.data(), Prefix);
  } else {
    const std::size_t Common =
        commonPrefix(Key.data(), Key.size(), PrefixBytes, Prefix);
    if (Common < Prefix)
      repack(static_cast<std::uint32_t>(Common));
  }
  const std::string_view Suffix = Key.substr(Prefix);
  reserve(Suffix.size());
  std::copy_backward(Heads + Pos, Heads + Count, Heads + Count + 1);
  std::copy_backward(Offsets + Pos, Offsets + Count, Offsets + Count + 1);
  std::copy_backward(Lengths + Pos, Lengths + Count, Lengths + Count + 1);
  put(Pos, Suffix);
  ++Count;
}

void KeyBlock::put(int Pos, std::string_view Suffix) {
  if (!Suffix.empty())
    std::memcpy(Heap.get() + Used, Suffix.data(), Suffix.size());
  Heads[Pos] = headOf(Suffix);
  Offsets[Pos] = Used;
  Lengths[Pos] = static_cast<std::uint16_t>(Suffix.size());
  Used += static_cast<std::uint32_t>(Suffix.size());
}

void KeyBlock::erase(int Pos) {
  Garbage += Lengths[Pos];
  std::copy(Heads + Pos + 1, Heads + Count, Heads + Pos);
  std::copy(Offsets + Pos + 1, Offsets + Count, Offsets + Pos);
  std::copy(Lengths + Pos + 1, Lengths + Count, Lengths + Pos);
  --Count;
  if (Count == 0) {
    Prefix = Used = Garbage = 0;
    return;
  }
  if (Garbage > 64 && 2 * Garbage > Used)
    repack(Prefix);
}

void KeyBlock::key(int I, std::string &Out) const {
  Out.clear();
  appendKey(I, Out);
}

void KeyBlock::appendKey(int I, std::string &Out) const {
  Out.append(PrefixBytes, Prefix);
  Out.append(Heap.get() + Offsets[I], Lengths[I]);
}

void KeyBlock::assign(const std::vector<std::string_view> &Keys) {
  Count = 0;
  Prefix = Used = Garbage = 0;
  if (Keys.empty())
    return;
  // Sorted: what the first and the last share, all share.
  const std::string_view First = Keys.front(), Last = Keys.back();
  const auto Common = static_cast<std::uint32_t>(std::min<std::size_t>(
      commonPrefix(First.data(), First.size(), Last.data(), Last.size()),
      MaxPrefix));
  std::size_t Bytes = 0;
  for (std::string_view K : Keys)
    Bytes += K.size() - Common;
  if (Bytes > HeapCapacity) {
    const std::size_t Capacity = (Bytes + Bytes / 4 + 31) & ~std::size_t(31);
    Heap.reset(new char[Capacity]);
    HeapCapacity = static_cast<std::uint32_t>(Capacity);
  }
  if (Common)
    std::memcpy(PrefixBytes, First.data(), Common);
  Prefix = Common;
  for (std::string_view K : Keys)
    put(Count++, K.substr(Common));
}

} // namespace tablelint::replay
