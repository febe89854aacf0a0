#!/usr/bin/env bash
# The packages as a user meets them: a clean Debian 12 (debootstrap,
# minbase) in which
#   1. the runtime image's install script (scripts/docker/install-runtime.sh,
#      what the Dockerfile runs) installs the .deb and its dependencies from
#      the Debian archive;
#   2. `tablelint --version` runs, the plugin and the docs are in place;
#   3. tablelint lints the bundled example (C++ and schema) and reports its
#      known findings, with no "does not compile" (clang's builtin headers
#      are found at the installed location);
#   4. the .deb is removed and the tarball, unpacked in /opt/tablelint, does
#      the same.
# The base system is cached as a tarball under BUILD_DIR/package-test/ (the
# first run downloads it, ~1 minute); every run unpacks a fresh copy.
# Needs root, debootstrap and the Debian archive: ctest label "network".
#   chroot-test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "needs root (chroot)"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (scripts/setup.sh installs it)"

deb=$(ls "$build"/packages/tablelint_*_amd64.deb 2>/dev/null | head -1)
tgz=$(ls "$build"/packages/tablelint-*-debian12-amd64.tar.gz 2>/dev/null | head -1)
[ -n "$deb" ] && [ -n "$tgz" ] || { echo "no packages in $build/packages: run cpack in $build first"; exit 1; }
version=$(grep -m1 -oE 'project\(tablelint VERSION [0-9.]+' "$src/CMakeLists.txt" | awk '{print $3}')

cache=$build/package-test
mkdir -p "$cache"
base=$cache/debian12-minbase.tar
start=$(date +%s)
if [ ! -f "$base" ]; then
  echo "== debootstrap: a minimal Debian 12 (cached in $base)"
  rm -rf "$cache/bootstrap"
  debootstrap --variant=minbase bookworm "$cache/bootstrap" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log"; exit 1; }
  tar -C "$cache/bootstrap" -cf "$base.tmp" .
  mv "$base.tmp" "$base"
  rm -rf "$cache/bootstrap"
  echo "   $(( $(date +%s) - start )) s"
fi

root=$(mktemp -d "$cache/root.XXXXXX")
cleanup() {
  umount "$root/proc" 2>/dev/null || true
  rm -rf "$root"
}
trap cleanup EXIT
tar -C "$root" -xf "$base"
mount -t proc proc "$root/proc"
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
failures=0
expect() { # expect DESCRIPTION PATTERN FILE
  if grep -qF -- "$2" "$3"; then echo "   ok: $1"; else echo "   FAIL: $1: no '$2' in:"; sed 's/^/      /' "$3"; failures=$((failures + 1)); fi
}

echo "== install the .deb with the runtime image's script"
mkdir -p "$root/tmp/pkg"
cp "$deb" "$root/tmp/pkg/"
cp "$src/scripts/docker/install-runtime.sh" "$root/tmp/install-runtime.sh"
t=$(date +%s)
in_root sh /tmp/install-runtime.sh "/tmp/pkg/$(basename "$deb")" >"$cache/install.log" 2>&1 ||
  { tail -30 "$cache/install.log"; exit 1; }
echo "   $(( $(date +%s) - t )) s"
expect "the script checked tablelint --version" "tablelint $version" "$cache/install.log"
[ ! -e "$root/tmp/pkg/$(basename "$deb")" ] || { echo "   FAIL: the .deb was left in the image"; failures=$((failures + 1)); }

# The example as a user's project: its SDK headers at the same relative
# place as in this repository. A user has a C++ toolchain: the example's
# standard headers come from libstdc++-12-dev.
in_root apt-get update -q >/dev/null
in_root apt-get install -y -q --no-install-recommends libstdc++-12-dev >"$cache/toolchain.log" 2>&1 ||
  { tail -20 "$cache/toolchain.log"; exit 1; }
mkdir -p "$root/work/examples" "$root/work/test-inputs/code"
cp -r "$src/examples/telemetry-service" "$root/work/examples/"
cp -r "$src/test-inputs/code/include" "$root/work/test-inputs/code/"

check_install() { # check_install LABEL BIN PLUGIN DOCDIR
  local label=$1 bin=$2 plugin=$3 docs=$4 out=$cache/$1
  echo "== $label: $bin"
  in_root "$bin" --version >"$out.version" 2>&1 || true
  expect "--version" "tablelint $version" "$out.version"
  for f in "$plugin" "$docs/README.md" "$docs/docs/rules/table-scan.md" \
           "$docs/docs/ci/github-actions.yml" "${docs%/doc/tablelint}/tablelint/schema/tablelint-schema-v1.json"; do
    if [ -f "$root$f" ]; then echo "   ok: $f"; else echo "   FAIL: $f is not installed"; failures=$((failures + 1)); fi
  done
  # No library the binary needs is missing.
  if in_root ldd "$bin" | grep -q "not found"; then
    echo "   FAIL: missing libraries:"; in_root ldd "$bin" | grep "not found"; failures=$((failures + 1))
  fi
  set +e
  chroot "$root" /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root sh -c \
    "cd /work/examples/telemetry-service && $bin lint src schema -- -std=c++17 -Isrc -I../../test-inputs/code/include" \
    >"$out.lint" 2>&1
  local code=$?
  set -e
  echo "   lint exit $code"
  [ "$code" -eq 1 ] || { echo "   FAIL: expected exit 1 (findings)"; sed 's/^/      /' "$out.lint"; failures=$((failures + 1)); }
  expect "a code finding" "src/ReadingStore.cpp:49:30: warning: filter \"Status eq 'fail'\" pins no partition key" "$out.lint"
  expect "a schema finding" "schema/telemetry.yaml:23:19: warning: partition key '{readingTime:yyyyMMdd}'" "$out.lint"
  if grep -q "does not compile\|file not found" "$out.lint"; then
    echo "   FAIL: a translation unit did not compile:"; grep "does not compile\|file not found" "$out.lint"; failures=$((failures + 1))
  fi
}

check_install deb /usr/bin/tablelint /usr/lib/libtablelint-tidy-19.so /usr/share/doc/tablelint

echo "== the tarball, in /opt/tablelint (the .deb removed, its dependencies kept)"
in_root dpkg -r tablelint >/dev/null
[ ! -e "$root/usr/bin/tablelint" ] || { echo "   FAIL: dpkg -r left /usr/bin/tablelint"; failures=$((failures + 1)); }
mkdir -p "$root/opt/tablelint"
tar -C "$root/opt/tablelint" --strip-components=1 -xzf "$tgz"
check_install tarball /opt/tablelint/bin/tablelint /opt/tablelint/lib/libtablelint-tidy-19.so /opt/tablelint/share/doc/tablelint

echo "== $(( $(date +%s) - start )) s in all"
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "packages install and run in a clean Debian 12"
