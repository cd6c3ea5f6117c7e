//! The Python package `rfc3987_rs`: the `rfc3987` crate's IRIs (RFC 3987) for Python, one thin
//! layer over the library's public API. The Python modules beside it (`python/rfc3987_rs/`)
//! add the drop-in modules and the jsonschema format checker on top of these functions.
#![forbid(unsafe_code)]

mod arrow;
mod compat;
mod diagnostics;
mod error;
mod iri;
mod passes;
mod rdf;
mod replace;
mod text;

use std::borrow::Cow;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyString, PyTuple};
use pyo3::Borrowed;
use rfc3987::{AbnfRule, Component, IriRef, StartSymbol};

use crate::diagnostics::PyDiagnostic;
use crate::error::{value_error, IRIError};
use crate::iri::PyIri;
use crate::text::Text;

/// Inputs at least this long (bytes) are worked on with the interpreter released, so that
/// other Python threads run meanwhile; shorter ones cost less than the release would.
const LONG: usize = 16 * 1024;

/// `f()`, with the interpreter released when the input is [`LONG`].
pub(crate) fn detach_if_long<T: Send>(py: Python<'_>, len: usize, f: impl FnOnce() -> T + Send) -> T {
    if len >= LONG {
        py.detach(f)
    } else {
        f()
    }
}

/// The rule named `name` (either RFC's spelling, `_` for `-`), or a `ValueError` that suggests
/// the closest name.
pub(crate) fn abnf_rule(name: &str) -> PyResult<AbnfRule> {
    AbnfRule::named(name).map_err(value_error)
}

/// The `rule` argument of `is_valid` and `validate`: a rule's name, or nothing for
/// IRI-reference, which then costs no lookup by name (most calls give none).
pub(crate) enum RuleArg<'a> {
    /// Not given: IRI-reference.
    Default,
    /// The name given, in either RFC's spelling.
    Named(Cow<'a, str>),
}

impl RuleArg<'_> {
    /// The rule, or a `ValueError` for a name no RFC has.
    pub(crate) fn rule(&self) -> PyResult<AbnfRule> {
        match self {
            RuleArg::Default => Ok(AbnfRule::start_symbol(StartSymbol::IriReference)),
            RuleArg::Named(name) => abnf_rule(name),
        }
    }
}

impl<'a> FromPyObject<'a, '_> for RuleArg<'a> {
    type Error = PyErr;

    /// A `str`, as `Cow<str>` takes it (the same `TypeError` for anything else).
    fn extract(obj: Borrowed<'a, '_, PyAny>) -> PyResult<Self> {
        Ok(RuleArg::Named(obj.extract()?))
    }
}

/// The start symbol named `name`, for the functions that build components.
pub(crate) fn start_symbol(name: &str) -> PyResult<StartSymbol> {
    let rule = abnf_rule(name)?;
    rule.symbol().ok_or_else(|| {
        value_error(format!(
            "`{}` is not a start symbol: parse takes IRI_reference, IRI, absolute_IRI, irelative_ref, URI_reference, URI, absolute_URI or relative_ref (is_valid takes any rule)",
            rule.name()
        ))
    })
}

/// `text` parsed as `symbol`, borrowing it, or the `IRIError`.
pub(crate) fn parsed<'t>(py: Python<'_>, text: &'t Text, symbol: StartSymbol) -> PyResult<IriRef<&'t str>> {
    let input = text.as_str();
    detach_if_long(py, input.len(), || IriRef::parse_as(input, symbol)).map_err(|e| text.iri_error(py, e))
}

/// Whether all of `s` matches the ABNF rule `rule` (RFC 3987 §2.2 or RFC 3986; any rule, by
/// name). A string with a lone surrogate matches none.
#[pyfunction]
#[pyo3(signature = (s, rule = RuleArg::Default), text_signature = "(s, rule='IRI_reference')")]
fn is_valid(py: Python<'_>, s: &Bound<'_, PyAny>, rule: RuleArg<'_>) -> PyResult<bool> {
    let rule = rule.rule()?;
    // The common case, a `str` without lone surrogates, read in place: its UTF-8 lent by the
    // interpreter, with none of `Text`'s bookkeeping. Anything else takes `Text`'s way.
    if let Some(input) = s.cast::<PyString>().ok().and_then(|s| s.to_cow().ok()) {
        return Ok(detach_if_long(py, input.len(), || rule.is_match(&input)));
    }
    let text = Text::of(s)?;
    if text.has_surrogate() {
        return Ok(false);
    }
    let input = text.as_str();
    Ok(detach_if_long(py, input.len(), || rule.is_match(input)))
}

/// Raises `IRIError` unless all of `s` matches `rule`.
#[pyfunction]
#[pyo3(signature = (s, rule = RuleArg::Default), text_signature = "(s, rule='IRI_reference')")]
fn validate(py: Python<'_>, s: &Bound<'_, PyAny>, rule: RuleArg<'_>) -> PyResult<()> {
    let rule = rule.rule()?;
    let text = Text::of(s)?;
    let input = text.as_str();
    detach_if_long(py, input.len(), || rule.check(input)).map_err(|e| text.iri_error(py, e))
}

/// `s` parsed as the start symbol `rule`: an immutable `IRI` with its components.
#[pyfunction]
#[pyo3(signature = (s, rule = Cow::Borrowed("IRI_reference")), text_signature = "(s, rule='IRI_reference')")]
fn parse(py: Python<'_>, s: &Bound<'_, PyAny>, rule: Cow<'_, str>) -> PyResult<PyIri> {
    let symbol = start_symbol(&rule)?;
    let text = Text::of(s)?;
    let owned = text.as_str().to_owned();
    let parsed = detach_if_long(py, owned.len(), || IriRef::parse_as(owned, symbol));
    parsed
        .map(|iri| PyIri::new(iri, symbol))
        .map_err(|e| text.iri_error(py, e))
}

/// The coded diagnostics of `s` (RFC 3987 §4.1, §4.2, §5.3, §6.1, §7.5, §8 and RFC 3986
/// §3.2.1, §7.4); an input that is not an IRI reference gives one `syntax` diagnostic.
#[pyfunction]
pub(crate) fn lint(py: Python<'_>, s: &Bound<'_, PyAny>) -> PyResult<Vec<PyDiagnostic>> {
    let text = Text::of(s)?;
    Ok(detach_if_long(py, text.as_str().len(), || {
        diagnostics::diagnostics(&text)
    }))
}

/// `s` with the fixes of its diagnostics applied, where each fix is clear. A string with a lone
/// surrogate is returned as it is: it is not an IRI, and its one finding has no fix.
#[pyfunction]
fn apply_fixes<'py>(py: Python<'py>, s: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let text = Text::of(s)?;
    if text.has_surrogate() {
        return Ok(s.clone());
    }
    let input = text.as_str();
    let fixed = detach_if_long(py, input.len(), || diagnostics::apply_fixes(input));
    Ok(PyString::new(py, &fixed).into_any())
}

/// The component named `name` for `encode`.
fn component(name: &str) -> PyResult<Component> {
    Ok(match name {
        "userinfo" => Component::Userinfo,
        "host" | "reg-name" | "reg_name" => Component::RegName,
        "segment" => Component::Segment,
        "query" => Component::Query,
        "query-part" | "query_part" => Component::QueryPart,
        "fragment" => Component::Fragment,
        _ => {
            return Err(value_error(format!(
                "no component {name:?}: encode knows userinfo, host, segment, query, query_part and fragment"
            )))
        }
    })
}

/// `text` as data of `component`: each character the component does not allow as data
/// percent-encoded as UTF-8 (RFC 3986 §2.1), "%" included.
#[pyfunction]
fn encode(text: &Bound<'_, PyAny>, component: PyBackedStr) -> PyResult<String> {
    let component = self::component(&component)?;
    let text = Text::of(text)?;
    if text.has_surrogate() {
        return Err(value_error(
            "a lone surrogate is not a character and has no UTF-8 form to percent-encode",
        ));
    }
    Ok(rfc3987::encode(text.as_str(), component))
}

/// `text` with its percent-encoded octets decoded, which must form UTF-8.
#[pyfunction]
fn decode(text: &Bound<'_, PyAny>) -> PyResult<String> {
    let text = Text::of(text)?;
    if text.has_surrogate() {
        return Err(value_error(
            "a lone surrogate is not a character: the text to decode must be well-formed Unicode",
        ));
    }
    rfc3987::decode(text.as_str()).map_err(value_error)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<PyIri>()?;
    m.add_class::<PyDiagnostic>()?;
    m.add("IRIError", py.get_type::<IRIError>())?;
    m.add("CODES", PyTuple::new(py, rfc3987::CODES.iter().map(|c| c.0))?)?;
    m.add(
        "RULES",
        PyTuple::new(py, AbnfRule::all().map(|r| r.name()).collect::<Vec<_>>())?,
    )?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(lint, m)?)?;
    m.add_function(wrap_pyfunction!(apply_fixes, m)?)?;
    m.add_function(wrap_pyfunction!(encode, m)?)?;
    m.add_function(wrap_pyfunction!(decode, m)?)?;
    m.add_function(wrap_pyfunction!(passes::normalize, m)?)?;
    m.add_function(wrap_pyfunction!(passes::equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(passes::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(passes::relativize, m)?)?;
    m.add_function(wrap_pyfunction!(passes::to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(passes::to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(passes::build, m)?)?;
    // The native half of rfc3987_rs.arrow.
    m.add_function(wrap_pyfunction!(arrow::arrow_is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_parse, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_parsed_type, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_normalize, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_resolve, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::arrow_lint_codes, m)?)?;
    // The native half of rfc3987_rs.rdf.
    m.add_class::<rdf::RdfDocument>()?;
    // The native half of rfc3987_rs.compat.rfc3987.
    m.add("_Rfc3987Match", py.get_type::<compat::Match>())?;
    m.add("_RFC3987_RULES", PyTuple::new(py, compat::RULES)?)?;
    m.add(
        "_RFC3987_REFERENCE_RULES",
        PyTuple::new(py, compat::REFERENCE_RULES.map(|(name, _)| name))?,
    )?;
    m.add_function(wrap_pyfunction!(compat::rfc3987_match, m)?)?;
    m.add_function(wrap_pyfunction!(compat::rfc3987_parse, m)?)?;
    Ok(())
}
