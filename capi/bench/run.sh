#!/usr/bin/env bash
# The C benchmark (capi/bench/bench.c): librfc3987 against uriparser, per call, on the
# benchmark lists of benches/data (BENCHMARKS.md, "C library"). Needs the C library that
# capi/test.sh installs into target/capi/shared (run `./test.sh c` or `capi/test.sh --build`
# first), Debian's liburiparser-dev and valgrind. Prints, for each list and function, the
# nanoseconds per call (best of 5 passes) and the instructions per call (callgrind, one pass,
# less the loop alone).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${CARGO_TARGET_DIR:-target}/capi"
[ -f "$out/shared/lib/pkgconfig/rfc3987.pc" ] || { echo "capi/bench/run.sh: run capi/test.sh --build first" >&2; exit 1; }
mkdir -p "$out/bench"
read -ra flags <<<"$(PKG_CONFIG_PATH="$out/shared/lib/pkgconfig" pkg-config --cflags --libs rfc3987 liburiparser)"
cc -std=c11 -O2 -Wall -Wextra -Werror capi/bench/bench.c "${flags[@]}" -Wl,-rpath,"$out/shared/lib" -o "$out/bench/bench"
echo "uriparser $(dpkg-query -W -f '${Version}' liburiparser-dev 2>/dev/null || echo '?'), librfc3987 $(git describe --always --dirty)"

# The lists: the 100,000 DBpedia IRIs (8 % non-ASCII), their ASCII lines (where both parsers
# read the same language, RFC 3986's), and the 95,437 non-ASCII IRIs.
gzip -dc benches/data/iris-mixed-100k.txt.gz >"$out/bench/mixed.txt"
LC_ALL=C grep -v '[^ -~]' "$out/bench/mixed.txt" >"$out/bench/ascii.txt" || true
gzip -dc benches/data/iris-nonascii.txt.gz >"$out/bench/nonascii.txt"

instructions() { # instructions MODE FILE: callgrind's total for one pass
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$out/bench/bench" "$1" "$2" 1 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
for list in ascii mixed nonascii; do
  file="$out/bench/$list.txt"
  lines=$(wc -l <"$file")
  base=$(instructions read "$file")
  for mode in validate-iri validate-uri parse-iri uriparser; do
    timing=$("$out/bench/bench" "$mode" "$file")
    total=$(instructions "$mode" "$file")
    printf '%s\t%s\t%s instructions/call\n' "$list" "$timing" "$(((total - base) / lines))"
  done
done
