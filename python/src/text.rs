//! Python strings as Rust text: UTF-8 borrowed from the string where the interpreter allows,
//! and the lone surrogates a Python `str` may hold, which no Rust `str` can.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyString};
use rfc3987::ParseError;

use crate::iri::PyIri;

/// Where the UTF-8 text is.
enum Repr {
    /// The `str`'s own UTF-8, lent by the interpreter (PyUnicode_AsUTF8AndSize, in the
    /// limited API from CPython 3.10: an ASCII string's characters, else a UTF-8 copy that the
    /// `str` keeps for the next call).
    Backed(PyBackedStr),
    /// A parsed `IRI`'s text.
    Iri(Py<PyIri>),
    /// A string whose lone surrogates were replaced.
    Owned(String),
}

/// The text of a Python argument: a `str`, or a parsed `IRI` (its text).
pub(crate) struct Text {
    text: Repr,
    /// The first lone surrogate: its byte offset in `text`, where a U+FFFD stands for it, and
    /// its code unit.
    surrogate: Option<(usize, u16)>,
    /// The `str` given, when it held a lone surrogate: `IRIError.input` is that string, exactly,
    /// not the text parsed.
    original: Option<Py<PyString>>,
}

impl Text {
    /// The text of `obj`, which must be a `str` or an `IRI`.
    pub(crate) fn of(obj: &Bound<'_, PyAny>) -> PyResult<Text> {
        // A `str` first: most arguments are, and the test is one flag of its type.
        let Ok(string) = obj.cast::<PyString>() else {
            let iri = obj.cast::<PyIri>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "expected a str or an IRI, not {}",
                    type_name(obj)
                ))
            })?;
            return Ok(Text {
                text: Repr::Iri(iri.clone().unbind()),
                surrogate: None,
                original: None,
            });
        };
        match string.extract::<PyBackedStr>() {
            Ok(backed) => Ok(Text {
                text: Repr::Backed(backed),
                surrogate: None,
                original: None,
            }),
            Err(_) => Self::with_surrogates(string),
        }
    }

    /// A string with lone surrogates: each becomes U+FFFD (never valid in an IRI), and the first
    /// is remembered so that an error there can name it.
    fn with_surrogates(string: &Bound<'_, PyString>) -> PyResult<Text> {
        let encoded = string.call_method1("encode", ("utf-32-le", "surrogatepass"))?;
        let bytes = encoded.cast::<PyBytes>()?.as_bytes();
        let mut text = String::with_capacity(bytes.len() / 4);
        let mut surrogate = None;
        for unit in bytes.chunks_exact(4) {
            let code = u32::from_le_bytes([unit[0], unit[1], unit[2], unit[3]]);
            match char::from_u32(code) {
                Some(c) => text.push(c),
                None => {
                    if surrogate.is_none() {
                        surrogate = Some((text.len(), code as u16));
                    }
                    text.push('\u{FFFD}');
                }
            }
        }
        Ok(Text {
            text: Repr::Owned(text),
            surrogate,
            original: Some(string.clone().unbind()),
        })
    }

    /// The text, with U+FFFD for each lone surrogate.
    pub(crate) fn as_str(&self) -> &str {
        match &self.text {
            Repr::Backed(text) => text,
            Repr::Iri(iri) => iri.get().as_str(),
            Repr::Owned(text) => text,
        }
    }

    /// Whether the string held a lone surrogate (it cannot match any rule).
    pub(crate) fn has_surrogate(&self) -> bool {
        self.surrogate.is_some()
    }

    /// `error`, found on this text, with the lone surrogate named when it is at one.
    pub(crate) fn error(&self, error: ParseError) -> ParseError {
        match self.surrogate {
            Some((at, unit)) if error.byte_offset() == at => error.at_lone_surrogate(unit),
            _ => error,
        }
    }

    /// The `IRIError` for `error`, found on this text ([`Text::error`], [`exact`](Self::exact)).
    pub(crate) fn iri_error(&self, py: Python<'_>, error: ParseError) -> PyErr {
        self.exact(py, crate::error::iri_error(py, &self.error(error)))
    }

    /// `err`, an `IRIError` about this text, with `input` the `str` given when it held a lone
    /// surrogate (the library's error has the text parsed, a U+FFFD for each surrogate).
    pub(crate) fn exact(&self, py: Python<'_>, err: PyErr) -> PyErr {
        match &self.original {
            Some(original) => match err.value(py).setattr("input", original) {
                Ok(()) => err,
                Err(e) => e,
            },
            None => err,
        }
    }
}

/// The name of `obj`'s type for a message: a class may be named with any text, so it is
/// quoted through `printable` (issue 28: no control or bidi character reaches a message raw).
pub(crate) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().name().map_or_else(
        |_| "?".to_string(),
        |n| rfc3987::printable(&n.to_string()).into_owned(),
    )
}

/// The Python string index (code points) of byte offset `at` in `text`.
pub(crate) fn index(text: &str, at: usize) -> usize {
    let before = &text.as_bytes()[..at];
    if before.is_ascii() {
        at
    } else {
        text[..at].chars().count()
    }
}
