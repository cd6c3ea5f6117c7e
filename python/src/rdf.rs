//! The native half of `rfc3987_rs.rdf`: an RDF document read from its bytes by the library's
//! [`rfc3987::rdf::Document`], its faults as the tuples `rfc3987_rs.rdf.Finding` is made of.
//! The Python half opens the file (decompressing it) and reads it in pieces.

use pyo3::prelude::*;
use rfc3987::rdf::{Document, Item, ItemKind, Scanner, Syntax};
use rfc3987::Iri;

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
        let mut scanner = Scanner::new(syntax).with_limit(limit.unwrap_or(Scanner::DEFAULT_LIMIT));
        if let Some(base) = base {
            scanner = scanner.with_base(Iri::parse(base.to_string()).map_err(|e| iri_error(py, &e))?);
        }
        Ok(RdfDocument {
            document: Document::new(scanner),
        })
    }

    /// The faults of the statements that `data` completes (`last`: the document ends with it).
    fn read(&mut self, py: Python<'_>, data: &[u8], last: bool) -> PyResult<Vec<Fault>> {
        let mut items = Vec::new();
        let document = &mut self.document;
        crate::detach_if_long(py, data.len(), || {
            document.read(data, last, &mut |item| {
                if is_fault(&item) {
                    items.push(item);
                }
            })
        });
        items.into_iter().map(|item| fault(py, item)).collect()
    }

    /// How many statements were read, broken ones included.
    #[getter]
    fn statements(&self) -> u64 {
        self.document.scanner().statements()
    }
}

fn is_fault(item: &Item) -> bool {
    !matches!(&item.kind, ItemKind::Iri(term) if term.error.is_none())
}

/// The tuple of a fault.
fn fault(py: Python<'_>, item: Item) -> PyResult<Fault> {
    let (line, column) = (item.line, item.column);
    Ok(match item.kind {
        ItemKind::Iri(term) => {
            let error = term.error.as_ref();
            let component = error.and_then(|e| e.component()).map(|c| c.as_str());
            let rule = error.and_then(|e| e.rule());
            let value = error.map(|e| iri_error(py, e).into_value(py).into_any());
            let message = term.message.unwrap_or_default();
            let role = Some(term.role.as_str());
            (
                line,
                column,
                "syntax",
                message,
                component,
                rule,
                role,
                Some(term.iri),
                term.escape,
                value,
            )
        }
        ItemKind::Broken(message) => (
            line,
            column,
            "rdf-syntax",
            message,
            None,
            None,
            None,
            None,
            None,
            None,
        ),
        ItemKind::NotUtf8(message) => (
            line, column, "not-utf8", message, None, None, None, None, None, None,
        ),
        _ => return Err(value_error("a kind of finding newer than this binding")),
    })
}
