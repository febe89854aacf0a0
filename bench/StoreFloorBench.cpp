// What storing one written row can cost at the demo's size (issue 10, §4:
// 5 M simulated operations per second and core is 200 ns an operation,
// keys, budgets and events included). The same 5.4 M row keys of the
// demo's suggested design ("{bucket}_{yyyyMMdd}\0deviceId-N_HHmmssfff",
// device ids drawn uniformly, time growing), inserted in arrival order:
//
// - BM_RowStoreInsert: replay/RowStore.h, the ordered store the replay
//   keeps every table in (a B+tree descent, then a leaf insert);
// - BM_HashSetInsert: the least a store that detects duplicate rows must
//   do: a 64-bit hash of the key into an open-addressing table, no order;
// - BM_SortedRuns: rows appended with an 8-byte key head and sorted per
//   partition once at the end (order kept for reads only when a read
//   needs it);
// - BM_DependentLoads (the baseline): one load whose address depends on
//   the previous one, over 256 MB: the latency each level of a descent
//   pays when its node is not in the caches.
//
// Keys are made before the timed loop, so every figure is the store's own
// cost per row. Run: `taskset -c 0 build/bin/store-floor-bench`.
#include "replay/RowStore.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

namespace {

using tablelint::replay::RowStore;

std::uint64_t splitMix(std::uint64_t &State) {
  std::uint64_t Z = (State += 0x9e3779b97f4a7c15ULL);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

std::uint64_t fnv1a(const std::string &Text) {
  std::uint64_t H = 1469598103934665603ULL;
  for (unsigned char C : Text)
    H = (H ^ C) * 1099511628211ULL;
  return H;
}

constexpr std::size_t DemoRows = 5400000;

// The suggested design's keys for 10 minutes at 6,000 readings/s (8
// buckets of 50,000 devices, one day), in arrival order.
const std::vector<std::string> &demoKeys() {
  static const std::vector<std::string> Keys = [] {
    std::vector<std::string> Out;
    Out.reserve(DemoRows);
    std::uint64_t State = 1;
    char Text[96];
    for (std::size_t I = 0; I < DemoRows; ++I) {
      const std::uint64_t Device = splitMix(State) % 50000;
      const std::uint64_t Millis = I * 600000 / DemoRows; // 10 minutes
      const int Length = std::snprintf(
          Text, sizeof Text, "%llu_20250101%cdeviceId-%llu_%02llu%02llu%03llu",
          static_cast<unsigned long long>(Device % 8), '\0',
          static_cast<unsigned long long>(Device),
          static_cast<unsigned long long>(Millis / 60000),
          static_cast<unsigned long long>(Millis / 1000 % 60),
          static_cast<unsigned long long>(Millis % 1000));
      Out.emplace_back(Text, static_cast<std::size_t>(Length));
    }
    return Out;
  }();
  return Keys;
}

void BM_DependentLoads(benchmark::State &State) {
  const std::size_t N = 64u << 20; // 4-byte slots: 256 MB
  std::vector<std::uint32_t> Next(N), Order(N);
  std::iota(Order.begin(), Order.end(), 0u);
  std::uint64_t Seed = 3;
  for (std::size_t I = N - 1; I > 0; --I)
    std::swap(Order[I], Order[splitMix(Seed) % (I + 1)]);
  for (std::size_t I = 0; I < N; ++I)
    Next[Order[I]] = Order[(I + 1) % N];
  const std::size_t Loads = 10000000;
  std::uint32_t At = 0;
  for (auto _ : State) {
    for (std::size_t I = 0; I < Loads; ++I)
      At = Next[At];
    benchmark::DoNotOptimize(At);
  }
  State.SetItemsProcessed(static_cast<std::int64_t>(State.iterations() * Loads));
}
BENCHMARK(BM_DependentLoads)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_RowStoreInsert(benchmark::State &State) {
  const std::vector<std::string> &Keys = demoKeys();
  for (auto _ : State) {
    RowStore Store;
    std::uint32_t Id = 0;
    for (const std::string &Key : Keys)
      benchmark::DoNotOptimize(Store.insert(Key, Id++));
    State.PauseTiming();
    State.counters["bytes_per_row"] =
        static_cast<double>(Store.bytes()) / static_cast<double>(Keys.size());
    State.ResumeTiming();
  }
  State.SetItemsProcessed(
      static_cast<std::int64_t>(State.iterations() * Keys.size()));
}
BENCHMARK(BM_RowStoreInsert)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_HashSetInsert(benchmark::State &State) {
  const std::vector<std::string> &Keys = demoKeys();
  std::vector<std::uint64_t> Hashes;
  Hashes.reserve(Keys.size());
  for (const std::string &Key : Keys)
    Hashes.push_back(fnv1a(Key) | 1); // 0 marks an empty slot
  for (auto _ : State) {
    std::size_t Slots = 1;
    while (Slots < 2 * Keys.size())
      Slots *= 2;
    std::vector<std::uint64_t> Table(Slots, 0);
    std::size_t Duplicates = 0;
    for (std::uint64_t H : Hashes) {
      std::size_t At = H & (Slots - 1);
      while (Table[At] && Table[At] != H)
        At = (At + 1) & (Slots - 1);
      Duplicates += Table[At] == H;
      Table[At] = H;
    }
    benchmark::DoNotOptimize(Duplicates);
    State.counters["bytes_per_row"] =
        static_cast<double>(Slots * sizeof(std::uint64_t)) /
        static_cast<double>(Keys.size());
  }
  State.SetItemsProcessed(
      static_cast<std::int64_t>(State.iterations() * Keys.size()));
}
BENCHMARK(BM_HashSetInsert)->Unit(benchmark::kMillisecond)->Iterations(1);

void BM_SortedRuns(benchmark::State &State) {
  const std::vector<std::string> &Keys = demoKeys();
  struct Entry {
    std::uint64_t Head;
    std::uint32_t Id;
  };
  for (auto _ : State) {
    std::vector<std::vector<Entry>> Partitions(8);
    for (std::uint32_t Id = 0; Id < Keys.size(); ++Id) {
      const std::string &Key = Keys[Id];
      const std::size_t Row = Key.find('\0') + 1;
      std::uint64_t Head = 0;
      for (std::size_t I = 0; I < 8; ++I)
        Head = Head << 8 |
               (Row + 9 + I < Key.size()
                    ? static_cast<unsigned char>(Key[Row + 9 + I])
                    : 0); // past "deviceId-"
      Partitions[static_cast<std::size_t>(Key[0] - '0')].push_back({Head, Id});
    }
    for (std::vector<Entry> &P : Partitions)
      std::sort(P.begin(), P.end(), [&Keys](const Entry &A, const Entry &B) {
        return A.Head != B.Head ? A.Head < B.Head : Keys[A.Id] < Keys[B.Id];
      });
    benchmark::DoNotOptimize(Partitions.data());
  }
  State.SetItemsProcessed(
      static_cast<std::int64_t>(State.iterations() * Keys.size()));
}
BENCHMARK(BM_SortedRuns)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace

BENCHMARK_MAIN();
