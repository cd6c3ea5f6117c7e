"""Polars expressions: importing this module registers the namespace ``iri`` on expressions, over
the batch functions of :mod:`rfc3987_rs.arrow`.

::

    import polars as pl
    import rfc3987_rs.polars  # noqa: F401 (registers .iri)

    links = pl.scan_parquet("links.parquet").with_columns(
        valid=pl.col("url").iri.is_valid(),
        normal=pl.col("url").iri.normalize(),
        parsed=pl.col("url").iri.parse(),
    )
    pl.select(pl.lit(series).iri.normalize()).to_series()  # on one series

The methods are those of :mod:`rfc3987_rs.arrow`, with its options and defaults: ``is_valid``,
``parse`` (a struct of :data:`PARSED`), ``normalize``, ``to_uri``, ``to_iri``,
``resolve(base)`` (a ``str``, or an expression or series of one base per row) and
``lint_codes``. A null gives null, and so does an invalid row unless ``errors="raise"``.

Each is elementwise (``map_batches(..., is_elementwise=True)``): the streaming engine may cut a
column into batches and call it from its threads, and the interpreter is released while a
batch is worked on. ``parallel`` is as in :mod:`rfc3987_rs.arrow`, and on by default, unlike
in DuckDB and Spark: Polars' in-memory engine hands a whole column to one call, which
``parallel=False`` would leave to one core (a million IRIs normalized on two cores: 0.24 s
against 0.46 s), while the streaming engine's calls take the same time either way.

With ``errors="raise"``, Polars raises the :class:`~rfc3987_rs.IRIError` again with its message
but not its attributes.

mypy sees no ``.iri`` on ``pl.Expr`` (Polars registers it at run time): ``IRIExpr(expr)`` is the
same namespace, typed. Needs Polars 1.33 or newer and pyarrow: the extra ``polars``
(in a clone of the repository, ``pip install './python[polars]'``).
"""

from __future__ import annotations

from typing import Any, Callable, Literal

from . import _extras

try:
    import polars as pl
    import pyarrow as pa
except ModuleNotFoundError as error:
    raise _extras.missing(__name__, "polars", error) from error

from . import arrow

__all__ = ["PARSED", "IRIExpr"]

_Level = Literal["simple", "syntax", "scheme"]
_Errors = Literal["null", "raise"]

PARSED = pl.Struct(
    {
        field.name: pl.Int64 if pa.types.is_int64(field.type) else pl.String
        for field in arrow.parsed_type()
    }
)
"""The type of ``parse``: :func:`rfc3987_rs.arrow.parsed_type` as a Polars struct."""


@pl.api.register_expr_namespace("iri")
class IRIExpr:
    """``pl.col(...).iri``: the IRI functions as Polars expressions."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(self, work: Callable[[pl.Series], Any], dtype: pl.DataType) -> pl.Expr:
        return self._expr.map_batches(
            lambda s: pl.Series(s.name, work(s)), return_dtype=dtype, is_elementwise=True
        )

    def is_valid(self, rule: str = "IRI_reference", *, parallel: bool = True) -> pl.Expr:
        """Whether each row matches ``rule`` (any ABNF rule of RFC 3987 or RFC 3986)."""
        return self._map(lambda s: arrow.is_valid(s, rule, parallel=parallel), pl.Boolean())

    def parse(self, rule: str = "IRI_reference", *, parallel: bool = True) -> pl.Expr:
        """Each row's components, or where and why it is invalid: a struct of :data:`PARSED`."""
        return self._map(lambda s: arrow.parse(s, rule, parallel=parallel), PARSED)

    def normalize(
        self,
        level: _Level = "scheme",
        *,
        nfc: bool = False,
        idn: bool = False,
        errors: _Errors = "null",
        parallel: bool = True,
    ) -> pl.Expr:
        """Each row normalized (RFC 3987 §5.3) up to ``level``."""
        return self._map(
            lambda s: arrow.normalize(s, level, nfc=nfc, idn=idn, errors=errors, parallel=parallel),
            pl.String(),
        )

    def to_uri(
        self,
        *,
        idna: bool = False,
        lenient: bool = False,
        errors: _Errors = "null",
        parallel: bool = True,
    ) -> pl.Expr:
        """Each row mapped to a URI (RFC 3987 §3.1)."""
        return self._map(
            lambda s: arrow.to_uri(s, idna=idna, lenient=lenient, errors=errors, parallel=parallel),
            pl.String(),
        )

    def to_iri(
        self, *, idn_unicode: bool = False, errors: _Errors = "null", parallel: bool = True
    ) -> pl.Expr:
        """Each row, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2)."""
        return self._map(
            lambda s: arrow.to_iri(s, idn_unicode=idn_unicode, errors=errors, parallel=parallel),
            pl.String(),
        )

    def resolve(
        self,
        base: str | pl.Expr | pl.Series,
        *,
        strict: bool = True,
        errors: _Errors = "null",
        parallel: bool = True,
    ) -> pl.Expr:
        """Each row, a reference, resolved against ``base`` (RFC 3986 §5.2): one base IRI, or
        an expression or series of one base per row."""
        if isinstance(base, str):
            return self._map(
                lambda s: arrow.resolve(base, s, strict=strict, errors=errors, parallel=parallel),
                pl.String(),
            )
        # The reference first: the result keeps its name.
        return pl.map_batches(
            [self._expr, pl.lit(base) if isinstance(base, pl.Series) else base],
            lambda s: pl.Series(
                s[0].name,
                arrow.resolve(s[1], s[0], strict=strict, errors=errors, parallel=parallel),
            ),
            return_dtype=pl.String(),
            is_elementwise=True,
        )

    def lint_codes(self, *, parallel: bool = True) -> pl.Expr:
        """The codes of each row's diagnostics (:func:`rfc3987_rs.lint`), a list of strings."""
        return self._map(lambda s: arrow.lint_codes(s, parallel=parallel), pl.List(pl.String()))
