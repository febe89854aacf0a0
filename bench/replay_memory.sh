#!/usr/bin/env bash
# The replay's memory estimate (replay/MemoryEstimate.h) next to the peak
# it estimates, on the demo workload: for each duration in DURATIONS
# (default "10m 30m 1h"; 5 minutes of ramp-up), the current design alone,
# the suggested design alone, and both at -j 1 and -j 2, each run once
# under bench/rusage.py (peak resident memory) and once with --memory 1M,
# whose refusal prints the estimate. Build first (scripts/build.sh);
# BUILD_DIR overrides the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
current=examples/telemetry-service/schema/telemetry.yaml
suggested=bench/inputs/telemetry-suggested.yaml
peak_file=$(mktemp)
trap 'rm -f "$peak_file"' EXIT
printf '%-8s %-16s %12s %12s %8s\n' duration run "peak MiB" "estimate" ratio
for d in ${DURATIONS:-10m 30m 1h}; do
  for run in current suggested "both -j 1" "both -j 2"; do
    case $run in
      current) args=("$current") ;;
      suggested) args=("$suggested") ;;
      "both -j 1") args=("$current" "$suggested" -j 1) ;;
      "both -j 2") args=("$current" "$suggested" -j 2) ;;
    esac
    : > "$peak_file"
    bench/rusage.py "$peak_file" run "$build/bin/tablelint" replay \
      "${args[@]}" --duration "$d" --ramp-up 5m
    peak=$(awk '{print $4}' "$peak_file")
    estimate=$("$build/bin/tablelint" replay "${args[@]}" --duration "$d" \
      --ramp-up 5m --memory 1M 2>&1 | grep -o 'about [0-9.]* [MG]iB' | head -1 || true)
    python3 - "$d" "$run" "$peak" "$estimate" <<'PY'
import sys
d, run, peak, est = sys.argv[1:]
peak_mib = int(peak) / 1024
_, value, unit = est.split()
est_mib = float(value) * (1024 if unit == "GiB" else 1)
print(f"{d:<8} {run:<16} {peak_mib:>12,.0f} {est_mib:>12,.0f} {est_mib / peak_mib:>8.2f}")
PY
  done
done
