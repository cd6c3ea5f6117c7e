"""The README's SQL over RDF dumps gives the rows the README shows.

In the section "RDF dumps in SQL", each ``sql`` block is followed by a Markdown table of its
rows: the query runs in DuckDB with the extension (RFC3987_DUCKDB_EXTENSION, as duckdb/test.sh
sets it) at the repository's root, and each row, as DuckDB casts it to VARCHAR, must be the
table's (a cell's backquotes are not part of it; ``NULL`` is a null).
"""

from __future__ import annotations

import os
import re

import duckdb
import pytest
from generate import DATA

ROOT = DATA.parent.parent
SECTION = "### RDF dumps in SQL"


def examples() -> list[tuple[str, list[list[str]]]]:
    """Each query of the section, with the rows of the table under it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    section = text[start : text.index("\n## ", start)]
    found = []
    for m in re.finditer(r"```sql\n(.*?)```\n\n((?:\|[^\n]*\n)+)", section, re.S):
        lines = m.group(2).splitlines()[2:]  # the header and the rule below it
        rows = [[cell.strip().strip("`") for cell in line.strip("|").split("|")] for line in lines]
        found.append((m.group(1), rows))
    return found


def test_the_section_has_examples() -> None:
    assert examples()


@pytest.mark.parametrize(("query", "rows"), examples())
def test_a_query_gives_the_rows_shown(query: str, rows: list[list[str]]) -> None:
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute(f"LOAD '{os.environ['RFC3987_DUCKDB_EXTENSION']}'")
    cwd = os.getcwd()
    try:
        os.chdir(ROOT)
        got = con.execute(query).fetchall()
    finally:
        os.chdir(cwd)
    assert [["NULL" if v is None else str(v) for v in row] for row in got] == rows
