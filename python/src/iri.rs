//! `IRI`: a parsed IRI reference, immutable, its components as attributes (RFC 3987 §2.2).

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use std::borrow::Cow;

use pyo3::types::{PyBool, PyDict, PyString, PyTuple};
use rfc3987::{Iri, IriRef, StartSymbol};

use crate::diagnostics::PyDiagnostic;
use crate::error::iri_error;
use crate::passes;
use crate::text::Text;

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

    /// This IRI as a base (RFC 3986 §5.1: with a scheme), or the `IRIError` that the module
    /// functions give for a base without one.
    fn base(&self, py: Python<'_>) -> PyResult<Iri<&str>> {
        Iri::try_from(self.iri.view()).or_else(|_| Iri::parse(self.as_str()).map_err(|e| iri_error(py, &e)))
    }
}

/// The start symbol of the same shape among the IRI rules (RFC 3987 §2.2): what normalization
/// and URI → IRI give (a URI may gain non-ASCII characters).
fn iri_shape(symbol: StartSymbol) -> StartSymbol {
    match symbol {
        StartSymbol::UriReference => StartSymbol::IriReference,
        StartSymbol::Uri => StartSymbol::Iri,
        StartSymbol::AbsoluteUri => StartSymbol::AbsoluteIri,
        StartSymbol::RelativeRef => StartSymbol::IrelativeRef,
        other => other,
    }
}

/// The start symbol of the same shape among the URI rules (RFC 3986 §3, §4): what IRI → URI
/// gives (RFC 3987 §3.1).
fn uri_shape(symbol: StartSymbol) -> StartSymbol {
    match symbol {
        StartSymbol::IriReference => StartSymbol::UriReference,
        StartSymbol::Iri => StartSymbol::Uri,
        StartSymbol::AbsoluteIri => StartSymbol::AbsoluteUri,
        StartSymbol::IrelativeRef => StartSymbol::RelativeRef,
        other => other,
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

    // The passes as methods: the module functions' work on this IRI, with their options. A
    // method that gives an IRI reference gives an `IRI`, of the start symbol of the library's
    // result type; `lint`, `equivalent` give what the functions give.

    /// This IRI normalized (RFC 3987 §5.3.2, §5.3.3), as `normalize`; the `IRI` of the same
    /// shape (a `URI` gives an `IRI`, as the library's `Uri::normalize` does).
    #[pyo3(signature = (level = Cow::Borrowed("scheme"), *, nfc = false, idn = false), text_signature = "($self, level='scheme', *, nfc=False, idn=False)")]
    fn normalize(&self, py: Python<'_>, level: Cow<'_, str>, nfc: bool, idn: bool) -> PyResult<PyIri> {
        let options = passes::normalize_options(&level, nfc, idn)?;
        let normal = passes::normalized(py, &self.iri.view(), &options);
        Ok(PyIri::new(normal, iri_shape(self.symbol)))
    }

    /// Whether this IRI and `other` are equivalent (RFC 3987 §5.3), as `equivalent`.
    #[pyo3(
        signature = (other, level = Cow::Borrowed("scheme"), *, exclude_fragment = false, nfc = false, idn = false),
        text_signature = "($self, other, level='scheme', *, exclude_fragment=False, nfc=False, idn=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn equivalent(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        level: Cow<'_, str>,
        exclude_fragment: bool,
        nfc: bool,
        idn: bool,
    ) -> PyResult<bool> {
        passes::equivalent(slf.py(), slf.as_any(), other, level, exclude_fragment, nfc, idn)
    }

    /// `reference` resolved against this IRI as the base (RFC 3986 §5.2), as `resolve`: an
    /// `IRI` of rule `IRI`.
    #[pyo3(signature = (reference, *, strict = true))]
    fn resolve(&self, py: Python<'_>, reference: &Bound<'_, PyAny>, strict: bool) -> PyResult<PyIri> {
        let base = self.base(py)?;
        let target = passes::resolved(py, &base, reference, strict)?;
        Ok(PyIri::new(target.into(), StartSymbol::Iri))
    }

    /// The shortest reference that resolves against this IRI to `target`, as `relativize`: an
    /// `IRI` of rule `IRI-reference`, or `None`.
    fn relativize(&self, py: Python<'_>, target: &Bound<'_, PyAny>) -> PyResult<Option<PyIri>> {
        let base = self.base(py)?;
        let reference = passes::relativized(py, &base, target)?;
        Ok(reference.map(|r| PyIri::new(r, StartSymbol::IriReference)))
    }

    /// This IRI mapped to a URI (RFC 3987 §3.1), as `to_uri`: the URI rule of the same shape.
    #[pyo3(signature = (*, idna = false, lenient = false))]
    fn to_uri(slf: &Bound<'_, Self>, idna: bool, lenient: bool) -> PyResult<PyIri> {
        let uri = passes::mapped_to_uri(slf.py(), &Text::of(slf.as_any())?, idna, lenient)?;
        Ok(PyIri::new(uri.into(), uri_shape(slf.get().symbol)))
    }

    /// This URI or IRI mapped to an IRI (RFC 3987 §3.2), as `to_iri`: the IRI rule of the same
    /// shape (a URI's counterpart, an IRI's own rule), as the library's `to_iri` gives.
    #[pyo3(signature = (*, idn_unicode = false))]
    fn to_iri(slf: &Bound<'_, Self>, idn_unicode: bool) -> PyResult<PyIri> {
        let iri = passes::mapped_to_iri(slf.py(), &Text::of(slf.as_any())?, idn_unicode)?;
        Ok(PyIri::new(iri, iri_shape(slf.get().symbol)))
    }

    /// The coded diagnostics of this IRI, as `lint`.
    fn lint(slf: &Bound<'_, Self>) -> PyResult<Vec<PyDiagnostic>> {
        crate::lint(slf.py(), slf.as_any())
    }

    /// A new `IRI` of the same rule with the components given replaced, each written as in an
    /// IRI (percent-encodings included): `scheme`, `authority` or its parts `userinfo`, `host`
    /// and `port`, `path`, `query`, `fragment`; `None` removes an optional one. The library's
    /// `with_*` edits check each text against its rule and the result against the others.
    #[pyo3(signature = (**components), text_signature = "($self, **components)")]
    fn replace(&self, py: Python<'_>, components: Option<&Bound<'_, PyDict>>) -> PyResult<PyIri> {
        let iri = crate::replace::replace(py, &self.iri, self.symbol, components)?;
        Ok(PyIri::new(iri, self.symbol))
    }

    fn __str__(&self) -> &str {
        self.iri.as_str()
    }

    /// `IRI('…', rule='…')`, with Python's quoting of the text: `repr(str)` escapes every
    /// character `str.isprintable()` rejects (controls, white space other than the space, the
    /// format characters, which include every bidi control and isolate), so a repr shown in a
    /// REPL or a traceback holds none of them raw (issue 28); `str()` is the exact text.
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
