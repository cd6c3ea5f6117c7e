#!/usr/bin/env bash
# The Python package's tests, on a fresh machine: a virtual environment with the pinned packages
# of requirements-test.txt (from PyPI), the wheel built by maturin and installed in it as a user
# would install it, then ruff, the stubs checked against the module (mypy's stubtest), mypy
# --strict, and pytest.
# The root's test.sh runs it in three phases, each named by an argument: `--fetch` makes the
# virtual environment (while the Rust tests build: pip waits on the network, cargo on the
# processors), `--build` builds and installs the wheel, `--check` runs the checks and tests
# (beside the next parts' builds). Without an argument it runs all three.
set -euo pipefail
cd "$(dirname "$0")"
phase=${1:-}
case $phase in "" | --fetch | --build | --check) ;; *) echo "usage: python/test.sh [--fetch|--build|--check]" >&2 && exit 2 ;; esac
in_phase() { [ -z "$phase" ] || [ "$phase" = "--$1" ]; }

venv="${RFC3987_PYTHON_VENV:-.venv}"
if in_phase fetch; then
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r requirements-test.txt
fi
# Absolute, so that it holds in tests/ too (RFC3987_PYTHON_VENV may be either).
venv=$(cd "$venv" && pwd)

# The wheel, built by maturin as pip builds it but with cargo's test profile (no --release):
# the code a release wheel holds, built in a fraction of the time, and with overflow checks and
# debug assertions on. workspace-hack's feature gives the library and the crates the wheel
# shares with the Rust tests the features those tests build them with, so that the wheel links
# the tests' compiled crates. Installed in place of any earlier build.
wheels=../target/wheels
if in_phase build; then
  rm -rf "$wheels"
  "$venv/bin/maturin" build --quiet --out "$wheels" --features rfc3987-workspace-hack/workspace-tests
  "$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheels"/rfc3987_rs-*.whl
fi
if in_phase check; then
  "$venv/bin/ruff" check rfc3987_rs tests bench ../examples/engines
  "$venv/bin/ruff" format --check rfc3987_rs tests bench ../examples/engines
  # pytest and the checks import the installed wheel: python/ itself is not on sys.path.
  (cd tests && "$venv/bin/python" -m mypy.stubtest rfc3987_rs._native)
  "$venv/bin/mypy" --strict rfc3987_rs tests
  # -rs prints the reason of each skipped test: the PySpark example's test is skipped on a machine
  # without Java 17 or newer. -n auto --dist worksteal: a pytest-xdist process per processor, an
  # idle one taking tests queued for the other (the longest tests take half a minute each).
  (cd tests && "$venv/bin/pytest" -q -rs -p no:cacheprovider -n auto --dist worksteal)
fi

# The wheel is abi3: the same file serves every CPython from 3.11 on. The environment above is
# the oldest supported (the machine's 3.11); the newest runs in a Debian sid root that
# release/python.sh makes in the fetch phase, where release/test-wheel.sh installs the wheel in a
# fresh environment and runs these tests (release/build.sh does the same with the release wheel).
if in_phase fetch; then
  ../release/python.sh newest >/dev/null
fi
if in_phase check; then
  ../release/test-wheel.sh "$wheels"/rfc3987_rs-*.whl "$(../release/python.sh newest)"
fi
