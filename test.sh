#!/usr/bin/env bash
# Every test, or the parts named on the command line, in this order:
#   rust        the Rust workspace with every feature (the library, the `iri` tool, the
#               JavaScript and DuckDB crates), doctests included; the Python crate, which has no
#               Rust tests, is compiled by the python part (its wheel);
#   python      the Python package (python/test.sh: a virtual environment, the wheel, ruff, mypy,
#               pytest);
#   js          the JavaScript package (js/test.sh: the WebAssembly build, tsc, node --test,
#               headless Chromium);
#   playground  the playground (playground/test.sh: the page in headless Chromium, driven by
#               puppeteer-core);
#   duckdb      the DuckDB extension (duckdb/test.sh: its SQL tests in DuckDB from PyPI).
# `./test.sh` runs them all; `./test.sh python duckdb` runs those two.
set -euo pipefail
cd "$(dirname "$0")"

all=(rust python js playground duckdb)
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=("${all[@]}")
for part in "${parts[@]}"; do
  case " ${all[*]} " in
    *" $part "*) ;;
    *)
      echo "usage: ./test.sh $(printf '[%s] ' "${all[@]}")" >&2
      echo "test.sh: no part named '$part'" >&2
      exit 2
      ;;
  esac
done

# What the later parts download (PyPI's packages, npm's, Debian's source of std) is fetched in
# the background while the first part runs: the downloads wait on the network, the builds on
# the processors. Each part's script does that with --fetch; a part starts once its fetch is done.
declare -A fetching=()
logs="${CARGO_TARGET_DIR:-target}"
mkdir -p "$logs"
for part in "${parts[@]:1}"; do
  if [ "$part" != rust ]; then
    "$part/test.sh" --fetch >"$logs/test-fetch-$part.log" 2>&1 &
    fetching[$part]=$!
  fi
done

for part in "${parts[@]}"; do
  if [ -n "${fetching[$part]:-}" ] && ! wait "${fetching[$part]}"; then
    cat "$logs/test-fetch-$part.log" >&2
    echo "test.sh: $part/test.sh --fetch failed" >&2
    exit 1
  fi
  echo "test.sh: $part" >&2
  started=$SECONDS
  case $part in
    rust) cargo test --workspace --exclude rfc3987-python --all-features ;;
    *) "$part/test.sh" ;;
  esac
  echo "test.sh: $part passed in $((SECONDS - started)) s" >&2
done
