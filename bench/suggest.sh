#!/usr/bin/env bash
# `tablelint suggest` (its verification: every remedy replayed) on the demo
# schema and on test-inputs/schemas/suggest/*.yaml, through two builds,
# interleaved: a baseline build (BASELINE_BUILD, e.g. a worktree of main
# built with `ninja tablelint`) and this tree's (BUILD_DIR, default build).
# Per input and build, the median over ROUNDS (default 1) of wall seconds
# and CPU seconds (user + system, bench/rusage.py), side by side with the
# ratios baseline / this tree; and whether the two wrote the same design
# (the verdicts decide what is applied). JOBS (default 2) is suggest's -j.
# INPUTS overrides the list of schemas.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
base=${BASELINE_BUILD:?set BASELINE_BUILD to the baseline build directory}
rounds=${ROUNDS:-1}
jobs=${JOBS:-2}
inputs=${INPUTS:-"examples/telemetry-service/schema/telemetry.yaml $(ls test-inputs/schemas/suggest/*.yaml | tr '\n' ' ')"}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for round in $(seq "$rounds"); do
  for input in $inputs; do
    name=$(basename "$input" .yaml)
    for which in baseline current; do
      dir=$base
      [ "$which" = current ] && dir=$build
      start=$(date +%s%N)
      bench/rusage.py "$out/times" "$name $which" "$dir/bin/tablelint" \
        suggest "$input" -j "$jobs" -o "$out/$name.$which.yaml"
      end=$(date +%s%N)
      sed -i "\$s/\$/ $(( (end - start) / 1000000 ))/" "$out/times"
    done
    cmp -s "$out/$name.baseline.yaml" "$out/$name.current.yaml" &&
      echo "$name same" >> "$out/designs" || echo "$name DIFFERENT" >> "$out/designs"
  done
done
python3 - "$out/times" "$out/designs" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    name, which, user, system, _peak, wall_ms = line.split()
    runs.setdefault((name, which), []).append(
        (float(wall_ms) / 1000, float(user) + float(system)))
designs = {}
for line in open(sys.argv[2]):
    name, verdict = line.split()
    designs[name] = designs.get(name, "same") if verdict == "same" else verdict
def med(name, which, i):
    return statistics.median(r[i] for r in runs[(name, which)])
print(f"{'input':<16}{'wall base':>10}{'wall now':>10}{'ratio':>7}"
      f"{'cpu base':>10}{'cpu now':>9}{'ratio':>7}  design")
for name in dict.fromkeys(n for n, _ in runs):
    wb, wn = med(name, "baseline", 0), med(name, "current", 0)
    cb, cn = med(name, "baseline", 1), med(name, "current", 1)
    print(f"{name:<16}{wb:>10.2f}{wn:>10.2f}{wb / wn:>7.1f}"
          f"{cb:>10.2f}{cn:>9.2f}{cb / cn:>7.1f}  {designs[name]}")
PY
