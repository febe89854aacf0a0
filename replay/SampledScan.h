// How much of one stored entity a query page reads. A table modelled larger
// than the replay holds keeps a uniform sample of its existing entities,
// each standing for Weight real ones (Workload::weight): a page reads them
// as that many entities, against its scan limit (MaxPageServerSeconds) and
// its page size, and may end inside one, the next page going on from there.
//
// Where the matches are (the estimator). Read one by one, the sample would
// put a sampled entity's Weight real entities in one block: all of them
// matching or none. A scan that stops early (a `top`, a page's size) would
// then read, before its first match under a filter matching a fraction d
// of the entities, about (1 - d) / d non-matching sampled entities of
// Weight real ones each, where the service reads about top / d real
// entities: a 1% filter with `top: 200` over a sample of weight 62,000
// would cost six million entities instead of twenty thousand.
//
// So the sampled entities are read in stretches: from where the read is
// up to and including the StretchMatches-th matching one (or the range's
// end). The sampled entities of the range are a uniform sample, so the
// sampled entities a stretch spans estimate how many real entities lie
// between as many real matches. The stretch's Matches real matches (the
// matching entities' weights) are spread evenly over its Real real
// entities: reading the first r of them yields floor(r * Matches / Real)
// matches, each of them one of the matching entities, in key order. Read
// whole, a stretch costs and yields exactly what its entities would one by
// one, so scans that read everything (no `top`, no early stop) keep their
// totals. A stretch with no match (the range ends first) yields nothing.
//
// Why several matches. With k matches, a stretch of n sampled entities
// (n counts trials up to the k-th success of a filter matching a
// fraction d) reads t * n / k sampled entities' worth for its first t
// matches: unbiased for t / d, what the service reads. But a page stopped
// by its scan limit reads a fixed r and yields r * k / n, whose mean is
// r * d * k / (k - 1): with one match (k = 1) it is about ln(1 / d) times
// too many (7 for a 0.1% filter; seeds of a 10M-entity table gave 2.6
// times on average), as a short gap to the first sampled match makes the
// whole read look dense. Sixteen keep that bias near 7% and still see a
// change of density within about 16 / d sampled entities.
// Entities written during the run (weight 1) are read one by one as they
// are and do not end a stretch.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace tablelint::replay {

// Matching sampled entities a stretch reaches for.
inline constexpr unsigned StretchMatches = 16;

// A stretch of sampled entities in a query's key order, found once by
// looking ahead and kept in the query's cursor while pages read it.
struct SampledStretch {
  bool Active = false;
  std::string Last;          // store key of its last entity
  std::uint64_t Real = 0;    // real entities: the sum of the weights
  std::uint64_t Matches = 0; // the matching entities' weights; 0: none
  std::uint64_t Read = 0;    // of Real, what pages have read so far
  // The matching entities in key order, each with the matches of the
  // stretch up to and including its own (the last one's Through: Matches).
  struct Match {
    std::uint32_t Entity = 0, KeyChars = 0;
    std::uint64_t Through = 0;
  };
  std::vector<Match> Found;

  // Calls Take(Match, N) for the matches From .. To-1 of the stretch
  // (0-based, in its order), grouped by the entity they belong to.
  template <typename Fn>
  void forEachMatch(std::uint64_t From, std::uint64_t To, Fn &&Take) const {
    for (const Match &M : Found) {
      if (From >= To)
        return;
      if (From >= M.Through)
        continue;
      const std::uint64_t Upto = std::min(To, M.Through);
      Take(M, Upto - From);
      From = Upto;
    }
  }

  // Matches among the first R real entities.
  std::uint64_t matchesIn(std::uint64_t R) const {
    if (Matches == 0)
      return 0;
    if (R >= Real)
      return Matches;
    return static_cast<std::uint64_t>(static_cast<unsigned __int128>(R) *
                                      Matches / Real);
  }
  // Real entities to read, from Read on, for Want more matches (at least
  // 1); past the stretch's end if it has fewer.
  std::uint64_t readFor(std::uint64_t Want) const {
    if (Matches == 0)
      return Real - std::min(Read, Real) + 1;
    const unsigned __int128 Target =
        static_cast<unsigned __int128>(matchesIn(Read)) + Want;
    if (Target > Matches)
      return Real - std::min(Read, Real) + 1;
    // The least R with floor(R * Matches / Real) >= Target.
    const unsigned __int128 R = (Target * Real + Matches - 1) / Matches;
    return static_cast<std::uint64_t>(R) - Read;
  }
};

struct ScanStep {
  std::uint64_t Take = 1;  // real entities read
  std::uint64_t Yield = 0; // of the stretch's matches, those they found
  std::uint64_t YieldFrom = 0; // the stretch's matches read before them
  bool Partial = false;    // the page ends inside this entity
};

// Reading a sampled entity of the cursor's stretch S (Weight > 1), of
// which earlier pages read Consumed; ScanRoom and ReturnRoom: what the
// page may still scan and return (both at least 1). Advances S.Read.
inline ScanStep sampledScanStep(SampledStretch &S, std::uint64_t Weight,
                                std::uint64_t Consumed, std::uint64_t ScanRoom,
                                std::uint64_t ReturnRoom) {
  ScanStep Step;
  const std::uint64_t Left = Weight - std::min(Consumed, Weight - 1);
  Step.Take = std::min({Left, ScanRoom, S.readFor(ReturnRoom)});
  Step.YieldFrom = S.matchesIn(S.Read);
  Step.Yield = S.matchesIn(S.Read + Step.Take) - Step.YieldFrom;
  S.Read += Step.Take;
  Step.Partial = Step.Take < Left;
  return Step;
}

} // namespace tablelint::replay
