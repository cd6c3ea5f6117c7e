//! The rfc3987 library for JavaScript, through wasm-bindgen: each function translates its
//! arguments and results, the RFC's work is the library's. `lib/api.js` wraps these functions
//! in JavaScript's conventions (options objects, frozen results, `IRIError`).
//!
//! Built twice (js/build.sh): without features for the validation entry (`rfc3987/core`, the
//! library's light core), with `full` for the whole entry (`rfc3987`), which adds the steps that
//! need Unicode tables and the tools for showing and mending IRIs (`rule_names`, `printable`,
//! `repair`, bidi presentation, lint): 2 KB of gzipped module the validation entry does without.

#![forbid(unsafe_code)]

mod error;
mod input;
mod utf16;

use rfc3987::{
    AbnfRule, CompareOptions, HostKind, Iri, IriRef, Level, NormalizeOptions, PathKind, StartSymbol,
};
use rfc3987::{ToIriOptions, ToUriError, ToUriOptions};
use wasm_bindgen::prelude::*;

pub use error::Failure;
use error::{range_error, thrown};
pub use input::{input_buffer, is_valid_input, rule_id};

/// The ABNF rule named `name` (RFC 3987 §2.2, RFC 3986), or a `RangeError`.
fn rule(name: &str) -> Result<AbnfRule, JsValue> {
    AbnfRule::named(name).map_err(range_error)
}

/// The start symbol named `name`, for the functions that give components, or a `RangeError`.
fn start_symbol(name: &str) -> Result<StartSymbol, JsValue> {
    rule(name)?.symbol().ok_or_else(|| {
        range_error(format!(
            "`{}` is not a start symbol: parse takes IRI-reference, IRI, absolute-IRI, irelative-ref, URI-reference, URI, absolute-URI or relative-ref (isValid takes any rule)",
            rfc3987::printable(name)
        ))
    })
}

/// Nothing if all of `input` matches `rule`; otherwise throws a [`Failure`] (RFC 3987 §2.2).
#[wasm_bindgen]
pub fn validate(input: &str, rule: &str) -> Result<(), JsValue> {
    self::rule(rule)?.check(input).map_err(thrown)
}

/// `text` with every character that must not reach a reader raw (a control, a bidi formatting
/// character, an invisible one) written as `\u{XXXX}` (`rfc3987::printable`): for showing
/// untrusted text, as every message of the library does.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn printable(text: &str) -> String {
    rfc3987::printable(text).into_owned()
}

/// The kinds of host, in the order of the codes [`parse`] gives (`reg-name`, `ipv4`, …).
const HOST_KINDS: [HostKind; 4] = [
    HostKind::RegName,
    HostKind::Ipv4,
    HostKind::Ipv6,
    HostKind::IpvFuture,
];

/// The kinds of path (RFC 3987 §2.2 `ipath-*`), in the order of the codes [`parse`] gives.
const PATH_KINDS: [PathKind; 5] = [
    PathKind::AbEmpty,
    PathKind::Absolute,
    PathKind::NoScheme,
    PathKind::Rootless,
    PathKind::Empty,
];

/// The names of the host kinds, by code.
#[wasm_bindgen]
pub fn host_kinds() -> Vec<String> {
    HOST_KINDS.iter().map(|k| k.as_str().to_string()).collect()
}

/// The rule names of the path kinds, by code.
#[wasm_bindgen]
pub fn path_kinds() -> Vec<String> {
    PATH_KINDS.iter().map(|k| k.rule_name().to_string()).collect()
}

/// Absent, in the spans [`parse`] gives.
const ABSENT: u32 = u32::MAX;

/// The components of `input` parsed as the start symbol `rule` (RFC 3987 §2.2), as UTF-16
/// spans of the input: start and end of the scheme, authority, userinfo, host, port, path,
/// query and fragment (`u32::MAX` twice when absent), then the host kind's code (or
/// `u32::MAX`) and the path kind's. JavaScript slices the string it holds, so no component is
/// copied across.
#[wasm_bindgen]
pub fn parse(input: &str, rule: &str) -> Result<Vec<u32>, JsValue> {
    let iri = IriRef::parse_as(input, start_symbol(rule)?).map_err(thrown)?;
    // Byte offsets first (`usize::MAX` when absent), then UTF-16 indices in one walk.
    let mut offsets = Vec::with_capacity(16);
    let mut push = |part: Option<&str>| match part {
        Some(part) => {
            let start = part.as_ptr() as usize - input.as_ptr() as usize;
            offsets.extend([start, start + part.len()]);
        }
        None => offsets.extend([usize::MAX, usize::MAX]),
    };
    let authority = iri.authority();
    push(iri.scheme());
    push(authority.map(|a| a.as_str()));
    push(authority.and_then(|a| a.userinfo()));
    push(authority.map(|a| a.host_str()));
    push(authority.and_then(|a| a.port()));
    push(Some(iri.path().as_str()));
    push(iri.query());
    push(iri.fragment());
    let present: Vec<usize> = offsets.iter().copied().filter(|&o| o != usize::MAX).collect();
    let mut indices = utf16::indices(input, &present).into_iter();
    let mut spans: Vec<u32> = offsets
        .iter()
        .map(|&o| {
            if o == usize::MAX {
                ABSENT
            } else {
                indices.next().unwrap_or(ABSENT)
            }
        })
        .collect();
    let host_kind = authority.map(|a| a.host_kind());
    spans.push(host_kind.map_or(ABSENT, |kind| code(&HOST_KINDS, kind)));
    spans.push(code(&PATH_KINDS, iri.path().kind()));
    Ok(spans)
}

/// The index of `kind` in `kinds`.
fn code<T: PartialEq>(kinds: &[T], kind: T) -> u32 {
    kinds.iter().position(|k| *k == kind).unwrap_or(kinds.len()) as u32
}

/// The parse tree of `input` as the ABNF rule `rule`, one node a line as `iri tree` prints
/// it (rule name, byte range, text).
#[wasm_bindgen]
pub fn parse_tree(input: &str, rule: &str) -> Result<String, JsValue> {
    self::rule(rule)?.parse_tree(input).map_err(thrown)
}

/// The names of every ABNF rule [`validate`] and [`parse_tree`] take, as the RFCs spell them:
/// the eight start symbols first (`AbnfRule::all`).
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn rule_names() -> Vec<String> {
    AbnfRule::all().map(|r| r.name().to_string()).collect()
}

/// `input` with each character that keeps it from matching the start symbol `rule`
/// percent-encoded (RFC 3987 §3.1 step 2; `rfc3987::repair`), or `None` when it is valid or
/// encoding does not make it valid.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn repair(input: &str, rule: &str) -> Result<Option<String>, JsValue> {
    Ok(rfc3987::repair(input, start_symbol(rule)?))
}

/// The rung of the §5.3 ladder named `name`.
fn level(name: &str) -> Result<Level, JsValue> {
    Level::named(name).map_err(range_error)
}

/// The options of §5.3.2 and §5.3.3 at `level`, with NFC (§5.3.2.2) and IDN normalization
/// (§5.3.3) when asked and built in.
fn normalize_options(level: Level, nfc: bool, idn: bool) -> Result<NormalizeOptions, JsValue> {
    let options = NormalizeOptions::new(level);
    #[cfg(feature = "full")]
    let options = options.nfc(nfc).idn(idn);
    #[cfg(not(feature = "full"))]
    if nfc || idn {
        return Err(needs_full_entry(
            "the nfc and idn options of normalize and equivalent",
        ));
    }
    Ok(options)
}

/// The `TypeError` of the validation entry for an option of the whole one.
#[cfg(not(feature = "full"))]
fn needs_full_entry(what: &str) -> JsValue {
    error::type_error(format!(
        "{what}: the validation entry \"rfc3987/core\" leaves out the Unicode tables this needs; import from \"rfc3987\""
    ))
}

/// `input` normalized at `level` (RFC 3987 §5.3.2, §5.3.3).
#[wasm_bindgen]
pub fn normalize(input: &str, level: &str, nfc: bool, idn: bool) -> Result<String, JsValue> {
    let options = normalize_options(self::level(level)?, nfc, idn)?;
    let iri = IriRef::parse(input).map_err(thrown)?;
    Ok(rfc3987::normalize(&iri, &options).into_inner())
}

/// Whether `a` and `b` are equivalent at `level` (RFC 3987 §5.3).
#[wasm_bindgen]
pub fn equivalent(
    a: &str,
    b: &str,
    level: &str,
    exclude_fragment: bool,
    nfc: bool,
    idn: bool,
) -> Result<bool, JsValue> {
    let level = self::level(level)?;
    let options = CompareOptions::new(level)
        .exclude_fragment(exclude_fragment)
        .normalize_options(normalize_options(level, nfc, idn)?);
    let a = IriRef::parse(a).map_err(thrown)?;
    let b = IriRef::parse(b).map_err(thrown)?;
    Ok(options.equivalent(&a, &b))
}

/// `reference` resolved against `base` (RFC 3986 §5.2 via RFC 3987 §6.5); with `strict`
/// false, a reference with the base's scheme is read as if it had none (§5.2.2).
#[wasm_bindgen]
pub fn resolve(base: &str, reference: &str, strict: bool) -> Result<String, JsValue> {
    let base = Iri::parse(base).map_err(thrown)?;
    let reference = IriRef::parse(reference).map_err(thrown)?;
    let resolved = if strict {
        rfc3987::resolve(&base, &reference)
    } else {
        rfc3987::resolve_non_strict(&base, &reference)
    };
    Ok(resolved.into_inner())
}

/// The shortest reference that resolves against `base` to `target`, or `None` when none does.
#[wasm_bindgen]
pub fn relativize(base: &str, target: &str) -> Result<Option<String>, JsValue> {
    let base = Iri::parse(base).map_err(thrown)?;
    let target = Iri::parse(target).map_err(thrown)?;
    Ok(rfc3987::relativize(&base, &target).map(IriRef::into_inner))
}

/// `input` mapped to a URI (RFC 3987 §3.1); with `idna`, ToASCII for the host of a DNS
/// scheme; with `lenient`, the printable ASCII characters URIs do not allow percent-encoded
/// first.
#[wasm_bindgen]
pub fn to_uri(input: &str, idna: bool, lenient: bool) -> Result<String, JsValue> {
    let options = ToUriOptions::new().lenient(lenient);
    #[cfg(feature = "full")]
    let options = options.idna(idna);
    #[cfg(not(feature = "full"))]
    if idna {
        return Err(needs_full_entry("toUri's idna option (ToASCII)"));
    }
    match rfc3987::to_uri_lenient(input, &options) {
        Ok(uri) => Ok(uri.into_inner()),
        Err(ToUriError::Parse(error)) => Err(thrown(error)),
        Err(error) => Err(JsError::new(&error.to_string()).into()),
    }
}

/// `input`, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2); with `idn_unicode`,
/// ToUnicode for the `xn--` labels of a DNS host (§3.2.1).
#[wasm_bindgen]
pub fn to_iri(input: &str, idn_unicode: bool) -> Result<String, JsValue> {
    let reference = IriRef::parse(input).map_err(thrown)?;
    let options = ToIriOptions::new();
    #[cfg(feature = "full")]
    let options = options.idn_unicode(idn_unicode);
    #[cfg(not(feature = "full"))]
    if idn_unicode {
        return Err(needs_full_entry("toIri's idnUnicode option (ToUnicode)"));
    }
    Ok(rfc3987::to_iri(&reference, &options).into_inner())
}

#[cfg(feature = "full")]
mod bidi;
#[cfg(feature = "full")]
mod lint;
#[cfg(feature = "full")]
pub use bidi::{display_form, visual_order};
#[cfg(feature = "full")]
pub use lint::{lint, Finding};
