"""The engines: the SQL functions of rfc3987_rs.duckdb, the Polars namespace of
rfc3987_rs.polars, and the examples under examples/engines/ (DuckDB, Polars, PySpark), each run
as a script on a Parquet file of known rows."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Callable

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import rfc3987_rs
import rfc3987_rs.duckdb
import rfc3987_rs.polars

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "engines"

# Valid IRI references already in normal form (RFC 3987 §5.3: lowercase scheme and host, no
# percent-encoded unreserved character, no default port, no dot segment to remove): RFC 3986
# §1.1.2's examples, RFC 3986 §5.4's base and a relative reference of §5.4.1 (a relative
# reference is not resolved by normalization), and IRIs of RFC 3987 §3.1 and §3.2.
NORMAL = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",  # 80 is not telnet's port (23): it stays
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "http://a/b/c/d;p?q",
    "../g",
    "http://www.example.org/Dürst",
    "http://résumé.example.org/",
]
# Valid, and changed by normalization (the comparison ladder of RFC 3986 §6.2 that RFC 3987
# §5.3 follows): each to its normal form.
NOT_NORMAL = {
    # §6.2.2.1: the scheme and the host are case-insensitive.
    "HTTP://www.EXAMPLE.com/": "http://www.example.com/",
    # §6.2.2.2: %7E is the unreserved '~'.
    "http://example.com/%7Esmith/home.html": "http://example.com/~smith/home.html",
    # §6.2.2: the example of the whole ladder, word for word.
    "eXAMPLE://a/./b/../b/%63/%7bfoo%7d": "example://a/b/c/%7Bfoo%7D",
    # §6.2.3: http's default port, and an empty path is "/".
    "http://example.com:80/": "http://example.com/",
    "http://résumé.example.org": "http://résumé.example.org/",
    # RFC 3987 §5.3.2.3: a percent-encoded character that an IRI may hold is decoded.
    "http://www.example.org/D%C3%BCrst": "http://www.example.org/Dürst",
}
# Invalid rows, and the component their error is in.
INVALID = {
    "http://a/b c": "path",  # a space is no isegment character
    "http://a/%zz": "path",  # '%' must be followed by two hexadecimal digits (pct-encoded)
    "http://[::g]/": "ip-literal",  # 'g' is no hexadecimal digit of an IPv6 address
    "ht tp://x": "scheme",  # a space in what can only be a scheme (no segment holds it either)
    "http://a b/": "host",  # a space is no ireg-name character
    "http://us er@a/": "userinfo",  # nor an iuserinfo character
    "http://a:8b/": "port",  # a port is digits; no '@' follows to make a:8b a userinfo
    "http://a/?x y": "query",  # a space is no iquery character
    "http://a/#x y": "fragment",  # nor an ifragment character
}
ROWS: list[str | None] = [*NORMAL, *NOT_NORMAL, *INVALID, None]

# What every example prints for ROWS: the rows, the null, the valid and invalid rows, the
# invalid ones by component, and the rows normalization changed, in code point order.
EXPECTED = {
    "rows": len(ROWS),
    "null": 1,
    "valid": len(NORMAL) + len(NOT_NORMAL),
    "invalid": len(INVALID),
    "invalid_by_component": dict(sorted(Counter(INVALID.values()).items())),
    "normalized": [[iri, normal] for iri, normal in sorted(NOT_NORMAL.items())],
}

BASE = "http://a/b/c/d;p?q"  # RFC 3986 §5.4
# RFC 3986 §5.4.1, normal examples.
RESOLVED = {"g": "http://a/b/c/g", "../g": "http://a/b/g", "?y": "http://a/b/c/d;p?y"}


def scalar(function: Callable[[str], Any], row: str | None) -> Any:
    """``function(row)`` as a batch function answers it: None for a null or an invalid row."""
    if row is None:
        return None
    try:
        return function(row)
    except rfc3987_rs.IRIError:
        return None


def parsed(row: str | None) -> dict[str, Any] | None:
    """The row of ``parse`` for ``row``, from the scalar functions."""
    if row is None:
        return None
    names = ["scheme", "userinfo", "host", "host_kind", "port", "path", "query", "fragment"]
    errors = ["error", "error_component", "error_rule", "error_position"]
    try:
        iri = rfc3987_rs.parse(row)
    except rfc3987_rs.IRIError as e:
        found = [e.message, e.component, e.rule, e.position]
        return {**dict.fromkeys(names), **dict(zip(errors, found))}
    return {**{name: getattr(iri, name) for name in names}, **dict.fromkeys(errors)}


def codes(row: str | None) -> list[str] | None:
    return None if row is None else [d.code for d in rfc3987_rs.lint(row)]


# Each function of the engines, and its answer for one row from the scalar functions.
SCALAR: dict[str, Callable[[str | None], Any]] = {
    "is_valid": lambda row: None if row is None else rfc3987_rs.is_valid(row),
    "parse": parsed,
    "normalize": lambda row: scalar(rfc3987_rs.normalize, row),
    "to_uri": lambda row: scalar(rfc3987_rs.to_uri, row),
    "to_iri": lambda row: scalar(rfc3987_rs.to_iri, row),
    "resolve": lambda row: scalar(lambda s: rfc3987_rs.resolve(BASE, s), row),
    "lint_codes": codes,
}


@pytest.fixture
def parquet(tmp_path: Path) -> Path:
    path = tmp_path / "iris.parquet"
    pq.write_table(pa.table({"iri": pa.array(ROWS, pa.string())}), path)
    return path


def test_rows_are_as_the_comments_say() -> None:
    # The table above is reasoned from the RFCs; the scalar functions agree with it.
    for row in [*NORMAL, *NOT_NORMAL]:
        assert rfc3987_rs.normalize(row) == NOT_NORMAL.get(row, row), row
    for row, component in INVALID.items():
        with pytest.raises(rfc3987_rs.IRIError) as error:
            rfc3987_rs.parse(row)
        assert error.value.component == component, row


# DuckDB


@pytest.fixture
def con() -> Iterator[duckdb.DuckDBPyConnection]:
    connection = duckdb.connect()
    rfc3987_rs.duckdb.register(connection)
    yield connection
    connection.close()


def column(con: duckdb.DuckDBPyConnection, sql: str, *params: object) -> list[Any]:
    return [row[0] for row in con.execute(sql, list(params)).fetchall()]


@pytest.mark.parametrize("string_view", [False, True])
def test_duckdb_every_function_row_by_row(
    con: duckdb.DuckDBPyConnection, parquet: Path, string_view: bool
) -> None:
    # DuckDB hands the functions string arrays, or string_view arrays when asked to: the
    # answers come back in the same layout either way.
    con.execute(f"SET produce_arrow_string_view = {string_view}")
    con.execute(
        "CREATE TABLE t AS SELECT row_number() OVER () AS n, iri FROM read_parquet(?)",
        [str(parquet)],
    )
    assert column(con, "SELECT iri FROM t ORDER BY n") == ROWS
    for name, expected in SCALAR.items():
        args = f"'{BASE}', iri" if name == "resolve" else "iri"
        answers = column(con, f"SELECT iri_{name}({args}) FROM t ORDER BY n")
        assert answers == [expected(row) for row in ROWS], name


def test_duckdb_types(con: duckdb.DuckDBPyConnection) -> None:
    [types] = con.execute(
        "SELECT [typeof(iri_is_valid('a')), typeof(iri_normalize('a')), typeof(iri_to_uri('a')),"
        " typeof(iri_to_iri('a')), typeof(iri_resolve('http://a/', 'a')),"
        " typeof(iri_lint_codes('a'))]"
    ).fetchall()[0]
    assert types == ["BOOLEAN", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR[]"]
    [[parse]] = con.execute("SELECT typeof(iri_parse('a'))").fetchall()
    fields = ", ".join(f'"{f}" VARCHAR' if f == "error" else f"{f} VARCHAR" for f in STRINGS)
    assert parse == f"STRUCT({fields}, error_position BIGINT)"


STRINGS = [
    "scheme",
    "userinfo",
    "host",
    "host_kind",
    "port",
    "path",
    "query",
    "fragment",
    "error",
    "error_component",
    "error_rule",
]


def test_duckdb_rfc_examples(con: duckdb.DuckDBPyConnection) -> None:
    # RFC 3986 §5.4.1, with the base as a constant and as a column.
    for reference, target in RESOLVED.items():
        assert column(con, "SELECT iri_resolve(?, ?)", BASE, reference) == [target]
    refs = con.execute(
        "SELECT iri_resolve(b, r) FROM (VALUES (?, 'g'), (NULL, 'g'), ('a/b', 'g'), (?, NULL))"
        " t(b, r)",
        [BASE, BASE],
    ).fetchall()
    # A null base or reference gives null, and so does a base that is no IRI (no scheme).
    assert refs == [("http://a/b/c/g",), (None,), (None,), (None,)]
    # RFC 3987 §3.1: résumé's é is UTF-8 C3 A9, percent-encoded.
    assert column(con, "SELECT iri_to_uri('http://résumé.example.org')") == [
        "http://r%C3%A9sum%C3%A9.example.org"
    ]
    # RFC 3987 §3.2: %C3%BC is ü; %e2%80%ae is RLO, which an IRI may not hold, so it stays.
    assert column(
        con,
        "SELECT iri_to_iri(s) FROM (VALUES (1, 'http://www.example.org/D%C3%BCrst'),"
        " (2, 'http://xn--99zt52a.example.org/%e2%80%ae')) t(n, s) ORDER BY n",
    ) == ["http://www.example.org/Dürst", "http://xn--99zt52a.example.org/%E2%80%AE"]
    # RFC 3986 §6.2.3: 80 is http's port.
    assert column(con, "SELECT iri_lint_codes('http://example.org:80/')") == [["default-port"]]
    [[row]] = con.execute("SELECT iri_parse('http://[::g]/')").fetchall()
    # 'g' at index 10 ends the IPv6 address "::" where only ']' may follow.
    assert (row["error_component"], row["error_position"], row["host"]) == ("ip-literal", 10, None)


def test_duckdb_nulls_and_prefix(parquet: Path) -> None:
    con = duckdb.connect()
    rfc3987_rs.duckdb.register(con, prefix="rfc3987_")
    null = con.execute(
        "SELECT rfc3987_is_valid(NULL), rfc3987_parse(NULL), rfc3987_normalize(NULL),"
        " rfc3987_to_uri(NULL), rfc3987_to_iri(NULL), rfc3987_resolve(NULL, NULL),"
        " rfc3987_lint_codes(NULL)"
    ).fetchall()
    assert null == [(None,) * 7]
    with pytest.raises(duckdb.CatalogException):
        con.execute("SELECT iri_is_valid('a')")
    # The example of the module's documentation: SQL over a Parquet file.
    answers = con.execute(
        f"SELECT rfc3987_is_valid(iri), rfc3987_normalize(iri) FROM '{parquet}'"
    ).fetchall()
    assert answers == [(SCALAR["is_valid"](r), SCALAR["normalize"](r)) for r in ROWS]
    con.close()


def test_duckdb_many_vectors(con: duckdb.DuckDBPyConnection) -> None:
    # 10,000 rows are five vectors of DuckDB's 2048, some worked on by each of its threads.
    [(valid, normal)] = con.execute(
        "SELECT count(*) FILTER (iri_is_valid(s)), count(DISTINCT iri_normalize(s))"
        " FROM (SELECT 'HTTP://Example.org:80/' || (i % 7) || CASE WHEN i % 2 = 0"
        " THEN '/./x' ELSE '/x y' END AS s FROM range(10000) t(i))"
    ).fetchall()
    # Even rows end in '/./x' (valid), odd ones in '/x y' (a space: invalid); the valid ones
    # normalize to seven IRIs, http://example.org/0/x to http://example.org/6/x.
    assert (valid, normal) == (5000, 7)


# Polars


def iri(column: str) -> rfc3987_rs.polars.IRIExpr:
    """``pl.col(column).iri``, which mypy cannot see: the namespace is registered at run time."""
    namespace = pl.col(column).iri  # type: ignore[attr-defined]
    assert isinstance(namespace, rfc3987_rs.polars.IRIExpr)
    return namespace


def polars_column(expr: pl.Expr, rows: list[str | None] = ROWS) -> list[Any]:
    return pl.DataFrame({"iri": rows}, schema={"iri": pl.String}).select(expr).to_series().to_list()


def test_polars_every_method_row_by_row() -> None:
    ns = iri("iri")
    methods: dict[str, pl.Expr] = {
        "is_valid": ns.is_valid(),
        "parse": ns.parse(),
        "normalize": ns.normalize(),
        "to_uri": ns.to_uri(),
        "to_iri": ns.to_iri(),
        "resolve": ns.resolve(BASE),
        "lint_codes": ns.lint_codes(),
    }
    for name, expr in methods.items():
        assert polars_column(expr) == [SCALAR[name](row) for row in ROWS], name


def test_polars_options_row_by_row() -> None:
    ns = iri("iri")
    rows: list[str | None] = ["http://xn--99zt52a.example.org/%e2%80%ae", "HTTP://é/", None, "a b"]
    checks: list[tuple[pl.Expr, Callable[[str], Any]]] = [
        (ns.is_valid("absolute_IRI"), lambda s: rfc3987_rs.is_valid(s, "absolute_IRI")),
        (ns.normalize("syntax", nfc=True), lambda s: rfc3987_rs.normalize(s, "syntax", nfc=True)),
        (ns.to_uri(idna=True), lambda s: rfc3987_rs.to_uri(s, idna=True)),
        (ns.to_iri(idn_unicode=True), lambda s: rfc3987_rs.to_iri(s, idn_unicode=True)),
        (
            ns.resolve("http://a/b/", strict=False),
            lambda s: rfc3987_rs.resolve("http://a/b/", s, strict=False),
        ),
    ]
    for expr, function in checks:
        assert polars_column(expr, rows) == [scalar(function, row) for row in rows]


def test_polars_schema_and_names() -> None:
    frame = pl.LazyFrame(
        {"iri": ["a"], "base": [BASE]}, schema={"iri": pl.String, "base": pl.String}
    )
    ns = iri("iri")
    exprs = [
        ns.is_valid(),
        ns.parse(),
        ns.normalize(),
        ns.to_uri(),
        ns.to_iri(),
        ns.resolve(pl.col("base")),
        ns.lint_codes(),
    ]
    # The types are known before the query runs, and each column keeps the input's name.
    for lazy in [frame.select(e) for e in exprs]:
        assert lazy.collect_schema() == lazy.collect().schema
        assert lazy.collect_schema().names() == ["iri"]
    assert frame.select(ns.parse()).collect_schema()["iri"] == rfc3987_rs.polars.PARSED
    types = [frame.select(e).collect_schema()["iri"] for e in exprs]
    assert types[0] == pl.Boolean and types[-1] == pl.List(pl.String)
    assert list(rfc3987_rs.polars.PARSED.to_schema()) == [*STRINGS, "error_position"]


def test_polars_resolve_per_row() -> None:
    refs: list[str | None] = [*RESOLVED, "g", "g", None]
    bases: list[str | None] = [BASE, BASE, BASE, None, "a/b", BASE]
    frame = pl.DataFrame({"ref": refs, "base": bases})
    got = frame.select(iri("ref").resolve(pl.col("base")))["ref"].to_list()
    # RFC 3986 §5.4.1; then a null base, a base that is no IRI, a null reference.
    assert got == [*RESOLVED.values(), None, None, None]
    series = pl.Series("base", bases)
    assert frame.select(iri("ref").resolve(series))["ref"].to_list() == got


def test_polars_errors_raise() -> None:
    with pytest.raises(rfc3987_rs.IRIError) as error:
        polars_column(iri("iri").normalize(errors="raise"))
    # The first invalid row of ROWS, a space in the path. Polars raises the error again with
    # its type and message, not its attributes.
    assert "isegment" in str(error.value)


@pytest.mark.parametrize("engine", ["in-memory", "streaming"])
def test_polars_large_and_lazy(engine: Any) -> None:
    # 20,000 rows: more than one range of the batch functions when parallel; the streaming
    # engine may cut the column into batches of its own (the methods are elementwise).
    rows = ["HTTP://A/%7e", "a b", None, "../g"] * 5000
    frame = pl.LazyFrame({"iri": rows}, schema={"iri": pl.String})
    for parallel in [True, False]:
        out = frame.select(
            valid=iri("iri").is_valid(parallel=parallel),
            normal=iri("iri").normalize(parallel=parallel),
        ).collect(engine=engine)
        assert out["valid"].to_list() == [True, False, None, True] * 5000
        assert out["normal"].to_list() == ["http://a/~", None, None, "../g"] * 5000


# The examples


def run_example(script: str, *args: object, timeout: float = 60) -> Any:
    """Run ``script`` of examples/engines with ``args``; its last line of output, as JSON."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=EXAMPLES,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_example_duckdb(parquet: Path, tmp_path: Path) -> None:
    out = tmp_path / "checked.parquet"
    assert run_example("duckdb_sql.py", parquet, "--out", out) == EXPECTED
    checked(pq.read_table(out))


def test_example_polars(parquet: Path, tmp_path: Path) -> None:
    out = tmp_path / "checked.parquet"
    assert run_example("polars_frame.py", parquet, "--out", out) == EXPECTED
    checked(pq.read_table(out))


def java_major() -> int | None:
    """The major version of the Java runtime PySpark would start (JAVA_HOME's, else the one on
    PATH), or None where there is none."""
    home = os.environ.get("JAVA_HOME")
    java = str(Path(home) / "bin" / "java") if home else shutil.which("java")
    if java is None or not Path(java).exists():
        return None
    # `java -version` writes e.g. `openjdk version "17.0.15" 2025-04-15` (or "1.8.0_402" for
    # Java 8) to stderr.
    done = subprocess.run([java, "-version"], capture_output=True, text=True, timeout=60)
    match = re.search(r'version "(\d+)(?:\.(\d+))?', done.stderr)
    if match is None:
        return None
    major = int(match.group(1))
    return int(match.group(2) or 0) if major == 1 else major


def test_example_spark(parquet: Path, tmp_path: Path) -> None:
    # PySpark 4 runs on Java 17 or newer; without it this test is skipped, with the reason
    # shown in pytest's summary (python/test.sh runs pytest with -rs).
    major = java_major()
    if major is None or major < 17:
        found = "no Java runtime" if major is None else f"Java {major}"
        pytest.skip(f"PySpark example needs Java 17 or newer (JAVA_HOME or java on PATH): {found}")
    out = tmp_path / "checked"
    assert run_example("spark_job.py", parquet, "--out", out, timeout=240) == EXPECTED
    checked(pq.read_table(out))


def checked(table: pa.Table) -> None:
    """The rows an example wrote with --out: each with its verdict, normal form and error."""
    rows = {row.pop("iri"): row for row in table.to_pylist()}
    assert len(table) == len(ROWS) and set(rows) == set(ROWS)
    for iri, row in rows.items():
        expected: dict[str, Any]
        if iri is None:
            expected = dict.fromkeys(row)
        elif iri in INVALID:
            expected = {"valid": False, "normalized": None, "error_component": INVALID[iri]}
        else:
            normal = NOT_NORMAL.get(iri, iri)
            expected = {"valid": True, "normalized": normal, "error_component": None}
        assert {name: row[name] for name in expected} == expected, iri
    assert rows["http://a/b c"]["error_position"] == 10  # the space


def test_example_sample(tmp_path: Path) -> None:
    # The sample: examples/iris.txt (ten valid IRIs, already normal), three that normalize
    # (sample.py: RFC 3986 §6.2.2.1, §6.2.2.2, §6.2.3), three invalid ones and a null.
    result = run_example("duckdb_sql.py", tmp_path / "sample.parquet", "--make-sample")
    assert result == {
        "rows": 17,
        "null": 1,
        "valid": 13,
        "invalid": 3,
        "invalid_by_component": {"ip-literal": 1, "path": 1, "scheme": 1},
        "normalized": [
            ["HTTP://www.EXAMPLE.com/", "http://www.example.com/"],
            ["http://example.com/%7Esmith/home.html", "http://example.com/~smith/home.html"],
            ["http://example.com:80/", "http://example.com/"],
        ],
    }
