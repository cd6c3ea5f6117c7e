//! Validation against the start symbols of RFC 3987 §2.2 (and their RFC 3986 counterparts) or
//! any ABNF rule by name, and the parse handle: each component as a span of the input.

use std::ffi::c_char;

use rfc3987::{AbnfRule, HostKind, IriRef, StartSymbol};

use crate::error::{rfc3987_error, run, Failure, RFC3987_ERROR_TOO_LONG, RFC3987_ERROR_UNKNOWN_RULE};
use crate::ffi;

/// An ABNF start symbol: one of the `RFC3987_SYMBOL_*` constants.
pub type rfc3987_symbol = u32;

/// `IRI-reference` (RFC 3987 §2.2): an IRI or a relative reference.
pub const RFC3987_SYMBOL_IRI_REFERENCE: rfc3987_symbol = 0;
/// `IRI` (RFC 3987 §2.2): with a scheme, maybe a fragment.
pub const RFC3987_SYMBOL_IRI: rfc3987_symbol = 1;
/// `absolute-IRI` (RFC 3987 §2.2): with a scheme, no fragment.
pub const RFC3987_SYMBOL_ABSOLUTE_IRI: rfc3987_symbol = 2;
/// `irelative-ref` (RFC 3987 §2.2): no scheme.
pub const RFC3987_SYMBOL_IRELATIVE_REF: rfc3987_symbol = 3;
/// `URI-reference` (RFC 3986 §4.1).
pub const RFC3987_SYMBOL_URI_REFERENCE: rfc3987_symbol = 4;
/// `URI` (RFC 3986 §3).
pub const RFC3987_SYMBOL_URI: rfc3987_symbol = 5;
/// `absolute-URI` (RFC 3986 §4.3).
pub const RFC3987_SYMBOL_ABSOLUTE_URI: rfc3987_symbol = 6;
/// `relative-ref` (RFC 3986 §4.2).
pub const RFC3987_SYMBOL_RELATIVE_REF: rfc3987_symbol = 7;

/// The start symbol numbered `symbol` (the order of `StartSymbol::ALL`).
pub(crate) fn start_symbol(symbol: rfc3987_symbol) -> Result<StartSymbol, Failure> {
    usize::try_from(symbol)
        .ok()
        .and_then(|i| StartSymbol::ALL.get(i).copied())
        .ok_or_else(|| Failure::invalid_argument(0, format!("no start symbol is numbered {symbol}")))
}

/// Whether the input is a `symbol` (RFC 3987 §2.2, with §4.1's ban on bidi formatting
/// characters; a URI symbol takes ASCII only). When it is not, `error` (unless NULL) says where
/// and why. With a NULL `error`, a rejection is as fast as an acceptance: nothing is explained.
///
/// # Safety
/// `input` is NULL with `length` 0 or points to `length` readable bytes; `error` is NULL or a
/// zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_validate(
    input: *const c_char,
    length: usize,
    symbol: rfc3987_symbol,
    error: *mut rfc3987_error,
) -> bool {
    let explain = !error.is_null();
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, false, || {
            let symbol = start_symbol(symbol)?;
            let text = ffi::text(input, length, 0)?;
            if explain {
                rfc3987::validate(text, symbol).map_err(|e| Failure::parse(0, &e))?;
                return Ok(true);
            }
            Ok(AbnfRule::start_symbol(symbol).is_match(text))
        })
    }
}

/// Whether the whole input matches the ABNF rule named `rule` in the RFCs' spelling
/// (`IPv6address`, `ipath-abempty`, `iunreserved`, `dec-octet`, `URI`): RFC 3987 §2.2 and the
/// RFC 3986 rules it reuses. When it does not, `error` says where and why; an unknown name is
/// RFC3987_ERROR_UNKNOWN_RULE, with the closest name in the message. With a NULL `error`,
/// nothing is explained.
///
/// # Safety
/// `rule` and `input` are each NULL with length 0 or point to that many readable bytes;
/// `error` is NULL or a zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_matches(
    rule: *const c_char,
    rule_length: usize,
    input: *const c_char,
    length: usize,
    error: *mut rfc3987_error,
) -> bool {
    let explain = !error.is_null();
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, false, || {
            let name = ffi::text(rule, rule_length, 0)?;
            let rule = AbnfRule::named(name)
                .map_err(|e| Failure::new(RFC3987_ERROR_UNKNOWN_RULE, 0, e.to_string()))?;
            let text = ffi::text(input, length, 1)?;
            if explain {
                rule.check(text).map_err(|e| Failure::parse(1, &e))?;
                return Ok(true);
            }
            Ok(rule.is_match(text))
        })
    }
}

/// A parsed IRI reference: a copy of the input and where its components are. Made by
/// `rfc3987_parse`, freed by `rfc3987_iri_free`.
pub struct rfc3987_iri {
    iri: IriRef<String>,
}

/// A component's place in the input: `offset` and `length` in bytes, or `offset` equal to
/// `RFC3987_ABSENT` (and `length` 0) when the reference has no such component.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct rfc3987_span {
    /// The byte offset of the component, delimiters excluded, or `RFC3987_ABSENT`.
    pub offset: u32,
    /// Its length in bytes.
    pub length: u32,
}

/// The `offset` of a component the reference does not have.
pub const RFC3987_ABSENT: u32 = u32::MAX;

/// The kind of `ihost` (RFC 3986 §3.2.2): one of the `RFC3987_HOST_*` constants.
pub type rfc3987_host_kind = u32;
/// No authority, so no host.
pub const RFC3987_HOST_NONE: rfc3987_host_kind = 0;
/// `ireg-name`, maybe empty (`file:///`).
pub const RFC3987_HOST_REG_NAME: rfc3987_host_kind = 1;
/// `IPv4address`.
pub const RFC3987_HOST_IPV4: rfc3987_host_kind = 2;
/// `IPv6address` in an `IP-literal`.
pub const RFC3987_HOST_IPV6: rfc3987_host_kind = 3;
/// `IPvFuture` in an `IP-literal`.
pub const RFC3987_HOST_IPVFUTURE: rfc3987_host_kind = 4;

/// Where each component of a parsed reference is (RFC 3986 §3, RFC 3987 §2.2): the spans
/// exclude the delimiters (`scheme` has no ":", `query` no "?"); `host` keeps the brackets of an
/// `IP-literal`; `path` is always present, maybe empty.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct rfc3987_components {
    /// `scheme`.
    pub scheme: rfc3987_span,
    /// `iauthority`, without the "//".
    pub authority: rfc3987_span,
    /// `iuserinfo`.
    pub userinfo: rfc3987_span,
    /// `ihost`.
    pub host: rfc3987_span,
    /// `port`, maybe empty (`http://a:/`).
    pub port: rfc3987_span,
    /// The `ipath-*` form.
    pub path: rfc3987_span,
    /// `iquery`.
    pub query: rfc3987_span,
    /// `ifragment`.
    pub fragment: rfc3987_span,
    /// The kind of host: `RFC3987_HOST_*`.
    pub host_kind: rfc3987_host_kind,
}

/// The input parsed as a `symbol` (RFC 3987 §2.2), or NULL with `error` saying where and why.
/// Inputs of 4 GiB or more are RFC3987_ERROR_TOO_LONG (spans are 32-bit). Free the handle with
/// `rfc3987_iri_free`.
///
/// # Safety
/// `input` is NULL with `length` 0 or points to `length` readable bytes; `error` is NULL or a
/// zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_parse(
    input: *const c_char,
    length: usize,
    symbol: rfc3987_symbol,
    error: *mut rfc3987_error,
) -> *mut rfc3987_iri {
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, std::ptr::null_mut(), || {
            let symbol = start_symbol(symbol)?;
            if length >= RFC3987_ABSENT as usize {
                let message = "the input is 4 GiB or longer; spans are 32-bit";
                return Err(Failure::new(RFC3987_ERROR_TOO_LONG, 0, message));
            }
            let text = ffi::text(input, length, 0)?;
            let iri = IriRef::parse_as(text, symbol).map_err(|e| Failure::parse(0, &e))?;
            Ok(ffi::owned(rfc3987_iri {
                iri: iri.into_owned(),
            }))
        })
    }
}

/// Frees a handle from `rfc3987_parse`. NULL does nothing.
///
/// # Safety
/// `iri` is NULL or a handle from `rfc3987_parse` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_iri_free(iri: *mut rfc3987_iri) {
    // SAFETY: as the caller guarantees.
    drop(unsafe { ffi::take(iri) });
}

/// The spans of the components of a parsed reference, offsets into the input it was parsed
/// from (and into `rfc3987_iri_text`). A NULL handle gives every span absent and an empty
/// path.
///
/// # Safety
/// `iri` is NULL or a handle from `rfc3987_parse` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_iri_components(iri: *const rfc3987_iri) -> rfc3987_components {
    // SAFETY: as the caller guarantees.
    match unsafe { ffi::borrow(iri) } {
        Some(handle) => components(&handle.iri),
        None => {
            let absent = rfc3987_span {
                offset: RFC3987_ABSENT,
                length: 0,
            };
            let path = rfc3987_span { offset: 0, length: 0 };
            rfc3987_components {
                scheme: absent,
                authority: absent,
                userinfo: absent,
                host: absent,
                port: absent,
                path,
                query: absent,
                fragment: absent,
                host_kind: RFC3987_HOST_NONE,
            }
        }
    }
}

/// The spans of `iri`, whose text is shorter than 4 GiB (`rfc3987_parse` checks).
fn components(iri: &IriRef<String>) -> rfc3987_components {
    let ranges = iri.ranges();
    let span = |r: Option<std::ops::Range<usize>>| match r {
        // The text is shorter than RFC3987_ABSENT bytes, so every offset fits.
        Some(r) => rfc3987_span {
            offset: r.start as u32,
            length: r.len() as u32,
        },
        None => rfc3987_span {
            offset: RFC3987_ABSENT,
            length: 0,
        },
    };
    let host_kind = match iri.authority().map(|a| a.host_kind()) {
        None => RFC3987_HOST_NONE,
        Some(HostKind::RegName) => RFC3987_HOST_REG_NAME,
        Some(HostKind::Ipv4) => RFC3987_HOST_IPV4,
        Some(HostKind::Ipv6) => RFC3987_HOST_IPV6,
        Some(HostKind::IpvFuture) => RFC3987_HOST_IPVFUTURE,
    };
    rfc3987_components {
        scheme: span(ranges.scheme),
        authority: span(ranges.authority),
        userinfo: span(ranges.userinfo),
        host: span(ranges.host),
        port: span(ranges.port),
        path: span(Some(ranges.path)),
        query: span(ranges.query),
        fragment: span(ranges.fragment),
        host_kind,
    }
}

/// The text of a parsed reference (the input, copied): its bytes, not NUL-terminated, and their
/// number in `*length` (unless `length` is NULL). It lives as long as the handle. A NULL handle
/// gives NULL and length 0.
///
/// # Safety
/// `iri` is NULL or a handle from `rfc3987_parse` not freed yet; `length` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_iri_text(iri: *const rfc3987_iri, length: *mut usize) -> *const c_char {
    // SAFETY: as the caller guarantees.
    let (text, len) = match unsafe { ffi::borrow(iri) } {
        Some(handle) => (handle.iri.as_str().as_ptr().cast(), handle.iri.len()),
        None => (std::ptr::null(), 0),
    };
    // SAFETY: as the caller guarantees.
    if let Some(length) = unsafe { ffi::borrow_mut(length) } {
        *length = len;
    }
    text
}
