"""Every IRI of an RDF document checked where it is written, as ``iri check`` checks a dump:
N-Triples, N-Quads, Turtle and TriG (RDF 1.1), plain or compressed, read as a stream in
bounded memory.

::

    from rfc3987_rs import rdf

    for finding in rdf.check("dump.nt.gz"):
        print(f"{finding.file}:{finding.line}:{finding.column}: {finding.message}")

N-Triples and N-Quads terms are checked as ``IRI`` (absolute, RDF 1.1), Turtle and TriG ones
as ``IRI-reference``, then resolved against the base in scope (``@base``, else `base`);
prefixed names are expanded, escapes decoded. A statement that is not RDF is reported once
(``rdf-syntax``) and skipped; so is one that does not end within `max_statement_bytes` bytes.
The findings are those of ``iri check --json``, one :class:`Finding` each, in document order.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import os
from collections.abc import Callable, Iterator
from typing import BinaryIO, Literal, NamedTuple

from ._native import IRIError, _RdfDocument

__all__ = ["FORMATS", "Code", "Finding", "Role", "check"]

FORMATS = ("nt", "nq", "ttl", "trig")
"""The syntaxes, by the extension of their files: N-Triples, N-Quads, Turtle, TriG."""

Code = Literal["syntax", "rdf-syntax", "not-utf8"]
"""``syntax``: an IRI that is not one; ``rdf-syntax``: a statement that is not RDF, skipped;
``not-utf8``: a line whose bytes are not UTF-8."""

Role = Literal["subject", "predicate", "object", "datatype", "graph", "prefix", "base"]
"""Where an IRI stands: in a triple, as a literal's datatype, as a graph's name, or in a
``@prefix`` or ``@base`` directive."""

#: How many bytes are read at once.
_PIECE = 1 << 20

#: The compressions a file's name may end with, and how each is opened.
_COMPRESSIONS: dict[str, Callable[[str, str], BinaryIO]] = {
    ".gz": gzip.open,  # type: ignore[dict-item]
    ".bz2": bz2.open,  # type: ignore[dict-item]
    ".xz": lzma.open,  # type: ignore[dict-item]
}


class Finding(NamedTuple):
    """What ``iri check --json`` reports about a place of a document, with the same keys."""

    file: str
    """The file's name as given, or ``<stdin>`` for a stream without one."""
    line: int
    """The line, from 1."""
    column: int
    """The column, in characters from 1: the character no valid continuation allows, the
    backslash of an escape, the closing ``>`` of an IRI that ends too early."""
    code: Code
    severity: Literal["error"]
    message: str
    """The fault in one line: for an IRI, what was asked for, the component and why."""
    component: str | None
    """The component of an invalid IRI (``path``, ``host``, …)."""
    rule: str | None
    """The ABNF rule of an invalid IRI's fault (``isegment``, …)."""
    role: Role | None
    """Where an invalid IRI stands."""
    iri: str | None
    """The invalid IRI, escapes decoded, a prefixed name expanded."""
    escape: str | None
    """The escape that writes the character at fault (``\\u0020``), if one does."""
    error: IRIError | None
    """Why the IRI is not one: its component, rule, position in `iri` and message."""


Source = str | os.PathLike[str] | BinaryIO
"""A path, or a binary file object."""


def check(
    source: Source,
    format: str | None = None,
    base: str | None = None,
    *,
    max_statement_bytes: int | None = None,
) -> Iterator[Finding]:
    """The findings of the RDF document `source`: a path (``.gz``, ``.bz2`` and ``.xz``
    decompressed; the syntax from the extension before them, unless `format` says it) or a
    binary file object. `format` is one of :data:`FORMATS`; `base` the IRI relative IRIs of
    Turtle and TriG resolve against until an ``@base``; `max_statement_bytes` the limit of a
    statement (16 MiB by default). A ``ValueError`` when the syntax cannot be told or `base`
    is not an IRI (an ``IRIError``), ``OSError`` when the file cannot be read."""
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        stem, extension = os.path.splitext(path)
        compression = _COMPRESSIONS.get(extension)
        document = _RdfDocument(
            format or _syntax_of(stem if compression else path), base, max_statement_bytes
        )
        opened: BinaryIO = compression(path, "rb") if compression else open(path, "rb")
        with opened as stream:
            yield from _read(stream, path, document)
    else:
        named = getattr(source, "name", None)
        name = named if isinstance(named, str) else "<stdin>"
        document = _RdfDocument(format or _syntax_of(name), base, max_statement_bytes)
        yield from _read(source, name, document)


def _syntax_of(name: str) -> str:
    """The syntax named by `name`'s extension."""
    extension = os.path.splitext(name)[1].lstrip(".")
    if extension not in FORMATS:
        raise ValueError(
            f"{name!r}: its RDF syntax cannot be told from its name (.nt, .nq, .ttl or .trig, "
            "maybe followed by .gz, .bz2 or .xz); give it with format="
        )
    return extension


def _read(stream: BinaryIO, name: str, document: _RdfDocument) -> Iterator[Finding]:
    """The findings of `stream`, read in pieces; a UTF-8 byte order mark at its start is not
    part of the first line (its columns count after it)."""
    first = True
    while True:
        piece = stream.read(_PIECE)
        if not isinstance(piece, bytes):
            raise TypeError(f"{name}: the file must be opened in binary mode ('rb')")
        if first and piece.startswith(b"\xef\xbb\xbf"):
            piece = piece[3:]
        first = False
        last = not piece
        for fault in document.read(piece, last):
            yield Finding(name, fault[0], fault[1], fault[2], "error", *fault[3:])
        if last:
            return
