#!/usr/bin/env bash
# Quick start, first command: sets up a fresh Debian 12 machine, builds, and
# runs the main job on the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh >/dev/null
tl=build/bin/tablelint

echo "== The rule catalog (tablelint rules)"
"$tl" rules
echo
# The example's queries, explained. A table scan fails the gate (exit 1):
# that is the finding, so keep going.
for f in \
  "PartitionKey eq '20261122' and RowKey ge 'dev-0042_' and RowKey lt 'dev-0042~'" \
  "PartitionKey eq '20261122' and status eq 'fail'" \
  "status eq 'fail'" \
  "(PartitionKey eq 'a' and RowKey eq '1') or (PartitionKey eq 'b' and RowKey eq '2')"; do
  echo "== tablelint filter \"$f\""
  "$tl" filter --table DeviceReadings "$f" || true
  echo
done
