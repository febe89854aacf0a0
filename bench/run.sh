#!/usr/bin/env bash
# Runs the benchmarks on one core and prints each figure next to its baseline
# from the same run. Build first (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(mktemp)
taskset -c 0 build/bin/filter-bench --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_format=json > "$out"
python3 - "$out" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
median = {b["run_name"]: b for b in data["benchmarks"] if b.get("aggregate_name") == "median"}
base = median["BM_TokenScanBaseline"]
base_ns = 1e9 / base["items_per_second"]
print(f"{'benchmark':<24}{'ns/filter':>12}{'filters/s':>14}{'x baseline':>12}")
for name, b in median.items():
    ns = 1e9 / b["items_per_second"]
    print(f"{name:<24}{ns:>12.1f}{b['items_per_second']:>14,.0f}{ns / base_ns:>12.1f}")
PY
rm -f "$out"
