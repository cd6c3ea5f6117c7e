#!/usr/bin/env bash
# The DuckDB extension's tests: the extension built by build.sh with cargo's test profile
# (--debug), which reuses the dependencies the root's test.sh compiled for the workspace's Rust
# tests (workspace-hack/ gives them the same features); the SQL tests
# (test/sql/*.test, the tables' files checked against the tables first) run by
# test/sqllogictest.py in DuckDB from PyPI, the version python/requirements-test.txt pins, and
# in every release the guide (docs/src/sql.md) says loads it, while older releases must refuse it at LOAD
# (releases.sh); test_parity.py, which compares each function with the
# Python module's (and read_rdf_iris with rfc3987_rs.rdf.check); test_docs.py, the sql blocks of
# every Markdown file (TESTING.md); ruff and mypy on the Python files. It uses the Python tests'
# virtual environment (python/test.sh makes it, and ./test.sh runs that first; alone, this script
# runs python/test.sh when the environment lacks the package).
# The root's test.sh runs it in three phases, each named by an argument: `--fetch` makes the
# releases' environments (while the Rust tests build), `--build` builds the extension,
# `--check` runs the tests. Without an argument it runs all three.
set -euo pipefail
cd "$(dirname "$0")/.."
phase=${1:-}
case $phase in "" | --fetch | --build | --check) ;; *) echo "usage: duckdb/test.sh [--fetch|--build|--check]" >&2 && exit 2 ;; esac
in_phase() { [ -z "$phase" ] || [ "$phase" = "--$1" ]; }

# Every DuckDB release from 1.0 on (test/releases.py pins them), an environment each.
if in_phase fetch; then
  duckdb/releases.sh --fetch
fi
if in_phase build; then
  python3 duckdb/test/generate.py --check
  duckdb/build.sh --debug >/dev/null
fi
in_phase check || exit 0

# RFC3987_PYTHON_VENV, as python/test.sh reads it: relative to python/.
venv_of() { (cd python && mkdir -p "$1" && cd "$1" && pwd); }
venv=$(venv_of "${RFC3987_PYTHON_VENV:-.venv}")
if ! "$venv/bin/python" -c 'import duckdb, rfc3987_rs.duckdb' 2>/dev/null; then
  python/test.sh
fi

# Where duckdb/build.sh --debug writes it.
extension="$(cd "${CARGO_TARGET_DIR:-target}" && pwd)/duckdb/debug/rfc3987.duckdb_extension"
"$venv/bin/python" duckdb/test/sqllogictest.py --extension "$extension" duckdb/test/sql/*.test

# Every release the guide says loads it (the long-term 1.4 among them) loads it and passes the
# SQL tests; the older ones refuse it cleanly at LOAD.
duckdb/releases.sh --sql "$extension"

(cd duckdb/test && RFC3987_DUCKDB_EXTENSION="$extension" "$venv/bin/python" -m pytest -q -p no:cacheprovider test_parity.py test_docs.py)
"$venv/bin/ruff" check duckdb
"$venv/bin/ruff" format --check duckdb
# test_docs.py imports the Python tests' markdown_blocks.py (the block finder both runners share).
(cd duckdb && MYPYPATH=../python/tests "$venv/bin/mypy" --strict append_metadata.py test bench)
