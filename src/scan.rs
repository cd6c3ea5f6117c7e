//! The fast path: a hand-written single-pass scanner for the grammar of RFC 3987 §2.2 that
//! records the same [`Spans`] as one walk of the pest tree.
//!
//! It is written rule by rule after the same ABNF, one function per rule, and follows the pest
//! grammar where that grammar departs from a literal reading (`// PEG:` in `grammar/`): the
//! ordered choices commit, so an `IRI-reference` that starts with `scheme ":"` is an `IRI` or
//! nothing, and an `IPv4address` is a host only when the host ends after it.
//!
//! What decides: when only the verdict is asked for (`is_valid`, [`crate::AbnfRule::is_match`]
//! for a start symbol, and every binding's `is_valid`), the scanner alone, accepting and
//! rejecting, with nothing recorded ([`matches()`]). When an input is parsed or validated with an
//! error and the scanner rejects it, the grammar read as ABNF (`src/automaton/`) says where and
//! why, and should it accept, pest's tree gives the components (`parse.rs`). `tests/scanner.rs`
//! and the `scanner_vs_grammar` fuzz target check that the scanner alone accepts exactly what
//! the grammar accepts, on every corpus and on generated input. Each function takes the position
//! where its rule starts and returns the position where it ends, or `None` when the rule does
//! not match there. Nothing allocates.

use std::marker::PhantomData;

use crate::chars::{is_iprivate, is_sub_delims, is_ucschar, is_unreserved};
use crate::components::{AuthoritySpans, HostSpans, PathKind, Span, Spans};
use crate::pest_grammar::StartSymbol;
use crate::walk::{ipv4, ipv6};

#[cfg(all(
    feature = "simd",
    any(
        target_arch = "x86_64",
        all(target_arch = "wasm32", target_feature = "simd128")
    )
))]
mod wide;

// The ASCII characters each rule of RFC 3987 §2.2 allows, as bits of one table of all 256
// byte values: non-ASCII bytes (`ucschar`, `iprivate`) and "%" (`pct-encoded`) have no bit, so
// the fast loop of `run` stops on them and the slow path reads them.
/// `iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )`
const IUSERINFO: u8 = 1;
/// `ireg-name = *( iunreserved / pct-encoded / sub-delims )`
const IREG_NAME: u8 = 2;
/// `isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )`
const ISEGMENT_NZ_NC: u8 = 4;
/// `ipath-abempty = *( "/" isegment )` after its first "/", `isegment = *ipchar`,
/// `ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"`: any run of `ipchar` and "/".
const IPATH: u8 = 8;
/// `iquery = *( ipchar / iprivate / "/" / "?" )`, `ifragment = *( ipchar / "/" / "?" )`
const IQUERY_IFRAGMENT: u8 = 16;
/// The characters of `scheme` after the first: `ALPHA / DIGIT / "+" / "-" / "."`
const SCHEME: u8 = 32;

const fn class_table() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8 as char;
        let base = is_unreserved(c) || is_sub_delims(c);
        let mut bits = 0;
        if base || c == ':' {
            bits |= IUSERINFO;
        }
        if base {
            bits |= IREG_NAME;
        }
        if base || c == '@' {
            bits |= ISEGMENT_NZ_NC;
        }
        if base || c == ':' || c == '@' {
            bits |= IPATH | IQUERY_IFRAGMENT;
        }
        if c == '/' {
            bits |= IPATH | IQUERY_IFRAGMENT;
        }
        if c == '?' {
            bits |= IQUERY_IFRAGMENT;
        }
        if c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.' {
            bits |= SCHEME;
        }
        table[b] = bits;
        b += 1;
    }
    table
}

const CLASS_TABLE: [u8; 256] = class_table();
static CLASS: [u8; 256] = CLASS_TABLE;

/// The end of the run of ASCII characters in `class` that starts at `pos`: one table lookup per
/// byte, eight bytes per round with the bounds checked once.
#[inline(always)]
fn ascii_run(bytes: &[u8], mut pos: usize, class: u8) -> usize {
    let outside = |b: u8| CLASS[b as usize] & class == 0;
    while let Some(chunk) = bytes.get(pos..pos + 8) {
        for (i, &b) in chunk.iter().enumerate() {
            if outside(b) {
                return pos + i;
            }
        }
        pos += 8;
    }
    while let Some(&b) = bytes.get(pos) {
        if outside(b) {
            return pos;
        }
        pos += 1;
    }
    pos
}

/// The length of the character that starts at `pos` (valid UTF-8, a non-ASCII lead byte) when it
/// is a `ucschar`, or with `iprivate` an `iprivate` (RFC 3987 §2.2); 0 when it is neither.
///
/// Most such characters are decided by their first two bytes: a two-byte character is U+0080 to
/// U+07FF, a `ucschar` from U+00A0 (lead C2 with a second byte from A0, or a lead from C3); a
/// three-byte character with a lead from E0 to ED is U+0800 to U+D7FF, all `ucschar` but the
/// seven §4.1 bidi formatting characters, which all have the lead E2 (E2 80 8E, 8F, AA to AE).
/// The rest (leads E2, EE, EF, and four bytes) are decoded.
#[inline(always)]
fn non_ascii(bytes: &[u8], pos: usize, iprivate: bool) -> usize {
    let lead = bytes[pos];
    if lead < 0xE0 {
        let second = bytes.get(pos + 1).copied().unwrap_or(0);
        return if lead_is_ucschar(lead) || second >= 0xA0 {
            2
        } else {
            0
        };
    }
    if lead_is_ucschar(lead) {
        return 3;
    }
    decoded(bytes, pos, iprivate)
}

/// Whether every character with the lead byte `lead` (valid UTF-8, not ASCII) is a `ucschar`
/// whatever follows (see [`non_ascii`]): C3 to DF (U+00C0 to U+07FF), and E0 to ED but E2
/// (U+0800 to U+D7FF but U+2000 to U+2FFF, where the §4.1 bidi formatting characters are).
#[inline(always)]
const fn lead_is_ucschar(lead: u8) -> bool {
    matches!(lead, 0xC3..=0xDF | 0xE0..=0xE1 | 0xE3..=0xED)
}

/// [`non_ascii`] by decoding the character.
#[inline(never)]
fn decoded(bytes: &[u8], pos: usize, iprivate: bool) -> usize {
    let (c, len) = char_at(bytes, pos);
    if is_ucschar(c) || (iprivate && is_iprivate(c)) {
        len
    } else {
        0
    }
}

/// The character that starts at `pos` in valid UTF-8 whose byte at `pos` is not ASCII, and its
/// length.
fn char_at(bytes: &[u8], pos: usize) -> (char, usize) {
    let byte = |i: usize| (bytes.get(pos + i).copied().unwrap_or(0) & 0x3F) as u32;
    let lead = bytes[pos] as u32;
    let (c, len) = if lead < 0xE0 {
        ((lead & 0x1F) << 6 | byte(1), 2)
    } else if lead < 0xF0 {
        ((lead & 0x0F) << 12 | byte(1) << 6 | byte(2), 3)
    } else {
        ((lead & 0x07) << 18 | byte(1) << 12 | byte(2) << 6 | byte(3), 4)
    };
    (char::from_u32(c).unwrap_or('\0'), len)
}

/// Scans the whole input as `symbol`; `None` when it does not match (the grammar then reports
/// why). A URI symbol is its IRI counterpart restricted to ASCII (see [`StartSymbol`]).
pub(crate) fn scan(input: &str, symbol: StartSymbol) -> Option<Spans> {
    let mut spans = Spans::empty();
    scan_into(input, symbol, &mut spans).then_some(spans)
}

/// [`scan`] into `spans`, which must be [`Spans::empty`]: whether the input matches (when it
/// does not, `spans` holds what was read before the mismatch). The parsed types are built in
/// place around `spans`, so that the result is not copied on its way out.
#[inline]
pub(crate) fn scan_into(input: &str, symbol: StartSymbol, spans: &mut Spans) -> bool {
    scan_as(input, symbol, spans)
}

/// Whether the whole input matches `symbol`, the same verdict as [`scan`] with nothing recorded.
pub(crate) fn matches(input: &str, symbol: StartSymbol) -> bool {
    scan_as(input, symbol, &mut NoSpans)
}

/// Where the scanner records what it reads: [`Spans`], or nowhere ([`NoSpans`]), when every
/// write and every address computed for one is compiled out.
trait Slot {
    const RECORD: bool;
    fn get(&mut self) -> Option<&mut Spans>;
}

impl Slot for Spans {
    const RECORD: bool = true;
    #[inline(always)]
    fn get(&mut self) -> Option<&mut Spans> {
        Some(self)
    }
}

/// Nothing recorded: validation alone.
struct NoSpans;

impl Slot for NoSpans {
    const RECORD: bool = false;
    #[inline(always)]
    fn get(&mut self) -> Option<&mut Spans> {
        None
    }
}

/// The scanner, recording the components in `spans`: sixteen bytes at a time where it can
/// (`wide`), else a byte at a time.
#[inline(always)]
fn scan_as<S: Slot>(input: &str, symbol: StartSymbol, spans: &mut S) -> bool {
    if symbol.is_uri() && !input.is_ascii() {
        return false;
    }
    #[cfg(all(
        feature = "simd",
        any(
            target_arch = "x86_64",
            all(target_arch = "wasm32", target_feature = "simd128")
        )
    ))]
    if let Some(matched) = wide::scan(input, symbol, spans) {
        return matched;
    }
    scan_bytewise(input, symbol, spans)
}

/// The scan a byte at a time: kept out of line when the wide one exists, so that choosing
/// between them costs a few instructions.
#[cfg_attr(all(feature = "simd", target_arch = "x86_64"), inline(never))]
fn scan_bytewise<S: Slot>(input: &str, symbol: StartSymbol, spans: &mut S) -> bool {
    scan_with(input, symbol, spans, Bytewise)
}

/// How the scanner reads a run of the characters a rule allows: the end of the run from `pos`
/// of the bytes that `class` allows outright, at least its ASCII characters. The scanner reads
/// the rest of the run (`pct-encoded`, the non-ASCII characters it must decode) itself.
trait Runs: Copy {
    fn fast_run(self, bytes: &[u8], pos: usize, class: u8) -> usize;
}

/// The runs of ASCII characters, read a byte at a time ([`ascii_run`]).
#[derive(Clone, Copy)]
struct Bytewise;

impl Runs for Bytewise {
    #[inline(always)]
    fn fast_run(self, bytes: &[u8], pos: usize, class: u8) -> usize {
        ascii_run(bytes, pos, class)
    }
}

/// The scanner over `input` as `symbol`, with its runs read by `runs`.
#[inline(always)]
fn scan_with<S: Slot, R: Runs>(input: &str, symbol: StartSymbol, spans: &mut S, runs: R) -> bool {
    let s = Scanner {
        input,
        runs,
        slot: PhantomData::<S>,
    };
    let end = match symbol {
        StartSymbol::IriReference | StartSymbol::UriReference => s.iri_reference(spans),
        StartSymbol::Iri | StartSymbol::Uri => s.iri(false, spans),
        StartSymbol::AbsoluteIri | StartSymbol::AbsoluteUri => s.iri(true, spans),
        StartSymbol::IrelativeRef | StartSymbol::RelativeRef => s.irelative_ref(spans),
    };
    end == Some(input.len())
}

struct Scanner<'a, S, R> {
    input: &'a str,
    runs: R,
    slot: PhantomData<S>,
}

// The rules on the common path are `inline(always)`: the scanner is one function for each way
// it is entered, and with `wide` that function is compiled for AVX2, which a function it called
// would not be.
impl<S: Slot, R: Runs> Scanner<'_, S, R> {
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        self.input.as_bytes()
    }

    #[inline(always)]
    fn byte(&self, pos: usize) -> Option<u8> {
        self.bytes().get(pos).copied()
    }

    /// The longest run from `pos` of characters in `class` (ASCII classes), `pct-encoded`
    /// triplets, `ucschar` and, with `iprivate`, `iprivate` (RFC 3987 §2.2).
    #[inline(always)]
    fn run(&self, mut pos: usize, class: u8, iprivate: bool) -> usize {
        loop {
            pos = self.runs.fast_run(self.bytes(), pos, class);
            match self.bytes().get(pos) {
                // A non-ASCII byte starts a character: `pos` is on a char boundary.
                Some(&b) if b >= 0x80 => match non_ascii(self.bytes(), pos, iprivate) {
                    0 => return pos,
                    len => pos += len,
                },
                Some(b'%') if self.pct_encoded(pos) => pos += 3,
                _ => return pos,
            }
        }
    }

    /// `pct-encoded = "%" HEXDIG HEXDIG` (RFC 3986 §2.1) at `pos`.
    #[inline(always)]
    fn pct_encoded(&self, pos: usize) -> bool {
        matches!(self.bytes().get(pos..pos + 3), Some([b'%', h, l]) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit())
    }

    /// `IRI-reference = IRI / irelative-ref`. PEG: the choice commits, so an input that starts
    /// with `scheme ":"` (where `IRI` matches a prefix) is an `IRI` or nothing.
    #[inline(always)]
    fn iri_reference(&self, spans: &mut S) -> Option<usize> {
        match self.scheme() {
            Some(end) if self.byte(end) == Some(b':') => Some(self.after_scheme(end, false, spans)),
            _ => self.irelative_ref(spans),
        }
    }

    /// `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]`, and without the fragment
    /// `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]`.
    #[inline(always)]
    fn iri(&self, absolute: bool, spans: &mut S) -> Option<usize> {
        let end = self.scheme()?;
        if self.byte(end) != Some(b':') {
            return None;
        }
        Some(self.after_scheme(end, absolute, spans))
    }

    /// The rest of an `IRI` (or `absolute-IRI`) after its scheme, which ends at `end`, and ":".
    #[inline(always)]
    fn after_scheme(&self, end: usize, absolute: bool, spans: &mut S) -> usize {
        if let Some(spans) = spans.get() {
            spans.scheme = Some(Span { start: 0, end });
        }
        let pos = self.ihier_part(end + 1, spans);
        let pos = self.iquery(pos, spans);
        if absolute {
            pos
        } else {
            self.ifragment(pos, spans)
        }
    }

    /// `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]`
    #[inline(always)]
    fn irelative_ref(&self, spans: &mut S) -> Option<usize> {
        let pos = self.irelative_part(0, spans)?;
        let pos = self.iquery(pos, spans);
        Some(self.ifragment(pos, spans))
    }

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1), at the start.
    #[inline(always)]
    fn scheme(&self) -> Option<usize> {
        scheme(self.bytes())
    }

    /// `ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty`
    #[inline(always)]
    fn ihier_part(&self, pos: usize, spans: &mut S) -> usize {
        if self.bytes()[pos..].starts_with(b"//") {
            let pos = self.iauthority(pos + 2, spans);
            return self.path(pos, self.ipath_abempty(pos), PathKind::AbEmpty, spans);
        }
        if let Some(end) = self.ipath_absolute(pos) {
            return self.path(pos, end, PathKind::Absolute, spans);
        }
        if let Some(end) = self.ipath_rootless(pos) {
            return self.path(pos, end, PathKind::Rootless, spans);
        }
        self.path(pos, pos, PathKind::Empty, spans)
    }

    /// `irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme /
    /// ipath-empty`. The authority branch can fail only inside an IP-literal, which no other
    /// branch accepts either.
    #[inline(always)]
    fn irelative_part(&self, pos: usize, spans: &mut S) -> Option<usize> {
        if self.bytes()[pos..].starts_with(b"//") {
            let pos = self.iauthority(pos + 2, spans);
            return Some(self.path(pos, self.ipath_abempty(pos), PathKind::AbEmpty, spans));
        }
        if let Some(end) = self.ipath_absolute(pos) {
            return Some(self.path(pos, end, PathKind::Absolute, spans));
        }
        if let Some(end) = self.ipath_noscheme(pos) {
            return Some(self.path(pos, end, PathKind::NoScheme, spans));
        }
        Some(self.path(pos, pos, PathKind::Empty, spans))
    }

    #[inline(always)]
    fn path(&self, start: usize, end: usize, kind: PathKind, spans: &mut S) -> usize {
        if let Some(spans) = spans.get() {
            spans.path = Span { start, end };
            spans.path_kind = kind;
        }
        end
    }

    /// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]`. An IP-literal that does not match
    /// leaves the position on "[", which nothing after the authority accepts.
    ///
    /// The characters of `ireg-name` are those of `iuserinfo` but ":", so one run of them
    /// either ends at "@" (a userinfo), or at ":" (a userinfo if "@" ends the `iuserinfo` run
    /// from there, else the port follows), or where the authority ends: the host is read once.
    #[inline(always)]
    fn iauthority(&self, start: usize, spans: &mut S) -> usize {
        let reg_name_end = self.run(start, IREG_NAME, false);
        let mut userinfo_end = None;
        match self.byte(reg_name_end) {
            Some(b'@') => userinfo_end = Some(reg_name_end),
            Some(b':') => {
                let end = self.run(reg_name_end, IUSERINFO, false);
                if self.byte(end) == Some(b'@') {
                    userinfo_end = Some(end);
                }
            }
            _ => {}
        }
        let (userinfo, host_start, host_end, host_kind) = match userinfo_end {
            Some(end) => {
                let (host_end, host_kind) = self.ihost(end + 1, None);
                (Some(Span { start, end }), end + 1, host_end, host_kind)
            }
            None => {
                let (host_end, host_kind) = self.ihost(start, Some(reg_name_end));
                (None, start, host_end, host_kind)
            }
        };
        let (port, end) = if self.byte(host_end) == Some(b':') {
            let port_end = self.port(host_end + 1);
            (
                Some(Span {
                    start: host_end + 1,
                    end: port_end,
                }),
                port_end,
            )
        } else {
            (None, host_end)
        };
        if let Some(spans) = spans.get() {
            spans.authority = Some(AuthoritySpans {
                whole: Span { start, end },
                userinfo,
                host: Span {
                    start: host_start,
                    end: host_end,
                },
                host_kind,
                port,
            });
        }
        end
    }

    /// `ihost = IP-literal / IPv4address / ireg-name`, at `pos`, where the `ireg-name` run
    /// ends at `reg_name_end` when known. PEG: `IPv4address` only when the host ends after it
    /// (followed by ":", "/", "?", "#" or the end), as in the grammar.
    #[inline(always)]
    fn ihost(&self, pos: usize, reg_name_end: Option<usize>) -> (usize, HostSpans) {
        match self.byte(pos) {
            Some(b'[') => {
                return match self.ip_literal(pos) {
                    Some(found) => found,
                    None => (pos, HostSpans::RegName),
                };
            }
            Some(b'0'..=b'9') => {
                if let Some(end) = self.ipv4address(pos) {
                    if matches!(self.byte(end), None | Some(b':' | b'/' | b'?' | b'#')) {
                        let address = if S::RECORD {
                            HostSpans::Ipv4(ipv4(&self.input[pos..end]))
                        } else {
                            HostSpans::RegName
                        };
                        return (end, address);
                    }
                }
            }
            _ => {}
        }
        let end = reg_name_end.unwrap_or_else(|| self.run(pos, IREG_NAME, false));
        (end, HostSpans::RegName)
    }

    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"` (RFC 3986 §3.2.2)
    #[inline(never)]
    fn ip_literal(&self, pos: usize) -> Option<(usize, HostSpans)> {
        let close = pos + 1 + self.bytes()[pos + 1..].iter().position(|&b| b == b']')?;
        let inside = &self.input[pos + 1..close];
        let kind = if ipv6address(inside.as_bytes()) {
            if S::RECORD {
                HostSpans::Ipv6(ipv6(inside))
            } else {
                HostSpans::RegName
            }
        } else {
            let dot = ipvfuture(inside.as_bytes())?;
            HostSpans::IpvFuture {
                version: Span {
                    start: pos + 2,
                    end: pos + 1 + dot,
                },
            }
        };
        Some((close + 1, kind))
    }

    /// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet` (RFC 3986 §3.2.2)
    fn ipv4address(&self, pos: usize) -> Option<usize> {
        ipv4address(&self.bytes()[pos..]).map(|len| pos + len)
    }

    /// `port = *DIGIT` (RFC 3986 §3.2.3)
    fn port(&self, pos: usize) -> usize {
        pos + self.bytes()[pos..]
            .iter()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(self.bytes().len() - pos)
    }

    /// `ipath-abempty = *( "/" isegment )`, `isegment = *ipchar`: empty, or "/" and any
    /// run of `ipchar` and "/".
    #[inline(always)]
    fn ipath_abempty(&self, pos: usize) -> usize {
        if self.byte(pos) == Some(b'/') {
            self.run(pos, IPATH, false)
        } else {
            pos
        }
    }

    /// `ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]`: "/" alone when a second "/"
    /// follows (the optional part needs a non-empty first segment).
    #[inline(always)]
    fn ipath_absolute(&self, pos: usize) -> Option<usize> {
        if self.byte(pos) != Some(b'/') {
            return None;
        }
        Some(if self.byte(pos + 1) == Some(b'/') {
            pos + 1
        } else {
            self.run(pos + 1, IPATH, false)
        })
    }

    /// `ipath-noscheme = isegment-nz-nc *( "/" isegment )`
    #[inline(always)]
    fn ipath_noscheme(&self, pos: usize) -> Option<usize> {
        let end = self.run(pos, ISEGMENT_NZ_NC, false);
        (end > pos).then(|| self.ipath_abempty(end))
    }

    /// `ipath-rootless = isegment-nz *( "/" isegment )`, `isegment-nz = 1*ipchar`: an `ipchar`
    /// first, then any run of `ipchar` and "/".
    #[inline(always)]
    fn ipath_rootless(&self, pos: usize) -> Option<usize> {
        if self.byte(pos) == Some(b'/') {
            return None;
        }
        let end = self.run(pos, IPATH, false);
        (end > pos).then_some(end)
    }

    /// `[ "?" iquery ]`, `iquery = *( ipchar / iprivate / "/" / "?" )`
    #[inline(always)]
    fn iquery(&self, pos: usize, spans: &mut S) -> usize {
        if self.byte(pos) != Some(b'?') {
            return pos;
        }
        let end = self.run(pos + 1, IQUERY_IFRAGMENT, true);
        if let Some(spans) = spans.get() {
            spans.query = Some(Span { start: pos + 1, end });
        }
        end
    }

    /// `[ "#" ifragment ]`, `ifragment = *( ipchar / "/" / "?" )`
    #[inline(always)]
    fn ifragment(&self, pos: usize, spans: &mut S) -> usize {
        if self.byte(pos) != Some(b'#') {
            return pos;
        }
        let end = self.run(pos + 1, IQUERY_IFRAGMENT, false);
        if let Some(spans) = spans.get() {
            spans.fragment = Some(Span { start: pos + 1, end });
        }
        end
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1): the length of the
/// scheme at the start of `bytes`, if there is one.
#[inline(always)]
pub(crate) fn scheme(bytes: &[u8]) -> Option<usize> {
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    Some(ascii_run(bytes, 1, SCHEME))
}

/// The length of the `IPv4address` at the start of `bytes`, if there is one.
fn ipv4address(bytes: &[u8]) -> Option<usize> {
    let mut pos = 0;
    for i in 0..4 {
        if i > 0 {
            if bytes.get(pos) != Some(&b'.') {
                return None;
            }
            pos += 1;
        }
        pos += dec_octet(&bytes[pos..])?;
    }
    Some(pos)
}

/// `dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35`: the
/// length of the longest one at the start of `bytes` (PEG: the grammar lists them longest first).
fn dec_octet(bytes: &[u8]) -> Option<usize> {
    let digits = bytes.iter().take(3).take_while(|b| b.is_ascii_digit()).count();
    match bytes[..digits] {
        [] => None,
        [b'0', ..] => Some(1),
        [a, b, c] if (a - b'0') as u32 * 100 + (b - b'0') as u32 * 10 + (c - b'0') as u32 <= 255 => Some(3),
        [_, _, ..] => Some(2),
        [_] => Some(1),
    }
}

/// `h16 = 1*4HEXDIG`: its length at the start of `bytes`.
fn h16(bytes: &[u8]) -> Option<usize> {
    let n = bytes.iter().take(4).take_while(|b| b.is_ascii_hexdigit()).count();
    (n > 0 && !matches!(bytes.get(n), Some(b) if b.is_ascii_hexdigit())).then_some(n)
}

/// Whether all of `bytes` is an `IPv6address` (RFC 3986 §3.2.2): the nine forms say that it
/// holds 8 pieces of 16 bits, `h16` each or an `IPv4address` for the last two (`ls32`), and that
/// at most one "::" stands for one or more zero pieces.
fn ipv6address(bytes: &[u8]) -> bool {
    let (mut pieces, mut pos, mut elided) = (0, 0, false);
    if bytes.starts_with(b"::") {
        elided = true;
        pos = 2;
        if pos == bytes.len() {
            return true; // "::"
        }
    }
    loop {
        // ls32 as an IPv4address: only as the last two pieces.
        if pieces <= 6 {
            if let Some(len) = ipv4address(&bytes[pos..]) {
                if pos + len == bytes.len() {
                    pieces += 2;
                    return if elided { pieces <= 7 } else { pieces == 8 };
                }
            }
        }
        let Some(len) = h16(&bytes[pos..]) else {
            return false;
        };
        pieces += 1;
        pos += len;
        if pos == bytes.len() {
            return if elided { pieces <= 7 } else { pieces == 8 };
        }
        if bytes[pos] != b':' || pieces == 8 {
            return false;
        }
        pos += 1;
        if bytes.get(pos) == Some(&b':') {
            if elided {
                return false;
            }
            elided = true;
            pos += 1;
            if pos == bytes.len() {
                return pieces <= 7;
            }
        }
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`, the "v" in either case
/// (ABNF strings are case-insensitive): the offset of its "." when all of `bytes` matches.
fn ipvfuture(bytes: &[u8]) -> Option<usize> {
    if !matches!(bytes.first(), Some(b'v' | b'V')) {
        return None;
    }
    let hex = bytes[1..].iter().take_while(|b| b.is_ascii_hexdigit()).count();
    let dot = 1 + hex;
    let rest = bytes.get(dot + 1..)?;
    let ok = hex > 0
        && bytes[dot] == b'.'
        && !rest.is_empty()
        && rest
            .iter()
            .all(|&b| b < 0x80 && CLASS[b as usize] & IUSERINFO != 0);
    ok.then_some(dot)
}
