"""The extension's functions equal, row by row, those of the Python package on the same rows.

The Python module ``rfc3987_rs.duckdb`` registers the same functions as Python UDFs (here with
the prefix ``py_``), which run the passes through ``rfc3987_rs.arrow``; ``iri_equivalent`` and
``iri_relativize``, which the module does not have, are compared with the package's own
``equivalent`` and ``relativize``. The rows: every input of the repository's tables (the RFC
examples, the mistakes, the IPv6 and tree inputs), a sample of the benchmark corpora, and the
edge cases (NULL, the empty string, a long string, §4.1 bidi characters).

``read_rdf_iris`` gives, for each finding of an RDF dump, what ``rfc3987_rs.rdf.check`` gives
(which python/tests/test_rdf.py compares with ``iri check --json``).

Run by duckdb/test.sh with the extension's path in RFC3987_DUCKDB_EXTENSION.
"""

from __future__ import annotations

import gzip
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest
import rfc3987_rs
import rfc3987_rs.duckdb
from generate import DATA, pieces, rows
from rfc3987_rs import arrow, rdf

ROOT = DATA.parent.parent
BASES = [
    "http://a/b/c/d;p?q",
    "https://例え.jp/a/b/",
    "urn:isbn:0451450523",
    "file:///",
    "http://a",
]


def corpus() -> Iterator[str | None]:
    """The inputs: the tables' (unescaped), a sample of the benchmark corpora, the edge cases."""
    for name, column in [
        ("rfc-syntax-examples.tsv", 0),
        ("mistakes.tsv", 1),
        ("ipv6.tsv", 0),
        ("tree-inputs.tsv", 0),
    ]:
        for _, fields in rows(name, column + 1):
            yield "".join(c for c, _ in pieces(fields[column]))
    for name in ["iris-mixed-100k.txt.gz", "iris-nonascii.txt.gz"]:
        with gzip.open(ROOT / "benches" / "data" / name, "rt", encoding="utf-8") as lines:
            for number, line in enumerate(lines):
                if number % 20 == 0:
                    yield line.rstrip("\n")
    yield from [
        None,
        "",
        "http://example.org/" + "a" * 100_000,
        "http://example.org/\u202ex",
        "\u200fa",
    ]


@pytest.fixture(scope="module")
def con() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{os.environ['RFC3987_DUCKDB_EXTENSION']}'")
    rfc3987_rs.duckdb.register(con, prefix="py_")
    inputs = list(corpus())
    con.execute("CREATE TABLE t (n INTEGER, s VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(inputs)))
    con.execute("CREATE TABLE b (base VARCHAR)")
    con.executemany("INSERT INTO b VALUES (?)", [[base] for base in BASES])
    return con


def differences(
    con: duckdb.DuckDBPyConnection, ours: str, theirs: str, source: str = "t"
) -> list[tuple[object, ...]]:
    """The rows where the two expressions differ (compared as text), at most five."""
    query = f"""SELECT s, {ours}::VARCHAR, {theirs}::VARCHAR FROM {source}
                WHERE {ours}::VARCHAR IS DISTINCT FROM {theirs}::VARCHAR LIMIT 5"""
    return con.execute(query).fetchall()


def test_the_rows_hold_every_case(con: duckdb.DuckDBPyConnection) -> None:
    # Thousands of rows, valid and invalid, a NULL: a comparison over them can fail.
    valid, invalid, null = con.execute(
        """SELECT count(*) FILTER (iri_is_valid(s)), count(*) FILTER (NOT iri_is_valid(s)),
                  count(*) FILTER (s IS NULL) FROM t"""
    ).fetchall()[0]
    assert valid > 5000 and invalid > 150 and null == 1


@pytest.mark.parametrize(
    "ours, theirs",
    [
        ("iri_is_valid(s)", "py_is_valid(s)"),
        ("iri_parse(s)", "py_parse(s)"),
        ("iri_normalize(s)", "py_normalize(s)"),
        ("iri_to_uri(s)", "py_to_uri(s)"),
        ("iri_to_iri(s)", "py_to_iri(s)"),
        ("iri_lint_codes(s)", "py_lint_codes(s)"),
    ],
)
def test_same_as_the_python_module(con: duckdb.DuckDBPyConnection, ours: str, theirs: str) -> None:
    assert differences(con, ours, theirs) == []


def test_resolve_same_as_the_python_module(con: duckdb.DuckDBPyConnection) -> None:
    assert differences(con, "iri_resolve(base, s)", "py_resolve(base, s)", "t, b") == []


def test_equivalent_and_relativize_same_as_the_package(
    con: duckdb.DuckDBPyConnection,
) -> None:
    rows = con.execute(
        """SELECT s, base, iri_equivalent(s, base), iri_equivalent(s, iri_normalize(s), 'syntax'),
                  iri_relativize(base, s)
           FROM t, b WHERE n % 7 = 0"""
    ).fetchall()
    assert len(rows) > 1000
    for s, base, same, same_syntax, relative in rows:
        both = s is not None and rfc3987_rs.is_valid(s)
        assert same == (rfc3987_rs.equivalent(s, base) if both else None), (s, base)
        assert same_syntax == (
            rfc3987_rs.equivalent(s, rfc3987_rs.normalize(s), "syntax") if both else None
        ), s
        target = s is not None and rfc3987_rs.is_valid(s, "IRI")
        assert relative == (rfc3987_rs.relativize(base, s) if target else None), (
            s,
            base,
        )


SYMBOLS = ["IRI_reference", "IRI", "absolute_IRI", "irelative_ref", "URI_reference", "URI"]


def column(con: duckdb.DuckDBPyConnection, expression: str) -> Any:
    """``expression`` over the rows, in their order: a pyarrow array."""
    return con.sql(f"SELECT {expression} AS x FROM t ORDER BY n").to_arrow_table()["x"]


def first_difference(con: duckdb.DuckDBPyConnection, ours: str, theirs: Any) -> object:
    """The first row where the SQL ``ours`` and the array ``theirs`` (of ``rfc3987_rs.arrow``,
    over the column ``s``) differ, with its input; ``None`` when they agree."""
    inputs, ours_list, theirs_list = (
        column(con, "s").to_pylist(),
        column(con, ours).to_pylist(),
        theirs.to_pylist(),
    )
    assert len(ours_list) == len(theirs_list) == len(inputs)
    for s, a, b in zip(inputs, ours_list, theirs_list):
        if a != b:
            return (s, a, b)
    return None


@pytest.mark.parametrize("symbol", SYMBOLS)
def test_the_optional_arguments_same_as_the_arrow_functions(
    con: duckdb.DuckDBPyConnection, symbol: str
) -> None:
    # The arguments the module's SQL functions do not take, against rfc3987_rs.arrow's.
    s = column(con, "s")
    assert first_difference(con, f"iri_is_valid(s, '{symbol}')", arrow.is_valid(s, symbol)) is None
    assert first_difference(con, f"iri_parse(s, '{symbol}')", arrow.parse(s, symbol)) is None


@pytest.mark.parametrize("level", ["simple", "syntax", "scheme"])
def test_levels_and_idna_same_as_the_arrow_functions(
    con: duckdb.DuckDBPyConnection, level: str
) -> None:
    s, idna = column(con, "s"), level == "scheme"
    assert first_difference(con, f"iri_normalize(s, '{level}')", arrow.normalize(s, level)) is None
    uris = arrow.to_uri(s, idna=idna)
    assert first_difference(con, f"iri_to_uri(s, {str(idna).lower()})", uris) is None


RDF_DUMPS = sorted(
    path.name
    for path in (DATA / "rdf-dirty").iterdir()
    if path.suffix in {".nt", ".nq", ".ttl", ".trig", ".gz", ".bz2", ".xz"}
)


@pytest.mark.parametrize("name", RDF_DUMPS)
def test_read_rdf_iris_finds_what_rdf_check_finds(
    con: duckdb.DuckDBPyConnection, name: str
) -> None:
    path = DATA / "rdf-dirty" / name
    columns = "line, col, code, message, component, rule, role, iri"
    got = con.execute(
        f"SELECT {columns} FROM read_rdf_iris(?) WHERE code IS NOT NULL ORDER BY ALL", [str(path)]
    ).fetchall()
    want = sorted(
        (f.line, f.column, f.code, f.message, f.component, f.rule, f.role, f.iri)
        for f in rdf.check(path)
    )
    assert got == want
    assert name.startswith("clean") or want


def test_read_rdf_iris_reads_large_dumps_in_parallel_as_rdf_check_does(
    con: duckdb.DuckDBPyConnection, tmp_path: Path
) -> None:
    # Three dumps of 20,000 lines (about 1.3 MB each: five blocks of 256 KiB), read through one
    # glob on four threads: each line holds three IRIs, every 997th line's subject a space (an
    # invalid IRI, at the space's column, after "é"s), every 4,999th line is longer than the
    # limit of 2,000 bytes (reported once, its IRIs not read), with "€" across the limit.
    for n in range(3):
        lines = []
        for i in range(20_000):
            if i % 4999 == 7:
                lines.append(f"<http://ab/{'€' * 1000}> <http://a/p> <http://a/o> .")
            elif i % 997 == 5:
                lines.append(f"<http://a/{'é' * (i % 7)}/s {n}> <http://a/p> <http://a/o{i}> .")
            else:
                lines.append(f"<http://a/{n}/{i}> <http://a/p> <http://a/é{i}> .")
        (tmp_path / f"dump{n}.nt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    con.execute("SET threads = 4")
    try:
        rows = con.execute(
            "SELECT file, line, col, code, message, component, rule, role, iri "
            "FROM read_rdf_iris(?, max_statement_bytes := 2000) WHERE code IS NOT NULL "
            "ORDER BY ALL",
            [str(tmp_path / "dump*.nt")],
        ).fetchall()
        count = con.execute(
            "SELECT count(*) FROM read_rdf_iris(?, max_statement_bytes := 2000)",
            [str(tmp_path / "dump*.nt")],
        ).fetchone()
    finally:
        con.execute("RESET threads")
    want = sorted(
        (str(tmp_path / f"dump{n}.nt"),)
        + (f.line, f.column, f.code, f.message, f.component, f.rule, f.role, f.iri)
        for n in range(3)
        for f in rdf.check(tmp_path / f"dump{n}.nt", max_statement_bytes=2000)
    )
    assert rows == want
    # In each dump, 21 lines with a space and 4 too long (i = 7, 5006, 10005, 15004). The first
    # space is on line 6 (i = 5): "<http://a/" is 10 characters, then 5 "é" (i % 7), "/s", so it
    # is the 18th; the first line too long is line 8, reported at its start.
    first = [r[1:4] for r in rows if r[0].endswith("dump0.nt")][:2]
    assert first == [(6, 18, "syntax"), (8, 1, "rdf-syntax")]
    assert len(rows) == 3 * (4 + 21)
    # Three rows a line, but for the lines too long (one row each).
    assert count == (3 * (3 * (20_000 - 4) + 4),)
