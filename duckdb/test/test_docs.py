"""The ``sql`` examples of every Markdown file of the repository run in DuckDB with the extension,
and give the rows of the table under them (TESTING.md, "The examples in the documentation").

The files and their blocks are those ``python/tests/markdown_blocks.py`` finds (the Python
tests' module, shared); a block whose line before the opening fence is an HTML comment
``<!-- run by PATH: how -->`` or ``<!-- not run: why -->`` is left out.

Each ``sql`` block runs in a database of its own, in memory, with unsigned extensions allowed and
the extension loaded from RFC3987_DUCKDB_EXTENSION (duckdb/test.sh sets it), at the repository's
root: its statements in order (DuckDB's parser splits them), less a ``LOAD`` of
``rfc3987.duckdb_extension``, which is loaded already. When one blank line and then a Markdown
table follow the block, the last statement's rows must be the table's (below its header and rule
line): each value as DuckDB casts it to VARCHAR, ``NULL`` for a null, a cell's backquotes and
surrounding blanks not part of it. Otherwise the statements must run without error.

Each block is a test whose id is FILE:LINE, the line of its opening fence.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import duckdb
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python" / "tests"))
from markdown_blocks import Block, blocks  # noqa: E402  (the Python tests' module, above)

#: A LOAD of this file is left out of a block: the extension is loaded already.
EXTENSION_FILE = "rfc3987.duckdb_extension"


def _table(lines: list[str], after: int) -> tuple[tuple[str, ...], ...] | None:
    """The rows of the table that starts two lines after ``after`` (the line after a closing
    fence) when the line between is blank, below its header and rule line."""
    if after + 1 >= len(lines) or lines[after].strip() or not _is_row(lines[after + 1]):
        return None
    end = after + 1
    while end < len(lines) and _is_row(lines[end]):
        end += 1
    return tuple(cells(line) for line in lines[after + 3 : end])


def _is_row(line: str) -> bool:
    return line.lstrip().startswith("|")


def cells(row: str) -> tuple[str, ...]:
    """The cells of a table's row: split at each ``|`` that is not escaped as ``\\|``, each
    stripped, and without the backquotes around it."""
    row = row.strip()
    row = row[1:]
    if row.endswith("|") and not row.endswith("\\|"):
        row = row[:-1]
    return tuple(_unquote(cell.strip().replace("\\|", "|")) for cell in re.split(r"(?<!\\)\|", row))


def _unquote(cell: str) -> str:
    """A cell written as a code span, as the text of the span (CommonMark: a run of backquotes
    on each side, and one space inside each dropped when both are there)."""
    span = re.fullmatch(r"(`+)(.*)\1", cell, re.S)
    if span is None or re.search(rf"(?<!`){span[1]}(?!`)", span[2]):
        return cell
    inner = span[2]
    if len(inner) >= 2 and inner[0] == inner[-1] == " " and inner.strip():
        inner = inner[1:-1]
    return inner


def table(block: Block) -> tuple[tuple[str, ...], ...] | None:
    """The rows of the Markdown table that follows ``block`` after one blank line, each a tuple
    of its cells (header and rule line left out), or None when no table follows so."""
    return _table(block.file.read_text(encoding="utf-8").splitlines(), block.after)


def _repository_blocks() -> tuple[list[Block], str | None]:
    """The repository's blocks, or why they could not be listed."""
    if shutil.which("git") is None:
        return [], "git is not on PATH: the Markdown files are those `git ls-files` lists"
    try:
        return blocks(), None
    except subprocess.CalledProcessError as error:
        return [], f"`git ls-files` failed at {ROOT}: {error.stderr.decode(errors='replace')}"


BLOCKS, UNLISTED = _repository_blocks()


def sql_params() -> list[Any]:
    return [
        pytest.param(block, id=block.where)
        for block in BLOCKS
        if block.language == "sql" and block.skip is None
    ]


def _loads_the_extension(statement: duckdb.Statement) -> bool:
    return (
        statement.type == duckdb.StatementType.LOAD
        and re.search(rf"{re.escape(EXTENSION_FILE)}['\"]?\s*;?\s*$", statement.query) is not None
    )


def run_sql(block: Block, extension: str) -> None:
    """Runs a ``sql`` block at its root, with the extension loaded, and compares the last
    statement's rows with the table under the block, if there is one."""
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    try:
        con.execute(f"LOAD '{extension}'")
        with contextlib.chdir(block.root):
            outcome = _run(con, block)
    finally:
        con.close()
    # Failed here, out of any exception handler: no "During handling of ..." in the report.
    if isinstance(outcome, str):
        pytest.fail(outcome, pytrace=False)
    rows = table(block)
    if rows is not None and outcome != list(rows):
        shown = [" | ".join(row) for row in rows]
        got = [" | ".join(row) for row in outcome]
        diff = difflib.unified_diff(shown, got, "the table", "the rows", lineterm="")
        pytest.fail(
            f"{block.where}: the last statement's rows are not the table's\n"
            f"expected (the table under the block):\n{_indented(chr(10).join(shown))}"
            f"got:\n{_indented(chr(10).join(got))}diff:\n" + "\n".join(diff),
            pytrace=False,
        )


def _run(con: duckdb.DuckDBPyConnection, block: Block) -> list[tuple[str, ...]] | str:
    """Runs the block's statements: the last one's rows, each value as DuckDB casts it to
    VARCHAR (``NULL`` for a null), when a table follows the block, or else no row; or why the
    block failed."""
    try:
        statements = con.extract_statements(block.text)
    except duckdb.Error as error:
        return f"{block.where}: DuckDB cannot parse the block: {error}"
    statements = [s for s in statements if not _loads_the_extension(s)]
    if not statements:
        return f"{block.where}: the block has no statement to run"
    for n, statement in enumerate(statements, 1):
        try:
            if table(block) is None or n < len(statements):
                con.execute(statement)
                continue
            result = con.sql(statement)
            if result is None:
                return (
                    f"{block.where}: a table follows the block, but its last statement gives "
                    f"no rows:\n{_indented(statement.query.strip())}"
                )
            rows = result.project("COLUMNS(*)::VARCHAR").fetchall()
        except duckdb.Error as error:
            return (
                f"{block.where}: statement {n} of {len(statements)} failed: {error}\n"
                f"{_indented(statement.query.strip())}"
            )
        return [tuple("NULL" if value is None else str(value) for value in row) for row in rows]
    return []


def _indented(text: str) -> str:
    return "".join(f"    {line}\n" for line in text.splitlines()) or "    (nothing)\n"


@pytest.fixture(scope="module")
def extension() -> str:
    path = os.environ.get("RFC3987_DUCKDB_EXTENSION")
    if not path:
        pytest.fail(
            "RFC3987_DUCKDB_EXTENSION is not set: duckdb/test.sh sets it to the extension it built",
            pytrace=False,
        )
    return path


def test_the_docs_have_sql_examples() -> None:
    assert UNLISTED is None, UNLISTED
    run = [block for block in BLOCKS if block.language == "sql" and block.skip is None]
    assert run, "no sql block to run"
    # The guide's SQL page (docs/src/sql.md) has tables: the parser finds them.
    assert any(table(block) is not None for block in run), "no sql block with a table under it"


@pytest.mark.parametrize("block", sql_params())
def test_a_sql_block_gives_the_rows_shown(block: Block, extension: str) -> None:
    run_sql(block, extension)
