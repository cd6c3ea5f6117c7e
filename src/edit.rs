//! Edits that stay valid: a new value with one component replaced, or an error that says why
//! the result would not be of the same type (RFC 3986 §3 for how components fit together).
//!
//! The new text is taken as it would be written in the IRI, percent-encodings included (use
//! [`encode`](crate::encode) to write data). It must match its component's rule on its own, and
//! fit the components around it; nothing is encoded, repaired or moved.

use std::fmt;

use crate::components::{path_misfit, PathMisfit, Spans};
use crate::error::ParseError;
use crate::explain::spelled;
use crate::parse::{rejection_as, spans, StartSymbol};
use crate::pest_grammar::Rule;
use crate::recompose::recompose;
use crate::types::IriRef;

/// Why an edit ([`Iri::with_path`](crate::Iri::with_path) and the other `with_` methods) was
/// refused.
///
/// ```
/// use rfc3987::{EditError, Iri};
///
/// let iri = Iri::parse("http://example.org/a").unwrap();
/// let err = iri.with_path("b").unwrap_err(); // after an authority, a path begins with "/"
/// assert!(matches!(err, EditError::Shape { component: "path", .. }));
/// let err = iri.with_query(Some("a b")).unwrap_err();
/// let EditError::Invalid { error, .. } = err else { panic!() };
/// assert_eq!(error.byte_offset(), 1); // the space, in the text given
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EditError {
    /// The text does not match its component's rule; the error's position is in the text
    /// given. (Were the checked text to make the whole reference invalid, which the checks are
    /// there to prevent, the error would be the whole reference's.)
    Invalid {
        /// `"scheme"`, `"authority"`, `"path"`, `"query"` or `"fragment"`.
        component: &'static str,
        /// Where and why, as a parse error of the component's rule.
        error: ParseError,
    },
    /// The text matches its rule but does not fit the other components: the result would read
    /// as a different structure.
    Shape {
        /// `"scheme"`, `"authority"`, `"path"`, `"query"` or `"fragment"`.
        component: &'static str,
        /// The text given; `None` when the component was to be removed.
        text: Option<String>,
        /// Why, with the RFC's rule (spelled as RFC 3986 spells it for a URI type).
        reason: String,
    },
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Invalid { component, error } => write!(f, "cannot set the {component}: {error}"),
            EditError::Shape {
                component,
                text: Some(text),
                reason,
            } => write!(f, "cannot set the {component} to {text:?}: {reason}"),
            EditError::Shape {
                component,
                text: None,
                reason,
            } => write!(f, "cannot remove the {component}: {reason}"),
        }
    }
}

impl std::error::Error for EditError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EditError::Invalid { error, .. } => Some(error),
            EditError::Shape { .. } => None,
        }
    }
}

/// The component an edit replaces.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    Scheme,
    Authority,
    Path,
    Query,
    Fragment,
}

impl Part {
    fn name(self) -> &'static str {
        match self {
            Part::Scheme => "scheme",
            Part::Authority => "authority",
            Part::Path => "path",
            Part::Query => "query",
            Part::Fragment => "fragment",
        }
    }

    /// The rule the text must match on its own (RFC 3987 §2.2; RFC 3986 §3.1 for the scheme).
    fn rule(self) -> Rule {
        match self {
            Part::Scheme => Rule::scheme,
            Part::Authority => Rule::iauthority,
            Part::Path => Rule::ipath,
            Part::Query => Rule::iquery,
            Part::Fragment => Rule::ifragment,
        }
    }
}

/// `value` with `part` replaced by `new` (`None` removes it), as a value of `symbol`: its text
/// and spans.
pub(crate) fn edit(
    value: IriRef<&str>,
    symbol: StartSymbol,
    part: Part,
    new: Option<&str>,
) -> Result<(String, Spans), EditError> {
    let component = part.name();
    if let Some(text) = new {
        let rule = part.rule();
        let target = spelled(crate::pest_grammar::abnf_name(rule), symbol.is_uri());
        if let Some(error) = rejection_as(text, rule, target, symbol.is_uri()) {
            return Err(EditError::Invalid { component, error });
        }
    }
    fn replaced<'a>(p: Part, part: Part, new: Option<&'a str>, old: Option<&'a str>) -> Option<&'a str> {
        if p == part {
            new
        } else {
            old
        }
    }
    let scheme = replaced(Part::Scheme, part, new, value.scheme());
    let authority = replaced(Part::Authority, part, new, value.authority().map(|a| a.as_str()));
    let path = replaced(Part::Path, part, new, Some(value.path().as_str())).unwrap_or_default();
    let query = replaced(Part::Query, part, new, value.query());
    let fragment = replaced(Part::Fragment, part, new, value.fragment());
    let uri = symbol.is_uri();
    let shape = |reason: String| EditError::Shape {
        component,
        text: new.map(str::to_string),
        reason,
    };
    if let Some(misfit) = path_misfit(path, scheme.is_some(), authority.is_some()) {
        return Err(shape(match misfit {
            PathMisfit::RootlessAfterAuthority => format!(
                "after an authority, the path must be empty or begin with \"/\" (RFC 3986 §3.3: {})",
                spelled("ipath-abempty", uri)
            ),
            PathMisfit::DoubleSlashWithoutAuthority => {
                "without an authority, a path cannot begin with \"//\", which would read as one (RFC 3986 §3.3)"
                    .to_string()
            }
            PathMisfit::ColonInFirstSegment(_) => format!(
                "in a relative reference the first segment cannot contain \":\", which would read as a scheme (RFC 3986 §4.2: {}); begin the path with \"./\" as RFC 3986 §4.2 says",
                spelled("ipath-noscheme", uri)
            ),
        }));
    }
    let text = recompose(scheme, authority, path, query, fragment);
    let spans = spans(&text, symbol).map_err(|error| EditError::Invalid { component, error })?;
    // What was checked above is all that makes components run into each other; this is the
    // proof that the result has exactly the components asked for.
    let parsed = IriRef::from_parts(text.as_str(), spans);
    let same = parsed.scheme() == scheme
        && parsed.authority().map(|a| a.as_str()) == authority
        && parsed.path().as_str() == path
        && parsed.query() == query
        && parsed.fragment() == fragment;
    if !same {
        return Err(shape(
            "the result would read as other components (RFC 3986 §3)".to_string(),
        ));
    }
    Ok((text, spans))
}
