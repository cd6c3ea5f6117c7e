#!/usr/bin/env bash
# Instructions per row of arrow_bench.py's loops on one thread, under callgrind, by
# callgrind.sh's method: each loop runs twice in a fresh interpreter, on N rows and on none (the
# same imports, set-up and first call on one row; both make the array of N rows, which costs
# more than some of the loops, and the second runs the loop on an empty array); the difference
# divided by N is the cost per row. The per-row Python loops (the rfc3987 UDFs, our scalar
# is_valid) get N/10 rows.
#   python/bench/arrow_callgrind.sh [N]      (default 100000)
# Run through python/bench/run.sh arrow-callgrind (its virtual environment, with regex); PYTHON
# may name another interpreter with the package, pyarrow and the PyPI packages installed.
set -euo pipefail
cd "$(dirname "$0")"
python="${PYTHON:-../../target/python-bench/bin/python}"
n="${1:-100000}"
export PYTHONHASHSEED=0
# pyarrow imports numpy, whose OpenBLAS starts threads that spin for a while: under callgrind
# their instructions vary by millions from run to run. One thread starts none.
export OPENBLAS_NUM_THREADS=1

instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" arrow_bench.py --count "$@" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

per_row() {
  local loop="$1" corpus="$2" rows="$3"
  local with without
  with=$(instructions "$loop" "$corpus" "$rows")
  without=$(instructions "$loop" "$corpus" "$rows" --empty)
  echo $(((with - without) / rows))
}

printf '%-10s %-34s %8s %14s\n' corpus loop rows instructions/row
for corpus in mixed nonascii; do
  for loop in "is_valid/arrow, 1 core" "parse/arrow, 1 core" "normalize/arrow, 1 core" \
    "to_uri/arrow, 1 core" "lint_codes/arrow, 1 core" "is_valid/rfc3987_rs per row" \
    "is_valid/rfc3987 UDF" "is_valid/rfc3987+regex UDF" "parse/rfc3987 UDF" \
    "parse/rfc3987+regex UDF"; do
    rows=$n
    case "$loop" in *UDF | *"per row") rows=$((n / 10)) ;; esac
    printf '%-10s %-34s %8s %14s\n' "$corpus" "$loop" "$rows" "$(per_row "$loop" "$corpus" "$rows")"
  done
done
