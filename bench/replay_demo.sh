#!/usr/bin/env bash
# The demo workload (BM_Demo of bench/ReplayBench.cpp: the telemetry example
# and its suggested design, 10 simulated minutes, every budget) through two
# builds of the replay engine, interleaved, on one core: a baseline build
# (BASELINE_BUILD, e.g. a checkout of the commit before a change, built with
# `ninja replay-bench`, with this benchmark file copied in where it builds:
# a build before replay/ProcessMemory.h keeps its own, whose counters are
# the same from 6e8b297 on) and this tree's
# (BUILD_DIR, default build). Prints, per build, the median over ROUNDS
# (default 3) of simulated operations per CPU second and peak memory (both
# designs), and the peak and bytes of it per stored entity of the
# suggested design replayed alone; then what the process held before the
# workload (base: the binary, its shared libraries, the designs) and the
# bytes per stored entity of the peak above it. Each run is a process of
# its own, so a peak is that of the run alone.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
base=${BASELINE_BUILD:?set BASELINE_BUILD to the baseline build directory}
rounds=${ROUNDS:-3}
out=$(mktemp -d)
for round in $(seq "$rounds"); do
  for which in baseline current; do
    dir=$base
    [ "$which" = current ] && dir=$build
    for arg in 0 1; do # both designs: speed; the suggested alone: memory
      taskset -c 0 "$dir/bin/replay-bench" --benchmark_filter="^BM_Demo/$arg/" \
        --benchmark_format=json > "$out/$which-$round-$arg.json"
    done
  done
done
python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def runs(which, arg):
    return [json.load(open(f"{out}/{which}-{r}-{arg}.json"))["benchmarks"][0]
            for r in range(1, rounds + 1)]
print(f"{'build':<10}{'ops/CPU s':>14}{'peak MB':>10}"
      f"{'suggested MB':>14}{'bytes/entity':>14}{'base MB':>10}"
      f"{'added/entity':>14}")
rows = {}
for which in ("baseline", "current"):
    both, alone = runs(which, 0), runs(which, 1)
    rate = statistics.median(b["items_per_second"] for b in both)
    peak = statistics.median(b["peak_MB"] for b in both)
    speak = statistics.median(b["peak_MB"] for b in alone)
    per = statistics.median(b["bytes_per_entity"] for b in alone)
    # Older builds' benchmarks do not measure the process before the
    # workload: "-" there.
    base = [b["base_MB"] for b in alone if "base_MB" in b]
    added = [b["added_bytes_per_entity"] for b in alone
             if "added_bytes_per_entity" in b]
    base = f"{statistics.median(base):,.0f}" if base else "-"
    added = f"{statistics.median(added):,.0f}" if added else "-"
    rows[which] = rate
    print(f"{which:<10}{rate:>14,.0f}{peak:>10,.0f}{speak:>14,.0f}{per:>14,.0f}"
          f"{base:>10}{added:>14}")
print(f"speed-up: {rows['current'] / rows['baseline']:.2f}x")
PY
rm -rf "$out"
