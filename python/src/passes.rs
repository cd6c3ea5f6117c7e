//! The passes of the library as functions of `str` (or `IRI`) to `str`: normalization and
//! comparison (RFC 3987 §5.3), resolution (RFC 3986 §5.2 via RFC 3987 §6.5), the mappings
//! (§3.1, §3.2), and building from parts.

use std::borrow::Cow;
use std::net::IpAddr;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBool, PyMapping};
use rfc3987::{
    BuildError, CompareOptions, Iri, IriBuilder, IriRef, Level, NormalizeOptions, StartSymbol, ToIriOptions,
    ToUriError, ToUriOptions, UriRef,
};

use crate::error::{iri_error, value_error};
use crate::iri::PyIri;
use crate::text::Text;
use crate::{detach_if_long, parsed};

/// The rung of the §5.3 ladder named `level`.
pub(crate) fn level(name: &str) -> PyResult<Level> {
    Level::named(name).map_err(value_error)
}

/// The options of `normalize` and `IRI.normalize`: the rung `level`, with NFC (§5.3.2.2) and
/// IDN normalization (§5.3.3) when asked.
pub(crate) fn normalize_options(level: &str, nfc: bool, idn: bool) -> PyResult<NormalizeOptions> {
    Ok(NormalizeOptions::new(self::level(level)?).nfc(nfc).idn(idn))
}

/// `iri` normalized with `options` (RFC 3987 §5.3.2, §5.3.3): the work of `normalize` and
/// `IRI.normalize`.
pub(crate) fn normalized(py: Python<'_>, iri: &IriRef<&str>, options: &NormalizeOptions) -> IriRef<String> {
    detach_if_long(py, iri.len(), || rfc3987::normalize(iri, options))
}

/// `s` normalized at `level` (RFC 3987 §5.3.2, §5.3.3), with NFC (§5.3.2.2) and IDN
/// normalization (§5.3.3) when asked.
#[pyfunction]
#[pyo3(signature = (s, level = Cow::Borrowed("scheme"), *, nfc = false, idn = false), text_signature = "(s, level='scheme', *, nfc=False, idn=False)")]
pub(crate) fn normalize(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    level: Cow<'_, str>,
    nfc: bool,
    idn: bool,
) -> PyResult<String> {
    let options = normalize_options(&level, nfc, idn)?;
    let text = Text::of(s)?;
    let iri = parsed(py, &text, StartSymbol::IriReference)?;
    Ok(normalized(py, &iri, &options).into_inner())
}

/// Whether `a` and `b` are equivalent at `level` (RFC 3987 §5.3).
#[pyfunction]
#[pyo3(
    signature = (a, b, level = Cow::Borrowed("scheme"), *, exclude_fragment = false, nfc = false, idn = false),
    text_signature = "(a, b, level='scheme', *, exclude_fragment=False, nfc=False, idn=False)"
)]
pub(crate) fn equivalent(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    level: Cow<'_, str>,
    exclude_fragment: bool,
    nfc: bool,
    idn: bool,
) -> PyResult<bool> {
    let level = self::level(&level)?;
    let options = CompareOptions::new(level)
        .exclude_fragment(exclude_fragment)
        .normalize_options(NormalizeOptions::new(level).nfc(nfc).idn(idn));
    let (a, b) = (Text::of(a)?, Text::of(b)?);
    let a = parsed(py, &a, StartSymbol::IriReference)?;
    let b = parsed(py, &b, StartSymbol::IriReference)?;
    Ok(detach_if_long(py, a.len() + b.len(), || {
        options.equivalent(&a, &b)
    }))
}

/// `reference` resolved against `base` (RFC 3986 §5.2), strictly or not: the work of `resolve`
/// and `IRI.resolve`.
pub(crate) fn resolved(
    py: Python<'_>,
    base: &Iri<&str>,
    reference: &Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<Iri<String>> {
    let reference = Text::of(reference)?;
    let reference = parsed(py, &reference, StartSymbol::IriReference)?;
    Ok(detach_if_long(py, base.len() + reference.len(), || {
        if strict {
            rfc3987::resolve(base, &reference)
        } else {
            rfc3987::resolve_non_strict(base, &reference)
        }
    }))
}

/// `reference` resolved against `base` (RFC 3986 §5.2, RFC 3987 §6.5). The base must be an
/// IRI (with a scheme, §5.2.1); a fragment of the base is ignored, as §5.2.2 says. With
/// `strict=False`, a reference whose scheme is the base's is resolved as if it had none (the
/// non-strict parser of §5.2.2).
#[pyfunction]
#[pyo3(signature = (base, reference, *, strict = true))]
pub(crate) fn resolve(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<String> {
    let base = Text::of(base)?;
    let base = base_iri(py, &base)?;
    Ok(resolved(py, &base, reference, strict)?.into_inner())
}

/// The shortest reference that resolves against `base` to `target`, or `None`: the work of
/// `relativize` and `IRI.relativize`.
pub(crate) fn relativized(
    py: Python<'_>,
    base: &Iri<&str>,
    target: &Bound<'_, PyAny>,
) -> PyResult<Option<IriRef<String>>> {
    let target = Text::of(target)?;
    let target = base_iri(py, &target)?;
    Ok(detach_if_long(py, base.len() + target.len(), || {
        rfc3987::relativize(base, &target)
    }))
}

/// The shortest reference that resolves against `base` to `target` (the inverse of
/// [`resolve`]; `target` itself when nothing shorter does), or `None` when no reference
/// resolves back to `target` (a target path with dot segments that resolution would remove).
#[pyfunction]
pub(crate) fn relativize(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
) -> PyResult<Option<String>> {
    let base = Text::of(base)?;
    let base = base_iri(py, &base)?;
    Ok(relativized(py, &base, target)?.map(IriRef::into_inner))
}

/// `s` as an `IRI` (a base or a target must have a scheme).
pub(crate) fn base_iri<'t>(py: Python<'_>, text: &'t Text) -> PyResult<Iri<&'t str>> {
    let input = text.as_str();
    detach_if_long(py, input.len(), || Iri::parse(input)).map_err(|e| text.iri_error(py, e))
}

/// `text` mapped to a URI (RFC 3987 §3.1) with the options: the work of `to_uri` and
/// `IRI.to_uri`.
pub(crate) fn mapped_to_uri(
    py: Python<'_>,
    text: &Text,
    idna: bool,
    lenient: bool,
) -> PyResult<UriRef<String>> {
    let options = ToUriOptions::new().idna(idna).lenient(lenient);
    let input = text.as_str();
    let result = detach_if_long(py, input.len(), || rfc3987::to_uri_lenient(input, &options));
    match result {
        Ok(uri) => Ok(uri),
        Err(ToUriError::Parse(e)) => Err(text.iri_error(py, e)),
        Err(e) => Err(value_error(e)),
    }
}

/// `s` mapped to a URI (RFC 3987 §3.1): non-ASCII characters percent-encoded as UTF-8; with
/// `idna`, the host of a DNS scheme through ToASCII; with `lenient`, the printable ASCII
/// characters URIs do not allow (space, `<`, `|`, …) percent-encoded first.
#[pyfunction]
#[pyo3(signature = (s, *, idna = false, lenient = false))]
pub(crate) fn to_uri(py: Python<'_>, s: &Bound<'_, PyAny>, idna: bool, lenient: bool) -> PyResult<String> {
    let text = Text::of(s)?;
    Ok(mapped_to_uri(py, &text, idna, lenient)?.into_inner())
}

/// `text`, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2, which works on the
/// percent-encoded octets, the ASCII parts of any IRI): the work of `to_iri` and `IRI.to_iri`.
/// An input that is not an IRI reference is the IRI grammar's error.
pub(crate) fn mapped_to_iri(py: Python<'_>, text: &Text, idn_unicode: bool) -> PyResult<IriRef<String>> {
    let input = text.as_str();
    let reference =
        detach_if_long(py, input.len(), || IriRef::parse(input)).map_err(|e| text.iri_error(py, e))?;
    let options = ToIriOptions::new().idn_unicode(idn_unicode);
    Ok(detach_if_long(py, reference.len(), || {
        rfc3987::to_iri(&reference, &options)
    }))
}

/// `s`, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2): percent-encoded UTF-8 that
/// forms allowed characters decoded, non-ASCII characters kept as they are; with
/// `idn_unicode`, `xn--` labels of DNS hosts through ToUnicode.
#[pyfunction]
#[pyo3(signature = (s, *, idn_unicode = false))]
pub(crate) fn to_iri(py: Python<'_>, s: &Bound<'_, PyAny>, idn_unicode: bool) -> PyResult<String> {
    let text = Text::of(s)?;
    Ok(mapped_to_iri(py, &text, idn_unicode)?.into_inner())
}

/// An IRI reference built from parts, each percent-encoded for its component where it needs
/// to be (RFC 3987 §2.2, RFC 3986 §2.1): nothing is taken for a delimiter.
#[pyfunction]
#[pyo3(signature = (*, scheme = None, userinfo = None, host = None, port = None, path = None, segments = None, query = None, query_pairs = None, fragment = None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn build(
    py: Python<'_>,
    scheme: Option<PyBackedStr>,
    userinfo: Option<PyBackedStr>,
    host: Option<&Bound<'_, PyAny>>,
    port: Option<&Bound<'_, PyAny>>,
    path: Option<PyBackedStr>,
    segments: Option<Vec<PyBackedStr>>,
    query: Option<PyBackedStr>,
    query_pairs: Option<&Bound<'_, PyAny>>,
    fragment: Option<PyBackedStr>,
) -> PyResult<PyIri> {
    let mut b = IriBuilder::new();
    if let Some(scheme) = &scheme {
        b = b.scheme(scheme);
    }
    if let Some(userinfo) = &userinfo {
        b = b.userinfo(userinfo);
    }
    if let Some(host) = host {
        b = match host.extract::<IpAddr>() {
            Ok(IpAddr::V4(a)) => b.ipv4(a),
            Ok(IpAddr::V6(a)) => b.ipv6(a),
            Err(_) => b.host(&host.extract::<PyBackedStr>()?),
        };
    }
    if let Some(port) = port {
        b = b.port(port_number(port)?);
    }
    if let Some(path) = &path {
        b = b.path(path);
    }
    for segment in segments.iter().flatten() {
        b = b.segment(segment);
    }
    if let Some(query) = &query {
        b = b.query(query);
    }
    for (name, value) in pairs(query_pairs)? {
        b = b.query_pair(&name, &value);
    }
    if let Some(fragment) = &fragment {
        b = b.fragment(fragment);
    }
    match b.build() {
        Ok(iri) => Ok(PyIri::new(iri, StartSymbol::IriReference)),
        Err(BuildError::Parse(e)) => Err(iri_error(py, &e)),
        Err(e) => Err(value_error(e)),
    }
}

/// A port for `build`: an `int` from 0 to 65535 (RFC 3986 §3.2.3 allows any digits, but the
/// builder writes a number; `bool` is not taken for one).
pub(crate) fn port_number(port: &Bound<'_, PyAny>) -> PyResult<u16> {
    if port.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err("port must be an int, not a bool"));
    }
    let number: i64 = port.extract()?;
    u16::try_from(number).map_err(|_| {
        value_error(format!(
            "port {number} is not a port number: build writes one from 0 to 65535"
        ))
    })
}

/// The `name=value` items of `query_pairs`: a mapping, or any iterable of two-item sequences.
fn pairs(query_pairs: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(PyBackedStr, PyBackedStr)>> {
    let Some(items) = query_pairs else {
        return Ok(Vec::new());
    };
    let items = match items.cast::<PyMapping>() {
        Ok(mapping) => mapping.items()?.into_any(),
        Err(_) => items.clone(),
    };
    let not_a_pair = || PyTypeError::new_err("query_pairs holds (name, value) pairs of str");
    let mut found = Vec::new();
    for item in items.try_iter()? {
        let pair: Vec<PyBackedStr> = item?.extract().map_err(|_| not_a_pair())?;
        let [name, value]: [PyBackedStr; 2] = pair.try_into().map_err(|_| not_a_pair())?;
        found.push((name, value));
    }
    Ok(found)
}
