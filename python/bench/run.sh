#!/usr/bin/env bash
# The Python benchmarks in a virtual environment of their own (target/python-bench): the test
# packages (../requirements-test.txt) plus PyPI `regex`, so that rfc3987 is measured both as
# installed by default and with regex (bench.py loads it twice). Not the test environment:
# with regex installed, rfc3987 answers differently and the compat tests compare against its
# default install.
#   python/bench/run.sh            time per call (bench.py)
#   python/bench/run.sh callgrind  instructions per call (callgrind.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=../target/python-bench
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r requirements-test.txt regex==2026.11.15
"$venv/bin/maturin" build --release --quiet --out ../target/bench-wheels
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps ../target/bench-wheels/rfc3987_rs-*.whl
if [ "${1:-}" = callgrind ]; then
  PYTHON="$PWD/$venv/bin/python" bench/callgrind.sh "${@:2}"
else
  "$venv/bin/python" bench/bench.py "$@"
fi
