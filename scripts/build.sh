#!/usr/bin/env bash
# Configures and builds tablelint into build/ with clang-19.
#   scripts/build.sh          everything: the tool, the plugin, the tests
#   scripts/build.sh --tool   the tool and the plugin only (what
#                             scripts/demo.sh runs; a first configure then
#                             needs none of the test dependencies)
# Outputs: build/bin/tablelint, build/lib/libtablelint-tidy-19.so. Ninja
# shows its progress ([12/340] ...).
set -euo pipefail
cd "$(dirname "$0")/.."
tool_only=0
case "${1:-}" in
  --tool) tool_only=1 ;;
  "") ;;
  *) echo "usage: scripts/build.sh [--tool]" >&2; exit 2 ;;
esac
configure() {
  cmake -S . -B build -G Ninja \
    -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DTABLELINT_WERROR=ON "$@" >/dev/null
}
if [ "$tool_only" -eq 1 ]; then
  [ -f build/CMakeCache.txt ] || configure -DTABLELINT_BUILD_TESTS=OFF
  cmake --build build -j "$(nproc)" --target tablelint tablelint-tidy-19
else
  # A build/ first configured by the demo (tests off) gets its tests now.
  if [ ! -f build/CMakeCache.txt ] ||
     grep -q '^TABLELINT_BUILD_TESTS:BOOL=OFF' build/CMakeCache.txt; then
    configure -DTABLELINT_BUILD_TESTS=ON
  fi
  cmake --build build -j "$(nproc)"
fi
