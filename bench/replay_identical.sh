#!/usr/bin/env bash
# Whether a change to the replay engine left every figure it reports as it
# was: replays the demo (the telemetry example and its suggested design,
# --duration 10m --ramp-up 5m, as scripts/demo.sh) and every schema of
# test-inputs/schemas/{replay,patterns,designs,suggest} (a design next to
# its .good.yaml, replay/current.yaml next to replay/suggested.yaml, the
# others alone; --duration 2m) with a baseline build (BASELINE_BUILD, e.g.
# main's) and this tree's (BUILD_DIR, default build), and compares the JSON
# reports byte for byte. Prints each run that differs and exits 1 if any
# does; JOBS (default 1) is the replays' -j; ONLY (an extended regular
# expression) keeps the runs whose names it matches (demo, replay-pair,
# replay-NAME, patterns-NAME, suggest-NAME, designs-NAME). Reports are kept
# in OUT (default a temporary directory, removed when all agree).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
base=${BASELINE_BUILD:?set BASELINE_BUILD to the baseline build directory}
jobs=${JOBS:-1}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out/baseline" "$out/current"
s=test-inputs/schemas

# Each run: a name, then the replay's arguments.
runs=()
add() { runs+=("$1|${*:2}"); }
add demo examples/telemetry-service/schema/telemetry.yaml \
  bench/inputs/telemetry-suggested.yaml --duration 10m --ramp-up 5m
add replay-pair "$s/replay/current.yaml" "$s/replay/suggested.yaml" --duration 2m
for f in "$s"/replay/*.yaml; do
  case $(basename "$f") in current.yaml | suggested.yaml) continue ;; esac
  add "replay-$(basename "$f" .yaml)" "$f" --duration 2m
done
for f in "$s"/patterns/*.yaml "$s"/suggest/*.yaml; do
  add "$(basename "$(dirname "$f")")-$(basename "$f" .yaml)" "$f" --duration 2m
done
for f in "$s"/designs/*.yaml; do
  case $f in *.good.yaml) continue ;; esac
  good=${f%.yaml}.good.yaml
  if [ -f "$good" ]; then
    add "designs-$(basename "$f" .yaml)" "$f" "$good" --duration 2m
  else
    add "designs-$(basename "$f" .yaml)" "$f" --duration 2m
  fi
done

differ=0
compared=0
for run in "${runs[@]}"; do
  name=${run%%|*}
  [[ -n ${ONLY:-} && ! $name =~ $ONLY ]] && continue
  compared=$((compared + 1))
  read -r -a args <<<"${run#*|}"
  for which in baseline current; do
    dir=$base
    [ "$which" = current ] && dir=$build
    # The replay's exit code says whether a design failed its targets,
    # which is part of what must not change: kept next to the report.
    rc=0
    "$dir/bin/tablelint" replay "${args[@]}" -j "$jobs" --format json \
      -o "$out/$which/$name.json" 2>"$out/$which/$name.err" || rc=$?
    echo "$rc" >"$out/$which/$name.rc"
  done
  if cmp -s "$out/baseline/$name.json" "$out/current/$name.json" &&
    cmp -s "$out/baseline/$name.rc" "$out/current/$name.rc"; then
    echo "same    $name"
  else
    echo "DIFFERS $name"
    differ=1
  fi
done
echo "$compared replays compared"
if [ "$differ" = 0 ]; then
  [ -z "${OUT:-}" ] && rm -rf "$out"
  echo "every report byte-identical"
else
  echo "reports in $out"
fi
exit "$differ"
