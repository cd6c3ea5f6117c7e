#!/usr/bin/env python3
"""Run sqllogictest files, in DuckDB's dialect, against the ``duckdb`` package from PyPI.

DuckDB extensions keep their tests as sqllogictest files (``test/sql/*.test``), which DuckDB's
own runners read; neither runner is on PyPI. This one reads the part of the dialect our files
use, with DuckDB's conventions, so that the same files pass under DuckDB's runners:

- records are separated by blank lines; ``#`` starts a comment line;
- ``require rfc3987`` loads the extension under test (``--extension``, unsigned);
- ``statement ok`` / ``statement error``: the SQL lines that follow must succeed / fail; after
  a ``----`` line, the expected error, which must occur in DuckDB's message;
- ``query <one letter per column> [nosort|rowsort|valuesort]``: the SQL, ``----``, then the
  expected rows, values separated by a tab; each value as DuckDB casts it to VARCHAR (``true``,
  ``[a, b]``, ``{'k': v}``), ``NULL`` for a null and ``(empty)`` for the empty string.

    sqllogictest.py --extension build/rfc3987.duckdb_extension duckdb/test/sql/*.test
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

import duckdb


@dataclass
class Record:
    """A record of a test file: its first line (split), its line number, SQL and expected lines."""

    words: list[str]
    line: int
    sql: list[str] = field(default_factory=list)
    expected: list[str] | None = None


def records(text: str) -> list[Record]:
    """The records of a file, comments left out."""
    out: list[Record] = []
    current: Record | None = None
    for number, line in enumerate(text.split("\n"), start=1):
        if current is None:
            if line.strip() == "" or line.startswith("#"):
                continue
            current = Record(line.split(), number)
        elif line.strip() == "":
            out.append(current)
            current = None
        elif line == "----" and current.expected is None:
            current.expected = []
        elif current.expected is not None:
            current.expected.append(line)
        elif not line.startswith("#"):
            current.sql.append(line)
    if current is not None:
        out.append(current)
    return out


def rendered(value: str | None) -> str:
    """A value as the files write it."""
    if value is None:
        return "NULL"
    return "(empty)" if value == "" else value


class Failure(Exception):
    pass


def run_record(con: duckdb.DuckDBPyConnection, record: Record, extension: Path) -> None:
    kind, sql = record.words[0], "\n".join(record.sql).strip().rstrip(";")
    if kind == "require":
        if record.words[1:] != ["rfc3987"]:
            raise Failure(f"this runner loads only rfc3987, not {record.words[1:]}")
        try:
            con.execute(f"LOAD '{extension}'")
        except duckdb.Error as error:
            raise Failure(f"the extension did not load: {error}") from error
    elif kind == "statement" and record.words[1] == "ok":
        try:
            con.execute(sql)
        except duckdb.Error as error:
            raise Failure(f"statement failed: {error}") from error
    elif kind == "statement" and record.words[1] == "error":
        try:
            con.execute(sql)
        except duckdb.Error as error:
            wanted = "\n".join(record.expected or [])
            if wanted not in str(error):
                raise Failure(f"wrong error:\n  expected: {wanted}\n  got: {error}") from error
        else:
            raise Failure("statement succeeded, an error was expected")
    elif kind == "query":
        run_query(con, record, sql)
    else:
        raise Failure(f"this runner does not know the record {record.words}")


def run_query(con: duckdb.DuckDBPyConnection, record: Record, sql: str) -> None:
    columns = len(record.words[1])
    sort = record.words[2] if len(record.words) > 2 else "nosort"
    try:
        # Each value as DuckDB itself writes it, its cast to VARCHAR.
        rows = con.execute(f"SELECT COLUMNS(*)::VARCHAR FROM (\n{sql}\n)").fetchall()
    except duckdb.Error as error:
        raise Failure(f"query failed: {error}") from error
    if rows and len(rows[0]) != columns:
        raise Failure(f"{len(rows[0])} columns, the record says {columns}")
    actual = [[rendered(v) for v in row] for row in rows]
    expected = [line.split("\t") for line in record.expected or []]
    if sort == "rowsort":
        actual.sort()
        expected.sort()
    elif sort == "valuesort":
        actual = [[v] for v in sorted(v for row in actual for v in row)]
        expected = [[v] for v in sorted(v for row in expected for v in row)]
    if actual != expected:
        for number, (got, wanted) in enumerate(zip(actual, expected), start=1):
            if got != wanted:
                raise Failure(
                    f"wrong result in row {number}:\n  expected: {wanted}\n  got:      {got}"
                )
        raise Failure(f"{len(actual)} rows, {len(expected)} expected")


def run_file(path: Path, extension: Path) -> list[str]:
    """The failures of one file, each with its line."""
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    failures = []
    for record in records(path.read_text(encoding="utf-8")):
        try:
            run_record(con, record, extension)
        except Failure as failure:
            failures.append(f"{path}:{record.line}: {' '.join(record.words)}\n{failure}")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--extension", type=Path, required=True)
    parser.add_argument("files", type=Path, nargs="+")
    args = parser.parse_args()
    failures = []
    for path in args.files:
        found = run_file(path, args.extension.resolve())
        print(
            f"{path}: {len(records(path.read_text(encoding='utf-8')))} records, {len(found)} failed"
        )
        failures += found
    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"sqllogictest.py: DuckDB {duckdb.__version__}, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
