#!/usr/bin/env bash
# `iri check --format nt` on a real RDF dump against RDF parsers, whole processes, in one run
# (issue 24, deliverable 5): benches/data/dbpedia-de-dnb-wikidata-links.nt.bz2, 381,058 triples,
# 47.7 MB unpacked.
#
#   benches/rdf.sh [--iri PATH] [--runs N] [--no-instructions]
#
#   --iri PATH (or IRI=PATH)   measure this `iri` binary instead of building one
#                              (`cargo build --release -p iri-cli`)
#   --runs N (or RUNS=N)       hyperfine's --min-runs (10; at least 5)
#   --no-instructions          skip the callgrind counts (about two minutes)
#
# 1. Times (hyperfine, one warm-up, one run of hyperfine for every command, so that the ratios
#    are measured under the same load), on the unpacked dump: `iri check --format nt` with one
#    and two workers, oxttl (benches/rdf-peers, IRI validation on), serdi (N-Triples in and out,
#    `-b` bulk output, to /dev/null: serd 0.30 has no output syntax that writes nothing), serd's
#    reader alone (serd-count, benches/rdf-peers/serd_count.c: serdi with nothing out) and
#    rapper (count mode `-c`: parses every triple, writes none); on the .bz2 file: bzcat against
#    `iri check`. Each command's standard output goes to /dev/null (hyperfine's default).
# 2. Instructions (callgrind, the whole process) of the single-threaded commands.
# Both with MB/s (of the unpacked dump) and triples/s (its lines: one triple a line).
#
# Needs hyperfine, serdi, libserd-dev (and a C compiler), rapper, bzip2 and valgrind; see
# BENCHMARKS.md for how to install them.
# The benchmark is not run by the tests or CI.
set -euo pipefail
cd "$(dirname "$0")/.."

iri=${IRI:-}
runs=${RUNS:-10}
instructions=yes
while [ $# -gt 0 ]; do
  case $1 in
    --iri) iri=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --no-instructions) instructions=no; shift ;;
    *) echo "usage: benches/rdf.sh [--iri PATH] [--runs N] [--no-instructions]" >&2; exit 2 ;;
  esac
done
[ "$runs" -ge 5 ] || { echo "benches/rdf.sh: --runs must be at least 5" >&2; exit 2; }

for tool in hyperfine serdi rapper bzcat python3 cc pkg-config; do
  command -v "$tool" >/dev/null || { echo "benches/rdf.sh: $tool is not installed (see BENCHMARKS.md)" >&2; exit 2; }
done
if [ "$instructions" = yes ] && ! command -v valgrind >/dev/null; then
  echo "benches/rdf.sh: valgrind is not installed: no instruction counts" >&2
  instructions=no
fi

target=${CARGO_TARGET_DIR:-target}
if [ -z "$iri" ]; then
  cargo build --release -p iri-cli -q
  iri=$target/release/iri
fi
# The peer parser, outside the workspace (its own Cargo.lock), in a directory of the target.
CARGO_TARGET_DIR=$target/rdf-peers cargo build --release -q --manifest-path benches/rdf-peers/Cargo.toml
oxttl=$target/rdf-peers/release/oxttl-nt
serd_count=$target/rdf-peers/serd-count
pkg-config --exists serd-0 || { echo "benches/rdf.sh: libserd-dev is not installed (see BENCHMARKS.md)" >&2; exit 2; }
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -O2 -o "$serd_count" benches/rdf-peers/serd_count.c $(pkg-config --cflags --libs serd-0)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bz2=$tmp/dbpedia-de-dnb-wikidata-links.nt.bz2
nt=${bz2%.bz2}
cp benches/data/dbpedia-de-dnb-wikidata-links.nt.bz2 "$bz2"
bzip2 -dc "$bz2" >"$nt"
bytes=$(wc -c <"$nt")
triples=$(wc -l <"$nt")

# Every command must accept the dump, or its time means nothing.
accepts() { # name, command...
  local name=$1; shift
  if ! "$@" >/dev/null 2>"$tmp/stderr"; then
    echo "benches/rdf.sh: $name does not accept the dump: $(head -n 3 "$tmp/stderr")" >&2
    return 1
  fi
}
accepts oxttl-nt "$oxttl" "$nt"
[ "$("$oxttl" "$nt")" = "$triples" ] || { echo "benches/rdf.sh: oxttl-nt counts other than $triples triples" >&2; exit 1; }
accepts serdi serdi -b -i ntriples -o ntriples "$nt"
accepts serd-count "$serd_count" "$nt"
accepts rapper rapper -q -c -i ntriples "$nt"
# `iri check --format nt` is issue 24's; a build without it is measured without its rows.
have_iri=yes
if ! accepts "iri check --format nt" "$iri" check --format nt --jobs 1 "$nt" ||
  ! accepts "iri check (.bz2)" "$iri" check --jobs 2 "$bz2"; then
  echo "benches/rdf.sh: *** $iri cannot check the dump: its rows are skipped, the peers are measured ***" >&2
  have_iri=no
fi

echo "dump: $(basename "$nt"), $bytes bytes, $triples triples"
echo "peers: oxttl $(awk '/^name = "oxttl"/ { getline; gsub(/"/, "", $3); print $3 }' benches/rdf-peers/Cargo.lock)," \
  "$(serdi -v 2>&1 | head -n 1 | cut -d' ' -f1-2) (libserd $(pkg-config --modversion serd-0)), rapper $(rapper --version)," \
  "bzip2 $(bzip2 --help 2>&1 | head -n 1 | grep -o 'Version [0-9.]*' | cut -d' ' -f2), $(hyperfine --version)"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "$have_iri" = yes ] && echo "iri: $iri ($("$iri" --version))"
echo

names=() commands=()
add() { names+=("$1"); commands+=("$2"); }
if [ "$have_iri" = yes ]; then
  add "iri --jobs 1" "$iri check --format nt --jobs 1 $nt"
  add "iri --jobs 2" "$iri check --format nt --jobs 2 $nt"
fi
add "oxttl-nt" "$oxttl $nt"
add "serdi" "serdi -b -i ntriples -o ntriples $nt"
add "serd-count" "$serd_count $nt"
add "rapper -c" "rapper -q -c -i ntriples $nt"
add "bzcat .bz2" "bzcat $bz2"
[ "$have_iri" = yes ] && add "iri --jobs 2 .bz2" "$iri check --jobs 2 $bz2"
args=()
for i in "${!names[@]}"; do args+=(-n "${names[$i]}" "${commands[$i]}"); done
hyperfine -N --warmup 1 --min-runs "$runs" --style basic --export-json "$tmp/times.json" "${args[@]}" >&2

python3 - "$tmp/times.json" "$bytes" "$triples" <<'EOF'
import json, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
size, triples = int(sys.argv[2]), int(sys.argv[3])
print(f'{"command":<20} {"mean (s)":>9} {"± (s)":>7} {"min (s)":>8} {"MB/s":>7} {"triples/s":>10}  (rates of the mean)')
for name, r in results.items():
    rate = "" if ".bz2" in name else f'{size / r["mean"] / 1e6:7.1f} {triples / r["mean"]:10.0f}'
    print(f'{name:<20} {r["mean"]:9.3f} {r["stddev"]:7.3f} {r["min"]:8.3f} {rate}')
print("(MB/s and triples/s of the unpacked dump; the .bz2 rows read the same triples)")
print()
def ratio(a, b, target):
    if a in results and b in results:
        mean = results[a]["mean"] / results[b]["mean"]
        best = results[a]["min"] / results[b]["min"]
        print(f'{a + " ÷ " + b:<34} {mean:6.2f} {best:8.2f}   ({target})')
print(f'{"ratios of the times":<34} {"means":>6} {"minimums":>8}')
ratio("oxttl-nt", "iri --jobs 1", "target ≥ 2")
ratio("serd-count", "iri --jobs 1", "target > 1: serdi with nothing out")
ratio("serdi", "iri --jobs 1", "serdi writing N-Triples to /dev/null")
ratio("rapper -c", "iri --jobs 1", "target > 1")
ratio("iri --jobs 1", "iri --jobs 2", "target ≥ 1.6")
ratio("iri --jobs 2 .bz2", "bzcat .bz2", "target ≤ 1.1")
if "iri --jobs 1" not in results:
    ratio("serdi", "oxttl-nt", "peers")
    ratio("serd-count", "oxttl-nt", "peers")
    ratio("rapper -c", "oxttl-nt", "peers")
    for stat in ("mean", "min"):
        o, s = results["oxttl-nt"][stat], results["serd-count"][stat]
        print(f'by the {stat}s, iri --jobs 1 must take ≤ {o / 2:.3f} s ({size / (o / 2) / 1e6:.0f} MB/s)'
              f' to be 2× oxttl, < {s:.3f} s ({size / s / 1e6:.0f} MB/s) to beat serd-count')
EOF
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

[ "$instructions" = yes ] || exit 0
# Instructions collected by callgrind for one whole process (as in benches/callgrind.sh).
count() {
  local out; out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
  callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
  rm -f "$out"
}
row() { # name, command...
  local name=$1; shift
  local n; n=$(count "$@")
  [ -z "$base" ] && base=$n
  printf '%-20s %15s %10s %14s\n' "$name" "$n" "$(printf %.1f "$(echo "$n / $triples" | bc -l)")" \
    "$(printf %.2f "$(echo "$n / $base" | bc -l)")"
}
base=""
printf '%-20s %15s %10s %14s\n' "whole process" instructions "per triple" "÷ first row"
[ "$have_iri" = yes ] && row "iri --jobs 1" "$iri" check --format nt --jobs 1 "$nt"
row "oxttl-nt" "$oxttl" "$nt"
row "serdi" serdi -b -i ntriples -o ntriples "$nt"
row "serd-count" "$serd_count" "$nt"
row "rapper -c" rapper -q -c -i ntriples "$nt"
