"""rfc3987_rs.compat.rfc3987_syntax against the real rfc3987-syntax 1.1.0: the same answer
everywhere but the differences its module docstring lists, each with a case below."""

from __future__ import annotations

import inspect
import random
import re
from functools import cache
from typing import Callable

import pytest
import rfc3987_syntax as upstream
from data import BIDI_FORMATTING, corpus_json, lines

from rfc3987_rs.compat import rfc3987_syntax as ours

# Every rule of rfc3987-syntax's Lark grammar, each a term.
TERMS = sorted(
    set(upstream.RFC3987_SYNTAX_TERMS) - {"irelative_partihier_part"}
    | {"irelative_part", "ihier_part", "ipath", "ipath_absolute", "ipath_noscheme"}
    | {"ipath_rootless", "ipath_empty"}
)
START_TERMS = ("iri", "iri_reference", "absolute_iri")


@cache
def upstream_validator(term: str) -> Callable[[str], bool]:
    validator: Callable[[str], bool] = upstream.make_syntax_validator(term)
    return validator


def corpus_cases() -> list[tuple[str, str]]:
    cases = []
    for name in ("valid_syntax.json", "invalid_syntax.json"):
        by_term = corpus_json(f"rfc3987-syntax/{name}")
        cases += [(term, case["value"]) for term, group in by_term.items() for case in group]
    return cases


def test_terms_are_upstreams() -> None:
    assert len(TERMS) == 41
    upstream_helpers = {n for n in dir(upstream) if n.startswith("is_valid_syntax_")}
    our_helpers = {n for n in dir(ours) if n.startswith("is_valid_syntax_")}
    assert our_helpers == upstream_helpers
    for name in upstream_helpers:
        parameters = inspect.signature(getattr(ours, name)).parameters
        assert list(parameters) == list(inspect.signature(getattr(upstream, name)).parameters)
    assert list(inspect.signature(ours.is_valid_syntax).parameters) == ["term", "value"]


def test_terms_list() -> None:
    # Difference 6: the package's list misses a comma between these two terms.
    expected = []
    for term in upstream.RFC3987_SYNTAX_TERMS:
        expected += (
            ["irelative_part", "ihier_part"] if term == "irelative_partihier_part" else [term]
        )
    assert ours.RFC3987_SYNTAX_TERMS == expected


@pytest.mark.parametrize(("term", "value"), corpus_cases())
def test_corpus_per_rule(term: str, value: str) -> None:
    if term in START_TERMS or term not in TERMS:
        # The corpus's gen_delims and reserved are no terms of the package: both answer False.
        assert ours.is_valid_syntax(term, value) is upstream.is_valid_syntax(term, value)
    else:
        # Difference 5: the package's is_valid_syntax answers False for these terms; its
        # per-term validator is the one to compare with.
        assert ours.is_valid_syntax(term, value) is upstream_validator(term)(value)
    if term in TERMS:
        assert ours.make_syntax_validator(term)(value) is upstream_validator(term)(value)


def bench_sample(name: str) -> list[str]:
    # Every 20th line: rfc3987-syntax takes about 17 ms an IRI.
    return lines(f"bench-sample/{name}")[::20]


def mutated(line: str, index: int) -> str:
    # A deterministic edit of a valid IRI: one character replaced or inserted, from characters
    # that no difference concerns.
    rng = random.Random(index)
    position = rng.randrange(len(line) + 1)
    char = rng.choice(' %[]#?:@/<>^{}\\"|`\u00e9\u3042\ue000\ufffd\x7f')
    keep = position + rng.randrange(2)
    return line[:position] + char + line[keep:]


@pytest.mark.parametrize("name", ["iris-mixed-10k.txt", "iris-nonascii-10k.txt"])
def test_bench_sample(name: str) -> None:
    disagree = []
    for index, line in enumerate(bench_sample(name)):
        for term, value in (("iri", line), ("iri_reference", mutated(line, index))):
            if ours.is_valid_syntax(term, value) is not upstream.is_valid_syntax(term, value):
                disagree.append((term, value))
    assert disagree == []


# The four kinds of characters and strings where answers may differ (the module docstring's
# differences 1-4), and which answer each gives; any other disagreement fails the test below.
IPVFUTURE_V = re.compile(r"V[0-9A-Fa-f]+\.")


def explained(term: str, value: str, upstream_answer: bool) -> bool:
    if term in (*START_TERMS, "irelative_ref") and any(c in BIDI_FORMATTING for c in value):
        return upstream_answer  # difference 3: only the package accepts them in an IRI
    if any(ord(c) > 0xFFFF for c in value) or "::" in value or IPVFUTURE_V.search(value):
        return not upstream_answer  # differences 2, 1, 4: only ours accepts them
    return False


ALPHABET = list("aAzZvV019fF:/?#[]@!$&'()*+,;=-._~% \"<>\\^`{|}\x7f\n") + [
    "\u00a0", "\u00e9", "\ud7ff", "\ue000", "\uf8ff", "\uf900", "\ufdcf", "\ufdd0", "\ufdf0",
    "\uffef", "\ufffe", "\u2028", "\u200e", "\u202e", "\U00010000", "\U000efffd",
    "\U000f0000", "\U0010fffd",
]  # fmt: skip
PIECES = [
    "http://", "//", "[::1]", "[v1.x]", "[V1.x]", "[1:2:3:4:5:6:7:8]", "1:2:3:4:5:6:1.2.3.4",
    "1.2.3.4", "255", "256", "01", "%20", "%2", "user@", "host", ":80", "/p", "?q", "#f", "::",
]  # fmt: skip


def generated(count: int) -> list[str]:
    rng = random.Random(3987)
    values = []
    for _ in range(count):
        size = rng.randrange(7)
        values.append(
            "".join(rng.choice(ALPHABET if rng.random() < 0.6 else PIECES) for _ in range(size))
        )
    return values


@pytest.mark.parametrize("term", TERMS)
def test_generated(term: str) -> None:
    unexplained = []
    for value in generated(400):
        theirs = upstream_validator(term)(value)
        if ours.is_valid_syntax(term, value) is not theirs and not explained(term, value, theirs):
            unexplained.append(value)
    assert unexplained == []


@pytest.mark.parametrize("term", ["dec_octet", "ipv4address", "port", "h16", "non_zero"])
def test_numbers(term: str) -> None:
    values = [str(n) for n in range(300)] + [f"0{n}" for n in range(10)] + ["1.2.3.4"]
    values += [f"{n}.0.0.1" for n in (0, 9, 10, 99, 100, 199, 200, 249, 250, 255, 256, 300)]
    for value in values:
        assert ours.is_valid_syntax(term, value) is upstream_validator(term)(value), value


# Each difference, by hand: (term, value, the RFC's answer, and why). The package answers the
# opposite, which the test checks too.
DIFFERENCES = [
    # 1. RFC 3986 §3.2.2: in IPv6address "::" stands for one or more groups of zeros, the
    # groups before it ([ *n( h16 ":" ) h16 ]) being optional; the package's grammar has seven
    # groups beside every "::", which then stands for one group only (JSON-Schema-Test-Suite
    # #1065, #1142).
    ("iri", "http://[2001:db8::1]", True),
    ("iri", "http://[::1]/", True),
    ("iri_reference", "//[::ffff:192.0.2.1]", True),
    ("ipv6address", "::", True),
    ("ipv6address", "1::", True),
    ("ip_literal", "[fe80::1:2]", True),
    # 2. RFC 3987 §2.2: ucschar includes %x10000-1FFFD ... %xE1000-EFFFD, iprivate %xF0000-FFFFD
    # and %x100000-10FFFD; the package's classes end at U+FFFF.
    ("iri", "http://example.org/\U0001f600", True),
    ("ucschar", "\U00010000", True),
    ("ucschar", "\U000efffd", True),
    ("iprivate", "\U000f0000", True),
    ("iquery", "q=\U0010fffd", True),
    # 3. RFC 3987 §4.1: "IRIs MUST NOT contain bidirectional formatting characters (LRM, RLM,
    # LRE, RLE, LRO, RLO, and PDF)"; rfc3987_rs refuses them in the whole IRI (the terms iri,
    # iri_reference, absolute_iri, irelative_ref), the package takes them as ucschar there too.
    ("iri", "http://example.org/\u200e", False),
    ("iri_reference", "\u202ba", False),
    ("absolute_iri", "a:\u202e", False),
    # 4. RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." ...; RFC 5234 §2.3: ABNF quoted strings
    # are case-insensitive, so "V" matches "v".
    ("iri", "http://[V1.x]/", True),
    ("ipvfuture", "VF.a:b", True),
]


# Not a difference: the rules inside an IRI are the ABNF of RFC 3987 §2.2, whose ucschar ranges
# hold the bidi formatting characters; §4.1 forbids them in whole IRIs only. Both accept them.
@pytest.mark.parametrize(("term", "value"), [("ucschar", "\u200f"), ("ireg_name", "a\u202cb")])
def test_bidi_inside_rules_as_the_abnf(term: str, value: str) -> None:
    assert upstream_validator(term)(value) is True
    assert ours.is_valid_syntax(term, value) is True


@pytest.mark.parametrize(("term", "value", "rfc"), DIFFERENCES)
def test_differences(term: str, value: str, rfc: bool) -> None:
    assert upstream_validator(term)(value) is not rfc
    assert ours.is_valid_syntax(term, value) is rfc
    assert getattr(ours, f"is_valid_syntax_{term}")(value) is rfc


# 5. The package's general parser has three start symbols, so is_valid_syntax answers False for
# every other term; RFC 3987 §2.2: "example.org" is an ihost (ireg-name), "80" a port.
@pytest.mark.parametrize(("term", "value"), [("ihost", "example.org"), ("port", "80")])
def test_difference_every_term(term: str, value: str) -> None:
    assert upstream.is_valid_syntax(term, value) is False
    assert upstream_validator(term)(value) is True
    assert ours.is_valid_syntax(term, value) is True


@pytest.mark.parametrize("term", ["IRI", "gen_delims", "nope", ""])
def test_unknown_term(term: str) -> None:
    for value in ("http://example.org/", None):
        assert upstream.is_valid_syntax(term, value) is False
        assert ours.is_valid_syntax(term, value) is False  # type: ignore[arg-type]
    # 7. The package raises Lark's GrammarError, we ValueError.
    with pytest.raises(ValueError):
        ours.make_syntax_validator(term)


@pytest.mark.parametrize("value", [None, 3, b"http://a"])
@pytest.mark.parametrize("term", START_TERMS)
def test_not_a_str(term: str, value: object) -> None:
    with pytest.raises(TypeError):
        upstream.is_valid_syntax(term, value)
    with pytest.raises(TypeError):
        ours.is_valid_syntax(term, value)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        getattr(ours, f"is_valid_syntax_{term}")(value)
