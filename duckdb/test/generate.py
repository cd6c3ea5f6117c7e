#!/usr/bin/env python3
"""Write the sqllogictest files of the repository's tables, so that DuckDB checks the same
expectations the Rust tests do:

- ``sql/rfc_examples.test`` from ``tests/data/rfc-syntax-examples.tsv``: every syntax example
  of RFC 3986 and RFC 3987, an IRI, a relative reference or neither, and the kind of its host;
- ``sql/mistakes.test`` from ``tests/data/mistakes.tsv``: realistic mistakes, each invalid for
  its start symbol, with the component and the position of the first character at fault (the
  table gives a byte offset; the extension gives the index of the character, which the
  generator counts in the unescaped input);
- ``sql/rdf_dirty.test`` from ``tests/data/rdf-dirty/expected.tsv``: every finding of the dirty
  RDF dumps, which ``read_rdf_iris`` must give from each dump, plain and compressed, as
  ``iri check`` does, and none from the clean ones.

Each expectation is the table's, derived by hand from the ABNF (the tables say how). The
inputs are written as SQL: literal text, with ``chr(n)`` for each character the table escapes
(controls, bidi and other invisible characters).

    generate.py            write the files
    generate.py --check    fail if a file differs from what the tables give (test.sh)
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE.parent.parent / "tests" / "data"

ESCAPE = re.compile(r"\\u\{([0-9A-Fa-f]*)\}|\\(.)")
SIMPLE = {"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}


def pieces(field: str) -> list[tuple[str, bool]]:
    """The characters of a table's input column, each with whether the table escaped it."""
    out: list[tuple[str, bool]] = []
    at = 0
    for m in ESCAPE.finditer(field):
        out += [(c, False) for c in field[at : m.start()]]
        if m.group(1) is not None:
            if m.group(1):
                out.append((chr(int(m.group(1), 16)), True))
        elif m.group(2) == "\\":
            out.append(("\\", False))
        else:
            out.append((SIMPLE[m.group(2)], True))
        at = m.end()
    return out + [(c, False) for c in field[at:]]


def sql(chars: list[tuple[str, bool]]) -> str:
    """A SQL expression of the input: quoted runs of literal text and chr() of escaped ones."""
    parts: list[str] = []
    run = ""
    for c, escaped in chars:
        if escaped:
            if run:
                parts.append("'" + run.replace("'", "''") + "'")
                run = ""
            parts.append(f"chr({ord(c)})")
        else:
            run += c
    if run or not parts:
        parts.append("'" + run.replace("'", "''") + "'")
    return " || ".join(parts)


def joined(lines: list[str], end: str = "") -> str:
    """``lines`` one per line, each but the last followed by ``end``."""
    return (end + "\n").join(lines)


def rows(name: str, columns: int) -> list[tuple[int, list[str]]]:
    """The data rows of a table, with their line numbers."""
    out = []
    for number, line in enumerate((DATA / name).read_text(encoding="utf-8").split("\n"), start=1):
        if line.strip() and not line.startswith("#"):
            fields = line.split("\t")
            if len(fields) < columns:
                raise SystemExit(f"{name}:{number}: {len(fields)} columns")
            out.append((number, fields))
    return out


def rfc_examples() -> str:
    values, expected = [], []
    for number, (field, verdict, host_kind, *_) in rows("rfc-syntax-examples.tsv", 3):
        values.append(f"({number}, {sql(pieces(field))})")
        is_iri, is_relative = verdict == "IRI", verdict == "irelative-ref"
        kind = "NULL" if host_kind == "-" else host_kind
        expected.append(
            "\t".join(
                [
                    str(number),
                    str(is_iri).lower(),
                    str(is_relative).lower(),
                    str(is_iri or is_relative).lower(),
                    kind,
                ]
            )
        )
    return f"""# name: duckdb/test/sql/rfc_examples.test
# description: every syntax example of RFC 3986 and RFC 3987
#   (tests/data/rfc-syntax-examples.tsv, by line)
# group: [rfc3987]
# Written by duckdb/test/generate.py from the table; do not edit. Columns: the table's line,
# an IRI (RFC 3987 §2.2), an irelative-ref, an IRI-reference, the host's kind (NULL without an
# authority and for an invalid input).

require rfc3987

query IIIIT
SELECT line, iri_is_valid(s, 'IRI'), iri_is_valid(s, 'irelative_ref'), iri_is_valid(s),
    iri_parse(s).host_kind
FROM (VALUES
{joined(values, ",")}
) AS t(line, s)
ORDER BY line
----
{joined(expected)}
"""


def mistakes() -> str:
    values, expected = [], []
    for number, (symbol, field, offset, component, *_) in rows("mistakes.tsv", 4):
        chars = pieces(field)
        # The index of the character at the table's byte offset (the input's length when the
        # input stops too early).
        position, size = 0, 0
        while size < int(offset):
            size += len(chars[position][0].encode("utf-8"))
            position += 1
        if size != int(offset):
            raise SystemExit(f"mistakes.tsv:{number}: offset {offset} is inside a character")
        values.append(f"({number}, '{symbol}', {sql(chars)})")
        expected.append("\t".join([str(number), "false", component, str(position)]))
    return f"""# name: duckdb/test/sql/mistakes.test
# description: realistic mistakes, their component and position (tests/data/mistakes.tsv, by line)
# group: [rfc3987]
# Written by duckdb/test/generate.py from the table; do not edit. Columns: the table's line,
# whether the input matches its start symbol (never), the component of the error and the
# index of the first character at fault.

require rfc3987

query ITTI
SELECT line, iri_is_valid(s, symbol), iri_parse(s, symbol).error_component,
    iri_parse(s, symbol).error_position
FROM (VALUES
{joined(values, ",")}
) AS t(line, symbol, s)
ORDER BY line
----
{joined(expected)}
"""


def rdf_dirty() -> str:
    findings: dict[str, list[str]] = {}
    for _, (name, line, column, code, component, *_) in rows("rdf-dirty/expected.tsv", 5):
        component = "NULL" if component == "-" else component
        # Each of the five forms of the dump (plain, .gz, .bz2, .zst, .xz) gives it once.
        findings.setdefault(name, []).append("\t".join([line, column, code, component, "5", "5"]))
    queries = [
        f"""query IITTII
SELECT line, col, code, component, count(*), count(DISTINCT file)
FROM read_rdf_iris('tests/data/rdf-dirty/{name}*')
WHERE code IS NOT NULL
GROUP BY ALL
ORDER BY line, col, code
----
{joined(expected)}
"""
        for name, expected in sorted(findings.items())
    ]
    return f"""# name: duckdb/test/sql/rdf_dirty.test
# description: the findings of the dirty RDF dumps (tests/data/rdf-dirty/expected.tsv)
# group: [rfc3987]
# Written by duckdb/test/generate.py from the table; do not edit. Each dump's findings, as
# iri check gives them: line, column (characters, from 1), code, component; each given once by
# each of the dump's five files, plain and compressed. The paths are the repository's
# (duckdb/test.sh runs the tests at its root).

require rfc3987

{joined(queries)}
# The clean dumps, of every syntax and compression: 20 files, no finding.
query II
SELECT count(DISTINCT file), count(code)
FROM read_rdf_iris('tests/data/rdf-dirty/clean.*')
----
20	0
"""


def main() -> int:
    files = {
        HERE / "sql" / "rfc_examples.test": rfc_examples(),
        HERE / "sql" / "mistakes.test": mistakes(),
        HERE / "sql" / "rdf_dirty.test": rdf_dirty(),
    }
    stale = [
        path
        for path, text in files.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    if "--check" in sys.argv[1:]:
        for path in stale:
            print(
                f"generate.py: {path} is not what the tables give; run duckdb/test/generate.py",
                file=sys.stderr,
            )
        return 1 if stale else 0
    for path in stale:
        path.write_text(files[path], encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
