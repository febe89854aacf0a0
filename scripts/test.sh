#!/usr/bin/env bash
# Quick start, second command: sets up a fresh Debian 12 machine, builds,
# and runs every test (unit, golden, end to end, fuzz) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
