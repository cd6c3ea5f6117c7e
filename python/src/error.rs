//! `IRIError`: a `ValueError` that says where and why a text is not an IRI, with the fields of
//! the library's `ParseError` and the position as a Python string index.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rfc3987::{ParseError, ParseErrorKind};

pyo3::create_exception!(
    rfc3987_rs,
    IRIError,
    PyValueError,
    "A text that is not an IRI (or URI, or a match of the rule asked for): where, and why."
);

/// The name of an error's kind in Python: `syntax`, `bidi-formatting-character`, `not-ascii`,
/// `lone-surrogate`.
fn kind_name(kind: ParseErrorKind) -> &'static str {
    match kind {
        ParseErrorKind::BidiFormattingCharacter => "bidi-formatting-character",
        ParseErrorKind::NotAscii => "not-ascii",
        ParseErrorKind::LoneSurrogate => "lone-surrogate",
        _ => "syntax",
    }
}

/// The `IRIError` for `error`. Its `str()` is the library's message with the input and a caret;
/// `position` is the Python index of the character at fault (each lone surrogate counts as one
/// character, as Python counts it), `byte_offset` the offset in the UTF-8 form.
pub(crate) fn iri_error(py: Python<'_>, error: &ParseError) -> PyErr {
    let err = IRIError::new_err(error.to_string());
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("position", error.column() - 1)?;
        value.setattr("byte_offset", error.byte_offset())?;
        value.setattr("kind", kind_name(error.kind()))?;
        value.setattr("component", error.component().map(|c| c.as_str()))?;
        value.setattr("rule", error.rule())?;
        value.setattr("expected", PyTuple::new(py, error.expected())?)?;
        value.setattr("message", error.message())?;
        value.setattr("target", error.target())?;
        value.setattr("input", error.input())?;
        Ok(())
    };
    match set() {
        Ok(()) => err,
        Err(e) => e,
    }
}

/// A `ValueError` with `message`, for the errors that are not about a position.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}
