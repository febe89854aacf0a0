#!/bin/sh
# The build stage of the Dockerfile: installs what building the tool alone
# needs on Debian 12 (no GTest, Chromium or Node), builds it with
# -DTABLELINT_BUILD_TESTS=OFF and writes the .deb and the tarball to OUT.
#   build-package.sh SOURCE_DIR OUT_DIR
set -eu
src=$1
out=$2
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
  cmake ninja-build clang-19 clang-tidy-19 libclang-19-dev llvm-19-dev \
  libyaml-cpp-dev libfmt-dev libcurl4-openssl-dev libssl-dev
cmake -S "$src" -B /tmp/tablelint-build -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DTABLELINT_BUILD_TESTS=OFF \
  -DClang_DIR=/usr/lib/llvm-19/lib/cmake/clang \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19
cmake --build /tmp/tablelint-build
(cd /tmp/tablelint-build && cpack)
mkdir -p "$out"
cp /tmp/tablelint-build/packages/tablelint_*_amd64.deb \
   /tmp/tablelint-build/packages/tablelint-*.tar.gz "$out"/
