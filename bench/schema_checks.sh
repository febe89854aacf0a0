#!/usr/bin/env bash
# Runs the schema check benchmark on one core: a generated schema with 3,000
# tables in four designs, checked, linted and suggested, each figure next to
# loading the same text (the loader alone) from the same run. Build first
# (scripts/build.sh); BUILD_DIR overrides the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
out=$(mktemp)
taskset -c 0 "$build/bin/schema-checks-bench" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_format=json > "$out"
python3 - "$out" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
median = {b["run_name"]: b for b in data["benchmarks"] if b.get("aggregate_name") == "median"}
base = median["BM_LoadBaseline"]
base_ms = 1e3 * base["tables"] / base["items_per_second"]
print(f"{'benchmark':<22}{'ms/file':>10}{'tables/s':>12}{'x baseline':>12}")
for name, b in median.items():
    ms = 1e3 * b["tables"] / b["items_per_second"]
    extra = "".join(f"  {k}={b[k]:.0f}" for k in ("findings", "changes") if k in b)
    print(f"{name:<22}{ms:>10.0f}{b['items_per_second']:>12,.0f}{ms / base_ms:>12.2f}{extra}")
PY
rm -f "$out"
