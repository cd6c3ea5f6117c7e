"""The ``python`` and ``pycon`` examples of every Markdown file of the repository (TESTING.md,
"The examples in the documentation").

The files and their blocks are those ``markdown_blocks.py`` finds; a block whose line before the
opening fence is an HTML comment ``<!-- run by PATH: how -->`` or ``<!-- not run: why -->`` is
left out.

- ``python``: the block runs as a script, in a namespace of its own, at the repository's root;
  what it prints must be the ``# `` comment lines that end the block, each without its ``# `` (a
  lone ``#`` is an empty line), exactly. A block that ends in no such line must print nothing.
- ``pycon``: Python's doctest runs the block (``ELLIPSIS`` on), at the repository's root.

Each block is a test whose id is FILE:LINE, the line of its opening fence.
"""

from __future__ import annotations

import contextlib
import difflib
import doctest
import importlib.util
import io
import shutil
import subprocess
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import Any

import pytest
from markdown_blocks import ROOT, Block, blocks

#: The packages release/test-wheel.sh may leave out on a CPython newer than the oldest supported
#: (no wheel of them yet): a block that needs one of them is skipped where it is not installed.
OPTIONAL_PACKAGES = frozenset({"numpy", "pyarrow", "pandas", "duckdb", "polars", "pyspark"})


def _repository_blocks() -> tuple[list[Block], str | None]:
    """The repository's blocks, or why they could not be listed."""
    if shutil.which("git") is None:
        return [], None  # test_the_docs_have_examples says so
    try:
        return blocks(), None
    except subprocess.CalledProcessError as error:
        return [], f"`git ls-files` failed at {ROOT}: {error.stderr.decode(errors='replace')}"


BLOCKS, UNLISTED = _repository_blocks()


def run_params(language: str) -> list[Any]:
    return [
        pytest.param(block, id=block.where)
        for block in BLOCKS
        if block.language == language and block.skip is None
    ]


def expected_output(text: str) -> str:
    """What a ``python`` block must print: the ``# `` comment lines that end it."""
    lines = text.rstrip("\n").split("\n")
    shown: list[str] = []
    while lines and (lines[-1].startswith("# ") or lines[-1] == "#"):
        shown.insert(0, lines.pop()[2:])
    return "".join(line + "\n" for line in shown)


def _skip_if_optional_missing(block: Block, error: BaseException | None) -> None:
    """Skips the test when ``error`` is the import of a package release/test-wheel.sh may leave
    out, and that package is not installed (never in python/test.sh's environment)."""
    if not isinstance(error, ModuleNotFoundError) or error.name is None:
        return
    package = error.name.split(".")[0]
    if package in OPTIONAL_PACKAGES and importlib.util.find_spec(package) is None:
        pytest.skip(f"{block.where}: needs {package}, which is not installed")


def run_python(block: Block) -> None:
    """Runs a ``python`` block at its root and compares what it prints with what it shows."""
    # Compiled as the Markdown file with the block at its own lines: a traceback names them.
    code = compile("\n" * block.line + block.text, str(block.file), "exec")
    out = io.StringIO()
    raised: BaseException | None = None
    with contextlib.chdir(block.root), contextlib.redirect_stdout(out):
        try:
            exec(code, {"__name__": "__main__"})
        except SystemExit as error:  # sys.exit(): a failure unless its status is 0
            if error.code not in (None, 0):
                raised = error
        except Exception as error:
            raised = error
    got, shown = out.getvalue(), expected_output(block.text)
    if raised is not None:  # reported here, out of the handler: no "During handling of ..."
        _skip_if_optional_missing(block, raised)
        # From the block's own frame on (the first is this function's exec).
        tb = raised.__traceback__.tb_next if raised.__traceback__ else None
        stack = "".join(traceback.format_exception(type(raised), raised, tb))
        pytest.fail(
            f"{block.where}: the block raised {type(raised).__name__}: {raised}\n{stack}"
            f"printed before:\n{_indented(got)}",
            pytrace=False,
        )
    if got != shown:
        diff = difflib.unified_diff(
            shown.splitlines(keepends=True),
            got.splitlines(keepends=True),
            "shown (the `# ` lines that end the block)",
            "printed",
        )
        pytest.fail(
            f"{block.where}: the block printed what its last comment lines do not show\n"
            f"expected:\n{_indented(shown)}got:\n{_indented(got)}diff:\n{''.join(diff)}",
            pytrace=False,
        )


def _indented(text: str) -> str:
    return "".join(f"    {line}\n" for line in text.splitlines()) or "    (nothing)\n"


class _Runner(doctest.DocTestRunner):
    """doctest's runner, keeping the exceptions the examples raised."""

    def __init__(self) -> None:
        super().__init__(verbose=False, optionflags=doctest.ELLIPSIS)
        self.raised: list[BaseException] = []

    def report_unexpected_exception(
        self,
        out: Callable[[str], object],
        test: doctest.DocTest,
        example: doctest.Example,
        exc_info: tuple[type[BaseException], BaseException, TracebackType],
    ) -> None:
        self.raised.append(exc_info[1])
        super().report_unexpected_exception(out, test, example, exc_info)


def run_pycon(block: Block) -> None:
    """Runs a ``pycon`` block with doctest at its root."""
    # test.lineno + the example's line in the text + 1 is the example's line in the file.
    test = doctest.DocTestParser().get_doctest(
        block.text, {"__name__": "__main__"}, block.where, str(block.file), block.line
    )
    if not test.examples:
        pytest.fail(f"{block.where}: the pycon block has no `>>>` example", pytrace=False)
    runner = _Runner()
    report: list[str] = []
    with contextlib.chdir(block.root):
        failed, _ = runner.run(test, out=report.append, clear_globs=True)
    if failed:
        _skip_if_optional_missing(block, runner.raised[0] if runner.raised else None)
        pytest.fail(
            f"{block.where}: {failed} of {len(test.examples)} examples failed\n{''.join(report)}",
            pytrace=False,
        )


def test_the_docs_have_examples() -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not on PATH: the Markdown files are those `git ls-files` lists")
    assert UNLISTED is None, UNLISTED
    paths = {block.path for block in BLOCKS}
    # Blocks of both READMEs, whatever their language: the listing and the parser work.
    assert {"README.md", "python/README.md"} <= paths, sorted(paths)
    assert run_params("python"), "no python block to run"


@pytest.mark.parametrize("block", run_params("python"))
def test_a_python_block_prints_what_it_shows(block: Block) -> None:
    run_python(block)


@pytest.mark.parametrize("block", run_params("pycon"))
def test_a_pycon_block_passes_doctest(block: Block) -> None:
    run_pycon(block)
