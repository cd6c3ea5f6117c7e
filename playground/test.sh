#!/usr/bin/env bash
# The playground's browser tests: build the page (playground/dist), install puppeteer-core
# from the lock file, run the tests in Debian's headless Chromium (/usr/bin/chromium, or $CHROMIUM).
# The root's test.sh runs it in three phases, each named by an argument: `--fetch` installs the
# npm packages (while the Rust tests build), `--build` builds the page, `--check` runs the
# tests. Without an argument it runs all three.
set -euo pipefail
cd "$(dirname "$0")"
phase=${1:-}
case $phase in "" | --fetch | --build | --check) ;; *) echo "usage: playground/test.sh [--fetch|--build|--check]" >&2 && exit 2 ;; esac
in_phase() { [ -z "$phase" ] || [ "$phase" = "--$1" ]; }

if in_phase fetch; then
  npm ci --no-audit --no-fund
fi
if in_phase build; then
  ./build.sh
fi
if in_phase check; then
  node --test test/playground.test.js
fi
