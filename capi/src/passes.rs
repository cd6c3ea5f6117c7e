//! The passes of RFC 3987 on (pointer, length) inputs, each giving a string the caller frees
//! with `rfc3987_string_free`: IRI → URI (§3.1), URI → IRI (§3.2), normalization and
//! comparison (§5.3), resolution (RFC 3986 §5.2 via §6.5), relativization, and the display form
//! (§4.1).

use std::ffi::c_char;

use rfc3987::{CompareOptions, Iri, IriRef, Level, NormalizeOptions, ToIriOptions, ToUriError, ToUriOptions};

use crate::error::{rfc3987_error, run, Failure, RFC3987_ERROR_IDNA, RFC3987_ERROR_NOT_RELATIVE};
use crate::ffi;

/// Flags of `rfc3987_to_uri`: ToASCII for the host of the DNS schemes (RFC 3987 §3.1, feature
/// `idna`).
pub const RFC3987_TO_URI_IDNA: u32 = 1;
/// Flags of `rfc3987_to_uri`: percent-encode first the printable ASCII characters that URIs do
/// not allow (space, `"<>\^`{|}`), for text that is almost an IRI.
pub const RFC3987_TO_URI_LENIENT: u32 = 2;
/// Flags of `rfc3987_to_iri`: ToUnicode for the `xn--` labels of DNS hosts (§3.2.1, feature
/// `idna`).
pub const RFC3987_TO_IRI_IDN_UNICODE: u32 = 1;
/// Flags of `rfc3987_normalize` and `rfc3987_equivalent`: NFC (§5.3.2.2, feature `nfc`).
pub const RFC3987_NORMALIZE_NFC: u32 = 1;
/// Flags of `rfc3987_normalize` and `rfc3987_equivalent`: IDN normalization of DNS hosts
/// (§5.3.3, feature `idna`).
pub const RFC3987_NORMALIZE_IDN: u32 = 2;
/// Flags of `rfc3987_equivalent`: compare without the fragments.
pub const RFC3987_COMPARE_EXCLUDE_FRAGMENT: u32 = 4;
/// Flags of `rfc3987_resolve`: the non-strict parser of RFC 3986 §5.2.2, which resolves a
/// reference whose scheme is the base's as if it had none.
pub const RFC3987_RESOLVE_NON_STRICT: u32 = 1;
/// Flags of `rfc3987_display_form`: isolate the IRI with LRI…PDI rather than embed it with
/// LRE…PDF (§4.1).
pub const RFC3987_DISPLAY_ISOLATE: u32 = 1;

/// A rung of the comparison ladder of RFC 3987 §5.3: one of the `RFC3987_LEVEL_*` constants.
pub type rfc3987_level = u32;
/// §5.3.1 simple string comparison.
pub const RFC3987_LEVEL_SIMPLE: rfc3987_level = 0;
/// §5.3.2 syntax-based normalization: case, percent-encoding, dot segments.
pub const RFC3987_LEVEL_SYNTAX: rfc3987_level = 1;
/// §5.3.3 scheme-based normalization (which includes the syntax-based one).
pub const RFC3987_LEVEL_SCHEME: rfc3987_level = 2;

/// `flags` when it has no bit outside `known`.
fn flags(flags: u32, known: u32) -> Result<u32, Failure> {
    match flags & !known {
        0 => Ok(flags),
        unknown => Err(Failure::invalid_argument(
            0,
            format!("unknown flags {unknown:#x}"),
        )),
    }
}

/// Whether `flags` has `flag`, which needs the library's `feature`: an error when it is set in
/// a build without the feature.
fn with_feature(flags: u32, flag: u32, feature: &str, built: bool) -> Result<bool, Failure> {
    match flags & flag != 0 {
        true if !built => Err(Failure::unsupported(feature)),
        on => Ok(on),
    }
}

/// The rung numbered `level`.
fn level(level: rfc3987_level) -> Result<Level, Failure> {
    usize::try_from(level)
        .ok()
        .and_then(|i| Level::ALL.get(i).copied())
        .ok_or_else(|| Failure::invalid_argument(0, format!("no level of RFC 3987 §5.3 is numbered {level}")))
}

/// The input numbered `index` parsed as an `IRI-reference`.
///
/// # Safety
/// As [`ffi::text`].
unsafe fn reference<'a>(ptr: *const c_char, len: usize, index: u32) -> Result<IriRef<&'a str>, Failure> {
    // SAFETY: as the caller guarantees.
    parsed(unsafe { ffi::text(ptr, len, index) }?, index)
}

/// The input numbered `index` parsed as an `IRI`: a base or a target, which must have a scheme
/// (RFC 3986 §5.2.1).
///
/// # Safety
/// As [`ffi::text`].
unsafe fn iri<'a>(ptr: *const c_char, len: usize, index: u32) -> Result<Iri<&'a str>, Failure> {
    // SAFETY: as the caller guarantees.
    let text = unsafe { ffi::text(ptr, len, index) }?;
    Iri::parse(text).map_err(|e| Failure::parse(index, &e))
}

/// The body of a pass from one input to a string: `flags` checked against `known`, then `pass`
/// on the input as text, its result handed to the caller.
///
/// # Safety
/// As [`ffi::text`] for `input` and `length`; as [`run`] for `error`.
unsafe fn one_input(
    input: *const c_char,
    length: usize,
    flags: u32,
    known: u32,
    error: *mut rfc3987_error,
    pass: impl FnOnce(&str, u32) -> Result<String, Failure>,
) -> *mut c_char {
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, std::ptr::null_mut(), || {
            let flags = self::flags(flags, known)?;
            ffi::owned_string(pass(ffi::text(input, length, 0)?, flags)?)
        })
    }
}

/// `text`, the input numbered `index`, parsed as an `IRI-reference`.
fn parsed(text: &str, index: u32) -> Result<IriRef<&str>, Failure> {
    IriRef::parse(text).map_err(|e| Failure::parse(index, &e))
}

/// The IRI reference mapped to a URI reference (RFC 3987 §3.1 step 2): its non-ASCII characters
/// percent-encoded as UTF-8; with `RFC3987_TO_URI_IDNA`, ToASCII for DNS hosts; with
/// `RFC3987_TO_URI_LENIENT`, the printable ASCII characters URIs do not allow encoded first.
/// NULL with `error` set when the input is not an IRI reference or ToASCII fails.
///
/// # Safety
/// `input` is NULL with `length` 0 or points to `length` readable bytes; `error` is NULL or a
/// zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_to_uri(
    input: *const c_char,
    length: usize,
    flags: u32,
    error: *mut rfc3987_error,
) -> *mut c_char {
    let known = RFC3987_TO_URI_IDNA | RFC3987_TO_URI_LENIENT;
    // SAFETY: as the caller guarantees.
    unsafe {
        one_input(input, length, flags, known, error, |text, flags| {
            let idna = with_feature(flags, RFC3987_TO_URI_IDNA, "idna", cfg!(feature = "idna"))?;
            let options = ToUriOptions::new().lenient(flags & RFC3987_TO_URI_LENIENT != 0);
            #[cfg(feature = "idna")]
            let options = options.idna(idna);
            let _ = idna;
            let uri = rfc3987::to_uri_lenient(text, &options).map_err(to_uri_failure)?;
            Ok(uri.into_inner())
        })
    }
}

/// The failure for an error of the mapping to URIs.
fn to_uri_failure(error: ToUriError) -> Failure {
    match error {
        ToUriError::Parse(e) => Failure::parse(0, &e),
        #[cfg(feature = "idna")]
        ToUriError::Idna(e) => Failure::new(RFC3987_ERROR_IDNA, 0, e.to_string()),
        other => Failure::new(RFC3987_ERROR_IDNA, 0, other.to_string()),
    }
}

/// The URI (or IRI) reference mapped to an IRI reference (RFC 3987 §3.2): percent-encoded UTF-8
/// that forms allowed characters decoded; with `RFC3987_TO_IRI_IDN_UNICODE`, ToUnicode for the
/// `xn--` labels of DNS hosts. NULL with `error` set when the input is not an IRI reference.
///
/// # Safety
/// `input` is NULL with `length` 0 or points to `length` readable bytes; `error` is NULL or a
/// zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_to_iri(
    input: *const c_char,
    length: usize,
    flags: u32,
    error: *mut rfc3987_error,
) -> *mut c_char {
    // SAFETY: as the caller guarantees.
    unsafe {
        one_input(
            input,
            length,
            flags,
            RFC3987_TO_IRI_IDN_UNICODE,
            error,
            |text, flags| {
                let unicode =
                    with_feature(flags, RFC3987_TO_IRI_IDN_UNICODE, "idna", cfg!(feature = "idna"))?;
                let options = ToIriOptions::new();
                #[cfg(feature = "idna")]
                let options = options.idn_unicode(unicode);
                let _ = unicode;
                Ok(rfc3987::to_iri(&parsed(text, 0)?, &options).into_inner())
            },
        )
    }
}

/// The options of `level` and the NFC and IDN `flags`.
fn normalize_options(level: Level, flags: u32) -> Result<NormalizeOptions, Failure> {
    let nfc = with_feature(flags, RFC3987_NORMALIZE_NFC, "nfc", cfg!(feature = "nfc"))?;
    let idn = with_feature(flags, RFC3987_NORMALIZE_IDN, "idna", cfg!(feature = "idna"))?;
    let options = NormalizeOptions::new(level);
    #[cfg(feature = "nfc")]
    let options = options.nfc(nfc);
    #[cfg(feature = "idna")]
    let options = options.idn(idn);
    let _ = (nfc, idn);
    Ok(options)
}

/// The IRI reference normalized at `level` (RFC 3987 §5.3.2, §5.3.3), with NFC
/// (`RFC3987_NORMALIZE_NFC`) and IDN normalization (`RFC3987_NORMALIZE_IDN`) when asked.
///
/// # Safety
/// `input` is NULL with `length` 0 or points to `length` readable bytes; `error` is NULL or a
/// zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_normalize(
    input: *const c_char,
    length: usize,
    level: rfc3987_level,
    flags: u32,
    error: *mut rfc3987_error,
) -> *mut c_char {
    let known = RFC3987_NORMALIZE_NFC | RFC3987_NORMALIZE_IDN;
    // SAFETY: as the caller guarantees.
    unsafe {
        one_input(input, length, flags, known, error, |text, flags| {
            let options = normalize_options(self::level(level)?, flags)?;
            Ok(rfc3987::normalize(&parsed(text, 0)?, &options).into_inner())
        })
    }
}

/// 1 when the two IRI references are equivalent at `level` (RFC 3987 §5.3: both normalized to
/// that rung, then compared), 0 when they are not, -1 with `error` set when one is not an IRI
/// reference (`error->input` says which). Flags: `RFC3987_NORMALIZE_NFC`,
/// `RFC3987_NORMALIZE_IDN`, `RFC3987_COMPARE_EXCLUDE_FRAGMENT`.
///
/// # Safety
/// `a` and `b` are each NULL with length 0 or point to that many readable bytes; `error` is
/// NULL or a zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_equivalent(
    a: *const c_char,
    a_length: usize,
    b: *const c_char,
    b_length: usize,
    level: rfc3987_level,
    flags: u32,
    error: *mut rfc3987_error,
) -> i32 {
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, -1, || {
            let known = RFC3987_NORMALIZE_NFC | RFC3987_NORMALIZE_IDN | RFC3987_COMPARE_EXCLUDE_FRAGMENT;
            let flags = self::flags(flags, known)?;
            let level = self::level(level)?;
            let options = CompareOptions::new(level)
                .exclude_fragment(flags & RFC3987_COMPARE_EXCLUDE_FRAGMENT != 0)
                .normalize_options(normalize_options(level, flags)?);
            let a = reference(a, a_length, 0)?;
            let b = reference(b, b_length, 1)?;
            Ok(i32::from(options.equivalent(&a, &b)))
        })
    }
}

/// The reference resolved against the base IRI (RFC 3986 §5.2, applied to IRIs by RFC 3987
/// §6.5): an IRI. The base must have a scheme (§5.2.1); its fragment is ignored. With
/// `RFC3987_RESOLVE_NON_STRICT`, a reference whose scheme is the base's is resolved as if it
/// had none (§5.2.2).
///
/// # Safety
/// `base` and `reference` are each NULL with length 0 or point to that many readable bytes;
/// `error` is NULL or a zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_resolve(
    base: *const c_char,
    base_length: usize,
    reference: *const c_char,
    reference_length: usize,
    flags: u32,
    error: *mut rfc3987_error,
) -> *mut c_char {
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, std::ptr::null_mut(), || {
            let flags = self::flags(flags, RFC3987_RESOLVE_NON_STRICT)?;
            let base = iri(base, base_length, 0)?;
            let reference = self::reference(reference, reference_length, 1)?;
            let resolved = match flags & RFC3987_RESOLVE_NON_STRICT {
                0 => rfc3987::resolve(&base, &reference),
                _ => rfc3987::resolve_non_strict(&base, &reference),
            };
            ffi::owned_string(resolved.into_inner())
        })
    }
}

/// The shortest reference that resolves against the base IRI to the target IRI (the inverse of
/// `rfc3987_resolve`; the target itself when nothing shorter does). NULL with
/// RFC3987_ERROR_NOT_RELATIVE when no reference resolves back to the target (a target path with
/// dot segments that resolution would remove).
///
/// # Safety
/// `base` and `target` are each NULL with length 0 or point to that many readable bytes;
/// `error` is NULL or a zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_relativize(
    base: *const c_char,
    base_length: usize,
    target: *const c_char,
    target_length: usize,
    error: *mut rfc3987_error,
) -> *mut c_char {
    // SAFETY: as the caller guarantees.
    unsafe {
        run(error, std::ptr::null_mut(), || {
            let base = iri(base, base_length, 0)?;
            let target = iri(target, target_length, 1)?;
            match rfc3987::relativize(&base, &target) {
                Some(reference) => ffi::owned_string(reference.into_inner()),
                None => Err(Failure::new(
                    RFC3987_ERROR_NOT_RELATIVE,
                    1,
                    "no reference resolves against the base to this target: resolution would remove its dot segments (RFC 3986 §5.2.4)",
                )),
            }
        })
    }
}

/// The IRI reference as RFC 3987 §4.1 says to display one that holds right-to-left characters:
/// embedded in LRE…PDF (or isolated in LRI…PDI with `RFC3987_DISPLAY_ISOLATE`), so that it
/// reads left to right as a whole; other IRIs as they are. For display only: the marks make it
/// an invalid IRI. Feature `bidi`.
///
/// # Safety
/// `input` is NULL with `length` 0 or points to `length` readable bytes; `error` is NULL or a
/// zero-initialized `rfc3987_error`.
#[no_mangle]
pub unsafe extern "C" fn rfc3987_display_form(
    input: *const c_char,
    length: usize,
    flags: u32,
    error: *mut rfc3987_error,
) -> *mut c_char {
    // SAFETY: as the caller guarantees.
    unsafe {
        one_input(
            input,
            length,
            flags,
            RFC3987_DISPLAY_ISOLATE,
            error,
            |text, flags| display_form(&parsed(text, 0)?, flags & RFC3987_DISPLAY_ISOLATE != 0),
        )
    }
}

/// The §4.1 display form, with feature `bidi`.
#[cfg(feature = "bidi")]
fn display_form(reference: &IriRef<&str>, isolate: bool) -> Result<String, Failure> {
    Ok(rfc3987::display_form(reference, isolate).into_owned())
}

/// Without feature `bidi`, an error.
#[cfg(not(feature = "bidi"))]
fn display_form(_: &IriRef<&str>, _: bool) -> Result<String, Failure> {
    Err(Failure::unsupported("bidi"))
}
