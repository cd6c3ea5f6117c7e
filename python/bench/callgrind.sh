#!/usr/bin/env bash
# Instructions per call of each loop of bench.py, under callgrind: the machines are shared and
# noisy, instruction counts are not. Each loop runs twice in a fresh interpreter, on N inputs
# and on none (the same imports and set-up); the difference divided by N is the cost per call.
#   python/bench/callgrind.sh [N]      (default 2000; rfc3987-syntax gets N/100)
# Run through python/bench/run.sh callgrind (its virtual environment, with regex); PYTHON may
# name another interpreter with the package and the PyPI packages installed.
set -euo pipefail
cd "$(dirname "$0")"
python="${PYTHON:-../../target/python-bench/bin/python}"
n="${1:-2000}"
export PYTHONHASHSEED=0

instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" bench.py --count "$@" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

per_call() {
  local loop="$1" corpus="$2" calls="$3"
  local with without
  with=$(instructions "$loop" "$corpus" "$calls")
  without=$(instructions "$loop" "$corpus" 0)
  echo $(((with - without) / calls))
}

printf '%-10s %-50s %14s\n' corpus loop instructions/call
for corpus in mixed nonascii; do
  for loop in "is_valid/rfc3987_rs" "is_valid IRI/rfc3987_rs" \
    "match/rfc3987_rs.compat" "match/rfc3987" "match/rfc3987+regex" \
    "parse/rfc3987_rs.compat" "parse/rfc3987" "parse/rfc3987+regex" \
    "is_valid_syntax_iri_reference/rfc3987_rs.compat"; do
    printf '%-10s %-50s %14s\n' "$corpus" "$loop" "$(per_call "$loop" "$corpus" "$n")"
  done
  slow=$((n / 100))
  loop="is_valid_syntax_iri_reference/rfc3987_syntax"
  printf '%-10s %-50s %14s\n' "$corpus" "$loop" "$(per_call "$loop" "$corpus" "$slow")"
done
for loop in "resolve/rfc3987_rs.compat" "resolve/rfc3987"; do
  printf '%-10s %-50s %14s\n' pairs "$loop" "$(per_call "$loop" pairs "$n")"
done
# One validation of an array of N IRI references (per reference).
for loop in "jsonschema/rfc3987_rs" "jsonschema/rfc3987"; do
  printf '%-10s %-50s %14s\n' pairs "$loop" "$(per_call "$loop" pairs "$n")"
done
