#!/usr/bin/env bash
# The guide (docs/, an mdBook): built by mdBook from crates.io (installed into cargo's bin
# directory when missing, without its `serve` and `watch` features, which a build does not use),
# and any warning fails. Its examples are run by the other parts' tests, and its links checked
# by tests/docs.rs (TESTING.md, "The examples in the documentation").
# The root's test.sh runs it in three phases, each named by an argument: `--fetch` installs
# mdBook, `--build` builds the book into target/book/, `--check` checks what the build printed
# and that every chapter of SUMMARY.md became a page. Without an argument it runs all three.
set -euo pipefail
cd "$(dirname "$0")/.."
phase=${1:-}
case $phase in "" | --fetch | --build | --check) ;; *) echo "usage: docs/test.sh [--fetch|--build|--check]" >&2 && exit 2 ;; esac
in_phase() { [ -z "$phase" ] || [ "$phase" = "--$1" ]; }
version=0.5.4
book="${CARGO_TARGET_DIR:-target}/book"
log="${CARGO_TARGET_DIR:-target}/mdbook.log"

if in_phase fetch; then
  if [ "$(mdbook --version 2>/dev/null)" != "mdbook v$version" ]; then
    # --debug: built in a fraction of the time, and a book builds in a second either way.
    cargo install mdbook --locked --debug --version "$version" --no-default-features --features search
  fi
fi
if in_phase build; then
  rm -rf "$book"
  mkdir -p "$(dirname "$log")"
  mdbook build docs --dest-dir "$(pwd)/$book" 2>&1 | tee "$log"
fi
in_phase check || exit 0

# mdBook reports what it could not do (a missing file, an unknown setting, a broken include) as
# WARN or ERROR lines and still writes the book.
if grep -E '(WARN|ERROR)' "$log"; then
  echo "docs/test.sh: mdbook build docs printed the warnings above" >&2
  exit 1
fi
missing=0
while read -r page; do
  if [ ! -s "$book/${page%.md}.html" ]; then
    echo "docs/test.sh: SUMMARY.md lists $page, but the book has no ${page%.md}.html" >&2
    missing=1
  fi
done < <(grep -o '([a-z0-9-]*\.md)' docs/src/SUMMARY.md | tr -d '()')
[ "$missing" = 0 ]
echo "docs/test.sh: the guide built without a warning: $(find "$book" -name '*.html' | wc -l) pages in $book"
