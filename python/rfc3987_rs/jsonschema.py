"""A python-jsonschema format checker whose ``iri``, ``iri-reference``, ``uri`` and
``uri-reference`` follow RFC 3987 and RFC 3986 exactly.

Usage::

    jsonschema.validate(instance, schema, format_checker=rfc3987_rs.jsonschema.FORMAT_CHECKER)

:data:`FORMAT_CHECKER` has every format checker of ``jsonschema.FormatChecker()`` with these four
in place of jsonschema's (which come from the PyPI package ``rfc3987``, or ``rfc3986-validator``
and ``rfc3987-syntax``, whichever is installed, or are missing):

- ``iri``: RFC 3987 §2.2 ``IRI``; ``iri-reference``: ``IRI-reference`` (both also refuse the
  bidi formatting characters, RFC 3987 §4.1);
- ``uri``: RFC 3986 §3 ``URI``; ``uri-reference``: RFC 3986 §4.1 ``URI-reference``.

An instance that is not a ``str`` passes, as JSON Schema says of formats (a format applies to
strings only). A failed check's ``ValidationError.message`` says where the instance stops
matching and why, with the component and the ABNF rule, e.g. ``'http://a b/' is not a 'iri':
invalid IRI at column 9, in the host: a space (U+0020) is not allowed in the host (ireg-name,
RFC 3987 §2.2); percent-encode it as %20``; its ``cause`` is the :class:`rfc3987_rs.IRIError`,
with these as attributes.

:func:`format_checker` puts the four into a copy of any other checker, e.g. a draft's own
``jsonschema.Draft7Validator.FORMAT_CHECKER``. This is the only module of the package that
imports ``jsonschema``.
"""

from __future__ import annotations

from typing import Callable

from . import IRIError, _extras, validate

try:
    import jsonschema
    from jsonschema.exceptions import FormatError
except ModuleNotFoundError as error:
    raise _extras.missing(__name__, "jsonschema", error) from error

__all__ = ["FORMAT_CHECKER", "FORMATS", "format_checker"]

#: The JSON Schema formats this module checks, and the ABNF rule each is.
FORMATS: dict[str, str] = {
    "iri": "IRI",  # RFC 3987 §2.2
    "iri-reference": "IRI-reference",  # RFC 3987 §2.2
    "uri": "URI",  # RFC 3986 §3
    "uri-reference": "URI-reference",  # RFC 3986 §4.1
}


def _check(name: str, rule: str) -> Callable[[object], bool]:
    def check(instance: object) -> bool:
        if isinstance(instance, str):
            try:
                validate(instance, rule)
            except IRIError as error:
                # jsonschema's FormatChecker.check words the errors of the checker functions
                # itself ("... is not a 'iri'") and keeps them as the cause, but lets a
                # FormatError through: the validators make its message the ValidationError's.
                # The first line of str(error) is where and why, without the caret.
                reason = str(error).split("\n", 1)[0]
                message = f"{instance!r} is not a {name!r}: {reason}"
                raise FormatError(message, cause=error) from error
        return True

    check.__name__ = f"is_{rule.replace('-', '_')}"
    check.__doc__ = f"Whether a str instance matches {rule}; other instances pass."
    return check


def format_checker(base: jsonschema.FormatChecker | None = None) -> jsonschema.FormatChecker:
    """A new checker with ``base``'s formats and this module's :data:`FORMATS` in their place.

    ``base`` defaults to ``jsonschema.FormatChecker()`` (every format jsonschema knows); it may
    be a draft's checker such as ``jsonschema.Draft202012Validator.FORMAT_CHECKER``, and is not
    changed. The four formats are added whether or not ``base`` had them.
    """
    checker = jsonschema.FormatChecker(formats=())
    source = jsonschema.FormatChecker() if base is None else base
    checker.checkers.update(source.checkers)
    for name, rule in FORMATS.items():
        checker.checks(name)(_check(name, rule))
    return checker


#: ``jsonschema.FormatChecker()`` with RFC 3987 ``iri``, ``iri-reference`` and RFC 3986 ``uri``,
#: ``uri-reference``.
FORMAT_CHECKER: jsonschema.FormatChecker = format_checker()
