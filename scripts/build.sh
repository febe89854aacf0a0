#!/usr/bin/env bash
# Configures (once) and builds tablelint into build/ with clang-19.
# Outputs: build/bin/tablelint, build/lib/libtablelint-tidy-19.so.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build/CMakeCache.txt ]; then
  cmake -S . -B build -G Ninja \
    -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
    -DTABLELINT_WERROR=ON >/dev/null
fi
cmake --build build -j "$(nproc)"
