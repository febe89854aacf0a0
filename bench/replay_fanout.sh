#!/usr/bin/env bash
# The social feed with fan-out on write (bench/inputs/feed-fan-out.yaml,
# the design under the follower's PartitionKey, and its bucketed design)
# replayed by two builds of `tablelint replay`, interleaved, on one core:
# a baseline build (BASELINE_BUILD, e.g. main's commit built in a worktree
# of its own) and this tree's (BUILD_DIR, default build). DURATION
# simulated time (default 5s), ROUNDS rounds (default 3), DESIGNS the
# schemas replayed together (default both). Prints, per build, the median
# user + system CPU seconds, peak memory, the simulated operations (the
# workload's events, of the first design's report) and operations per CPU
# second, and the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
base=${BASELINE_BUILD:?set BASELINE_BUILD to the baseline build directory}
rounds=${ROUNDS:-3}
duration=${DURATION:-5s}
designs=${DESIGNS:-bench/inputs/feed-fan-out.yaml bench/inputs/feed-fan-out-bucketed.yaml}
out=$(mktemp -d)
for round in $(seq "$rounds"); do
  for which in baseline current; do
    dir=$base
    [ "$which" = current ] && dir=$build
    # shellcheck disable=SC2086
    python3 bench/rusage.py "$out/usage" "$which $round" taskset -c 0 \
      "$dir/bin/tablelint" replay $designs --duration "$duration" -j 1 \
      --format json -o "$out/$which-$round.json"
  done
done
python3 - "$out" "$rounds" <<'PY'
import json, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
usage = {}
for line in open(f"{out}/usage"):
    which, rnd, user, system, peak = line.split()
    usage.setdefault(which, []).append((float(user) + float(system), int(peak)))
rows = {}
print(f"{'build':<10}{'CPU s':>10}{'peak MB':>10}{'operations':>12}{'ops/CPU s':>12}")
for which in ("baseline", "current"):
    ops = json.load(open(f"{out}/{which}-1.json"))["designs"][0]["operationsIssued"]
    cpu = statistics.median(u[0] for u in usage[which])
    peak = statistics.median(u[1] for u in usage[which]) / 1024
    rows[which] = ops / cpu
    print(f"{which:<10}{cpu:>10.2f}{peak:>10.0f}{ops:>12,}{ops / cpu:>12,.0f}")
print(f"ratio (ops/CPU s): {rows['current'] / rows['baseline']:.2f}x")
PY
rm -rf "$out"
