#!/usr/bin/env bash
# scripts/demo.sh installs and builds the tool only; the test tools are
# scripts/test.sh's. Checks the package lists scripts/setup.sh installs
# (--print lists them, installing nothing) and what demo.sh runs.
#   setup-split-test.sh SOURCE_DIR
set -euo pipefail
src=$1
fail() { echo "FAIL: $*"; exit 1; }
tool=$("$src/scripts/setup.sh" --print --tool)
all=$("$src/scripts/setup.sh" --print)
for p in cmake ninja-build clang-19 libclang-19-dev llvm-19-dev libyaml-cpp-dev \
         libfmt-dev libcurl4-openssl-dev libssl-dev; do
  grep -qx "$p" <<<"$tool" || fail "the tool needs $p, setup.sh --tool does not install it"
done
for p in chromium debootstrap nodejs npm pre-commit libgtest-dev libgmock-dev \
         libbenchmark-dev python3-yaml clang-tidy; do
  grep -qx "$p" <<<"$tool" && fail "setup.sh --tool installs the test tool $p"
  grep -qx "$p" <<<"$all" || fail "setup.sh (for the tests) does not install $p"
done
# Every package of the tool list is in the full one.
while read -r p; do
  grep -qx "$p" <<<"$all" || fail "setup.sh leaves out the tool's $p"
done <<<"$tool"
# The demo: the tool's packages, the tool's targets, the build shown.
grep -q '^scripts/setup.sh --tool$' "$src/scripts/demo.sh" || fail "demo.sh does not run setup.sh --tool"
grep -q '^scripts/build.sh --tool$' "$src/scripts/demo.sh" || fail "demo.sh does not run build.sh --tool (with its progress shown)"
grep -q 'npm' "$src/scripts/demo.sh" && fail "demo.sh installs npm tools"
grep -q -- '--target tablelint tablelint-tidy-19' "$src/scripts/build.sh" || fail "build.sh --tool builds more than the tool and the plugin"
"$src/scripts/setup.sh" --bogus >/dev/null 2>&1 && fail "setup.sh accepts an unknown option"
echo "demo.sh sets up and builds the tool only"
