#!/usr/bin/env bash
# Installs what tablelint needs on Debian 12 (apt), quietly when it is all
# there already. Idempotent.
#   scripts/setup.sh          the tool's needs and the tests' needs (for
#                             scripts/test.sh): the npm test tools under
#                             ./node_modules too
#   scripts/setup.sh --tool   the tool's needs only: what scripts/demo.sh
#                             uses (the toolchain and the libraries)
#   scripts/setup.sh --print [--tool]   list the apt packages, install nothing
set -euo pipefail
cd "$(dirname "$0")/.."

tool_only=0
print_only=0
for arg in "$@"; do
  case "$arg" in
    --tool) tool_only=1 ;;
    --print) print_only=1 ;;
    *) echo "usage: scripts/setup.sh [--tool] [--print]" >&2; exit 2 ;;
  esac
done

# What building the tool (build/bin/tablelint) and the clang-tidy plugin
# needs.
TOOL_PACKAGES=(
  # toolchain and the Clang/LLVM 19 libraries the checks and plugin use
  cmake ninja-build clang-19 libclang-19-dev llvm-19-dev
  # libraries
  libyaml-cpp-dev libfmt-dev libcurl4-openssl-dev libssl-dev
)
# What building and running the tests adds.
TEST_PACKAGES=(
  # the plugin is tested inside the real clang-tidy-19; Debian's default
  # clang-tidy (14) must refuse to load it
  clang-tidy-19 clang-tidy
  # the fuzzers (libFuzzer)
  libclang-rt-19-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # Node.js for Azurite and the SARIF multitool
  nodejs npm
  # headless Chromium renders the replay HTML report
  chromium
  # the pre-commit hooks are tested with the real tool
  pre-commit
  # docs/ci/github-actions.yml is run step by step (tests/ci), with the
  # tools its steps install on the runner
  python3-yaml ca-certificates curl git make g++
  # the packages are installed into a clean Debian 12 chroot
  # (tests/install); cpack builds them
  debootstrap
)

APT_PACKAGES=("${TOOL_PACKAGES[@]}")
if [ "$tool_only" -eq 0 ]; then
  APT_PACKAGES+=("${TEST_PACKAGES[@]}")
fi
if [ "$print_only" -eq 1 ]; then
  printf '%s\n' "${APT_PACKAGES[@]}"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# Node may come from elsewhere than Debian (a preinstalled toolchain): accept it.
if command -v node >/dev/null && command -v npm >/dev/null; then
  filtered=()
  for p in "${missing[@]}"; do
    [[ "$p" == nodejs || "$p" == npm ]] || filtered+=("$p")
  done
  missing=("${filtered[@]}")
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q \
    "${missing[@]}"
fi
[ "$tool_only" -eq 1 ] && exit 0

# npm tools, pinned by package-lock.json; reinstalled only when the lock changes.
stamp=node_modules/.tablelint-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "setup: installing npm test tools (azurite, sarif-multitool)"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
  cp package-lock.json "$stamp"
fi
