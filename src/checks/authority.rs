//! The scheme and the authority: §5.3.2.1 case of the scheme, §5.3.3 ports, and the password
//! in the userinfo (deprecated by RFC 3986 §3.2.1; RFC 3987 §8). The host is checked in `host`.

use super::diagnostic::{diagnostic, excerpt, Diagnostic};
use super::host;
use super::text::offset;
use crate::normalize::SCHEME_DEFAULTS;
use crate::types::IriRef;

/// §5.3.2.1 case, §5.3.3 ports, §5.3.3 IDN validity (the host's checks in [`host::host`]).
pub(super) fn scheme_and_authority<T: std::ops::Deref<Target = str>>(
    iri: &IriRef<T>,
    out: &mut Vec<Diagnostic>,
) {
    let input = iri.as_str();
    if let Some(scheme) = iri.scheme() {
        if scheme.bytes().any(|b| b.is_ascii_uppercase()) {
            out.push(diagnostic(
                input,
                "uppercase-scheme",
                0..scheme.len(),
                format!(
                    "the scheme {:?} has uppercase letters; schemes are compared in lowercase",
                    excerpt(scheme)
                ),
                Some(scheme.to_ascii_lowercase()),
            ));
        }
    }
    let Some(authority) = iri.authority() else {
        return;
    };
    let scheme = iri.scheme().unwrap_or_default();
    if let Some(port) = authority.port() {
        // The span takes the ":" too, so that the fix is to remove the span.
        let start = offset(input, port);
        let span = start - 1..start + port.len();
        if port.is_empty() {
            out.push(diagnostic(
                input,
                "empty-port",
                span,
                "\":\" with an empty port: normalization drops it".into(),
                Some(String::new()),
            ));
        } else if let Some((name, default)) = SCHEME_DEFAULTS
            .iter()
            .find(|(name, _)| scheme.eq_ignore_ascii_case(name))
        {
            if authority.port_u16() == Some(*default) {
                out.push(diagnostic(
                    input,
                    "default-port",
                    span,
                    format!("{port} is the default port of {name}: normalization drops it"),
                    Some(String::new()),
                ));
            }
        }
    }
    if let Some(userinfo) = authority.userinfo() {
        if let Some(colon) = userinfo.find(':') {
            let start = offset(input, userinfo) + colon;
            out.push(diagnostic(
                input,
                "password-in-userinfo",
                start..start + userinfo.len() - colon,
                "\"user:password\" in the userinfo is deprecated (RFC 3986 §3.2.1): the password is in clear text".into(),
                None,
            ));
        }
    }
    host::host(input, scheme, &authority, out);
}
