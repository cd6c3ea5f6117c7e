//! `lint`: the library's coded diagnostics (RFC 3987 §4.1, §4.2, §5.3, §6.1, §7.5, §8 and the
//! grammar), with spans as Python string indices.

use pyo3::prelude::*;
use pyo3::types::PyString;
use rfc3987::Diagnostic;

use crate::text::{index, Text};

/// One finding about an IRI: a stable code, how serious, the RFC 3987 section, where, what,
/// and the fix when one is clear.
#[pyclass(frozen, name = "Diagnostic", module = "rfc3987_rs", get_all)]
pub(crate) struct PyDiagnostic {
    /// A code of `rfc3987_rs.CODES`, e.g. `bidi-rtl-boundary`, or `syntax`.
    code: &'static str,
    /// `error`, `warning` or `note`.
    severity: &'static str,
    /// The RFC 3987 section, the number alone (`"4.2"`).
    section: &'static str,
    /// The span, as Python string indices: `text[start:end]`.
    start: usize,
    end: usize,
    /// The span as byte offsets into the UTF-8 form.
    byte_start: usize,
    byte_end: usize,
    message: String,
    /// The text to put in place of the span, when one fix is clear ("" removes it).
    fix: Option<String>,
    /// The fix in words.
    help: Option<String>,
}

#[pymethods]
impl PyDiagnostic {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let message = PyString::new(py, &self.message).repr()?;
        Ok(format!(
            "Diagnostic(code='{}', severity='{}', section='{}', start={}, end={}, message={message})",
            self.code, self.severity, self.section, self.start, self.end
        ))
    }
}

/// The diagnostics of `text` as Python objects. A lone surrogate is reported by the `syntax`
/// diagnostic at it, with the library's message for one.
pub(crate) fn diagnostics(text: &Text) -> Vec<PyDiagnostic> {
    let input = text.as_str();
    let mut found = rfc3987::lint(input);
    if text.has_surrogate() {
        if let Err(e) = rfc3987::IriRef::parse(input) {
            let e = text.error(e);
            for d in found
                .iter_mut()
                .filter(|d| d.code == "syntax" && d.span.start == e.byte_offset())
            {
                d.message = e.to_string().lines().next().unwrap_or_default().to_string();
            }
        }
    }
    found.into_iter().map(|d| convert(input, d)).collect()
}

/// `text` with the fixes of its diagnostics applied ([`Diagnostic::apply_fixes`]).
pub(crate) fn apply_fixes(input: &str) -> String {
    Diagnostic::apply_fixes(input, &rfc3987::lint(input))
}

fn convert(input: &str, d: Diagnostic) -> PyDiagnostic {
    PyDiagnostic {
        code: d.code,
        severity: d.severity.as_str(),
        section: d.section,
        start: index(input, d.span.start),
        end: index(input, d.span.end),
        byte_start: d.span.start,
        byte_end: d.span.end,
        message: d.message,
        fix: d.fix,
        help: d.help,
    }
}
