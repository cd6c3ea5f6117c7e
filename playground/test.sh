#!/usr/bin/env bash
# The playground's browser tests: build the page (playground/dist), install puppeteer-core
# from the lock file, run the tests in Debian's headless Chromium (/usr/bin/chromium, or $CHROMIUM).
set -euo pipefail
cd "$(dirname "$0")"
./build.sh
npm ci --no-audit --no-fund
node --test test/playground.test.js
