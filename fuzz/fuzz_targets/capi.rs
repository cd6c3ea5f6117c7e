//! The C library's entry points (issue 42), called as C calls them, on any bytes: the first
//! byte picks a start symbol (its value mod 8) and the flags of the passes (its value / 8), the
//! rest is the input, a second input after its first "\n". No call panics or reports an
//! internal error; `rfc3987_validate` gives the same verdict with and without an error to fill;
//! invalid UTF-8 is reported at its first ill-formed byte; `rfc3987_validate` and
//! `rfc3987_parse` agree, error and all; every span of a parsed reference is inside the input,
//! in the order of RFC 3986 §3, and the handle's text is the input; every message is printable;
//! the passes' results are IRI references (a URI reference for `rfc3987_to_uri`); and every
//! string, handle and error is freed (the leak detector of libFuzzer fails otherwise).
#![no_main]

use std::ffi::{c_char, CStr};

use libfuzzer_sys::fuzz_target;
use rfc3987_capi::*;

/// `err`'s message, which the library always writes on failure.
fn message(err: &rfc3987_error) -> &str {
    assert!(!err.message.is_null(), "a failure without a message");
    // SAFETY: a message is a NUL-terminated string the library made and still owns.
    unsafe { CStr::from_ptr(err.message) }.to_str().expect("UTF-8")
}

/// The string a pass returned, checked as `symbol` and freed; `None` for NULL.
fn take(result: *mut c_char, symbol: rfc3987_symbol, err: &mut rfc3987_error) -> Option<String> {
    if result.is_null() {
        assert_ne!(err.kind, RFC3987_OK);
        assert_ne!(err.kind, RFC3987_ERROR_INTERNAL, "{}", message(err));
        return None;
    }
    // SAFETY: a string the library returned, read once, then freed once.
    let text = unsafe { CStr::from_ptr(result) }
        .to_str()
        .expect("UTF-8")
        .to_owned();
    unsafe { rfc3987_string_free(result) };
    // SAFETY: `text` is `text.len()` readable bytes; `err` is a valid error.
    let valid = unsafe { rfc3987_validate(text.as_ptr().cast(), text.len(), symbol, err) };
    assert!(valid, "{text:?}: {}", message(err));
    Some(text)
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let symbol = rfc3987_symbol::from(selector % 8);
    let flags = u32::from(selector / 8);
    let mut err = rfc3987_error::default();
    let (ptr, len) = (input.as_ptr().cast::<c_char>(), input.len());
    // SAFETY (every call below): the inputs are `data`'s bytes with their lengths, `err` is a
    // valid error, and each handle and string is freed once.
    let valid = unsafe { rfc3987_validate(ptr, len, symbol, &mut err) };
    // Without an error to fill, the scanner's verdict alone: the same.
    assert_eq!(
        unsafe { rfc3987_validate(ptr, len, symbol, std::ptr::null_mut()) },
        valid
    );
    let utf8 = std::str::from_utf8(input);
    if valid {
        assert!(utf8.is_ok());
    } else {
        assert_ne!(err.kind, RFC3987_ERROR_INTERNAL, "{}", message(&err));
        let text = message(&err);
        assert!(
            text.split('\n').all(|line| rfc3987::printable(line) == line),
            "{text:?}"
        );
        if let Err(e) = utf8 {
            assert_eq!(
                (err.kind, err.position),
                (RFC3987_ERROR_NOT_UTF8, e.valid_up_to())
            );
        }
    }
    let failed_at = (err.kind, err.position);
    let parsed = unsafe { rfc3987_parse(ptr, len, symbol, &mut err) };
    assert_eq!(parsed.is_null(), !valid);
    if parsed.is_null() {
        assert_eq!((err.kind, err.position), failed_at);
    } else {
        let c = unsafe { rfc3987_iri_components(parsed) };
        let mut end = 0;
        for span in [c.scheme, c.authority, c.path, c.query, c.fragment] {
            if span.offset != RFC3987_ABSENT {
                assert!(span.offset as usize >= end && (span.offset + span.length) as usize <= len);
                end = (span.offset + span.length) as usize;
            }
        }
        for span in [c.userinfo, c.host, c.port] {
            assert!(span.offset == RFC3987_ABSENT || c.authority.offset != RFC3987_ABSENT);
        }
        let mut length = 0;
        let text = unsafe { rfc3987_iri_text(parsed, &mut length) };
        assert_eq!(
            unsafe { std::slice::from_raw_parts(text.cast::<u8>(), length) },
            input
        );
        unsafe { rfc3987_iri_free(parsed) };
    }
    // The passes, each on the input or on the two inputs around its first "\n".
    let uri = unsafe { rfc3987_to_uri(ptr, len, flags % 4, &mut err) };
    take(uri, RFC3987_SYMBOL_URI_REFERENCE, &mut err);
    let iri = unsafe { rfc3987_to_iri(ptr, len, flags % 2, &mut err) };
    take(iri, RFC3987_SYMBOL_IRI_REFERENCE, &mut err);
    let normalized = unsafe { rfc3987_normalize(ptr, len, flags % 3, flags / 3 % 4, &mut err) };
    take(normalized, RFC3987_SYMBOL_IRI_REFERENCE, &mut err);
    let diagnostics = unsafe { rfc3987_lint(ptr, len, &mut err) };
    assert_eq!(diagnostics.is_null(), utf8.is_err());
    unsafe { rfc3987_diagnostics_free(diagnostics) };
    if let Some(at) = input.iter().position(|&b| b == b'\n') {
        let (a, b) = (&input[..at], &input[at + 1..]);
        let (a_ptr, b_ptr) = (a.as_ptr().cast::<c_char>(), b.as_ptr().cast::<c_char>());
        let resolved = unsafe { rfc3987_resolve(a_ptr, a.len(), b_ptr, b.len(), flags % 2, &mut err) };
        take(resolved, RFC3987_SYMBOL_IRI, &mut err);
        let relative = unsafe { rfc3987_relativize(a_ptr, a.len(), b_ptr, b.len(), &mut err) };
        take(relative, RFC3987_SYMBOL_IRI_REFERENCE, &mut err);
        let same =
            unsafe { rfc3987_equivalent(a_ptr, a.len(), b_ptr, b.len(), flags % 3, flags % 8, &mut err) };
        assert!(same >= 0 || err.kind != RFC3987_ERROR_INTERNAL);
    }
    unsafe { rfc3987_error_clear(&mut err) };
});
