#!/usr/bin/env bash
# Configures tablelint with -DTABLELINT_BUILD_TESTS=OFF while the test-only
# dependencies are out of reach (GTest and Google Benchmark disabled for
# find_package, node and chromium not on PATH): it must succeed, list the
# tool and the plugin among its targets, and no test target.
#   tool-only-configure.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
dir=$2
rm -rf "$dir"
bin=$(mktemp -d)
trap 'rm -rf "$bin" "$dir"' EXIT
# A PATH with the build tools only: no node, npm or chromium.
for t in cmake ninja clang-19 clang++-19 ld ar ranlib nm objdump objcopy strip readelf sh; do
  p=$(command -v "$t") && ln -s "$p" "$bin/$t"
done
PATH="$bin" cmake -S "$src" -B "$dir" -G Ninja \
  -DTABLELINT_BUILD_TESTS=OFF \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON \
  -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >"$dir.log" 2>&1 ||
  { cat "$dir.log"; echo "FAIL: configuring the tool alone failed"; exit 1; }
targets=$(cd "$dir" && ninja -t targets all)
for t in bin/tablelint lib/libtablelint-tidy-19.so; do
  grep -q "^$t:" <<<"$targets" || { echo "FAIL: no target $t"; exit 1; }
done
if grep -qE "^(bin/tablelint-tests|bin/filter-fuzzer|bin/filter-bench):" <<<"$targets"; then
  echo "FAIL: test targets are defined with TABLELINT_BUILD_TESTS=OFF"; exit 1
fi
grep -q "CPACK_GENERATOR" "$dir/CPackConfig.cmake" || { echo "FAIL: no CPack configuration"; exit 1; }
echo "the tool alone configures without GTest, Google Benchmark, Node or Chromium"
