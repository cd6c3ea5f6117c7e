"""Drop-in for PyPI ``rfc3987-syntax`` 1.1.0, on the exact grammar of RFC 3987 §2.2.

``from rfc3987_rs.compat import rfc3987_syntax`` in place of ``import rfc3987_syntax``:
:func:`is_valid_syntax`, the per-term helpers ``is_valid_syntax_<term>``,
:func:`make_syntax_validator` and :data:`RFC3987_SYNTAX_TERMS` have the package's names and
signatures. Each term is the package's name of an ABNF rule (``iri`` is ``IRI``,
``ip_literal`` is ``IP-literal``, ...) and is checked by :func:`rfc3987_rs.is_valid` against
that rule, in well under a microsecond where the package's Earley parser takes milliseconds.
A non-``str`` value raises ``TypeError``, as in the package for the terms it parses (for the
others it returns ``False``, see difference 5).

Every difference from the package (``docs/src/python-compat-rfc3987-syntax.md`` has an example of
each):

1. IPv6 addresses in which ``::`` stands for two or more groups of zeros, e.g.
   ``http://[::1]/``, ``http://[2001:db8::1]``, ``::``: valid here (RFC 3986 §3.2.2: the
   groups before ``::``, ``[ *n( h16 ":" ) h16 ]``, are optional and may be fewer); the
   package's grammar has seven groups beside every ``::``, so ``::`` may stand for one group
   only, and it rejects them (JSON-Schema-Test-Suite #1065, #1142).
2. Characters outside the Basic Multilingual Plane: ``ucschar`` has U+10000-U+EFFFD and
   ``iprivate`` U+F0000-U+10FFFD (RFC 3987 §2.2); the package's character classes stop at
   U+FFFF, so it rejects e.g. ``http://example.org/\\U0001F600``.
3. The bidi formatting characters LRM, RLM, LRE, RLE, PDF, LRO, RLO (U+200E, U+200F,
   U+202A-U+202E): invalid here in a whole IRI, the terms ``iri``, ``iri_reference``,
   ``absolute_iri`` and ``irelative_ref`` (RFC 3987 §4.1: IRIs MUST NOT contain them); the
   package accepts them as ``ucschar``. The smaller terms (``ucschar``, ``ireg_name``, ...)
   accept them in both, as the ABNF of §2.2 does.
4. ``v`` of ``IPvFuture`` in upper case, e.g. ``http://[V1.x]/``: valid here (RFC 3986
   §3.2.2; RFC 5234 §2.3: quoted ABNF strings are case-insensitive); the package rejects it.
5. :func:`is_valid_syntax` answers every term of the package's grammar; the package builds its
   general parser for ``iri``, ``iri_reference`` and ``absolute_iri`` only, so it returns
   ``False`` for every other term, e.g. ``is_valid_syntax("ihost", "example.org")``. For a
   name that is no term (``"IRI"``, ``"gen_delims"``) both return ``False``.
6. :data:`RFC3987_SYNTAX_TERMS` has ``"irelative_part"`` and ``"ihier_part"`` as two terms; the
   package's list lacks a comma there and holds ``"irelative_partihier_part"``.
7. :func:`make_syntax_validator` raises ``ValueError`` for an unknown term, where the package
   raises ``lark.exceptions.GrammarError``.
8. The package's Lark machinery is not provided: ``parse`` (a Lark parse tree; use
   :func:`rfc3987_rs.parse` for components), ``syntax_parser``, ``grammar``, ``load_grammar``,
   ``RFC3987_SYNTAX_GRAMMAR_PATH``, ``RFC3987_SYNTAX_PARSER_TYPE``.
"""

from __future__ import annotations

from typing import Callable

from .. import is_valid

__all__ = [
    "RFC3987_SYNTAX_TERMS",
    "is_valid_syntax",
    "make_syntax_validator",
    "is_valid_syntax_iri",
    "is_valid_syntax_iri_reference",
    "is_valid_syntax_absolute_iri",
    "is_valid_syntax_irelative_ref",
    "is_valid_syntax_irelative_part",
    "is_valid_syntax_ihier_part",
    "is_valid_syntax_iauthority",
    "is_valid_syntax_iuserinfo",
    "is_valid_syntax_ihost",
    "is_valid_syntax_ireg_name",
    "is_valid_syntax_ipath",
    "is_valid_syntax_ipath_abempty",
    "is_valid_syntax_ipath_absolute",
    "is_valid_syntax_ipath_noscheme",
    "is_valid_syntax_ipath_rootless",
    "is_valid_syntax_ipath_empty",
    "is_valid_syntax_isegment",
    "is_valid_syntax_isegment_nz",
    "is_valid_syntax_isegment_nz_nc",
    "is_valid_syntax_ipchar",
    "is_valid_syntax_iquery",
    "is_valid_syntax_ifragment",
    "is_valid_syntax_iunreserved",
    "is_valid_syntax_ucschar",
    "is_valid_syntax_iprivate",
    "is_valid_syntax_sub_delims",
    "is_valid_syntax_ip_literal",
    "is_valid_syntax_ipvfuture",
    "is_valid_syntax_ipv6address",
    "is_valid_syntax_h16",
    "is_valid_syntax_ls32",
    "is_valid_syntax_ipv4address",
    "is_valid_syntax_dec_octet",
    "is_valid_syntax_unreserved",
    "is_valid_syntax_alpha",
    "is_valid_syntax_digit",
    "is_valid_syntax_hexdig",
    "is_valid_syntax_port",
]

# The package's terms (its Lark rule names) and the RFC rule each stands for. ``non_zero`` is no
# RFC rule: it is the package's name for the %x31-39 of ``dec-octet`` (RFC 3986 §3.2.2).
_RULE_OF_TERM: dict[str, str] = {
    "iri": "IRI",
    "iri_reference": "IRI-reference",
    "absolute_iri": "absolute-IRI",
    "scheme": "scheme",
    "ihier_part": "ihier-part",
    "irelative_ref": "irelative-ref",
    "irelative_part": "irelative-part",
    "iauthority": "iauthority",
    "iuserinfo": "iuserinfo",
    "ihost": "ihost",
    "ireg_name": "ireg-name",
    "ipath": "ipath",
    "ipath_abempty": "ipath-abempty",
    "ipath_absolute": "ipath-absolute",
    "ipath_noscheme": "ipath-noscheme",
    "ipath_rootless": "ipath-rootless",
    "ipath_empty": "ipath-empty",
    "isegment": "isegment",
    "isegment_nz": "isegment-nz",
    "isegment_nz_nc": "isegment-nz-nc",
    "ipchar": "ipchar",
    "iquery": "iquery",
    "ifragment": "ifragment",
    "iunreserved": "iunreserved",
    "ucschar": "ucschar",
    "iprivate": "iprivate",
    "sub_delims": "sub-delims",
    "ip_literal": "IP-literal",
    "ipvfuture": "IPvFuture",
    "ipv6address": "IPv6address",
    "h16": "h16",
    "ls32": "ls32",
    "ipv4address": "IPv4address",
    "dec_octet": "dec-octet",
    "digit": "DIGIT",
    "non_zero": "DIGIT",
    "unreserved": "unreserved",
    "alpha": "ALPHA",
    "hexdig": "HEXDIG",
    "port": "port",
    "pct_encoded": "pct-encoded",
}

#: The terms the package lists as supported, in its order (difference 6: two terms where the
#: package has ``"irelative_partihier_part"``).
RFC3987_SYNTAX_TERMS: list[str] = [
    "iri",
    "iri_reference",
    "absolute_iri",
    "scheme",
    "irelative_ref",
    "irelative_part",
    "ihier_part",
    "iauthority",
    "iuserinfo",
    "ihost",
    "ireg_name",
    "ipath_abempty",
    "isegment",
    "isegment_nz",
    "isegment_nz_nc",
    "ipchar",
    "iquery",
    "ifragment",
    "iunreserved",
    "ucschar",
    "iprivate",
    "sub_delims",
    "ip_literal",
    "ipvfuture",
    "ipv6address",
    "h16",
    "ls32",
    "ipv4address",
    "dec_octet",
    "digit",
    "non_zero",
    "unreserved",
    "alpha",
    "hexdig",
    "port",
    "pct_encoded",
]


def _matches(term: str, value: str) -> bool:
    matched = is_valid(value, _RULE_OF_TERM[term])
    if term == "non_zero":
        # RFC 3986 §3.2.2 dec-octet's %x31-39: a DIGIT other than "0".
        return matched and value != "0"
    return matched


def is_valid_syntax(term: str, value: str) -> bool:
    """Whether all of ``value`` matches the RFC 3987 §2.2 (or RFC 3986 §3) rule ``term``.

    ``term`` is the package's lower-case name of the rule (``"iri"``, ``"iri_reference"``,
    ``"ihost"``, ...); an unknown ``term`` gives ``False`` whatever ``value`` is, as in the
    package. The whole-IRI terms refuse the bidi formatting characters of RFC 3987 §4.1. Raises
    ``TypeError`` if ``term`` is known and ``value`` is not a ``str``.
    """
    if term not in _RULE_OF_TERM:
        return False
    return _matches(term, value)


def make_syntax_validator(rule_name: str) -> Callable[[str], bool]:
    """A one-argument validator for the term ``rule_name`` (see :func:`is_valid_syntax`).

    Raises ``ValueError`` if ``rule_name`` is no term of the package's grammar.
    """
    if rule_name not in _RULE_OF_TERM:
        raise ValueError(f"no term named {rule_name!r} in rfc3987-syntax's grammar")

    def syntax_validator(text: str) -> bool:
        return _matches(rule_name, text)

    syntax_validator.__name__ = f"is_valid_syntax_{rule_name}"
    syntax_validator.__qualname__ = syntax_validator.__name__
    syntax_validator.__doc__ = (
        f"Whether all of ``text`` matches the rule {_RULE_OF_TERM[rule_name]!r} "
        "(RFC 3987 §2.2, RFC 3986 §3)."
    )
    return syntax_validator


# The package's per-term helpers, each by its name (RFC 3987 §2.2 and RFC 3986 §3, §2 for the
# rules; the package has none for scheme, non_zero and pct_encoded).
is_valid_syntax_iri = make_syntax_validator("iri")
is_valid_syntax_iri_reference = make_syntax_validator("iri_reference")
is_valid_syntax_absolute_iri = make_syntax_validator("absolute_iri")
is_valid_syntax_irelative_ref = make_syntax_validator("irelative_ref")
is_valid_syntax_irelative_part = make_syntax_validator("irelative_part")
is_valid_syntax_ihier_part = make_syntax_validator("ihier_part")
is_valid_syntax_iauthority = make_syntax_validator("iauthority")
is_valid_syntax_iuserinfo = make_syntax_validator("iuserinfo")
is_valid_syntax_ihost = make_syntax_validator("ihost")
is_valid_syntax_ireg_name = make_syntax_validator("ireg_name")
is_valid_syntax_ipath = make_syntax_validator("ipath")
is_valid_syntax_ipath_abempty = make_syntax_validator("ipath_abempty")
is_valid_syntax_ipath_absolute = make_syntax_validator("ipath_absolute")
is_valid_syntax_ipath_noscheme = make_syntax_validator("ipath_noscheme")
is_valid_syntax_ipath_rootless = make_syntax_validator("ipath_rootless")
is_valid_syntax_ipath_empty = make_syntax_validator("ipath_empty")
is_valid_syntax_isegment = make_syntax_validator("isegment")
is_valid_syntax_isegment_nz = make_syntax_validator("isegment_nz")
is_valid_syntax_isegment_nz_nc = make_syntax_validator("isegment_nz_nc")
is_valid_syntax_ipchar = make_syntax_validator("ipchar")
is_valid_syntax_iquery = make_syntax_validator("iquery")
is_valid_syntax_ifragment = make_syntax_validator("ifragment")
is_valid_syntax_iunreserved = make_syntax_validator("iunreserved")
is_valid_syntax_ucschar = make_syntax_validator("ucschar")
is_valid_syntax_iprivate = make_syntax_validator("iprivate")
is_valid_syntax_sub_delims = make_syntax_validator("sub_delims")
is_valid_syntax_ip_literal = make_syntax_validator("ip_literal")
is_valid_syntax_ipvfuture = make_syntax_validator("ipvfuture")
is_valid_syntax_ipv6address = make_syntax_validator("ipv6address")
is_valid_syntax_h16 = make_syntax_validator("h16")
is_valid_syntax_ls32 = make_syntax_validator("ls32")
is_valid_syntax_ipv4address = make_syntax_validator("ipv4address")
is_valid_syntax_dec_octet = make_syntax_validator("dec_octet")
is_valid_syntax_unreserved = make_syntax_validator("unreserved")
is_valid_syntax_alpha = make_syntax_validator("alpha")
is_valid_syntax_digit = make_syntax_validator("digit")
is_valid_syntax_hexdig = make_syntax_validator("hexdig")
is_valid_syntax_port = make_syntax_validator("port")
