//! The comparison ladder (RFC 3987 §5.3): normalization and equivalence.

mod common;

use proptest::prelude::*;
use rfc3987::{equivalent, normalize, CompareOptions, IriRef, Level, NormalizeOptions};

fn norm(input: &str, options: NormalizeOptions) -> String {
    let iri = IriRef::parse(input).unwrap_or_else(|e| panic!("{e}"));
    let out = normalize(&iri, &options);
    // The result is an IRI reference whose recorded components are those of a fresh parse.
    let reparsed =
        IriRef::parse(out.as_str()).unwrap_or_else(|e| panic!("normalized {input:?} is invalid: {e}"));
    assert_eq!(out.scheme(), reparsed.scheme());
    assert_eq!(out.authority(), reparsed.authority());
    assert_eq!(out.path(), reparsed.path());
    assert_eq!(out.query(), reparsed.query());
    assert_eq!(out.fragment(), reparsed.fragment());
    out.to_string()
}

fn syntax(input: &str) -> String {
    norm(input, NormalizeOptions::new(Level::Syntax))
}

fn scheme(input: &str) -> String {
    norm(input, NormalizeOptions::new(Level::Scheme))
}

/// ../shared/corpus/rfc-examples/rfc3987-examples.json, kinds equivalent_syntax_based and
/// equivalent_scheme_based (RFC 3987 §5.3.2, §5.3.3).
#[test]
fn rfc3987_section_5_examples() {
    let examples: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let mut checked = 0;
    for e in examples.as_array().unwrap() {
        let level = match e["kind"].as_str().unwrap() {
            "equivalent_syntax_based" => Level::Syntax,
            "equivalent_scheme_based" => Level::Scheme,
            _ => continue,
        };
        let a = IriRef::parse(e["a"].as_str().unwrap()).unwrap();
        let b = IriRef::parse(e["b"].as_str().unwrap()).unwrap();
        let expected = e["equivalent"].as_bool().unwrap();
        let note = e["note"].as_str().unwrap_or("");
        // "'may be considered equivalent' (IDN/punycode)": only with the IDN option.
        let options = if note.contains("IDN") {
            CompareOptions::new(level).normalize_options(NormalizeOptions::new(level).idn(true))
        } else {
            CompareOptions::new(level)
        };
        assert_eq!(
            options.equivalent(&a, &b),
            expected,
            "{a} vs {b} at {level:?} ({note})"
        );
        assert_eq!(options.equivalent(&b, &a), expected, "symmetric");
        if let Some(normal) = e["normal_form"].as_str() {
            assert_eq!(scheme(a.as_str()), normal);
            assert_eq!(scheme(b.as_str()), normal);
        }
        checked += 1;
    }
    assert_eq!(checked, 9);
}

/// §5.3.2.1 case normalization.
#[test]
fn case() {
    assert_eq!(
        syntax("HTTP://www.EXAMPLE.com/A%c3%a9"),
        "http://www.example.com/Aé"
    );
    assert_eq!(syntax("http://H%2fX.Example/"), "http://h%2Fx.example/");
    assert_eq!(syntax("http://[FE80::A]/"), "http://[fe80::a]/");
    assert_eq!(syntax("http://[V1.ABC]/"), "http://[v1.abc]/");
    // Userinfo, path, query and fragment keep their case (only hex digits change).
    assert_eq!(syntax("s://U@h/P?Q#F%3a"), "s://U@h/P?Q#F%3A");
}

/// §5.3.2.3 percent-encoding normalization: iunreserved decoded, everything else kept, with
/// uppercase hex; invalid UTF-8 never decoded.
#[test]
fn percent_encoding() {
    assert_eq!(syntax("http://example.org/%7euser"), "http://example.org/~user");
    assert_eq!(
        syntax("http://example.org/r%C3%A9sum%C3%A9"),
        "http://example.org/résumé"
    );
    // Reserved characters stay encoded: %2F is not "/", %3F not "?".
    assert_eq!(
        syntax("http://example.org/a%2fb%3f"),
        "http://example.org/a%2Fb%3F"
    );
    // Not strictly legal UTF-8: overlong "/" (§8), a surrogate, above U+10FFFF, truncated.
    assert_eq!(syntax("a:%C0%AF"), "a:%C0%AF");
    assert_eq!(syntax("a:%ED%A0%80"), "a:%ED%A0%80");
    assert_eq!(syntax("a:%F9%A8%8E%80"), "a:%F9%A8%8E%80");
    assert_eq!(syntax("a:%f4%90%80%80"), "a:%F4%90%80%80");
    assert_eq!(syntax("a:%C3"), "a:%C3");
    assert_eq!(syntax("a:%C3%41"), "a:%C3A");
    assert_eq!(syntax("a:r%E9sum%E9"), "a:r%E9sum%E9");
    // Legal UTF-8 for characters that may not appear: C1 control, non-character, bidi (§4.1),
    // iprivate outside the query.
    assert_eq!(syntax("a:%C2%85"), "a:%C2%85");
    assert_eq!(syntax("a:%EF%BF%BE"), "a:%EF%BF%BE");
    assert_eq!(syntax("a:%E2%80%AE"), "a:%E2%80%AE");
    assert_eq!(syntax("a:%EE%80%80?%EE%80%80"), "a:%EE%80%80?\u{E000}");
    // Space and controls are not unreserved.
    assert_eq!(syntax("a:%20%0a"), "a:%20%0A");
}

/// §5.3.2.4 path segment normalization; relative references keep their dot segments.
#[test]
fn path_segments() {
    assert_eq!(syntax("http://a/b/c/./../../g"), "http://a/g");
    assert_eq!(syntax("http://a/%2E%2E/b"), "http://a/b");
    assert_eq!(syntax("../a/./b"), "../a/./b");
    // Never a path into an authority.
    assert_eq!(syntax("foo:.///bar"), "foo:/.//bar");
    assert_eq!(syntax("foo:/.//bar"), "foo:/.//bar");
    assert_eq!(syntax("foo:a/..//bar"), "foo:/.//bar");
}

/// §5.3.3 scheme-based normalization.
#[test]
fn scheme_based() {
    assert_eq!(scheme("http://example.com"), "http://example.com/");
    assert_eq!(scheme("http://example.com:/"), "http://example.com/");
    assert_eq!(scheme("http://example.com:80/"), "http://example.com/");
    assert_eq!(scheme("http://example.com:0080/"), "http://example.com/");
    assert_eq!(scheme("https://example.com:443"), "https://example.com/");
    assert_eq!(scheme("https://example.com:80/"), "https://example.com:80/");
    assert_eq!(scheme("ws://h:80"), "ws://h/");
    assert_eq!(scheme("wss://h:443/x"), "wss://h/x");
    assert_eq!(scheme("ftp://h:21"), "ftp://h/");
    // Empty query and fragment delimiters are significant.
    assert_eq!(scheme("http://example.com/?"), "http://example.com/?");
    assert_eq!(scheme("http://example.com/#"), "http://example.com/#");
    // Unknown schemes: only the empty port goes; the empty path stays.
    assert_eq!(scheme("foo://h:"), "foo://h");
    assert_eq!(scheme("foo://h:80"), "foo://h:80");
    // The syntax level leaves ports and empty paths alone.
    assert_eq!(syntax("http://example.com:80"), "http://example.com:80");
}

/// §5.3.2.2 NFC, opt-in; IDN (§5.3.3), opt-in.
#[test]
fn nfc_and_idn() {
    let decomposed = "http://www.example.org/re\u{301}sume\u{301}.html";
    assert_eq!(scheme(decomposed), decomposed);
    assert_eq!(
        norm(decomposed, NormalizeOptions::default().nfc(true)),
        "http://www.example.org/résumé.html"
    );
    let punycode = "http://xn--rsum-bpad.example.org/";
    assert_eq!(scheme(punycode), punycode);
    assert_eq!(
        norm(punycode, NormalizeOptions::default().idn(true)),
        "http://résumé.example.org/"
    );
    assert_eq!(
        norm(
            "http://RÉSUMÉ.example.org/",
            NormalizeOptions::default().idn(true)
        ),
        "http://résumé.example.org/"
    );
}

#[test]
fn comparison_levels() {
    let a = IriRef::parse("HTTP://www.EXAMPLE.com").unwrap();
    let b = IriRef::parse("http://www.example.com:80/").unwrap();
    assert!(!equivalent(&a, &b, Level::Simple));
    assert!(!equivalent(&a, &b, Level::Syntax));
    assert!(equivalent(&a, &b, Level::Scheme));
    assert!(equivalent(&a, &a, Level::Simple));
    let f1 = IriRef::parse("http://h/#a").unwrap();
    let f2 = IriRef::parse("http://h/").unwrap();
    assert!(!equivalent(&f1, &f2, Level::Scheme));
    assert!(CompareOptions::new(Level::Scheme)
        .exclude_fragment(true)
        .equivalent(&f1, &f2));
    assert!(CompareOptions::new(Level::Simple)
        .exclude_fragment(true)
        .equivalent(&f1, &f2));
}

fn iri_like() -> impl Strategy<Value = String> {
    let head = prop_oneof![
        Just(""),
        Just("HTTP://"),
        Just("http://Ex.COM:80"),
        Just("foo:"),
        Just("a:"),
        Just("//h"),
        Just("https://[FE80::1]:443"),
        Just("ftp://u@h:"),
        Just("http://xn--rsum-bpad.example.org"),
    ];
    let token = prop_oneof![
        Just("a"),
        Just("B"),
        Just("é"),
        Just("e\u{301}"),
        Just("/"),
        Just("."),
        Just(".."),
        Just("//"),
        Just("%2e"),
        Just("%2F"),
        Just("%7e"),
        Just("%c3%a9"),
        Just("%C0%AF"),
        Just("%ED%A0%80"),
        Just("%E2%80%AE"),
        Just("%EE%80%80"),
        Just("?"),
        Just("#"),
        Just(":"),
        Just("\u{E000}"),
        Just("%41"),
        Just("%C3"),
    ];
    (head, proptest::collection::vec(token, 0..12)).prop_map(|(h, t)| format!("{h}{}", t.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, max_global_rejects: 100_000, ..ProptestConfig::default() })]
    #[test]
    fn normalization_properties(input in iri_like()) {
        prop_assume!(IriRef::parse(input.as_str()).is_ok());
        for options in [
            NormalizeOptions::new(Level::Syntax),
            NormalizeOptions::new(Level::Scheme),
            NormalizeOptions::default().nfc(true).idn(true),
        ] {
            let once = norm(&input, options);
            // Idempotent.
            prop_assert_eq!(norm(&once, options), once.clone());
            // Never creates an authority.
            let had = IriRef::parse(input.as_str()).unwrap().authority().is_some();
            prop_assert_eq!(IriRef::parse(once.as_str()).unwrap().authority().is_some(), had);
        }
        let a = IriRef::parse(input.as_str()).unwrap();
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            prop_assert!(equivalent(&a, &a, level));
        }
    }

    #[test]
    fn equivalence_is_symmetric(a in iri_like(), b in iri_like()) {
        let (Ok(a), Ok(b)) = (IriRef::parse(a.as_str()), IriRef::parse(b.as_str())) else { return Ok(()) };
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            prop_assert_eq!(equivalent(&a, &b, level), equivalent(&b, &a, level));
        }
    }
}

// The probe parser is derived by pest_derive without `std`, which refers to `alloc`.
extern crate alloc;
#[path = "common/probe.rs"]
mod probe;

/// §5.3.2.3 decodes exactly what the grammar allows at that place: for code points at every
/// range edge of `ucschar`/`iprivate` (and the §4.1 bidi characters), the percent-encoded form is
/// decoded in the path iff the grammar's `ucschar` matches it, and in the query iff `ucschar` or
/// `iprivate` does.
#[test]
fn decoding_agrees_with_the_grammar() {
    let edges: &[u32] = &[
        0x9F, 0xA0, 0x200D, 0x200E, 0x200F, 0x2010, 0x2029, 0x202A, 0x202E, 0x202F, 0xD7FF, 0xE000, 0xF8FF,
        0xF900, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFEF, 0xFFF0, 0xFFFD, 0xFFFE, 0x10000, 0x1FFFD, 0x1FFFE,
        0x1FFFF, 0x20000, 0xDFFFD, 0xDFFFE, 0xE0000, 0xE0FFF, 0xE1000, 0xEFFFD, 0xEFFFE, 0xF0000, 0xFFFFD,
        0xFFFFE, 0x100000, 0x10FFFD, 0x10FFFE, 0x10FFFF,
    ];
    for &cp in edges {
        let c = char::from_u32(cp).unwrap();
        let mut buf = [0u8; 4];
        let encoded: String = c
            .encode_utf8(&mut buf)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        let ucschar = probe::matches("ucschar", &c.to_string());
        let iprivate = probe::matches("iprivate", &c.to_string());
        let out = syntax(&format!("s:/{encoded}?{encoded}"));
        let (path, query) = out["s:/".len()..].split_once('?').unwrap();
        assert_eq!(path == c.to_string(), ucschar, "U+{cp:04X} in the path: {out}");
        assert_eq!(
            query == c.to_string(),
            ucschar || iprivate,
            "U+{cp:04X} in the query: {out}"
        );
        if path != c.to_string() {
            assert_eq!(path, encoded);
        }
    }
}
