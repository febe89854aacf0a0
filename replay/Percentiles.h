// Nearest-rank percentiles of latencies kept sorted per operation, for one
// operation or for all of them together. The whole run's percentiles are
// read by walking the per-operation lists in merged order rather than from
// a second copy of every latency (four bytes per operation replayed).
//
// A long run does not keep every latency: LatencyRecord keeps them exactly
// up to a bound, then counts them in a histogram of bounded size whose
// percentiles are within LatencyHistogram::RelativeError of the exact ones.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
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
mergedPercentiles(const std::vector<const std::vector<float> *> &Lists,
                  const std::array<double, N> &Ps) {
  std::size_t Count = 0;
  float Largest = 0;
  for (const std::vector<float> *L : Lists)
    if (!L->empty()) {
      Count += L->size();
      Largest = std::max(Largest, L->back());
    }
  std::array<double, N> Out{};
  std::array<std::size_t, N> Ranks{};
  for (std::size_t I = 0; I < N; ++I)
    Ranks[I] = nearestRank(Ps[I], Count);
  using Head = std::pair<float, std::size_t>; // value, list
  std::priority_queue<Head, std::vector<Head>, std::greater<Head>> Heads;
  std::vector<std::size_t> Next(Lists.size(), 0);
  for (std::size_t L = 0; L < Lists.size(); ++L)
    if (!Lists[L]->empty())
      Heads.push({(*Lists[L])[0], L});
  std::size_t Taken = 0, Want = 0;
  while (Want < N && !Heads.empty()) {
    const auto [Value, L] = Heads.top();
    Heads.pop();
    ++Taken;
    while (Want < N && Ranks[Want] == Taken)
      Out[Want++] = Value;
    if (++Next[L] < Lists[L]->size())
      Heads.push({(*Lists[L])[Next[L]], L});
  }
  return {Out, Count ? Largest : 0.0};
}

// Counts of latencies (non-negative floats) in buckets of a relative width
// of 2^-MantissaBits: a float's bits, shifted, are a bucket index that grows
// with the value (its exponent, then its leading mantissa bits). A
// percentile is the middle of the bucket that holds its nearest rank, so
// it is within RelativeError of the exact value. Buckets are held only
// between the smallest and largest index met: 512 per doubling, about
// 80 KB for latencies from a millisecond to twenty minutes, whatever the
// number of operations.
class LatencyHistogram {
public:
  static constexpr int MantissaBits = 9;
  // Half a bucket's width, relative to the values it holds: 2^-10, 0.1%.
  static constexpr double RelativeError = 1.0 / (2 << MantissaBits);

  void add(float Value, std::uint64_t Times = 1) {
    const std::uint32_t I = indexOf(Value);
    if (Counts.empty()) {
      First = I;
      Counts.assign(1, 0);
    } else if (I < First) {
      Counts.insert(Counts.begin(), First - I, 0);
      First = I;
    } else if (I - First >= Counts.size()) {
      Counts.resize(I - First + 1, 0);
    }
    Counts[I - First] += Times;
    Count += Times;
    Largest = std::max(Largest, Value);
  }
  void merge(const LatencyHistogram &Other) {
    for (std::size_t K = 0; K < Other.Counts.size(); ++K)
      if (Other.Counts[K])
        add(valueAt(Other.First + static_cast<std::uint32_t>(K)),
            Other.Counts[K]);
    Largest = std::max(Largest, Other.Largest);
  }
  std::uint64_t count() const { return Count; }
  float largest() const { return Largest; }
  std::size_t buckets() const { return Counts.size(); }

  // The nearest-rank percentile P (0: none counted): the middle of its
  // bucket, at most the largest value counted.
  double percentile(double P) const {
    const std::uint64_t Rank = nearestRankOf(P);
    if (Rank == 0)
      return 0;
    std::uint64_t Seen = 0;
    for (std::size_t K = 0; K < Counts.size(); ++K) {
      Seen += Counts[K];
      if (Seen >= Rank)
        return std::min<double>(middleOf(First + static_cast<std::uint32_t>(K)),
                                Largest);
    }
    return Largest;
  }

private:
  static std::uint32_t indexOf(float Value) {
    Value = std::max(Value, 0.0f);
    std::uint32_t Bits;
    std::memcpy(&Bits, &Value, sizeof Bits);
    return Bits >> (23 - MantissaBits);
  }
  static float boundOf(std::uint32_t Index) {
    const std::uint32_t Bits = Index << (23 - MantissaBits);
    float Value;
    std::memcpy(&Value, &Bits, sizeof Value);
    return Value;
  }
  // A value of bucket Index (its lower bound: merged, it lands there).
  static float valueAt(std::uint32_t Index) { return boundOf(Index); }
  static double middleOf(std::uint32_t Index) {
    return (static_cast<double>(boundOf(Index)) + boundOf(Index + 1)) / 2;
  }
  std::uint64_t nearestRankOf(double P) const {
    if (Count == 0)
      return 0;
    const auto Rank =
        static_cast<std::uint64_t>(std::ceil(P * static_cast<double>(Count)));
    return std::min(Count, std::max<std::uint64_t>(Rank, 1));
  }

  std::uint32_t First = 0;
  std::vector<std::uint64_t> Counts;
  std::uint64_t Count = 0;
  float Largest = 0;
};

// The latencies of one operation: every one, exactly, up to ExactLimit of
// them; beyond, a LatencyHistogram (bounded memory for a run of a day).
class LatencyRecord {
public:
  explicit LatencyRecord(std::size_t ExactLimit = DefaultExactLimit)
      : ExactLimit(ExactLimit) {}
  // Four megabytes of latencies an operation keeps exactly.
  static constexpr std::size_t DefaultExactLimit = std::size_t(1) << 20;

  void add(float Value) {
    if (!Counted && Exact.size() < ExactLimit) {
      Exact.push_back(Value);
      return;
    }
    if (!Counted) {
      Counted = true;
      for (float V : Exact)
        Histogram.add(V);
      std::vector<float>().swap(Exact);
    }
    Histogram.add(Value);
  }
  // Whether the latencies are counted in the histogram (else exact).
  bool counted() const { return Counted; }
  // Sorts the exact latencies (before reading percentiles).
  void sort() { std::sort(Exact.begin(), Exact.end()); }
  double percentile(double P) const {
    return Counted ? Histogram.percentile(P)
                   : replay::percentile(Exact, P);
  }
  const std::vector<float> &exact() const { return Exact; }
  const LatencyHistogram &histogram() const { return Histogram; }

private:
  std::size_t ExactLimit;
  bool Counted = false;
  std::vector<float> Exact;
  LatencyHistogram Histogram;
};

// Percentiles Ps and the largest latency of all the records together
// (each sorted): merged exactly while every one is exact, else from one
// histogram of them all.
template <std::size_t N>
std::pair<std::array<double, N>, double>
mergedPercentiles(const std::vector<LatencyRecord> &Records,
                  const std::array<double, N> &Ps) {
  const bool AnyCounted =
      std::any_of(Records.begin(), Records.end(),
                  [](const LatencyRecord &R) { return R.counted(); });
  if (!AnyCounted) {
    std::vector<const std::vector<float> *> Lists;
    for (const LatencyRecord &R : Records)
      Lists.push_back(&R.exact());
    return mergedPercentiles(Lists, Ps);
  }
  LatencyHistogram All;
  for (const LatencyRecord &R : Records) {
    All.merge(R.histogram());
    for (float V : R.exact())
      All.add(V);
  }
  std::array<double, N> Out{};
  for (std::size_t I = 0; I < N; ++I)
    Out[I] = All.percentile(Ps[I]);
  return {Out, All.largest()};
}

} // namespace tablelint::replay
