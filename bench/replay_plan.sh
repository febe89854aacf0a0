#!/usr/bin/env bash
# Planning a replay of a design with many queries in one table: a generated
# schema (one table, QUERIES point reads, one write), replayed for 60
# simulated seconds, next to `tablelint lint` of the same file (the load and
# the schema checks, which the replay's load shares) from the same run, on
# one core, median CPU seconds of ROUNDS interleaved rounds. BASELINE_BUILD
# (a build directory of another commit) adds its replay, run alternately.
# Build first (scripts/build.sh); BUILD_DIR overrides the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
queries=${QUERIES:-65000}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$queries" > "$work/schema.yaml" <<'PY'
import sys
print("""version: 1
accounts:
  - {name: a, region: westeurope}
clients:
  - {name: c, kind: service, region: westeurope, auth: token}
tables:
  - name: Things
    account: a
    partitionKey: "{site}"
    rowKey: "{thingId}"
    properties:
      site: {type: string, distinct: 400}
      thingId: {type: string, distinct: 50000}
      kind: {type: string, distinct: 12}
    writes:
      - {name: put-thing, client: c, op: insert-or-replace, rate: 5/s}
    queries:""")
for i in range(int(sys.argv[1])):
    print(f"      - {{name: q{i}, client: c, filter: \"PartitionKey eq '{{site}}' and RowKey eq '{{thingId}}'\", select: [kind], rate: 1/h}}")
PY
cpu() { # label, command...: appends "label seconds" to $work/times
  local label=$1
  shift
  bench/rusage.py "$work/times" "$label" taskset -c 0 "$@"
}
for ((r = 0; r < rounds; r++)); do
  cpu "lint (baseline)" "$build/bin/tablelint" lint "$work/schema.yaml"
  cpu "replay" "$build/bin/tablelint" replay "$work/schema.yaml" --duration 60s
  if [[ -n ${BASELINE_BUILD:-} ]]; then
    cpu "replay, baseline build" "$BASELINE_BUILD/bin/tablelint" replay \
      "$work/schema.yaml" --duration 60s
  fi
done
python3 - "$work/times" "$queries" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    *label, user, system, _ = line.split()
    runs.setdefault(" ".join(label), []).append(float(user) + float(system))
base = statistics.median(runs["lint (baseline)"])
print(f"{sys.argv[2]} queries in one table")
print(f"{'run':<26}{'CPU s':>8}{'x baseline':>12}")
for label, times in runs.items():
    t = statistics.median(times)
    print(f"{label:<26}{t:>8.2f}{t / base:>12.2f}")
PY
