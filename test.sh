#!/usr/bin/env bash
# Every test: the Rust workspace (the library, the `iri` tool, the Python and JavaScript bindings'
# crates), then the Python package (python/test.sh: a virtual environment, the wheel, pytest), then
# the JavaScript package (js/test.sh: the WebAssembly build, node --test, headless Chromium),
# then the playground (playground/test.sh: the page in headless Chromium, driven by puppeteer-core),
# then the DuckDB extension (duckdb/test.sh: its SQL tests in DuckDB from PyPI).
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --all-features
python/test.sh
js/test.sh
playground/test.sh
duckdb/test.sh
