// Rows that no read of the replay visits: which keys a table holds and the
// entity under each, without their order. A write of such a row still has
// to be judged by the service's rules (an insert of a present row is 409, an
// update of a missing one 404), so its presence is kept, but an ordered
// store (replay/RowStore.h) would spend a chain of dependent loads on an
// order nothing reads: here a write is one probe of an open-addressing table.
//
// A key is kept as a 96-bit hash, not its bytes: 16 bytes per slot with
// its entity. Two keys of one table with the same hash would be taken for
// one row; for a billion rows the chance of that is about 10^-11.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string_view>
#include <sys/mman.h>
#include <utility>

namespace tablelint::replay {

class HashedRows {
public:
  struct Hash {
    std::uint64_t A = 0; // never 0 (0 marks an empty slot)
    std::uint32_t B = 0;
  };

  static Hash hashOf(std::string_view Key) {
    // Two lanes of multiply-xorshift over 8-byte words, each finished by a
    // full avalanche; the length is mixed in so that a key and the same key
    // with trailing NULs differ.
    std::uint64_t A = 0x243f6a8885a308d3ULL ^ Key.size();
    std::uint64_t B = 0x13198a2e03707344ULL + Key.size() * 0x9e3779b97f4a7c15ULL;
    auto Mix = [&A, &B](std::uint64_t Word) {
      A = (A ^ Word) * 0xff51afd7ed558ccdULL;
      A ^= A >> 32;
      B = (B + Word) * 0xc4ceb9fe1a85ec53ULL;
      B ^= B >> 29;
    };
    std::size_t I = 0;
    for (; I + 8 <= Key.size(); I += 8) {
      std::uint64_t Word;
      std::memcpy(&Word, Key.data() + I, 8);
      Mix(Word);
    }
    if (I < Key.size()) {
      std::uint64_t Word = 0;
      std::memcpy(&Word, Key.data() + I, Key.size() - I);
      Mix(Word);
    }
    A = finish(A);
    return {A ? A : 1, static_cast<std::uint32_t>(finish(B ^ 0xa0761d6478bd642fULL))};
  }

  HashedRows() = default;
  HashedRows(HashedRows &&O) noexcept { *this = std::move(O); }
  HashedRows &operator=(HashedRows &&O) noexcept {
    if (this != &O) {
      release(Slots, Capacity);
      Slots = O.Slots;
      Capacity = O.Capacity;
      Count = O.Count;
      O.Slots = nullptr;
      O.Capacity = O.Count = 0;
    }
    return *this;
  }
  HashedRows(const HashedRows &) = delete;
  HashedRows &operator=(const HashedRows &) = delete;
  ~HashedRows() { release(Slots, Capacity); }

  // Room for N rows without growing: a table that grows holds its old
  // slots and its new ones at once, half as many again as it ends with.
  void reserve(std::size_t N) {
    const std::size_t Needed = (N + 1) * 8 / MaxLoadEighths + 1;
    if (Needed > Capacity)
      resize(Needed);
  }

  std::size_t size() const { return Count; }
  std::size_t bytes() const { return Capacity * sizeof(Slot); }
  // The table doubles when more than this many eighths of it are used.
  // An insert of a new key probes about 32 slots (eight cache lines, read
  // in sequence) at that load, but a table reserved for its rows (RowSet)
  // gets there only with its last ones: filling one from empty probes
  // about 4.5 slots an insert on average, measured 4% more time an insert
  // than with 6 eighths, for 18.3 bytes a row instead of 21.3.
  static constexpr std::size_t MaxLoadEighths = 7;

  // The entity stored under Key, or null.
  // Each operation also takes the key's hash (hashOf), for a caller that
  // looks a key up before it changes it.
  std::uint32_t *find(std::string_view Key) { return find(hashOf(Key)); }
  std::uint32_t *find(const Hash &H) {
    const std::size_t At = indexOf(H);
    return At < Capacity ? &Slots[At].Value : nullptr;
  }
  bool contains(std::string_view Key) const {
    return indexOf(hashOf(Key)) < Capacity;
  }
  // Stores Value under Key when Key is absent; false when present.
  bool insert(std::string_view Key, std::uint32_t Value) {
    return insert(hashOf(Key), Value);
  }
  bool insert(const Hash &H, std::uint32_t Value) {
    bool Added = false;
    Slot &S = slotFor(H, Added);
    if (Added)
      S.Value = Value;
    return Added;
  }
  // Stores Value under Key; true and Previous set when Key was present.
  bool exchange(std::string_view Key, std::uint32_t Value,
                std::uint32_t &Previous) {
    return exchange(hashOf(Key), Value, Previous);
  }
  bool exchange(const Hash &H, std::uint32_t Value, std::uint32_t &Previous) {
    bool Added = false;
    Slot &S = slotFor(H, Added, &Previous);
    S.Value = Value;
    return !Added;
  }
  // Calls Visit(value) for every row, in no particular order.
  template <typename VisitFn> void forEach(VisitFn &&Visit) const {
    if (!Count)
      return;
    for (std::size_t I = 0; I < Capacity; ++I)
      if (Slots[I].A)
        Visit(Slots[I].Value);
  }
  // Removes Key; false when it was absent.
  bool erase(std::string_view Key) { return erase(hashOf(Key)); }
  bool erase(const Hash &H) {
    std::size_t At = indexOf(H);
    if (At == Capacity)
      return false;
    // Backward shift: the entries after the hole that would be found
    // before it move into it, so no tombstone is left.
    for (std::size_t Next = next(At);; Next = next(Next)) {
      Slot &N = Slots[Next];
      if (!N.A)
        break;
      const std::size_t Home = home(N.A);
      // N stays when its home lies cyclically in (At, Next].
      const bool Stays = At < Next ? (Home > At && Home <= Next)
                                   : (Home > At || Home <= Next);
      if (Stays)
        continue;
      Slots[At] = N;
      At = Next;
    }
    Slots[At].A = 0;
    --Count;
    return true;
  }

private:
  // Trivial, so that a new table is zeroed pages the system hands out.
  struct Slot {
    std::uint64_t A; // Hash::A; 0: empty
    std::uint32_t B; // Hash::B
    std::uint32_t Value;
  };

  static std::uint64_t finish(std::uint64_t X) {
    X ^= X >> 33;
    X *= 0xff51afd7ed558ccdULL;
    X ^= X >> 33;
    X *= 0xc4ceb9fe1a85ec53ULL;
    X ^= X >> 33;
    return X;
  }

  // Where H is stored; Capacity when it is not.
  std::size_t indexOf(const Hash &H) const {
    if (!Count)
      return Capacity;
    for (std::size_t At = home(H.A);; At = next(At)) {
      const Slot &S = Slots[At];
      if (!S.A)
        return Capacity;
      if (S.A == H.A && S.B == H.B)
        return At;
    }
  }

  // The slot of H, claimed (Added) when H is new; a present slot's value
  // goes to Previous when given.
  Slot &slotFor(const Hash &H, bool &Added, std::uint32_t *Previous = nullptr) {
    if ((Count + 1) * 8 > Capacity * MaxLoadEighths)
      resize(Capacity ? Capacity * 2 : 64);
    for (std::size_t At = home(H.A);; At = next(At)) {
      Slot &S = Slots[At];
      if (!S.A) {
        S.A = H.A;
        S.B = H.B;
        ++Count;
        Added = true;
        return S;
      }
      if (S.A == H.A && S.B == H.B) {
        if (Previous)
          *Previous = S.Value;
        return S;
      }
    }
  }

  // A slot's first place: the hash scaled to the capacity (any capacity,
  // so that a reserved table is no larger than it needs).
  std::size_t home(std::uint64_t A) const {
    return static_cast<std::size_t>(
        (static_cast<unsigned __int128>(A) * Capacity) >> 64);
  }
  std::size_t next(std::size_t At) const {
    return At + 1 == Capacity ? 0 : At + 1;
  }

  void resize(std::size_t NewCapacity) {
    const std::size_t Old = Capacity;
    Slot *Was = Slots;
    Capacity = NewCapacity;
    Slots = allocate(Capacity);
    for (std::size_t I = 0; I < Old; ++I) {
      if (!Was[I].A)
        continue;
      std::size_t At = home(Was[I].A);
      while (Slots[At].A)
        At = next(At);
      Slots[At] = Was[I];
    }
    release(Was, Old);
  }

  // Zeroed slots. A large table is mapped from the system and given back
  // when it grows: taken from the heap, the tables a growing one leaves
  // behind stayed in the process's memory (the allocator keeps freed
  // blocks of up to 32 MB for reuse).
  static constexpr std::size_t MappedBytes = std::size_t(1) << 20;
  static Slot *allocate(std::size_t N) {
    const std::size_t Bytes = N * sizeof(Slot);
    void *P = nullptr;
    if (Bytes >= MappedBytes) {
      P = ::mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (P == MAP_FAILED)
        P = nullptr;
#ifdef MADV_HUGEPAGE
      else // fewer TLB misses for probes spread over the whole table
        ::madvise(P, Bytes, MADV_HUGEPAGE);
#endif
    } else {
      P = std::calloc(N, sizeof(Slot));
    }
    if (!P)
      throw std::bad_alloc();
    return static_cast<Slot *>(P);
  }
  static void release(Slot *P, std::size_t N) {
    if (!P)
      return;
    if (N * sizeof(Slot) >= MappedBytes)
      ::munmap(P, N * sizeof(Slot));
    else
      std::free(P);
  }

  Slot *Slots = nullptr;
  std::size_t Capacity = 0, Count = 0;
};

} // namespace tablelint::replay
