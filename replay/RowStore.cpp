// The simulated service's ordered store: a B+tree of entity ids by row key
// with arena-held keys and linked leaves (see RowStore.h).
#include "replay/RowStore.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace tablelint::replay {

namespace {

// Keys share long prefixes (the PartitionKey, a NUL, a RowKey prefix), so
// comparing them from the first byte is most of a lookup. A search keeps
// how many leading bytes Key shares with the keys bounding the part still
// searched (Bounds: below, above); every key between two bounds shares the
// shorter of the two prefixes with Key, so comparisons start after it. The
// bounds carry down the tree: a child's keys lie between the separators
// around it.
using Bounds = detail::KeyBounds;

// Compares Stored with Key from byte Skip on; sets Common to the bytes the
// two share.
int compareFrom(std::string_view Stored, std::string_view Key, std::size_t Skip,
                std::size_t &Common) {
  const std::size_t N = std::min(Stored.size(), Key.size());
  std::size_t I = Skip;
  while (I < N && Stored[I] == Key[I])
    ++I;
  Common = I;
  if (I < N)
    return static_cast<unsigned char>(Stored[I]) <
                   static_cast<unsigned char>(Key[I])
               ? -1
               : 1;
  return Stored.size() < Key.size() ? -1 : Stored.size() > Key.size() ? 1 : 0;
}

} // namespace

// Index of the first of N sorted keys that is > Key (inner nodes, Strict)
// or >= Key (leaves); Found tells whether Keys[result] == Key (leaves).
int RowStore::search(const KeyRef *Keys, int N, std::string_view Key,
                     bool Strict, Bounds &B, bool *Found) const {
  int Low = 0, High = N;
  bool Equal = false;
  while (Low < High) {
    const int Mid = (Low + High) / 2;
    std::size_t Common;
    const int Cmp =
        compareFrom(view(Keys[Mid]), Key, std::min(B.Below, B.Above), Common);
    if (Cmp < 0 || (Strict && Cmp == 0)) {
      Low = Mid + 1;
      B.Below = Common;
    } else {
      High = Mid;
      B.Above = Common;
      Equal = Cmp == 0;
    }
  }
  if (Found)
    *Found = Low < N && Equal;
  return Low;
}

RowStore::RowStore() { Root = newLeaf(); }

RowStore::Leaf *RowStore::newLeaf() {
  Leaves.push_back(std::make_unique<Leaf>());
  return Leaves.back().get();
}

RowStore::Inner *RowStore::newInner() {
  Inners.push_back(std::make_unique<Inner>());
  Inners.back()->IsLeaf = false;
  return Inners.back().get();
}

RowStore::KeyRef RowStore::intern(std::string_view Key) {
  const std::size_t Bytes = (2 + Key.size() + 1) & ~std::size_t(1); // even
  // Both limits are far beyond what the replay stores (keys of 1 KiB at
  // most, 100 million operations): reaching one is a bug, not an input.
  if (Key.size() > MaxKeyBytes)
    throw std::length_error("replay store: key over 64 KiB");
  if (ChunkUsed + Bytes > ChunkBytes) {
    if (Chunks.size() >= (std::size_t(1) << 16))
      throw std::length_error("replay store: over 8 GiB of keys");
    Chunks.push_back(std::make_unique<char[]>(ChunkBytes));
    ChunkUsed = 0;
  }
  char *At = Chunks.back().get() + ChunkUsed;
  const auto Size = static_cast<std::uint16_t>(Key.size());
  std::memcpy(At, &Size, 2);
  if (!Key.empty())
    std::memcpy(At + 2, Key.data(), Key.size());
  const auto Ref = static_cast<KeyRef>(((Chunks.size() - 1) << 16) |
                                       (ChunkUsed / 2));
  ChunkUsed += Bytes;
  return Ref;
}

RowStore::Leaf *RowStore::leafFor(std::string_view Key, Inner **Path,
                                  int *Taken, int &Depth, Bounds &B) const {
  Node *N = Root;
  Depth = 0;
  while (!N->IsLeaf) {
    auto *I = static_cast<Inner *>(N);
    const int Child = search(I->Separators, I->Count, Key, true, B);
    if (Path) {
      Path[Depth] = I;
      Taken[Depth] = Child;
    }
    ++Depth;
    N = I->Children[Child];
  }
  return static_cast<Leaf *>(N);
}

const std::uint32_t *RowStore::find(std::string_view Key) const {
  int Depth;
  Bounds B;
  const Leaf *L = leafFor(Key, nullptr, nullptr, Depth, B);
  bool Found;
  const int Pos = search(L->Keys, L->Count, Key, false, B, &Found);
  return Found ? &L->Values[Pos] : nullptr;
}

std::uint32_t *RowStore::find(std::string_view Key) {
  return const_cast<std::uint32_t *>(std::as_const(*this).find(Key));
}

bool RowStore::insert(std::string_view Key, std::uint32_t Value) {
  Inner *Path[MaxDepth];
  int Taken[MaxDepth], Depth;
  Bounds B;
  Leaf *L = leafFor(Key, Path, Taken, Depth, B);
  bool Found;
  const int Pos = search(L->Keys, L->Count, Key, false, B, &Found);
  if (Found)
    return false;
  insertAt(L, Pos, intern(Key), Value, Path, Taken, Depth);
  return true;
}

void RowStore::assign(std::string_view Key, std::uint32_t Value) {
  std::uint32_t Previous;
  exchange(Key, Value, Previous);
}

bool RowStore::exchange(std::string_view Key, std::uint32_t Value,
                        std::uint32_t &Previous) {
  Inner *Path[MaxDepth];
  int Taken[MaxDepth], Depth;
  Bounds B;
  Leaf *L = leafFor(Key, Path, Taken, Depth, B);
  bool Found;
  const int Pos = search(L->Keys, L->Count, Key, false, B, &Found);
  if (Found) {
    Previous = L->Values[Pos];
    L->Values[Pos] = Value;
    return true;
  }
  insertAt(L, Pos, intern(Key), Value, Path, Taken, Depth);
  return false;
}

bool RowStore::erase(std::string_view Key) {
  int Depth;
  Bounds B;
  Leaf *L = leafFor(Key, nullptr, nullptr, Depth, B);
  bool Found;
  const int Pos = search(L->Keys, L->Count, Key, false, B, &Found);
  if (!Found)
    return false;
  std::copy(L->Keys + Pos + 1, L->Keys + L->Count, L->Keys + Pos);
  std::copy(L->Values + Pos + 1, L->Values + L->Count, L->Values + Pos);
  --L->Count;
  --Size;
  return true;
}

void RowStore::insertAt(Leaf *L, int Pos, KeyRef Key, std::uint32_t Value,
                        Inner **Path, int *Taken, int Depth) {
  ++Size;
  auto Put = [](Leaf *Into, int At, KeyRef K, std::uint32_t V) {
    std::copy_backward(Into->Keys + At, Into->Keys + Into->Count,
                       Into->Keys + Into->Count + 1);
    std::copy_backward(Into->Values + At, Into->Values + Into->Count,
                       Into->Values + Into->Count + 1);
    Into->Keys[At] = K;
    Into->Values[At] = V;
    ++Into->Count;
  };
  if (L->Count < LeafCapacity) {
    Put(L, Pos, Key, Value);
    return;
  }
  // Split. A key landing past the end (keys appended in order) starts a
  // new leaf and leaves this one full; otherwise halve.
  Leaf *Right = newLeaf();
  const int Keep = Pos == LeafCapacity ? LeafCapacity : LeafCapacity / 2;
  Right->Count = LeafCapacity - Keep;
  std::copy(L->Keys + Keep, L->Keys + LeafCapacity, Right->Keys);
  std::copy(L->Values + Keep, L->Values + LeafCapacity, Right->Values);
  L->Count = Keep;
  Right->Next = L->Next;
  L->Next = Right;
  if (Pos >= Keep)
    Put(Right, Pos - Keep, Key, Value);
  else
    Put(L, Pos, Key, Value);

  // Hang Right (keys >= Separator) next to L in its parent, splitting
  // full inner nodes on the way up.
  KeyRef Separator = Right->Keys[0];
  Node *NewChild = Right;
  while (Depth > 0) {
    Inner *P = Path[Depth - 1];
    const int At = Taken[Depth - 1]; // NewChild goes right of child At
    if (P->Count < InnerCapacity) {
      std::copy_backward(P->Separators + At, P->Separators + P->Count,
                         P->Separators + P->Count + 1);
      std::copy_backward(P->Children + At + 1, P->Children + P->Count + 1,
                         P->Children + P->Count + 2);
      P->Separators[At] = Separator;
      P->Children[At + 1] = NewChild;
      ++P->Count;
      return;
    }
    KeyRef Seps[InnerCapacity + 1];
    Node *Kids[InnerCapacity + 2];
    std::copy(P->Separators, P->Separators + At, Seps);
    Seps[At] = Separator;
    std::copy(P->Separators + At, P->Separators + InnerCapacity, Seps + At + 1);
    std::copy(P->Children, P->Children + At + 1, Kids);
    Kids[At + 1] = NewChild;
    std::copy(P->Children + At + 1, P->Children + InnerCapacity + 1,
              Kids + At + 2);
    const int Mid = (InnerCapacity + 1) / 2;
    Inner *Sibling = newInner();
    P->Count = Mid;
    std::copy(Seps, Seps + Mid, P->Separators);
    std::copy(Kids, Kids + Mid + 1, P->Children);
    Sibling->Count = InnerCapacity - Mid;
    std::copy(Seps + Mid + 1, Seps + InnerCapacity + 1, Sibling->Separators);
    std::copy(Kids + Mid + 1, Kids + InnerCapacity + 2, Sibling->Children);
    Separator = Seps[Mid];
    NewChild = Sibling;
    --Depth;
  }
  Inner *NewRoot = newInner();
  NewRoot->Count = 1;
  NewRoot->Separators[0] = Separator;
  NewRoot->Children[0] = Root;
  NewRoot->Children[1] = NewChild;
  Root = NewRoot;
}

RowStore::Cursor RowStore::lowerBound(std::string_view Key) const {
  int Depth;
  Bounds B;
  const Leaf *L = leafFor(Key, nullptr, nullptr, Depth, B);
  return Cursor(this, L, search(L->Keys, L->Count, Key, false, B));
}

} // namespace tablelint::replay
