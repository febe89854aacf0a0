#!/bin/sh
# The runtime image's install steps (Dockerfile, second stage), kept here so
# they are tested without a Docker daemon: tests/install/chroot-test.sh runs
# this script in a clean Debian 12 chroot.
#   install-runtime.sh PACKAGE.deb
# Installs the tablelint .deb with its dependencies from the Debian archive,
# nothing recommended, then drops apt's lists and the package file so the
# image stays small, and checks that the installed command runs.
set -eu
deb=$1
case "$deb" in /*) ;; *) deb="./$deb" ;; esac
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "$deb"
apt-get clean
rm -rf /var/lib/apt/lists/* "$deb"
tablelint --version
