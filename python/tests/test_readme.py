"""The examples of python/README.md that print: each is run as written, and what it prints
must be the comment lines that end it (the output the README shows)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def printing_examples() -> list[tuple[str, str]]:
    """Each Python block that prints: its code, and the output its last comment lines show."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    examples = []
    for block in blocks:
        lines = block.rstrip("\n").split("\n")
        shown: list[str] = []
        while lines and lines[-1].startswith("# "):
            shown.insert(0, lines.pop()[2:])
        if "print(" in block and shown:
            examples.append(("\n".join(lines), "\n".join(shown) + "\n"))
    return examples


def test_the_readme_has_printing_examples() -> None:
    # rdf.check and rdflib.invalid_iris each have one.
    assert len(printing_examples()) >= 2


@pytest.mark.parametrize(("code", "shown"), printing_examples())
def test_a_readme_example_prints_what_it_shows(code: str, shown: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {})
    assert out.getvalue() == shown
