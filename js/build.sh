#!/usr/bin/env bash
# Builds the npm package's two WebAssembly modules into js/pkg/ (core: the library's light core,
# for rfc3987/core and rfc3987/ajv; full: with IDNA, NFC and lint, for rfc3987), with the
# machine's own Rust toolchain and nothing prebuilt:
#  1. std for wasm32-unknown-unknown is built from source (cargo's build-std). Its source is the
#     rust-src component; where rustup cannot fetch it, Debian's rust-src package of exactly the
#     machine's rustc version (trixie-backports) is downloaded with apt-get through a sources list
#     of its own (the system's are left alone) and unpacked with dpkg-deb where rustup's
#     component would put it: $(rustc --print sysroot)/lib/rustlib/src/rust. (rustup does not
#     know those files: to install its own rust-src component later, remove that folder first.)
#  2. cargo builds js/bindgen, the generator of the JavaScript glue: wasm-bindgen's own library
#     (the one wasm-bindgen-cli is a front end of) at the version of the wasm-bindgen crate in
#     Cargo.lock (the two must match exactly).
#  3. cargo builds the crate js/ for wasm32 with the `wasm` profile, twice, and the generator
#     writes the ES module glue (as `wasm-bindgen --target web`: loads in browsers and, from
#     bytes, in Node).
#  4. the generator assembles js/src/strings.wat, the module for JS String Builtins.
# Later runs reuse all of it; cargo rebuilds only what changed. `js/build.sh --fetch` does step 1
# only (js/test.sh --fetch).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target_dir=${CARGO_TARGET_DIR:-$root/target}
# apt reads a relative Dir:: path against its own directories: make it absolute.
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

# 1. The source of std.
sysroot=$(rustc --print sysroot)
rust_version=$(rustc --version | awk '{print $2}')
if [ ! -f "$sysroot/lib/rustlib/src/rust/library/Cargo.lock" ]; then
  # Debian's package of the same rustc release: rust-src, architecture all, no dependencies.
  apt_dir="$target_dir/apt-rust-src"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie-backports main" \
    >"$apt_dir/sources.list"
  apt_options=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o APT::Get::List-Cleanup=0
    -o APT::Sandbox::User=root)
  apt-get -q "${apt_options[@]}" update >/dev/null
  # The version the suite serves for this rustc release (1.95.0+dfsg1-2~bpo13+1 on 2026-11-26).
  debian_version=$(apt-cache "${apt_options[@]}" madison rust-src |
    awk -v v="$rust_version" '$3 ~ "^" v "[+]dfsg" { print $3; exit }')
  if [ -z "$debian_version" ]; then
    echo "js/build.sh: Debian's trixie-backports has no rust-src of rustc $rust_version;" >&2
    echo "  install the rust-src component of rustc $rust_version (rustup component add rust-src)" >&2
    exit 2
  fi
  echo "js/build.sh: fetching Debian's rust-src $debian_version (the source of std)" >&2
  rm -f "$apt_dir"/rust-src_*.deb
  (cd "$apt_dir" && apt-get -q "${apt_options[@]}" download "rust-src=$debian_version" >/dev/null)
  rm -rf "$apt_dir/unpacked" && mkdir -p "$apt_dir/unpacked"
  dpkg-deb -x "$apt_dir"/rust-src_*.deb "$apt_dir/unpacked"
  # Copied beside, then moved into place: an interrupted copy is never taken for a whole one.
  src="$sysroot/lib/rustlib/src"
  mkdir -p "$src"
  rm -rf "$src/rust.partial" "$src/rust"
  mkdir "$src/rust.partial"
  cp -a "$apt_dir/unpacked/usr/src/rustc-$rust_version/library" "$src/rust.partial/"
  mv "$src/rust.partial" "$src/rust"
fi
[ "${1:-}" != --fetch ] || exit 0

# 2. The generator of the JavaScript glue (js/bindgen: wasm-bindgen's library, at the version of
#    the wasm-bindgen crate in Cargo.lock; the two must match exactly), built with cargo's test
#    profile into the same target directory.
crate_version() { # crate_version NAME LOCKFILE: the version of NAME in LOCKFILE
  awk -v name="$1" '$0 == "name = \"" name "\"" { getline; gsub(/version = |"/, ""); print; exit }' "$2"
}
bindgen_version=$(crate_version wasm-bindgen Cargo.lock)
generator_version=$(crate_version wasm-bindgen-cli-support js/bindgen/Cargo.lock)
if [ "$bindgen_version" != "$generator_version" ]; then
  echo "js/build.sh: Cargo.lock has wasm-bindgen $bindgen_version, js/bindgen/Cargo.lock" >&2
  echo "  wasm-bindgen-cli-support $generator_version: give js/bindgen/Cargo.toml the first" >&2
  exit 2
fi
cargo build --quiet --locked --manifest-path js/bindgen/Cargo.toml --target-dir "$target_dir"
bindgen="$target_dir/debug/rfc3987-js-bindgen"

# 3. The two modules.
for entry in core full; do
  features=()
  [ "$entry" = full ] && features=(--features full)
  # panic = "immediate-abort": a panic traps at once, without formatting a message nobody
  # would see (the module has no console); the validation module is 5 KB smaller gzipped.
  # simd128: WebAssembly's 128-bit SIMD, for the scanner's runs sixteen bytes at a time
  # (src/scan/wide.rs); std is built with it too. -inline-threshold=40: the `wasm` profile's
  # opt-level "z" inlines next to nothing (LLVM's threshold 5), and the calls it leaves cost
  # 4-6 % more instructions a call of isValid; at 40 the module keeps the speed of "s" (25:
  # smaller by 2 KB, 7 % slower on cc-refs; 75: over 100,000 bytes gzipped). BENCHMARKS.md.
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128 -C llvm-args=-inline-threshold=40" \
    RUSTC_BOOTSTRAP=1 cargo build --quiet -p rfc3987-js --lib --target wasm32-unknown-unknown --profile wasm \
    -Zbuild-std=std,panic_abort -Zpanic-immediate-abort --config 'profile.wasm.panic="immediate-abort"' \
    "${features[@]}"
  # Generated beside, then each file that changed moved into place: the tests of an earlier
  # build may be reading js/pkg (./test.sh runs the JavaScript tests while the playground's
  # build calls this script), and a rename is atomic where a rewrite is not.
  rm -rf "js/pkg/.$entry.new"
  "$bindgen" "$target_dir/wasm32-unknown-unknown/wasm/rfc3987_js.wasm" "js/pkg/.$entry.new"
  mkdir -p "js/pkg/$entry"
  for file in "js/pkg/.$entry.new"/*; do
    cmp -s "$file" "js/pkg/$entry/${file##*/}" || mv "$file" "js/pkg/$entry/${file##*/}"
  done
  rm -rf "js/pkg/.$entry.new"
  wasm="js/pkg/$entry/rfc3987_js_bg.wasm"
  echo "js/build.sh: $wasm: $(wc -c <"$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped" >&2
done

# 4. The module that reads strings with JS String Builtins (lib/strings.js), assembled from its
#    text by the same generator and written as an ES module of its bytes.
"$bindgen" --wat js/src/strings.wat js/pkg/.strings.js.new
if cmp -s js/pkg/.strings.js.new js/pkg/strings.js; then
  rm js/pkg/.strings.js.new
else
  mv js/pkg/.strings.js.new js/pkg/strings.js
fi
