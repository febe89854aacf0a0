// The workload's packed entity codes (replay/EntityCodes.h): every code
// reads back as written whatever its width (constant columns, small
// domains, clocks, full 64-bit values), across families added in any
// interleaving, in packed chunks and in the newest, unpacked one; packed
// entities cannot be rewritten; a family's runs of ids, long or short,
// keep their rows; and a demo-shaped family takes a fraction of eight bytes
// a code, next to nothing for its family and row.
#include "replay/EntityCodes.h"

#include "replay/Random.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace tablelint::replay {
namespace {

TEST(EntityCodes, EveryCodeReadsBackAcrossFamiliesAndWidths) {
  EntityCodes C;
  Rng R(11);
  // Family 0: constant, 50,000-value domain, clock, full-range; family 1:
  // one property near the top of the 64-bit range; family 2: none.
  const std::uint32_t Properties[] = {4, 1, 0};
  std::vector<std::vector<std::uint64_t>> Written;
  std::vector<std::uint32_t> FamilyOf;
  std::uint64_t Clock = 638712864000000000ULL;
  for (std::uint32_t I = 0; I < 20000; ++I) {
    const auto Family = static_cast<std::uint32_t>(R.below(3));
    const std::uint32_t E = C.add(Family, Properties[Family]);
    ASSERT_EQ(E, I);
    std::vector<std::uint64_t> Codes;
    if (Family == 0) {
      Clock += R.below(20000);
      Codes = {7, R.below(50000), Clock, R.next()};
    } else if (Family == 1) {
      Codes = {~std::uint64_t(0) - R.below(3)};
    }
    for (std::uint32_t P = 0; P < Codes.size(); ++P)
      C.set(E, P, Codes[P]);
    Written.push_back(Codes);
    FamilyOf.push_back(Family);
  }
  ASSERT_EQ(C.size(), Written.size());
  for (std::uint32_t E = 0; E < Written.size(); ++E) {
    ASSERT_EQ(C.familyOf(E), FamilyOf[E]);
    for (std::uint32_t P = 0; P < Written[E].size(); ++P)
      ASSERT_EQ(C.get(E, P), Written[E][P]) << "entity " << E << " code " << P;
  }
}

TEST(EntityCodes, RunsOfOneFamilyInAndAcrossWindowsKeepTheirRows) {
  // Runs of one family from 1 to 3 windows long, starting anywhere in a
  // window: windows all of one family, windows a new family enters at
  // any offset, and a family back after others.
  EntityCodes C;
  Rng R(5);
  std::vector<std::uint32_t> FamilyOf;
  std::vector<std::uint64_t> Code;
  std::uint32_t Next[3] = {0, 0, 0};
  while (FamilyOf.size() < 30000) {
    const auto Family = static_cast<std::uint32_t>(R.below(3));
    const std::uint64_t Run =
        1 + R.below(R.below(2) ? 4 : 3 * EntityCodes::WindowIds);
    for (std::uint64_t I = 0; I < Run; ++I) {
      const std::uint32_t E = C.add(Family, 1);
      ASSERT_EQ(E, FamilyOf.size());
      // The family's own count: a row read from the wrong family, or a
      // row off by one inside a window, reads back another value.
      const std::uint64_t V = (std::uint64_t(Family) << 32) | Next[Family]++;
      C.set(E, 0, V);
      FamilyOf.push_back(Family);
      Code.push_back(V);
    }
  }
  for (std::uint32_t E = 0; E < FamilyOf.size(); ++E) {
    ASSERT_EQ(C.familyOf(E), FamilyOf[E]) << "entity " << E;
    ASSERT_EQ(C.get(E, 0), Code[E]) << "entity " << E;
  }
}

TEST(EntityCodes, OnlyTheNewestEntitiesOfAFamilyCanBeWritten) {
  EntityCodes C;
  const std::uint32_t First = C.add(0, 2);
  C.set(First, 1, 42); // its chunk is still open
  for (std::uint32_t I = 1; I < EntityCodes::ChunkRows; ++I)
    C.add(0, 2);
  const std::uint32_t Other = C.add(1, 2); // another family packs nothing
  C.set(First, 0, 5);
  const std::uint32_t Next = C.add(0, 2); // packs the first chunk
  EXPECT_THROW(C.set(First, 0, 6), std::logic_error);
  C.set(Next, 0, 9);
  C.set(Other, 1, 3);
  EXPECT_EQ(C.get(First, 0), 5u);
  EXPECT_EQ(C.get(First, 1), 42u);
  EXPECT_EQ(C.get(Next, 0), 9u);
  EXPECT_EQ(C.get(Other, 1), 3u);
}

TEST(EntityCodes, DemoShapedEntitiesTakeAFractionOfEightBytesACode) {
  // The telemetry demo's readings: a device id of 50,000, a reading time
  // growing at 6,000 entities/s, a status of three, a counter-valued
  // double and a counter payload: about ten bytes for the five codes (more
  // with the packed bytes' room to grow), and an eighth of a byte for the
  // entity's family and row (one window of 64 ids), against 52 unpacked
  // (and eight for the family and row before windows).
  EntityCodes C;
  Rng R(3);
  const std::uint32_t Entities = 200000;
  C.reserve(Entities);
  for (std::uint32_t I = 0; I < Entities; ++I) {
    const std::uint32_t E = C.add(0, 5);
    C.set(E, 0, R.below(50000));
    C.set(E, 1, 638712864000000000ULL + I * 1667ULL);
    C.set(E, 2, (1ULL << 63) | R.below(3));
    C.set(E, 3, 0x4270000000000000ULL + (std::uint64_t(I) << 12));
    C.set(E, 4, (1ULL << 40) + I);
  }
  EXPECT_LT(static_cast<double>(C.bytes()) / Entities, 16.0);
}

} // namespace
} // namespace tablelint::replay
