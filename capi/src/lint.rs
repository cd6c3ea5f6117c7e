//! The checks beyond the grammar (RFC 3987 §4.1, §4.2, §5.3, §6.1, §7.5; the library's
//! `lint`), as an array of diagnostics the caller frees.

use std::ffi::c_char;

use crate::error::{rfc3987_error, run, Failure};
use crate::ffi;

/// How serious a diagnostic is: one of the `RFC3987_SEVERITY_*` constants.
pub type rfc3987_severity = u32;
/// Advice: nothing the RFC asks for is broken.
pub const RFC3987_SEVERITY_NOTE: rfc3987_severity = 0;
/// A SHOULD of RFC 3987 is not followed.
pub const RFC3987_SEVERITY_WARNING: rfc3987_severity = 1;
/// A MUST of RFC 3987 is broken, or the input does not match the grammar.
pub const RFC3987_SEVERITY_ERROR: rfc3987_severity = 2;

/// One finding of `rfc3987_lint`. Its strings belong to the array.
#[repr(C)]
pub struct rfc3987_diagnostic {
    /// A stable code (`bidi-rtl-boundary`, `not-nfc`, `syntax`).
    pub code: *mut c_char,
    /// `RFC3987_SEVERITY_*`.
    pub severity: rfc3987_severity,
    /// The RFC 3987 section, the number alone (`4.2`).
    pub section: *mut c_char,
    /// The byte offset of what is wrong in the input.
    pub offset: usize,
    /// Its length in bytes.
    pub length: usize,
    /// What is wrong (printable).
    pub message: *mut c_char,
    /// The text to put in place of the span when one fix is clear, or NULL.
    pub fix: *mut c_char,
}

/// The diagnostics of one input: `count` items. Freed by `rfc3987_diagnostics_free`.
#[repr(C)]
pub struct rfc3987_diagnostics {
    /// The diagnostics, in the order of the input; NULL when there are none.
    pub items: *mut rfc3987_diagnostic,
    /// How many.
    pub count: usize,
}

/// The checks of RFC 3987 beyond the grammar on the input (the library's `lint`: an input that
/// is not an IRI reference is one `syntax` diagnostic). NULL with `error` set only for an
/// argument that is not text (RFC3987_ERROR_NOT_UTF8, RFC3987_ERROR_INVALID_ARGUMENT) or a
/// build without the `lint` feature (RFC3987_ERROR_UNSUPPORTED).
///
/// # Safety
/// `input` is NULL with `length` 0 or points to `length` readable bytes; `error` is NULL or a
/// zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_lint(
    input: *const c_char,
    length: usize,
    error: *mut rfc3987_error,
) -> *mut rfc3987_diagnostics {
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, std::ptr::null_mut(), || {
            let text = ffi::text(input, length, 0)?;
            let (items, count) = ffi::owned_array(diagnostics(text)?);
            Ok(ffi::owned(rfc3987_diagnostics { items, count }))
        })
    }
}

/// The library's diagnostics of `text`, as C structs.
#[cfg(feature = "lint")]
fn diagnostics(text: &str) -> Result<Vec<rfc3987_diagnostic>, Failure> {
    use rfc3987::{printable, Severity};
    Ok(rfc3987::lint(text)
        .into_iter()
        .map(|d| rfc3987_diagnostic {
            code: ffi::owned_string_or_null(Some(d.code.to_owned())),
            severity: match d.severity {
                Severity::Note => RFC3987_SEVERITY_NOTE,
                Severity::Warning => RFC3987_SEVERITY_WARNING,
                _ => RFC3987_SEVERITY_ERROR,
            },
            section: ffi::owned_string_or_null(Some(d.section.to_owned())),
            offset: d.span.start,
            length: d.span.len(),
            message: ffi::owned_string_or_null(Some(printable(&d.message).into_owned())),
            fix: ffi::owned_string_or_null(d.fix),
        })
        .collect())
}

/// Without feature `lint`, an error.
#[cfg(not(feature = "lint"))]
fn diagnostics(_: &str) -> Result<Vec<rfc3987_diagnostic>, Failure> {
    Err(Failure::unsupported("lint"))
}

/// Frees what `rfc3987_lint` returned. NULL does nothing.
///
/// # Safety
/// `diagnostics` is NULL or came from `rfc3987_lint` and was not freed yet.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_diagnostics_free(diagnostics: *mut rfc3987_diagnostics) {
    // SAFETY: as the caller guarantees: the struct, its array and their strings were made by
    // `rfc3987_lint`.
    unsafe {
        if let Some(all) = ffi::take(diagnostics) {
            for d in ffi::take_array(all.items, all.count) {
                for s in [d.code, d.section, d.message, d.fix] {
                    ffi::free_string(s);
                }
            }
        }
    }
}
