#!/usr/bin/env bash
# The playground's browser tests: build the page (playground/dist), install puppeteer-core
# from the lock file, run the tests in Debian's headless Chromium (/usr/bin/chromium, or $CHROMIUM).
# `playground/test.sh --fetch` only installs the npm packages (the root's test.sh runs that in
# the background while the Rust tests build).
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
[ "${1:-}" != --fetch ] || exit 0
./build.sh
node --test test/playground.test.js
