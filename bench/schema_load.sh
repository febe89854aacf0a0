#!/usr/bin/env bash
# Runs the schema loader benchmark on one core: a generated schema with 3,000
# tables (3.5 MB), loaded and written, each figure next to yaml-cpp's bare
# parse of the same text from the same run. Build first (scripts/build.sh);
# BUILD_DIR overrides the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
out=$(mktemp)
taskset -c 0 "$build/bin/schema-load-bench" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_format=json > "$out"
python3 - "$out" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
median = {b["run_name"]: b for b in data["benchmarks"] if b.get("aggregate_name") == "median"}
base = median["BM_YamlCppParseBaseline"]
base_ms = 1e3 * base["tables"] / base["items_per_second"]
print(f"{'benchmark':<26}{'ms/file':>10}{'tables/s':>12}{'MB/s':>8}{'x baseline':>12}")
for name, b in median.items():
    ms = 1e3 * b["tables"] / b["items_per_second"]
    print(f"{name:<26}{ms:>10.0f}{b['items_per_second']:>12,.0f}"
          f"{b['bytes_per_second'] / 1e6:>8.1f}{ms / base_ms:>12.2f}")
PY
rm -f "$out"
