#!/usr/bin/env python3
"""Load the extension into each DuckDB release from PyPI, each load in a process of its own.

For each release of ``RELEASES``, a virtual environment ``VENVS/VERSION`` with that release's
``duckdb`` package (made when missing). The extension file reaches each release under the
platform name the release gives itself (``PRAGMA platform``; DuckDB 1.2 and older call Linux
x86-64 ``linux_amd64_gcc4``): where it differs from the file's, a copy whose footer names it,
which is what ``DUCKDB_PLATFORM=... duckdb/build.sh`` builds. Then:

- a supported release must LOAD it and give each query of ``QUERIES`` its value (with
  ``--sql``, also pass the SQL tests, ``test/sql/*.test``);
- an older release must refuse it at LOAD with DuckDB's error, which names the file's C API
  version and the release's own;
- a release whose platform name differs from the file's must refuse the file as it is, naming
  both platforms.

A load that ends on a signal (a crash) fails that release and the run goes on. The exit status
is 1 when any check failed.

    releases.py --extension target/duckdb/rfc3987.duckdb_extension --venvs target/duckdb-releases
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Release:
    """A DuckDB release from PyPI; ``refusal`` is ``None`` for a supported release, else what
    DuckDB's error must say of the release's own version (the file's is checked too)."""

    version: str
    refusal: str | None = None


# The latest patch of each minor release (pip index versions duckdb). 1.0 reads the footer's
# version as the one DuckDB release that may load the file; 1.1 offers C API v0.0.1 only; from
# 1.2 on, each offers v1.2.0, the version the file asks for.
RELEASES = [
    Release("1.0.0", refusal="only load extensions built for DuckDB version 'v1.0.0'"),
    Release("1.1.3", refusal="only load extensions built for DuckDB C API 'v0.0.1' and lower"),
    Release("1.2.2"),
    Release("1.3.2"),
    Release("1.4.5"),
    Release("1.5.6"),
    Release("2.0.1"),
]

# One query of each kind of function, with the value the RFCs give.
QUERIES: list[tuple[str, object]] = [
    # RFC 3987 §2.2: a space is in no rule of the grammar; "例え" is in ucschar.
    ("SELECT iri_is_valid('http://例え.jp/a b')", False),
    ("SELECT iri_is_valid('http://例え.jp/résumé')", True),
    # RFC 3987 §3.1: IDNA ToASCII for the host, UTF-8 percent-encoded for the path.
    ("SELECT iri_to_uri('http://例え.jp/résumé', true)", "http://xn--r8jz45g.jp/r%C3%A9sum%C3%A9"),
    # RFC 3987 §3.2: the percent-encoded UTF-8 decoded again (the host stays as it is).
    ("SELECT iri_to_iri('http://xn--r8jz45g.jp/r%C3%A9sum%C3%A9')", "http://xn--r8jz45g.jp/résumé"),
    # RFC 3986 §6.2.2 (case, %7e is "~", dot segments) and §6.2.3 (the default port).
    ("SELECT iri_normalize('HTTP://Example.ORG:80/a/./b/%7e')", "http://example.org/a/b/~"),
    ("SELECT iri_equivalent('HTTP://Example.ORG:80/a/./b/%7e', 'http://example.org/a/b/~')", True),
    # RFC 3986 §5.4.1, and the way back.
    ("SELECT iri_resolve('http://a/b/c/d;p?q', '../g')", "http://a/b/g"),
    ("SELECT iri_relativize('http://a/b/c/d;p?q', 'http://a/b/g')", "../g"),
    # RFC 3986 §3: the components, a STRUCT.
    (
        "SELECT [p.scheme, p.host, p.port::VARCHAR, p.path, p.query, p.fragment] "
        "FROM (SELECT iri_parse('http://例え.jp:8080/p?q#f') AS p)",
        ["http", "例え.jp", "8080", "/p", "q", "f"],
    ),
    # RFC 3987 §5.3.2.1, §5.3.3, §5.3.2.4: a LIST of codes.
    (
        "SELECT iri_lint_codes('http://Example.org:80/a/./b')",
        ["default-port", "uppercase-host", "dot-segments"],
    ),
    # The table function, over the RDF file written next to the extension's copy: three IRIs,
    # the one with a space not valid (§2.2); count(*) reads no column.
    ("SELECT count(*) FROM read_rdf_iris('{rdf}')", 3),
    ("SELECT list(iri) FILTER (NOT valid) FROM read_rdf_iris('{rdf}')", ["http://例え.jp/a b"]),
]

RDF = "<http://example.org/s> <http://example.org/p> <http://例え.jp/a b> .\n"

# Runs in the release's environment: the platform, then LOAD, then the queries; prints JSON.
CHILD = """
import json, sys
import duckdb
con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
out = {"platform": con.execute("PRAGMA platform").fetchall()[0][0]}
if sys.argv[1]:
    try:
        con.execute("LOAD '" + sys.argv[1].replace("'", "''") + "'")
    except duckdb.Error as error:
        out["error"] = str(error)
    else:
        out["values"] = []
        for query in json.loads(sys.argv[2]):
            try:
                out["values"].append(con.execute(query).fetchall()[0][0])
            except duckdb.Error as error:
                out["values"].append({"error": str(error)})
print(json.dumps(out))
"""

FOOTER = 534
FIELD = 32


def footer_fields(data: bytes) -> list[str]:
    """The eight fields of an extension file's footer, the last field first (append_metadata.py)."""
    fields = data[-FOOTER + 22 : -256]
    return [fields[i * FIELD : (i + 1) * FIELD].rstrip(b"\0").decode() for i in range(8)]


def with_platform(data: bytes, platform: str) -> bytes:
    """The extension file with another platform in its footer (the seventh field)."""
    start = len(data) - FOOTER + 22 + 6 * FIELD
    return data[:start] + platform.encode().ljust(FIELD, b"\0") + data[start + FIELD :]


def python_of(venvs: Path, release: Release) -> Path:
    return venvs / release.version / "bin" / "python"


def make_venv(venvs: Path, release: Release) -> None:
    """The release's environment, unless it has the release already."""
    python = python_of(venvs, release)
    check = f"import duckdb, sys; sys.exit(duckdb.__version__ != {release.version!r})"
    if python.exists() and subprocess.run([python, "-c", check]).returncode == 0:
        return
    subprocess.run([sys.executable, "-m", "venv", venvs / release.version], check=True)
    pip: list[str | Path] = [python, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, f"duckdb=={release.version}"], check=True)


def run_child(python: Path, extension: str, queries: list[str]) -> dict[str, object]:
    """One process of the release: what CHILD printed, or ``{"crash": ...}``."""
    command: list[str | Path] = [python, "-c", CHILD, extension, json.dumps(queries)]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        code = done.returncode
        how = f"killed by signal {-code}" if code < 0 else f"exited with status {code}"
        return {"crash": f"{how}: {done.stderr.strip()[-2000:]}"}
    result: dict[str, object] = json.loads(done.stdout)
    return result


def check_release(release: Release, python: Path, data: bytes, work: Path, sql: bool) -> list[str]:
    """The failures of one release (empty when it did all it should)."""
    fields = footer_fields(data)
    file_platform, api_version = fields[6], fields[5]
    failures: list[str] = []
    probe = run_child(python, "", [])
    if "crash" in probe:
        return [f"PRAGMA platform: the process {probe['crash']}"]
    platform = str(probe["platform"])
    extension = work / release.version / "rfc3987.duckdb_extension"
    extension.parent.mkdir()
    extension.write_bytes(with_platform(data, platform))
    rdf = work / "iris.nt"
    queries = [q.replace("{rdf}", str(rdf).replace("'", "''")) for q, _ in QUERIES]

    if platform != file_platform:
        # The file as it is: refused for its platform's name.
        got = run_child(python, str(work / "as-is" / "rfc3987.duckdb_extension"), [])
        wanted = (
            f"built for the platform '{file_platform}', "
            f"but we can only load extensions built for platform '{platform}'"
        )
        if "error" not in got or wanted not in str(got["error"]):
            failures.append(f"the {file_platform} file: wanted {wanted!r}, got {got}")

    got = run_child(python, str(extension), [] if release.refusal else queries)
    if "crash" in got:
        return [*failures, f"the process {got['crash']}"]
    if release.refusal is not None:
        error = str(got.get("error", ""))
        for wanted in (f"'{api_version}'", release.refusal):
            if wanted not in error:
                failures.append(f"LOAD: wanted a refusal with {wanted!r}, got {got}")
        return failures
    if "error" in got:
        return [*failures, f"LOAD failed: {got['error']}"]
    values = got["values"]
    assert isinstance(values, list)
    for (query, expected), value in zip(QUERIES, values):
        if value != expected:
            failures.append(f"{query}: wanted {expected!r}, got {value!r}")
    if sql:
        tests = sorted(str(p) for p in (ROOT / "duckdb/test/sql").glob("*.test"))
        runner: list[str | Path] = [python, ROOT / "duckdb/test/sqllogictest.py", "--extension"]
        runner.append(extension)
        done = subprocess.run([*runner, *tests], cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            output = done.stdout[-3000:] + done.stderr[-2000:]
            failures.append(f"SQL tests (status {done.returncode}):\n{output}")
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extension", type=Path, help="the extension file")
    parser.add_argument("--venvs", type=Path, required=True, help="where the environments are")
    parser.add_argument("--sql", action="store_true", help="also run test/sql/*.test in each")
    parser.add_argument("--fetch", action="store_true", help="only make the environments")
    args = parser.parse_args()
    started = time.monotonic()
    args.venvs.mkdir(parents=True, exist_ok=True)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        list(pool.map(lambda r: make_venv(args.venvs, r), RELEASES))
    print(f"environments: {time.monotonic() - started:.1f}s")
    if args.fetch:
        return
    if args.extension is None:
        parser.error("--extension is required")

    data = args.extension.read_bytes()
    fields = footer_fields(data)
    if fields[7] != "4" or fields[3] != "C_STRUCT":
        sys.exit(f"releases.py: {args.extension} has no C_STRUCT footer: {fields}")
    print(f"{args.extension}: platform {fields[6]}, C API {fields[5]}, version {fields[4]}")

    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "as-is").mkdir()
        (work / "as-is" / "rfc3987.duckdb_extension").write_bytes(data)
        (work / "iris.nt").write_text(RDF, encoding="utf-8")
        for release in RELEASES:
            began = time.monotonic()
            python = python_of(args.venvs, release)
            failures = check_release(release, python, data, work, args.sql)
            kind = "refuses it" if release.refusal else "loads it"
            status = "FAIL" if failures else "ok"
            print(f"DuckDB {release.version} {kind}: {status} ({time.monotonic() - began:.1f}s)")
            for failure in failures:
                print(f"  {failure}")
            failed += bool(failures)
    print(f"releases.py: {len(RELEASES)} releases, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
