// Deterministic random numbers for the replay workload: the same seed gives
// the same workload on every platform and standard library, which
// std::*_distribution does not promise. SplitMix64 seeds and derives
// streams; xoshiro256** draws; Zipf uses rejection-inversion (Hörmann and
// Derflinger 1996), O(1) per sample without tables; weighted value lists use
// Vose's alias method, O(1) per sample after an O(n) build.
#pragma once

#include <cmath>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tablelint::replay {

// One SplitMix64 step: a well-mixed 64-bit value from a counter.
inline std::uint64_t splitMix64(std::uint64_t &State) {
  std::uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

// A stream seed from the run seed and a name (an operation, a property), so
// adding an operation to a schema does not change the others' streams.
inline std::uint64_t streamSeed(std::uint64_t Seed, std::string_view Name) {
  std::uint64_t H = 1469598103934665603ULL ^ Seed;
  for (unsigned char C : Name) {
    H ^= C;
    H *= 1099511628211ULL;
  }
  return splitMix64(H);
}

class Rng {
public:
  explicit Rng(std::uint64_t Seed = 1) {
    for (std::uint64_t &Word : S)
      Word = splitMix64(Seed);
  }

  std::uint64_t next() {
    const std::uint64_t Result = rotl(S[1] * 5, 7) * 9;
    const std::uint64_t T = S[1] << 17;
    S[2] ^= S[0];
    S[3] ^= S[1];
    S[1] ^= S[2];
    S[0] ^= S[3];
    S[2] ^= T;
    S[3] = rotl(S[3], 45);
    return Result;
  }

  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Uniform in [0, N) (Lemire's multiply-shift; the bias is below 2^-64 * N).
  std::uint64_t below(std::uint64_t N) {
    return static_cast<std::uint64_t>(
        (static_cast<unsigned __int128>(next()) * N) >> 64);
  }

  // Exponential with the given mean (Poisson inter-arrival times).
  double exponential(double Mean) { return -Mean * std::log1p(-uniform()); }

private:
  static std::uint64_t rotl(std::uint64_t X, int K) {
    return (X << K) | (X >> (64 - K));
  }
  std::uint64_t S[4];
};

// Zipf over ranks 1..N with P(k) proportional to k^-s, s > 0, by
// rejection-inversion: invert the integral of the continuous density, round
// to the nearest rank, accept with a cheap test that almost always passes.
class ZipfSampler {
public:
  ZipfSampler() = default;
  ZipfSampler(std::uint64_t N, double S) : N(N < 1 ? 1 : N), Exponent(S) {
    HIntegralX1 = hIntegral(1.5) - 1.0;
    HIntegralN = hIntegral(static_cast<double>(this->N) + 0.5);
    Threshold = 2.0 - hIntegralInverse(hIntegral(2.5) - h(2.0));
  }

  // A rank in [1, N]; rank 1 is the most frequent.
  std::uint64_t sample(Rng &R) const {
    for (;;) {
      const double U = HIntegralN + R.uniform() * (HIntegralX1 - HIntegralN);
      const double X = hIntegralInverse(U);
      double K = std::floor(X + 0.5);
      if (K < 1)
        K = 1;
      else if (K > static_cast<double>(N))
        K = static_cast<double>(N);
      if (K - X <= Threshold || U >= hIntegral(K + 0.5) - h(K))
        return static_cast<std::uint64_t>(K);
    }
  }

private:
  // log1p(x)/x and expm1(x)/x, accurate near 0.
  static double logRatio(double X) {
    return std::fabs(X) > 1e-8 ? std::log1p(X) / X : 1 - X / 2 + X * X / 3;
  }
  static double expRatio(double X) {
    return std::fabs(X) > 1e-8 ? std::expm1(X) / X : 1 + X / 2 + X * X / 6;
  }
  double h(double X) const { return std::exp(-Exponent * std::log(X)); }
  // H(x) = (x^(1-s) - 1) / (1-s), log(x) when s = 1.
  double hIntegral(double X) const {
    const double LogX = std::log(X);
    return expRatio((1 - Exponent) * LogX) * LogX;
  }
  double hIntegralInverse(double X) const {
    double T = X * (1 - Exponent);
    if (T < -1)
      T = -1; // rounding at the lower end
    return std::exp(logRatio(T) * X);
  }

  std::uint64_t N = 1;
  double Exponent = 1;
  double HIntegralX1 = 0, HIntegralN = 0, Threshold = 0;
};

// Vose's alias table: draws index i with probability Weights[i] / sum.
class AliasTable {
public:
  AliasTable() = default;
  explicit AliasTable(const std::vector<double> &Weights) {
    const std::size_t N = Weights.size();
    Prob.assign(N, 1.0);
    Alias.resize(N);
    double Sum = 0;
    for (double W : Weights)
      Sum += W > 0 ? W : 0;
    if (N == 0 || Sum <= 0) {
      for (std::size_t I = 0; I < N; ++I)
        Alias[I] = static_cast<std::uint32_t>(I);
      return;
    }
    std::vector<double> Scaled(N);
    std::vector<std::uint32_t> Small, Large;
    for (std::size_t I = 0; I < N; ++I) {
      Scaled[I] =
          (Weights[I] > 0 ? Weights[I] : 0) * static_cast<double>(N) / Sum;
      (Scaled[I] < 1 ? Small : Large).push_back(static_cast<std::uint32_t>(I));
    }
    while (!Small.empty() && !Large.empty()) {
      const std::uint32_t S = Small.back(), L = Large.back();
      Small.pop_back();
      Prob[S] = Scaled[S];
      Alias[S] = L;
      Scaled[L] -= 1 - Scaled[S];
      if (Scaled[L] < 1) {
        Large.pop_back();
        Small.push_back(L);
      }
    }
    for (std::uint32_t I : Large)
      Prob[I] = 1, Alias[I] = I;
    for (std::uint32_t I : Small)
      Prob[I] = 1, Alias[I] = I;
  }

  std::size_t size() const { return Prob.size(); }
  std::uint32_t sample(Rng &R) const {
    const std::uint64_t I = R.below(Prob.size());
    return R.uniform() < Prob[I] ? static_cast<std::uint32_t>(I) : Alias[I];
  }

private:
  std::vector<double> Prob;
  std::vector<std::uint32_t> Alias;
};

} // namespace tablelint::replay
