//! The fast path is checked, not assumed: the scanner and the pest grammar must give the same
//! verdict and the same components on every corpus in the repository (tests/data/, tests/data/corpus/), for
//! every start symbol, and on generated strings.

use crate::common;

use proptest::prelude::*;
use rfc3987::{AbsoluteIri, AbsoluteUri, Iri, IriRef, RelativeIriRef, RelativeUriRef, Uri, UriRef};

/// Everything a parsed value exposes, as text: the verdict, or every component with its kind.
macro_rules! components {
    ($parsed:expr) => {
        $parsed.map(|p| {
            let authority = p.authority().map(|a| {
                (
                    a.as_str().to_string(),
                    a.userinfo().map(str::to_string),
                    a.host_str().to_string(),
                    format!("{:?}", a.host()),
                    a.port().map(str::to_string),
                )
            });
            format!(
                "{:?} {:?} {:?} {:?} {:?} {:?}",
                p.scheme(),
                authority,
                p.path().as_str(),
                p.path().kind(),
                p.query(),
                p.fragment()
            )
        })
    };
}

/// Asserts that both paths agree on `input` for every start symbol: the scanner alone (no
/// fallback) accepts exactly what the grammar accepts, with the same components, and the default
/// parse (scanner, then grammar for the error) gives the grammar's result.
fn agree(input: &str) {
    macro_rules! check {
        ($($ty:ident),*) => {$(
            let grammar = components!($ty::parse_with_grammar(input));
            let scanner = components!($ty::parse_with_scanner(input).ok_or(()));
            assert_eq!(scanner.ok(), grammar.clone().ok(), "scanner alone, {} {input:?}", stringify!($ty));
            let fast = components!($ty::parse(input));
            assert_eq!(fast, grammar, "{} {input:?}", stringify!($ty));
            let by_grammar = rfc3987::validate_with_grammar(input, $ty::<&str>::SYMBOL).is_ok();
            assert_eq!(
                rfc3987::validate(input, $ty::<&str>::SYMBOL).is_ok(),
                by_grammar,
                "validate {} {input:?}", stringify!($ty)
            );
            // `is_match` (every binding's `is_valid`) is the scanner alone, with no fallback.
            let rule = rfc3987::AbnfRule::named($ty::<&str>::SYMBOL.name()).expect("a start symbol");
            assert_eq!(rule.is_match(input), by_grammar, "is_match {} {input:?}", stringify!($ty));
        )*};
    }
    check!(
        IriRef,
        Iri,
        AbsoluteIri,
        RelativeIriRef,
        UriRef,
        Uri,
        AbsoluteUri,
        RelativeUriRef
    );
}

#[test]
fn corpora_agree_on_every_symbol() {
    let inputs = common::corpus_inputs();
    assert!(inputs.len() > 20_000, "{} inputs", inputs.len());
    for input in &inputs {
        agree(input);
    }
}

/// The two large IRI lists, as IRI-references (every symbol would take minutes in a debug
/// build; the symbols share all rules below the start symbol, which the test above covers).
#[test]
fn bench_corpora_agree() {
    for file in [
        "bench-sample/iris-mixed-10k.txt",
        "bench-sample/iris-nonascii-10k.txt",
    ] {
        let text = common::corpus(file);
        for line in text.lines() {
            assert_eq!(
                components!(IriRef::parse(line)),
                components!(IriRef::parse_with_grammar(line)),
                "{file}: {line:?}"
            );
        }
    }
}

/// IPvFuture at each of its edges, valid or not as its ABNF says (RFC 3986 §3.2.2:
/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`), and the scanner
/// agreeing with the grammar on each. The generated strings below reach these edges only by
/// chance.
#[test]
fn ipvfuture_edges() {
    let cases = [
        ("s://[v1.x]/", true),
        // ABNF strings are case-insensitive: "V" is "v"; hex digits in either case.
        ("s://[VaF.x]/", true),
        // After the ".": unreserved, sub-delims and ":".
        ("s://[v1.:!~-]/", true),
        // 1*HEXDIG: at least one digit.
        ("s://[v.x]/", false),
        // No ".".
        ("s://[v1]/", false),
        // 1*( ... ): at least one character after the ".".
        ("s://[v1.]/", false),
        // "x" is not a hex digit, and the "." must follow the digits.
        ("s://[v1x.y]/", false),
        // IPvFuture is RFC 3986's rule: no `ucschar` inside the brackets.
        ("s://[v1.\u{E9}]/", false),
        // "/" is neither unreserved nor a sub-delim.
        ("s://[v1.x/y]/", false),
    ];
    for (input, valid) in cases {
        assert_eq!(IriRef::parse(input).is_ok(), valid, "{input:?}");
        agree(input);
    }
}

/// Strings of the characters that matter to the grammar: delimiters, hex digits, dots and digits
/// for IP addresses, "%" and "v", and the edges of `ucschar` and `iprivate` and the §4.1 bidi
/// formatting characters.
fn grammar_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        8 => proptest::sample::select(vec![
            ":", "/", "?", "#", "[", "]", "@", "//", "::", ".", "%", "%4", "%41", "%e9", "1", "25", "255",
            "256", "0", "01", "a", "F", "g", "v", "V7.", "-", "+", "~", "!", "=", " ", "\"", "<", "\\",
            "http:", "s:", "1.2.3.4", "[::1]", "[v1.x]", "a:b",
        ])
        .prop_map(str::to_string),
        2 => proptest::sample::select(vec![
            // The first two bytes decide the scanner's fast path for these (src/scan.rs).
            '\u{85}', '\u{7FF}', '\u{800}', '\u{FFF}', '\u{1000}', '\u{1FFF}', '\u{2000}', '\u{2FFF}',
            '\u{3000}', '\u{CFFF}', '\u{D000}', '\u{9F}', '\u{A0}', '\u{200D}', '\u{200E}', '\u{200F}', '\u{2010}', '\u{202A}', '\u{202E}',
            '\u{202F}', '\u{D7FF}', '\u{E000}', '\u{F8FF}', '\u{F900}', '\u{FDCF}', '\u{FDD0}', '\u{FFEF}',
            '\u{FFF0}', '\u{1FFFD}', '\u{1FFFE}', '\u{E0FFF}', '\u{E1000}', '\u{EFFFD}', '\u{F0000}',
            '\u{10FFFD}', '\u{10FFFF}', 'é', '日',
        ])
        .prop_map(String::from),
        1 => any::<char>().prop_map(String::from),
    ];
    proptest::collection::vec(piece, 0..16).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn generated_strings_agree(input in grammar_soup()) {
        agree(&input);
    }

    /// The same soup behind a scheme and "//", where the authority rules are exercised.
    #[test]
    fn generated_authorities_agree(input in grammar_soup()) {
        agree(&format!("s://{input}"));
    }
}
