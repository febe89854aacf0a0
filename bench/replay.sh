#!/usr/bin/env bash
# Runs the replay engine benchmark on one core and prints each figure next
# to its baseline from the same run: a bare std::map insert loop over as
# many keys of the same shape (writes), or an in-order walk of such a map
# (scans). Build first (scripts/build.sh); BUILD_DIR overrides the build
# directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
out=$(mktemp)
# BM_Demo has its own script (replay_demo.sh: a baseline build side by side).
taskset -c 0 "$build/bin/replay-bench" --benchmark_format=json \
  --benchmark_filter='^BM_(Map|Point|Batch|Scans|Throttled)' > "$out"
python3 - "$out" <<'PY'
import json, sys
runs = {b["run_name"].replace("/iterations:3", ""): b
        for b in json.load(open(sys.argv[1]))["benchmarks"]}
def ns(b):
    return 1e9 / b["items_per_second"]
def base(name):
    if name.startswith(("BM_Scans", "BM_MapScan")):
        return runs["BM_MapScanBaseline"]
    size = name.split("/")[1] if name.startswith(("BM_PointWrites/", "BM_MapInsert")) else "240000"
    return runs["BM_MapInsertBaseline/" + size]
print(f"{'benchmark':<34}{'ns/item':>10}{'items/s':>14}{'x baseline':>12}")
for name, b in runs.items():
    if name == "BM_ThrottledWrites":
        print(f"{name:<34}{ns(b):>10.0f}{b['items_per_second']:>14,.0f}{'-':>12}")
        continue
    print(f"{name:<34}{ns(b):>10.0f}{b['items_per_second']:>14,.0f}{ns(b) / ns(base(name)):>12.2f}")
PY
rm -f "$out"
