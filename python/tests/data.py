"""The repository's test data (tests/data/ at the root), read as the Rust tests read it."""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"
CORPUS = DATA / "corpus"


def unescape(text: str) -> str:
    """The escapes of the data files: `\\u{XXXX}` is one character, `\\u{}` nothing."""
    return re.sub(r"\\u\{([0-9A-Fa-f]*)\}", lambda m: chr(int(m[1], 16)) if m[1] else "", text)


def table(name: str) -> Iterator[list[str]]:
    """The rows of a tab-separated file of tests/data/, without comments and blank lines."""
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield [unescape(cell) for cell in line.split("\t")]


#: RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO, which IRIs MUST NOT contain.
BIDI_FORMATTING = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e")


def lines(name: str) -> list[str]:
    """The lines of a file of tests/data/corpus/."""
    return (CORPUS / name).read_text(encoding="utf-8").splitlines()


def corpus_json(name: str) -> Any:
    """A JSON file of tests/data/corpus/."""
    return json.loads((CORPUS / name).read_text("utf-8"))


def resolution_pairs() -> list[tuple[str, str]]:
    """The (base, relative) pairs of the Common Crawl sample (no expected targets)."""
    path = CORPUS / "bench-sample" / "relative_urls_cc_2500.csv"
    with path.open(encoding="utf-8", newline="") as f:
        return [(row["base"], row["relative"]) for row in csv.DictReader(f)]


def rfc3987_examples() -> list[dict[str, Any]]:
    """The examples of RFC 3987 (§3.1, §3.2, §4.1, §5.3), one object each."""
    examples: list[dict[str, Any]] = corpus_json("rfc-examples/rfc3987-examples.json")
    return examples


def resolution_examples() -> list[dict[str, str]]:
    """RFC 3986 §5.4: base, reference, expected."""
    path = CORPUS / "rfc-examples" / "rfc3986-5.4-resolution.tsv"
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
