"""SQL functions for DuckDB: the batch functions of :mod:`rfc3987_rs.arrow` as vectorized UDFs.

::

    import duckdb
    import rfc3987_rs.duckdb

    con = duckdb.connect()
    rfc3987_rs.duckdb.register(con)
    con.sql("SELECT iri_is_valid(url), iri_normalize(url) FROM 'links.parquet'")

:func:`register` creates, on one connection, with the prefix ``iri_`` unless told otherwise:

- ``iri_is_valid(VARCHAR) -> BOOLEAN``: an IRI reference (RFC 3987 §2.2);
- ``iri_parse(VARCHAR) -> STRUCT(scheme, userinfo, host, host_kind, port, path, query,
  fragment, error, error_component, error_rule VARCHAR, error_position BIGINT)``: the
  components of a valid row, or where and why it is invalid (:func:`rfc3987_rs.arrow.parse`);
- ``iri_normalize(VARCHAR) -> VARCHAR``: §5.3, up to the scheme-based level;
- ``iri_to_uri(VARCHAR) -> VARCHAR`` (§3.1) and ``iri_to_iri(VARCHAR) -> VARCHAR`` (§3.2, of
  URIs and IRIs alike);
- ``iri_resolve(base VARCHAR, reference VARCHAR) -> VARCHAR``: RFC 3986 §5.2, strict;
- ``iri_lint_codes(VARCHAR) -> VARCHAR[]``: the codes of :func:`rfc3987_rs.lint`.

A null gives null, and so does an invalid row (a reference that is not an IRI reference, a base
that is not an IRI): the query goes on. The functions see the nulls themselves (DuckDB's
``null_handling="special"``): they answer null for them as DuckDB would, and DuckDB need not
filter each vector before the call and scatter the results after it. Each call works on the
thread DuckDB gives it (``parallel=False``): DuckDB runs its own threads, one vector of 2048
rows at a time, and the interpreter is released while a vector is worked on.

Needs DuckDB 1.4 or newer, numpy (DuckDB's Python functions import it) and pyarrow:
the extra ``duckdb`` (in a clone of
the repository, ``pip install './python[duckdb]'``).
"""

from __future__ import annotations

from typing import Any, Callable

from . import _extras

try:
    import duckdb
    import numpy  # noqa: F401 (DuckDB's Python functions import it when called)
    import pyarrow as pa
except ModuleNotFoundError as error:
    raise _extras.missing(__name__, "duckdb", error) from error

from . import arrow

__all__ = ["register"]

# Types and options by name rather than from duckdb.sqltypes and duckdb.func, which DuckDB 1.4
# (its long-term release) does not have.
_UDF: dict[str, Any] = {"type": "arrow", "null_handling": "special"}


def register(connection: duckdb.DuckDBPyConnection, *, prefix: str = "iri_") -> None:
    """Create the IRI functions on ``connection``, each named ``prefix`` and its name.

    A name that is taken already is an error of DuckDB's (register once per connection).
    """
    # The type of iri_parse: rfc3987_rs.arrow.parsed_type, field by field.
    parsed = duckdb.struct_type(
        {f.name: "BIGINT" if pa.types.is_int64(f.type) else "VARCHAR" for f in arrow.parsed_type()}
    )
    functions: dict[str, tuple[Callable[..., Any], list[Any], Any]] = {
        "is_valid": (lambda s: arrow.is_valid(s, parallel=False), ["VARCHAR"], "BOOLEAN"),
        "parse": (lambda s: arrow.parse(s, parallel=False), ["VARCHAR"], parsed),
        "normalize": (lambda s: arrow.normalize(s, parallel=False), ["VARCHAR"], "VARCHAR"),
        "to_uri": (lambda s: arrow.to_uri(s, parallel=False), ["VARCHAR"], "VARCHAR"),
        "to_iri": (lambda s: arrow.to_iri(s, parallel=False), ["VARCHAR"], "VARCHAR"),
        "resolve": (
            lambda base, s: arrow.resolve(base, s, parallel=False),
            ["VARCHAR", "VARCHAR"],
            "VARCHAR",
        ),
        "lint_codes": (lambda s: arrow.lint_codes(s, parallel=False), ["VARCHAR"], "VARCHAR[]"),
    }
    for name, (function, parameters, result) in functions.items():
        connection.create_function(prefix + name, function, parameters, result, **_UDF)
