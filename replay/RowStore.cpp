// The simulated service's ordered store: a B+tree of entity ids by row key
// whose nodes hold their keys prefix-compressed (see RowStore.h).
#include "replay/RowStore.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace tablelint::replay {

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

namespace {

// Starts loading a node's first Bytes into the cache at once: its header
// (key count, prefix, where its tails are) and its heads, which a search
// reads right after. Loaded one after the other (the header first, then
// the heads it says are there) they were two cache misses in a row on
// every level of a store far larger than the caches.
void prefetchNode(const void *Node, std::size_t Bytes) {
  const char *At = static_cast<const char *>(Node);
  for (std::size_t Offset = 0; Offset < Bytes; Offset += 64)
    __builtin_prefetch(At + Offset);
}

} // namespace

RowStore::Leaf *RowStore::leafFor(std::string_view Key, Inner **Path,
                                  int *Taken, int &Depth) const {
  Node *N = Root;
  Depth = 0;
  if (!N->IsLeaf)
    static_cast<Inner *>(N)->Separators.prefetchHeads();
  while (!N->IsLeaf) {
    auto *I = static_cast<Inner *>(N);
    const int Child = I->Separators.search(Key, true);
    if (Path) {
      Path[Depth] = I;
      Taken[Depth] = Child;
    }
    ++Depth;
    N = I->Children[Child];
    // Before reading the child: a leaf is read whole by an insert (heads,
    // lengths, values); of an inner node, the same bytes hold its heads
    // and the first children.
    prefetchNode(N, sizeof(Leaf));
  }
  return static_cast<Leaf *>(N);
}

const std::uint32_t *RowStore::find(std::string_view Key) const {
  int Depth;
  const Leaf *L = leafFor(Key, nullptr, nullptr, Depth);
  bool Found;
  const int Pos = L->Keys.search(Key, false, &Found);
  return Found ? &L->Values[Pos] : nullptr;
}

std::uint32_t *RowStore::find(std::string_view Key) {
  return const_cast<std::uint32_t *>(std::as_const(*this).find(Key));
}

RowStore::Leaf *RowStore::lastLeaf(Inner **Path, int *Taken,
                                   int &Depth) const {
  Node *N = Root;
  Depth = 0;
  while (!N->IsLeaf) {
    auto *I = static_cast<Inner *>(N);
    const int Child = I->Separators.count();
    Path[Depth] = I;
    Taken[Depth] = Child;
    ++Depth;
    N = I->Children[Child];
  }
  return static_cast<Leaf *>(N);
}

RowStore::Leaf *RowStore::place(std::string_view Key, Inner **Path,
                                int *Taken, int &Depth, int &Pos,
                                bool &Found) {
  if (GreatestKnown && (Size == 0 || Key > std::string_view(Greatest))) {
    Leaf *L = lastLeaf(Path, Taken, Depth);
    Pos = L->Keys.count();
    Found = false;
    return L;
  }
  Leaf *L = leafFor(Key, Path, Taken, Depth);
  L->Keys.prefetchHeads();
  L->Keys.prefetchTails();
  Pos = L->Keys.search(Key, false, &Found);
  return L;
}

bool RowStore::insert(std::string_view Key, std::uint32_t Value) {
  Inner *Path[MaxDepth];
  int Taken[MaxDepth], Depth, Pos;
  bool Found;
  Leaf *L = place(Key, Path, Taken, Depth, Pos, Found);
  if (Found)
    return false;
  insertAt(L, Pos, Key, Value, Path, Taken, Depth);
  return true;
}

void RowStore::assign(std::string_view Key, std::uint32_t Value) {
  std::uint32_t Previous;
  exchange(Key, Value, Previous);
}

bool RowStore::exchange(std::string_view Key, std::uint32_t Value,
                        std::uint32_t &Previous) {
  Inner *Path[MaxDepth];
  int Taken[MaxDepth], Depth, Pos;
  bool Found;
  Leaf *L = place(Key, Path, Taken, Depth, Pos, Found);
  if (Found) {
    Previous = L->Values[Pos];
    L->Values[Pos] = Value;
    return true;
  }
  insertAt(L, Pos, Key, Value, Path, Taken, Depth);
  return false;
}

bool RowStore::erase(std::string_view Key) {
  int Depth;
  Leaf *L = leafFor(Key, nullptr, nullptr, Depth);
  bool Found;
  const int Pos = L->Keys.search(Key, false, &Found);
  if (!Found)
    return false;
  if (GreatestKnown && Key == std::string_view(Greatest))
    GreatestKnown = false;
  L->Keys.erase(Pos);
  std::copy(L->Values + Pos + 1, L->Values + L->Keys.count() + 1,
            L->Values + Pos);
  --Size;
  return true;
}

void RowStore::spill(const KeyBlock &Block, int Pos, std::string_view Key,
                     const KeyBlock *Then) {
  // Offsets first: SpillText may move while it grows.
  std::size_t Ends[2 * KeyBlock::Capacity + 1];
  SpillText.clear();
  int Out = 0;
  bool Placed = false;
  // Pos counts the keys of Block, then those of Then.
  auto Append = [&](const KeyBlock &B, int Base) {
    std::size_t TailAt = 0;
    for (int I = 0; I <= B.count(); ++I) {
      if (Base + I == Pos && !Placed) {
        Placed = true;
        SpillText.append(Key);
        Ends[Out++] = SpillText.size();
      }
      if (I < B.count()) {
        B.appendKey(I, TailAt, SpillText);
        TailAt += B.tailBytes(I);
        Ends[Out++] = SpillText.size();
      }
    }
  };
  Append(Block, 0);
  if (Then)
    Append(*Then, Block.count());
  Spill.clear();
  std::size_t Begin = 0;
  for (int I = 0; I < Out; ++I) {
    Spill.emplace_back(SpillText.data() + Begin, Ends[I] - Begin);
    Begin = Ends[I];
  }
}

void RowStore::take(const KeyBlock &Block, int From, int N) {
  // Offsets first: SpillText may move while it grows.
  std::size_t Ends[KeyBlock::Capacity];
  SpillText.clear();
  std::size_t TailAt = 0;
  for (int I = 0; I < From; ++I)
    TailAt += Block.tailBytes(I);
  for (int I = 0; I < N; ++I) {
    Block.appendKey(From + I, TailAt, SpillText);
    TailAt += Block.tailBytes(From + I);
    Ends[I] = SpillText.size();
  }
  Spill.clear();
  std::size_t Begin = 0;
  for (int I = 0; I < N; ++I) {
    Spill.emplace_back(SpillText.data() + Begin, Ends[I] - Begin);
    Begin = Ends[I];
  }
}

bool RowStore::share(Leaf *L, int Pos, std::string_view Key,
                     std::uint32_t Value, Inner *Parent, int At) {
  // The sibling with the most room, if it has enough to be worth the
  // copy: the two leaves then hold their keys and Key evenly.
  const int Kids = Parent->Separators.count() + 1;
  Leaf *Before =
      At > 0 ? static_cast<Leaf *>(Parent->Children[At - 1]) : nullptr;
  Leaf *After =
      At + 1 < Kids ? static_cast<Leaf *>(Parent->Children[At + 1]) : nullptr;
  auto Room = [](const Leaf *S) {
    return S ? LeafCapacity - S->Keys.count() : 0;
  };
  const bool Left = Room(Before) > Room(After);
  Leaf *Sibling = Left ? Before : After;
  if (Room(Sibling) < ShareMinimumRoom)
    return false;
  // Of the keys of both leaves and Key, in order, the first Keep end in
  // the first leaf and the rest in the second: only the keys that change
  // leaves are moved (a run at L's end or start), then Key is inserted
  // where it belongs.
  const int Count = L->Keys.count(), SiblingCount = Sibling->Keys.count();
  const int Keep = (Count + 1 + SiblingCount + 1) / 2;
  auto InsertInto = [&](Leaf *Into, int At) {
    const int N = Into->Keys.count();
    Into->Keys.insert(At, Key);
    std::copy_backward(Into->Values + At, Into->Values + N,
                       Into->Values + N + 1);
    Into->Values[At] = Value;
  };
  if (Left) {
    // The sibling comes first: it takes L's first keys (and Key when it
    // is among them).
    const int Move = Keep - SiblingCount;
    const bool KeyMoves = Pos < Move;
    const int Moved = KeyMoves ? Move - 1 : Move;
    take(L->Keys, 0, Moved);
    Sibling->Keys.insertRun(SiblingCount, Spill);
    std::copy(L->Values, L->Values + Moved, Sibling->Values + SiblingCount);
    L->Keys.eraseRun(0, Moved);
    std::copy(L->Values + Moved, L->Values + Count, L->Values);
    if (KeyMoves)
      InsertInto(Sibling, SiblingCount + Pos);
    else
      InsertInto(L, Pos - Moved);
  } else {
    // L comes first: the sibling takes L's last keys (and Key when it is
    // among them).
    const int Move = Count + 1 - Keep;
    const bool KeyMoves = Pos >= Keep;
    const int Moved = KeyMoves ? Move - 1 : Move;
    take(L->Keys, Count - Moved, Moved);
    Sibling->Keys.insertRun(0, Spill);
    std::copy_backward(Sibling->Values, Sibling->Values + SiblingCount,
                       Sibling->Values + SiblingCount + Moved);
    std::copy(L->Values + Count - Moved, L->Values + Count, Sibling->Values);
    L->Keys.eraseRun(Count - Moved, Moved);
    if (KeyMoves)
      InsertInto(Sibling, Pos - Keep);
    else
      InsertInto(L, Pos);
  }
  // The separator between the two: the first key of the second.
  const Leaf *Second = Left ? L : Sibling;
  Second->Keys.key(0, SpillText);
  const int Sep = Left ? At - 1 : At;
  Parent->Separators.erase(Sep);
  Parent->Separators.insert(Sep, SpillText);
  return true;
}

void RowStore::insertAt(Leaf *L, int Pos, std::string_view Key,
                        std::uint32_t Value, Inner **Path, int *Taken,
                        int Depth) {
  // Both limits are far beyond what the replay stores (keys of 1 KiB at
  // most): reaching one is a bug, not an input.
  if (Key.size() > MaxKeyBytes)
    throw std::length_error("replay store: key over 64 KiB");
  if (GreatestKnown && (Size == 0 || Key > std::string_view(Greatest)))
    Greatest.assign(Key);
  ++Size;
  const int Count = L->Keys.count();
  if (Count < LeafCapacity) {
    L->Keys.insert(Pos, Key);
    std::copy_backward(L->Values + Pos, L->Values + Count,
                       L->Values + Count + 1);
    L->Values[Pos] = Value;
    return;
  }
  // A key inside a full leaf moves keys to a sibling with room when there
  // is one: random inserts then fill leaves to about four fifths instead
  // of two thirds (the leaves are most of the replay's memory).
  if (Pos < LeafCapacity && Depth > 0 &&
      share(L, Pos, Key, Value, Path[Depth - 1], Taken[Depth - 1]))
    return;
  // Split. A key landing past the end (keys appended in order) starts a
  // new leaf and leaves this one full; otherwise halve.
  Leaf *Right = newLeaf();
  Right->Next = L->Next;
  L->Next = Right;
  std::string Separator;
  if (Pos == LeafCapacity) {
    Right->Keys.insert(0, Key);
    Right->Values[0] = Value;
    Separator = Key;
  } else {
    spill(L->Keys, Pos, Key);
    std::uint32_t Values[LeafCapacity + 1];
    std::copy(L->Values, L->Values + Pos, Values);
    Values[Pos] = Value;
    std::copy(L->Values + Pos, L->Values + LeafCapacity, Values + Pos + 1);
    const int Keep = (LeafCapacity + 1) / 2;
    const std::vector<std::string_view> &All = Spill;
    Part.assign(All.begin() + Keep, All.end());
    Right->Keys.assign(Part);
    Part.assign(All.begin(), All.begin() + Keep);
    L->Keys.assign(Part);
    std::copy(Values, Values + Keep, L->Values);
    std::copy(Values + Keep, Values + LeafCapacity + 1, Right->Values);
    Separator = All[static_cast<std::size_t>(Keep)];
  }

  // Hang Right (keys >= Separator) next to L in its parent, splitting
  // full inner nodes on the way up.
  Node *NewChild = Right;
  while (Depth > 0) {
    Inner *P = Path[Depth - 1];
    const int At = Taken[Depth - 1]; // NewChild goes right of child At
    const int N = P->Separators.count();
    if (N < InnerCapacity) {
      P->Separators.insert(At, Separator);
      std::copy_backward(P->Children + At + 1, P->Children + N + 1,
                         P->Children + N + 2);
      P->Children[At + 1] = NewChild;
      return;
    }
    spill(P->Separators, At, Separator);
    Node *Kids[InnerCapacity + 2];
    std::copy(P->Children, P->Children + At + 1, Kids);
    Kids[At + 1] = NewChild;
    std::copy(P->Children + At + 1, P->Children + InnerCapacity + 1,
              Kids + At + 2);
    const int Mid = (InnerCapacity + 1) / 2;
    Inner *Sibling = newInner();
    const std::vector<std::string_view> &All = Spill;
    Part.assign(All.begin() + Mid + 1, All.end());
    Sibling->Separators.assign(Part);
    Part.assign(All.begin(), All.begin() + Mid);
    P->Separators.assign(Part);
    std::copy(Kids, Kids + Mid + 1, P->Children);
    std::copy(Kids + Mid + 1, Kids + InnerCapacity + 2, Sibling->Children);
    Separator = std::string(All[static_cast<std::size_t>(Mid)]);
    NewChild = Sibling;
    --Depth;
  }
  Inner *NewRoot = newInner();
  NewRoot->Separators.insert(0, Separator);
  NewRoot->Children[0] = Root;
  NewRoot->Children[1] = NewChild;
  Root = NewRoot;
}

std::size_t RowStore::bytes() const {
  std::size_t Bytes = sizeof(*this) +
                      (Leaves.capacity() + Inners.capacity()) * sizeof(void *);
  for (const std::unique_ptr<Leaf> &L : Leaves)
    Bytes += sizeof(Leaf) + L->Keys.heapBytes();
  for (const std::unique_ptr<Inner> &I : Inners)
    Bytes += sizeof(Inner) + I->Separators.heapBytes();
  return Bytes;
}

RowStore::Cursor RowStore::lowerBound(std::string_view Key) const {
  int Depth;
  const Leaf *L = leafFor(Key, nullptr, nullptr, Depth);
  return Cursor(L, L->Keys.search(Key, false));
}

} // namespace tablelint::replay
