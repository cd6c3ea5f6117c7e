"""Internationalized Resource Identifiers exactly as RFC 3987 defines them.

The Python face of the ``rfc3987`` Rust crate: every ABNF rule of RFC 3987 and RFC 3986 by
name (:func:`is_valid`, :func:`validate`), parsing into components (:func:`parse`), the
comparison ladder of §5.3 (:func:`normalize`, :func:`equivalent`), resolution
(:func:`resolve`, :func:`relativize`), the mappings of §3.1 and §3.2 (:func:`to_uri`,
:func:`to_iri`), coded checks (:func:`lint`) and building from parts (:func:`build`).

Drop-in modules for the PyPI packages ``rfc3987`` and ``rfc3987-syntax`` are in
:mod:`rfc3987_rs.compat`; a ``jsonschema`` format checker is in :mod:`rfc3987_rs.jsonschema`;
the IRIs of RDF dumps are checked by :func:`rfc3987_rs.rdf.check`, those of an rdflib graph by
:func:`rfc3987_rs.rdflib.invalid_iris`.
"""

from ._native import (
    CODES,
    IRI,
    RULES,
    Diagnostic,
    IRIError,
    __version__,
    apply_fixes,
    build,
    decode,
    encode,
    equivalent,
    is_valid,
    lint,
    normalize,
    parse,
    relativize,
    resolve,
    to_iri,
    to_uri,
    validate,
)

__all__ = [
    "__version__",
    "CODES",
    "IRI",
    "RULES",
    "Diagnostic",
    "IRIError",
    "apply_fixes",
    "build",
    "decode",
    "encode",
    "equivalent",
    "is_valid",
    "lint",
    "normalize",
    "parse",
    "relativize",
    "resolve",
    "to_iri",
    "to_uri",
    "validate",
]
