// Packed per-family code columns of the workload's entities (see
// EntityCodes.h).
#include "replay/EntityCodes.h"

#include <algorithm>
#include <stdexcept>

namespace tablelint::replay {

std::uint32_t EntityCodes::add(std::uint32_t Family, std::uint32_t Properties) {
  if (Family >= Families.size())
    Families.resize(Family + 1);
  Columns &C = Families[Family];
  if (C.Data.empty()) { // the family's first entity
    C.Properties = Properties;
    C.Open.assign(std::size_t(ChunkRows) * Properties, 0);
    C.Data.assign(8, 0);
  }
  if (C.Rows == (C.Sealed + 1) * ChunkRows)
    seal(C);
  const std::uint32_t Row = C.Rows++;
  std::fill_n(C.Open.begin() + std::size_t(Row % ChunkRows) * C.Properties,
              C.Properties, 0);
  Slots.push_back({Family, Row});
  return static_cast<std::uint32_t>(Slots.size() - 1);
}

void EntityCodes::set(std::uint32_t Entity, std::uint32_t Property,
                      std::uint64_t Code) {
  const Slot S = Slots[Entity];
  Columns &C = Families[S.Family];
  // Generation writes an entity's codes before its family moves on; a
  // write to a packed chunk is a bug, not an input.
  if (S.Row / ChunkRows != C.Sealed)
    throw std::logic_error("replay workload: a packed entity was rewritten");
  C.Open[(S.Row % ChunkRows) * C.Properties + Property] = Code;
}

void EntityCodes::seal(Columns &C) {
  for (std::uint32_t P = 0; P < C.Properties; ++P) {
    std::uint64_t Low = ~std::uint64_t(0), High = 0;
    for (std::uint32_t R = 0; R < ChunkRows; ++R) {
      const std::uint64_t V = C.Open[R * C.Properties + P];
      Low = std::min(Low, V);
      High = std::max(High, V);
    }
    unsigned Width = 0;
    for (std::uint64_t Span = High - Low; Span; Span >>= 8)
      ++Width;
    const std::size_t At = C.Data.size() - 8; // over the spare bytes
    C.Data.resize(At + std::size_t(ChunkRows) * Width + 8, 0);
    for (std::uint32_t R = 0; R < ChunkRows; ++R) {
      const std::uint64_t Offset = C.Open[R * C.Properties + P] - Low;
      for (unsigned B = 0; B < Width; ++B)
        C.Data[At + R * Width + B] =
            static_cast<unsigned char>(Offset >> (8 * B));
    }
    C.Chunks.push_back({Low, (std::uint64_t(At) << 8) | Width});
  }
  ++C.Sealed;
}

std::size_t EntityCodes::bytes() const {
  std::size_t Bytes = Slots.capacity() * sizeof(Slot);
  for (const Columns &C : Families)
    Bytes += C.Open.capacity() * 8 + C.Chunks.capacity() * sizeof(Packed) +
             C.Data.capacity();
  return Bytes;
}

} // namespace tablelint::replay
