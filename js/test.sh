#!/usr/bin/env bash
# The JavaScript package's tests, on a fresh machine: the WebAssembly modules (js/build.sh), the
# pinned npm packages of package-lock.json (npm ci), the TypeScript declarations checked by tsc,
# then Node's test runner: the API, the repository's tables, Ajv with JSON-Schema-Test-Suite,
# and the npm pack tarball in an empty project and in headless Chromium (/usr/bin/chromium; the
# browser test is skipped where it is missing, except in CI, which installs it). The root's
# test.sh runs this after the Python tests. `js/test.sh --fetch` only downloads: the source of
# std (js/build.sh --fetch) and the npm packages; the root's test.sh runs that in the background
# while the Rust tests build.
set -euo pipefail
cd "$(dirname "$0")"
./build.sh "$@"
npm ci --no-audit --no-fund --loglevel=error
[ "${1:-}" != --fetch ] || exit 0
node_modules/.bin/tsc -p test/types
node --test test/
