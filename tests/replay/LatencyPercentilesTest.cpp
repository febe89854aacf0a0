// Latency percentiles of a long run: counted in a bounded histogram past
// the exact bound (replay/Percentiles.h), within its stated error of the
// exact nearest-rank values.
#include "replay/Percentiles.h"
#include "replay/Random.h"
#include "tests/replay/ReplayFixtures.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tablelint::replay {
namespace {

using test::Replay;
using test::runReplay;
using test::telemetrySchema;

constexpr double Error = LatencyHistogram::RelativeError;

// Latencies as a replay sees them: a lognormal service time of a few
// milliseconds, and a tenth retried after waits of seconds.
std::vector<float> latencies(std::size_t Count, std::uint64_t Seed) {
  Rng R(Seed);
  std::vector<float> Out;
  for (std::size_t I = 0; I < Count; ++I) {
    const double U1 = std::max(R.uniform(), 1e-12), U2 = R.uniform();
    const double Normal =
        std::sqrt(-2 * std::log(U1)) * std::cos(2 * M_PI * U2);
    double L = 0.005 * std::exp(0.6 * Normal);
    if (R.uniform() < 0.1)
      L += 0.8 + 4 * R.uniform();
    Out.push_back(static_cast<float>(L));
  }
  return Out;
}

TEST(LatencyPercentiles, HistogramWithinItsErrorOfTheExactRank) {
  std::vector<float> Values = latencies(200000, 7);
  LatencyRecord Counted(0);
  for (float V : Values)
    Counted.add(V);
  ASSERT_TRUE(Counted.counted());
  std::sort(Values.begin(), Values.end());
  for (double P : {0.5, 0.9, 0.95, 0.99, 0.999}) {
    const double Exact = percentile(Values, P);
    EXPECT_NEAR(Counted.percentile(P), Exact, Error * Exact) << "p" << P;
  }
  EXPECT_FLOAT_EQ(Counted.histogram().largest(), Values.back());
}

TEST(LatencyPercentiles, ExactBelowTheBoundCountedAbove) {
  LatencyRecord R(1000);
  const std::vector<float> Values = latencies(1500, 3);
  for (std::size_t I = 0; I < 1000; ++I)
    R.add(Values[I]);
  EXPECT_FALSE(R.counted());
  std::vector<float> First(Values.begin(), Values.begin() + 1000);
  std::sort(First.begin(), First.end());
  R.sort();
  EXPECT_EQ(R.percentile(0.99), percentile(First, 0.99)) << "exact";
  for (std::size_t I = 1000; I < Values.size(); ++I)
    R.add(Values[I]);
  EXPECT_TRUE(R.counted());
  EXPECT_TRUE(R.exact().empty()) << "the exact values moved into the counts";
  EXPECT_EQ(R.histogram().count(), 1500u);
}

TEST(LatencyPercentiles, MemoryBoundedWhateverTheCount) {
  // Ten million latencies from a millisecond to twenty minutes: the
  // buckets are those of the range (512 a doubling), not of the count.
  LatencyHistogram H;
  Rng R(11);
  for (int I = 0; I < 10000000; ++I)
    H.add(static_cast<float>(0.001 * std::pow(1.2e6, R.uniform())));
  EXPECT_EQ(H.count(), 10000000u);
  EXPECT_LE(H.buckets(), 21u * 512u);
}

TEST(LatencyPercentiles, MergedRecordsMatchTheExactMerge) {
  std::vector<LatencyRecord> Exact, Counted;
  for (std::uint64_t Op = 0; Op < 3; ++Op) {
    Exact.emplace_back();
    Counted.emplace_back(0);
    for (float V : latencies(50000 * (Op + 1), 20 + Op)) {
      Exact.back().add(V * static_cast<float>(Op + 1));
      Counted.back().add(V * static_cast<float>(Op + 1));
    }
    Exact.back().sort();
  }
  const std::array<double, 3> Ps{0.5, 0.95, 0.99};
  const auto [E, ELargest] = mergedPercentiles(Exact, Ps);
  const auto [C, CLargest] = mergedPercentiles(Counted, Ps);
  for (std::size_t I = 0; I < Ps.size(); ++I)
    EXPECT_NEAR(C[I], E[I], Error * E[I]) << "p" << Ps[I];
  EXPECT_EQ(CLargest, ELargest);
}

TEST(LatencyPercentiles, ReplayCountedAgreesWithExact) {
  // 3,000 inserts/s on one date key, retried by the SDK's default policy:
  // throttled writes wait seconds, the others milliseconds, so p50, p95
  // and p99 differ. Counted from the first latency, every figure stays
  // within the histogram's error of the exact run's.
  const schema::Schema S = telemetrySchema(3000);
  WorkloadOptions WO;
  WO.DurationSeconds = 30;
  Replay Exact, Counted;
  runReplay(Exact, {&S}, WO);
  ReplayOptions RO;
  RO.ExactLatencies = 0;
  runReplay(Counted, {&S}, WO, RO);
  const DesignResult &E = Exact.Results[0], &C = Counted.Results[0];
  ASSERT_GT(E.Completed, 10000u);
  EXPECT_GT(E.P99, 2 * E.P50) << "a distribution, not a constant";
  EXPECT_EQ(C.Completed, E.Completed);
  EXPECT_NEAR(C.P50, E.P50, Error * E.P50);
  EXPECT_NEAR(C.P95, E.P95, Error * E.P95);
  EXPECT_NEAR(C.P99, E.P99, Error * E.P99);
  EXPECT_EQ(C.MaxLatency, E.MaxLatency);
  for (std::size_t I = 0; I < E.Ops.size(); ++I) {
    EXPECT_NEAR(C.Ops[I].P50, E.Ops[I].P50, Error * E.Ops[I].P50);
    EXPECT_NEAR(C.Ops[I].P99, E.Ops[I].P99, Error * E.Ops[I].P99);
  }
}

} // namespace
} // namespace tablelint::replay
