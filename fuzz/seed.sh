#!/usr/bin/env bash
# Regenerates the seed corpora of the fuzz targets from the repository's test data (run from fuzz/).
set -euo pipefail
cd "$(dirname "$0")"
corpus=../tests/data/corpus
for target in parse scanner_vs_grammar abnf normalize mapping resolve differential render rdf capi; do mkdir -p "corpus/$target"; done
i=0
seed() { # seed TEXT TARGETS...
  local text=$1; shift
  i=$((i + 1))
  for target in "$@"; do printf '%s' "$text" > "corpus/$target/seed-$i"; done
}
while IFS= read -r line; do seed "$line" parse scanner_vs_grammar abnf normalize mapping differential render; done \
  < <(head -n 300 "$corpus/bench-sample/iris-mixed-10k.txt"; head -n 300 "$corpus/bench-sample/iris-nonascii-10k.txt")
# The project's table of common mistakes (inputs as written, escapes and all) and IPv6 forms.
while IFS=$'\t' read -r _ input _; do seed "$input" abnf scanner_vs_grammar render; done \
  < <(grep -v '^#' ../tests/data/mistakes.tsv | grep .)
while IFS=$'\t' read -r input _; do seed "$input" abnf; done < <(grep -v '^#' ../tests/data/ipv6.tsv | grep .)
while IFS= read -r line; do seed "$line" parse scanner_vs_grammar normalize mapping differential; done \
  < <(python3 -c 'import json,sys
def walk(v):
    if isinstance(v,str): print(v.replace("\n"," "))
    elif isinstance(v,list): [walk(x) for x in v]
    elif isinstance(v,dict): [walk(x) for x in v.values()]
for f in sys.argv[1:]: walk(json.load(open(f)))' "$corpus/rfc-examples/rfc3987-examples.json" "$corpus/wpt-url/urltestdata.json")
while IFS=, read -r base reference; do seed "$base"$'\n'"$reference" resolve; done \
  < <(tail -n +2 "$corpus/bench-sample/relative_urls_cc_2500.csv" | head -n 500)
while IFS=$'\t' read -r base reference _; do seed "$base"$'\n'"$reference" resolve; done \
  < <(grep -v '^#' "$corpus/rfc-examples/rfc3986-5.4-resolution.tsv")
# Hostile text for the reports (issue 28): terminal escapes, a bare CR, bidi controls, isolates.
for text in $'http://a/\e[31mred\e[0m' $'http://a/\e]0;title\a' $'http://a/\e]8;;http://evil/\e\\x\e]8;;\e\\' \
  $'http://a/safe\revil' $'http://a/\u202eb' $'http://a/x\u2067y?\u061c#\u2066' $'h\u200etp://a/' $'http://a/\xc2\x9b31m'; do
  seed "$text" render
done
# RDF documents (rdf): the first byte picks the syntax (its value mod 4: nt, nq, ttl, trig, the
# order of rdf::Syntax::ALL) and where the document is cut in two (its value / 4, in 64ths).
for file in ../tests/data/rdf-dirty/*.{nt,nq,ttl,trig} ../tests/data/rdf-tests/*/*.{nt,nq,ttl,trig}; do
  case $file in *.nt) n=0 ;; *.nq) n=1 ;; *.ttl) n=2 ;; *.trig) n=3 ;; esac
  for cut in 0 21 42 63; do
    i=$((i + 1))
    { printf "\\$(printf '%03o' $((n + 4 * cut)))"; cat "$file"; } > "corpus/rdf/seed-$i"
  done
done
# The C entry points (capi): a selector byte (start symbol and flags, taking every value in
# turn), then an input, or a base, "\n" and a reference.
capi_seed() { # capi_seed TEXT
  i=$((i + 1))
  { printf "\\$(printf '%03o' $((i % 256)))"; printf '%s' "$1"; } > "corpus/capi/seed-$i"
}
while IFS= read -r line; do capi_seed "$line"; done < <(head -n 200 "$corpus/bench-sample/iris-nonascii-10k.txt")
while IFS=$'\t' read -r base reference _; do capi_seed "$base"$'\n'"$reference"; done \
  < <(grep -v '^#' "$corpus/rfc-examples/rfc3986-5.4-resolution.tsv")
echo "seeded $i inputs"
