#!/usr/bin/env bash
# Builds the playground into playground/dist/: the page's four files and the npm package
# `rfc3987` as `npm pack` gives it (js/build.sh builds its WebAssembly modules first). Serve
# the folder with any static server, e.g. `python3 -m http.server -d playground/dist`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
js="$here/../js"

"$js/build.sh"

dist="$here/dist"
rm -rf "$dist.tmp"
mkdir -p "$dist.tmp/rfc3987"
tarball="$(cd "$js" && npm pack --silent --pack-destination "$dist.tmp")"
tar -xzf "$dist.tmp/$tarball" -C "$dist.tmp/rfc3987" --strip-components=1
rm "$dist.tmp/$tarball"
cp "$here/index.html" "$here/style.css" "$here/app.js" "$here/worker.js" "$here/text.js" "$dist.tmp/"
rm -rf "$dist"
mv "$dist.tmp" "$dist"
echo "playground/build.sh: built $dist; serve it with: python3 -m http.server -d $dist"
