#!/usr/bin/env bash
# The C library's tests, as a user would build against it: cargo-c installs librfc3987 (shared
# and static), rfc3987.h and rfc3987.pc into target/capi/, and C programs compiled with `cc`
# against what pkg-config names there:
#   - tests/tables.c (with api.c and check.c): the repository's tables (tests/data) and the API's
#     own cases, linked shared, linked static, and static under AddressSanitizer and
#     UndefinedBehaviorSanitizer (any leak, error or undefined behaviour fails), and run under
#     valgrind's memcheck, where any error or leak fails;
#   - tests/header.cpp: the header in C++, with -Wall -Wextra -Werror -pedantic;
#   - the guide's C example and Python ctypes example (docs/src/c.md), their output compared with the guide's;
#   - capi/include/rfc3987.h, the committed header, against the one cbindgen generates.
# The root's test.sh runs it in three phases, each named by an argument: `--fetch` installs
# cargo-c from crates.io when it is missing (while the Rust tests build), `--build` installs the
# library and compiles the programs, `--check` runs them. Without an argument it runs all three.
set -euo pipefail
cd "$(dirname "$0")/.."
phase=${1:-}
case $phase in "" | --fetch | --build | --check) ;; *) echo "usage: capi/test.sh [--fetch|--build|--check]" >&2 && exit 2 ;; esac
in_phase() { [ -z "$phase" ] || [ "$phase" = "--$1" ]; }

target="${CARGO_TARGET_DIR:-target}"
mkdir -p "$target/capi"
out=$(cd "$target/capi" && pwd)

# cargo-c 0.10.24 is the newest release that builds with Rust 1.95 (later ones need 1.97).
# Built without optimization (--debug): it spends its time waiting for cargo; and without debug
# information, which took a fifth of its build (8.7 minutes of processor time instead of 11.3).
if in_phase fetch; then
  if ! cargo cinstall --version >/dev/null 2>&1; then
    CARGO_PROFILE_DEV_DEBUG=0 cargo install cargo-c --locked --debug --version 0.10.24 --target-dir "$out/cargo-c"
  fi
  for tool in cc c++ pkg-config valgrind; do
    command -v "$tool" >/dev/null || { echo "capi/test.sh: $tool is missing (apt-get install ${tool/c++/g++})" >&2; exit 1; }
  done
fi

# The release build users install, in two prefixes: both libraries in `shared` (so cc picks
# the shared one), the static library alone in `static` (so cc can only link it).
cflags=(-std=c11 -Wall -Wextra -Werror -g)
tests=(capi/tests/tables.c capi/tests/api.c capi/tests/check.c)
pc() { PKG_CONFIG_PATH="$out/$1/lib/pkgconfig" pkg-config "${@:2}" rfc3987; }
# The `$2`-th fenced block (1 by default) after the line of the guide's C chapter that holds `$1`.
guide_block() {
  awk -v marker="$1" -v nth="${2:-1}" 'index($0, marker) { found = 1; next }
    found && /^```/ { if (inside) { if (++seen == nth) exit; inside = 0 } else inside = 1; next }
    inside && seen == nth - 1 { print }' docs/src/c.md
}
if in_phase build; then
  for kind in shared static; do
    library_type=()
    [ "$kind" = static ] && library_type=(--library-type staticlib)
    cargo cinstall --release -p rfc3987-capi "${library_type[@]}" --prefix "$out/$kind" --libdir lib
  done
  read -ra shared_flags <<<"$(pc shared --cflags --libs)"
  read -ra static_flags <<<"$(pc static --cflags --libs --static)"
  cc "${cflags[@]}" "${tests[@]}" "${shared_flags[@]}" -Wl,-rpath,"$out/shared/lib" -o "$out/tables-shared"
  cc "${cflags[@]}" "${tests[@]}" "${static_flags[@]}" -o "$out/tables-static"
  cc "${cflags[@]}" -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
    "${tests[@]}" "${static_flags[@]}" -o "$out/tables-asan"
  c++ -std=c++17 -Wall -Wextra -Werror -pedantic capi/tests/header.cpp "${shared_flags[@]}" \
    -Wl,-rpath,"$out/shared/lib" -o "$out/header-cpp"
  guide_block "run by capi/test.sh: it compiles and runs this example" >"$out/example.c"
  cc "${cflags[@]}" "$out/example.c" "${shared_flags[@]}" -Wl,-rpath,"$out/shared/lib" -o "$out/example"
fi
in_phase check || exit 0

# The committed header is the generated one (cargo-c runs cbindgen with capi/cbindgen.toml).
if ! diff -u capi/include/rfc3987.h "$out/shared/include/rfc3987.h"; then
  echo "capi/test.sh: capi/include/rfc3987.h is stale: copy $out/shared/include/rfc3987.h over it" >&2
  exit 1
fi
if ldd "$out/tables-static" | grep -q librfc3987; then
  echo "capi/test.sh: tables-static links librfc3987 dynamically" >&2
  exit 1
fi
data=tests/data
"$out/tables-shared" "$data"
"$out/tables-static" "$data"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 "$out/tables-asan" "$data"
# Memcheck: any error, and any leak that is not memory still reachable at exit (the library's
# caches live for the process), fails.
valgrind --quiet --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible \
  --errors-for-leak-kinds=definite,indirect,possible "$out/tables-shared" "$data"
"$out/header-cpp"

# The guide's examples (docs/src/c.md) print what the guide shows (the C example's output follows
# the command line that builds and runs it).
c_example="run by capi/test.sh: it compiles and runs this example"
diff -u <(guide_block "$c_example" 2 | tail -n +2) <("$out/example") ||
  { echo "capi/test.sh: the guide's C example (docs/src/c.md) printed the above" >&2; exit 1; }
python_example="run by capi/test.sh: it runs this example with python3"
guide_block "$python_example" >"$out/example.py"
diff -u <(guide_block "$python_example" 2) <(LD_LIBRARY_PATH="$out/shared/lib" python3 "$out/example.py") ||
  { echo "capi/test.sh: the guide's Python example (docs/src/c.md) printed the above" >&2; exit 1; }
echo "capi/test.sh: the C library passed: shared, static, ASan+UBSan, memcheck, C++, the guide's examples"
