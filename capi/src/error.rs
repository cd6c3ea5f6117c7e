//! `rfc3987_error`: what went wrong and where, in a struct the caller owns, with the fields of
//! the library's `ParseError` (kind, byte position, component, rule, what was expected, the
//! message) and the same printable messages as every other binding.

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};

use rfc3987::{printable, NotUtf8, ParseError, ParseErrorKind};

use crate::ffi;

/// What kind of failure an `rfc3987_error` reports: one of the `RFC3987_ERROR_*` constants, or
/// `RFC3987_OK`.
pub type rfc3987_error_kind = u32;

/// Nothing failed.
pub const RFC3987_OK: rfc3987_error_kind = 0;
/// The input does not match the ABNF of RFC 3987 §2.2 (or RFC 3986 for URIs, or the rule asked
/// for).
pub const RFC3987_ERROR_SYNTAX: rfc3987_error_kind = 1;
/// The input holds a bidirectional formatting character, which RFC 3987 §4.1 says IRIs MUST
/// NOT contain.
pub const RFC3987_ERROR_BIDI_FORMATTING_CHARACTER: rfc3987_error_kind = 2;
/// A URI was asked for and the input holds a character outside ASCII (RFC 3986 §2).
pub const RFC3987_ERROR_NOT_ASCII: rfc3987_error_kind = 3;
/// The input is not UTF-8; the position is its first ill-formed byte.
pub const RFC3987_ERROR_NOT_UTF8: rfc3987_error_kind = 4;
/// No ABNF rule of RFC 3987 §2.2 or RFC 3986 has the name given; the message suggests one.
pub const RFC3987_ERROR_UNKNOWN_RULE: rfc3987_error_kind = 5;
/// ToASCII rejected a host label (RFC 3987 §3.1).
pub const RFC3987_ERROR_IDNA: rfc3987_error_kind = 6;
/// No reference resolves against the base to the target (relativization).
pub const RFC3987_ERROR_NOT_RELATIVE: rfc3987_error_kind = 7;
/// An argument is out of its range: a NULL pointer with a length, an unknown symbol, level or
/// flag.
pub const RFC3987_ERROR_INVALID_ARGUMENT: rfc3987_error_kind = 8;
/// The library was built without the feature the call needs (IDNA, NFC, bidi, lint).
pub const RFC3987_ERROR_UNSUPPORTED: rfc3987_error_kind = 9;
/// The input is too long for 32-bit spans (4 GiB or more): `rfc3987_parse` only.
pub const RFC3987_ERROR_TOO_LONG: rfc3987_error_kind = 10;
/// A bug of the library (a panic, caught): please report it with the input.
pub const RFC3987_ERROR_INTERNAL: rfc3987_error_kind = 11;

/// Why a call failed. The caller owns it: zero-initialize it (`rfc3987_error err = {0};`),
/// pass its address to any function, and release what it holds with `rfc3987_error_clear`.
/// A function clears it before it fills it, so one error can be passed to call after call;
/// after a call that succeeds its kind is `RFC3987_OK`.
#[repr(C)]
pub struct rfc3987_error {
    /// `RFC3987_OK` or one of the `RFC3987_ERROR_*` kinds.
    pub kind: rfc3987_error_kind,
    /// Which input the position is in: 0 for a function's first (pointer, length) input, 1 for
    /// its second (the reference of `rfc3987_resolve`, say).
    pub input: u32,
    /// The byte offset in that input of the first character no valid continuation allows, or
    /// its length when it stops too early; the first ill-formed byte for RFC3987_ERROR_NOT_UTF8.
    pub position: usize,
    /// The component there (`scheme`, `userinfo`, `host`, `ip-literal`, `port`, `path`,
    /// `query`, `fragment`), or NULL.
    pub component: *mut c_char,
    /// The ABNF rule there (`isegment`, `IPv6address`), or NULL.
    pub rule: *mut c_char,
    /// What the grammar allowed at the position (`h16`, `"]"`): `expected_count` strings, or
    /// NULL.
    pub expected: *mut *mut c_char,
    /// The number of strings in `expected`.
    pub expected_count: usize,
    /// What is wrong and what would be valid, with the input and a caret under the position.
    /// Printable: controls and bidi characters of the input are escaped.
    pub message: *mut c_char,
}

/// What `rfc3987_error err = {0};` makes: `RFC3987_OK`, every pointer NULL.
impl Default for rfc3987_error {
    fn default() -> Self {
        rfc3987_error {
            kind: RFC3987_OK,
            input: 0,
            position: 0,
            component: std::ptr::null_mut(),
            rule: std::ptr::null_mut(),
            expected: std::ptr::null_mut(),
            expected_count: 0,
            message: std::ptr::null_mut(),
        }
    }
}

impl rfc3987_error {
    /// Releases the strings, leaving `RFC3987_OK`.
    fn clear(&mut self) {
        // SAFETY: every pointer is NULL or was made by `ffi::owned_string`/`owned_array` in
        // `fill`, and is set to NULL below once freed.
        unsafe {
            ffi::free_string(self.component);
            ffi::free_string(self.rule);
            for s in ffi::take_array(self.expected, self.expected_count) {
                ffi::free_string(s);
            }
            ffi::free_string(self.message);
        }
        *self = rfc3987_error::default();
    }

    /// Clears it, then writes `failure` into it.
    fn fill(&mut self, failure: Failure) {
        self.clear();
        let expected: Vec<*mut c_char> = failure
            .expected
            .into_iter()
            .map(|e| ffi::owned_string_or_null(Some(printable(&e).into_owned())))
            .collect();
        let (expected, expected_count) = ffi::owned_array(expected);
        *self = rfc3987_error {
            kind: failure.kind,
            input: failure.input,
            position: failure.position,
            component: ffi::owned_string_or_null(failure.component),
            rule: ffi::owned_string_or_null(failure.rule),
            expected,
            expected_count,
            message: ffi::owned_string_or_null(Some(printable_lines(&failure.message))),
        };
    }
}

/// `message` with every line `printable` (controls and bidi characters escaped), its line ends
/// kept: a parse error's message is the explanation, then the input and a caret on lines of
/// their own.
fn printable_lines(message: &str) -> String {
    message.split('\n').map(printable).collect::<Vec<_>>().join("\n")
}

/// Releases the strings an error holds and sets its kind to `RFC3987_OK`. NULL does nothing.
///
/// # Safety
/// `error` is NULL or a zero-initialized `rfc3987_error`, maybe filled by this library since.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_error_clear(error: *mut rfc3987_error) {
    // SAFETY: as the caller guarantees.
    if let Some(error) = unsafe { ffi::borrow_mut(error) } {
        error.clear();
    }
}

/// The name of an error kind as the other bindings spell it (`syntax`, `not-utf8`,
/// `bidi-formatting-character`): a static string, not to be freed. An unknown kind gives
/// `unknown`.
#[no_mangle]
pub extern "C" fn rfc3987_error_kind_name(kind: rfc3987_error_kind) -> *const c_char {
    let name: &'static std::ffi::CStr = match kind {
        RFC3987_OK => c"ok",
        RFC3987_ERROR_SYNTAX => c"syntax",
        RFC3987_ERROR_BIDI_FORMATTING_CHARACTER => c"bidi-formatting-character",
        RFC3987_ERROR_NOT_ASCII => c"not-ascii",
        RFC3987_ERROR_NOT_UTF8 => c"not-utf8",
        RFC3987_ERROR_UNKNOWN_RULE => c"unknown-rule",
        RFC3987_ERROR_IDNA => c"idna",
        RFC3987_ERROR_NOT_RELATIVE => c"not-relative",
        RFC3987_ERROR_INVALID_ARGUMENT => c"invalid-argument",
        RFC3987_ERROR_UNSUPPORTED => c"unsupported",
        RFC3987_ERROR_TOO_LONG => c"too-long",
        RFC3987_ERROR_INTERNAL => c"internal",
        _ => c"unknown",
    };
    name.as_ptr()
}

/// A failure on its way to the caller's `rfc3987_error`.
#[derive(Debug)]
pub struct Failure {
    kind: rfc3987_error_kind,
    input: u32,
    position: usize,
    component: Option<String>,
    rule: Option<String>,
    expected: Vec<String>,
    message: String,
}

impl Failure {
    /// A failure of `kind` in the input numbered `input`, with only a message.
    pub fn new(kind: rfc3987_error_kind, input: u32, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            input,
            position: 0,
            component: None,
            rule: None,
            expected: Vec::new(),
            message: message.into(),
        }
    }

    /// The input numbered `input` did not parse: the fields of the library's error.
    pub fn parse(input: u32, error: &ParseError) -> Failure {
        let kind = match error.kind() {
            ParseErrorKind::BidiFormattingCharacter => RFC3987_ERROR_BIDI_FORMATTING_CHARACTER,
            ParseErrorKind::NotAscii => RFC3987_ERROR_NOT_ASCII,
            _ => RFC3987_ERROR_SYNTAX,
        };
        Failure {
            kind,
            input,
            position: error.byte_offset(),
            component: error.component().map(|c| c.as_str().to_owned()),
            rule: error.rule().map(str::to_owned),
            expected: error.expected().iter().map(|e| e.to_string()).collect(),
            message: error.to_string(),
        }
    }

    /// The input numbered `input` is not UTF-8.
    pub fn not_utf8(input: u32, error: &NotUtf8) -> Failure {
        Failure {
            position: error.byte_offset,
            message: error.message.replacen("the line", "the input", 1),
            ..Failure::new(RFC3987_ERROR_NOT_UTF8, input, "")
        }
    }

    /// An argument out of its range.
    pub fn invalid_argument(input: u32, message: impl Into<String>) -> Failure {
        Failure::new(RFC3987_ERROR_INVALID_ARGUMENT, input, message)
    }

    /// A call that needs the Cargo `feature` of the library, which this build leaves out.
    pub fn unsupported(feature: &str) -> Failure {
        let message = format!("this build of librfc3987 has no `{feature}` feature");
        Failure::new(RFC3987_ERROR_UNSUPPORTED, 0, message)
    }

    /// A bug of the library.
    pub fn internal(message: &str) -> Failure {
        let message = format!("internal error of librfc3987 (please report it): {message}");
        Failure::new(RFC3987_ERROR_INTERNAL, 0, message)
    }
}

/// Runs the body of an entry point: clears `error`, and when `body` fails or panics, fills
/// `error` (unless NULL) and returns `failed`.
///
/// # Safety
/// `error` is NULL or a zero-initialized `rfc3987_error` that nothing else uses during the call.
pub unsafe fn run<T>(error: *mut rfc3987_error, failed: T, body: impl FnOnce() -> Result<T, Failure>) -> T {
    // SAFETY: as the caller guarantees.
    let mut error = unsafe { ffi::borrow_mut(error) };
    if let Some(error) = error.as_deref_mut() {
        error.clear();
    }
    let failure = match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(value)) => return value,
        Ok(Err(failure)) => failure,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Failure::internal(&what)
        }
    };
    if let Some(error) = error {
        error.fill(failure);
    }
    failed
}
