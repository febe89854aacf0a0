// How much of one stored entity a query page reads. A table modelled larger
// than the replay holds keeps a uniform sample of its existing entities,
// each standing for Weight real ones (Workload::weight): a page reads them
// as that many entities, against its scan limit (MaxPageServerSeconds) and
// its page size, and may end inside one, the next page going on from there.
#pragma once

#include <algorithm>
#include <cstdint>

namespace tablelint::replay {

struct ScanStep {
  std::uint64_t Take = 1; // real entities read (returned too, if a match)
  bool Partial = false;   // the page ends inside this entity
};

// Consumed: of this entity, what earlier pages read; ScanRoom and
// ReturnRoom: what the page may still scan and return (both at least 1).
inline ScanStep scanStep(std::uint64_t Weight, std::uint64_t Consumed,
                         bool Match, std::uint64_t ScanRoom,
                         std::uint64_t ReturnRoom) {
  ScanStep S;
  if (Weight <= 1)
    return S;
  const std::uint64_t Left = Weight - std::min(Consumed, Weight - 1);
  S.Take = std::min(Left, ScanRoom);
  if (Match)
    S.Take = std::min(S.Take, ReturnRoom);
  S.Partial = S.Take < Left;
  return S;
}

} // namespace tablelint::replay
