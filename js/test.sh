#!/usr/bin/env bash
# The JavaScript package's tests, on a fresh machine: the WebAssembly modules (js/build.sh), the
# pinned npm packages of package-lock.json (npm ci), the TypeScript declarations checked by tsc,
# then Node's test runner: the API, the repository's tables, Ajv with JSON-Schema-Test-Suite,
# and the npm pack tarball in an empty project and in headless Chromium (/usr/bin/chromium; the
# browser test is skipped where it is missing, except in CI, which installs it).
# The root's test.sh runs it in three phases, each named by an argument: `--fetch` downloads
# (the source of std, js/build.sh --fetch, and the npm packages) while the Rust tests build,
# `--build` builds the modules, `--check` runs tsc and the tests (beside the next parts'
# builds). Without an argument it runs all three.
set -euo pipefail
cd "$(dirname "$0")"
phase=${1:-}
case $phase in "" | --fetch | --build | --check) ;; *) echo "usage: js/test.sh [--fetch|--build|--check]" >&2 && exit 2 ;; esac
in_phase() { [ -z "$phase" ] || [ "$phase" = "--$1" ]; }

if in_phase fetch; then
  ./build.sh --fetch
  npm ci --no-audit --no-fund --loglevel=error
fi
if in_phase build; then
  ./build.sh
fi
if in_phase check; then
  node_modules/.bin/tsc -p test/types
  node --test test/
fi
