#!/usr/bin/env bash
# Loads the extension into each DuckDB release from PyPI (test/releases.py, whose RELEASES list
# pins them): the supported ones must answer its queries, the older ones refuse the file at LOAD.
# The releases' environments are kept in target/duckdb-releases/VERSION (under CARGO_TARGET_DIR
# when set) and made when missing.
#
#   duckdb/releases.sh [--sql] [EXTENSION]
#   duckdb/releases.sh --fetch
#
# EXTENSION defaults to the file duckdb/build.sh builds (and builds it); --sql also runs the SQL
# tests (test/sql/*.test) in each supported release. --fetch only makes the environments
# (duckdb/test.sh, while the Rust tests build).
set -euo pipefail
cd "$(dirname "$0")/.."
venvs=${CARGO_TARGET_DIR:-target}/duckdb-releases
if [ "${1:-}" = --fetch ]; then
  exec python3 duckdb/test/releases.py --fetch --venvs "$venvs"
fi
sql=()
if [ "${1:-}" = --sql ]; then
  sql=(--sql)
  shift
fi
case $# in
  0) extension=$(duckdb/build.sh) ;;
  1) extension=$1 ;;
  *) echo "usage: duckdb/releases.sh [--fetch | [--sql] [EXTENSION]]" >&2 && exit 2 ;;
esac
python3 duckdb/test/releases.py --extension "$extension" --venvs "$venvs" ${sql[@]+"${sql[@]}"}
