"""Drop-in replacement for the PyPI package ``rfc3987`` 1.3.8, on the exact RFC 3987 grammar.

``match``, ``parse``, ``compose`` and ``resolve`` take the same arguments and, for valid input,
give the same answers as ``rfc3987`` 1.3.8 installed without the optional ``regex`` module.
Validation is done by :func:`rfc3987_rs.is_valid` (RFC 3987 §2.2, RFC 3986 Appendix A), parsing
by :func:`rfc3987_rs.parse`, resolution by :func:`rfc3987_rs.resolve` (RFC 3986 §5.2); no
regular expression here transcribes the grammar. ``parse(s, rule=None)`` uses the regular
expression of RFC 3986 Appendix B, as ``rfc3987`` does.

Differences from ``rfc3987`` 1.3.8 (``docs/src/python-compat-rfc3987.md`` gives an example of each,
and ``python/tests/test_compat_rfc3987.py`` tests each):

1. A trailing ``"\\n"`` is not accepted. ``rfc3987`` anchors its patterns with ``$``, which also
   matches before a final newline, so ``match("http://a/\\n", "IRI")`` succeeds there and
   ``parse`` returns a path ending in ``"\\n"``; no rule of RFC 3987 §2.2 allows a newline.
2. The bidirectional formatting characters U+200E, U+200F and U+202A-U+202E are rejected in
   the start symbols (``IRI``, ``IRI_reference``, ``absolute_IRI``, ``irelative_ref``, and so
   in ``parse`` and ``resolve``): RFC 3987 §4.1 says IRIs MUST NOT contain them. ``rfc3987``
   accepts them as ``ucschar``. The smaller rules (``ucschar``, ``ireg_name``, ...) accept them
   in both, as the ABNF of §2.2 does.
3. ``dec_octet`` (and so ``IPv4address``, ``ls32``, ``IPv6address``, ``IP_literal``) rejects
   leading zeros such as ``"01"`` (RFC 3986 §3.2.2, §7.4); ``rfc3987`` accepts them. In a host,
   ``"1.2.3.01"`` is still a valid ``ireg_name``; in brackets (``"[::1.2.3.01]"``) it is invalid.
4. ``IPvFuture`` accepts an upper-case ``"V"``: ABNF quoted strings are case-insensitive (RFC
   5234 §2.3, used by RFC 3986 §3.2.2); ``rfc3987`` accepts only ``"v"``.
5. ``resolve`` removes dot segments as RFC 3986 §5.2.4 says for every segment; ``rfc3987``
   does not remove a non-ASCII segment before ``".."`` (``resolve("http://a/é/x", "../g")``
   gives ``"http://a/é/g"`` there, ``"http://a/g"`` here).
6. ``resolve`` keeps a path that starts with ``"//"`` from being read as an authority when the
   result has none (RFC 3986 §3.3: such a path "cannot begin with two slash characters") by
   writing it ``"/.//..."``, which §5.2.4 reads back as the same path:
   ``resolve("http:/a", "..//g")`` is ``"http:/.//g"``; ``rfc3987`` gives ``"http://g"``,
   whose host is ``g``.
7. ``resolve(..., strict=False)`` compares schemes case-insensitively (RFC 3986 §3.1);
   ``rfc3987`` compares them exactly.
8. ``resolve`` given dicts of parts composes and validates them; ``rfc3987`` uses them as they
   are, unchecked.
9. The match objects are not :class:`re.Match`: they have ``group``, ``groups``, ``groupdict``,
   ``start``, ``end``, ``span``, ``string``, ``pos``, ``endpos`` and ``m[...]``. Their named
   groups are those ``rfc3987`` gives with ``regex`` installed (``scheme``, ``iauthority``,
   ``ihost``, ``ipath``, ``IPv4address``, ...); without ``regex`` (the default install)
   ``rfc3987``'s patterns have no groups, so its ``groupdict()`` is ``{}`` and ``groups()``
   is ``()``.
10. ``compose`` uses ``iauthority``, ``ipath``, ``iquery`` and ``ifragment`` when the plain
    name is absent, as its signature promises; ``rfc3987`` 1.3.8 ignores them (it writes them
    into ``locals()``, which has no effect).
11. The error raised for invalid input is :class:`rfc3987_rs.IRIError`, a ``ValueError`` whose
    message says where and why; ``rfc3987`` raises a bare ``ValueError``.
12. ``format_patterns`` and the pattern dicts (``patterns``, ``patterns_no_names``,
    ``upatterns_no_names``, ``bmp_patterns``, ``bmp_upatterns_no_names``) raise
    ``NotImplementedError``: this module has no regular expressions for the grammar; its
    settings ``REGEX``, ``NARROW_BUILD`` and ``DEFAULT_GROUP_NAMES`` do not exist either.
    ``get_compiled_pattern`` supports only the anchored templates ``"^%(rule)s$"`` (what
    ``match`` uses), returning an object with ``match``, ``fullmatch`` and ``search``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .. import IRI
from .. import parse as _parse
from .. import resolve as _resolve
from .._native import _RFC3987_REFERENCE_RULES, _RFC3987_RULES
from .._native import _rfc3987_match as match
from .._native import _rfc3987_parse as parse
from .._native import _Rfc3987Match as Match

__all__ = [
    "Match",
    "compose",
    "format_patterns",
    "get_compiled_pattern",
    "match",
    "parse",
    "resolve",
]

__version__ = "1.3.8"

#: The rules ``parse`` accepts, as in ``rfc3987`` without ``regex``: RFC 3987 §2.2 and RFC
#: 3986 §4.1 start symbols, and the relative parts.
REFERENCE_RULES: tuple[str, ...] = _RFC3987_REFERENCE_RULES

# Each rule name ``rfc3987`` knows -> the rules inside it (RFC 3987 §2.2, RFC 3986 Appendix A)
# that lead to a named group. A rule absent here has none inside it.
_INSIDE: dict[str, tuple[str, ...]] = {
    "IRI_reference": ("IRI", "irelative_ref"),
    "IRI": ("absolute_IRI", "ifragment"),
    "absolute_IRI": ("scheme", "ihier_part", "iquery"),
    "irelative_ref": ("irelative_part", "iquery", "ifragment"),
    "ihier_part": ("iauthority", "ipath_abempty"),
    "irelative_part": ("iauthority", "ipath_abempty"),
    "iauthority": ("iuserinfo", "ihost", "port"),
    "ihost": ("IP_literal", "IPv4address", "ireg_name"),
    "URI_reference": ("URI", "relative_ref"),
    "URI": ("absolute_URI", "fragment"),
    "absolute_URI": ("scheme", "hier_part", "query"),
    "relative_ref": ("relative_part", "query", "fragment"),
    "hier_part": ("authority", "path_abempty"),
    "relative_part": ("authority", "path_abempty"),
    "authority": ("userinfo", "host", "port"),
    "host": ("IP_literal", "IPv4address", "reg_name"),
    "IP_literal": ("IPv6address", "IPvFuture"),
    "IPv6address": ("ls32",),
    "ls32": ("IPv4address",),
}
_IPATHS = ("ipath", "ipath_abempty", "ipath_absolute", "ipath_noscheme", "ipath_rootless")
_PATHS = ("path", "path_abempty", "path_absolute", "path_noscheme", "path_rootless")
_SIMPLE = (
    "dec_octet gen_delims h16 hexdig ipchar iprivate isegment isegment_nz isegment_nz_nc"
    " iunreserved pchar pct_encoded reserved segment segment_nz segment_nz_nc sub_delims"
    " ucschar unreserved ipath_empty path_empty"
).split()
#: Every rule name ``rfc3987`` 1.3.8 knows (its ``patterns`` keys): ``match`` takes these.
RULES: frozenset[str] = frozenset(_RFC3987_RULES)


def _group_name(rule: str) -> str | None:
    """The name of the group ``rfc3987`` (with ``regex``) wraps ``rule`` in, if any."""
    if rule in _IPATHS or rule == "ipath_empty":
        return None if rule == "ipath" else "ipath"
    if rule in _PATHS or rule == "path_empty":
        return None if rule == "path" else "path"
    if rule in _SIMPLE or rule in ("ihier_part", "hier_part", "IP_literal", "ls32"):
        return None
    return rule


def _group_names(rule: str) -> list[str]:
    """The named groups in ``rule``'s pattern, in order of first appearance."""
    names: list[str] = []

    def walk(r: str) -> None:
        name = _group_name(r)
        if name is not None and name not in names:
            names.append(name)
        for inner in _INSIDE.get(r, ()):
            walk(inner)

    walk(rule)
    if rule in ("ipath", "path"):
        names.append(rule)
    return names


_URI_RULES = (
    "URI_reference",
    "URI",
    "absolute_URI",
    "relative_ref",
    "relative_part",
    "hier_part",
    "authority",
    "host",
)


def _ip_spans(text: str, at: int, rule: str) -> dict[str, tuple[int, int]]:
    """Where IPv6address, IPvFuture and an IPv4address in ls32 stand, in ``text`` at ``at``."""
    if rule == "IP_literal":
        text, at = text[1:-1], at + 1
    end = at + len(text)
    if rule == "IP_literal" and text[:1] in ("v", "V"):
        return {"IPvFuture": (at, end)}
    spans = {"IPv6address": (at, end)}
    tail = text.rsplit(":", 1)[-1]
    if "." in tail:  # RFC 3986 §3.2.2: ls32 = ( h16 ":" h16 ) / IPv4address
        spans["IPv4address"] = (end - len(tail), end)
    return spans


def _spans(text: str, rule: str) -> dict[str, tuple[int, int]]:
    """The spans of the named groups that take part, for ``text`` valid by ``rule``.

    A reference is split by the native parse; a hier-part is parsed after ``"x:"`` (RFC 3987
    §2.2 absolute-IRI), an authority or host after ``"//"`` (irelative-ref); the components
    follow one another as RFC 3986 §5.3 composes them.
    """
    end = len(text)
    if rule in _IPATHS or rule in _PATHS or rule in ("ipath_empty", "path_empty"):
        return {"path" if rule in _PATHS or rule == "path_empty" else "ipath": (0, end)}
    if rule in ("IPv6address", "ls32", "IP_literal"):
        return _ip_spans(text, 0, rule)
    if rule not in _INSIDE:
        return {rule: (0, end)}
    uri = rule in _URI_RULES
    i = "" if uri else "i"
    if rule in ("ihier_part", "hier_part"):
        prefix, start = "x:", "absolute_URI" if uri else "absolute_IRI"
    elif rule in ("iauthority", "authority", "ihost", "host"):
        prefix, start = "//", "relative_ref" if uri else "irelative_ref"
    else:
        prefix, start = "", rule.replace("relative_part", "relative_ref")
    iri = _parse(prefix + text, start)
    spans = {rule: (0, end)}
    at = -len(prefix)
    if iri.scheme is not None:
        spans["scheme"] = (at, at + len(iri.scheme))
        at += len(iri.scheme) + 1
    if iri.authority is not None and iri.host is not None:
        at += 2
        authority_end = at + len(iri.authority)
        spans[f"{i}authority"] = (at, authority_end)
        if iri.userinfo is not None:
            spans[f"{i}userinfo"] = (at, at + len(iri.userinfo))
            at += len(iri.userinfo) + 1
        host_end = at + len(iri.host)
        spans[f"{i}host"] = (at, host_end)
        if iri.host_kind == "reg-name":
            spans[f"{i}reg_name"] = (at, host_end)
        elif iri.host_kind == "ipv4":
            spans["IPv4address"] = (at, host_end)
        else:
            spans.update(_ip_spans(iri.host, at, "IP_literal"))
        if iri.port is not None:
            spans["port"] = (host_end + 1, authority_end)
        at = authority_end
    spans[f"{i}path"] = (at, at + len(iri.path))
    at += len(iri.path)
    if iri.query is not None:
        spans[f"{i}query"] = (at + 1, at + 1 + len(iri.query))
        at += 1 + len(iri.query)
    if iri.fragment is not None:
        spans[f"{i}fragment"] = (at + 1, end)
    if not prefix:
        if iri.scheme is not None:
            spans["URI" if uri else "IRI"] = (0, end)
            spans["absolute_URI" if uri else "absolute_IRI"] = (0, at)
        else:
            spans[f"{i}relative_ref"] = (0, end)
            part = at - (0 if iri.query is None else len(iri.query) + 1)
            spans[f"{i}relative_part"] = (0, part)
    return spans


def _groups(string: str, rule: str) -> tuple[tuple[str, ...], dict[str, tuple[int, int]]]:
    """The named groups of a match of ``rule`` (by the native ``match``): their names in order,
    and where each stands, ``(-1, -1)`` for a group that took no part."""
    names = _group_names(rule)
    # The spans come from parsing as a start symbol, which refuses RFC 3987 §4.1's bidi
    # formatting characters that the rules inside admit: U+00A0, a ucschar as they are, stands
    # in for them (one character for one, so the spans are the same).
    text = string if rule in _START_SYMBOLS else string.translate(_BIDI_AS_UCSCHAR)
    spans = _spans(text, rule) if names else {}
    return tuple(names), {n: spans.get(n, (-1, -1)) for n in names}


_START_SYMBOLS = ("IRI_reference", "IRI", "absolute_IRI", "irelative_ref")
_BIDI_AS_UCSCHAR = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e"), "\xa0")


def _appendix_b(string: str) -> dict[str, str | None]:
    """``parse(string, rule=None)``: the split of RFC 3986 Appendix B, which checks nothing."""
    found = _APPENDIX_B.match(string)
    assert found is not None  # every part is optional
    return found.groupdict()


# RFC 3986 Appendix B, with its groups 2, 4, 5, 7 and 9 named.
_APPENDIX_B = re.compile(
    r"^((?P<scheme>[^:/?#]+):)?(//(?P<authority>[^/?#]*))?"
    r"(?P<path>[^?#]*)(\?(?P<query>[^#]*))?(#(?P<fragment>.*))?"
)


def compose(
    scheme: str | None = None,
    authority: str | None = None,
    path: str | None = None,
    query: str | None = None,
    fragment: str | None = None,
    iauthority: str | None = None,
    ipath: str | None = None,
    iquery: str | None = None,
    ifragment: str | None = None,
    **kw: Any,
) -> str:
    """Recompose a reference from its parts, as RFC 3986 §5.3 does; nothing is checked.

    A part that is ``None`` is left out with its delimiter; ``iauthority``, ``ipath``,
    ``iquery`` and ``ifragment`` stand for ``authority``, ... when those are ``None``. Other
    keywords (such as the rest of a :func:`match` groupdict) are ignored.
    """
    authority = iauthority if authority is None else authority
    path = ipath if path is None else path
    query = iquery if query is None else query
    fragment = ifragment if fragment is None else fragment
    result = ""
    if scheme is not None:
        result += scheme + ":"
    if authority is not None:
        result += "//" + authority
    result += path or ""
    if query is not None:
        result += "?" + query
    if fragment is not None:
        result += "#" + fragment
    return result


def resolve(
    base: str | IRI | Mapping[str, str | None],
    uriref: str | IRI | Mapping[str, str | None],
    strict: bool = True,
    return_parts: bool = False,
) -> str | dict[str, str | None]:
    """Resolve ``uriref`` against ``base`` (RFC 3986 §5.2, with RFC 3987 §6.5 for IRIs).

    ``base`` must be an IRI (with a scheme), ``uriref`` an IRI reference, each a string or a
    dict of parts (composed by :func:`compose`, then checked). With ``strict=False`` a
    reference whose scheme is the base's is resolved as if it had none (RFC 3986 §5.2.2).
    Returns the target as a string, or with ``return_parts`` as the dict :func:`parse` gives.
    """
    base_s = compose(**base) if isinstance(base, Mapping) else str(base)
    ref_s = compose(**uriref) if isinstance(uriref, Mapping) else str(uriref)
    target = _resolve(base_s, ref_s, strict=strict)
    return parse(target) if return_parts else target


def get_compiled_pattern(rule: str, flags: int = 0) -> _Pattern:
    """An object whose ``match``, ``fullmatch`` and ``search`` check a whole string by a rule.

    Only the anchored template ``"^%(rule)s$"`` is supported (``"%(rule)s"`` matches prefixes
    by regular-expression order, which this module cannot reproduce without the expressions);
    anything else, or non-zero ``flags``, raises ``NotImplementedError``.
    """
    name = rule[3:-3] if rule.startswith("^%(") and rule.endswith(")s$") else None
    if name is None or flags:
        raise NotImplementedError(
            "rfc3987_rs.compat.rfc3987 has no regular expressions; only the template "
            "'^%(rule)s$' without flags is supported: use match(string, rule)"
        )
    if name not in RULES:
        raise KeyError(name)
    return _Pattern(name)


class _Pattern:
    """A stand-in for the compiled ``^%(rule)s$`` pattern of ``rfc3987``."""

    def __init__(self, rule: str) -> None:
        self.rule = rule
        self.pattern = f"^%({rule})s$"

    def match(self, string: str) -> Match | None:
        return match(string, self.rule)

    fullmatch = search = match


def format_patterns(**names: Any) -> dict[str, str]:
    """Not available: raises ``NotImplementedError`` (this module has no regular expressions)."""
    raise NotImplementedError(
        "rfc3987_rs.compat.rfc3987 has no regular expressions for the grammar; use "
        "match(string, rule) or rfc3987_rs.is_valid(string, rule)"
    )


_PATTERN_DICTS = (
    "patterns",
    "patterns_no_names",
    "upatterns_no_names",
    "bmp_patterns",
    "bmp_upatterns_no_names",
)


def __getattr__(name: str) -> Any:
    if name in _PATTERN_DICTS:
        raise NotImplementedError(
            f"rfc3987_rs.compat.rfc3987.{name} does not exist: this module has no regular "
            "expressions for the grammar; use match(string, rule)"
        )
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
