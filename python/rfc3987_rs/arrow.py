"""The functions of :mod:`rfc3987_rs` over whole Arrow arrays of strings, for data engines.

Each function takes any object with the Arrow PyCapsule interface — a pyarrow ``Array`` or
``ChunkedArray``, a Polars ``Series``, a DuckDB or nanoarrow array — of ``string``,
``large_string`` or ``string_view``, reads it without a copy, and returns a pyarrow ``Array``
(a ``ChunkedArray`` for a chunked or stream input) of the same length; string results keep
the input's layout. A null row gives a null result.

The work runs with the GIL released and, on a large array, on all cores (rayon's pool; set
``RAYON_NUM_THREADS`` to size it). Engines that already run one task per core (Spark, DuckDB)
should pass ``parallel=False``; Polars' in-memory engine hands a whole column to one call, so
:mod:`rfc3987_rs.polars` keeps all cores. The rows are independent: cutting a column into
partitions and concatenating the results gives the same column.

An invalid row gives null in the string functions (and its error in :func:`parse`), unless
``errors="raise"``: then the first invalid row raises :class:`~rfc3987_rs.IRIError` (a
``ValueError`` for a host that ToASCII rejects in :func:`to_uri`), whose ``row`` attribute is
its 0-based index in the whole input.

Requires ``pyarrow`` (the extra ``arrow``; in a clone of the repository,
``pip install './python[arrow]'``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol, Union

from . import _extras, _native

try:
    import pyarrow as pa
except ModuleNotFoundError as error:
    raise _extras.missing(__name__, "arrow", error) from error

if TYPE_CHECKING:
    from typing_extensions import TypeAlias

__all__ = [
    "ArrowStrings",
    "is_valid",
    "lint_codes",
    "normalize",
    "parse",
    "parsed_type",
    "resolve",
    "to_iri",
    "to_uri",
]


class _ArrowArray(Protocol):
    def __arrow_c_array__(self, requested_schema: Any = None) -> tuple[Any, Any]: ...


class _ArrowStream(Protocol):
    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any: ...


ArrowStrings: TypeAlias = Union[_ArrowArray, _ArrowStream]
"""An Arrow array or stream of strings (the Arrow PyCapsule interface)."""

Errors = Literal["null", "raise"]


def is_valid(array: ArrowStrings, rule: str = "IRI_reference", *, parallel: bool = True) -> Any:
    """Whether each row matches the ABNF rule ``rule`` (RFC 3987 §2.2 or RFC 3986, any rule by
    name, as :func:`rfc3987_rs.is_valid`): a ``bool`` array."""
    return _native.arrow_is_valid(array, rule, parallel=parallel)


def parse(array: ArrowStrings, rule: str = "IRI_reference", *, parallel: bool = True) -> Any:
    """Each row parsed as the start symbol ``rule``: a struct array of :func:`parsed_type`.

    ``scheme``, ``userinfo``, ``host``, ``host_kind`` (``reg-name``, ``ipv4``, ``ipv6``,
    ``ipvfuture``), ``port``, ``path``, ``query`` and ``fragment`` are the components as
    written, null when absent (RFC 3986 §5.3 tells an absent component from an empty one) and
    in an invalid row. For an invalid row, ``error`` is the message, ``error_component`` and
    ``error_rule`` say where, and ``error_position`` is the 0-based index of the character at
    fault; they are null in a valid row.
    """
    return _native.arrow_parse(array, rule, parallel=parallel)


def parsed_type(string_type: Any = None) -> Any:
    """The pyarrow struct type :func:`parse` gives for an array of ``string_type``
    (``pa.string()`` by default, ``pa.large_string()`` or ``pa.string_view()``)."""
    return _native.arrow_parsed_type(pa.string() if string_type is None else string_type)


def normalize(
    array: ArrowStrings,
    level: str = "scheme",
    *,
    nfc: bool = False,
    idn: bool = False,
    errors: Errors = "null",
    parallel: bool = True,
) -> Any:
    """Each row normalized at ``level`` (RFC 3987 §5.3, as :func:`rfc3987_rs.normalize`);
    null for a row that is not an IRI reference."""
    return _native.arrow_normalize(array, level, nfc=nfc, idn=idn, errors=errors, parallel=parallel)


def to_uri(
    array: ArrowStrings,
    *,
    idna: bool = False,
    lenient: bool = False,
    errors: Errors = "null",
    parallel: bool = True,
) -> Any:
    """Each row mapped to a URI (RFC 3987 §3.1, as :func:`rfc3987_rs.to_uri`); null for a row
    that is not an IRI reference or whose host ToASCII rejects."""
    return _native.arrow_to_uri(array, idna=idna, lenient=lenient, errors=errors, parallel=parallel)


def to_iri(
    array: ArrowStrings,
    *,
    idn_unicode: bool = False,
    errors: Errors = "null",
    parallel: bool = True,
) -> Any:
    """Each row, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2, as
    :func:`rfc3987_rs.to_iri`: non-ASCII characters stay, so a column of mixed URIs and IRIs
    converts); null for a row that is not an IRI reference."""
    return _native.arrow_to_iri(array, idn_unicode=idn_unicode, errors=errors, parallel=parallel)


def resolve(
    base: str | ArrowStrings,
    array: ArrowStrings,
    *,
    strict: bool = True,
    errors: Errors = "null",
    parallel: bool = True,
) -> Any:
    """Each row resolved against ``base`` (RFC 3986 §5.2 via RFC 3987 §6.5, as
    :func:`rfc3987_rs.resolve`): one IRI for every row, or an array of one base per row. Null
    for a row that is not an IRI reference, or whose base is not an IRI; a ``str`` base that
    is not an IRI raises :class:`~rfc3987_rs.IRIError`."""
    return _native.arrow_resolve(base, array, strict=strict, errors=errors, parallel=parallel)


def lint_codes(array: ArrowStrings, *, parallel: bool = True) -> Any:
    """The codes of each row's diagnostics (:func:`rfc3987_rs.lint`: one per diagnostic, in
    its order): a list-of-strings array, empty for a row with none."""
    return _native.arrow_lint_codes(array, parallel=parallel)
