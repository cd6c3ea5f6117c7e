"""The Python API over the library: each function on the RFC's own examples and the
repository's tables (tests/data/), and the translation between Python and Rust (string
indices, lone surrogates, errors, types)."""

from __future__ import annotations

import ipaddress
import pickle
import threading
from typing import Any, Literal

import pytest
from data import lines, resolution_examples, rfc3987_examples, table

import rfc3987_rs as iri
from rfc3987_rs import IRIError

# --- parse and components -------------------------------------------------------------------


def test_components_of_a_full_iri() -> None:
    # RFC 3987 §2.2: scheme ":" "//" iuserinfo "@" ihost ":" port ipath-abempty "?" iquery
    # "#" ifragment, each read up to the delimiter that opens the next.
    parsed = iri.parse("http://user@例え.テスト:8080/a/b?q#f")
    assert parsed.scheme == "http"
    assert parsed.authority == "user@例え.テスト:8080"
    assert parsed.userinfo == "user"
    assert parsed.host == "例え.テスト"
    assert parsed.host_kind == "reg-name"
    assert parsed.port == "8080"
    assert parsed.port_number == 8080
    assert parsed.path == "/a/b"
    assert parsed.path_kind == "ipath-abempty"
    assert parsed.query == "q"
    assert parsed.fragment == "f"
    assert parsed.rule == "IRI-reference"


def test_components_of_rfc3986_examples() -> None:
    # RFC 3986 §1.1.2: an IPv6 literal keeps its brackets in the host; a "?" inside the
    # query is data; mailto and urn have no authority and a rootless path.
    ldap = iri.parse("ldap://[2001:db8::7]/c=GB?objectClass?one")
    assert (ldap.host, ldap.host_kind, ldap.path, ldap.query) == (
        "[2001:db8::7]",
        "ipv6",
        "/c=GB",
        "objectClass?one",
    )
    mailto = iri.parse("mailto:John.Doe@example.com")
    assert (mailto.authority, mailto.host, mailto.path) == (None, None, "John.Doe@example.com")
    assert mailto.path_kind == "ipath-rootless"
    # "1.2.3.256" is not an IPv4address (dec-octet stops at 255), so it is a reg-name.
    assert iri.parse("http://1.2.3.256/").host_kind == "reg-name"
    assert iri.parse("http://192.0.2.1/").host_kind == "ipv4"
    # RFC 3986 §3.2.3: the port is *DIGIT, so it may be empty or larger than 65535.
    assert (iri.parse("http://a:/").port, iri.parse("http://a:/").port_number) == ("", None)
    assert iri.parse("http://a:99999/").port_number is None


@pytest.mark.parametrize("row", list(table("rfc-syntax-examples.tsv")), ids=lambda r: r[0][:40])
def test_rfc_syntax_examples(row: list[str]) -> None:
    text, expectation, host_kind = row[0], row[1], row[2]
    if expectation == "invalid":
        assert not iri.is_valid(text)
        with pytest.raises(IRIError):
            iri.parse(text)
        return
    assert iri.is_valid(text, expectation)
    parsed = iri.parse(text, expectation)
    assert str(parsed) == text
    assert parsed.host_kind == (None if host_kind == "-" else host_kind)


def test_parse_takes_start_symbols_only() -> None:
    assert iri.parse("a:b", "absolute_URI").rule == "absolute-URI"
    with pytest.raises(ValueError, match="not a start symbol"):
        iri.parse("example.org", "ireg_name")
    with pytest.raises(IRIError):
        iri.parse("//example.org/", "IRI")  # no scheme


def test_iri_objects_are_values() -> None:
    a = iri.parse("http://example.org/é")
    assert a == "http://example.org/é" and a == iri.parse("http://example.org/é", "IRI")
    assert a != "http://example.org/e"
    assert hash(a) == hash("http://example.org/é")
    assert {a, "http://example.org/é"} == {a}
    assert pickle.loads(pickle.dumps(a)) == a
    # repr quotes as Python does, also characters Rust would escape differently (a combining
    # mark, the ideographic space; both ucschar).
    for text in ("http://example.org/é", "http://a/e\u0301", "http://a/\u3000'"):
        value = iri.parse(text)
        assert eval(repr(value), {"IRI": lambda s, rule: iri.parse(s, rule)}) == value
    # Ordered by text, as str is (code point order).
    texts = ["http://b/", "http://a/é", "http://a/z", "a:b"]
    assert [str(v) for v in sorted(iri.parse(t) for t in texts)] == sorted(texts)
    assert iri.parse("http://a/") < "http://b/"
    with pytest.raises(AttributeError):
        a.scheme = "https"  # type: ignore[misc]


# --- is_valid over every rule ---------------------------------------------------------------

RULE_CASES = [
    # (rule, text, expected, why)
    ("IPv6address", "fe80::1", True, "§3.2.2: ls32 may be elided with '::'"),
    ("IPv6address", "1:2:3:4:5:6:7:8:9", False, "at most eight h16"),
    ("dec_octet", "255", True, "25 %x30-35"),
    ("dec_octet", "256", False, "dec-octet stops at 255"),
    ("dec_octet", "01", False, "no alternative of dec-octet has a leading zero"),
    ("ireg_name", "例え.jp", True, "ucschar is in iunreserved"),
    ("reg_name", "例え.jp", False, "RFC 3986 reg-name is ASCII only"),
    ("iprivate", "\ue000", True, "%xE000-F8FF"),
    ("ucschar", "\ue000", False, "private use is iprivate, not ucschar"),
    ("iquery", "\ue000", True, "iquery admits iprivate"),
    ("ifragment", "\ue000", False, "ifragment does not admit iprivate"),
    ("isegment_nz_nc", "a:b", False, "segment-nz-nc excludes ':'"),
    ("pct_encoded", "%4g", False, "HEXDIG only"),
    ("IRI", "//example.org/", False, "an IRI has a scheme"),
    ("URI", "http://é/", False, "RFC 3986 §2: URIs are ASCII"),
    ("IRI", "http://example.org/\n", False, "no rule admits a line feed"),
    ("IRI", "http://example.org/a\u200eb", False, "§4.1: no bidi formatting characters"),
    ("IRI_reference", "", True, "irelative-ref with ipath-empty"),
    ("IRI", "", False, "an IRI has a scheme"),
]


@pytest.mark.parametrize(("rule", "text", "expected", "why"), RULE_CASES)
def test_is_valid_by_rule(rule: str, text: str, expected: bool, why: str) -> None:
    assert iri.is_valid(text, rule) is expected, why
    # Both spellings and any case name the same rule (RFC 5234 §2.1).
    assert iri.is_valid(text, rule.replace("_", "-").lower()) is expected
    if expected:
        iri.validate(text, rule)
    else:
        with pytest.raises(IRIError):
            iri.validate(text, rule)


def test_every_rule_name_is_known() -> None:
    assert len(iri.RULES) == len(set(iri.RULES))
    for name in iri.RULES:
        assert isinstance(iri.is_valid("a", name), bool)
    for start in ("IRI-reference", "URI", "irelative-ref", "absolute-URI"):
        assert start in iri.RULES


def test_unknown_rule_suggests_a_name() -> None:
    with pytest.raises(ValueError, match="did you mean `IPv6address`"):
        iri.is_valid("::1", "IPv6adress")
    # From both RFCs' names: RFC 3986's rules and start symbols too.
    with pytest.raises(ValueError, match="did you mean `reg-name`"):
        iri.is_valid("a", "reg_nam")
    with pytest.raises(ValueError, match="did you mean `URI-reference`"):
        iri.is_valid("a", "URI_refrence")


@pytest.mark.parametrize(
    "name", ["iris-mixed-10k.txt", "iris-nonascii-10k.txt", "dbpedia-ja-geonamesjp-links.nt"]
)
def test_every_corpus_iri_is_valid(name: str) -> None:
    # The bench samples are valid IRIs, one a line (tests/data/corpus/SOURCES.md); the N-Triples
    # file holds them between "<" and ">".
    found = lines(f"bench-sample/{name}")
    if name.endswith(".nt"):
        found = [part.split(">")[0] for line in found for part in line.split("<")[1:]]
    assert found
    assert all(iri.is_valid(text, "IRI") for text in found)
    assert all(str(iri.parse(text, "IRI")) == text for text in found)


def test_version() -> None:
    assert iri.__version__.count(".") == 2


def test_arguments_of_the_wrong_type() -> None:
    with pytest.raises(TypeError, match="expected a str or an IRI"):
        iri.is_valid(b"http://example.org/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        iri.parse(None)  # type: ignore[arg-type]
    # An IRI object is taken wherever a str is.
    assert iri.is_valid(iri.parse("http://example.org/"), "URI")


# --- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("row", list(table("mistakes.tsv")), ids=lambda r: r[1][:40])
def test_mistakes(row: list[str]) -> None:
    # Each row: start symbol, input, byte offset of the first wrong character, component.
    symbol, text, byte_offset, component = row[0], row[1], int(row[2]), row[3]
    with pytest.raises(IRIError) as caught:
        iri.parse(text, symbol)
    error = caught.value
    assert error.byte_offset == byte_offset
    # The position is a Python index: the characters before the byte offset.
    assert error.position == len(text.encode("utf-8")[:byte_offset].decode("utf-8"))
    assert error.component == component
    assert error.input == text
    assert str(error).startswith(f"invalid {error.target} at column {error.position + 1}")
    assert error.message in str(error)


def test_error_fields_for_a_non_ascii_input() -> None:
    # "http://例え/a b": the space is the 12th character (index 11) and, after two
    # three-byte characters, byte 15. It cannot continue the segment "a" (isegment).
    with pytest.raises(IRIError) as caught:
        iri.parse("http://例え/a b")
    error = caught.value
    assert (error.position, error.byte_offset) == (11, 15)
    assert (error.kind, error.component, error.rule) == ("syntax", "path", "isegment")
    assert "isegment" in error.expected and '"?"' in error.expected
    # The caret is under the space: two columns for each wide character before it.
    line, caret = str(error).splitlines()[1:]
    assert caret.index("^") == len("  http://") + 4 + len("/a")
    assert isinstance(error, ValueError)


def test_not_ascii_in_a_uri() -> None:
    with pytest.raises(IRIError) as caught:
        iri.validate("http://example.org/é", "URI")
    assert (caught.value.kind, caught.value.position, caught.value.component) == (
        "not-ascii",
        19,
        "path",
    )


# --- lone surrogates: a Python str may hold them, no Rust str can ----------------------------


def test_lone_surrogate_is_an_error_not_a_crash() -> None:
    with pytest.raises(IRIError) as caught:
        iri.parse("http://a/b\ud800c")
    error = caught.value
    assert (error.kind, error.position, error.component) == ("lone-surrogate", 10, "path")
    assert "U+D800" in error.message
    assert not iri.is_valid("http://a/b\ud800c")
    assert not iri.is_valid("\udfff", "iunreserved")


def test_surrogate_pair_halves_count_as_two_python_characters() -> None:
    # Python does not join "\ud83d\ude00" into one character: the first half is at index 9.
    with pytest.raises(IRIError) as caught:
        iri.parse("http://a/\ud83d\ude00")
    assert (caught.value.position, caught.value.kind) == (9, "lone-surrogate")


def test_an_earlier_error_comes_before_the_surrogate() -> None:
    # The space at index 8 is wrong before the surrogate is read.
    with pytest.raises(IRIError) as caught:
        iri.parse("http://a b/\ud800")
    assert (caught.value.kind, caught.value.position) == ("syntax", 8)


def test_surrogates_in_every_function() -> None:
    bad = "http://a/\udc80"
    for call in (
        lambda: iri.normalize(bad),
        lambda: iri.to_uri(bad),
        lambda: iri.to_iri(bad),
        lambda: iri.resolve(bad, "x"),
        lambda: iri.resolve("http://a/", bad),
        lambda: iri.equivalent(bad, bad),
        lambda: iri.relativize("http://a/", bad),
        lambda: iri.validate(bad, "ipath"),
    ):
        with pytest.raises(IRIError) as caught:
            call()
        assert caught.value.kind == "lone-surrogate"
    with pytest.raises(IRIError, match="not allowed anywhere in an IRI"):
        iri.validate("\ud800", "ucschar")  # no component: a rule on its own
    assert iri.apply_fixes(bad) is bad  # not an IRI; nothing to fix, nothing replaced
    (finding,) = iri.lint(bad)
    assert (finding.code, finding.start, finding.end) == ("syntax", 9, 10)
    assert "lone surrogate" in finding.message
    with pytest.raises(ValueError):
        iri.encode(bad, "segment")
    with pytest.raises(ValueError, match="lone surrogate"):
        iri.decode(bad)


# --- the passes, on the RFC's examples -------------------------------------------------------


@pytest.mark.parametrize("case", rfc3987_examples(), ids=lambda c: f"{c['section']}-{c['kind']}")
def test_rfc3987_examples(case: dict[str, Any]) -> None:
    kind = case["kind"]
    if kind == "iri_to_uri":
        assert iri.to_uri(case["input"]) == case["expected"]
        if "expected_with_idna_toascii" in case:
            assert iri.to_uri(case["input"], idna=True) == case["expected_with_idna_toascii"]
    elif kind == "uri_to_iri":
        assert iri.to_iri(case["input"]) == case["expected"]
    elif kind == "validity":
        assert iri.is_valid(case["input"], "IRI") is case["valid"]
    elif kind.startswith("equivalent_"):
        level: Literal["syntax", "scheme"] = (
            "syntax" if kind == "equivalent_syntax_based" else "scheme"
        )
        # "'may be considered equivalent' (IDN/punycode)": only with IDN normalization.
        idn = "IDN" in case.get("note", "")
        for a, b in ((case["a"], case["b"]), (case["b"], case["a"])):
            assert iri.equivalent(a, b, level, idn=idn) is case["equivalent"]
        if "normal_form" in case:
            assert iri.normalize(case["a"]) == iri.normalize(case["b"]) == case["normal_form"]
    elif kind == "nfc":
        # §5.3.2.2: NFC normalization changes exactly the inputs that are not in NFC, and lint
        # says so.
        normal = iri.normalize(case["input"], nfc=True)
        assert (normal == case["input"]) is case["is_nfc"]
        assert ("not-nfc" in {d.code for d in iri.lint(case["input"])}) is not case["is_nfc"]
    elif kind == "bidi_4.2":
        # §4.4: examples 8 and 9 break §4.2 rule 2 (a right-to-left component starts and ends
        # with right-to-left characters); 1 to 7 are allowed; 10 is "allowed but not
        # recommended" (digits in a component beside a right-to-left label).
        codes = [d.code for d in iri.lint(case["logical_hebrew"])]
        expected = {"allowed": [], "not allowed": ["bidi-rtl-boundary"] * 2}.get(
            case["rfc_status"], ["bidi-numeric-component"]
        )
        assert [c for c in codes if c.startswith("bidi-")] == expected
    else:
        pytest.fail(f"an example of an unknown kind: {kind}")


@pytest.mark.parametrize("case", resolution_examples(), ids=lambda c: c["reference"])
def test_rfc3986_resolution_examples(case: dict[str, str]) -> None:
    assert iri.resolve(case["base"], case["reference"]) == case["expected"]
    # The inverse: some reference resolves back to the target.
    back = iri.relativize(case["base"], case["expected"])
    assert back is not None and iri.resolve(case["base"], back) == case["expected"]


def test_resolve_non_strict() -> None:
    # RFC 3986 §5.4.2: "http:g" stays "http:g" for a strict parser; a backward-compatible one
    # drops the scheme that is the base's (§5.2.2) and resolves "g".
    base = "http://a/b/c/d;p?q"
    assert iri.resolve(base, "http:g") == "http:g"
    assert iri.resolve(base, "http:g", strict=False) == "http://a/b/c/g"
    assert iri.resolve(base, "https:g", strict=False) == "https:g"


def test_resolve_needs_a_base_with_a_scheme() -> None:
    # RFC 3986 §5.1: the base URI is absolute.
    with pytest.raises(IRIError):
        iri.resolve("//example.org/", "a")


def test_normalization_ladder() -> None:
    # RFC 3986 §6.2.2: case, percent-encoding and dot segments.
    assert (
        iri.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "syntax") == "example://a/b/c/%7Bfoo%7D"
    )
    # §6.2.3 (RFC 3987 §5.3.3): the default port and the empty path of http.
    assert iri.normalize("http://example.com:80") == "http://example.com/"
    assert iri.normalize("http://example.com:80", "syntax") == "http://example.com:80"
    assert iri.normalize("http://example.com:80", "simple") == "http://example.com:80"
    assert iri.equivalent("http://example.com:80", "HTTP://EXAMPLE.com/")
    assert not iri.equivalent("http://example.com:80", "HTTP://EXAMPLE.com/", "syntax")
    assert iri.equivalent("http://a/#x", "http://a/#y", exclude_fragment=True)
    # RFC 3987 §5.3.2.2: "é" and "e" + U+0301 are equivalent only with NFC.
    assert not iri.equivalent("http://a/\u00e9", "http://a/e\u0301")
    assert iri.equivalent("http://a/\u00e9", "http://a/e\u0301", nfc=True)
    with pytest.raises(ValueError, match="no comparison level"):
        iri.normalize("http://a/", "exact")  # type: ignore[arg-type]


def test_to_uri_lenient_and_idna() -> None:
    with pytest.raises(IRIError):
        iri.to_uri("http://example.org/a b")
    assert iri.to_uri("http://example.org/a b|c", lenient=True) == "http://example.org/a%20b%7Cc"
    # RFC 3987 §3.1: ToASCII on the host of a DNS scheme, never in the query.
    assert (
        iri.to_uri("http://résumé.example.org/?q=é", idna=True)
        == "http://xn--rsum-bpad.example.org/?q=%C3%A9"
    )
    assert iri.to_iri("http://xn--rsum-bpad.example.org/", idn_unicode=True) == (
        "http://résumé.example.org/"
    )


def test_to_iri_takes_iris() -> None:
    # RFC 3987 §3.2 works on the percent-encoded octets, the ASCII parts of any IRI, so an IRI
    # converts as a URI does: the "ü" that is there stays, "%C3%BC" (UTF-8 for "ü") is
    # decoded beside it, and "%FC" (not UTF-8, §3.2 step 3) stays encoded.
    assert iri.to_iri("http://example.org/Dürst/%C3%BC") == "http://example.org/Dürst/ü"
    assert iri.to_iri("http://é/D%FCrst") == "http://é/D%FCrst"
    # An IRI without percent-encoding has nothing to decode: unchanged.
    assert iri.to_iri("http://résumé.example.org/?q=é#ü") == "http://résumé.example.org/?q=é#ü"
    # A mixed list of URIs and IRIs converts: the URI's "%C3%A9" (UTF-8 for "é") is decoded,
    # the IRI's "é" is kept, and both give the same IRI.
    assert [iri.to_iri(s) for s in ("http://a/%C3%A9", "http://a/é")] == ["http://a/é"] * 2
    # Not an IRI reference (a space is allowed nowhere, §2.2): still an error, now the IRI
    # grammar's: at the space (index 8), in the host "a", read as an ireg-name (the URI
    # grammar would have said reg-name).
    with pytest.raises(IRIError) as caught:
        iri.to_iri("http://a b/")
    error = caught.value
    assert (error.kind, error.position, error.component, error.rule, error.target) == (
        "syntax",
        8,
        "host",
        "ireg-name",
        "IRI-reference",
    )


# --- the passes as methods of IRI --------------------------------------------------------------


@pytest.mark.parametrize("case", resolution_examples(), ids=lambda c: c["reference"])
def test_resolve_method_on_rfc3986_examples(case: dict[str, str]) -> None:
    # RFC 3986 §5.4: the base is the receiver; the target is an IRI (it has the base's scheme
    # or the reference's own, §5.2.2), equal to the RFC's text.
    base = iri.parse(case["base"], "IRI")
    target = base.resolve(case["reference"])
    assert target == case["expected"] and isinstance(target, iri.IRI)
    assert target.rule == "IRI"
    # relativize is the inverse: the reference it gives resolves back to the target.
    back = base.relativize(target)
    assert back is not None and back.rule == "IRI-reference"
    assert base.resolve(back) == case["expected"]


def test_resolve_method_options_and_base() -> None:
    # RFC 3986 §5.4.2: "http:g" is kept by a strict parser and resolved as "g" by a
    # backward-compatible one (§5.2.2).
    base = iri.parse("http://a/b/c/d;p?q")
    assert base.resolve("http:g") == "http:g"
    assert base.resolve("http:g", strict=False) == "http://a/b/c/g"
    # §5.1: a base has a scheme. A relative reference is refused as the module function
    # refuses it: at its first character, where a scheme should be.
    relative = iri.parse("//a/b")
    with pytest.raises(IRIError) as caught:
        relative.resolve("c")
    assert (caught.value.position, caught.value.component) == (0, "scheme")
    with pytest.raises(IRIError) as caught:
        relative.relativize("http://a/b")
    assert (caught.value.position, caught.value.component) == (0, "scheme")


@pytest.mark.parametrize("case", rfc3987_examples(), ids=lambda c: f"{c['section']}-{c['kind']}")
def test_methods_on_rfc3987_examples(case: dict[str, Any]) -> None:
    # The examples of RFC 3987 §3.1, §3.2 and §5.3 through the methods: the same answers as
    # the RFC gives, as IRI objects of the rule of the same shape.
    kind = case["kind"]
    if kind == "iri_to_uri":
        # §3.1: an IRI maps to a URI (every non-ASCII character percent-encoded as UTF-8).
        uri = iri.parse(case["input"], "IRI").to_uri()
        assert (uri, uri.rule) == (case["expected"], "URI")
        if "expected_with_idna_toascii" in case:
            with_idna = iri.parse(case["input"]).to_uri(idna=True)
            assert with_idna == case["expected_with_idna_toascii"]
            assert with_idna.rule == "URI-reference"  # from an IRI-reference
    elif kind == "uri_to_iri":
        # §3.2: a URI maps to an IRI; the IRI rule of the same shape as the URI's.
        mapped = iri.parse(case["input"], "URI").to_iri()
        assert (mapped, mapped.rule) == (case["expected"], "IRI")
    elif kind.startswith("equivalent_"):
        level: Literal["syntax", "scheme"] = (
            "syntax" if kind == "equivalent_syntax_based" else "scheme"
        )
        idn = "IDN" in case.get("note", "")
        a, b = iri.parse(case["a"]), iri.parse(case["b"])
        assert a.equivalent(b, level, idn=idn) is case["equivalent"]
        assert b.equivalent(case["a"], level, idn=idn) is case["equivalent"]  # a str, too
        if "normal_form" in case:
            assert a.normalize() == b.normalize() == case["normal_form"]
    elif kind == "nfc":
        # §5.3.2.2: NFC changes exactly the inputs that are not in NFC; lint says so.
        parsed = iri.parse(case["input"])
        assert (parsed.normalize(nfc=True) == parsed) is case["is_nfc"]
        assert ("not-nfc" in {d.code for d in parsed.lint()}) is not case["is_nfc"]


def test_normalize_method() -> None:
    # RFC 3986 §6.2.2 (RFC 3987 §5.3.2): case, percent-encoding and dot segments; the rung is
    # chosen as in the function. §5.3.3: http's default port and empty path.
    messy = iri.parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
    assert messy.normalize("syntax") == "example://a/b/c/%7Bfoo%7D"
    assert messy.normalize("simple") == messy  # §5.3.1: the text as it is
    assert iri.parse("http://example.com:80").normalize() == "http://example.com/"
    assert iri.parse("http://example.com:80").normalize("syntax") == "http://example.com:80"
    # A URI normalizes to the IRI rule of its shape, as the library's Uri::normalize gives an
    # Iri; an IRI-reference stays one.
    assert iri.parse("HTTP://a/", "URI").normalize().rule == "IRI"
    assert iri.parse("a:b", "absolute_URI").normalize().rule == "absolute-IRI"
    assert messy.normalize().rule == "IRI-reference"
    with pytest.raises(ValueError, match="no comparison level"):
        messy.normalize("exact")  # type: ignore[arg-type]


def test_mapping_methods() -> None:
    # RFC 3987 §3.1 and §3.2 with the functions' options; to_iri takes IRIs too, as the
    # function does (§3.2 works on the percent-encoded octets, the ASCII parts of any IRI).
    # §3.1: ToASCII on the host of a DNS scheme, never in the query.
    mapped = iri.parse("http://résumé.example.org/?q=é", "IRI").to_uri(idna=True)
    assert mapped == "http://xn--rsum-bpad.example.org/?q=%C3%A9" and mapped.rule == "URI"
    assert iri.parse("http://xn--rsum-bpad.example.org/", "URI").to_iri(idn_unicode=True) == (
        "http://résumé.example.org/"
    )
    assert iri.parse("//例え/", "irelative_ref").to_uri().rule == "relative-ref"
    # An IRI receiver: its "é" stays, "%C3%BC" is decoded; the result has the receiver's own
    # rule, as the library's to_iri gives an Iri for an Iri (and an IRI-reference for one).
    for rule in ("IRI", "IRI_reference", "absolute_IRI"):
        mapped = iri.parse("http://é/%C3%BC", rule).to_iri()
        assert mapped == "http://é/ü" and mapped.rule == rule.replace("_", "-")
    relative = iri.parse("//é/%C3%BC?q", "irelative_ref").to_iri()
    assert relative == "//é/ü?q" and relative.rule == "irelative-ref"
    # An IRI without percent-encoding comes back unchanged.
    assert iri.parse("http://é/ü").to_iri() == "http://é/ü"


def test_lint_and_equivalent_methods() -> None:
    # The same findings as the function: an uppercase scheme (§5.3.2.1) and http's default
    # port (§5.3.3).
    text = "HTTP://example.org:80/"
    assert [d.code for d in iri.parse(text).lint()] == [d.code for d in iri.lint(text)]
    assert {"uppercase-scheme", "default-port"} <= {d.code for d in iri.parse(text).lint()}
    # RFC 3987 §5.3: equal at the scheme-based rung, not at the syntax-based one.
    assert iri.parse(text).equivalent("http://example.org/")
    assert not iri.parse(text).equivalent("http://example.org/", "syntax")
    assert iri.parse("http://a/#x").equivalent("http://a/#y", exclude_fragment=True)


# --- IRI.replace -------------------------------------------------------------------------------


def test_replace_components() -> None:
    base = iri.parse("http://a/b/c/d;p?q", "IRI")
    # RFC 3986 §5.3: components recompose as scheme ":" "//" authority path "?" query "#"
    # fragment; a removed query loses its "?", an added fragment gains its "#".
    assert base.replace(path="/x", query=None, fragment="s") == "http://a/x#s"
    assert base.replace(scheme="https", port=8443, query=None) == "https://a:8443/b/c/d;p"
    replaced = base.replace(userinfo="u", host="example.org")
    assert (replaced.authority, replaced.rule) == ("u@example.org", "IRI")
    assert replaced.replace(userinfo=None, port="") == "http://example.org:/b/c/d;p?q"  # §3.2.3
    assert base.replace(authority=None, path="/g") == "http:/g?q"  # the query stays
    # §3.2.2: an IPv6 address is written in brackets.
    v6 = base.replace(host=ipaddress.ip_address("2001:db8::7"))
    assert (v6.host, v6.host_kind) == ("[2001:db8::7]", "ipv6")
    assert base.replace() == base and base == "http://a/b/c/d;p?q"  # a new value; base as it was
    # The result is judged, not the steps: "s:b" fits (no authority, a rootless path), though
    # the path "b" does not fit after the authority and "//b" does not fit without one (§3.3).
    assert iri.parse("s://a//b").replace(authority=None, path="b") == "s:b"
    assert iri.parse("mailto:x").replace(host="h", path="/x") == "mailto://h/x"


def test_replace_refusals_are_iri_errors() -> None:
    base = iri.parse("http://a/b")
    # The space is the second character of the query given (index 1): iquery has no space.
    with pytest.raises(IRIError) as caught:
        base.replace(query="a b")
    error = caught.value
    assert (error.component, error.rule, error.position, error.input) == (
        "query",
        "iquery",
        1,
        "a b",
    )
    assert str(error).startswith("cannot set the query: invalid iquery at column 2")
    # A ":" in the host would start a port: ireg-name has none (RFC 3987 §2.2).
    with pytest.raises(IRIError) as caught:
        base.replace(host="a:b")
    assert (caught.value.component, caught.value.rule, caught.value.position) == (
        "host",
        "ireg-name",
        1,
    )
    # §3.1: a scheme starts with a letter.
    with pytest.raises(IRIError) as caught:
        base.replace(scheme="1x")
    assert (caught.value.component, caught.value.position) == ("scheme", 0)
    # §3.3: after an authority the path is empty or begins with "/": a shape error, the rule
    # named in the message.
    with pytest.raises(IRIError) as caught:
        base.replace(path="g")
    assert (caught.value.kind, caught.value.component, caught.value.rule) == ("shape", "path", None)
    assert "ipath-abempty" in caught.value.message
    # The receiver's rule holds for the result: a URI takes no "é" (RFC 3986 §2), an
    # absolute-IRI no fragment, an irelative-ref no scheme (RFC 3987 §2.2).
    with pytest.raises(IRIError) as caught:
        iri.parse("http://a/", "URI").replace(path="/é")
    assert (caught.value.kind, caught.value.position) == ("not-ascii", 1)
    assert iri.parse("http://a/", "URI").replace(query="x").rule == "URI"
    with pytest.raises(IRIError, match="absolute-IRI"):
        iri.parse("a:b", "absolute_IRI").replace(fragment="x")
    assert iri.parse("a:b", "absolute_IRI").replace(fragment=None) == "a:b"
    with pytest.raises(IRIError, match="irelative-ref") as caught:
        iri.parse("//a/b", "irelative_ref").replace(scheme="s")
    assert (caught.value.kind, caught.value.component) == ("shape", "scheme")
    # A lone surrogate is named as everywhere else.
    with pytest.raises(IRIError) as caught:
        base.replace(fragment="x\udc80")
    assert (caught.value.kind, caught.value.position) == ("lone-surrogate", 1)


def test_replace_arguments() -> None:
    base = iri.parse("http://a/b")
    kwargs: dict[str, Any]
    for kwargs in (
        {"scheme": None},  # a reference keeps its scheme
        {"path": None},  # every reference has a path
        {"host": None},  # authority=None removes the authority
        {"authority": "a", "host": "b"},  # one or the other
        {"segments": ["a"]},  # build's, not replace's
        {"port": True},  # as in build: not a number
    ):
        with pytest.raises(TypeError):
            base.replace(**kwargs)
    with pytest.raises(ValueError, match="0 to 65535"):
        base.replace(port=70000)
    with pytest.raises(ValueError, match="host="):
        iri.parse("mailto:x").replace(port=80)  # no authority to give a port to


# --- lint -----------------------------------------------------------------------------------


def test_lint_spans_are_python_indices() -> None:
    text = "HTTP://例え.Example.org:80/a/./b"
    found = iri.lint(text)
    codes = [d.code for d in found]
    assert {"uppercase-scheme", "default-port", "dot-segments"} <= set(codes)
    for d in found:
        assert d.code in iri.CODES and d.severity in ("error", "warning", "note")
        # The same span, counted in characters and in UTF-8 bytes.
        assert text[d.start : d.end].encode() == text.encode()[d.byte_start : d.byte_end]
    port = next(d for d in found if d.code == "default-port")
    assert text[port.start : port.end] == ":80" and port.fix == ""
    assert iri.apply_fixes(text).startswith("http://")
    assert ":80" not in iri.apply_fixes(text)


def test_lint_reports_a_syntax_error_as_a_diagnostic() -> None:
    (finding,) = iri.lint("http://例え/a b")
    assert (finding.code, finding.severity, finding.start, finding.end) == (
        "syntax",
        "error",
        11,
        12,
    )


# --- build, encode, decode ------------------------------------------------------------------


def test_build_encodes_each_part_for_its_component() -> None:
    # RFC 3986 §2.2: a delimiter that is data is percent-encoded, so "/" inside a segment is
    # %2F, "&" inside a query value %26, a space %20 everywhere.
    built = iri.build(
        scheme="http",
        host="example.org",
        segments=["a/b", "c d"],
        query_pairs=[("q", "x&y")],
        fragment="top",
    )
    assert built == "http://example.org/a%2Fb/c%20d?q=x%26y#top"
    assert isinstance(built, iri.IRI) and built.host == "example.org"
    assert iri.build(scheme="http", host=ipaddress.ip_address("2001:db8::7"), port=8080) == (
        "http://[2001:db8::7]:8080"
    )
    assert iri.build(scheme="http", host=ipaddress.ip_address("192.0.2.1")).host_kind == "ipv4"
    with pytest.raises(ValueError, match="host"):
        iri.build(scheme="http", port=80)  # a port needs a host (RFC 3986 §3.2)
    with pytest.raises(ValueError, match="0 to 65535"):
        iri.build(scheme="http", host="a", port=70000)
    with pytest.raises(TypeError):
        iri.build(scheme="http", host="a", port=True)
    # Query items from a mapping, or from any pairs.
    by_dict = iri.build(scheme="http", host="a", query_pairs={"q": "1 2", "r": ""})
    assert by_dict == iri.build(scheme="http", host="a", query_pairs=[["q", "1 2"], ("r", "")])
    assert by_dict.query == "q=1%202&r="
    with pytest.raises(TypeError, match="pairs"):
        iri.build(scheme="http", host="a", query_pairs=[("q",)])
    with pytest.raises(ValueError):
        iri.build(scheme="http", host="example.org", path="rootless")  # §3.3


def test_encode_and_decode() -> None:
    assert iri.encode("a/b?c d", "segment") == "a%2Fb%3Fc%20d"
    assert iri.encode("x=1&y", "query_part") == "x%3D1%26y"
    assert iri.decode("D%C3%BCrst") == "Dürst"
    with pytest.raises(ValueError):
        iri.decode("%FC")  # not UTF-8
    with pytest.raises(ValueError, match="no component"):
        iri.encode("a", "path")  # type: ignore[arg-type]


# --- long inputs and threads ----------------------------------------------------------------


def test_long_inputs_from_many_threads() -> None:
    # Inputs above the size where the interpreter is released, checked from several threads.
    long_path = "http://example.org/" + "é/" * 50_000
    bad = long_path + " "
    results: list[bool] = []

    def work() -> None:
        for _ in range(5):
            results.append(iri.is_valid(long_path) and not iri.is_valid(bad))
            assert iri.normalize(long_path) == long_path
            assert iri.to_uri(long_path).count("%C3%A9") == 50_000

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [True] * 20
    with pytest.raises(IRIError) as caught:
        iri.parse(bad)
    assert caught.value.position == len(long_path)


# --- is_valid's ways in: the common call (a str, no rule) is read in place -------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://example.org/a?q#f", True),
        ("http://例え.テスト/パス?q=値", True),  # non-ASCII: the str keeps its UTF-8 after a call
        ("http://a/\ue000", False),  # iprivate, which only a query may hold (RFC 3987 §2.2)
        ("http://a b/", False),
        ("", True),
    ],
)
def test_is_valid_without_and_with_a_rule(text: str, expected: bool) -> None:
    # Twice each: the second call reads the UTF-8 the first one left in the str.
    for _ in range(2):
        assert iri.is_valid(text) is expected
        assert iri.is_valid(text, "IRI_reference") is expected
        assert iri.is_valid(text, rule="IRI-reference") is expected
        assert iri.is_valid(s=text) is expected
    # The default is IRI-reference, not IRI: a relative reference tells them apart.
    assert iri.is_valid("a/b") and not iri.is_valid("a/b", "IRI")
    iri.validate("a/b")


def test_is_valid_takes_every_kind_of_argument_as_before() -> None:
    class Text(str):
        pass

    assert iri.is_valid(Text("http://a/")) is True
    assert iri.is_valid(iri.parse("http://a/b")) is True
    for _ in range(2):  # a lone surrogate: no UTF-8 to lend, so Text's way, and no match
        assert iri.is_valid("http://a/\udc80") is False
        assert iri.is_valid("http://a/\udc80", "IRI") is False
    with pytest.raises(TypeError, match="expected a str or an IRI"):
        iri.is_valid(b"http://a/")  # type: ignore[arg-type]
    # An explicit None is not the default: the rule must be a str.
    for function in (iri.is_valid, iri.validate):
        with pytest.raises(TypeError, match="'None' is not an instance of 'str'"):
            function("http://a/", None)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="'int' object is not an instance of 'str'"):
            function("http://a/", 3)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="did you mean `IRI`"):
            function("http://a/", "IRJ")
