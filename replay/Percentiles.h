// Nearest-rank percentiles of latencies kept sorted per operation, for one
// operation or for all of them together. The whole run's percentiles are
// read by walking the per-operation lists in merged order rather than from
// a second copy of every latency (four bytes per operation replayed).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace tablelint::replay {

// 1-based nearest rank of percentile P among Count values (0: none).
inline std::size_t nearestRank(double P, std::size_t Count) {
  if (Count == 0)
    return 0;
  const auto Rank =
      static_cast<std::size_t>(std::ceil(P * static_cast<double>(Count)));
  return std::min(Count, std::max<std::size_t>(Rank, 1));
}

inline double percentile(const std::vector<float> &Sorted, double P) {
  const std::size_t Rank = nearestRank(P, Sorted.size());
  return Rank ? Sorted[Rank - 1] : 0;
}

// Percentiles Ps (ascending) of the union of the sorted lists, and its
// largest value (0 when all are empty).
template <std::size_t N>
std::pair<std::array<double, N>, double>
mergedPercentiles(const std::vector<std::vector<float>> &SortedLists,
                  const std::array<double, N> &Ps) {
  std::size_t Count = 0;
  float Largest = 0;
  for (const std::vector<float> &L : SortedLists)
    if (!L.empty()) {
      Count += L.size();
      Largest = std::max(Largest, L.back());
    }
  std::array<double, N> Out{};
  std::array<std::size_t, N> Ranks{};
  for (std::size_t I = 0; I < N; ++I)
    Ranks[I] = nearestRank(Ps[I], Count);
  using Head = std::pair<float, std::size_t>; // value, list
  std::priority_queue<Head, std::vector<Head>, std::greater<Head>> Heads;
  std::vector<std::size_t> Next(SortedLists.size(), 0);
  for (std::size_t L = 0; L < SortedLists.size(); ++L)
    if (!SortedLists[L].empty())
      Heads.push({SortedLists[L][0], L});
  std::size_t Taken = 0, Want = 0;
  while (Want < N && !Heads.empty()) {
    const auto [Value, L] = Heads.top();
    Heads.pop();
    ++Taken;
    while (Want < N && Ranks[Want] == Taken)
      Out[Want++] = Value;
    if (++Next[L] < SortedLists[L].size())
      Heads.push({SortedLists[L][Next[L]], L});
  }
  return {Out, Count ? Largest : 0.0};
}

} // namespace tablelint::replay
