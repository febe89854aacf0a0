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
  const std::uint32_t Id = Count++;
  const std::uint32_t Offset = Id % WindowIds;
  if (Offset == 0) {
    Windows.push_back({Family, Row});
    return Id;
  }
  // A window all of one family stays so while that family goes on: its
  // rows are consecutive, since only its own ids take them.
  Slot &W = Windows.back();
  if (W.Family == Family)
    return Id;
  if (W.Family != MixedWindow) { // another family: spell the window out
    const auto At = static_cast<std::uint32_t>(Mixed.size());
    Mixed.resize(std::size_t(At) + WindowIds);
    for (std::uint32_t I = 0; I < Offset; ++I)
      Mixed[At + I] = {W.Family, W.Row + I};
    W = {MixedWindow, At};
  }
  Mixed[W.Row + Offset] = {Family, Row};
  return Id;
}

void EntityCodes::set(std::uint32_t Entity, std::uint32_t Property,
                      std::uint64_t Code) {
  const Slot S = slot(Entity);
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
  std::size_t Bytes =
      Windows.capacity() * sizeof(Slot) + Mixed.capacity() * sizeof(Slot);
  for (const Columns &C : Families)
    Bytes += C.Open.capacity() * 8 + C.Chunks.capacity() * sizeof(Packed) +
             C.Data.capacity();
  return Bytes;
}

} // namespace tablelint::replay
