#!/usr/bin/env bash
# The answer check on every entity against the check on a sample
# (replay --answers all | sample; none: no check, the floor), on the demo's
# two-design replay (the telemetry example and its suggested design,
# DURATION of simulated time, default 10m, 5 minutes of ramp-up): per
# setting, the median over ROUNDS (default 3) of CPU seconds (user +
# system), wall seconds and peak resident memory, each run a process of
# its own under bench/rusage.py, the settings interleaved. JOBS (default
# 2) is the replay's -j: with -j 2 the check runs beside the designs.
# Build first (scripts/build.sh); BUILD_DIR overrides the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
current=examples/telemetry-service/schema/telemetry.yaml
suggested=bench/inputs/telemetry-suggested.yaml
duration=${DURATION:-10m}
jobs=${JOBS:-2}
rounds=${ROUNDS:-3}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for round in $(seq "$rounds"); do
  for answers in all sample none; do
    start=$(date +%s%N)
    bench/rusage.py "$out" "$answers" "$build/bin/tablelint" replay \
      "$current" "$suggested" --duration "$duration" --ramp-up 5m \
      -j "$jobs" --answers "$answers"
    end=$(date +%s%N)
    sed -i "\$s/\$/ $(( (end - start) / 1000000 ))/" "$out"
  done
done
python3 - "$out" "$duration" "$jobs" <<'PY'
import statistics, sys
out, duration, jobs = sys.argv[1:]
runs = {}
for line in open(out):
    label, user, system, peak, wall = line.split()
    runs.setdefault(label, []).append(
        (float(user) + float(system), int(wall) / 1000, int(peak) / 1024))
print(f"demo, both designs, --duration {duration}, -j {jobs}")
print(f"{'--answers':<10}{'CPU s':>8}{'wall s':>8}{'peak MiB':>10}")
for label in ("all", "sample", "none"):
    cpu, wall, peak = (statistics.median(r[i] for r in runs[label])
                       for i in range(3))
    print(f"{label:<10}{cpu:>8.1f}{wall:>8.1f}{peak:>10.0f}")
PY
