#!/usr/bin/env bash
# Quick start, first command: sets up a fresh Debian 12 machine, builds, and
# runs the main job on the bundled example (examples/telemetry-service):
#   1. lint its C++ code and its schema (text here, SARIF to a file),
#   2. fill in the 29-item checklist (Markdown and HTML),
#   3. write the suggested design of the schema,
#   4. replay the declared workload through both designs, side by side,
#      with an HTML report (heatmap, throughput and throttling curves).
# Outputs go to build/demo/. The example is full of mistakes on purpose, so
# lint and checklist exit 1 here; the script goes on.
# It installs and builds the tool only (scripts/setup.sh --tool,
# scripts/build.sh --tool): the test tools and the test suite are
# scripts/test.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== 0. setting up: the tool's packages (scripts/setup.sh --tool)"
scripts/setup.sh --tool
echo "== 0. building tablelint and its clang-tidy plugin (a few minutes on 2 cores)"
scripts/build.sh --tool
echo

tl=build/bin/tablelint
ex=examples/telemetry-service
out=build/demo
mkdir -p "$out"
# Configuring the example writes its compile database (it is never built:
# its SDK headers are declaration-only mocks).
cmake -S "$ex" -B build/example >/dev/null

echo "== 1. tablelint lint -p build/example $ex"
"$tl" lint -p build/example "$ex" || true
"$tl" lint -p build/example "$ex" --format sarif -o "$out/tablelint.sarif" 2>/dev/null || true
echo

echo "== 2. tablelint checklist (the filled-in design-review checklist)"
"$tl" checklist -p build/example "$ex" -o "$out/checklist.md" 2>/dev/null || true
"$tl" checklist -p build/example "$ex" --format html -o "$out/checklist.html" 2>/dev/null || true
grep '^Inputs:' "$out/checklist.md" || true
grep -E '\*\*fail\*\*' "$out/checklist.md" | sed -E 's/^\| *([0-9]+) \| \[([^]]*)\].*/   fail  #\1 \2/' || true
echo

echo "== 3. tablelint suggest $ex/schema/telemetry.yaml"
"$tl" suggest "$ex/schema/telemetry.yaml" -o "$out/suggested.yaml"
echo

echo "== 4. tablelint replay (current vs suggested, 10 simulated minutes, 5 of ramp-up)"
"$tl" replay "$ex/schema/telemetry.yaml" "$out/suggested.yaml" \
  --duration 10m --ramp-up 5m --html "$out/replay.html"
echo

echo "== Outputs"
echo "   SARIF (GitHub code scanning): $out/tablelint.sarif"
echo "   checklist:                    $out/checklist.md, $out/checklist.html"
echo "   suggested schema:             $out/suggested.yaml"
echo "   replay report (open it):      $out/replay.html"
