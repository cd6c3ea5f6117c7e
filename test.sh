#!/usr/bin/env bash
# Every test: the Rust workspace (the library, the `iri` tool, the Python bindings' crate), then
# the Python package (python/test.sh: a virtual environment, the wheel, pytest).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --all-features
python/test.sh
