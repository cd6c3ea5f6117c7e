//! `IRI.replace`: a new checked `IRI` with some components replaced, made by the library's
//! edits (`with_scheme`, `with_authority`, `with_path`, `with_query`, `with_fragment`) on the
//! parsed type of the receiver's start symbol, so that the result matches that symbol too
//! (RFC 3987 §2.2, RFC 3986 §3 for how the components fit together).

use std::fmt::Display;
use std::net::IpAddr;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyString};
use rfc3987::{
    AbnfRule, AbsoluteIri, AbsoluteUri, EditError, Iri, IriRef, RelativeIriRef, RelativeUriRef, StartSymbol,
    Uri, UriRef,
};

use crate::error::{edit_error, iri_error_saying, value_error};
use crate::passes::port_number;
use crate::text::Text;

/// What `replace` was asked for: `None` leaves a component as it is, `Some(None)` removes it.
#[derive(Default)]
struct Changes {
    scheme: Option<Text>,
    authority: Option<Option<Text>>,
    userinfo: Option<Option<Text>>,
    host: Option<Text>,
    port: Option<Option<Text>>,
    path: Option<Text>,
    query: Option<Option<Text>>,
    fragment: Option<Option<Text>>,
}

/// The keyword arguments of `replace`, each checked for its type.
fn changes(py: Python<'_>, components: Option<&Bound<'_, PyDict>>) -> PyResult<Changes> {
    let mut changes = Changes::default();
    let Some(components) = components else {
        return Ok(changes);
    };
    let optional = |value: &Bound<'_, PyAny>| -> PyResult<Option<Text>> {
        if value.is_none() {
            Ok(None)
        } else {
            Text::of(value).map(Some)
        }
    };
    let required = |value: &Bound<'_, PyAny>, why: &str| -> PyResult<Text> {
        if value.is_none() {
            Err(PyTypeError::new_err(why.to_string()))
        } else {
            Text::of(value)
        }
    };
    for (key, value) in components.iter() {
        let key: PyBackedStr = key.extract()?;
        match &*key {
            "scheme" => {
                changes.scheme = Some(required(
                    &value,
                    "the scheme cannot be removed: replace sets one (without it, the reference would be a relative reference, RFC 3986 §4.2)",
                )?)
            }
            "authority" => changes.authority = Some(optional(&value)?),
            "userinfo" => changes.userinfo = Some(optional(&value)?),
            "host" => {
                let host = match value.extract::<IpAddr>() {
                    Ok(IpAddr::V4(a)) => PyString::new(py, &a.to_string()).into_any(),
                    // RFC 3986 §3.2.2: an IPv6 address is written in square brackets.
                    Ok(IpAddr::V6(a)) => PyString::new(py, &format!("[{a}]")).into_any(),
                    Err(_) => value.clone(),
                };
                changes.host = Some(required(
                    &host,
                    "the host cannot be None: an authority has one, possibly empty (RFC 3986 §3.2.2); authority=None removes the authority",
                )?)
            }
            "port" => {
                changes.port = Some(if value.is_none() || value.is_instance_of::<PyString>() {
                    optional(&value)?
                } else {
                    let number = port_number(&value)?.to_string();
                    Some(Text::of(PyString::new(py, &number).as_any())?)
                })
            }
            "path" => {
                changes.path = Some(required(
                    &value,
                    "the path cannot be None: every reference has one, possibly empty (RFC 3986 §3.3); give \"\" for an empty path",
                )?)
            }
            "query" => changes.query = Some(optional(&value)?),
            "fragment" => changes.fragment = Some(optional(&value)?),
            other => {
                return Err(PyTypeError::new_err(format!(
                    "replace() got an unexpected keyword argument {other:?}: it takes scheme, authority (or userinfo, host and port), path, query and fragment"
                )))
            }
        }
    }
    let parts = changes.userinfo.is_some() || changes.host.is_some() || changes.port.is_some();
    if parts && changes.authority.is_some() {
        return Err(PyTypeError::new_err(
            "replace() takes authority or its parts (userinfo, host, port), not both",
        ));
    }
    Ok(changes)
}

/// The new authority, if it changes: the one given, or one written from the parts given and
/// the receiver's others, `[ iuserinfo "@" ] ihost [ ":" port ]` (RFC 3987 §2.2), each part
/// given checked against its rule first, so that an error is in the text given and no part
/// can read as another (a ":" in a host would start a port).
fn authority(
    py: Python<'_>,
    changes: &Changes,
    iri: &IriRef<String>,
    uri: bool,
) -> PyResult<Option<Option<String>>> {
    if let Some(authority) = &changes.authority {
        return Ok(Some(authority.as_ref().map(|a| a.as_str().to_string())));
    }
    if changes.userinfo.is_none() && changes.host.is_none() && changes.port.is_none() {
        return Ok(None);
    }
    // Worded as the library words a refused edit.
    let check = |text: &Text, iri_rule: &str, uri_rule: &str, part: &str| -> PyResult<()> {
        let rule = AbnfRule::named(if uri { uri_rule } else { iri_rule }).map_err(value_error)?;
        rule.check(text.as_str()).map_err(|e| {
            let e = text.error(e);
            text.exact(
                py,
                iri_error_saying(py, &e, format!("cannot set the {part}: {e}")),
            )
        })
    };
    let old = iri.authority();
    let host = match (&changes.host, &old) {
        (Some(host), _) => {
            check(host, "ihost", "host", "host")?;
            host.as_str()
        }
        (None, Some(old)) => old.host_str(),
        (None, None) => {
            return Err(value_error(format!(
                "{:?} has no authority whose userinfo or port could change: give host= too (RFC 3986 §3.2: an authority has a host)",
                rfc3987::printable(iri.as_str())
            )))
        }
    };
    let userinfo = match &changes.userinfo {
        Some(Some(userinfo)) => {
            check(userinfo, "iuserinfo", "userinfo", "userinfo")?;
            Some(userinfo.as_str())
        }
        Some(None) => None,
        None => old.as_ref().and_then(|a| a.userinfo()),
    };
    let port = match &changes.port {
        Some(Some(port)) => {
            check(port, "port", "port", "port")?;
            Some(port.as_str())
        }
        Some(None) => None,
        None => old.as_ref().and_then(|a| a.port()),
    };
    let mut text = String::new();
    if let Some(userinfo) = userinfo {
        text.push_str(userinfo);
        text.push('@');
    }
    text.push_str(host);
    if let Some(port) = port {
        text.push(':');
        text.push_str(port);
    }
    Ok(Some(Some(text)))
}

/// The library's edits of one parsed type.
trait Edits: Sized {
    fn scheme(&self, scheme: &str) -> Result<Self, EditError>;
    fn authority(&self, authority: Option<&str>) -> Result<Self, EditError>;
    fn path(&self, path: &str) -> Result<Self, EditError>;
    fn query(&self, query: Option<&str>) -> Result<Self, EditError>;
    fn fragment(&self, fragment: Option<&str>) -> Result<Self, EditError>;
}

/// An edit that a type has no method for, because its values cannot have the component (a
/// relative reference a scheme, an absolute IRI a fragment): made on the `IRI-reference`, and
/// the result narrowed back, which says why the type refuses it (RFC 3987 §2.2).
fn widened<V>(
    value: &V,
    component: &'static str,
    text: Option<&str>,
    edit: impl FnOnce(IriRef<String>) -> Result<IriRef<String>, EditError>,
) -> Result<V, EditError>
where
    V: Clone + Into<IriRef<String>> + TryFrom<IriRef<String>>,
    V::Error: Display,
{
    let wide = edit(value.clone().into())?;
    V::try_from(wide).map_err(|e| EditError::Shape {
        component,
        text: text.map(str::to_string),
        reason: e.to_string(),
    })
}

macro_rules! edits {
    ($($name:ident: scheme $scheme:ident, fragment $fragment:ident;)*) => {$(
        impl Edits for $name<String> {
            fn scheme(&self, scheme: &str) -> Result<Self, EditError> {
                edits!(@scheme $scheme, self, scheme)
            }
            fn authority(&self, authority: Option<&str>) -> Result<Self, EditError> {
                self.with_authority(authority)
            }
            fn path(&self, path: &str) -> Result<Self, EditError> {
                self.with_path(path)
            }
            fn query(&self, query: Option<&str>) -> Result<Self, EditError> {
                self.with_query(query)
            }
            fn fragment(&self, fragment: Option<&str>) -> Result<Self, EditError> {
                edits!(@fragment $fragment, self, fragment)
            }
        }
    )*};
    (@scheme own, $value:expr, $scheme:ident) => { $value.with_scheme($scheme) };
    (@scheme wide, $value:expr, $scheme:ident) => {
        widened($value, "scheme", Some($scheme), |wide| wide.with_scheme($scheme))
    };
    (@fragment own, $value:expr, $fragment:ident) => { $value.with_fragment($fragment) };
    (@fragment wide, $value:expr, $fragment:ident) => {
        widened($value, "fragment", $fragment, |wide| wide.with_fragment($fragment))
    };
}

edits! {
    IriRef: scheme own, fragment own;
    Iri: scheme own, fragment own;
    AbsoluteIri: scheme own, fragment wide;
    RelativeIriRef: scheme wide, fragment own;
    UriRef: scheme own, fragment own;
    Uri: scheme own, fragment own;
    AbsoluteUri: scheme own, fragment wide;
    RelativeUriRef: scheme wide, fragment own;
}

/// `iri`, parsed as `symbol`, with the components of `components` replaced: a value of the same
/// start symbol, or the `IRIError` of the first edit the library refuses.
pub(crate) fn replace(
    py: Python<'_>,
    iri: &IriRef<String>,
    symbol: StartSymbol,
    components: Option<&Bound<'_, PyDict>>,
) -> PyResult<IriRef<String>> {
    let changes = changes(py, components)?;
    let authority = authority(py, &changes, iri, symbol.is_uri())?;
    let edit = Edit {
        py,
        changes: &changes,
        authority: authority.as_ref().map(Option::as_deref),
        target: symbol.name(),
    };
    match symbol {
        StartSymbol::IriReference => edit.apply(iri.clone()),
        StartSymbol::Iri => edit.apply(narrowed::<Iri<String>>(iri)?),
        StartSymbol::AbsoluteIri => edit.apply(narrowed::<AbsoluteIri<String>>(iri)?),
        StartSymbol::IrelativeRef => edit.apply(narrowed::<RelativeIriRef<String>>(iri)?),
        StartSymbol::UriReference => edit.apply(narrowed::<UriRef<String>>(iri)?),
        StartSymbol::Uri => edit.apply(narrowed::<Uri<String>>(iri)?),
        StartSymbol::AbsoluteUri => edit.apply(narrowed::<AbsoluteUri<String>>(iri)?),
        StartSymbol::RelativeRef => edit.apply(narrowed::<RelativeUriRef<String>>(iri)?),
        // A start symbol newer than this binding: edited as an IRI reference.
        _ => edit.apply(iri.clone()),
    }
}

/// `iri` as the type of the start symbol it was parsed as (which it is: the conversion checks,
/// it does not parse again).
fn narrowed<V>(iri: &IriRef<String>) -> PyResult<V>
where
    V: TryFrom<IriRef<String>>,
    V::Error: Display,
{
    V::try_from(iri.clone()).map_err(value_error)
}

/// The edits to make, for the receiver's start symbol `target`.
struct Edit<'a, 'py> {
    py: Python<'py>,
    changes: &'a Changes,
    authority: Option<Option<&'a str>>,
    target: &'static str,
}

impl Edit<'_, '_> {
    /// The edits on `value`, one component at a time; only the result is judged.
    fn apply<V: Edits + Into<IriRef<String>>>(&self, mut value: V) -> PyResult<IriRef<String>> {
        let c = self.changes;
        // Setting a scheme never makes the other components misfit (RFC 3986 §3.3 asks a path
        // more only without one), so it goes first.
        if let Some(scheme) = &c.scheme {
            value = value
                .scheme(scheme.as_str())
                .map_err(|e| self.refused(e, Some(scheme)))?;
        }
        match (self.authority, &c.path) {
            (Some(authority), Some(path)) => {
                // Through the empty path, which fits with an authority and without one
                // (RFC 3986 §3.3), so that the order of the two edits cannot refuse a result
                // that fits: `s://a//b` to `s:b` goes neither way directly.
                value = value.path("").map_err(|e| self.refused(e, None))?;
                value = value
                    .authority(authority)
                    .map_err(|e| self.authority_refused(e))?;
                value = value
                    .path(path.as_str())
                    .map_err(|e| self.refused(e, Some(path)))?;
            }
            (Some(authority), None) => {
                value = value
                    .authority(authority)
                    .map_err(|e| self.authority_refused(e))?;
            }
            (None, Some(path)) => {
                value = value
                    .path(path.as_str())
                    .map_err(|e| self.refused(e, Some(path)))?;
            }
            (None, None) => {}
        }
        if let Some(query) = &c.query {
            value = value
                .query(query.as_ref().map(Text::as_str))
                .map_err(|e| self.refused(e, query.as_ref()))?;
        }
        if let Some(fragment) = &c.fragment {
            value = value
                .fragment(fragment.as_ref().map(Text::as_str))
                .map_err(|e| self.refused(e, fragment.as_ref()))?;
        }
        Ok(value.into())
    }

    /// The `IRIError` for an edit of the text `given` that the library refused.
    fn refused(&self, error: EditError, given: Option<&Text>) -> PyErr {
        edit_error(self.py, error, given, self.target)
    }

    /// The `IRIError` for a refused authority: the one given (where a lone surrogate may be),
    /// or one written from parts that were each checked.
    fn authority_refused(&self, error: EditError) -> PyErr {
        let given = self.changes.authority.as_ref().and_then(Option::as_ref);
        self.refused(error, given)
    }
}
