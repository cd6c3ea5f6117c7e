"""The IRIs of an rdflib graph, checked: :func:`invalid_iris` gives each ``URIRef`` that is
not an IRI, with where it occurs and why.

rdflib keeps whatever its parsers or a program put in a ``URIRef``: it warns about some terms
(``does not look like a valid URI``) and keeps them, and takes others silently (rdflib #625,
#1469). RDF 1.1 Concepts §3.2 wants every IRI of a graph absolute, so each is checked as an
``IRI`` (RFC 3987 §2.2: a scheme, maybe a fragment), exactly as ``iri check`` checks an
N-Triples term.

::

    import rdflib
    from rfc3987_rs.rdflib import invalid_iris

    graph = rdflib.Graph().parse("dump.ttl")
    for found in invalid_iris(graph):
        print(found.role, found.iri, found.error.component, found.error.message)

Needs rdflib, from the extra ``rdflib``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, NamedTuple

from . import _extras
from ._native import IRIError, is_valid, validate

try:
    import rdflib
    from rdflib.term import Node
except ModuleNotFoundError as error:
    raise _extras.missing(__name__, "rdflib", error) from error

__all__ = ["InvalidIri", "Role", "invalid_iris"]

Role = Literal["subject", "predicate", "object", "datatype", "graph"]
"""Where a term stands: in a triple, as the datatype of its object (a literal), or as the name
of the graph that holds it."""


class InvalidIri(NamedTuple):
    """A ``URIRef`` of a graph that is not an IRI."""

    iri: str
    """The term, as rdflib holds it."""
    role: Role
    """Where it stands in `triple`, or ``graph`` for the name of the graph `graph`."""
    triple: tuple[Node, Node, Node]
    """The triple it occurs in (for the name of a graph, the first triple of that graph)."""
    graph: Node | None
    """The name of the graph that holds the triple (a ``Dataset``'s or a ``ConjunctiveGraph``'s),
    or None for a plain ``Graph``."""
    error: IRIError
    """Why it is not an IRI: the component, the ABNF rule, the position and the message."""


def invalid_iris(graph: rdflib.Graph) -> Iterator[InvalidIri]:
    """Each occurrence of a ``URIRef`` of `graph` that is not an ``IRI`` (RFC 3987 §2.2), in
    the order rdflib gives the triples: as subject, predicate or object of a triple, as the
    datatype of a literal object, and, once for each graph of a ``Dataset`` or
    ``ConjunctiveGraph``, as the graph's name."""
    named: set[Node] = set()
    for s, p, o, name in _quads(graph):
        triple = (s, p, o)
        if isinstance(name, rdflib.URIRef) and name not in named:
            named.add(name)
            yield from _check(name, "graph", triple, name)
        for role, term in (("subject", s), ("predicate", p), ("object", o)):
            if isinstance(term, rdflib.URIRef):
                yield from _check(term, role, triple, name)  # type: ignore[arg-type]
        if isinstance(o, rdflib.Literal) and o.datatype is not None:
            yield from _check(o.datatype, "datatype", triple, name)


def _quads(
    graph: rdflib.Graph,
) -> Iterator[tuple[Node, Node, Node, Node | None]]:
    """Every triple of `graph` with the name of the graph that holds it (None for a plain
    ``Graph``)."""
    if not isinstance(graph, rdflib.ConjunctiveGraph):  # a Dataset is one too
        for s, p, o in graph:
            yield s, p, o, None
        return
    for s, p, o, context in graph.quads((None, None, None, None)):
        name: Node | None = context.identifier if isinstance(context, rdflib.Graph) else context
        yield s, p, o, name


def _check(
    term: str, role: Role, triple: tuple[Node, Node, Node], name: Node | None
) -> Iterator[InvalidIri]:
    """`term` as an :class:`InvalidIri` when it is not an IRI."""
    if is_valid(term, "IRI"):
        return
    try:
        validate(term, "IRI")
    except IRIError as error:
        yield InvalidIri(str(term), role, triple, name, error)
