"""Type stubs of the native module (python/src/, PyO3)."""

import ipaddress
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, final

from typing_extensions import Self, TypeAlias

__all__ = [
    "__version__",
    "_RFC3987_REFERENCE_RULES",
    "_RFC3987_RULES",
    "_RdfDocument",
    "_Rfc3987Match",
    "_rfc3987_match",
    "_rfc3987_parse",
    "arrow_is_valid",
    "arrow_lint_codes",
    "arrow_normalize",
    "arrow_parse",
    "arrow_parsed_type",
    "arrow_resolve",
    "arrow_to_iri",
    "arrow_to_uri",
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

__version__: str

CODES: tuple[str, ...]
"""Every diagnostic code `lint` may give, `syntax` first."""

RULES: tuple[str, ...]
"""Every rule name `is_valid` knows, in RFC spelling: the start symbols, the rules of RFC 3987
§2.2 and the RFC 3986 rules it reuses, then the RFC 3986 rules RFC 3987 replaced."""

_Level: TypeAlias = Literal["simple", "syntax", "scheme"]
_Text: TypeAlias = str | IRI

class IRIError(ValueError):
    """A text that is not an IRI (or URI, or a match of the rule asked for): where, and why.
    `str()` is the message with the input and a caret under the position."""

    position: int
    """The Python string index of the character at fault (len(input) when it ends too early)."""
    byte_offset: int
    """The same place as a byte offset in the UTF-8 form."""
    kind: Literal["syntax", "bidi-formatting-character", "not-ascii", "lone-surrogate", "shape"]
    """`shape` only from `IRI.replace`: a component that matches its rule but does not fit the
    others (RFC 3986 §3.3); then `rule` is None (the message names it), `position` is 0 and
    `input` the text given ("" for a component to remove)."""
    component: (
        Literal[
            "scheme",
            "authority",
            "userinfo",
            "host",
            "ip-literal",
            "port",
            "path",
            "query",
            "fragment",
        ]
        | None
    )
    """Where the error is; `authority` only from `IRI.replace`."""
    rule: str | None
    """The ABNF rule the error is in (`isegment`, `h16`, `port`, …)."""
    expected: tuple[str, ...]
    """What the grammar allowed there: rules, quoted delimiters, `end of input`."""
    message: str
    """What is wrong and what would be valid, without the input."""
    target: str
    """What was asked for: the start symbol or rule, in RFC spelling."""
    input: str
    """The input, exactly as given (data: a lone surrogate included). The messages (`str()`,
    `message`) never show a control or bidi character of it raw: they write it `\\u{1B}`."""
    row: int
    """The 0-based row in the whole input; only on the errors of `rfc3987_rs.arrow` with
    `errors="raise"`."""

@final
class IRI:
    """A text that matched a start symbol, with its components (RFC 3987 §2.2). Immutable;
    equal to an `IRI` or `str` of the same text, and hashed as that text."""

    @property
    def rule(self) -> str: ...
    @property
    def scheme(self) -> str | None: ...
    @property
    def authority(self) -> str | None: ...
    @property
    def userinfo(self) -> str | None: ...
    @property
    def host(self) -> str | None: ...
    @property
    def host_kind(self) -> Literal["reg-name", "ipv4", "ipv6", "ipvfuture"] | None: ...
    @property
    def port(self) -> str | None: ...
    @property
    def port_number(self) -> int | None: ...
    @property
    def path(self) -> str: ...
    @property
    def path_kind(self) -> str: ...
    @property
    def query(self) -> str | None: ...
    @property
    def fragment(self) -> str | None: ...

    # The passes as methods, with the options of the module functions. The methods whose
    # function gives an IRI reference as a str give an `IRI` (equal to that str), whose `rule`
    # is the start symbol of the library's result type.
    def normalize(self, level: _Level = "scheme", *, nfc: bool = False, idn: bool = False) -> IRI:
        """This IRI normalized (RFC 3987 §5.3), as `normalize(self, ...)`; of the IRI rule of
        the same shape (a `URI` gives an `IRI`, an `absolute-URI` an `absolute-IRI`)."""

    def equivalent(
        self,
        other: _Text,
        level: _Level = "scheme",
        *,
        exclude_fragment: bool = False,
        nfc: bool = False,
        idn: bool = False,
    ) -> bool:
        """Whether this IRI and `other` are equivalent (RFC 3987 §5.3), as `equivalent`."""

    def resolve(self, reference: _Text, *, strict: bool = True) -> IRI:
        """`reference` resolved against this IRI as the base (RFC 3986 §5.2), as
        `resolve(self, reference)`; of rule `IRI`. `IRIError` when this has no scheme."""

    def relativize(self, target: _Text) -> IRI | None:
        """The shortest reference that resolves against this IRI to `target`, as
        `relativize(self, target)`; of rule `IRI-reference`."""

    def to_uri(self, *, idna: bool = False, lenient: bool = False) -> IRI:
        """This IRI mapped to a URI (RFC 3987 §3.1), as `to_uri(self)`; of the URI rule of the
        same shape (`IRI` gives `URI`, `IRI-reference` gives `URI-reference`)."""

    def to_iri(self, *, idn_unicode: bool = False) -> IRI:
        """This URI or IRI mapped to an IRI (RFC 3987 §3.2), as `to_iri(self)`; of the IRI rule
        of the same shape (`URI` gives `IRI`, an IRI rule stays)."""

    def lint(self) -> list[Diagnostic]:
        """The coded diagnostics of this IRI, as `lint(self)`."""

    def replace(
        self,
        *,
        scheme: str = ...,
        authority: str | None = ...,
        userinfo: str | None = ...,
        host: str | ipaddress.IPv4Address | ipaddress.IPv6Address = ...,
        port: int | str | None = ...,
        path: str = ...,
        query: str | None = ...,
        fragment: str | None = ...,
    ) -> IRI:
        """A new `IRI` of the same rule with the components given replaced; `None` removes an
        optional one. Each text is written as in an IRI, percent-encodings included (`encode`
        writes data). `authority` replaces the whole authority; `userinfo`, `host` and `port`
        (not with `authority`) replace a part of it, each checked against its rule. `IRIError`
        when a text does not match its rule (`component`, `rule`, `position` in the text
        given) or does not fit the other components (kind `shape`)."""

    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __lt__(self, value: IRI | str, /) -> bool: ...
    def __le__(self, value: IRI | str, /) -> bool: ...
    def __gt__(self, value: IRI | str, /) -> bool: ...
    def __ge__(self, value: IRI | str, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, tuple[str, str]]: ...

@final
class Diagnostic:
    """One finding of `lint`: a code of `CODES`, its severity, the RFC 3987 section, the span
    (`start`/`end` as Python indices, `byte_start`/`byte_end` in UTF-8), what is wrong, and
    the fix when one is clear."""

    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> Literal["error", "warning", "note"]: ...
    @property
    def section(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...
    @property
    def byte_start(self) -> int: ...
    @property
    def byte_end(self) -> int: ...
    @property
    def message(self) -> str: ...
    @property
    def fix(self) -> str | None: ...
    @property
    def help(self) -> str | None: ...

def is_valid(s: _Text, rule: str = "IRI_reference") -> bool:
    """Whether all of `s` matches the ABNF rule `rule`."""

def validate(s: _Text, rule: str = "IRI_reference") -> None:
    """Raises `IRIError` unless all of `s` matches the rule `rule`."""

def parse(s: _Text, rule: str = "IRI_reference") -> IRI:
    """`s` parsed as the start symbol `rule`."""

def lint(s: _Text) -> list[Diagnostic]:
    """The coded diagnostics of `s`."""

def apply_fixes(s: _Text) -> str:
    """`s` with the clear fixes of its diagnostics applied."""

def encode(
    text: _Text,
    component: Literal["userinfo", "host", "segment", "query", "query_part", "fragment"],
) -> str:
    """`text` percent-encoded as data of `component`."""

def decode(text: _Text) -> str:
    """`text` with its percent-encoded UTF-8 decoded."""

def normalize(s: _Text, level: _Level = "scheme", *, nfc: bool = False, idn: bool = False) -> str:
    """`s` normalized (RFC 3987 §5.3)."""

def equivalent(
    a: _Text,
    b: _Text,
    level: _Level = "scheme",
    *,
    exclude_fragment: bool = False,
    nfc: bool = False,
    idn: bool = False,
) -> bool:
    """Whether `a` and `b` are equivalent (RFC 3987 §5.3)."""

def resolve(base: _Text, reference: _Text, *, strict: bool = True) -> str:
    """`reference` resolved against `base` (RFC 3986 §5.2, RFC 3987 §6.5); with
    `strict=False`, a reference with the base's scheme is resolved as if it had none."""

def relativize(base: _Text, target: _Text) -> str | None:
    """The shortest reference that resolves against `base` to `target`."""

def to_uri(s: _Text, *, idna: bool = False, lenient: bool = False) -> str:
    """`s` mapped to a URI (RFC 3987 §3.1)."""

def to_iri(s: _Text, *, idn_unicode: bool = False) -> str:
    """`s`, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2): percent-encoded UTF-8
    decoded where §3.2 allows, non-ASCII characters kept; `IRIError` if `s` is not an IRI
    reference."""

def build(
    *,
    scheme: str | None = None,
    userinfo: str | None = None,
    host: str | ipaddress.IPv4Address | ipaddress.IPv6Address | None = None,
    port: int | None = None,
    path: str | None = None,
    segments: Sequence[str] | None = None,
    query: str | None = None,
    query_pairs: Mapping[str, str] | Iterable[Sequence[str]] | None = None,
    fragment: str | None = None,
) -> IRI:
    """An IRI reference built from parts, each percent-encoded for its component."""

# The native half of rfc3987_rs.compat.rfc3987 (the drop-in for PyPI rfc3987 1.3.8).

_RFC3987_RULES: tuple[str, ...]
_RFC3987_REFERENCE_RULES: tuple[str, ...]

@final
class _Rfc3987Match:
    """A match of `rfc3987_rs.compat.rfc3987.match`: group 0 is the whole string; the named
    groups are those `rfc3987` gives with `regex` installed, found when first asked for."""

    @property
    def string(self) -> str: ...
    @property
    def pos(self) -> int: ...
    @property
    def endpos(self) -> int: ...
    def span(self, g: int | str | None = None) -> tuple[int, int]: ...
    def start(self, g: int | str | None = None) -> int: ...
    def end(self, g: int | str | None = None) -> int: ...
    def group(self, *groups: int | str) -> Any: ...
    def __getitem__(self, g: int | str, /) -> str | None: ...
    def groups(self, default: str | None = None) -> tuple[str | None, ...]: ...
    def groupdict(self, default: str | None = None) -> dict[str, str | None]: ...
    def __bool__(self) -> bool: ...

def _rfc3987_match(string: str, rule: str = "IRI_reference") -> _Rfc3987Match | None:
    """A match if all of `string` matches the rule `rfc3987` names `rule` (`KeyError` for a
    name it does not know), else `None`."""

def _rfc3987_parse(string: str, rule: str | None = "IRI_reference") -> dict[str, str | None]:
    """`scheme`, `authority`, `path`, `query`, `fragment` of `string`, checked as `rule` (one
    of the start symbols or relative parts), or split by RFC 3986 Appendix B for `None`."""

# The native half of rfc3987_rs.arrow (documented there). Arrays are any object with the Arrow
# PyCapsule interface; results are pyarrow arrays.
def arrow_is_valid(array: Any, rule: str = "IRI_reference", *, parallel: bool = True) -> Any: ...
def arrow_parse(array: Any, rule: str = "IRI_reference", *, parallel: bool = True) -> Any: ...
def arrow_parsed_type(string_type: Any) -> Any: ...
def arrow_normalize(
    array: Any,
    level: str = "scheme",
    *,
    nfc: bool = False,
    idn: bool = False,
    errors: str = "null",
    parallel: bool = True,
) -> Any: ...
def arrow_to_uri(
    array: Any,
    *,
    idna: bool = False,
    lenient: bool = False,
    errors: str = "null",
    parallel: bool = True,
) -> Any: ...
def arrow_to_iri(
    array: Any, *, idn_unicode: bool = False, errors: str = "null", parallel: bool = True
) -> Any: ...
def arrow_resolve(
    base: Any, array: Any, *, strict: bool = True, errors: str = "null", parallel: bool = True
) -> Any: ...
def arrow_lint_codes(array: Any, *, parallel: bool = True) -> Any: ...

# The native half of rfc3987_rs.rdf.
_RdfFault: TypeAlias = tuple[
    int,
    int,
    Literal["syntax", "rdf-syntax", "not-utf8"],
    str,
    str | None,
    str | None,
    Literal["subject", "predicate", "object", "datatype", "graph", "prefix", "base"] | None,
    str | None,
    str | None,
    IRIError | None,
]

@final
class _RdfDocument:
    """An RDF document being read (rfc3987_rs.rdf.check)."""

    def __new__(cls, syntax: str, base: str | None = None, limit: int | None = None) -> Self: ...
    def read(self, data: bytes, last: bool) -> list[_RdfFault]: ...
    @property
    def statements(self) -> int: ...
