#!/usr/bin/env bash
# The demo workload (BM_Demo of bench/ReplayBench.cpp: the telemetry example
# and its suggested design, 10 simulated minutes, every budget) through two
# builds of the replay engine, interleaved, on one core: a baseline build
# (BASELINE_BUILD, e.g. a checkout of the commit before a change, built with
# `ninja replay-bench`, with this benchmark file copied in) and this tree's
# (BUILD_DIR, default build). Prints, per build, the median over ROUNDS
# (default 3) of simulated operations per CPU second, peak memory and bytes
# of it per stored entity. Each run is a process of its own, so the peak is
# that of the demo alone.
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
    taskset -c 0 "$dir/bin/replay-bench" --benchmark_filter='^BM_Demo' \
      --benchmark_format=json > "$out/$which-$round.json"
  done
done
python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def runs(which):
    return [json.load(open(f"{out}/{which}-{r}.json"))["benchmarks"][0]
            for r in range(1, rounds + 1)]
print(f"{'build':<10}{'ops/CPU s':>14}{'peak MB':>10}{'bytes/entity':>14}")
rows = {}
for which in ("baseline", "current"):
    bs = runs(which)
    rate = statistics.median(b["items_per_second"] for b in bs)
    peak = statistics.median(b["peak_MB"] for b in bs)
    per = statistics.median(b["bytes_per_entity"] for b in bs)
    rows[which] = rate
    print(f"{which:<10}{rate:>14,.0f}{peak:>10,.0f}{per:>14,.0f}")
print(f"speed-up: {rows['current'] / rows['baseline']:.2f}x")
PY
rm -rf "$out"
