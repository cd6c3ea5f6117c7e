#!/usr/bin/env bash
# Instructions and allocations of every measured loop, rfc3987 against each peer, in one run:
# the figures BENCHMARKS.md gives beside criterion's times. Instructions do not depend on the
# load of a shared machine; they are the figures that reproduce.
#
#   benches/callgrind.sh [LINES]            the loops of benches/count.rs (first LINES lines, 20,000):
#                                           validation a byte, then parse and the passes
#   benches/callgrind.sh validate [LINES]   the validation table alone
#   benches/callgrind.sh check [FILE]       whole processes, instructions and the best of five
#                                           wall-clock times: `iri check` against the oxiri line
#                                           checker (FILE: benches/data/iris-nonascii.txt.gz,
#                                           unpacked into target/bench-data; the times mean
#                                           more on a bigger file)
#
# Needs valgrind (see BENCHMARKS.md); the inputs are in benches/data.
set -euo pipefail
cd "$(dirname "$0")/.."

# The path of a binary cargo has built (release profile, as `cargo bench` builds).
count_bin=$(cargo bench --bench count --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "count" and m.get("executable"):
        print(m["executable"])')

# Instructions collected by callgrind for one command; only inside `measured` when asked.
instructions() {
  local out; out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
  callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
  rm -f "$out"
}

# The best of five wall-clock times of a command, in seconds.
best_time() {
  local best="" t out
  out=$(mktemp)
  for _ in 1 2 3 4 5; do
    /usr/bin/time -f %e -o "$out" "$@" >/dev/null 2>&1
    t=$(tail -n 1 "$out")
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  rm -f "$out"
  echo "$best"
}

if [ "${1:-}" = "check" ]; then
  target=${CARGO_TARGET_DIR:-target}
  file=${2:-}
  if [ -z "$file" ]; then
    file=$target/bench-data/iris-nonascii.txt
    mkdir -p "${file%/*}"
    gzip -dc benches/data/iris-nonascii.txt.gz >"$file.$$"
    mv "$file.$$" "$file"
  fi
  cargo build --release -p iri-cli -q
  iri=$target/release/iri
  base=$(instructions "$count_bin" linecheck "$file")
  base_time=$(best_time "$count_bin" linecheck "$file")
  printf '%-34s %15s %8s %9s %8s\n' "whole process, ${file##*/}" instructions "÷ oxiri" "time (s)" "÷ oxiri"
  printf '%-34s %15s %8s %9s %8s\n' "oxiri line checker" "$base" 1.00 "$base_time" 1.00
  for args in "check --jobs 1" "check --jobs 1 --lint" "check" "check --lint"; do
    n=$(instructions "$iri" $args "$file")
    t=$(best_time "$iri" $args "$file")
    printf '%-34s %15s %8.2f %9s %8.2f\n' "iri $args" "$n" "$(echo "$n / $base" | bc -l)" "$t" "$(echo "$t / $base_time" | bc -l)"
  done
  exit 0
fi

only=""
if [ "${1:-}" = "validate" ]; then only=validate; shift; fi
lines=${1:-20000}
row() { # operation, crates...
  local operation=$1; shift
  local ours=""
  for krate in "$@"; do
    local n allocs
    n=$(instructions --collect-atstart=no --toggle-collect='count::measured' "$count_bin" "$operation" "$krate" "$lines")
    allocs=$("$count_bin" "$operation" "$krate" "$lines" | sed -E 's/.*\(([0-9.]+) per item\).*/\1/')
    [ -z "$ours" ] && ours=$n
    printf '%-16s %-18s %14s %12s %18s\n' "$operation" "$krate" "$n" \
      "$(printf %.2f "$(echo "$ours / $n" | bc -l)")" "$allocs"
  done
}
# Validation, no components asked for: instructions a byte of input, and rejection (each line
# with a space in its middle) against acceptance of the same lines.
per_byte() { # operation, crate: instructions, bytes
  local n bytes
  n=$(instructions --collect-atstart=no --toggle-collect='count::measured' "$count_bin" "$1" "$2" "$lines")
  bytes=$("$count_bin" "$1" "$2" "$lines" | sed -E 's/.*items, ([0-9]+) bytes.*/\1/')
  echo "$n $bytes"
}
printf '%-18s %-18s %14s %12s %12s\n' operation crate instructions "per byte" "rfc3987 ÷"
for corpus in mixed nonascii; do
  for operation in validate-$corpus reject-$corpus; do
    ours=""
    for krate in rfc3987 oxiri fluent-uri iri-string; do
      read -r n bytes < <(per_byte "$operation" "$krate")
      [ -z "$ours" ] && ours=$n
      printf '%-18s %-18s %14s %12.2f %12.2f\n' "$operation" "$krate" "$n" \
        "$(echo "$n / $bytes" | bc -l)" "$(echo "$ours / $n" | bc -l)"
    done
  done
  a=$(per_byte validate-$corpus rfc3987); r=$(per_byte reject-$corpus rfc3987)
  printf 'rfc3987 rejection ÷ acceptance, %s: %.2f a line\n' "$corpus" \
    "$(echo "${r%% *} / ${a%% *}" | bc -l)"
done
echo
[ "$only" = validate ] && exit 0
printf '%-16s %-18s %14s %12s %18s\n' operation crate instructions "rfc3987 ÷" "allocations/item"
row parse-mixed rfc3987 oxiri fluent-uri iri-string grammar
row parse-nonascii rfc3987 oxiri fluent-uri iri-string grammar
row parse-iris rfc3987 oxiri url
row resolve rfc3987 oxiri fluent-uri iri-string
row normalize rfc3987 fluent-uri iri-string
row to-uri rfc3987 fluent-uri iri-string
