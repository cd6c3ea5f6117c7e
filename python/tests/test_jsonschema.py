"""rfc3987_rs.jsonschema: the JSON-Schema-Test-Suite format cases, and where the checker
differs from jsonschema's own and from the packages jsonschema would use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import rfc3987
import rfc3987_syntax

import rfc3987_rs
import rfc3987_rs.jsonschema as rfc3987_rs_jsonschema

# Each draft of the suite that has any of the four format files, its validator class and the
# files it has (draft-next has them too, but jsonschema has no validator for it).
DRAFTS = {
    "draft3": (jsonschema.Draft3Validator, ("uri",)),
    "draft4": (jsonschema.Draft4Validator, ("uri",)),
    "draft6": (jsonschema.Draft6Validator, ("uri", "uri-reference")),
    "draft7": (jsonschema.Draft7Validator, ("iri", "iri-reference", "uri", "uri-reference")),
    "draft2019-09": (
        jsonschema.Draft201909Validator,
        ("iri", "iri-reference", "uri", "uri-reference"),
    ),
    "draft2020-12": (
        jsonschema.Draft202012Validator,
        ("iri", "iri-reference", "uri", "uri-reference"),
    ),
}
SUITE_FILES = [(draft, name) for draft, (_, names) in DRAFTS.items() for name in names]


def test_suite_has_exactly_these_files(json_schema_test_suite: Path) -> None:
    found = {
        (path.parent.name, path.stem)
        for path in json_schema_test_suite.glob("*/*.json")
        if path.parent.name != "draft-next"
    }
    assert found == set(SUITE_FILES)


@pytest.mark.parametrize("checker", ["FORMAT_CHECKER", "draft's FORMAT_CHECKER"])
@pytest.mark.parametrize(("draft", "name"), SUITE_FILES)
def test_json_schema_test_suite(
    json_schema_test_suite: Path, draft: str, name: str, checker: str
) -> None:
    cls = DRAFTS[draft][0]
    if checker == "FORMAT_CHECKER":
        format_checker = rfc3987_rs_jsonschema.FORMAT_CHECKER
    else:
        format_checker = rfc3987_rs_jsonschema.format_checker(cls.FORMAT_CHECKER)
    groups = json.loads((json_schema_test_suite / draft / f"{name}.json").read_text("utf-8"))
    wrong, count = [], 0
    for group in groups:
        for case in group["tests"]:
            count += 1
            try:
                jsonschema.validate(
                    case["data"], group["schema"], cls=cls, format_checker=format_checker
                )
                valid = True
            except jsonschema.ValidationError:
                valid = False
            if valid != case["valid"]:
                wrong.append((case["description"], case["data"], case["valid"]))
    assert count > 0
    assert wrong == []


def _rfc3987(instance: str, rule: str) -> bool:
    try:
        return bool(rfc3987.parse(instance, rule=rule))
    except ValueError:
        return False


# (format, instance, rfc3987 1.3.8, rfc3987-syntax 1.1.0, RFC): the answers of the PyPI packages
# jsonschema's checkers call (rfc3987 if installed, as here, else rfc3987-syntax for the IRI
# formats), read from their grammars, and of the RFCs, which rfc3987_rs must give.
CASES = [
    # RFC 3986 §3.2.2: IPv6address has "::" standing for any run of zero groups, so "::1" is
    # an address. rfc3987-syntax's IPv6address lists exact group counts round "::" and refuses
    # it (JSON-Schema-Test-Suite #1065, #1142).
    ("iri", "http://[::1]/", True, False, True),
    ("iri", "http://[2001:db8::1]", True, False, True),
    ("iri-reference", "//[::ffff:192.0.2.1]/a", True, False, True),
    # RFC 3986 §3.2.2 IPvFuture = "v" 1*HEXDIG "." ...; RFC 5234 §2.3: a quoted string in ABNF
    # is case-insensitive, so "V" is as good as "v". Both packages take "v" only.
    ("iri", "http://[V1.x]/", False, False, True),
    ("uri", "http://[V1.x]/", False, None, True),
    # RFC 3987 §2.2 ucschar has %x10000-1FFFD: an emoji is allowed in a path. rfc3987-syntax's
    # character classes stop at U+FFFF.
    ("iri", "http://example.org/\U0001f600", True, False, True),
    # RFC 3987 §4.1: IRIs MUST NOT contain the bidi formatting characters (here LRM, U+200E).
    # Both packages check the grammar only, where U+200E is a ucschar.
    ("iri", "http://example.org/\u200e", True, True, False),
    ("iri-reference", "a\u202eb", True, True, False),
    # No rule of either RFC has a line feed. rfc3987's regular expressions end in "$", which
    # also matches before a final "\n".
    ("iri", "http://example.org/\n", True, False, False),
    ("uri", "http://example.org/\n", True, None, False),
    ("uri-reference", "a\n", True, None, False),
    # Agreed by all: RFC 3987 §2.2 allows "é" in ireg-name; RFC 3986 §2 URIs are ASCII only;
    # a space is in no rule.
    ("iri", "http://\u00e9.example/", True, True, True),
    ("uri", "http://\u00e9.example/", False, None, False),
    ("uri-reference", "a b", False, None, False),
]
RULES = {
    "iri": "IRI",
    "iri-reference": "IRI_reference",
    "uri": "URI",
    "uri-reference": "URI_reference",
}


@pytest.mark.parametrize(("fmt", "instance", "by_rfc3987", "by_syntax", "by_rfc"), CASES)
def test_checkers_differ_where_expected(
    fmt: str, instance: str, by_rfc3987: bool, by_syntax: bool | None, by_rfc: bool
) -> None:
    assert _rfc3987(instance, RULES[fmt]) is by_rfc3987
    # jsonschema's own checker calls rfc3987, which this environment has.
    assert jsonschema.FormatChecker().conforms(instance, fmt) is by_rfc3987
    if by_syntax is not None:  # rfc3987-syntax has no URI rules
        assert rfc3987_syntax.is_valid_syntax(fmt.replace("-", "_"), instance) is by_syntax
    assert rfc3987_rs_jsonschema.FORMAT_CHECKER.conforms(instance, fmt) is by_rfc
    assert rfc3987_rs.is_valid(instance, RULES[fmt]) is by_rfc


@pytest.mark.parametrize("fmt", sorted(rfc3987_rs_jsonschema.FORMATS))
@pytest.mark.parametrize("instance", [12, 1.5, None, True, [], {}])
def test_non_strings_pass(fmt: str, instance: object) -> None:
    # JSON Schema 2020-12 Validation §7.1: a format annotates strings; other types pass.
    assert rfc3987_rs_jsonschema.FORMAT_CHECKER.conforms(instance, fmt)


def test_error_cause_says_where() -> None:
    schema = {"format": "iri"}
    with pytest.raises(jsonschema.ValidationError) as caught:
        jsonschema.validate(
            "http://a b/", schema, format_checker=rfc3987_rs_jsonschema.FORMAT_CHECKER
        )
    cause = caught.value.cause
    assert isinstance(cause, rfc3987_rs.IRIError)
    assert cause.position == 8  # "http://a" is 8 characters; the space after it is in no rule


@pytest.mark.parametrize(
    ("instance", "fmt", "column", "component", "rule"),
    [
        # The space after "http://a" (column 9) ends the host: ireg-name has no space
        # (RFC 3987 §2.2).
        ("http://a b/", "iri", 9, "host", "ireg-name"),
        # RFC 3986 §3.3: a URI's path segment has no space either; the rule as RFC 3986 names
        # it. "http://example.org/a" is 20 characters.
        ("http://example.org/a b", "uri", 21, "path", "segment"),
        # An IPv6 literal must be closed with "]" before the path (RFC 3986 §3.2.2).
        ("http://[::1/", "iri-reference", 12, "IP literal", "IP-literal"),
    ],
)
def test_error_message_says_why(
    instance: str, fmt: str, column: int, component: str, rule: str
) -> None:
    # ValidationError.message, not only the cause, names the column, the component and the
    # ABNF rule; it still begins as jsonschema's own ("... is not a 'iri'").
    with pytest.raises(jsonschema.ValidationError) as caught:
        jsonschema.validate(
            instance, {"format": fmt}, format_checker=rfc3987_rs_jsonschema.FORMAT_CHECKER
        )
    message = caught.value.message
    assert message.startswith(f"{instance!r} is not a {fmt!r}: ")
    assert f"at column {column}, in the {component}: " in message
    assert f"({rule}, RFC 398" in message
    assert "\n" not in message  # one line: the caret stays in str(cause)
    assert isinstance(caught.value.cause, rfc3987_rs.IRIError)
    assert caught.value.cause.message in message
    # The checker's check and conforms answer as before.
    assert not rfc3987_rs_jsonschema.FORMAT_CHECKER.conforms(instance, fmt)


def test_format_checker_has_every_default_format() -> None:
    defaults = jsonschema.FormatChecker()
    ours = rfc3987_rs_jsonschema.FORMAT_CHECKER
    assert set(ours.checkers) == set(defaults.checkers) | set(rfc3987_rs_jsonschema.FORMATS)
    for name, (func, _) in defaults.checkers.items():
        if name not in rfc3987_rs_jsonschema.FORMATS:
            assert ours.checkers[name][0] is func


@pytest.mark.parametrize("draft", sorted(DRAFTS))
def test_format_checker_from_a_draft(draft: str) -> None:
    base = DRAFTS[draft][0].FORMAT_CHECKER
    before = dict(base.checkers)
    checker = rfc3987_rs_jsonschema.format_checker(base)
    assert checker is not base
    assert base.checkers == before  # left as it was
    assert set(checker.checkers) == set(before) | set(rfc3987_rs_jsonschema.FORMATS)
    for name, (func, _) in before.items():
        if name in rfc3987_rs_jsonschema.FORMATS:
            assert checker.checkers[name][0] is not func
        else:
            assert checker.checkers[name][0] is func
    assert checker.conforms("http://[::1]/", "uri")
    assert not checker.conforms("http://example.org/\n", "uri")


def test_format_checkers_are_new_each_time() -> None:
    first = rfc3987_rs_jsonschema.format_checker()
    first.checks("made-up")(lambda instance: False)
    assert "made-up" not in rfc3987_rs_jsonschema.format_checker().checkers
    assert "made-up" not in rfc3987_rs_jsonschema.FORMAT_CHECKER.checkers


def test_package_does_not_import_jsonschema() -> None:
    code = (
        "import sys, rfc3987_rs, rfc3987_rs.compat.rfc3987_syntax; "
        "sys.exit('jsonschema' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
