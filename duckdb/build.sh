#!/usr/bin/env bash
# Builds the DuckDB extension: target/duckdb/rfc3987.duckdb_extension (under CARGO_TARGET_DIR
# when set), the release build of this crate with DuckDB's metadata footer appended
# (append_metadata.py). Prints the file's path. `duckdb/build.sh --debug` builds it with cargo's
# test profile instead (duckdb/test.sh: the same code in a fraction of the time, with overflow
# checks and debug assertions on, reusing the crates that ./test.sh's Rust tests compiled), as
# target/duckdb/debug/rfc3987.duckdb_extension.
#
# The footer asks for DuckDB's stable C extension API at version v1.2.0 (ABI type C_STRUCT), the
# version duckdb-rs's entry point asks DuckDB for, which DuckDB 1.2.0 and later releases offer
# (the README says which were tried). DUCKDB_PLATFORM overrides the platform name.
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
