#!/usr/bin/env bash
# The Python benchmarks in a virtual environment of their own (target/python-bench): the test
# packages (../requirements-test.txt) plus those of requirements.txt: PyPI `regex`, so that
# rfc3987 is measured both as installed by default and with regex (bench.py and arrow_bench.py
# load it twice), and PySpark (arrow_spark.py; it needs Java 17 or later). Not the test
# environment: with regex installed, rfc3987 answers differently and the compat tests compare
# against its default install.
#   python/bench/run.sh                  time per call (bench.py)
#   python/bench/run.sh callgrind        instructions per call (callgrind.sh)
#   python/bench/run.sh arrow            rows per second of rfc3987_rs.arrow (arrow_bench.py)
#   python/bench/run.sh arrow-callgrind  instructions per row (arrow_callgrind.sh)
#   python/bench/run.sh spark            a PySpark job on 1 and 2 local cores (arrow_spark.py)
# Arguments after the mode go to its script.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=../target/python-bench
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r requirements-test.txt -r bench/requirements.txt
# Only this build in the directory: the wheel below is installed by a glob.
rm -rf ../target/bench-wheels
"$venv/bin/maturin" build --release --quiet --out ../target/bench-wheels
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps ../target/bench-wheels/rfc3987_rs-*.whl
case "${1:-}" in
  callgrind) PYTHON="$PWD/$venv/bin/python" bench/callgrind.sh "${@:2}" ;;
  arrow) "$venv/bin/python" bench/arrow_bench.py "${@:2}" ;;
  arrow-callgrind) PYTHON="$PWD/$venv/bin/python" bench/arrow_callgrind.sh "${@:2}" ;;
  spark) "$venv/bin/python" bench/arrow_spark.py "${@:2}" ;;
  *) "$venv/bin/python" bench/bench.py "$@" ;;
esac
