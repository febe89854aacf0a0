// The property codes of the workload's logical entities (one 64-bit code
// per property: replay/Workload.h), held column by column per family in
// chunks of ChunkRows entities, each column of a chunk as a base and
// offsets of the fewest whole bytes that hold them (frame of reference).
//
// A replay of a day at 6,000 writes/s holds hundreds of millions of
// entities, and their codes are mostly close to their neighbours': a
// datetime that grows with time, a counter, an index into a small domain,
// a value-list entry. Eight bytes a code were about two fifths of the
// demo's memory per stored entity; packed, the demo's five codes take about
// ten bytes.
//
// Codes are written while an entity is generated: only the entities of its
// family's last, unsealed chunk (the newest ones) can be written; a chunk is
// packed when its family's next entity is added past it.
//
// Which family an entity is of, and its row there, is kept per window of
// WindowIds consecutive ids: a window whose ids are all of one family (the
// rule when one table's writes dominate, as the demo's readings do) is one
// family and the row of its first id, 8 bytes for 64 entities; only a
// window where families interleave spells out a family and row per id.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace tablelint::replay {

class EntityCodes {
public:
  static constexpr std::uint32_t ChunkRows = 64;
  static constexpr std::uint32_t WindowIds = 64;

  // A new entity of Family (whose entities have Properties codes each),
  // its codes 0; its id (ids count from 0 in the order of adding).
  std::uint32_t add(std::uint32_t Family, std::uint32_t Properties);
  void reserve(std::size_t Entities) {
    Windows.reserve(Entities / WindowIds + 1);
  }
  std::size_t size() const { return Count; }
  std::uint32_t familyOf(std::uint32_t Entity) const {
    return slot(Entity).Family;
  }

  // Starts loading where Entity's codes are found (its slot: only a
  // shared window's, since a window of one family is its slot, and the
  // window table is small enough to stay cached) into the cache, without
  // waiting for it; then, once the slot is loaded, the start of its codes
  // (the chunk's column heads, or its open row).
  void prefetch(std::uint32_t Entity) const {
    if (Entity >= Count)
      return;
    const Slot &W = Windows[Entity / WindowIds];
    if (W.Family == MixedWindow)
      __builtin_prefetch(&Mixed[W.Row + Entity % WindowIds]);
  }
  void prefetchCodes(std::uint32_t Entity) const {
    if (Entity >= Count)
      return;
    const Slot S = slot(Entity);
    const Columns &C = Families[S.Family];
    const std::uint32_t Chunk = S.Row / ChunkRows, Row = S.Row % ChunkRows;
    if (Chunk == C.Sealed)
      __builtin_prefetch(C.Open.data() + std::size_t(Row) * C.Properties);
    else
      __builtin_prefetch(C.Chunks.data() + std::size_t(Chunk) * C.Properties);
  }

  std::uint64_t get(std::uint32_t Entity, std::uint32_t Property) const {
    const Slot S = slot(Entity);
    const Columns &C = Families[S.Family];
    const std::uint32_t Chunk = S.Row / ChunkRows, Row = S.Row % ChunkRows;
    if (Chunk == C.Sealed)
      return C.Open[Row * C.Properties + Property];
    const Packed &P = C.Chunks[std::size_t(Chunk) * C.Properties + Property];
    const unsigned Width = static_cast<unsigned>(P.At & 0xff);
    if (Width == 0)
      return P.Base;
    std::uint64_t Offset;
    // Bytes are little-endian; Data ends with 8 spare bytes, so reading a
    // whole word past a narrow offset stays inside it.
    std::memcpy(&Offset, C.Data.data() + (P.At >> 8) + Row * Width, 8);
    if (Width < 8)
      Offset &= (std::uint64_t(1) << (8 * Width)) - 1;
    return P.Base + littleEndian(Offset);
  }
  // Entity must be one of the newest of its family (its chunk unsealed).
  void set(std::uint32_t Entity, std::uint32_t Property, std::uint64_t Code);

  // Bytes held (memory accounting and tests).
  std::size_t bytes() const;

private:
  struct Slot {
    std::uint32_t Family, Row;
  };
  // A window's slot stands for its WindowIds consecutive ids: all of
  // Family, rows from Row on; or, when Family is MixedWindow, their slots
  // spelled out in Mixed from Row on.
  static constexpr std::uint32_t MixedWindow = 0xffffffffu;
  Slot slot(std::uint32_t Entity) const {
    const Slot W = Windows[Entity / WindowIds];
    if (W.Family != MixedWindow)
      return {W.Family, W.Row + Entity % WindowIds};
    return Mixed[W.Row + Entity % WindowIds];
  }
  struct Packed {
    std::uint64_t Base;
    std::uint64_t At; // byte offset in Data << 8 | width in bytes (0-8)
  };
  struct Columns {
    std::uint32_t Properties = 0;
    std::uint32_t Rows = 0;
    std::uint32_t Sealed = 0;        // chunks packed; the next is Open
    std::vector<std::uint64_t> Open; // ChunkRows x Properties, row-major
    std::vector<Packed> Chunks;      // Sealed x Properties
    std::vector<unsigned char> Data; // packed offsets, then 8 spare bytes
  };
  static std::uint64_t littleEndian(std::uint64_t V) {
    const std::uint16_t Probe = 1;
    unsigned char First;
    std::memcpy(&First, &Probe, 1);
    return First ? V : __builtin_bswap64(V);
  }
  void seal(Columns &C);

  std::uint32_t Count = 0; // entities added
  std::vector<Slot> Windows; // one per WindowIds ids
  std::vector<Slot> Mixed;
  std::vector<Columns> Families;
};

} // namespace tablelint::replay
