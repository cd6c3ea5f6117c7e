//! The hot paths of `rfc3987_rs.compat.rfc3987` (python/rfc3987_rs/compat/rfc3987.py), the
//! drop-in for PyPI `rfc3987` 1.3.8: `match` and `parse` are native, so that a call costs
//! little more than the check itself. Which named groups a match has, and where, is worked out
//! in Python (`_groups` there), only when a group is asked for.

use std::borrow::Cow;
use std::sync::OnceLock;

use pyo3::exceptions::{PyIndexError, PyKeyError, PyTypeError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple};
use rfc3987::{AbnfRule, StartSymbol};

use crate::detach_if_long;
use crate::error::value_error;
use crate::text::Text;

/// Every rule name `rfc3987` 1.3.8 knows (the keys of its `patterns`), as it spells them.
#[rustfmt::skip]
pub(crate) const RULES: [&str; 62] = [
    "IRI_reference", "IRI", "absolute_IRI", "irelative_ref", "irelative_part", "ihier_part",
    "iauthority", "iuserinfo", "ihost", "ireg_name", "ipath", "ipath_abempty", "ipath_absolute",
    "ipath_noscheme", "ipath_rootless", "ipath_empty", "isegment", "isegment_nz",
    "isegment_nz_nc", "ipchar", "iquery", "ifragment", "iunreserved", "ucschar", "iprivate",
    "URI_reference", "URI", "absolute_URI", "relative_ref", "relative_part", "hier_part",
    "authority", "userinfo", "host", "reg_name", "path", "path_abempty", "path_absolute",
    "path_noscheme", "path_rootless", "path_empty", "segment", "segment_nz", "segment_nz_nc",
    "pchar", "query", "fragment", "unreserved", "scheme", "port", "IP_literal", "IPvFuture",
    "IPv6address", "IPv4address", "ls32", "h16", "dec_octet", "pct_encoded", "reserved",
    "gen_delims", "sub_delims", "hexdig",
];

/// The rules `rfc3987`'s `parse` takes without `regex`: the start symbols and the relative
/// parts, each with the start symbol whose components it has.
pub(crate) const REFERENCE_RULES: [(&str, StartSymbol); 10] = [
    ("IRI_reference", StartSymbol::IriReference),
    ("IRI", StartSymbol::Iri),
    ("absolute_IRI", StartSymbol::AbsoluteIri),
    ("irelative_ref", StartSymbol::IrelativeRef),
    ("irelative_part", StartSymbol::IrelativeRef),
    ("URI_reference", StartSymbol::UriReference),
    ("URI", StartSymbol::Uri),
    ("absolute_URI", StartSymbol::AbsoluteUri),
    ("relative_ref", StartSymbol::RelativeRef),
    ("relative_part", StartSymbol::RelativeRef),
];

/// A function of the Python module, looked up once.
fn python_helper<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("rfc3987_rs.compat.rfc3987")?.getattr(name)?.unbind())
    })
    .map(|f| f.bind(py).clone())
}

/// `rfc3987.match(string, rule)`: a `Match` when all of `string` matches `rule`, else `None`;
/// `KeyError` for a rule name `rfc3987` does not know.
#[pyfunction]
#[pyo3(name = "_rfc3987_match", signature = (string, rule = Cow::Borrowed("IRI_reference")), text_signature = "(string, rule='IRI_reference')")]
pub(crate) fn rfc3987_match(string: &Bound<'_, PyAny>, rule: Cow<'_, str>) -> PyResult<Option<Match>> {
    static TABLE: OnceLock<Vec<(&'static str, AbnfRule)>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let named = |name| AbnfRule::named(name).expect("every rfc3987 rule name is a rule of the RFCs");
        RULES.iter().map(|&name| (name, named(name))).collect()
    });
    let Some(&(name, abnf_rule)) = table.iter().find(|(r, _)| *r == rule) else {
        return Err(PyKeyError::new_err(rule.into_owned()));
    };
    let Ok(string) = string.cast::<PyString>() else {
        let type_name = crate::text::type_name(string);
        return Err(PyTypeError::new_err(format!("expected a str, not {type_name}")));
    };
    let text = Text::of(string.as_any())?;
    let input = text.as_str();
    if text.has_surrogate() || !detach_if_long(string.py(), input.len(), || abnf_rule.is_match(input)) {
        return Ok(None);
    }
    Ok(Some(Match {
        string: string.clone().unbind(),
        rule: name,
        groups: PyOnceLock::new(),
    }))
}

/// `rfc3987.parse(string, rule)`: the five components (RFC 3986 §3) as a dict; `rule=None`
/// splits by RFC 3986 Appendix B without checking (in Python: `_appendix_b`).
#[pyfunction]
#[pyo3(name = "_rfc3987_parse", signature = (string, rule = Some(Cow::Borrowed("IRI_reference"))), text_signature = "(string, rule='IRI_reference')")]
pub(crate) fn rfc3987_parse<'py>(
    py: Python<'py>,
    string: &Bound<'py, PyAny>,
    rule: Option<Cow<'_, str>>,
) -> PyResult<Bound<'py, PyAny>> {
    static APPENDIX_B: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let rule = match rule.as_deref() {
        None | Some("") => return python_helper(py, &APPENDIX_B, "_appendix_b")?.call1((string,)),
        Some(rule) => rule,
    };
    let Some(&(name, symbol)) = REFERENCE_RULES.iter().find(|(r, _)| *r == rule) else {
        // rfc3987's ValueError(rule), the name quoted through `printable` (issue 28).
        return Err(value_error(rfc3987::printable(rule)));
    };
    let text = Text::of(string)?;
    let input = text.as_str();
    if name.ends_with("relative_part") {
        // Not a start symbol: checked as its rule, then split as the reference it is part of.
        let part = AbnfRule::named(name).map_err(value_error)?;
        let checked = detach_if_long(py, input.len(), || part.check(input));
        checked.map_err(|e| text.iri_error(py, e))?;
    }
    let iri = crate::parsed(py, &text, symbol)?;
    let parts = PyDict::new(py);
    parts.set_item(intern!(py, "scheme"), iri.scheme())?;
    parts.set_item(intern!(py, "authority"), iri.authority().map(|a| a.as_str()))?;
    parts.set_item(intern!(py, "path"), iri.path().as_str())?;
    parts.set_item(intern!(py, "query"), iri.query())?;
    parts.set_item(intern!(py, "fragment"), iri.fragment())?;
    Ok(parts.into_any())
}

/// A match of `rfc3987_rs.compat.rfc3987.match`: the whole string is group 0; the named groups
/// are those `rfc3987` gives with `regex` installed, found when first asked for. It answers
/// like `re.Match` for `group`, `groups`, `groupdict`, `start`, `end`, `span`, `string`,
/// `pos`, `endpos` and `m[g]`.
#[pyclass(frozen, freelist = 64, name = "Match", module = "rfc3987_rs.compat.rfc3987")]
pub(crate) struct Match {
    string: Py<PyString>,
    rule: &'static str,
    /// The group names in order, and `{name: (start, end)}` ((-1, -1) for a group that took no
    /// part), from the Python module's `_groups(string, rule)`.
    groups: PyOnceLock<(Py<PyTuple>, Py<PyDict>)>,
}

impl Match {
    fn named_groups<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        static GROUPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
        let (names, spans) = self.groups.get_or_try_init(py, || {
            let found = python_helper(py, &GROUPS, "_groups")?.call1((self.string.bind(py), self.rule))?;
            found.extract::<(Py<PyTuple>, Py<PyDict>)>()
        })?;
        Ok((names.bind(py).clone(), spans.bind(py).clone()))
    }

    /// Where group `g` (0, a number or a name) stands: `(-1, -1)` when it took no part.
    fn span_of(&self, py: Python<'_>, g: &Bound<'_, PyAny>) -> PyResult<(isize, isize)> {
        if let Ok(0) = g.extract::<usize>() {
            return Ok((0, self.string.bind(py).len()? as isize));
        }
        let (names, spans) = self.named_groups(py)?;
        let name = match g.extract::<usize>() {
            Ok(n) if n <= names.len() => names.get_item(n - 1)?,
            Ok(_) => return Err(PyIndexError::new_err("no such group")),
            Err(_) => g.clone(),
        };
        match spans.get_item(&name)? {
            Some(span) => span.extract(),
            None => Err(PyIndexError::new_err("no such group")),
        }
    }

    /// The text of group `g`, or `default` when it took no part.
    fn text_of<'py>(
        &self,
        py: Python<'py>,
        g: &Bound<'py, PyAny>,
        default: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (start, end) = self.span_of(py, g)?;
        if start < 0 {
            return Ok(default.clone());
        }
        self.string
            .bind(py)
            .get_item(pyo3::types::PySlice::new(py, start, end, 1))
    }
}

#[pymethods]
impl Match {
    #[getter]
    fn string(&self, py: Python<'_>) -> Py<PyString> {
        self.string.clone_ref(py)
    }

    #[getter]
    fn pos(&self) -> usize {
        0
    }

    #[getter]
    fn endpos(&self, py: Python<'_>) -> PyResult<usize> {
        self.string.bind(py).len()
    }

    #[pyo3(signature = (g = None))]
    fn span(&self, py: Python<'_>, g: Option<&Bound<'_, PyAny>>) -> PyResult<(isize, isize)> {
        let zero = 0usize.into_pyobject(py)?.into_any();
        self.span_of(py, g.unwrap_or(&zero))
    }

    #[pyo3(signature = (g = None))]
    fn start(&self, py: Python<'_>, g: Option<&Bound<'_, PyAny>>) -> PyResult<isize> {
        Ok(self.span(py, g)?.0)
    }

    #[pyo3(signature = (g = None))]
    fn end(&self, py: Python<'_>, g: Option<&Bound<'_, PyAny>>) -> PyResult<isize> {
        Ok(self.span(py, g)?.1)
    }

    /// Group 0 (the whole string) by default, else the named or numbered groups.
    #[pyo3(signature = (*groups))]
    fn group<'py>(&self, py: Python<'py>, groups: &Bound<'py, PyTuple>) -> PyResult<Bound<'py, PyAny>> {
        let none = py.None().into_bound(py);
        match groups.len() {
            0 => Ok(self.string.bind(py).clone().into_any()),
            1 => self.text_of(py, &groups.get_item(0)?, &none),
            _ => {
                let found: PyResult<Vec<_>> = groups.iter().map(|g| self.text_of(py, &g, &none)).collect();
                Ok(PyTuple::new(py, found?)?.into_any())
            }
        }
    }

    fn __getitem__<'py>(&self, py: Python<'py>, g: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        self.text_of(py, g, &py.None().into_bound(py))
    }

    /// The named groups' values, in order (`default` for a group that took no part).
    #[pyo3(signature = (default = None))]
    fn groups<'py>(
        &self,
        py: Python<'py>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let default = default.unwrap_or_else(|| py.None().into_bound(py));
        let (names, _) = self.named_groups(py)?;
        let found: PyResult<Vec<_>> = names.iter().map(|n| self.text_of(py, &n, &default)).collect();
        PyTuple::new(py, found?)
    }

    /// The named groups: `{name: value}`, `default` for a group that took no part.
    #[pyo3(signature = (default = None))]
    fn groupdict<'py>(
        &self,
        py: Python<'py>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let default = default.unwrap_or_else(|| py.None().into_bound(py));
        let (names, _) = self.named_groups(py)?;
        let dict = PyDict::new(py);
        for name in names.iter() {
            dict.set_item(&name, self.text_of(py, &name, &default)?)?;
        }
        Ok(dict)
    }

    fn __bool__(&self) -> bool {
        true
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let string = self.string.bind(py);
        Ok(format!(
            "<rfc3987_rs.compat.rfc3987.Match object; span=(0, {}), match={}>",
            string.len()?,
            string.repr()?
        ))
    }
}
