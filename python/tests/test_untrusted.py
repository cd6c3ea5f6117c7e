"""Issue 28: untrusted input never reaches a terminal raw through the binding's messages.

Every entry point that can raise is given the hostile inputs of the issue (terminal escape
sequences, controls, the bidi controls, lone surrogates) in several components. Whatever the
binding says about them -- ``str(err)``, ``err.args``, ``repr(err)``, ``err.message``, a
diagnostic's ``message``/``help``/``repr``, the jsonschema message, the Arrow ``error`` column
-- must hold none of the forbidden characters below; they are written ``\\u{...}`` (the
library's ``printable``), and the caret of a snippet still points at the offending character.
Data stays exact: ``IRIError.input``, components, ``str(IRI)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pyarrow as pa
import pytest

import rfc3987_rs as iri
from rfc3987_rs import IRIError
from rfc3987_rs import arrow as A
from rfc3987_rs.compat import rfc3987 as compat
from rfc3987_rs.jsonschema import FORMAT_CHECKER

# --- the forbidden set, written from the issue (not imported from the code) ------------------

#: C0 controls except LF (a message's own line breaks are LF; an input's LF is escaped too,
#: but a LF in a message cannot be told apart from the message's own), DEL, the C1 controls,
#: the bidi formatting characters and isolates of §4.1 and Unicode 6.3 (U+200E, U+200F,
#: U+061C, U+202A-U+202E, U+2066-U+2069), the other invisibles `printable` escapes (white
#: space other than the space, U+200B-U+200F, U+2060-U+2069, U+FEFF), and the lone surrogates.
FORBIDDEN = frozenset(
    [chr(c) for c in range(0x00, 0x20) if c != 0x0A]
    + [chr(0x7F)]
    + [chr(c) for c in range(0x80, 0xA0)]
    + ["\u200e", "\u200f", "\u061c"]
    + [chr(c) for c in range(0x202A, 0x202F)]
    + [chr(c) for c in range(0x2066, 0x206A)]
    + [chr(c) for c in range(0x200B, 0x2010)]
    + [chr(c) for c in range(0x2060, 0x206A)]
    + ["\ufeff", "\u00a0", "\u1680", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000"]
    + [chr(c) for c in range(0x2000, 0x200B)]
    + [chr(c) for c in range(0xD800, 0xE000)]
)

#: Hostile sequences that no IRI rule allows anywhere: each starts with a character that is not
#: allowed in any component (a C0 or C1 control, DEL, a §4.1 bidi formatting character, a lone
#: surrogate), so the first offending character is the first of the sequence.
REJECTED = {
    "csi-colour": "\x1b[31m",
    "clear-screen": "\x1b[2J\x1b[H",
    "osc0-title": "\x1b]0;t\x07",
    "osc8-link": "\x1b]8;;http://evil/\x1b\\x\x1b]8;;\x1b\\",
    "osc52-clipboard": "\x1b]52;c;cm0gLXJm\x07",
    "bel": "\x07",
    "backspace": "\x08",
    "bare-cr": "\r",
    "nul": "\x00",
    "del": "\x7f",
    "c1-csi": "\x9b",
    "lrm": "\u200e",
    "rlm": "\u200f",
    "lre": "\u202a",
    "rle": "\u202b",
    "pdf": "\u202c",
    "lro": "\u202d",
    "rlo": "\u202e",
    "surrogate-d800": "\ud800",
    "surrogate-dfff": "\udfff",
}

#: The isolates and ALM: `ucschar` (RFC 3987 §2.2: %xA0-D7FF), so valid in every component
#: that takes ucschar; still never shown raw in a message.
ISOLATES = {"alm": "\u061c", "lri": "\u2066", "rli": "\u2067", "fsi": "\u2068", "pdi": "\u2069"}

#: Templates: "{}" is where the hostile text goes; everything before it is a valid prefix of an
#: IRI reference, so the first offending character is at index template.index("{}").
TEMPLATES = {
    "scheme": "ht{}tp://a/",
    "userinfo": "http://u{}@a/",
    "host": "http://a{}.example/",
    "port": "http://a:8{}0/",
    "path": "http://a/p{}q",
    "query": "http://a/?q{}",
    "fragment": "http://a/#f{}",
    "relative": "//a/{}",
}


def escaped(text: str) -> str:
    """``text`` with each forbidden character written ``\\u{XXXX}``, as ``printable`` does."""
    return "".join(f"\\u{{{ord(c):X}}}" if c in FORBIDDEN else c for c in text)


def strings_of(err: BaseException) -> Iterator[str]:
    """Every text an exception shows: str, repr, each str argument, the message attribute."""
    yield str(err)
    yield repr(err)
    for arg in err.args:
        if isinstance(arg, str):
            yield arg
    message = getattr(err, "message", None)
    if isinstance(message, str):
        yield message


def assert_clean(what: str, texts: Iterator[str] | list[str]) -> None:
    for text in texts:
        raw = sorted({f"U+{ord(c):04X}" for c in text if c in FORBIDDEN})
        assert not raw, f"{what}: raw {raw} in {text!r}"


def assert_caret(err: IRIError, given: str) -> None:
    """The snippet (second line of str(err)) shows ``given`` escaped, and the caret (third line)
    is under the escaped form of the character at ``err.position``. The inputs are short and
    ASCII around the hostile text, so one column per character and no window cut."""
    lines = str(err).split("\n")
    snippet, caret = lines[1], lines[2]
    column = 2 + len(escaped(given[: err.position]))
    assert caret == " " * column + "^", (str(err), column)
    assert snippet[column:].startswith(escaped(given[err.position])), str(err)


def cases() -> list[Any]:
    params = []
    for hname, hostile in REJECTED.items():
        for tname, template in TEMPLATES.items():
            params.append(
                pytest.param(
                    template.replace("{}", hostile), template.index("{}"), id=f"{hname}-{tname}"
                )
            )
    return params


# --- parse, validate and the passes: IRIError at the first offending character ---------------


def raised(call: Callable[[], object]) -> IRIError:
    with pytest.raises(IRIError) as caught:
        call()
    return caught.value


@pytest.mark.parametrize(("given", "at"), cases())
def test_every_string_entry_point(given: str, at: int) -> None:
    entry_points: dict[str, Callable[[], object]] = {
        "parse": lambda: iri.parse(given),
        "parse-URI": lambda: iri.parse(given, "URI_reference"),
        "validate": lambda: iri.validate(given),
        "normalize": lambda: iri.normalize(given),
        "equivalent": lambda: iri.equivalent(given, "http://a/"),
        "to_uri": lambda: iri.to_uri(given),
        "to_uri-lenient": lambda: iri.to_uri(given, lenient=True),
        "to_iri": lambda: iri.to_iri(given),
        "resolve-reference": lambda: iri.resolve("http://b/", given),
        "IRI.resolve": lambda: iri.parse("http://b/").resolve(given),
        "compat-parse": lambda: compat.parse(given, rule="IRI_reference"),
    }
    if not given.startswith("//"):  # a base or a target must be an IRI (with a scheme)
        entry_points |= {
            "parse-IRI": lambda: iri.parse(given, "IRI"),
            "validate-absolute": lambda: iri.validate(given, "IRI"),
            "resolve-base": lambda: iri.resolve(given, "x"),
            "relativize-base": lambda: iri.relativize(given, "http://b/"),
            "relativize-target": lambda: iri.relativize("http://b/", given),
            "IRI.relativize": lambda: iri.parse("http://b/").relativize(given),
        }
    for name, call in entry_points.items():
        err = raised(call)
        assert_clean(name, strings_of(err))
        # The first character of the hostile text is the first that no rule allows there; a
        # URI rule rejects a non-ASCII one there too (RFC 3986 §2).
        assert err.position == at, (name, str(err))
        assert err.input == given, name  # data: the str given, exactly (surrogates included)
        assert_caret(err, given)
        if given[at] in "\ud800\udfff":
            assert err.kind == "lone-surrogate", name
            assert f"\\u{{{ord(given[at]):X}}}" in str(err).split("\n")[1], name


#: Each component alone, checked by its own rule (RFC 3987 §2.2): the hostile text after one
#: valid character, so the first offending character is at index 1.
RULE_CASES = {
    "iuserinfo": "u",
    "ireg_name": "a",
    "isegment": "p",
    "iquery": "q",
    "ifragment": "f",
    "scheme": "h",
}
#: A rule checked alone is its ABNF: the §4.1 bidi formatting characters are in ucschar
#: (%xA0-D7FF), and §4.1 bans them from whole IRIs, not from the rules; so here only the
#: sequences that start with a control or a lone surrogate are rejected by every rule.
NOT_UCSCHAR = [n for n, h in REJECTED.items() if not "\u200e" <= h[0] <= "\u202e"]


@pytest.mark.parametrize("hname", NOT_UCSCHAR)
@pytest.mark.parametrize(("rule", "lead"), list(RULE_CASES.items()))
def test_rule_specific_validators(rule: str, lead: str, hname: str) -> None:
    given = lead + REJECTED[hname]
    err = raised(lambda: iri.validate(given, rule))
    assert_clean(rule, strings_of(err))
    assert (err.position, err.input) == (1, given)
    assert_caret(err, given)
    assert not iri.is_valid(given, rule)


#: `IRI.replace`: each component given as a text with the hostile text after one valid
#: character, so the error is at index 1 of the text given (positions are in the text given).
REPLACE_CASES = {
    "scheme": "h",
    "userinfo": "u",
    "host": "a",
    "path": "/",
    "query": "q",
    "fragment": "f",
}


@pytest.mark.parametrize("hname", list(REJECTED))
@pytest.mark.parametrize(("component", "lead"), list(REPLACE_CASES.items()))
def test_replace(component: str, lead: str, hname: str) -> None:
    given = lead + REJECTED[hname]
    err = raised(lambda: iri.parse("http://a/b").replace(**{component: given}))
    assert_clean(f"replace {component}", strings_of(err))
    if component == "userinfo" and err.kind == "bidi-formatting-character":
        # iuserinfo alone allows ucschar; §4.1 is checked on the authority written from the
        # parts, "u…@a" (the receiver's host), where the character is at index 1 as well.
        given += "@a"
    assert (err.position, err.input) == (1, given)
    assert_caret(err, given)


@pytest.mark.parametrize(("given", "at"), cases())
def test_lint_messages(given: str, at: int) -> None:
    found = iri.lint(given)
    # Some diagnostic is about the first offending character (a syntax error, or §4.1).
    assert any(d.start == at for d in found), found
    for d in found:
        assert_clean(d.code, [d.message, d.help or "", repr(d)])


@pytest.mark.parametrize(("given", "at"), cases())
def test_jsonschema_format_checker_message(given: str, at: int) -> None:
    from jsonschema.exceptions import FormatError

    with pytest.raises(FormatError) as caught:
        FORMAT_CHECKER.check(given, "iri-reference")
    assert_clean("jsonschema", strings_of(caught.value))
    assert isinstance(caught.value.cause, IRIError) and caught.value.cause.position == at


@pytest.mark.parametrize(
    ("given", "at"), [c for c in cases() if not any(s in c.values[0] for s in "\ud800\udfff")]
)
def test_arrow_errors(given: str, at: int) -> None:
    # Arrow strings are UTF-8: no lone surrogate can be in one (pyarrow refuses to encode it).
    array = pa.array(["http://ok/", given])
    rows: list[dict[str, Any]] = A.parse(array).to_pylist()
    assert rows[0]["error"] is None
    assert_clean("arrow parse error column", [rows[1]["error"]])
    assert rows[1]["error_position"] == at
    calls: dict[str, Callable[[], object]] = {
        "normalize": lambda: A.normalize(array, errors="raise"),
        "to_uri": lambda: A.to_uri(array, errors="raise"),
        "to_iri": lambda: A.to_iri(array, errors="raise"),
        "resolve": lambda: A.resolve("http://b/", array, errors="raise"),
    }
    for name, call in calls.items():
        err = raised(call)
        assert_clean(f"arrow {name}", strings_of(err))
        assert (err.row, err.position) == (1, at)


# --- the isolates: valid data, exact; never raw in a message ---------------------------------


ISOLATE_PARAMS = [pytest.param(c, id=n) for n, c in ISOLATES.items()]


@pytest.mark.parametrize("c", ISOLATE_PARAMS)
def test_isolates_are_valid_and_data_is_exact(c: str) -> None:
    given = f"http://u{c}@a{c}.example/p{c}q?q{c}#f{c}"
    parsed = iri.parse(given)
    assert str(parsed) == given
    assert (parsed.userinfo, parsed.host, parsed.path, parsed.query, parsed.fragment) == (
        f"u{c}",
        f"a{c}.example",
        f"/p{c}q",
        f"q{c}",
        f"f{c}",
    )
    # RFC 3987 §5.3.2: syntax-based normalization lowercases and decodes, it keeps ucschar.
    assert iri.normalize(given) == given
    # RFC 3987 §3.1 step 2: the UTF-8 octets of a ucschar, percent-encoded.
    octets = "".join(f"%{b:02X}" for b in c.encode())
    assert iri.to_uri(f"http://a/p{c}q") == f"http://a/p{octets}q"
    # repr is for people: Python's repr(str) escapes every character str.isprintable() rejects,
    # the format characters (Cf) among them, so the isolates are written \u2066 etc.
    assert_clean("repr(IRI)", [repr(parsed)])
    assert f"\\u{ord(c):04x}" in repr(parsed)
    assert repr(parsed) == f"IRI({given!r}, rule='IRI-reference')"


@pytest.mark.parametrize("c", ISOLATE_PARAMS)
def test_isolates_in_an_invalid_iri_are_escaped(c: str) -> None:
    # The space at index 8 is the error (not allowed in ireg-name, RFC 3987 §2.2); the isolate
    # after it is in the snippet, escaped, and the caret is still under the space.
    given = f"http://a b/{c}"
    err = raised(lambda: iri.parse(given))
    assert err.position == 8
    assert_clean("isolate after the error", strings_of(err))
    assert_caret(err, given)
    # An isolate before the error moves the caret by the width of its escape: the space at
    # index 10 is not allowed in isegment (RFC 3987 §2.2), the isolate at 9 is.
    given = f"http://a/{c} b"
    err = raised(lambda: iri.parse(given))
    assert err.position == 10
    assert_clean("isolate before the error", strings_of(err))
    assert_caret(err, given)


@pytest.mark.parametrize("c", ISOLATE_PARAMS)
def test_isolates_where_only_ascii_is_allowed(c: str) -> None:
    # scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986 §3.1): an isolate at the
    # start cannot begin a scheme, but it is a valid ucschar of a relative path's first segment,
    # which cannot hold ":" (ipath-noscheme): the error is at the ":" (index 5).
    err = raised(lambda: iri.parse(f"{c}http://a/"))
    assert err.position == 5
    assert_clean("isolate in a scheme", strings_of(err))
    for d in iri.lint(f"{c}http://a/"):
        assert_clean(d.code, [d.message, d.help or "", repr(d)])


# --- other messages built from input ---------------------------------------------------------


@pytest.mark.parametrize("hostile", list(REJECTED.values())[:11])
def test_names_given_by_the_caller(hostile: str) -> None:
    name = f"rule{hostile}"
    for call in (
        lambda: iri.validate("x", name),
        lambda: iri.parse("x", name),
        lambda: compat.parse("x", rule=name),
        lambda: iri.normalize("http://a/", name),  # type: ignore[arg-type]
        lambda: iri.encode("x", name),  # type: ignore[arg-type]
        lambda: iri.parse("http://a/").replace(**{name: "x"}),
    ):
        with pytest.raises((ValueError, TypeError)) as caught:
            call()
        assert_clean(name, strings_of(caught.value))
    # A class may be named with any text (but NUL); its name is quoted in a TypeError.
    kind = type(name.replace("\x00", ""), (), {})
    with pytest.raises(TypeError) as caught:
        iri.parse(kind())
    assert_clean("type name", strings_of(caught.value))
    with pytest.raises(TypeError) as caught:
        A.parse(kind())
    assert_clean("type name", strings_of(caught.value))
