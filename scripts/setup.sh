#!/usr/bin/env bash
# Installs everything tablelint needs to build and test on Debian 12 (the
# tool alone needs much less: README, "Install"):
# the LLVM/Clang 19 toolchain and libraries (apt) and the test-time npm tools
# (Azurite, Microsoft's SARIF multitool) under ./node_modules. Idempotent and
# quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  # toolchain and the Clang/LLVM 19 libraries the checks and plugin use
  cmake ninja-build clang-19 clang-tidy-19 libclang-19-dev llvm-19-dev
  # Debian's default clang-tidy (14): the plugin must refuse to run in it
  clang-tidy
  libclang-rt-19-dev
  # libraries
  libyaml-cpp-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  libcurl4-openssl-dev libssl-dev
  # test-time: Node.js for Azurite and the SARIF multitool
  nodejs npm
  # test-time: headless Chromium renders the replay HTML report
  chromium
  # test-time: the pre-commit hooks are tested with the real tool
  pre-commit
  # test-time: docs/ci/github-actions.yml is run step by step (tests/ci),
  # with the tools its steps install on the runner
  python3-yaml ca-certificates curl git make g++
  # test-time: the packages are installed into a clean Debian 12 chroot
  # (tests/install); cpack builds them
  debootstrap
)

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
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
    "${missing[@]}" >/dev/null
fi

# npm tools, pinned by package-lock.json; reinstalled only when the lock changes.
stamp=node_modules/.tablelint-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  echo "setup: installing npm test tools (azurite, sarif-multitool)"
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
  cp package-lock.json "$stamp"
fi
