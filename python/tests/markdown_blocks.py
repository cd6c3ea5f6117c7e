"""The fenced code blocks of the repository's Markdown files, for the runners of their examples
(python/tests/test_docs.py, duckdb/test/test_docs.py; TESTING.md, "The examples in the
documentation").

The files are those ``git ls-files -co --exclude-standard -- '*.md'`` lists at the repository's
root: tracked, or new and not ignored. A block is a fenced code block (an opening fence of three
backquotes or more, maybe indented, its language the first word after it; a closing fence of as
many backquotes at least, alone on its line). A block whose line before the opening fence is an
HTML comment ``<!-- run by PATH: how -->`` or ``<!-- not run: why -->`` is left out by the
runners (``Block.skip``).
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The comments that leave a block to another runner, or say why it is not run.
SKIP_COMMENTS = ("<!-- run by ", "<!-- not run:")

OPENING = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,})(?P<info>[^`]*)$")


@dataclasses.dataclass(frozen=True)
class Block:
    """A fenced code block of a Markdown file."""

    root: Path
    #: The file's path from ``root`` (as given when it is not under ``root``).
    path: str
    #: The line of the opening fence, from 1.
    line: int
    #: The first word after the opening fence ('' when there is none).
    language: str
    #: The lines between the fences, without the opening fence's indentation.
    text: str
    #: The comment on the line before the opening fence that leaves the block out, or None.
    skip: str | None
    #: The index (from 0) of the line after the closing fence.
    after: int

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def file(self) -> Path:
        return self.root / self.path


def markdown_files(root: Path = ROOT) -> list[Path]:
    """The Markdown files git lists at ``root``: tracked (and still there), or new and not
    ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z", "--", "*.md"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8", "surrogateescape")
    paths = {root / name for name in listed.split("\0") if name}
    return sorted(path for path in paths if path.is_file())


def parse(text: str, path: str, root: Path) -> list[Block]:
    """The fenced code blocks of a Markdown file's text. A fence left open runs to the end."""
    lines = text.splitlines()
    found = []
    i = 0
    while i < len(lines):
        opening = OPENING.match(lines[i])
        if opening is None:
            i += 1
            continue
        indent = len(opening["indent"])
        fence = opening["fence"]
        closing = re.compile(rf"^[ \t]*{fence}`*[ \t]*$")
        end = i + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        body = [_dedent(line, indent) for line in lines[i + 1 : end]]
        before = lines[i - 1].strip() if i > 0 else ""
        words = opening["info"].split()
        found.append(
            Block(
                root=root,
                path=path,
                line=i + 1,
                language=words[0] if words else "",
                text="".join(line + "\n" for line in body),
                skip=before if before.startswith(SKIP_COMMENTS) else None,
                after=end + 1,
            )
        )
        i = end + 1
    return found


def _dedent(line: str, indent: int) -> str:
    """``line`` without up to ``indent`` columns of leading blanks (CommonMark's rule for the
    lines of an indented fenced block)."""
    stripped = line.lstrip(" \t")
    return line[min(indent, len(line) - len(stripped)) :]


def blocks(files: Sequence[Path] | None = None, root: Path = ROOT) -> list[Block]:
    """Every fenced block of ``files`` (by default, the Markdown files git lists at ``root``),
    in order, the left-out ones included."""
    found = []
    for file in markdown_files(root) if files is None else files:
        try:
            path = file.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            path = str(file)
        found += parse(file.read_text(encoding="utf-8"), path, root)
    return found
