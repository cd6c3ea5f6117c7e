#!/usr/bin/env bash
# release/test-wheel.sh WHEEL PYTHON…: the Python package's tests (python/tests, with pytest as
# python/test.sh runs them) against WHEEL as a user installs it, on each interpreter PYTHON (a
# path; release/python.sh VERSION prints one). The release tests the one abi3 wheel this way on the
# oldest and the newest supported CPython:
#   release/test-wheel.sh dist/rfc3987_rs-*.whl "$(release/python.sh 3.11)" "$(release/python.sh 3.15)"
# For each: a fresh virtual environment, target/releasing/venv-X.Y; the test packages from PyPI at
# the versions python/requirements-test.txt pins (not the build and lint tools of python/test.sh);
# the wheel, from its file only (--no-index: pip cannot take another copy); its version checked
# against the file name; the tests, run from python/tests, where `import rfc3987_rs` must find the
# installed wheel and not the sources in python/rfc3987_rs (checked). Exits non-zero if anything
# fails.
#
# On a CPython newer than requires-python's lower bound, the pinned version of a package that
# ships compiled code (numpy, pandas, pyarrow, duckdb, polars) may have no wheel yet, and pyspark
# may fail to install: those are then left out, and each test module that cannot be imported
# without one of them is deselected, with the reason printed. On the oldest supported CPython
# nothing may be left out.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: release/test-wheel.sh WHEEL PYTHON…" >&2
  exit 2
fi
wheel=$(realpath "$1")
shift
cd "$(dirname "$0")/.."
root=$PWD
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

# The version in the wheel's file name: NAME-VERSION-… (the binary distribution format).
wheel_name=${wheel##*/}
wheel_version=$(echo "$wheel_name" | cut -d- -f2)
case $wheel_name in rfc3987_rs-*.whl) ;; *) echo "release/test-wheel.sh: $wheel is not a wheel of rfc3987-rs" >&2 && exit 2 ;; esac
# Copied where an interpreter in a Debian root (release/python.sh) sees it too.
mkdir -p "$target_dir/releasing/wheel-under-test"
rm -f "$target_dir/releasing/wheel-under-test"/*.whl
cp "$wheel" "$target_dir/releasing/wheel-under-test/"
wheel=$target_dir/releasing/wheel-under-test/$wheel_name

oldest=$(sed -n 's/^requires-python = ">=\([0-9.]*\)".*/\1/p' python/pyproject.toml)
# The pins, less what python/test.sh needs for its other checks (the build backend, ruff, mypy
# and the packages only mypy needs): the tests do not use them, and on a new Python the compiled
# ones among them (librt, ast_serialize) may have no wheel yet.
pins=$target_dir/releasing/requirements-test.txt
grep -vE '^(#|$|(maturin|ruff|mypy|mypy_extensions|librt|ast_serialize|pathspec|types-jsonschema)==)' \
  python/requirements-test.txt >"$pins"
# The packages that may be left out on a newer Python, each installed with the pinned versions
# of its dependencies (-c), in this order (pandas needs numpy, polars its runtime).
optional=(numpy pyarrow pandas duckdb polars polars-runtime-32 pyspark)
optional_re="^($(
  IFS='|'
  echo "${optional[*]}"
))=="
# Their import names, for the test modules that import them.
declare -A module_of=([numpy]=numpy [pyarrow]=pyarrow [pandas]=pandas [duckdb]=duckdb [polars]=polars
  [polars-runtime-32]=polars [pyspark]=pyspark)

failed=()
for python in "$@"; do
  # An interpreter of a Debian root has `run` beside it: the virtual environment's commands,
  # which exist only in the root, go through it.
  run=()
  [ -x "$(dirname "$python")/run" ] && run=("$(dirname "$python")/run")
  version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  full_version=$("$python" -c 'import platform; print(platform.python_version())')
  venv=$target_dir/releasing/venv-$version
  echo "== CPython $full_version ($python): $venv" >&2
  start=$SECONDS
  rm -rf "$venv"
  "$python" -m venv "$venv"
  vpython=("${run[@]}" "$venv/bin/python")
  pip=("${vpython[@]}" -m pip -q --disable-pip-version-check)

  # The test packages. numpy, pandas, pyarrow, duckdb and polars come as wheels only: a build
  # from source would take many minutes where it works at all.
  only_binary=--only-binary=numpy,pandas,pyarrow,duckdb,polars,polars-runtime-32
  grep -vE "$optional_re" "$pins" >"$venv/required.txt"
  "${pip[@]}" install "$only_binary" -r "$venv/required.txt"
  missing=()
  for package in "${optional[@]}"; do
    pin=$(grep -E "^$package==" "$pins" || true)
    [ -n "$pin" ] || continue
    if ! "${pip[@]}" install "$only_binary" -c "$pins" "$pin" 2>"$venv/pip-$package.log"; then
      if [ "$version" = "$oldest" ]; then
        cat "$venv/pip-$package.log" >&2
        echo "release/test-wheel.sh: $pin does not install on CPython $version, the oldest supported" >&2
        exit 1
      fi
      # pip says "conflicting dependencies" where the pin (-c) and the requirement agree but no
      # file fits; asked for the package alone, it lists the versions that do.
      "${pip[@]}" download --no-deps "$only_binary" -d "$venv/probe" "$pin" >>"$venv/pip-$package.log" 2>&1 || true
      echo "release/test-wheel.sh: left out $pin on CPython $version: $(grep -E '^ERROR' "$venv/pip-$package.log" | tail -n 2 | head -n 1) (pip's log: $venv/pip-$package.log)" >&2
      missing+=("$package")
    fi
  done

  # The wheel, from its file: it has no dependencies of its own (its extras are optional).
  "${pip[@]}" install --no-index --no-deps "$wheel"
  installed=$("${vpython[@]}" -c "import importlib.metadata as m; print(m.version('rfc3987-rs'))")
  if [ "$installed" != "$wheel_version" ]; then
    echo "release/test-wheel.sh: installed rfc3987-rs $installed, the wheel's file name says $wheel_version" >&2
    exit 1
  fi

  cd python/tests
  # python/tests is the first entry of sys.path (as under pytest); python/ is not on it.
  found=$("${vpython[@]}" -c 'import rfc3987_rs; print(rfc3987_rs.__file__)')
  case $found in
    "$venv"/lib/python"$version"/site-packages/rfc3987_rs/__init__.py) ;;
    *) echo "release/test-wheel.sh: import rfc3987_rs found $found, not the installed wheel" >&2 && exit 1 ;;
  esac
  # The test modules that import a package left out: each is imported alone, and deselected
  # only where the import fails for want of one of those (a module that fails otherwise stays,
  # and pytest reports it).
  ignore=()
  if [ ${#missing[@]} -gt 0 ]; then
    names=()
    for package in "${missing[@]}"; do names+=("${module_of[$package]}"); done
    while read -r module needs; do
      echo "release/test-wheel.sh: deselected $module on CPython $version: it needs $needs, left out above" >&2
      ignore+=("--ignore=$module")
    done < <("${vpython[@]}" - "${names[@]}" <<'EOF'
import importlib, pathlib, sys
missing = set(sys.argv[1:])
for path in sorted(pathlib.Path(".").glob("test_*.py")):
    try:
        importlib.import_module(path.stem)
    except ModuleNotFoundError as error:
        top = (error.name or "").split(".")[0]
        if top in missing:
            print(path.name, top)
EOF
    )
  fi
  # As python/test.sh runs them: -rs prints why each skipped test was skipped (the PySpark
  # example's needs Java 17, which a Debian root lacks).
  status=0
  "${vpython[@]}" -m pytest -q -rs -p no:cacheprovider -n auto --dist worksteal "${ignore[@]}" || status=$?
  cd "$root"
  echo "== CPython $full_version: pytest exit $status, $((SECONDS - start)) s" >&2
  [ "$status" = 0 ] || failed+=("$full_version")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "release/test-wheel.sh: the tests failed on CPython ${failed[*]}" >&2
  exit 1
fi
