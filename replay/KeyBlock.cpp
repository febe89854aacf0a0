// Prefix-compressed sorted keys with integer heads (see KeyBlock.h).
#include "replay/KeyBlock.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

namespace tablelint::replay {

namespace {

// Bytes A and B share from the start. Eight at a time, inline: every
// search calls this once per node on its path, with prefixes of 10-48
// bytes, where a call to memcmp cost about as much as the comparison.
std::size_t commonPrefix(const char *A, std::size_t ASize, const char *B,
                         std::size_t BSize) {
  const std::size_t N = std::min(ASize, BSize);
  std::size_t I = 0;
  for (; I + 8 <= N; I += 8) {
    std::uint64_t X, Y;
    std::memcpy(&X, A + I, 8);
    std::memcpy(&Y, B + I, 8);
    if (X != Y)
      break;
  }
  while (I < N && A[I] == B[I])
    ++I;
  return I;
}

// Orders N bytes of A and B as memcmp does (the sign): inline, eight at
// a time, since the tails compared are a few bytes long and a call to
// memcmp cost more than the comparison.
int compareBytes(const char *A, const char *B, std::size_t N) {
  const std::size_t I = commonPrefix(A, N, B, N);
  if (I == N)
    return 0;
  return static_cast<unsigned char>(A[I]) < static_cast<unsigned char>(B[I])
             ? -1
             : 1;
}

// The first of N sorted heads that is >= Head (Above: > Head), or N.
// Without branches on the heads: a search visits a node once, so the
// branches of a binary search were mispredicted half the time.
int firstHead(const std::uint64_t *Heads, int N, std::uint64_t Head,
              bool Above) {
  if (N == 0)
    return 0;
  const std::uint64_t *Base = Heads;
  while (N > 1) {
    const int Half = N / 2;
    const bool Right = Above ? Base[Half] <= Head : Base[Half] < Head;
    Base = Right ? Base + Half : Base;
    N -= Half;
  }
  const bool Past = Above ? *Base <= Head : *Base < Head;
  return static_cast<int>(Base - Heads) + (Past ? 1 : 0);
}

} // namespace

// The first eight bytes, zero-padded, as a big-endian integer: heads
// compare as the bytes do, and two keys whose heads differ are ordered by
// them (a shorter key's padding is below or equal to any byte; equal heads
// are decided by the bytes).
std::uint64_t KeyBlock::headOf(std::string_view Suffix) {
  if (Suffix.size() >= 8) {
    std::uint64_t Word;
    std::memcpy(&Word, Suffix.data(), 8);
    const std::uint16_t Probe = 1;
    unsigned char LittleEndian;
    std::memcpy(&LittleEndian, &Probe, 1);
    return LittleEndian ? __builtin_bswap64(Word) : Word;
  }
  std::uint64_t Head = 0;
  for (std::size_t I = 0; I < 8; ++I)
    Head = (Head << 8) |
           (I < Suffix.size() ? static_cast<unsigned char>(Suffix[I]) : 0u);
  return Head;
}

std::size_t KeyBlock::tailOffset(int I) const {
  std::size_t At = 0;
  for (int J = 0; J < I; ++J)
    At += tailOf(Lengths[J]);
  return At;
}

// Equal heads mean equal first eight bytes, a shorter suffix padded with
// zeros: when both are longer the tails decide, then the lengths (a suffix
// that is a prefix of the other sorts first). TailAt: where the tail of key
// I starts.
int KeyBlock::compareTails(int I, std::size_t TailAt,
                           std::string_view Suffix) const {
  const std::size_t Size = Lengths[I];
  const std::size_t Common = std::min(tailOf(Size), tailOf(Suffix.size()));
  if (Common) {
    const int Cmp =
        compareBytes(Heap.get() + TailAt, Suffix.data() + HeadBytes, Common);
    if (Cmp != 0)
      return Cmp;
  }
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
  // Heads order keys as their bytes do: the keys whose head is below Key's
  // sort before it and those above after it, so only the run of keys with
  // Key's head (the readings of one device in one hour, say) has its
  // tails compared.
  int Low = firstHead(Heads, Count, Head, false);
  if (Low == Count || Heads[Low] != Head)
    return Low;
  int High = Low + firstHead(Heads + Low, Count - Low, Head, true);
  // Where each tail of the run starts.
  std::uint32_t TailAt[Capacity + 1];
  TailAt[0] = 0;
  for (int I = 0; I < High; ++I)
    TailAt[I + 1] = TailAt[I] + static_cast<std::uint32_t>(tailOf(Lengths[I]));
  bool Equal = false;
  while (Low < High) {
    const int Mid = (Low + High) / 2;
    const int Cmp = compareTails(Mid, TailAt[Mid], Suffix);
    if (Cmp < 0 || (Strict && Cmp == 0)) {
      Low = Mid + 1;
    } else {
      High = Mid;
      Equal = Cmp == 0;
    }
  }
  if (Found)
    *Found = Equal;
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
    Bytes += tailOf(Lengths[I] + Moved);
  const std::size_t Capacity = (Bytes + Bytes / 4 + 31) & ~std::size_t(31);
  std::unique_ptr<char[]> Packed(new char[std::max<std::size_t>(Capacity, 1)]);
  std::string Suffix;
  std::size_t OldTail = 0, At = 0;
  for (int I = 0; I < Count; ++I) {
    // The key's suffix under the new prefix: the bytes the prefix gives
    // up, then its old head and tail.
    Suffix.assign(PrefixBytes + NewPrefix, Moved);
    appendSuffix(I, OldTail, Suffix);
    OldTail += tailBytes(I);
    const std::size_t Tail = tailOf(Suffix.size());
    if (Tail)
      std::memcpy(Packed.get() + At, Suffix.data() + HeadBytes, Tail);
    At += Tail;
    Heads[I] = headOf(Suffix);
    Lengths[I] = static_cast<std::uint16_t>(Suffix.size());
  }
  Heap = std::move(Packed);
  HeapCapacity = static_cast<std::uint32_t>(Capacity);
  Prefix = NewPrefix;
  Used = static_cast<std::uint32_t>(At);
}

void KeyBlock::insert(int Pos, std::string_view Key) {
  if (Count == 0) {
    // Alone, the key is all prefix (as far as it fits); the next key cuts
    // the prefix down to what the two share.
    Used = 0;
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
  const std::size_t Tail = tailOf(Suffix.size());
  const std::size_t TailAt = tailOffset(Pos);
  if (Tail) {
    reserve(Tail);
    std::memmove(Heap.get() + TailAt + Tail, Heap.get() + TailAt,
                 Used - TailAt);
  }
  std::copy_backward(Heads + Pos, Heads + Count, Heads + Count + 1);
  std::copy_backward(Lengths + Pos, Lengths + Count, Lengths + Count + 1);
  put(Pos, Suffix, TailAt);
  ++Count;
}

void KeyBlock::insertRun(int Pos, const std::vector<std::string_view> &Keys) {
  if (Keys.empty())
    return;
  if (Count == 0) {
    assign(Keys);
    return;
  }
  // Every key of the block, old and new, must start with the prefix.
  std::uint32_t Shared = Prefix;
  for (std::string_view K : Keys)
    Shared = std::min(Shared, static_cast<std::uint32_t>(commonPrefix(
                                  K.data(), K.size(), PrefixBytes, Shared)));
  if (Shared < Prefix)
    repack(Shared);
  std::size_t Tails = 0;
  for (std::string_view K : Keys)
    Tails += tailOf(K.size() - Prefix);
  const std::size_t TailAt = tailOffset(Pos);
  const auto N = static_cast<int>(Keys.size());
  if (Tails) {
    reserve(Tails);
    std::memmove(Heap.get() + TailAt + Tails, Heap.get() + TailAt,
                 Used - TailAt);
  }
  std::copy_backward(Heads + Pos, Heads + Count, Heads + Count + N);
  std::copy_backward(Lengths + Pos, Lengths + Count, Lengths + Count + N);
  std::size_t At = TailAt;
  for (int I = 0; I < N; ++I) {
    const std::string_view Suffix = Keys[static_cast<std::size_t>(I)].substr(Prefix);
    put(Pos + I, Suffix, At);
    At += tailOf(Suffix.size());
  }
  Count += N;
}

void KeyBlock::eraseRun(int Pos, int N) {
  if (N <= 0)
    return;
  const std::size_t TailAt = tailOffset(Pos);
  std::size_t Tails = 0;
  for (int I = Pos; I < Pos + N; ++I)
    Tails += tailOf(Lengths[I]);
  if (Tails) {
    std::memmove(Heap.get() + TailAt, Heap.get() + TailAt + Tails,
                 Used - TailAt - Tails);
    Used -= static_cast<std::uint32_t>(Tails);
  }
  std::copy(Heads + Pos + N, Heads + Count, Heads + Pos);
  std::copy(Lengths + Pos + N, Lengths + Count, Lengths + Pos);
  Count -= N;
  if (Count == 0)
    Prefix = Used = 0;
}

void KeyBlock::put(int Pos, std::string_view Suffix, std::size_t TailAt) {
  const std::size_t Tail = tailOf(Suffix.size());
  if (Tail)
    std::memcpy(Heap.get() + TailAt, Suffix.data() + HeadBytes, Tail);
  Heads[Pos] = headOf(Suffix);
  Lengths[Pos] = static_cast<std::uint16_t>(Suffix.size());
  Used += static_cast<std::uint32_t>(Tail);
}

void KeyBlock::erase(int Pos) {
  const std::size_t Tail = tailBytes(Pos);
  if (Tail) {
    const std::size_t TailAt = tailOffset(Pos);
    std::memmove(Heap.get() + TailAt, Heap.get() + TailAt + Tail,
                 Used - TailAt - Tail);
    Used -= static_cast<std::uint32_t>(Tail);
  }
  std::copy(Heads + Pos + 1, Heads + Count, Heads + Pos);
  std::copy(Lengths + Pos + 1, Lengths + Count, Lengths + Pos);
  --Count;
  if (Count == 0)
    Prefix = Used = 0;
}

void KeyBlock::appendKey(int I, std::size_t TailAt, std::string &Out) const {
  Out.append(PrefixBytes, Prefix);
  appendSuffix(I, TailAt, Out);
}

void KeyBlock::appendSuffix(int I, std::size_t TailAt,
                            std::string &Out) const {
  const std::size_t Size = Lengths[I];
  char Head[HeadBytes];
  for (std::size_t B = 0; B < HeadBytes; ++B)
    Head[B] = static_cast<char>(Heads[I] >> (8 * (HeadBytes - 1 - B)));
  Out.append(Head, std::min(Size, HeadBytes));
  if (Size > HeadBytes)
    Out.append(Heap.get() + TailAt, Size - HeadBytes);
}

void KeyBlock::assign(const std::vector<std::string_view> &Keys) {
  Count = 0;
  Prefix = Used = 0;
  if (Keys.empty())
    return;
  // Sorted: what the first and the last share, all share.
  const std::string_view First = Keys.front(), Last = Keys.back();
  const auto Common = static_cast<std::uint32_t>(std::min<std::size_t>(
      commonPrefix(First.data(), First.size(), Last.data(), Last.size()),
      MaxPrefix));
  std::size_t Bytes = 0;
  for (std::string_view K : Keys)
    Bytes += tailOf(K.size() - Common);
  if (Bytes > HeapCapacity) {
    const std::size_t Capacity = (Bytes + Bytes / 4 + 31) & ~std::size_t(31);
    Heap.reset(new char[Capacity]);
    HeapCapacity = static_cast<std::uint32_t>(Capacity);
  }
  if (Common)
    std::memcpy(PrefixBytes, First.data(), Common);
  Prefix = Common;
  for (std::string_view K : Keys)
    put(Count++, K.substr(Common), Used);
}

} // namespace tablelint::replay
