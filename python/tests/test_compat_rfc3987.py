"""Differential tests: rfc3987_rs.compat.rfc3987 against PyPI rfc3987 1.3.8 (without regex).

Every answer must agree, except where the module docstring lists a difference; each such
disagreement must be explained by a predicate on the input written here from the RFCs (not
from our code), and each difference has a hand-written case in ``DIFFERENCES``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Callable

import data
import pytest
import rfc3987 as upstream
from data import BIDI_FORMATTING, corpus_json, resolution_examples, resolution_pairs

import rfc3987_rs
from rfc3987_rs.compat import rfc3987 as ours

START_SYMBOLS = (
    "IRI_reference",
    "IRI",
    "absolute_IRI",
    "irelative_ref",
    "URI_reference",
    "URI",
    "absolute_URI",
    "relative_ref",
)
# Dotted quads: four runs of digits joined by "." (a test helper, not the grammar).
DOTTED_QUAD = re.compile(r"(?<![0-9.])[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+(?![0-9.])")


def lines(name: str) -> list[str]:
    return data.lines(f"bench-sample/{name}")


def explain_match(s: str, rule: str) -> str | None:
    """Which listed difference, if any, can make ``match(s, rule)`` disagree (RFC reasoning)."""
    if s.endswith("\n"):
        return "trailing newline"  # upstream's "$" matches before a final "\n"
    if rule in START_SYMBOLS and BIDI_FORMATTING & set(s):
        return "bidi"  # RFC 3987 §4.1
    if any(
        len(octet) > 1 and octet[0] == "0"
        for quad in DOTTED_QUAD.findall(s)
        for octet in quad.split(".")
    ):
        return "leading zero"  # RFC 3986 §3.2.2 dec-octet has none
    if rule == "dec_octet" and len(s) > 1 and s[0] == "0":
        return "leading zero"
    if re.search(r"(^|\[)V[0-9A-Fa-f]+\.", s):
        return "IPvFuture V"  # RFC 5234 §2.3: "v" is case-insensitive
    return None


def outcome(f: Callable[..., Any], *args: Any, **kw: Any) -> Any:
    """f's answer, or the kind of exception it raised (ValueError covers IRIError)."""
    try:
        return f(*args, **kw)
    except ValueError:
        return ValueError


def compare_match(s: str, rule: str, seen: Counter[str]) -> None:
    up, me = upstream.match(s, rule), ours.match(s, rule)
    if bool(up) != bool(me):
        why = explain_match(s, rule)
        assert why is not None, (s, rule, bool(up), bool(me))
        seen[why] += 1
        return
    if up is None or me is None:
        return
    assert (me.group(), me.group(0), me.span(), me.start(), me.end()) == (
        up.group(),
        up.group(0),
        up.span(),
        up.start(),
        up.end(),
    )
    assert me.string == up.string
    if rule in upstream.REFERENCE_RULES:
        expected = upstream.parse(s, rule)
        assert ours.parse(s, rule) == expected
        # The named groups agree with upstream's own split of the same string.
        gd = me.groupdict()
        if "scheme" in gd:
            assert gd["scheme"] == expected["scheme"]
        for name in ("authority", "path", "query", "fragment"):
            for key in (name, "i" + name):
                if key in gd:
                    assert gd[key] == expected[name], (s, rule, key)
                    if gd[key] is not None:
                        assert s[me.start(key) : me.end(key)] == gd[key]


@pytest.mark.parametrize("name", ["iris-mixed-10k.txt", "iris-nonascii-10k.txt"])
def test_corpus_lines(name: str) -> None:
    seen: Counter[str] = Counter()
    for s in lines(name):
        for rule in START_SYMBOLS:
            compare_match(s, rule, seen)
        assert ours.parse(s, None) == upstream.parse(s, None)
        # A trailing newline: upstream accepts it, RFC 3987 §2.2 has no rule that does.
        assert upstream.match(s + "\n", "IRI_reference") and not ours.match(s + "\n")
    assert set(seen) <= {"bidi", "leading zero"}, seen


def test_corpus_compose_round_trip() -> None:
    for s in lines("iris-mixed-10k.txt")[:2000] + lines("iris-nonascii-10k.txt")[:2000]:
        parts = upstream.parse(s, None)
        assert ours.compose(**parts) == upstream.compose(**parts) == s


def explain_resolve(base: str, ref: str, strict: bool) -> str | None:
    """Which listed difference can make ``resolve`` disagree (RFC 3986 §5.2 reasoning)."""
    for s in (base, ref):
        if explain_match(s, "IRI_reference"):
            return explain_match(s, "IRI_reference")
    if ".." in ref and any(ord(c) > 127 for c in base + ref):
        return "non-ASCII segment before '..'"
    if not strict and ":" in ref and ref.split(":")[0].lower() == base.split(":")[0].lower():
        return "scheme case"
    if "//" in ref:
        return "path starting with '//'"
    return None


@pytest.mark.parametrize("strict", [True, False])
def test_corpus_resolve(strict: bool) -> None:
    seen: Counter[str] = Counter()
    for base, ref in resolution_pairs():
        up = outcome(upstream.resolve, base, ref, strict=strict)
        me = outcome(ours.resolve, base, ref, strict=strict)
        if up != me:
            why = explain_resolve(base, ref, strict)
            assert why is not None, (base, ref, up, me)
            seen[why] += 1
            continue
        if me is not ValueError:
            parts = ours.resolve(base, ref, strict=strict, return_parts=True)
            assert parts == upstream.resolve(base, ref, strict=strict, return_parts=True)
    assert set(seen) <= {"non-ASCII segment before '..'", "bidi"}, seen


def test_rfc3986_section_5_4_examples() -> None:
    rows = resolution_examples()
    assert len(rows) == 42
    for row in rows:
        base, ref, expected = row["base"], row["reference"], row["expected"]
        assert ours.resolve(base, ref) == expected
        assert upstream.resolve(base, ref) == expected
    # RFC 3986 §5.4.2: "for backward compatibility" a non-strict parser drops the scheme.
    assert ours.resolve("http://a/b/c/d;p?q", "http:g", strict=False) == "http://a/b/c/g"


# rfc3987-syntax's lower-case rule names -> rfc3987's.
SYNTAX_RULES = {name.lower(): name for name in upstream.patterns}


@pytest.mark.parametrize("part", ["valid", "invalid"])
def test_rfc3987_syntax_corpus(part: str) -> None:
    cases = corpus_json(f"rfc3987-syntax/{part}_syntax.json")
    seen: Counter[str] = Counter()
    count = 0
    for name, entries in cases.items():
        rule = SYNTAX_RULES[name]
        for entry in entries:
            count += 1
            compare_match(entry["value"], rule, seen)
    assert count == {"valid": 14, "invalid": 497}[part]
    assert set(seen) <= {"leading zero", "trailing newline", "IPvFuture V", "bidi"}, seen


def test_every_upstream_rule_name() -> None:
    assert set(upstream.patterns) == set(ours.RULES)
    for rule in upstream.patterns:
        # Both know the rule; the empty string matches exactly the rules that allow nothing.
        assert bool(ours.match("", rule)) == bool(upstream.match("", rule)), rule
    with pytest.raises(KeyError):
        upstream.match("a", "no_such_rule")
    with pytest.raises(KeyError):
        ours.match("a", "no_such_rule")


def test_parse_errors_and_rules() -> None:
    for f in (upstream.parse, ours.parse):
        with pytest.raises(ValueError):
            f("http://a b", "IRI")  # RFC 3987 §2.2: a space is in no rule
        with pytest.raises(ValueError):
            f("a", "ihost")  # without regex, parse takes only the reference rules
        assert f("a:b c", None) == {
            "scheme": "a",
            "authority": None,
            "path": "b c",
            "query": None,
            "fragment": None,
        }  # RFC 3986 Appendix B splits without checking
    with pytest.raises(rfc3987_rs.IRIError):
        ours.parse("http://a b", "IRI")


def test_match_object() -> None:
    s = "http://u@[::1.2.3.4]:80/p?q#f"
    m = ours.match(s, "IRI")
    assert m and m.group() == m[0] == s and m.span() == (0, len(s))
    # RFC 3986 §3.2: userinfo "@" host ":" port; §3.2.2: ls32 may be an IPv4address.
    assert m.group("iuserinfo", "ihost", "port") == ("u", "[::1.2.3.4]", "80")
    assert m.group("IPv6address") == "::1.2.3.4" and m.group("IPv4address") == "1.2.3.4"
    assert m.group("ireg_name") is None and m.span("ireg_name") == (-1, -1)
    # RFC 3986 §3.2.2: "1.2.3.01" is no IPv4address (leading zero), so it is the reg-name.
    m2 = ours.match("http://1.2.3.01/", "IRI")
    assert m2 and m2.group("ireg_name") == "1.2.3.01" and m2.group("IPv4address") is None
    assert s[m.start("ifragment") :] == "f" and m.groupdict("-")["IPvFuture"] == "-"
    assert m.groups() == tuple(m.groupdict().values())
    with pytest.raises(IndexError):
        m.group("irelative_ref")  # not a group of IRI
    assert ours.match("%C7X", "pct_encoded") is None and ours.match("%c7", "pct_encoded")
    pattern = ours.get_compiled_pattern("^%(URI)s$")
    assert pattern.match("http://a/") and not pattern.match("http://á/")


def test_unsupported_parts_say_so() -> None:
    with pytest.raises(NotImplementedError):
        ours.format_patterns()
    with pytest.raises(NotImplementedError):
        ours.get_compiled_pattern("%(IRI)s")
    with pytest.raises(NotImplementedError):
        ours.patterns  # noqa: B018


# (call, argument, upstream's answer, ours): each a listed difference, ours following the RFC.
DIFFERENCES: list[tuple[str, tuple[Any, ...], Any, Any]] = [
    # 1. RFC 3987 §2.2 has no rule with a line feed; upstream's "$" matches before a final "\n".
    ("match_ok", ("http://a/\n", "IRI"), True, False),
    ("parse", ("http://a/\n", "IRI"), "path '/\\n'", ValueError),
    # 2. RFC 3987 §4.1: IRIs MUST NOT contain the bidi formatting characters (here U+200E)...
    ("match_ok", ("http://a/\u200e", "IRI"), True, False),
    ("resolve", ("http://a/", "b\u202e"), "http://a/b\u202e", ValueError),
    # ...though ucschar (§2.2) includes them: the character rule itself accepts them.
    ("match_ok", ("\u200f", "ucschar"), True, True),
    ("match_ok", ("a\u202ab", "ireg_name"), True, True),
    # 3. RFC 3986 §3.2.2: dec-octet = DIGIT / %x31-39 DIGIT / ... has no leading zero.
    ("match_ok", ("01.2.3.4", "IPv4address"), True, False),
    ("match_ok", ("http://[::1.2.3.01]/", "IRI"), True, False),
    # ...but "1.2.3.01" is still a reg-name (unreserved characters), so the host is valid.
    ("match_ok", ("http://1.2.3.01/", "IRI"), True, True),
    # 4. RFC 5234 §2.3: the quoted "v" of IPvFuture (RFC 3986 §3.2.2) is case-insensitive.
    ("match_ok", ("[V7.x]", "IP_literal"), False, True),
    # 5. RFC 3986 §5.2.4 removes "seg/.." whatever the segment's characters.
    ("resolve", ("http://a/é/x", "../g"), "http://a/é/g", "http://a/g"),
    # 6. RFC 3986 §3.3: without an authority a path cannot begin with "//".
    ("resolve", ("http:/a", "..//g"), "http://g", "http:/.//g"),
    # 7. RFC 3986 §3.1: schemes compare case-insensitively (§5.2.2, non-strict).
    ("resolve_loose", ("http://a/b/c", "HTTP:g"), "HTTP:g", "http://a/b/g"),
    # 8. Dict parts are composed and checked (RFC 3986 §5.3, §5.2.1 needs a valid base).
    ("resolve", ({"scheme": "http", "authority": "a b"}, "g"), "http://a b/g", ValueError),
    # 9. No named groups in upstream's default-install patterns; ours name the components.
    ("groupdict_scheme", ("http://a/", "IRI"), None, "http"),
    # 10. compose's i-names (RFC 3987 §2.2 names of the same parts) are used when given.
    ("compose", ({"scheme": "x", "ipath": "é"},), "x:", "x:é"),
]


def answer(module: Any, call: str, args: tuple[Any, ...]) -> Any:
    if call == "match_ok":
        return bool(module.match(*args))
    if call == "groupdict_scheme":
        return module.match(*args).groupdict().get("scheme")
    if call == "parse":
        result = outcome(module.parse, *args)
        return result if result is ValueError else f"path {result['path']!r}"
    if call == "resolve_loose":
        return outcome(module.resolve, *args, strict=False)
    if call == "compose":
        return module.compose(**args[0])
    return outcome(getattr(module, call), *args)


@pytest.mark.parametrize(("call", "args", "theirs", "mine"), DIFFERENCES)
def test_listed_difference(call: str, args: tuple[Any, ...], theirs: Any, mine: Any) -> None:
    assert answer(upstream, call, args) == theirs
    assert answer(ours, call, args) == mine


def test_resolve_takes_parsed_values() -> None:
    # An rfc3987_rs.IRI is its text: resolved as the string would be (RFC 3986 §5.4.1 "g").
    base = rfc3987_rs.parse("http://a/b/c/d;p?q")
    assert ours.resolve(base, rfc3987_rs.parse("g")) == "http://a/b/c/g"


# Random strings of IRI pieces against every rule rfc3987 knows: each disagreement must be one
# of the listed differences (explain_match), going the documented way.
_PIECES = [
    "http:", "//", "a", "Z", "0", "1", "01", "255", "256", ".", ":", "::", "/", "?", "#", "@",
    "[", "]", "[::1]", "[v1.x]", "[V1.x]", "1.2.3.4", "01.2.3.4", "%41", "%4", "-", "_", "~",
    "!", "'", " ", "é", "\u200e", "\ue000", "\U0001f600", "\n", "fe80", "ffff", "v",
]  # fmt: skip
# The direction each listed difference goes: which side accepts.
_ACCEPTED_BY = {
    "trailing newline": "upstream",
    "bidi": "upstream",
    "leading zero": "upstream",
    "IPvFuture V": "ours",
}


def test_random_strings_every_rule() -> None:
    import random

    rng = random.Random(3987)
    texts = ["".join(rng.choice(_PIECES) for _ in range(rng.randrange(6))) for _ in range(300)]
    unexplained = []
    for rule in sorted(ours.RULES):
        for text in texts:
            theirs = upstream.match(text, rule) is not None
            if (ours.match(text, rule) is not None) == theirs:
                continue
            why = explain_match(text, rule)
            if why is None or _ACCEPTED_BY[why] != ("upstream" if theirs else "ours"):
                unexplained.append((rule, text, theirs))
    assert unexplained == []
