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
#   duckdb      the DuckDB extension (duckdb/test.sh: its SQL tests in DuckDB from PyPI);
#   c           the C library (capi/test.sh: librfc3987 installed by cargo-c, C programs linked
#               shared and static, under ASan+UBSan and valgrind, the header in C++);
#   docs        the guide (docs/test.sh: built by mdBook without a warning).
# The examples of every Markdown file are run by the part of their language (TESTING.md, "The
# examples in the documentation"): Rust and `iri` blocks by rust, Python blocks by python, SQL
# blocks by duckdb, JavaScript blocks by js, the C library's by c.
# `./test.sh` runs them all; `./test.sh python duckdb` runs those two.
set -euo pipefail
cd "$(dirname "$0")"

all=(rust python js playground duckdb c docs)
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

# Each part is three phases: fetch (downloads), build (compiling, mostly cargo's), check (the
# tests). The parts' fetches (PyPI's packages, npm's, Debian's source of std) run in the
# background from the start: the downloads wait on the network, the builds on the processors.
# The builds run one after another, in the order above, each once its fetch is done; each
# part's checks start in the background as soon as its build is done, beside the next builds
# (cargo's lock on target/ is held while cargo compiles, not while the tests it built run). A
# check's output goes to target/test-PART.log and is printed when it ends.
logs="${CARGO_TARGET_DIR:-target}"
mkdir -p "$logs"
rust=(--workspace --exclude rfc3987-python --all-features)
phase() { # phase PART --fetch|--build|--check
  case $1/$2 in
    rust/--fetch) ;;
    rust/--build) cargo test "${rust[@]}" --no-run ;;
    rust/--check) cargo test "${rust[@]}" ;;
    c/*) capi/test.sh "$2" ;;
    *) "$1/test.sh" "$2" ;;
  esac
}

# Stopping ./test.sh (Ctrl-C) stops what runs in the background too, with its processes (a
# script's background jobs ignore the terminal's interrupt).
stop_tree() { # stop_tree PID...: the processes and their descendants
  local pid
  for pid in "$@"; do
    stop_tree $(pgrep -P "$pid" || true)
    kill "$pid" 2>/dev/null || true
  done
}
trap 'trap - INT TERM; stop_tree $(jobs -p); exit 130' INT TERM

declare -A fetching=() checking=() started=()
for part in "${parts[@]}"; do
  phase "$part" --fetch >"$logs/test-fetch-$part.log" 2>&1 &
  fetching[$part]=$!
done

failed=()
for part in "${parts[@]}"; do
  if ! wait "${fetching[$part]}"; then
    cat "$logs/test-fetch-$part.log" >&2
    echo "test.sh: $part: fetching failed" >&2
    failed+=("$part")
    continue
  fi
  echo "test.sh: $part: building" >&2
  started[$part]=$SECONDS
  if ! phase "$part" --build; then
    echo "test.sh: $part: building failed" >&2
    failed+=("$part")
    continue
  fi
  echo "test.sh: $part: built in $((SECONDS - started[$part])) s; its tests run in the background" >&2
  phase "$part" --check >"$logs/test-$part.log" 2>&1 &
  checking[$part]=$!
done

# The checks, as they end.
declare -A part_of=()
for part in "${!checking[@]}"; do part_of[${checking[$part]}]=$part; done
while [ ${#part_of[@]} -gt 0 ]; do
  status=0
  wait -n -p pid "${!part_of[@]}" || status=$?
  part=${part_of[$pid]}
  unset "part_of[$pid]"
  cat "$logs/test-$part.log"
  if [ "$status" = 0 ]; then
    echo "test.sh: $part passed in $((SECONDS - started[$part])) s (building and testing)" >&2
  else
    echo "test.sh: $part FAILED (exit status $status; its output is above and in $logs/test-$part.log)" >&2
    failed+=("$part")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "test.sh: failed: ${failed[*]}" >&2
  exit 1
fi
echo "test.sh: all passed in $SECONDS s: ${parts[*]}" >&2
