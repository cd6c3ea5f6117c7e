//! The native half of `rfc3987_rs.rdf`: an RDF document read from its bytes by the library's
//! [`rfc3987::rdf::Document`], its faults as the tuples `rfc3987_rs.rdf.Finding` is made of.
//! The Python half opens the file (decompressing it) and reads it in pieces.

use pyo3::prelude::*;
use rfc3987::rdf::{Document, Item, ItemKind, Scanner, Syntax};
use rfc3987::{Iri, ParseError};

use crate::error::{iri_error, value_error};

/// One fault: line, column, code, message, component, rule, role, IRI (decoded), escape and
/// the `IRIError` of an invalid IRI.
type Fault = (
    usize,
    usize,
    &'static str,
    String,
    Option<&'static str>,
    Option<&'static str>,
    Option<&'static str>,
    Option<String>,
    Option<String>,
    Option<Py<PyAny>>,
);

/// An RDF document being read: `read` takes its bytes in pieces and gives the faults of the
/// statements they complete.
#[pyclass(module = "rfc3987_rs._native", name = "_RdfDocument")]
pub struct RdfDocument {
    document: Document,
}

#[pymethods]
impl RdfDocument {
    /// A document in `syntax` (`nt`, `nq`, `ttl`, `trig`), relative IRIs of Turtle and TriG
    /// resolved against `base`, a statement longer than `limit` bytes skipped.
    #[new]
    #[pyo3(signature = (syntax, base = None, limit = None))]
    fn new(py: Python<'_>, syntax: &str, base: Option<&str>, limit: Option<usize>) -> PyResult<Self> {
        let syntax = Syntax::from_extension(syntax)
            .ok_or_else(|| value_error(format!("no RDF syntax {syntax:?}: nt, nq, ttl or trig")))?;
        let base = base.map(|base| Iri::parse(base.to_string())).transpose();
        let scanner = Scanner::new(syntax)
            .with_limit(limit.unwrap_or(Scanner::DEFAULT_LIMIT))
            .with_base(base.map_err(|e| iri_error(py, &e))?);
        Ok(RdfDocument {
            document: Document::new(scanner),
        })
    }

    /// The faults of the statements that `data` completes (`last`: the document ends with it).
    fn read(&mut self, py: Python<'_>, data: &[u8], last: bool) -> PyResult<Vec<Fault>> {
        let mut faults = Vec::new();
        let document = &mut self.document;
        crate::detach_if_long(py, data.len(), || {
            document.read(data, last, &mut |item| faults.extend(fault(item)))
        });
        faults
            .into_iter()
            .map(|fault| fault.map_err(value_error)?.into_python(py))
            .collect()
    }

    /// How many statements were read, broken ones included.
    #[getter]
    fn statements(&self) -> u64 {
        self.document.scanner().statements()
    }
}

/// A fault, as the library gives it, before its error becomes an `IRIError` (which needs the
/// interpreter, released while the document is read).
struct Owned {
    line: usize,
    column: usize,
    code: &'static str,
    message: String,
    role: Option<&'static str>,
    iri: Option<String>,
    escape: Option<String>,
    error: Option<ParseError>,
}

/// The fault an item is, if it is one (a valid IRI is not).
fn fault(item: Item<'_>) -> Option<Result<Owned, &'static str>> {
    let (code, message, term) = match item.kind {
        ItemKind::Iri(term) => ("syntax", term.message()?, Some(term)),
        ItemKind::Broken(message) => ("rdf-syntax", message, None),
        ItemKind::NotUtf8(message) => ("not-utf8", message, None),
        _ => return Some(Err("a kind of finding newer than this binding")),
    };
    Some(Ok(Owned {
        line: item.line,
        column: item.column,
        code,
        message,
        role: term.as_ref().map(|t| t.found().role().as_str()),
        iri: term.as_ref().map(|t| t.found().iri().to_string()),
        escape: term.as_ref().and_then(|t| t.escape()).map(str::to_string),
        error: term.and_then(|t| t.found().error().cloned()),
    }))
}

impl Owned {
    /// The tuple `rfc3987_rs.rdf.Finding` is made of.
    fn into_python(self, py: Python<'_>) -> PyResult<Fault> {
        let error = self.error.as_ref();
        let component = error.and_then(|e| e.component()).map(|c| c.as_str());
        let rule = error.and_then(|e| e.rule());
        let value = error.map(|e| iri_error(py, e).into_value(py).into_any());
        Ok((
            self.line,
            self.column,
            self.code,
            self.message,
            component,
            rule,
            self.role,
            self.iri,
            self.escape,
            value,
        ))
    }
}
