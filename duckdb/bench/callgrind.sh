#!/usr/bin/env bash
# Instructions per row of bench.py's queries on one thread (DuckDB's threads = 1), under
# callgrind: each query runs once in a fresh interpreter on N rows, and the same set-up runs
# without a query (bench.py --count none); the difference divided by N is the cost per row.
#   duckdb/bench/callgrind.sh [N]      (default 200000; through run.sh callgrind)
set -euo pipefail
cd "$(dirname "$0")"
python="${PYTHON:?the interpreter with duckdb and rfc3987_rs (run.sh sets it)}"
n="${1:-200000}"
export PYTHONHASHSEED=0 OPENBLAS_NUM_THREADS=1

instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" bench.py --rows "$n" "$@" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

printf '%-10s %-14s %16s\n' corpus query instructions/row
for corpus in mixed nonascii; do
  base=$(instructions --corpus "$corpus" --count none)
  for query in floor is_valid py_is_valid py_row_is_valid lower normalize py_normalize; do
    with=$(instructions --corpus "$corpus" --count "$query")
    printf '%-10s %-14s %16d\n' "$corpus" "$query" $(((with - base) / n))
  done
done
