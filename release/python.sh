#!/usr/bin/env bash
# release/python.sh VERSION (3.11, 3.15, …, or oldest, newest): prints the path of a CPython
# VERSION interpreter, for release/test-wheel.sh to test the wheel on the oldest and the newest
# supported Python.
#
# The machine's own comes first (/usr/bin, /usr/local/bin, then pyenv's, as python/test.sh looks).
# Where there is none, Debian's: a root of Debian sid with its python$VERSION package, made once
# with mmdebstrap into $target/releasing/python/VERSION/root, and a launcher,
# $target/releasing/python/VERSION/bin/pythonVERSION, that runs it there (release/in-root.sh: a
# chroot in a mount namespace of its own, the project and /tmp seen at their own paths). Later
# runs print the launcher at once.
#
# Why a Debian root and not CPython built from Debian's source package: the archive this machine
# reaches serves binary packages of every suite but not the sources of current ones (on
# 2026-11-30: the .dsc and orig tarball of python3.15 3.15.2-1 (sid) and 3.15.0-1 (forky), and of
# python3.14 3.14.8 to 3.14.10, answer 404 at once; bookworm's and trixie's early sources are
# there). sid's binaries need glibc 2.42 (bookworm has 2.36), so they run in a root of sid's own
# packages, not on the machine's libraries. What it takes, and from where: apt checks the
# packages against the suite's Release file signed by Debian's archive key (the machine's
# keyring); it is Debian's build of upstream CPython, with Debian's patches (ensurepip from
# Debian's pip wheel, dist-packages). Taken on 2026-11-30: sid, python3.15 3.15.2-1 (built
# 2026-10-26), libc6 2.43-7, python3-pip-whl 26.2.2+dfsg-1, OpenSSL 3.6.5; 160 MB (pip's cache
# in it adds 440 MB once the tests ran), made in about a minute (57 to 83 s).
#
# Needs root (the machine's user, and CI's) and mmdebstrap (Debian's package; installed here if
# missing: no other package is).
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-}
case $version in
  # The oldest supported CPython: requires-python's lower bound.
  oldest) version=$(sed -n 's/^requires-python = ">=\([0-9.]*\)".*/\1/p' python/pyproject.toml) ;;
  # The newest CPython release (3.15.0 came out in October 2026); raise it with the next.
  newest) version=3.15 ;;
esac
if ! [[ $version =~ ^3\.[0-9]+$ ]]; then
  echo "usage: release/python.sh VERSION|oldest|newest (e.g. 3.11 or 3.15)" >&2
  exit 2
fi
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
case $target_dir in /*) ;; *) target_dir=$PWD/$target_dir ;; esac

# 1. The machine's own.
for candidate in "$(command -v python"$version" || true)" /usr/bin/python"$version" /usr/local/bin/python"$version" \
  $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$version".*/bin/python"$version" 2>/dev/null | sort -V | tail -n 1); do
  if [ -x "$candidate" ]; then
    echo "$candidate"
    exit 0
  fi
done

# 2. Debian's, in a root of its own. The launcher is written last: where it is, the root is whole.
dir=$target_dir/releasing/python/$version
launcher=$dir/bin/python$version
if [ ! -x "$launcher" ]; then
  command -v mmdebstrap >/dev/null || {
    apt-get -q update >/dev/null
    apt-get -q install -y mmdebstrap >/dev/null
  }
  mkdir -p "$dir"
  rm -rf "${dir:?}/root" "${dir:?}/root.partial" "${dir:?}/bin"
  echo "release/python.sh: no CPython $version here: making a Debian sid root with python$version in $dir/root" >&2
  start=$SECONDS
  # essential: Debian's Essential packages only (no apt), then python$VERSION with venv (its
  # ensurepip installs Debian's pip wheel), ca-certificates (Debian's pip trusts the system's
  # store, for PyPI) and libstdc++6 (manylinux wheels take it from the system: duckdb's and
  # pyarrow's do; of the libraries manylinux allows, the others are Essential's).
  # Check-Valid-Until off: the archive reached here serves sid as of a past day, and its Release
  # file's Valid-Until (a week after signing) has passed; the signature is still checked.
  if ! mmdebstrap --quiet --mode=root --variant=essential \
    --aptopt='Acquire::Check-Valid-Until "false"' \
    --include="python$version,python$version-venv,ca-certificates,libstdc++6" \
    sid "$dir/root.partial" \
    "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" >&2; then
    echo "release/python.sh: mmdebstrap failed: has Debian sid a package python$version?" >&2
    exit 1
  fi
  mv "$dir/root.partial" "$dir/root"
  echo "release/python.sh: Debian sid's $(chroot "$dir/root" dpkg-query -W -f='${Package} ${Version} ' "python$version" libc6)in $((SECONDS - start)) s" >&2
  # The launchers: `run CMD…` runs any command of the root (a virtual environment's python
  # too: release/test-wheel.sh looks for it beside the interpreter), python$VERSION the
  # interpreter.
  mkdir -p "$dir/bin.partial"
  printf '#!/bin/sh\nexec %q %q "$@"\n' "$PWD/release/in-root.sh" "$dir/root" >"$dir/bin.partial/run"
  printf '#!/bin/sh\nexec "$(dirname "$0")/run" /usr/bin/python%s "$@"\n' "$version" >"$dir/bin.partial/python$version"
  chmod +x "$dir/bin.partial/run" "$dir/bin.partial/python$version"
  mv "$dir/bin.partial" "$dir/bin"
fi
echo "$launcher"
