"""rfc3987_rs.arrow: the batch functions over Arrow arrays, row by row against the scalar
functions (tested against the RFCs in test_api.py), in each string layout, chunked, sliced,
on one thread and on many, and with the arrays a foreign producer may hand over."""

from __future__ import annotations

import functools
import struct
from collections.abc import Callable
from typing import Any

import pyarrow as pa
import pytest
from data import lines, resolution_pairs, table

import rfc3987_rs as iri
from rfc3987_rs import IRIError
from rfc3987_rs import arrow as A

LAYOUTS = [pa.string(), pa.large_string(), pa.string_view()]
LAYOUT_IDS = ["string", "large_string", "string_view"]
# RFC 3986 §5.4: the base of the resolution examples.
BASE = "http://a/b/c/d;p?q"


@functools.cache
def sample() -> tuple[str | None, ...]:
    """Every 10th line of the two IRI bench samples; the non-ASCII ones also mapped to URIs
    (inputs for to_iri); a copy of every 3rd row broken by a space (allowed nowhere, RFC 3987
    §2.2) or by "%g" (pct-encoded is "%" HEXDIG HEXDIG); the inputs of mistakes.tsv; and a
    null every 50 rows."""
    valid = lines("bench-sample/iris-mixed-10k.txt")[::10]
    nonascii = lines("bench-sample/iris-nonascii-10k.txt")[::10]
    rows: list[str | None] = [*valid, *nonascii, *(iri.to_uri(s) for s in nonascii[::2])]
    for i, s in enumerate(rows[::3]):
        assert s is not None
        cut = i % (len(s) + 1)
        rows.append(s[:cut] + (" " if i % 2 else "%g") + s[cut:])
    rows += [row[1] for row in table("mistakes.tsv")]
    for i in range(0, len(rows), 50):
        rows[i] = None
    return tuple(rows)


def scalar(f: Callable[..., Any], *row: str | None) -> Any:
    """``f(*row)``, or None where the row has a null or the scalar function raises IRIError
    (where the batch function gives null)."""
    if None in row:
        return None
    try:
        return f(*row)
    except IRIError:
        return None


# (name, batch function, scalar function); lint_codes and parse are compared below.
STRING_FUNCTIONS: list[tuple[str, Callable[[Any], Any], Callable[[str], Any]]] = [
    ("normalize", A.normalize, iri.normalize),
    ("normalize-syntax", lambda a: A.normalize(a, "syntax"), lambda s: iri.normalize(s, "syntax")),
    (
        "normalize-nfc-idn",
        lambda a: A.normalize(a, "scheme", nfc=True, idn=True),
        lambda s: iri.normalize(s, "scheme", nfc=True, idn=True),
    ),
    ("to_uri", A.to_uri, iri.to_uri),
    ("to_uri-lenient", lambda a: A.to_uri(a, lenient=True), lambda s: iri.to_uri(s, lenient=True)),
    ("to_iri", A.to_iri, iri.to_iri),
    (
        "to_iri-idn",
        lambda a: A.to_iri(a, idn_unicode=True),
        lambda s: iri.to_iri(s, idn_unicode=True),
    ),
    ("resolve", lambda a: A.resolve(BASE, a), lambda s: iri.resolve(BASE, s)),
    (
        "resolve-non-strict",
        lambda a: A.resolve(BASE, a, strict=False),
        lambda s: iri.resolve(BASE, s, strict=False),
    ),
]
STRING_IDS = [case[0] for case in STRING_FUNCTIONS]


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
@pytest.mark.parametrize("case", STRING_FUNCTIONS, ids=STRING_IDS)
def test_string_functions_agree_with_scalar(
    case: tuple[str, Callable[[Any], Any], Callable[[str], Any]], layout: Any
) -> None:
    _, batch, one = case
    rows = list(sample())
    result = batch(pa.array(rows, type=layout))
    assert isinstance(result, pa.Array) and result.type == layout
    expected = [scalar(one, s) for s in rows]
    assert result.to_pylist() == expected
    # The sample has null rows (null out), invalid rows (null out) and valid rows.
    kinds = {(s is None, e is None) for s, e in zip(rows, expected)}
    assert kinds == {(True, True), (False, True), (False, False)}


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
def test_is_valid_and_lint_codes_agree_with_scalar(layout: Any) -> None:
    rows = list(sample())
    array = pa.array(rows, type=layout)
    for rule in ("IRI_reference", "IRI", "URI", "ipath_abempty"):
        valid = A.is_valid(array, rule)
        assert valid.type == pa.bool_()
        assert valid.to_pylist() == [None if s is None else iri.is_valid(s, rule) for s in rows]
    codes = A.lint_codes(array)
    assert pa.types.is_list(codes.type) and codes.type.value_type == layout
    expected = [None if s is None else [d.code for d in iri.lint(s)] for s in rows]
    assert codes.to_pylist() == expected
    assert [] in expected and ["syntax"] in expected


def parsed(s: str | None, rule: str = "IRI_reference") -> dict[str, Any] | None:
    """The row parse gives for ``s``, from the scalar parse and its IRIError."""
    if s is None:
        return None
    names = ("scheme", "userinfo", "host", "host_kind", "port", "path", "query", "fragment")
    row: dict[str, Any] = dict.fromkeys(names)
    row.update(error=None, error_component=None, error_rule=None, error_position=None)
    try:
        value = iri.parse(s, rule)
    except IRIError as e:
        row.update(
            error=e.message,
            error_component=e.component,
            error_rule=e.rule,
            error_position=e.position,
        )
        return row
    row.update((name, getattr(value, name)) for name in names)
    return row


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
def test_parse_agrees_with_scalar(layout: Any) -> None:
    rows = list(sample())
    array = pa.array(rows, type=layout)
    for rule in ("IRI_reference", "absolute_URI"):
        result = A.parse(array, rule)
        assert result.type == A.parsed_type(layout)
        assert result.to_pylist() == [parsed(s, rule) for s in rows]
    # RFC 3986 §5.3: an empty query is not an absent one; §3.2.2: the literal keeps its brackets.
    (row,) = A.parse(pa.array(["http://[::1]:/?#"], type=layout)).to_pylist()
    assert (row["host"], row["host_kind"], row["port"], row["query"], row["fragment"]) == (
        "[::1]",
        "ipv6",
        "",
        "",
        "",
    )
    assert row["userinfo"] is None and row["error"] is None
    assert A.parsed_type() == A.parsed_type(pa.string())


def test_resolve_with_a_base_array_agrees_with_scalar() -> None:
    pairs = resolution_pairs()
    # A base that is not an IRI (no scheme, RFC 3986 §5.2.1) and a null base give null.
    pairs += [("//a/b", "c"), ("http://a/b c", "d")]
    bases: list[str | None] = [base for base, _ in pairs] + [None]
    references = [reference for _, reference in pairs] + ["x"]
    for strict in (True, False):
        one = functools.partial(iri.resolve, strict=strict)
        expected = [scalar(one, b, r) for b, r in zip(bases, references)]
        assert expected[-3:] == [None, None, None]
        for layout in LAYOUTS:
            result = A.resolve(pa.array(bases), pa.array(references, type=layout), strict=strict)
            assert result.type == layout
            assert result.to_pylist() == expected


# --- chunked, sliced and empty arrays --------------------------------------------------------

ALL_FUNCTIONS: list[Callable[..., Any]] = [
    A.is_valid,
    A.parse,
    A.normalize,
    A.to_uri,
    A.to_iri,
    lambda a, **kw: A.resolve(BASE, a, **kw),
    lambda a, **kw: A.resolve(a, a, **kw),
    A.lint_codes,
]


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
def test_chunked_input_gives_the_same_chunks(layout: Any) -> None:
    rows = list(sample())[:300]
    chunks = [rows[:100], [], rows[100:101], rows[101:]]
    chunked = pa.chunked_array(chunks, type=layout)
    for f in ALL_FUNCTIONS:
        result = f(chunked)
        assert isinstance(result, pa.ChunkedArray)
        assert [len(c) for c in result.chunks] == [100, 0, 1, 199]
        assert result.combine_chunks().equals(f(pa.array(rows, type=layout)))
        # No chunks at all: still a chunked array, of the type the function gives.
        empty = f(pa.chunked_array([], type=layout))
        assert isinstance(empty, pa.ChunkedArray) and empty.num_chunks == 0
        assert empty.type == result.type


# The functions with errors="raise", and their scalar functions.
RAISING: list[tuple[Callable[..., Any], Callable[[str], Any]]] = [
    (A.normalize, iri.normalize),
    (A.to_uri, iri.to_uri),
    (A.to_iri, iri.to_iri),
    (lambda a, **kw: A.resolve(BASE, a, **kw), lambda s: iri.resolve(BASE, s)),
]


def test_raise_reports_the_row_in_the_whole_input() -> None:
    # Row 3 (the 2nd row of the 2nd chunk) has a space: RFC 3987 §2.2 allows none.
    chunked = pa.chunked_array([["http://a/", None], ["b", "http://a/x y", "c d"]])
    for f, one in RAISING:
        with pytest.raises(IRIError) as caught:
            one("http://a/x y")
        assert f(chunked).to_pylist()[3:] == [None, None]
        with pytest.raises(IRIError) as raised:
            f(chunked, errors="raise")
        assert raised.value.row == 3
        assert (raised.value.position, raised.value.message) == (
            caught.value.position,
            caught.value.message,
        )
    with pytest.raises(IRIError) as raised:
        A.resolve(pa.array(["http://a/", "//b"]), pa.array(["x", "y"]), errors="raise")
    assert raised.value.row == 1  # the base of row 1 has no scheme
    # In a sliced array the row counts from the slice's start.
    with pytest.raises(IRIError) as raised:
        A.to_uri(pa.array(["a b", "c", "d e"]).slice(1), errors="raise")
    assert raised.value.row == 1


def test_resolve_bases_chunked_otherwise_than_references() -> None:
    pairs = resolution_pairs()[:40]
    bases = pa.chunked_array([[b for b, _ in pairs[:7]], [], [b for b, _ in pairs[7:]]])
    refs = [r for _, r in pairs]
    references = pa.chunked_array([refs[:20], refs[20:21], refs[21:]], type=pa.large_string())
    result = A.resolve(bases, references)
    assert [len(c) for c in result.chunks] == [20, 1, 19]
    assert result.to_pylist() == [scalar(iri.resolve, b, r) for b, r in pairs]
    # A base array the same as the references but sliced.
    sliced = A.resolve(pa.array([None, *(b for b, _ in pairs)]).slice(1), pa.array(refs))
    assert sliced.to_pylist() == result.to_pylist()


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
def test_sliced_and_empty_arrays(layout: Any) -> None:
    rows = list(sample())[:200]
    array = pa.array(rows, type=layout)
    for f in ALL_FUNCTIONS:
        assert f(array.slice(1)).equals(f(pa.array(rows[1:], type=layout)))
        assert f(array.slice(7, 50)).equals(f(pa.array(rows[7:57], type=layout)))
        empty = f(pa.array([], type=layout))
        assert isinstance(empty, pa.Array) and len(empty) == 0
        assert empty.type == f(array).type


# --- on many threads --------------------------------------------------------------------------


def test_parallel_equals_one_thread() -> None:
    # 60,000 rows: the batch cuts anything past 4,096 rows a piece into ranges for rayon.
    rows = (list(sample()) * 30)[:60_000]
    for layout in LAYOUTS:
        array = pa.array(rows, type=layout)
        for f in ALL_FUNCTIONS:
            assert f(array, parallel=True).equals(f(array, parallel=False))
    # The first invalid row in row order is the one reported, however the ranges fall.
    late = ["http://a/"] * 60_000
    late[31_111] = late[55_555] = "http://a/ "
    for parallel in (True, False):
        with pytest.raises(IRIError) as raised:
            A.normalize(pa.array(late), errors="raise", parallel=parallel)
        assert raised.value.row == 31_111


# --- errors -----------------------------------------------------------------------------------


def test_arguments_that_are_wrong() -> None:
    strings = pa.array(["http://a/"])
    for f in ALL_FUNCTIONS:
        with pytest.raises(TypeError, match="not an array of strings"):
            f(pa.array([1, 2]))
    with pytest.raises(TypeError):
        A.parsed_type(pa.int64())
    for f, _ in RAISING:
        with pytest.raises(ValueError, match='errors="bogus"'):
            f(strings, errors="bogus")
    with pytest.raises(ValueError, match="did you mean `URI-reference`"):
        A.is_valid(strings, "URI_refrence")
    with pytest.raises(ValueError, match="not a start symbol"):
        A.parse(strings, "ireg_name")
    with pytest.raises(ValueError):
        A.normalize(strings, "bogus")
    with pytest.raises(ValueError, match="2 bases for 1 references"):
        A.resolve(pa.array(["http://a/", "http://b/"]), strings)
    # RFC 3986 §5.2.1: a base has a scheme; the error is the scalar function's, with no row.
    with pytest.raises(IRIError) as scalar_error:
        iri.resolve("//a/b", "c")
    with pytest.raises(IRIError) as raised:
        A.resolve("//a/b", strings)
    assert raised.value.message == scalar_error.value.message
    assert not hasattr(raised.value, "row")


def test_to_uri_idna_rejection_is_a_row_error() -> None:
    # RFC 3490 §4.1 (ToASCII step 8): a label has 1 to 63 octets, so the host "a..b" cannot
    # be mapped with idna=True. The text is an IRI, so the scalar error is a ValueError, not
    # an IRIError; the batch gives null, or that error with the row.
    rows = ["http://例え.jp/", "http://a..b/", None]
    with pytest.raises(ValueError) as caught:
        iri.to_uri("http://a..b/", idna=True)
    mapped = iri.to_uri("http://例え.jp/", idna=True)
    assert A.to_uri(pa.array(rows), idna=True).to_pylist() == [mapped, None, None]
    with pytest.raises(ValueError) as raised:
        A.to_uri(pa.array(rows), idna=True, errors="raise")
    assert str(raised.value) == f"row 1: {caught.value}"
    assert getattr(raised.value, "row", None) == 1


@pytest.mark.parametrize("layout", LAYOUTS, ids=LAYOUT_IDS)
def test_to_iri_converts_a_column_of_uris_and_iris(layout: Any) -> None:
    # RFC 3987 §3.2 works on the percent-encoded octets, the ASCII parts of any IRI: in a URI
    # "%C3%BC" (UTF-8 for "ü") is decoded; in an IRI its "ü" stays and "%C3%BC" beside it is
    # decoded too; an IRI without percent-encoding is unchanged. A row that is not an IRI
    # reference (a space, allowed nowhere, §2.2) is still invalid: null, or with
    # errors="raise" the IRI grammar's error at the space, in the host (an ireg-name).
    rows = [
        "http://www.example.org/D%C3%BCrst",
        "http://example.org/Dürst/%C3%BC",
        "http://résumé.example.org/?q=é",
        "http://a b/",
        None,
    ]
    expected = [
        "http://www.example.org/Dürst",
        "http://example.org/Dürst/ü",
        "http://résumé.example.org/?q=é",
        None,
        None,
    ]
    assert A.to_iri(pa.array(rows, type=layout)).to_pylist() == expected
    with pytest.raises(IRIError) as raised:
        A.to_iri(pa.array(rows, type=layout), errors="raise")
    error = raised.value
    assert (error.row, error.position, error.component, error.rule) == (
        3,
        8,
        "host",
        "ireg-name",
    )


def foreign(layout: Any, offsets: list[int], data: bytes, later: list[int] | None = None) -> Any:
    """A string or large_string array from raw buffers: pyarrow checks that the offsets span
    no more than the data, not their order nor UTF-8. ``later`` overwrites the offsets after
    that check, as a producer pyarrow never checked may hand over."""
    code = f"<{len(offsets)}{'q' if layout == pa.large_string() else 'i'}"
    raw = bytearray(struct.pack(code, *offsets))
    array = pa.Array.from_buffers(
        layout, len(offsets) - 1, [None, pa.py_buffer(raw), pa.py_buffer(data)]
    )
    if later is not None:
        raw[:] = struct.pack(code, *later)
    return array


def view(data: bytes, buffer_index: int = 0, offset: int = 0) -> Any:
    """A string_view array of one row, unchecked: the bytes in the view (12 or fewer) or at
    ``offset`` in data buffer ``buffer_index`` of one buffer (more)."""
    if len(data) <= 12:
        views, buffers = struct.pack("<i12s", len(data), data), []
    else:
        views = struct.pack("<i4sii", len(data), data[:4], buffer_index, offset)
        buffers = [data]
    all_buffers = [None, *(pa.py_buffer(b) for b in (views, *buffers))]
    return pa.Array.from_buffers(pa.string_view(), 1, all_buffers)


@pytest.mark.parametrize(
    "make",
    [
        lambda: foreign(pa.string(), [0, 1, 3], b"a\xff\xfe"),
        lambda: foreign(pa.large_string(), [0, 2], b"\xc3("),
        lambda: foreign(pa.string(), [0, 2, 1, 3], b"abc"),  # offsets that go back
        lambda: foreign(pa.large_string(), [0, 3, 0], b"abc"),
        lambda: view(b"http://\xff/"),
        lambda: view(b"http://a/\xffbcdefgh"),  # 17 bytes: in the data buffer
        lambda: view(b"http://a/bcdefgh", buffer_index=1),  # no such data buffer
        lambda: view(b"http://a/bcdefgh", offset=100),  # past the data buffer's end
        lambda: foreign(pa.string(), [0, 3], b"abc", later=[3, 0]),  # first offset past last
    ],
    ids=[
        "utf8",
        "large-utf8",
        "offsets-back",
        "large-offsets-back",
        "view",
        "view-long",
        "view-buffer-index",
        "view-offset",
        "offsets-first-past-last",
    ],
)
def test_foreign_arrays_that_break_the_format_are_refused(make: Callable[[], Any]) -> None:
    bad = make()
    good = pa.array(["http://a/"] * len(bad), type=bad.type)
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
        *((f, (bad,)) for f in ALL_FUNCTIONS),
        # The bad array as the second chunk of a stream.
        *((f, (pa.chunked_array([good, bad]),)) for f in ALL_FUNCTIONS),
        # As bases: one array, or a chunk the batch puts together with another.
        (A.resolve, (bad, good)),
        (A.resolve, (pa.chunked_array([good, bad]), pa.chunked_array([good, good]))),
        (A.resolve, (pa.chunked_array([bad, good]), pa.chunked_array([good, good]))),
    ]
    for f, args in calls:
        with pytest.raises(ValueError) as raised:
            f(*args)
        assert not isinstance(raised.value, IRIError)


# --- other producers --------------------------------------------------------------------------


def test_polars_series() -> None:
    pl = pytest.importorskip("polars")
    rows = list(sample())[:500]
    # Two chunks: Polars keeps them when it concatenates without rechunking.
    series = pl.concat([pl.Series("iri", rows[:200]), pl.Series("iri", rows[200:])], rechunk=False)
    assert hasattr(series, "__arrow_c_stream__")
    layout = pa.chunked_array(series).type  # Polars' layout for strings (string_view)
    for f in ALL_FUNCTIONS:
        result = f(series)
        assert isinstance(result, pa.ChunkedArray)
        assert [len(c) for c in result.chunks] == [200, 300]
        assert result.combine_chunks().equals(f(pa.array(rows, type=layout)))
