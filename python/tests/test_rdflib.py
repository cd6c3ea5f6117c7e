"""rfc3987_rs.rdflib: the IRIs of graphs that the real rdflib (from PyPI) built, checked.

The dirty dumps of tests/data/rdf-dirty are read as rdflib reads them, a statement (a line of
N-Triples or N-Quads) at a time, since its parsers stop at the first statement they refuse;
each statement it takes is kept with its line. Of those, the IRIs that are not IRIs must be
exactly the `syntax` findings that tests/data/rdf-dirty/expected.tsv gives for those lines (each
reasoned there from RFC 3987 §2.2), with the same component: rdflib decodes the terms as the
RDF grammars do, so a term means the same to both.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
import rdflib
from data import DATA, table

from rfc3987_rs import IRIError
from rfc3987_rs.rdflib import InvalidIri, invalid_iris

DIRTY = DATA / "rdf-dirty"

# rdflib 7.6's own N-Quads parser uses what it deprecates.
pytestmark = pytest.mark.filterwarnings("ignore:Dataset.default_context:DeprecationWarning")


@pytest.fixture(autouse=True)
def _quiet_rdflib() -> Iterator[None]:
    """rdflib logs a warning for each term it finds odd; the tests need none of them."""
    logging.disable(logging.WARNING)
    yield
    logging.disable(logging.NOTSET)


def expected_invalid(file: str, lines: set[int]) -> list[tuple[int, str]]:
    """The invalid IRIs expected.tsv gives for `file` on `lines`: (line, component)."""
    return sorted(
        (int(row[1]), row[4])
        for row in table("rdf-dirty/expected.tsv")
        if row[0] == file and row[3] == "syntax" and int(row[1]) in lines
    )


def read_by_line(file: str, graph: rdflib.Graph, fmt: str) -> dict[tuple[object, ...], int]:
    """Each line of `file` that rdflib takes, parsed into `graph`: its statement (a triple, or
    with N-Quads the triple and its graph's name) and its line."""
    taken: dict[tuple[object, ...], int] = {}
    text = (DIRTY / file).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        one = rdflib.Dataset() if fmt == "nquads" else rdflib.Graph()
        try:
            one.parse(data=line, format=fmt)
        except Exception:  # rdflib refuses the statement: it is not in the graph
            continue
        quads = (
            one.quads((None, None, None, None))
            if isinstance(one, rdflib.Dataset)
            else ((s, p, o, None) for s, p, o in one)
        )
        for s, p, o, g in quads:
            name = g.identifier if isinstance(g, rdflib.Graph) else g
            if fmt == "nquads":
                graph.add((s, p, o, name))  # type: ignore[arg-type]
                taken[(s, p, o, name)] = number
            else:
                graph.add((s, p, o))
                taken[(s, p, o)] = number
    return taken


def test_the_ntriples_terms_rdflib_takes_are_checked_as_iri_check_checks_them() -> None:
    graph = rdflib.Graph()
    taken = read_by_line("dirty.nt", graph, "nt")
    found = list(invalid_iris(graph))
    got = sorted((taken[f.triple], f.error.component or "-") for f in found)
    want = expected_invalid("dirty.nt", set(taken.values()))
    # rdflib takes, among others, the lone surrogate \uD801 (line 3), "{" (10), "|" (11), the
    # space of \u0020 (12), "[::1" (13), a second "#" (22), "^" (23) and "%zz" (28).
    assert len(want) >= 8
    assert got == want
    for f in found:
        assert f.graph is None
        assert isinstance(f.error, IRIError)
        assert f.error.target == "IRI"
        assert f.iri == str(f.triple[("subject", "predicate", "object").index(f.role)])


def test_a_graph_name_is_checked_once_with_the_graph_role() -> None:
    # dirty.nq: rdflib takes line 8 (the object holds a lone low surrogate, \uDC00) and line 11
    # ("|" in the graph's name); it refuses the relative, spaced and empty names.
    dataset = rdflib.Dataset()
    taken = read_by_line("dirty.nq", dataset, "nquads")
    found = list(invalid_iris(dataset))
    got = sorted((taken[(*f.triple, f.graph)], f.error.component or "-") for f in found)
    assert got == expected_invalid("dirty.nq", set(taken.values()))
    roles = sorted((taken[(*f.triple, f.graph)], f.role) for f in found)
    assert roles == [(8, "object"), (11, "graph")]


def test_a_datatype_and_a_relative_reference_are_not_iris() -> None:
    # RDF 1.1 Concepts §3.2: the IRIs of a graph are absolute. "integer" has no scheme (the
    # grammar reads it as a scheme, then wants ":" at its end, position 7); "#x" starts with
    # "#", which no scheme does (position 0).
    graph = rdflib.Graph()
    s, p = rdflib.URIRef("http://a/s"), rdflib.URIRef("http://a/p")
    graph.add((s, p, rdflib.Literal("1", datatype=rdflib.URIRef("integer"))))
    graph.add((s, rdflib.URIRef("#x"), rdflib.Literal("valid")))
    graph.add((s, p, rdflib.URIRef("http://a/ok")))
    found = sorted(invalid_iris(graph), key=lambda f: f.role)
    assert [(f.role, f.iri, f.error.component, f.error.position) for f in found] == [
        ("datatype", "integer", "scheme", 7),
        ("predicate", "#x", "scheme", 0),
    ]
    assert all(isinstance(f, InvalidIri) for f in found)


def test_a_graph_of_iris_gives_nothing() -> None:
    graph = rdflib.Graph().parse(DIRTY / "clean.ttl", format="turtle")
    assert len(graph) > 0
    assert list(invalid_iris(graph)) == []
