//! The table of `untrusted.rs`: the hostile texts, where they go in an IRI, and every command
//! and mode they are given to, with what the lines it writes are.

/// The characters never to be written raw, written out here from the design of issue 28 (not
/// taken from the code under test): the C0 controls but LF (a bare CR rewrites the line, ESC
/// starts the sequences below), DEL, the C1 controls (U+009B is a one-character CSI), the bidi
/// formatting characters of RFC 3987 §4.1 (LRM, RLM, LRE, RLE, PDF, LRO, RLO), ALM and the
/// isolates (LRI, RLI, FSI, PDI) of Unicode 6.3, the line and paragraph separators, the
/// zero-width space and joiners, and the byte order mark.
pub fn forbidden(c: char) -> bool {
    matches!(c,
        '\0'..='\u{9}' | '\u{B}'..='\u{1F}' | '\u{7F}'..='\u{9F}'
        | '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}

/// The hostile texts, each named. Most make an IRI invalid; U+061C and the isolates
/// U+2066–U+2069 are ucschar (RFC 3987 §2.2 admits U+A0–U+D7FF but for the §4.1 characters),
/// so the IRIs holding them are valid and their results are data. NUL cannot be an argument
/// (argv strings end at it) and the lone surrogate is not UTF-8: both go in files and on
/// standard input only.
pub const HOSTILE: &[(&str, &[u8])] = &[
    ("CSI colour", b"\x1b[31m"),
    ("clear screen", b"\x1b[2J\x1b[H"),
    ("OSC 0 title", b"\x1b]0;pwned\x07"),
    ("OSC 8 link", b"\x1b]8;;http://evil/\x1b\\click\x1b]8;;\x1b\\"),
    ("OSC 52 clipboard", b"\x1b]52;c;cm0gLXJmIH4=\x07"),
    ("BEL", b"\x07"),
    ("backspace", b"abc\x08\x08\x08xyz"),
    ("bare CR", b"safe\revil"),
    ("NUL", b"\0"),
    ("DEL", b"\x7f"),
    ("C1 CSI U+009B", "\u{9B}31m".as_bytes()),
    ("LRM U+200E", "\u{200E}".as_bytes()),
    ("RLM U+200F", "\u{200F}".as_bytes()),
    ("ALM U+061C", "\u{061C}".as_bytes()),
    ("LRE U+202A", "\u{202A}".as_bytes()),
    ("RLE U+202B", "\u{202B}".as_bytes()),
    ("PDF U+202C", "\u{202C}".as_bytes()),
    ("LRO U+202D", "\u{202D}".as_bytes()),
    ("RLO U+202E", "\u{202E}".as_bytes()),
    ("LRI U+2066", "\u{2066}".as_bytes()),
    ("RLI U+2067", "\u{2067}".as_bytes()),
    ("FSI U+2068", "\u{2068}".as_bytes()),
    ("PDI U+2069", "\u{2069}".as_bytes()),
    ("line separator U+2028", "\u{2028}".as_bytes()),
    ("byte order mark U+FEFF", "\u{FEFF}".as_bytes()),
    // U+D800 encoded as UTF-8 would be: not UTF-8 (RFC 3629 §3), what a `\uD800` escape
    // turned into bytes by a careless encoder gives.
    ("lone surrogate", b"\xed\xa0\x80"),
];

/// Where a hostile text goes: (component, before it, after it, percent-encoded). Percent-
/// encoded (every byte as %HH) it is a valid IRI that `decode` and `to-iri` may turn back into
/// the characters themselves.
pub const PLACES: &[(&str, &str, &str, bool)] = &[
    ("path", "http://a/x", "y", false),
    ("host", "http://a", "b/", false),
    ("userinfo", "http://u", "@a/", false),
    ("query", "http://a/?q=", "&r", false),
    ("fragment", "http://a/#f", "g", false),
    ("scheme", "h", "ttp://a/", false),
    ("whole input", "", "", false),
    ("path, percent-encoded", "http://a/x", "y", true),
    ("whole input, percent-encoded", "", "", true),
];

/// What the lines a command writes in text mode are.
#[derive(Clone, Copy, PartialEq)]
pub enum Out {
    /// Messages: listings, errors, diagnostics, summaries. Never raw.
    Messages,
    /// One result a line, exact data when piped (the error line in its place is a message).
    Data,
    /// `show --visual`: two lines an input, the `output` then its `marks`.
    Visual,
}
pub use Out::*;

pub const BASE: &str = "http://a/b/c/d;p?q";

/// Every command and mode that takes inputs: the arguments before them, what its text lines
/// are, and whether it has `--json`. `check` takes file names (a file, then `-`); the others
/// take the inputs as arguments, then `--file FILE --file -`.
pub const MODES: &[(&[&str], Out, bool)] = &[
    (&["check"], Messages, true),
    (&["check", "--kind", "iri"], Messages, true),
    (&["check", "--kind", "absolute-iri"], Messages, true),
    (&["check", "--kind", "relative-ref"], Messages, true),
    (&["check", "--kind", "uri-reference"], Messages, true),
    (&["check", "--kind", "uri"], Messages, true),
    (&["check", "--kind", "absolute-uri"], Messages, true),
    (&["check", "--kind", "uri-relative-ref"], Messages, true),
    (&["check", "--rule", "isegment"], Messages, true),
    (&["check", "--lint"], Messages, true),
    (&["parse"], Messages, true),
    (&["parse", "--tree"], Messages, false),
    (&["parse", "--tree", "--rule", "ihost"], Messages, false),
    (&["lint"], Messages, true),
    (&["show"], Data, true),
    (&["show", "--isolate"], Data, true),
    (&["show", "--visual"], Visual, true),
    (&["normalize"], Data, true),
    (&["normalize", "--level", "syntax", "--nfc", "--idn"], Data, true),
    (&["resolve", "--base", BASE], Data, true),
    (&["relativize", "--base", BASE], Data, true),
    (&["to-uri"], Data, true),
    (&["to-uri", "--idna"], Data, true),
    (&["to-uri", "--lenient"], Data, true),
    (&["to-iri"], Data, true),
    (&["to-iri", "--idn-unicode"], Data, true),
    (&["encode", "userinfo"], Data, true),
    (&["encode", "reg-name"], Data, true),
    (&["encode", "segment"], Data, true),
    (&["encode", "query"], Data, true),
    (&["encode", "query-part"], Data, true),
    (&["encode", "fragment"], Data, true),
    (&["decode", "userinfo"], Data, true),
    (&["decode", "reg-name"], Data, true),
    (&["decode", "segment"], Data, true),
    (&["decode", "query"], Data, true),
    (&["decode", "query-part"], Data, true),
    (&["decode", "fragment"], Data, true),
];

/// The options of `iri build` a hostile value goes in (the others are `--scheme http --host a`);
/// `--fragment`, `--path` and `--query` encode as `--segment` and `--query-pair` do.
pub const BUILD_OPTIONS: &[&str] = &[
    "--scheme",
    "--userinfo",
    "--host",
    "--port",
    "--segment",
    "--query-pair",
];
