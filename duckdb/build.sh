#!/usr/bin/env bash
# Builds the DuckDB extension: target/duckdb/rfc3987.duckdb_extension (under CARGO_TARGET_DIR
# when set), the release build of this crate with DuckDB's metadata footer appended
# (append_metadata.py). Prints the file's path. `duckdb/build.sh --debug` builds it with cargo's
# test profile instead (duckdb/test.sh: the same code in a fraction of the time, with overflow
# checks and debug assertions on, reusing the crates that ./test.sh's Rust tests compiled), as
# target/duckdb/debug/rfc3987.duckdb_extension.
#
# The footer's ABI type is C_STRUCT, DuckDB's stable C extension API, and its version field v1.2.0:
# for C_STRUCT, DuckDB reads that field as the oldest C API version the file needs, and refuses the
# file at LOAD, with a message naming both versions, if it offers an older one (1.0 and 1.1 do;
# 1.2 to 1.4 offer v1.2.0, 1.5 and 2.0 v1.5.6). The entry point (src/lib.rs) asks for the same
# version and keeps only the part of DuckDB's table of C functions that v1.2.0 defines, laid out
# alike by every release from 1.2.0 on; duckdb-rs 1.20000.1 would read the whole table as DuckDB
# 2.0 lays it out, past the end of every older release's. Asking for v1.5.6 instead would not be
# enough: DuckDB 2.0 added two functions to that part which 1.5.6's table does not have.
# duckdb/releases.sh loads the file into each DuckDB release.
#
# The platform in the footer must be the one DuckDB names itself (PRAGMA platform): this machine's
# as DuckDB 1.3 and later spell it (linux_amd64, osx_arm64, ...). DuckDB 1.2 and older call Linux
# x86-64 with glibc `linux_amd64_gcc4`; DUCKDB_PLATFORM=linux_amd64_gcc4 builds their file (the
# same library, another footer).
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
case "${1:-}" in
  "") cargo build --release --locked -p rfc3987-duckdb >&2 ;;
  --debug)
    # The library and the shared crates with the features the workspace's tests build them
    # with (workspace-hack/Cargo.toml): their compiled crates are reused.
    cargo build --locked -p rfc3987-duckdb --features rfc3987-workspace-hack/workspace-tests >&2
    profile=debug
    ;;
  *) echo "usage: duckdb/build.sh [--debug]" >&2 && exit 2 ;;
esac
# Absolute, so that the printed path holds from any directory.
target="${CARGO_TARGET_DIR:-target}"
target=$(cd "$target" && pwd)

crate_version() {
  # The version of package $1 in Cargo.lock.
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}
case "$(uname -s)" in
  Darwin) library=librfc3987_duckdb.dylib ;;
  *) library=librfc3987_duckdb.so ;;
esac
out_dir="$target/duckdb"
[ "$profile" = release ] || out_dir="$target/duckdb/$profile"
mkdir -p "$out_dir"
out="$out_dir/rfc3987.duckdb_extension"
python3 duckdb/append_metadata.py "$target/$profile/$library" "$out" \
  --duckdb-version v1.2.0 --extension-version "$(crate_version rfc3987-duckdb)" \
  ${DUCKDB_PLATFORM:+--platform "$DUCKDB_PLATFORM"}
echo "$out"
