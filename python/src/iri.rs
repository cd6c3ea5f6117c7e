//! `IRI`: a parsed IRI reference, immutable, its components as attributes (RFC 3987 §2.2).

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};
use rfc3987::{IriRef, StartSymbol};

/// A text that matched a start symbol, with its components; `str()` gives the text back.
#[pyclass(frozen, name = "IRI", module = "rfc3987_rs")]
pub(crate) struct PyIri {
    iri: IriRef<String>,
    symbol: StartSymbol,
}

impl PyIri {
    pub(crate) fn new(iri: IriRef<String>, symbol: StartSymbol) -> Self {
        PyIri { iri, symbol }
    }

    pub(crate) fn as_str(&self) -> &str {
        self.iri.as_str()
    }
}

#[pymethods]
impl PyIri {
    /// The start symbol it was parsed as, in RFC spelling (`IRI-reference`, `URI`, …).
    #[getter]
    fn rule(&self) -> &'static str {
        self.symbol.name()
    }

    /// `scheme` (RFC 3986 §3.1), without its ":"; `None` for a relative reference.
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.iri.scheme()
    }

    /// `iauthority` without its "//"; `None` when there is none ("" for `file:///x`).
    #[getter]
    fn authority(&self) -> Option<&str> {
        self.iri.authority().map(|a| a.as_str())
    }

    /// `iuserinfo`, without its "@".
    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.iri.authority().and_then(|a| a.userinfo())
    }

    /// `ihost` as written (an IP literal keeps its brackets); `None` without an authority.
    #[getter]
    fn host(&self) -> Option<&str> {
        self.iri.authority().map(|a| a.host_str())
    }

    /// What the grammar read the host as: `reg-name`, `ipv4`, `ipv6` or `ipvfuture`.
    #[getter]
    fn host_kind(&self) -> Option<&'static str> {
        self.iri.authority().map(|a| a.host_kind().as_str())
    }

    /// `port` as written, without its ":": digits, possibly none (`http://a:/`) and possibly
    /// more than 65535, as RFC 3986 §3.2.3 allows.
    #[getter]
    fn port(&self) -> Option<&str> {
        self.iri.authority().and_then(|a| a.port())
    }

    /// The port as a number, when it is one that fits 16 bits.
    #[getter]
    fn port_number(&self) -> Option<u16> {
        self.iri.authority().and_then(|a| a.port_u16())
    }

    /// The path (possibly empty; never `None`).
    #[getter]
    fn path(&self) -> &str {
        self.iri.path().as_str()
    }

    /// The `ipath-*` rule the path matched: `ipath-abempty`, `ipath-absolute`, … (RFC 3987's
    /// names, for URIs too: RFC 3986's `path-*` rules have the same forms).
    #[getter]
    fn path_kind(&self) -> &'static str {
        self.iri.path().kind().rule_name()
    }

    /// `iquery`, without its "?".
    #[getter]
    fn query(&self) -> Option<&str> {
        self.iri.query()
    }

    /// `ifragment`, without its "#".
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.iri.fragment()
    }

    fn __str__(&self) -> &str {
        self.iri.as_str()
    }

    /// `IRI('…', rule='…')`, with Python's quoting of the text.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let text = PyString::new(py, self.iri.as_str()).repr()?;
        Ok(format!("IRI({text}, rule='{}')", self.symbol.name()))
    }

    /// Compared with another `IRI` or a `str` by text (as the Rust types compare): equal to the
    /// same text, ordered as the texts are.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let text = self.iri.as_str();
        let order = if let Ok(iri) = other.cast::<PyIri>() {
            text.cmp(iri.get().as_str())
        } else if let Ok(s) = other.cast::<PyString>() {
            match s.to_cow() {
                Ok(s) => text.cmp(&s),
                // A str with a lone surrogate is no IRI's text: compare as Python would.
                Err(_) => return PyString::new(py, text).rich_compare(other, op).map(Bound::unbind),
            }
        } else {
            return Ok(py.NotImplemented());
        };
        // Python orders str by code point, as Rust orders UTF-8 by byte.
        Ok(PyBool::new(py, op.matches(order)).to_owned().into_any().unbind())
    }

    /// The hash of the text, so that an `IRI` and the `str` it equals hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, self.iri.as_str()).hash()
    }

    /// Pickled as its text and rule, parsed again when unpickled.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let parse = py.import("rfc3987_rs")?.getattr("parse")?;
        let args = PyTuple::new(py, [self.iri.as_str(), self.symbol.name()])?;
        Ok((parse, args))
    }
}
