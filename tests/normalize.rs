//! The comparison ladder (RFC 3987 §5.3): normalization and equivalence.

use crate::common;
use crate::probe;

use std::cell::Cell;

use proptest::prelude::*;
use rfc3987::{equivalent, normalize, CompareOptions, HostKind, IriRef, Level, NormalizeOptions};

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

/// `options` with the steps beyond the ladder that this build has turned on: §5.3.2.2 NFC
/// (feature `nfc`) and §5.3.3 IDN normalization (feature `idna`). Without either, `options`
/// as given: the loops over options still run, on the ladder alone.
fn with_extras(options: NormalizeOptions) -> NormalizeOptions {
    #[cfg(feature = "nfc")]
    let options = options.nfc(true);
    #[cfg(feature = "idna")]
    let options = options.idn(true);
    options
}

/// tests/data/corpus/rfc-examples/rfc3987-examples.json, kinds equivalent_syntax_based and
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
        let note = e["note"].as_str().unwrap_or("");
        // "'may be considered equivalent' (IDN/punycode)": only with the IDN option (feature
        // `idna`). Without it no step of the ladder turns an A-label into its U-label, so the
        // two spellings stay apart: a false negative, which §5.3 allows.
        let idn = note.contains("IDN");
        let expected = e["equivalent"].as_bool().unwrap() && (!idn || cfg!(feature = "idna"));
        #[cfg(feature = "idna")]
        let options = if idn {
            CompareOptions::new(level).normalize_options(NormalizeOptions::new(level).idn(true))
        } else {
            CompareOptions::new(level)
        };
        #[cfg(not(feature = "idna"))]
        let options = CompareOptions::new(level);
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

/// tests/data/corpus/rfc-examples/rfc3987-examples.json, kind `nfc` (RFC 3987 §5.3.2.2): each
/// input is in NFC exactly when the file says (checked with the Unicode tables directly, and by
/// the NFC option leaving exactly those unchanged). The file's two inputs are the RFC's pair,
/// "résumé" precomposed and decomposed: the same text up to NFC, which the file implies is
/// equivalent only through character normalization ("comparison MUST NOT apply character
/// normalization"), so the pair is not equivalent at any level without `.nfc(true)` and is
/// equivalent with it. Without the feature `nfc`, the part without NFC.
#[test]
fn rfc3987_nfc_examples() {
    let examples: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let nfc_examples: Vec<(String, bool)> = examples
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "nfc")
        .map(|e| {
            let input = e["input"].as_str().expect("an nfc example has an input");
            let is_nfc = e["is_nfc"].as_bool().expect("an nfc example says is_nfc");
            (input.to_string(), is_nfc)
        })
        .collect();
    assert_eq!(nfc_examples.len(), 2, "nfc examples in the corpus file");
    let mut pairs = 0;
    for (input, is_nfc) in &nfc_examples {
        #[cfg(feature = "nfc")]
        {
            assert_eq!(unicode_normalization::is_nfc(input), *is_nfc, "{input}");
            let with_nfc = norm(input, NormalizeOptions::default().nfc(true));
            assert_eq!(with_nfc == *input, *is_nfc, "{input} → {with_nfc}");
        }
        if *is_nfc {
            continue;
        }
        // Its NFC counterpart in the file.
        #[cfg(feature = "nfc")]
        let composed: String = unicode_normalization::UnicodeNormalization::nfc(input.as_str()).collect();
        // Without the Unicode tables: "e" U+0301 COMBINING ACUTE ACCENT composes to U+00E9 "é"
        // (UnicodeData.txt gives 00E9 the canonical decomposition 0065 0301), the one
        // decomposed character of the RFC's "résumé".
        #[cfg(not(feature = "nfc"))]
        let composed = input.replace("e\u{301}", "\u{E9}");
        let (other, _) = nfc_examples
            .iter()
            .find(|(o, is)| *is && *o == composed)
            .unwrap_or_else(|| panic!("no NFC counterpart of {input} in the file"));
        let (a, b) = (
            IriRef::parse(input.as_str()).unwrap(),
            IriRef::parse(other.as_str()).unwrap(),
        );
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            assert!(!equivalent(&a, &b, level), "{level:?} without NFC");
        }
        #[cfg(feature = "nfc")]
        for level in [Level::Syntax, Level::Scheme] {
            let options =
                CompareOptions::new(level).normalize_options(NormalizeOptions::new(level).nfc(true));
            assert!(options.equivalent(&a, &b), "{level:?} with NFC");
            assert!(options.equivalent(&b, &a), "{level:?} with NFC");
        }
        pairs += 1;
    }
    assert_eq!(pairs, 1);
}

/// §5.3.2.1 case normalization.
#[test]
fn case() {
    assert_eq!(
        syntax("HTTP://www.EXAMPLE.com/A%c3%a9"),
        "http://www.example.com/Aé"
    );
    assert_eq!(syntax("http://H%2fX.Example/"), "http://h%2Fx.example/");
    // A hex digit right after a triplet is the host's, not the triplet's: "B" is lowercased.
    assert_eq!(syntax("http://a%2fB.Example/"), "http://a%2Fb.example/");
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
    // Legal UTF-8 for characters that are not `iunreserved`: C1 control, non-character, bidi
    // (§4.1), iprivate.
    assert_eq!(syntax("a:%C2%85"), "a:%C2%85");
    assert_eq!(syntax("a:%EF%BF%BE"), "a:%EF%BF%BE");
    assert_eq!(syntax("a:%E2%80%AE"), "a:%E2%80%AE");
    // §5.3.2.3 decodes only octets that "correspond to an unreserved character", for IRIs
    // `iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar` (§2.2). U+E000 (EE 80 80)
    // is `iprivate`, not `iunreserved`: it stays encoded in the path and, although `iquery`
    // may hold it unencoded, in the query too (see `iprivate_stays_encoded`).
    assert_eq!(syntax("a:%EE%80%80?%EE%80%80"), "a:%EE%80%80?%EE%80%80");
    // "%31" is "1" (unreserved): the reg-name "%31.2.3.4" becomes "1.2.3.4", which RFC 3986
    // §3.2.2 reads as an IPv4address; the result records that kind (`norm` compares it with a
    // fresh parse).
    assert_eq!(syntax("http://%31.2.3.4/"), "http://1.2.3.4/");
    let out = normalize(
        &IriRef::parse("http://%31.2.3.4/").unwrap(),
        &NormalizeOptions::new(Level::Syntax),
    );
    assert_eq!(out.authority().unwrap().host_kind(), HostKind::Ipv4);
    // Space and controls are not unreserved.
    assert_eq!(syntax("a:%20%0a"), "a:%20%0A");
}

/// The first and last code point of each `iprivate` range (RFC 3987 §2.2: `iprivate =
/// %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD`) and its UTF-8 octets (RFC 3629 §3), worked
/// out by hand: U+E000 = 1110·1110 10·000000 10·000000; U+F8FF = 1110·1111 10·100011
/// 10·111111; U+F0000 = 11110·011 10·110000 10·000000 10·000000; U+FFFFD = 11110·011 10·111111
/// 10·111111 10·111101; U+100000 = 11110·100 10·000000 10·000000 10·000000; U+10FFFD =
/// 11110·100 10·001111 10·111111 10·111101.
const IPRIVATE_EDGES: &[(char, &str)] = &[
    ('\u{E000}', "%EE%80%80"),
    ('\u{F8FF}', "%EF%A3%BF"),
    ('\u{F0000}', "%F3%B0%80%80"),
    ('\u{FFFFD}', "%F3%BF%BF%BD"),
    ('\u{100000}', "%F4%80%80%80"),
    ('\u{10FFFD}', "%F4%8F%BF%BD"),
];

/// §5.3.2.3: percent-encoded `iprivate` is never decoded. The RFC decodes "any percent-encoded
/// octet sequence that corresponds to an unreserved character"; for IRIs that is `iunreserved
/// = unreserved / ucschar` (§2.2), and no `iprivate` code point is in `ucschar`. So the
/// encoding stays in the path, the query (where §2.2 would allow the character itself) and
/// the fragment, at both levels and with NFC and IDN; only its hex digits go to uppercase
/// (§5.3.2.1). (URI-to-IRI conversion, §3.2, decodes it in the query: another rule, tested in
/// `tests/mapping.rs`.)
#[test]
fn iprivate_stays_encoded() {
    for &(c, encoded) in IPRIVATE_EDGES {
        // The table is UTF-8, as the standard library writes it.
        let mut buf = [0u8; 4];
        let octets: String = c
            .encode_utf8(&mut buf)
            .bytes()
            .map(|b| format!("%{b:02X}"))
            .collect();
        assert_eq!(octets, encoded, "U+{:04X}", c as u32);
        let input = format!("http://a/{encoded}?{encoded}#{encoded}");
        for options in [
            NormalizeOptions::new(Level::Syntax),
            NormalizeOptions::new(Level::Scheme),
            with_extras(NormalizeOptions::default()),
        ] {
            assert_eq!(norm(&input, options), input, "{options:?}");
        }
        // Lowercase hex digits become uppercase, and that is all.
        let lower = format!("http://a/?{}", encoded.to_ascii_lowercase());
        assert_eq!(syntax(&lower), format!("http://a/?{encoded}"));
        // The query holding the character itself keeps it: nothing encodes it either.
        let raw = format!("http://a/?{c}");
        assert_eq!(syntax(&raw), raw);
        assert_eq!(scheme(&raw), raw);
    }
}

/// §5.3.2.3 with §5.3: the encoded and the raw `iprivate` in the query are different IRIs at
/// every level of the ladder. Normalization keeps each as it is (see `iprivate_stays_encoded`),
/// so the normal forms differ; with NFC and IDN too (NFC leaves U+E000 alone, it has no
/// decomposition).
#[test]
fn encoded_and_raw_iprivate_are_not_equivalent() {
    for &(c, encoded) in IPRIVATE_EDGES {
        let pct = IriRef::parse(format!("http://a/?{encoded}")).unwrap();
        let raw = IriRef::parse(format!("http://a/?{c}")).unwrap();
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            assert!(!equivalent(&pct, &raw, level), "U+{:04X} at {level:?}", c as u32);
            assert!(!equivalent(&raw, &pct, level), "U+{:04X} at {level:?}", c as u32);
        }
        let extras =
            CompareOptions::new(Level::Scheme).normalize_options(with_extras(NormalizeOptions::default()));
        assert!(
            !extras.equivalent(&pct, &raw),
            "U+{:04X} with NFC and IDN",
            c as u32
        );
        // Each is equivalent to itself spelled with other hex case (§5.3.2.1).
        let lower = IriRef::parse(format!("http://a/?{}", encoded.to_ascii_lowercase())).unwrap();
        assert!(equivalent(&pct, &lower, Level::Syntax));
    }
}

/// §5.3.2.1 and §5.3.3 on hosts with ASCII and non-ASCII characters. §5.3.2.1: "the scheme and
/// US-ASCII only host are case insensitive and therefore should be normalized to lowercase" and
/// "Case equivalence for non-ASCII characters in IRI components that are IDNs are discussed in
/// section 5.3.3". A host with a non-ASCII character is not US-ASCII only: the syntax level
/// leaves its case alone, ASCII letters included, and the IDN step (§5.3.3, UTS #46, which maps
/// "C" to "c" and "M" to "m") folds it. α is U+03B1, UTF-8 CE B1 (110·01110 10·110001).
#[test]
fn mixed_ascii_and_non_ascii_hosts() {
    let at = |level| NormalizeOptions::new(level);
    // Not US-ASCII only: kept, at both levels.
    assert_eq!(idempotent("http://α.CoM/", at(Level::Syntax)), "http://α.CoM/");
    assert_eq!(idempotent("http://α.CoM/", at(Level::Scheme)), "http://α.CoM/");
    // US-ASCII only: lowercase (the RFC's own example, with the scheme).
    assert_eq!(
        idempotent("HTTP://EXAMPLE.com/", at(Level::Syntax)),
        "http://example.com/"
    );
    // §5.3.2.3 decodes %CE%B1 (a `ucschar`) first; the host is then α.CoM, not US-ASCII only,
    // and normalizes as if α had been written.
    assert_eq!(
        idempotent("http://%CE%B1.CoM/", at(Level::Syntax)),
        "http://α.CoM/"
    );
    assert_eq!(
        idempotent("http://%ce%b1.CoM/", at(Level::Syntax)),
        "http://α.CoM/"
    );
    // An encoding that stays encoded still stands for non-ASCII data: U+E000 (`iprivate`, not
    // decoded), a lone octet C3 (not UTF-8). Only the hex digits change case. %2F is "/" (ASCII,
    // reserved, kept encoded): that host is US-ASCII only and is lowercased.
    assert_eq!(
        idempotent("http://A%ee%80%80.CoM/", at(Level::Syntax)),
        "http://A%EE%80%80.CoM/"
    );
    assert_eq!(
        idempotent("http://A%c3.CoM/", at(Level::Syntax)),
        "http://A%C3.CoM/"
    );
    assert_eq!(
        idempotent("http://A%2f.CoM/", at(Level::Syntax)),
        "http://a%2F.com/"
    );
    // §5.3.3 IDN normalization (a DNS scheme): UTS #46 folds the case of the whole name.
    #[cfg(feature = "idna")]
    let idn_at = |level| NormalizeOptions::new(level).idn(true);
    #[cfg(feature = "idna")]
    {
        assert_eq!(
            idempotent("http://α.CoM/", idn_at(Level::Scheme)),
            "http://α.com/"
        );
        assert_eq!(
            idempotent("http://%CE%B1.CoM/", idn_at(Level::Scheme)),
            "http://α.com/"
        );
        // U+0391 GREEK CAPITAL LETTER ALPHA: UTS #46 maps it to U+03B1 as well.
        assert_eq!(
            idempotent("http://\u{391}.CoM/", idn_at(Level::Scheme)),
            "http://α.com/"
        );
        // Not a DNS scheme: no IDN step, so nothing folds the case.
        assert_eq!(idempotent("foo://α.CoM/", idn_at(Level::Scheme)), "foo://α.CoM/");
        // A name UTS #46 rejects ("_" is not allowed by the STD3 rules) is kept as the syntax level
        // left it: in its case, a false negative the ladder allows.
        assert_eq!(
            idempotent("http://α_B.com/", idn_at(Level::Scheme)),
            "http://α_B.com/"
        );
    }

    let a = IriRef::parse("http://α.CoM/").unwrap();
    let b = IriRef::parse("http://α.com/").unwrap();
    let c = IriRef::parse("http://%CE%B1.CoM/").unwrap();
    // Without IDN the two cases differ; the encoded and the raw α do not.
    assert!(!equivalent(&a, &b, Level::Syntax));
    assert!(!equivalent(&a, &b, Level::Scheme));
    assert!(equivalent(&a, &c, Level::Syntax));
    // With IDN, at the scheme level (and the syntax level: the option is the same step).
    #[cfg(feature = "idna")]
    for level in [Level::Syntax, Level::Scheme] {
        let options = CompareOptions::new(level).normalize_options(idn_at(level));
        assert!(options.equivalent(&a, &b), "{level:?}");
        assert!(options.equivalent(&b, &c), "{level:?}");
    }
    // An ASCII host differing in case is equivalent from the syntax level on.
    let upper = IriRef::parse("HTTP://EXAMPLE.com/").unwrap();
    let lower = IriRef::parse("http://example.com/").unwrap();
    assert!(equivalent(&upper, &lower, Level::Syntax));
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

/// RFC 3987 §8: "%C0%AF.." must not become "/..". %C0%AF is an overlong form of "/" (0xC0 can
/// never start legal UTF-8, RFC 3629 §3), so §5.3.2.3 does not decode it, and the segment
/// "%C0%AF.." is neither "." nor ".." (RFC 3986 §5.2.4 removes complete dot segments only), so
/// "/b/" keeps it and "c" stays after it: the IRI is already normal at every level and option.
#[test]
fn overlong_slash_is_not_a_dot_segment() {
    let input = "http://a/b/%C0%AF../c";
    for options in [
        NormalizeOptions::new(Level::Syntax),
        NormalizeOptions::new(Level::Scheme),
        with_extras(NormalizeOptions::default()),
    ] {
        assert_eq!(norm(input, options), input, "{options:?}");
    }
    // The lowercase spelling only gains uppercase hex (§5.3.2.1).
    assert_eq!(syntax("http://a/b/%c0%af../c"), input);
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

/// §5.3.2.2 NFC, opt-in (feature `nfc`); IDN (§5.3.3), opt-in (feature `idna`).
#[test]
fn nfc_and_idn() {
    let decomposed = "http://www.example.org/re\u{301}sume\u{301}.html";
    assert_eq!(scheme(decomposed), decomposed);
    #[cfg(feature = "nfc")]
    assert_eq!(
        norm(decomposed, NormalizeOptions::default().nfc(true)),
        "http://www.example.org/résumé.html"
    );
    let punycode = "http://xn--rsum-bpad.example.org/";
    assert_eq!(scheme(punycode), punycode);
    #[cfg(feature = "idna")]
    assert_eq!(
        norm(punycode, NormalizeOptions::default().idn(true)),
        "http://résumé.example.org/"
    );
    #[cfg(feature = "idna")]
    assert_eq!(
        norm(
            "http://RÉSUMÉ.example.org/",
            NormalizeOptions::default().idn(true)
        ),
        "http://résumé.example.org/"
    );
}

/// [`norm`] with `options`, checked to be idempotent.
fn idempotent(input: &str, options: NormalizeOptions) -> String {
    let once = norm(input, options);
    assert_eq!(norm(&once, options), once, "not idempotent on {input:?}");
    once
}

/// §5.3.2.2 NFC, idempotent.
#[cfg(feature = "nfc")]
fn nfc(input: &str) -> String {
    idempotent(input, NormalizeOptions::default().nfc(true))
}

/// §5.3.2.2 NFC never introduces a character the component may not hold or a reserved one, and
/// never joins a delimiter or a percent-encoding with what follows. The decompositions are those
/// of UnicodeData.txt: U+1FEF GREEK VARIA → U+0060 "`" (not allowed anywhere in an IRI, RFC 3987
/// §2.2), U+037E GREEK QUESTION MARK → U+003B ";" (a sub-delimiter, RFC 3986 §2.2), U+212A KELVIN
/// SIGN → U+004B "K"; "=" U+0338 composes to U+2260 "≠".
#[test]
#[cfg(feature = "nfc")]
fn nfc_keeps_the_structure() {
    // U+1FEF and U+037E are kept (a ";" or "`" would change the IRI or make it invalid), while
    // the "e" + U+0301 around them still compose to "é".
    assert_eq!(nfc("http://a/x\u{1FEF}y"), "http://a/x\u{1FEF}y");
    assert_eq!(nfc("http://a/?x\u{37E}y"), "http://a/?x\u{37E}y");
    assert_eq!(nfc("s://u\u{37E}@h/#\u{1FEF}"), "s://u\u{37E}@h/#\u{1FEF}");
    assert_eq!(
        nfc("http://a/e\u{301}\u{37E}e\u{301}\u{1FEF}e\u{301}"),
        "http://a/é\u{37E}é\u{1FEF}é"
    );
    // In a host too, with and without the IDN option (UTS #46 maps U+037E to ";", which the
    // STD3 deny list rejects, so the host is kept).
    assert_eq!(nfc("http://a\u{37E}b/"), "http://a\u{37E}b/");
    #[cfg(feature = "idna")]
    assert_eq!(
        norm(
            "http://a\u{37E}b/",
            NormalizeOptions::default().nfc(true).idn(true)
        ),
        "http://a\u{37E}b/"
    );
    // NFC before case normalization: KELVIN SIGN is "K", then "k" in the host, in one pass.
    assert_eq!(nfc("http://\u{212A}.example/"), "http://k.example/");
    // Elsewhere "K" keeps its case (only the host is case-insensitive, §5.3.2.1).
    assert_eq!(nfc("http://h/\u{212A}"), "http://h/K");
    // "a=" U+0338 "b": the "=" of the query stays.
    assert_eq!(nfc("http://a/?a=\u{338}b"), "http://a/?a=\u{338}b");
    // %CA is a lone lead octet (kept encoded); its hex digit "A" must not compose with U+0300
    // into "À", which would break the percent-encoding. After a complete triplet, "A" is text.
    assert_eq!(nfc("a:%CA\u{300}"), "a:%CA\u{300}");
    assert_eq!(nfc("a:%CAA\u{300}"), "a:%CAÀ");
    // A decomposed character given percent-encoded composes too (§5.3.2.3 runs first).
    assert_eq!(nfc("a:e%CC%81"), "a:é");
    // Canonical singletons that are ordinary characters do change: U+2126 OHM SIGN → U+03A9,
    // U+F900 CJK COMPATIBILITY IDEOGRAPH → U+8C48; compatibility characters (NFKC only) do not.
    assert_eq!(nfc("a:\u{2126}\u{F900}"), "a:\u{3A9}\u{8C48}");
    assert_eq!(nfc("a:\u{FB01}\u{FF0F}"), "a:\u{FB01}\u{FF0F}");
}

/// The premise of the NFC rule: the only characters whose NFC has an ASCII character are
/// U+037E, U+1FEF and U+212A (UnicodeData.txt decomposition fields 003B, 0060 and 004B); no NFC
/// yields "/", ".", "%" or any other delimiter. A new Unicode version adding one would fail here.
#[test]
#[cfg(feature = "nfc")]
fn characters_whose_nfc_is_ascii() {
    use unicode_normalization::UnicodeNormalization;
    let found: Vec<(u32, String)> = (0x80..=0x10FFFFu32)
        .filter_map(char::from_u32)
        .filter_map(|c| {
            let n: String = std::iter::once(c).nfc().collect();
            n.chars().any(|d| d.is_ascii()).then_some((c as u32, n))
        })
        .collect();
    assert_eq!(
        found,
        [
            (0x37E, ";".to_string()),
            (0x1FEF, "`".to_string()),
            (0x212A, "K".to_string())
        ]
    );
}

/// §5.3.3 IDN normalization, idempotent.
#[cfg(feature = "idna")]
fn idn(input: &str) -> String {
    idempotent(input, NormalizeOptions::default().idn(true))
}

/// §5.3.3 IDN normalization changes the host only, for DNS schemes only, and never the
/// structure. UTS #46 maps the fullwidth delimiters U+FF0F "／", U+FF1A "：", U+FF20 "＠",
/// U+FF03 "＃" to "/", ":", "@", "#"; the STD3 ASCII deny list rejects those, so the host is
/// kept (syntax-normalized): mapped, they would make a path, a port, a userinfo, a fragment.
#[test]
#[cfg(feature = "idna")]
fn idn_keeps_the_structure() {
    assert_eq!(idn("http://a／b/c"), "http://a／b/c");
    assert_eq!(idn("http://a：8080/"), "http://a：8080/");
    assert_eq!(idn("http://x＠y/"), "http://x＠y/");
    assert_eq!(idn("http://a＃b/"), "http://a＃b/");
    let options = CompareOptions::new(Level::Scheme).normalize_options(NormalizeOptions::default().idn(true));
    let fullwidth = IriRef::parse("http://a／b/c").unwrap();
    let ascii = IriRef::parse("http://a/b/c").unwrap();
    assert!(!options.equivalent(&fullwidth, &ascii));
    // Fullwidth digits map to "127.0.0.1", which would be an IPv4address (RFC 3986 §3.2.2),
    // not a name: the host is kept, and is still a reg-name.
    let out = idn("http://１２７.０.０.１/");
    assert_eq!(out, "http://１２７.０.０.１/");
    let out = IriRef::parse(out.as_str()).unwrap();
    assert_eq!(out.authority().unwrap().host_kind(), HostKind::RegName);
    // "_" is not a letter, digit or hyphen (STD3): kept, and lowercased by §5.3.2.1 alone.
    assert_eq!(idn("http://Ex_AMPLE/"), "http://ex_ample/");
    // Mappings that keep a name a name apply: fullwidth letters to ASCII, case folding.
    assert_eq!(idn("http://ＥＸＡＭＰＬＥ.com/"), "http://example.com/");
    // A percent-encoded reserved character is not part of a DNS name.
    assert_eq!(idn("http://a%2fb/"), "http://a%2Fb/");
    // Not a DNS scheme (RFC 3987 §5.3.3 "Some IRI schemes"): only the syntax-based steps.
    assert_eq!(idn("foo://Ex_AMPLE/"), "foo://ex_ample/");
    assert_eq!(
        idn("foo://xn--rsum-bpad.example/"),
        "foo://xn--rsum-bpad.example/"
    );
    assert_eq!(idn("foo://ＥＸ/"), "foo://ＥＸ/");
    // IP literals are not names.
    assert_eq!(idn("http://[FE80::1]/"), "http://[fe80::1]/");
}

/// A label whose Unicode form holds a §6.1 look-alike stays (or becomes) its ASCII form, so the
/// two spellings of the same DNS name are equivalent and neither shows as `ex∕ample.com`.
/// "xn--example-df0d" is RFC 3492 Punycode for "ex" U+2215 "ample": the basic code points
/// "example", "-", then the insertion of U+2215 at position 2 ("df0d").
#[test]
#[cfg(feature = "idna")]
fn idn_lookalike_labels_stay_ascii() {
    assert_eq!(
        idn("http://xn--example-df0d.com/"),
        "http://xn--example-df0d.com/"
    );
    assert_eq!(idn("http://ex\u{2215}ample.com/"), "http://xn--example-df0d.com/");
    assert_eq!(
        idn("http://ex\u{2215}ample.xn--rsum-bpad/"),
        "http://xn--example-df0d.résumé/"
    );
    let options = CompareOptions::new(Level::Scheme).normalize_options(NormalizeOptions::default().idn(true));
    let a = IriRef::parse("http://xn--example-df0d.com/").unwrap();
    let b = IriRef::parse("http://ex\u{2215}ample.com/").unwrap();
    assert!(options.equivalent(&a, &b));
    assert!(!equivalent(&a, &b, Level::Scheme));
}
#[test]
fn comparison_levels() {
    let a = IriRef::parse("HTTP://www.EXAMPLE.com").unwrap();
    let b = IriRef::parse("http://www.example.com:80/").unwrap();
    assert!(!equivalent(&a, &b, Level::Simple));
    assert!(!equivalent(&a, &b, Level::Syntax));
    assert!(equivalent(&a, &b, Level::Scheme));
    // §5.3.1: simple comparison is character by character, so two separately parsed copies are
    // equivalent and a difference in hex case alone (which §5.3.2.1 would remove) is not.
    let x = IriRef::parse("http://a/%7e").unwrap();
    let x_copy = IriRef::parse(String::from("http://a/%7e")).unwrap();
    let x_upper = IriRef::parse("http://a/%7E").unwrap();
    assert!(equivalent(&x, &x_copy, Level::Simple));
    assert!(!equivalent(&x, &x_upper, Level::Simple));
    assert!(equivalent(&x, &x_upper, Level::Syntax));
    let f1 = IriRef::parse("http://h/#a").unwrap();
    let f2 = IriRef::parse("http://h/").unwrap();
    assert!(!equivalent(&f1, &f2, Level::Scheme));
    assert!(CompareOptions::new(Level::Scheme)
        .exclude_fragment(true)
        .equivalent(&f1, &f2));
    assert!(CompareOptions::new(Level::Simple)
        .exclude_fragment(true)
        .equivalent(&f1, &f2));
    // Leaving the fragments out compares what is before them: different paths stay different,
    // with or without a fragment on either side; the fragment is everything after the "#"
    // (RFC 3987 §2.2: `ifragment = *( ipchar / "/" / "?" )`, "?" included).
    let no_fragment = CompareOptions::new(Level::Scheme).exclude_fragment(true);
    let pairs = [
        ("http://h/a#x", "http://h/b#x", false),
        ("http://h/a#x", "http://h/b", false),
        ("http://h/a", "http://h/ab#", false),
        ("http://h/a#x?y", "http://h/a#z", true),
        ("http://h/a#", "http://h/a", true),
    ];
    for (a, b, expected) in pairs {
        let (a, b) = (IriRef::parse(a).unwrap(), IriRef::parse(b).unwrap());
        assert_eq!(no_fragment.equivalent(&a, &b), expected, "{a} {b}");
        assert_eq!(no_fragment.equivalent(&b, &a), expected, "{b} {a}");
    }
}

/// The rungs by the names the bindings take (RFC 3987 §5.3.1, §5.3.2, §5.3.3).
#[test]
fn level_names() {
    let names = [
        (Level::Simple, "simple"),
        (Level::Syntax, "syntax"),
        (Level::Scheme, "scheme"),
    ];
    assert_eq!(Level::ALL.map(Level::name), names.map(|(_, name)| name));
    for (level, name) in names {
        assert_eq!(Level::named(name), Ok(level));
    }
    let error = Level::named("Syntax").unwrap_err().to_string();
    assert!(error.contains("`Syntax`") && error.contains("§5.3.2"), "{error}");
}

/// Text that is valid in every component (RFC 3987 §2.2: `iunreserved`, `pct-encoded`,
/// `sub-delims`), chosen for normalization: case, percent-encodings of unreserved characters, of
/// reserved ones and of octets that are not UTF-8, decomposed characters, and characters NFC or
/// UTS #46 change — fullwidth delimiters and letters, compatibility characters, canonical
/// singletons (U+212A, U+2126, U+F900), U+1FEF and U+037E whose NFC is "`" and ";", the
/// look-alike U+2215, "=" U+0338 that NFC composes, Hangul jamo.
const TEXT: &[&str] = &[
    "a",
    "B",
    "é",
    "e\u{301}",
    "-",
    "~",
    "!",
    "=",
    "%7e",
    "%41",
    "%c3%a9",
    "%2F",
    "%2e",
    "%C0%AF",
    "%ED%A0%80",
    "%E2%80%AE",
    "%EE%80%80",
    "%C3",
    "%CA",
    "\u{338}",
    "\u{300}",
    "ß",
    "／",
    "＠",
    "：",
    "＃",
    "\u{212A}",
    "\u{1FEF}",
    "\u{37E}",
    "\u{2126}",
    "\u{F900}",
    "\u{FB01}",
    "ｶ",
    "\u{2215}",
    "Ａ",
    "\u{1100}\u{1161}",
];

fn text(extra: &'static [&'static str], max: usize) -> impl Strategy<Value = String> {
    let tokens: Vec<&'static str> = TEXT.iter().chain(extra).copied().collect();
    proptest::collection::vec(proptest::sample::select(tokens), 0..max).prop_map(|t| t.concat())
}

/// The components of a generated IRI reference, each valid for its rule.
#[derive(Clone, Debug)]
struct Parts {
    scheme: Option<String>,
    authority: Option<(Option<String>, String, Option<String>)>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

impl Parts {
    /// RFC 3986 §5.3 recomposition, keeping each component what it was generated as: a path
    /// after an authority starts with "/", a path without one never starts with "//", and the
    /// first segment of a relative path has no ":" (RFC 3986 §4.2).
    fn render(&self) -> String {
        let mut s = String::new();
        if let Some(scheme) = &self.scheme {
            s.push_str(scheme);
            s.push(':');
        }
        let mut path = self.path.clone();
        if let Some((userinfo, host, port)) = &self.authority {
            s.push_str("//");
            if let Some(u) = userinfo {
                s.push_str(u);
                s.push('@');
            }
            s.push_str(host);
            if let Some(p) = port {
                s.push(':');
                s.push_str(p);
            }
            if !path.is_empty() && !path.starts_with('/') {
                path.insert(0, '/');
            }
        } else if path.starts_with("//") {
            path.insert_str(0, "/.");
        } else if self.scheme.is_none() && path.split('/').next().is_some_and(|s| s.contains(':')) {
            path.insert_str(0, "./");
        }
        s.push_str(&path);
        if let Some(q) = &self.query {
            s.push('?');
            s.push_str(q);
        }
        if let Some(f) = &self.fragment {
            s.push('#');
            s.push_str(f);
        }
        s
    }
}

fn parts() -> impl Strategy<Value = Parts> {
    let scheme = proptest::option::weighted(
        0.85,
        proptest::sample::select(vec!["http", "HTTP", "https", "ftp", "foo", "a"]).prop_map(String::from),
    );
    let host = prop_oneof![
        4 => text(&[".", "xn--rsum-bpad", "xn--example-df0d", "EXAMPLE", "１２７", "０", "_"], 6),
        1 => proptest::sample::select(vec!["[FE80::1]", "127.0.0.1", "１２７.０.０.１", "[v1.X]", ""])
            .prop_map(String::from),
    ];
    let port = proptest::option::of(
        proptest::sample::select(vec!["", "80", "0080", "443", "21", "8080"]).prop_map(String::from),
    );
    let authority = proptest::option::weighted(0.6, (proptest::option::of(text(&[":"], 3)), host, port));
    let segment = text(&[":", "@", ".", "..", ".", ".."], 3);
    let path = (any::<bool>(), proptest::collection::vec(segment, 0..5)).prop_map(|(absolute, segments)| {
        let joined = segments.join("/");
        if absolute {
            format!("/{joined}")
        } else {
            joined
        }
    });
    let query = proptest::option::of(text(&["/", "?", ":", "@", "\u{E000}", "&", ";"], 4));
    let fragment = proptest::option::of(text(&["/", "?", ":", "@"], 3));
    (scheme, authority, path, query, fragment).prop_map(|(scheme, authority, path, query, fragment)| Parts {
        scheme,
        authority,
        path,
        query,
        fragment,
    })
}

fn parsed(s: &str) -> IriRef<&str> {
    IriRef::parse(s).unwrap_or_else(|e| panic!("generated {s:?} is not an IRI reference: {e}"))
}

/// The structure of an IRI reference: which components are present, the kind of host, and the
/// reserved characters of the query (which no step of §5.3 may add or remove).
fn structure(iri: &IriRef<&str>) -> (bool, Option<(bool, HostKind)>, bool, usize, bool) {
    let authority = iri.authority().map(|a| (a.userinfo().is_some(), a.host_kind()));
    let reserved = iri
        .query()
        .map_or(0, |q| q.matches(|c: char| "/?:@!$&'()*+,;=".contains(c)).count());
    (
        iri.scheme().is_some(),
        authority,
        iri.query().is_some(),
        reserved,
        iri.fragment().is_some(),
    )
}

/// Issue 4: normalization is idempotent and keeps the structure — with NFC and IDN too — and
/// equivalence is reflexive, over 10,000 generated IRI references.
#[test]
fn normalization_properties() {
    let ran = common::run(parts(), |p| {
        let input = p.render();
        let iri = parsed(&input);
        #[cfg(feature = "idna")]
        let dns = matches!(
            iri.scheme().map(str::to_ascii_lowercase).as_deref(),
            Some("http" | "https" | "ftp")
        );
        for level in [Level::Syntax, Level::Scheme] {
            for extras in [false, true] {
                let options = match extras {
                    true => with_extras(NormalizeOptions::new(level)),
                    false => NormalizeOptions::new(level),
                };
                let once = norm(&input, options);
                prop_assert_eq!(&norm(&once, options), &once, "idempotent, {:?}", options);
                let out = parsed(&once);
                prop_assert_eq!(structure(&out), structure(&iri), "{} → {}", input, once);
                if level == Level::Syntax {
                    // The syntax level keeps the port as it is.
                    prop_assert_eq!(
                        out.authority().map(|a| a.port()),
                        iri.authority().map(|a| a.port())
                    );
                }
                #[cfg(feature = "idna")]
                if extras && !dns {
                    // IDN applies to DNS schemes only: the same as without it.
                    let without_idn = with_extras(NormalizeOptions::new(level)).idn(false);
                    prop_assert_eq!(&once, &norm(&input, without_idn));
                }
            }
        }
        // Reflexive, against a copy parsed separately.
        let copy = String::from(input.as_str());
        let copy = parsed(&copy);
        for level in [Level::Simple, Level::Syntax, Level::Scheme] {
            prop_assert!(equivalent(&iri, &copy, level));
            let options =
                CompareOptions::new(level).normalize_options(with_extras(NormalizeOptions::new(level)));
            prop_assert!(options.equivalent(&iri, &copy));
        }
        Ok(())
    });
    assert_eq!(ran, 10_000);
}

/// How the second IRI of a pair differs from the first: by what one rung of the ladder removes
/// (§5.3.2.1 case, §5.3.2.3 percent-encoding, §5.3.2.4 dot segments, §5.3.3 default port), by
/// what only NFC removes (§5.3.2.2), or by something no rung removes.
#[derive(Clone, Copy, Debug)]
enum Variant {
    Same,
    SchemeCase,
    HostCase,
    HexCase,
    EncodeUnreserved,
    DotSegment,
    DefaultPort,
    Decompose,
    OtherPath,
    OtherFragment,
}

fn swap_hex_case(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut hex = 0;
    for c in s.chars() {
        if hex > 0 {
            hex -= 1;
            out.push(if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            });
        } else {
            hex = if c == '%' { 2 } else { 0 };
            out.push(c);
        }
    }
    out
}

/// "a" and "~" outside percent-encodings written as "%61" and "%7E" (RFC 3986 §2.3: the same
/// characters).
fn encode_unreserved(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut hex = 0;
    for c in s.chars() {
        if hex > 0 {
            hex -= 1;
            out.push(c);
        } else if c == '%' {
            hex = 2;
            out.push(c);
        } else if c == 'a' {
            out.push_str("%61");
        } else if c == '~' {
            out.push_str("%7E");
        } else {
            out.push(c);
        }
    }
    out
}

fn variant(p: &Parts, v: Variant) -> Parts {
    let mut q = p.clone();
    match v {
        Variant::Same => {}
        Variant::SchemeCase => q.scheme = p.scheme.as_ref().map(|s| s.to_ascii_uppercase()),
        Variant::HostCase => {
            if let Some((_, host, _)) = &mut q.authority {
                *host = host.to_ascii_uppercase();
            }
        }
        Variant::HexCase => {
            q.path = swap_hex_case(&p.path);
            q.query = p.query.as_deref().map(swap_hex_case);
        }
        Variant::EncodeUnreserved => q.path = encode_unreserved(&p.path),
        Variant::DotSegment => {
            q.path = if p.path.starts_with('/') {
                format!("/.{}", p.path)
            } else {
                format!("./{}", p.path)
            }
        }
        Variant::DefaultPort => {
            if let Some((_, _, port)) = &mut q.authority {
                port.get_or_insert_with(|| "80".to_string());
            }
        }
        Variant::Decompose => q.path = p.path.replace('é', "e\u{301}"),
        Variant::OtherPath => q.path.push('z'),
        Variant::OtherFragment => q.fragment = Some(format!("{}z", p.fragment.as_deref().unwrap_or(""))),
    }
    q
}

/// Issue 4: equivalence is symmetric, over 10,000 pairs that differ by what each rung of the
/// ladder removes or by something none does, so that at every level both answers occur often.
#[test]
fn equivalence_is_symmetric() {
    use Variant::*;
    let variants = proptest::sample::select(vec![
        Same,
        SchemeCase,
        HostCase,
        HexCase,
        EncodeUnreserved,
        DotSegment,
        DefaultPort,
        Decompose,
        OtherPath,
        OtherFragment,
    ]);
    let counts = Cell::new([[0usize; 2]; 4]);
    let ran = common::run((parts(), variants), |(p, v)| {
        let (a, b) = (p.render(), variant(&p, v).render());
        let (a, b) = (parsed(&a), parsed(&b));
        let comparisons = [
            CompareOptions::new(Level::Simple),
            CompareOptions::new(Level::Syntax),
            CompareOptions::new(Level::Scheme),
            CompareOptions::new(Level::Scheme).normalize_options(with_extras(NormalizeOptions::default())),
        ];
        let mut c = counts.get();
        for (i, options) in comparisons.iter().enumerate() {
            let ab = options.equivalent(&a, &b);
            prop_assert_eq!(ab, options.equivalent(&b, &a), "{} vs {} ({:?})", a, b, options);
            c[i][usize::from(ab)] += 1;
        }
        counts.set(c);
        Ok(())
    });
    assert_eq!(ran, 10_000);
    // Both answers, often, at every level (a symmetric test where all answers agree shows little).
    for (level, [no, yes]) in counts.get().iter().enumerate() {
        assert!(
            *no >= 1_000 && *yes >= 1_000,
            "level {level}: {no} not equivalent, {yes} equivalent"
        );
    }
}

/// §5.3.2.3 decodes exactly the `iunreserved` characters: for code points at every range edge
/// of `ucschar`/`iprivate` (and the §4.1 bidi characters), the percent-encoded form is decoded,
/// in the path and in the query alike, iff the grammar's `ucschar` matches it. `iprivate`,
/// which the grammar allows unencoded in the query, is not `iunreserved` and stays encoded
/// there too.
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
        // RFC 3987 §4.1: the grammar's `ucschar` has the exact ranges of §2.2, bidi formatting
        // characters included; an IRI MUST NOT contain those, so they are never decoded.
        let bidi = matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}');
        let ucschar = probe::matches("ucschar", &c.to_string()) && !bidi;
        let iprivate = probe::matches("iprivate", &c.to_string());
        let out = syntax(&format!("s:/{encoded}?{encoded}"));
        let (path, query) = out["s:/".len()..].split_once('?').unwrap();
        assert_eq!(path == c.to_string(), ucschar, "U+{cp:04X} in the path: {out}");
        assert_eq!(query == c.to_string(), ucschar, "U+{cp:04X} in the query: {out}");
        if iprivate {
            assert_eq!(query, encoded, "iprivate U+{cp:04X} in the query");
        }
        if path != c.to_string() {
            assert_eq!(path, encoded);
        }
        if query != c.to_string() {
            assert_eq!(query, encoded);
        }
    }
}
