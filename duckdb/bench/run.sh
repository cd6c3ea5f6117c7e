#!/usr/bin/env bash
# The DuckDB extension's benchmarks (bench.py, callgrind.sh), in the Python tests' virtual
# environment (python/test.sh makes it: duckdb and pyarrow pinned from PyPI, the rfc3987_rs
# wheel) with the extension built by duckdb/build.sh.
#   duckdb/bench/run.sh [bench.py arguments]   rows per second, threads = 1 and 2
#   duckdb/bench/run.sh callgrind [N]          instructions per row, threads = 1
#   duckdb/bench/run.sh rdf [rdf_dump.py args] read_rdf_iris over a dump beside iri check --json | DuckDB
set -euo pipefail
cd "$(dirname "$0")/../.."
# RFC3987_PYTHON_VENV as python/test.sh reads it: relative to python/.
venv=$(cd python && cd "${RFC3987_PYTHON_VENV:-.venv}" && pwd)
if ! "$venv/bin/python" -c 'import duckdb, rfc3987_rs.duckdb' 2>/dev/null; then
  echo "duckdb/bench/run.sh: $venv lacks duckdb or rfc3987_rs; run python/test.sh first" >&2
  exit 1
fi
RFC3987_DUCKDB_EXTENSION=$(duckdb/build.sh)
export RFC3987_DUCKDB_EXTENSION
python="$venv/bin/python"
case "${1:-}" in
  callgrind) PYTHON="$python" duckdb/bench/callgrind.sh "${@:2}" ;;
  rdf) cargo build -q --release -p iri-cli && "$python" duckdb/bench/rdf_dump.py "${@:2}" ;;
  *) "$python" duckdb/bench/bench.py "$@" ;;
esac
