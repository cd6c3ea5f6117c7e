//! `IRIError`: a `ValueError` that says where and why a text is not an IRI, with the fields of
//! the library's `ParseError` and the position as a Python string index.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use rfc3987::{EditError, ParseError};

use crate::text::Text;

pyo3::create_exception!(
    rfc3987_rs,
    IRIError,
    PyValueError,
    "A text that is not an IRI (or URI, or a match of the rule asked for): where, and why."
);

/// The `IRIError` for `error`. Its `str()` is the library's message with the input and a caret;
/// `position` is the Python index of the character at fault (each lone surrogate counts as one
/// character, as Python counts it), `byte_offset` the offset in the UTF-8 form.
pub(crate) fn iri_error(py: Python<'_>, error: &ParseError) -> PyErr {
    iri_error_saying(py, error, error.to_string())
}

/// The `IRIError` for `error`, whose `str()` is `text`.
pub(crate) fn iri_error_saying(py: Python<'_>, error: &ParseError, text: String) -> PyErr {
    let err = IRIError::new_err(text);
    let value = err.value(py);
    let set = || -> PyResult<()> {
        value.setattr("position", error.column() - 1)?;
        value.setattr("byte_offset", error.byte_offset())?;
        value.setattr("kind", error.kind().as_str())?;
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

/// The `IRIError` for an edit of `IRI.replace` that the library refused, for a receiver parsed
/// as `target`. `str()` is the library's message. A text that does not match its component's
/// rule has the fields of its `ParseError`, positions in the text `given` (its lone surrogate
/// named, `input` the str given, as [`Text::iri_error`] gives). A text that matches its rule
/// but does not fit the other components (RFC 3986 §3.3) is of kind `shape`, in the component
/// edited, at the start of the text given (`""` when the component was to be removed), without
/// a rule.
pub(crate) fn edit_error(
    py: Python<'_>,
    error: EditError,
    given: Option<&Text>,
    target: &'static str,
) -> PyErr {
    let text = error.to_string();
    match error {
        EditError::Invalid { component, error } => {
            let Some(given) = given else {
                return iri_error_saying(py, &error, text);
            };
            // Worded from the error at the lone surrogate, when it is at one.
            let error = given.error(error);
            let text = EditError::Invalid {
                component,
                error: error.clone(),
            }
            .to_string();
            given.exact(py, iri_error_saying(py, &error, text))
        }
        EditError::Shape {
            component,
            text: given,
            reason,
        } => {
            let err = IRIError::new_err(text);
            let value = err.value(py);
            let set = || -> PyResult<()> {
                value.setattr("position", 0)?;
                value.setattr("byte_offset", 0)?;
                value.setattr("kind", "shape")?;
                value.setattr("component", component)?;
                value.setattr("rule", py.None())?;
                value.setattr("expected", PyTuple::empty(py))?;
                value.setattr("message", reason)?;
                value.setattr("target", target)?;
                value.setattr("input", given.unwrap_or_default())?;
                Ok(())
            };
            match set() {
                Ok(()) => err,
                Err(e) => e,
            }
        }
        // A kind of refusal newer than this binding: its message, as a ValueError.
        _ => value_error(text),
    }
}

/// A `ValueError` with `message`, for the errors that are not about a position.
pub(crate) fn value_error(message: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(message.to_string())
}
