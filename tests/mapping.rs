//! IRI → URI (RFC 3987 §3.1) and URI → IRI (§3.2): the RFC's examples, the corpus, IDNA, the
//! octets §3.2 must keep encoded, lenient input, legacy charsets, and round-trip properties.

use crate::common;

use proptest::prelude::*;
#[cfg(feature = "legacy-charsets")]
use rfc3987::decode_legacy;
use rfc3987::{to_iri, to_uri, to_uri_lenient, IriRef, ToIriOptions, ToUriError, ToUriOptions, UriRef};

/// Every component of a URI reference, as text.
fn components(uri: &UriRef<&str>) -> String {
    let authority = uri
        .authority()
        .map(|a| (a.userinfo(), a.host_str(), a.host(), a.port()));
    format!(
        "{:?} {authority:?} {:?} {:?} {:?} {:?}",
        uri.scheme(),
        uri.path().as_str(),
        uri.path().kind(),
        uri.query(),
        uri.fragment()
    )
}

fn uri_of(iri: &str, options: &ToUriOptions) -> Result<String, ToUriError> {
    let iri = IriRef::parse(iri).unwrap_or_else(|e| panic!("{e}"));
    let uri = to_uri(&iri, options)?;
    // The result is a URI: the RFC 3986 grammar (ASCII only) accepts it, with the same text
    // and the same components as the mapping reports.
    let reparsed = UriRef::parse(uri.as_str()).unwrap_or_else(|e| panic!("{uri}: {e}"));
    assert_eq!(reparsed, uri);
    assert_eq!(components(&reparsed), components(&uri.view()), "{uri}");
    Ok(uri.to_string())
}

fn iri_of(uri: &str, options: &ToIriOptions) -> String {
    let uri = UriRef::parse(uri).unwrap_or_else(|e| panic!("{e}"));
    let iri = to_iri(&uri, options);
    // The result is an IRI reference with the same text.
    assert_eq!(IriRef::parse(iri.as_str()).unwrap(), iri);
    iri.to_string()
}

/// tests/data/corpus/rfc-examples/rfc3987-examples.json, kinds `iri_to_uri` (RFC 3987 §3.1,
/// with `expected_with_idna_toascii` for the ToASCII option) and `uri_to_iri` (§3.2, §3.2.1, with
/// `expected_alt_with_toUnicode` for the ToUnicode option).
#[test]
fn rfc3987_examples_json() {
    let examples: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let (mut to_uri_cases, mut to_iri_cases) = (0, 0);
    for example in examples.as_array().unwrap() {
        let kind = example["kind"].as_str().expect("every example has a kind");
        if !matches!(kind, "iri_to_uri" | "uri_to_iri") {
            continue;
        }
        let input = example["input"].as_str().expect("a mapping example has an input");
        let expected = example["expected"]
            .as_str()
            .expect("a mapping example has an expected output");
        match kind {
            "iri_to_uri" => {
                to_uri_cases += 1;
                assert_eq!(uri_of(input, &ToUriOptions::new()).unwrap(), expected, "{input}");
                #[cfg(feature = "idna")]
                {
                    let with_idna = example["expected_with_idna_toascii"].as_str().unwrap_or(expected);
                    assert_eq!(
                        uri_of(input, &ToUriOptions::new().idna(true)).unwrap(),
                        with_idna,
                        "{input}"
                    );
                }
            }
            "uri_to_iri" => {
                to_iri_cases += 1;
                assert_eq!(iri_of(input, &ToIriOptions::new()), expected, "{input}");
                #[cfg(feature = "idna")]
                {
                    let alt = example["expected_alt_with_toUnicode"]
                        .as_str()
                        .unwrap_or(expected);
                    assert_eq!(
                        iri_of(input, &ToIriOptions::new().idn_unicode(true)),
                        alt,
                        "{input}"
                    );
                }
            }
            _ => {}
        }
    }
    assert_eq!((to_uri_cases, to_iri_cases), (4, 4), "cases in the corpus file");
}

/// The examples in the text of RFC 3987 §3.1, §3.2 and §3.2.1, step by step as the RFC shows them.
#[test]
fn rfc3987_text_examples() {
    let plain = ToUriOptions::new();
    // §3.1: "http://r&#xE9;sum&#xE9;.example.org" → "http://xn--rsum-bpad.example.org" with
    // ToASCII, "http://r%C3%A9sum%C3%A9.example.org" without.
    assert_eq!(
        uri_of("http://résumé.example.org", &plain).unwrap(),
        "http://r%C3%A9sum%C3%A9.example.org"
    );
    #[cfg(feature = "idna")]
    assert_eq!(
        uri_of("http://résumé.example.org", &ToUriOptions::new().idna(true)).unwrap(),
        "http://xn--rsum-bpad.example.org"
    );
    // §3.1 note: the IDN in the query of the validator example is not converted with ToASCII.
    #[cfg(feature = "idna")]
    assert_eq!(
        uri_of(
            "http://validator.w3.org/check?uri=http%3A%2F%2Frésumé.example.org",
            &ToUriOptions::new().idna(true)
        )
        .unwrap(),
        "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
    );
    let none = ToIriOptions::new();
    // §3.2.1: D%C3%BCrst → Dürst; D%FCrst is not UTF-8 and stays; %e2%80%ae is U+202E, which
    // §4.1 forbids, so it is re-encoded (in uppercase) and the xn-- label is not converted.
    assert_eq!(
        iri_of("http://www.example.org/D%C3%BCrst", &none),
        "http://www.example.org/Dürst"
    );
    assert_eq!(
        iri_of("http://www.example.org/D%FCrst", &none),
        "http://www.example.org/D%FCrst"
    );
    assert_eq!(
        iri_of("http://xn--99zt52a.example.org/%e2%80%ae", &none),
        "http://xn--99zt52a.example.org/%E2%80%AE"
    );
    // §3.2: "MUST NOT use any character encoding other than UTF-8": no iso-8859-1 guess.
    assert_eq!(
        iri_of("http://www.example.org/r%E9sum%E9.html", &none),
        "http://www.example.org/r%E9sum%E9.html"
    );
}

/// §3.1: the mapping is the identity on URIs and idempotent; non-BMP characters are four
/// octets; `iprivate` in the query is mapped too; existing percent-encodings are left alone.
#[test]
fn to_uri_step_2() {
    let plain = ToUriOptions::new();
    for uri in [
        "http://example.org/a%20b?c=%2F#%e9",
        "g;x?y#s",
        "urn:isbn:0451450523",
        "",
    ] {
        assert_eq!(uri_of(uri, &plain).unwrap(), uri);
    }
    // U+10300 OLD ITALIC LETTER A is F0 90 8C 80 in UTF-8 (RFC 3629 §3).
    assert_eq!(uri_of("x:\u{10300}", &plain).unwrap(), "x:%F0%90%8C%80");
    // U+E000 (iprivate) is EE 80 80.
    assert_eq!(uri_of("x:?\u{E000}", &plain).unwrap(), "x:?%EE%80%80");
    // Every component: userinfo, host, path, query, fragment.
    assert_eq!(
        uri_of("s://ü@ü/ü?ü#ü", &plain).unwrap(),
        "s://%C3%BC@%C3%BC/%C3%BC?%C3%BC#%C3%BC"
    );
}

/// §3.1 ToASCII option: only for DNS schemes, only reg-names, never the query; a rejected label
/// is an error naming it.
#[test]
#[cfg(feature = "idna")]
fn to_uri_idna() {
    let idna = ToUriOptions::new().idna(true);
    // Not a DNS scheme: the plain mapping.
    assert_eq!(
        uri_of("foo://ü.example/", &idna).unwrap(),
        "foo://%C3%BC.example/"
    );
    // The list is overridable.
    assert_eq!(
        uri_of(
            "foo://ü.example/",
            &ToUriOptions::new().idna(true).dns_schemes(["foo"])
        )
        .unwrap(),
        "foo://xn--tda.example/"
    );
    assert_eq!(
        uri_of(
            "http://ü.example/",
            &ToUriOptions::new().idna(true).dns_schemes(["foo"])
        )
        .unwrap(),
        "http://%C3%BC.example/"
    );
    // Scheme names are case-insensitive (RFC 3986 §3.1).
    assert_eq!(
        uri_of("HTTP://ü.example/", &idna).unwrap(),
        "HTTP://xn--tda.example/"
    );
    // Percent-encoded UTF-8 in the host is a name too (RFC 3986 §3.2.2).
    assert_eq!(
        uri_of("http://%C3%BC.example/", &idna).unwrap(),
        "http://xn--tda.example/"
    );
    // IP literals are not names.
    assert_eq!(uri_of("http://[::1]/ü", &idna).unwrap(), "http://[::1]/%C3%BC");
    assert_eq!(uri_of("http://192.0.2.1/", &idna).unwrap(), "http://192.0.2.1/");
    // An empty host (file:///) has nothing to convert.
    assert_eq!(uri_of("file:///ü", &idna).unwrap(), "file:///%C3%BC");
    // A label ToASCII rejects: U+2FF0 IDEOGRAPHIC DESCRIPTION CHARACTER LEFT TO RIGHT is a
    // ucschar that UTS #46 (and IDNA2008) disallows; the error names the label.
    match uri_of("http://www.a\u{2FF0}b.example/", &idna) {
        Err(ToUriError::Idna(e)) => {
            assert_eq!(e.label(), "a\u{2FF0}b");
            assert!(e.reason().contains("U+2FF0"), "{e}");
            // The message names the label, gives the reason and cites §3.1, and is the
            // ToUriError's message too.
            let message = e.to_string();
            assert!(
                message.starts_with("ToASCII rejects the host label \"a\u{2FF0}b\""),
                "{message}"
            );
            assert!(
                message.contains(e.reason()) && message.ends_with("(RFC 3987 §3.1)"),
                "{message}"
            );
            assert_eq!(ToUriError::Idna(e).to_string(), message);
        }
        other => panic!("{other:?}"),
    }
    // UseSTD3ASCIIRules: "_" is not a letter, digit or hyphen.
    assert!(matches!(
        uri_of("http://a_b.example/", &idna),
        Err(ToUriError::Idna(_))
    ));
}

/// tests/data/corpus/idna/punycode_tests.json (RFC 3492 samples, from rust-url): each sample
/// that can be a host name converts to "xn--" + its encoding with ToASCII (case-insensitive:
/// UTS #46 maps to lowercase), and back with ToUnicode to its lowercase form — except where the
/// A-label exceeds 63 octets, which RFC 3490 §4.1 step 8 rejects and §4.2 step 8 leaves as is.
///
/// The file has 25 samples: 3 are ASCII (the empty string, "Bach", "-> $1.00 <-"; IDNA never
/// encodes an ASCII label), 1 has spaces and a comma ("Willst du die Blüthe des frühen, ...":
/// spaces are not allowed in an IRI, RFC 3987 §2.2), and of the 21 others only the Korean
/// sample's A-label is over 63 octets ("xn--" + 69 characters), so 20 convert.
#[test]
#[cfg(feature = "idna")]
fn punycode_corpus() {
    let cases: serde_json::Value = serde_json::from_str(&common::corpus("idna/punycode_tests.json")).unwrap();
    let (mut ascii, mut not_a_host, mut converted, mut too_long) = (0, 0, 0, 0);
    for case in cases.as_array().unwrap() {
        let (decoded, encoded) = (
            case["decoded"].as_str().expect("a sample has a decoded form"),
            case["encoded"].as_str().expect("a sample has an encoded form"),
        );
        if decoded.is_ascii() {
            ascii += 1;
            continue;
        }
        let iri = format!("http://{decoded}/");
        if decoded.contains(' ') {
            assert!(IriRef::parse(iri.as_str()).is_err(), "{decoded}");
            not_a_host += 1;
            continue;
        }
        let a_label = format!("xn--{}", encoded.to_lowercase());
        let uri = format!("http://{a_label}/");
        let back = iri_of(&uri, &ToIriOptions::new().idn_unicode(true));
        match uri_of(&iri, &ToUriOptions::new().idna(true)) {
            Ok(out) => {
                assert!(a_label.len() <= 63, "{decoded}");
                assert_eq!(out, uri, "{decoded}");
                assert_eq!(back, format!("http://{}/", decoded.to_lowercase()), "{decoded}");
                converted += 1;
            }
            Err(ToUriError::Idna(e)) => {
                assert!(a_label.len() > 63, "{decoded}: {e}");
                assert!(e.reason().contains("at most 63"), "{e}");
                assert_eq!(back, uri, "ToUnicode keeps an over-long label");
                too_long += 1;
            }
            Err(e) => panic!("{decoded}: {e}"),
        }
    }
    assert_eq!(
        (ascii, not_a_host, converted, too_long),
        (3, 1, 20, 1),
        "(ASCII, not a host name, converted, too long)"
    );
}

/// §3.2.1 ToUnicode keeps an `xn--` label whose Unicode form has a §6.1 look-alike, as §3.2
/// step 4 keeps the same character percent-encoded in a path. "xn--example-df0d" is RFC 3492
/// §3.2.1's ToUnicode option, like §3.1's ToASCII, applies to the schemes of the DNS scheme
/// list, which is overridable: with only "foo" listed, a foo URI's A-label converts ("résumé" is
/// "xn--rsum-bpad", RFC 3492's encoding of "rsum" with é inserted at 1 and 5) and an http
/// URI's stays as written.
#[test]
#[cfg(feature = "idna")]
fn to_unicode_dns_schemes() {
    let foo = ToIriOptions::new().idn_unicode(true).dns_schemes(["foo"]);
    // The default list has http, not foo.
    let default = ToIriOptions::new().idn_unicode(true);
    for (options, uri, iri) in [
        (&foo, "foo://xn--rsum-bpad.example/", "foo://résumé.example/"),
        (
            &foo,
            "http://xn--rsum-bpad.example/",
            "http://xn--rsum-bpad.example/",
        ),
        (
            &default,
            "foo://xn--rsum-bpad.example/",
            "foo://xn--rsum-bpad.example/",
        ),
        (
            &default,
            "http://xn--rsum-bpad.example/",
            "http://résumé.example/",
        ),
    ] {
        assert_eq!(iri_of(uri, options), iri);
    }
}

/// Punycode for "ex" U+2215 DIVISION SLASH "ample" (the basic code points "example", then the
/// insertion of U+2215 at position 2), which would show as "ex∕ample.com".
#[test]
#[cfg(feature = "idna")]
fn to_unicode_keeps_lookalike_labels() {
    let idn = ToIriOptions::new().idn_unicode(true);
    assert_eq!(
        iri_of("http://xn--example-df0d.com/%E2%88%95", &idn),
        "http://xn--example-df0d.com/%E2%88%95"
    );
    // The other labels of the host still convert.
    assert_eq!(
        iri_of("http://xn--example-df0d.xn--rsum-bpad/", &idn),
        "http://xn--example-df0d.résumé/"
    );
}

/// RFC 3987 §8: "%C0%AF.." must not be taken for "/..". %C0%AF is an overlong form (0xC0 never
/// starts legal UTF-8, RFC 3629 §3), so §3.2 step 3 keeps it encoded; the mapping back is the
/// identity on this URI (§3.1 leaves percent-encodings alone); and resolving the result as a
/// base leaves "%C0%AF.." a segment like any other (RFC 3986 §5.2.4 removes complete "." and
/// ".." segments only).
#[test]
fn overlong_slash_stays_encoded() {
    let input = "http://a/b/%C0%AF../c";
    assert_eq!(iri_of(input, &ToIriOptions::new()), input);
    #[cfg(feature = "idna")]
    assert_eq!(iri_of(input, &ToIriOptions::new().idn_unicode(true)), input);
    #[cfg(feature = "idna")]
    assert_eq!(uri_of(input, &ToUriOptions::new().idna(true)).unwrap(), input);
    assert_eq!(uri_of(input, &ToUriOptions::new()).unwrap(), input);
    let base = rfc3987::Iri::parse(input).unwrap();
    let target = rfc3987::resolve(&base, &IriRef::parse("d").unwrap());
    assert_eq!(target.as_str(), "http://a/b/%C0%AF../d");
}

/// §3.2 steps 2–4 on each kind of octet, with the reason beside each.
#[test]
fn to_iri_keeps_what_it_must() {
    let none = ToIriOptions::new();
    let cases = [
        // Step 2: "%", reserved characters and ASCII not allowed in URIs stay encoded (the hex
        // case of a kept encoding becomes uppercase).
        ("x:%25", "x:%25"),
        ("x:%2F%2f%3F%23%5B", "x:%2F%2F%3F%23%5B"),
        ("x:%20%3C%22%7F%00", "x:%20%3C%22%7F%00"),
        // ... and unreserved ASCII is decoded.
        ("x:%41%7e%2D%2e%5F", "x:A~-._"),
        // Step 3: not strictly legal UTF-8 — overlong "/" (RFC 3987 §8), an encoded surrogate,
        // a code point above U+10FFFF, a truncated sequence, a lone continuation byte.
        ("x:%C0%AF", "x:%C0%AF"),
        ("x:%ED%A0%80", "x:%ED%A0%80"),
        ("x:%F4%90%80%80", "x:%F4%90%80%80"),
        ("x:%E2%82", "x:%E2%82"),
        ("x:%E2%82%AC%AC", "x:€%AC"),
        // Step 4, §2.2: iprivate only in the query; non-ucschar (U+FDD0, U+FFFE, C1 U+0085).
        ("x:%EE%80%80?%EE%80%80", "x:%EE%80%80?\u{E000}"),
        ("x:%EF%B7%90%EF%BF%BE%C2%85", "x:%EF%B7%90%EF%BF%BE%C2%85"),
        // Step 4, §4.1: bidi formatting characters (U+200F RLM, U+202A LRE).
        ("x:%E2%80%8F%E2%80%AA", "x:%E2%80%8F%E2%80%AA"),
        // ... and those Unicode added later for the same use, which the lint reports for
        // §4.1's reason: U+2067 RLI and U+2069 PDI (in the path and the query), U+061C ALM.
        ("x:%E2%81%A7a%E2%81%A9?%D8%9C", "x:%E2%81%A7a%E2%81%A9?%D8%9C"),
        // Step 4, §6.1: look-alikes of space (U+00A0, U+3000) and "/" (U+2215, U+FF0F).
        (
            "x:%C2%A0%E3%80%80%E2%88%95%EF%BC%8F",
            "x:%C2%A0%E3%80%80%E2%88%95%EF%BC%8F",
        ),
        // Decoded everywhere an i-rule allows ucschar: userinfo, host, path, query, fragment.
        ("s://%C3%BC@%C3%BC/%C3%BC?%C3%BC#%C3%BC", "s://ü@ü/ü?ü#ü"),
        // Non-BMP.
        ("x:%F0%90%8C%80", "x:\u{10300}"),
    ];
    for (uri, iri) in cases {
        assert_eq!(iri_of(uri, &none), iri, "{uri}");
    }
}

/// §3.2 on IRIs (issue 23): the steps work on percent-encoded octets, which are ASCII, so they
/// apply to the ASCII parts of any IRI; the characters beyond ASCII it already holds are kept.
#[test]
fn to_iri_takes_iris() {
    let none = ToIriOptions::new();
    let cases = [
        // "ü" is already a character and stays; "%C3%BC" is the UTF-8 of U+00FC, a ucschar
        // allowed in a segment, so step 4 decodes it as it would in a URI.
        ("http://example.org/Dürst/%C3%BC", "http://example.org/Dürst/ü"),
        // An IRI with no percent-encoding has nothing for §3.2 to do: unchanged.
        (
            "http://résumé.example.org/Dürst?q=ü#ü",
            "http://résumé.example.org/Dürst?q=ü#ü",
        ),
        // U+00A0 may stand in an IRI (ucschar), so it stays when written as a character, while
        // its encoding %C2%A0 stays encoded (§6.1 look-alike of space, step 4); "%2F" is
        // reserved (step 2) and "%FC" is not UTF-8 (step 3): kept beside the non-ASCII text.
        ("x:\u{A0}%C2%A0/é%2Fé%FC", "x:\u{A0}%C2%A0/é%2Fé%FC"),
        // iprivate: as a character in the query it stays (iquery allows it); its encoding is
        // decoded in the query only, as in a URI.
        ("x:%EE%80%80?\u{E000}%EE%80%80", "x:%EE%80%80?\u{E000}\u{E000}"),
        // Decoded next to non-ASCII characters in every component.
        (
            "s://ü%C3%BC@ü%C3%BC/ü%C3%BC?ü%C3%BC#ü%C3%BC",
            "s://üü@üü/üü?üü#üü",
        ),
    ];
    for (input, expected) in cases {
        let iri = IriRef::parse(input).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(to_iri(&iri, &none).as_str(), expected, "{input}");
    }
    // The shape is kept: an Iri gives an Iri, an IriRef an IriRef, as for URIs.
    let iri = rfc3987::Iri::parse("http://example.org/Dürst/%C3%BC").unwrap();
    let converted: rfc3987::Iri = to_iri(&iri, &none);
    assert_eq!(converted, "http://example.org/Dürst/ü");
    // --idn-unicode converts an xn-- label of an IRI's host and keeps its Unicode labels: ToUnicode
    // of "xn--rsum-bpad" is "résumé" (RFC 3492 Punycode; the label of the §3.1 example).
    #[cfg(feature = "idna")]
    {
        let iri = IriRef::parse("http://xn--rsum-bpad.納豆.example/").unwrap();
        assert_eq!(
            to_iri(&iri, &ToIriOptions::new().idn_unicode(true)).as_str(),
            "http://résumé.納豆.example/"
        );
    }
}

/// §3.1 (MAY) lenient input: the ten printable ASCII characters URIs do not allow are encoded;
/// "#", "%", "[" and "]" never; without the option they are an error, and an error in lenient
/// mode points into the text as given.
#[test]
fn lenient_input() {
    let lenient = ToUriOptions::new().lenient(true);
    assert_eq!(
        to_uri_lenient("http://example.org/a b<c>\"{d}|\\^`é", &lenient)
            .unwrap()
            .as_str(),
        "http://example.org/a%20b%3Cc%3E%22%7Bd%7D%7C%5C%5E%60%C3%A9"
    );
    assert!(to_uri_lenient("http://example.org/a b", &ToUriOptions::new()).is_err());
    // "a b%zz": the "z" after "%" is the first character no pct-encoded allows, at byte 4 of the
    // input (byte 6 after encoding the space).
    match to_uri_lenient("a b%zz", &lenient) {
        Err(ToUriError::Parse(e)) => {
            assert_eq!((e.byte_offset(), e.column()), (4, 5));
            assert_eq!(e.input(), "a b%zz");
        }
        other => panic!("{other:?}"),
    }
    // "[" outside an IP literal is still an error.
    assert!(to_uri_lenient("http://example.org/[x]", &lenient).is_err());
}

/// The 2011 IRI-processing draft §4: trim ASCII whitespace; split on runs of spaces.
#[test]
fn user_typed_strings() {
    assert_eq!(rfc3987::trim_ascii_whitespace(" \t\r\nhttp://a/\n"), "http://a/");
    // U+00A0 is not ASCII whitespace: it stays (and the parser rejects nothing else here).
    assert_eq!(rfc3987::trim_ascii_whitespace("\u{a0}x"), "\u{a0}x");
    let refs: Vec<&str> = rfc3987::split_references("  http://a/  http://b/ c\r\n").collect();
    assert_eq!(refs, ["http://a/", "http://b/", "c"]);
}

/// §3.1 step 1b: text in a legacy charset is decoded and normalized to NFC before step 2; and
/// the HTTP query special case. Shift_JIS encodes 日 as 0x93 0xFA and 本 as 0x96 0x7B (JIS X
/// 0208 row 38 cell 92 and row 43 cell 60).
#[test]
#[cfg(feature = "legacy-charsets")]
fn legacy_charsets() {
    let text = decode_legacy(b"http://example.org/r\xE9sum\xE9", "latin1").unwrap();
    assert_eq!(
        uri_of(&text, &ToUriOptions::new()).unwrap(),
        "http://example.org/r%C3%A9sum%C3%A9"
    );
    let sjis = decode_legacy(b"http://example.jp/\x93\xFA\x96\x7B", "shift_jis").unwrap();
    assert_eq!(sjis, "http://example.jp/日本");

    let options = ToUriOptions::new().query_charset("shift_jis").unwrap();
    assert_eq!(
        uri_of("http://example.jp/日本?q=日本&r=a", &options).unwrap(),
        "http://example.jp/%E6%97%A5%E6%9C%AC?q=%93%FA%96%7B&r=a"
    );
    // Only http and https; other schemes keep UTF-8.
    assert_eq!(
        uri_of("ftp://example.jp/?日", &options).unwrap(),
        "ftp://example.jp/?%E6%97%A5"
    );
    // UTF-8 is Unicode-based: no special case.
    let utf8 = ToUriOptions::new().query_charset("utf-8").unwrap();
    assert_eq!(uri_of("http://a/?é", &utf8).unwrap(), "http://a/?%C3%A9");
    // A character Shift_JIS cannot represent is an error, not a numeric character reference.
    match uri_of("http://a/?x\u{1F600}", &options) {
        Err(ToUriError::Unmappable { character, encoding }) => {
            assert_eq!((character, encoding), ('\u{1F600}', "Shift_JIS"));
        }
        other => panic!("{other:?}"),
    }
    assert!(ToUriOptions::new().query_charset("klingon").is_err());
}

/// The HTTP query special case and ToASCII are independent (§3.1): a query charset leaves the
/// host to step 2 (its ucschars as percent-encoded UTF-8) unless ToASCII is asked for, for a
/// scheme of the DNS scheme list. 日本 is "xn--wgv71a" (RFC 3492 Punycode), and in Shift_JIS
/// 日 is 0x93 0xFA (as above).
#[test]
#[cfg(all(feature = "legacy-charsets", feature = "idna"))]
fn legacy_query_charset_with_and_without_idna() {
    let sjis = ToUriOptions::new().query_charset("shift_jis").unwrap();
    let iri = "http://日本.example/?日";
    assert_eq!(
        uri_of(iri, &sjis).unwrap(),
        "http://%E6%97%A5%E6%9C%AC.example/?%93%FA"
    );
    assert_eq!(
        uri_of(iri, &sjis.clone().idna(true)).unwrap(),
        "http://xn--wgv71a.example/?%93%FA"
    );
    // ToASCII asked for, but http is not in the list: step 2 for the host.
    assert_eq!(
        uri_of(iri, &sjis.idna(true).dns_schemes(["foo"])).unwrap(),
        "http://%E6%97%A5%E6%9C%AC.example/?%93%FA"
    );
}

/// Characters chosen from ranges that §3.2 never keeps encoded (no look-alike, no bidi
/// formatting character, no iprivate outside the query), for the round trip IRI → URI → IRI.
fn iri_char() -> impl Strategy<Value = char> {
    prop_oneof![
        proptest::char::range('a', 'z'),
        proptest::char::range('0', '9'),
        Just('-'),
        Just('~'),
        proptest::char::range('\u{C0}', '\u{24F}'),
        proptest::char::range('\u{391}', '\u{3C9}'),
        proptest::char::range('\u{5D0}', '\u{5EA}'),
        proptest::char::range('\u{4E00}', '\u{9FFF}'),
        proptest::char::range('\u{10300}', '\u{1031E}'),
        proptest::char::range('\u{1F300}', '\u{1F5FF}'),
    ]
}

fn component(chars: impl Strategy<Value = char>) -> impl Strategy<Value = String> {
    proptest::collection::vec(chars, 0..8).prop_map(|v| v.into_iter().collect())
}

/// IRIs without percent-encodings, of every shape (authority or not, query, fragment).
fn plain_iri() -> impl Strategy<Value = String> {
    (
        prop_oneof![Just("http"), Just("s")],
        proptest::option::of(component(iri_char())),
        proptest::collection::vec(component(iri_char()), 0..4),
        proptest::option::of(component(prop_oneof![
            4 => iri_char(),
            1 => proptest::char::range('\u{E000}', '\u{F8FF}'),
            1 => Just('/'),
            1 => Just('?'),
        ])),
        proptest::option::of(component(iri_char())),
    )
        .prop_map(|(scheme, host, segments, query, fragment)| {
            let mut s = format!("{scheme}:");
            if let Some(host) = host {
                s.push_str("//");
                s.push_str(&host);
            }
            for segment in segments {
                s.push('/');
                s.push_str(&segment);
            }
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = fragment {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

/// "s://userinfo@host/path?query#fragment", each component up to five `piece`s.
fn in_every_component(piece: impl Strategy<Value = String> + Clone) -> impl Strategy<Value = String> {
    let part = proptest::collection::vec(piece, 0..6).prop_map(|v| v.concat());
    (part.clone(), part.clone(), part.clone(), part.clone(), part).prop_map(
        |(user, host, path, query, fragment)| format!("s://{user}@{host}/{path}?{query}#{fragment}"),
    )
}

/// URIs with percent-encodings of arbitrary octets, as runs or alone, in every component.
fn pct_uri() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        3 => proptest::char::range('a', 'z').prop_map(String::from),
        2 => any::<u8>().prop_map(|b| format!("%{b:02X}")),
        1 => any::<u8>().prop_map(|b| format!("%{b:02x}")),
        2 => any::<char>().prop_map(|c| c.encode_utf8(&mut [0; 4]).bytes().map(|b| format!("%{b:02X}")).collect()),
        1 => prop_oneof![Just("!"), Just("="), Just("$"), Just("'"), Just("~"), Just("-")].prop_map(String::from),
    ];
    in_every_component(piece)
}

/// ASCII text valid in every component of a URI (RFC 3986 §3: unreserved, sub-delims,
/// pct-encoded), percent-encodings in both hex cases.
const ASCII_TEXT: &[&str] = &[
    "a", "Z", "0", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", "%20", "%2f",
    "%2F", "%C3%A9", "%c3%a9", "%41", "%E9", "%C0%AF",
];

fn ascii_text(extra: &'static [&'static str]) -> impl Strategy<Value = String> {
    let tokens: Vec<&'static str> = ASCII_TEXT.iter().chain(extra).copied().collect();
    proptest::collection::vec(proptest::sample::select(tokens), 0..5).prop_map(|t| t.concat())
}

/// Plain-ASCII URIs (RFC 3986 §3) of every shape: with or without an authority (userinfo,
/// reg-name, IPv4, IPv6, IPvFuture, port), query and fragment, with percent-encodings.
fn ascii_uri() -> impl Strategy<Value = String> {
    let host = prop_oneof![
        3 => ascii_text(&[]),
        1 => proptest::sample::select(vec!["127.0.0.1", "[::1]", "[v7.x:y]", ""]).prop_map(String::from),
    ];
    let authority = proptest::option::of((
        proptest::option::of(ascii_text(&[":"])),
        host,
        proptest::option::of(proptest::sample::select(vec!["", "80", "8080"])),
    ));
    (
        proptest::sample::select(vec!["http", "s", "urn", "a+b.c-d"]),
        authority,
        proptest::collection::vec(ascii_text(&[":", "@"]), 0..4),
        proptest::option::of(ascii_text(&["/", "?", ":", "@"])),
        proptest::option::of(ascii_text(&["/", "?", ":", "@"])),
    )
        .prop_map(|(scheme, authority, segments, query, fragment)| {
            let mut s = format!("{scheme}:");
            if let Some((userinfo, host, port)) = authority {
                s.push_str("//");
                if let Some(u) = userinfo {
                    s.push_str(&u);
                    s.push('@');
                }
                s.push_str(&host);
                if let Some(p) = port {
                    s.push(':');
                    s.push_str(p);
                }
                for segment in &segments {
                    s.push('/');
                    s.push_str(segment);
                }
            } else {
                // A rootless path whose first segment is not empty, so never "//".
                s.push('x');
                s.push_str(&segments.join("/"));
            }
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = fragment {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

/// IRIs with non-ASCII characters and percent-encodings of arbitrary octets together, in every
/// component.
fn pct_iri() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        2 => iri_char().prop_map(String::from),
        1 => any::<u8>().prop_map(|b| format!("%{b:02X}")),
        1 => any::<u8>().prop_map(|b| format!("%{b:02x}")),
        1 => prop_oneof![Just("!"), Just("="), Just("$"), Just("~")].prop_map(String::from),
    ];
    in_every_component(piece)
}

/// The text with percent-encoded unreserved characters decoded and hex digits in uppercase:
/// what §3.2 says a round trip may change.
fn up_to_case_and_unreserved(uri: &str) -> String {
    let bytes = uri.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let octet = u8::from_str_radix(&uri[i + 1..i + 3], 16).unwrap();
            let c = octet as char;
            if c.is_ascii_alphanumeric() || "-._~".contains(c) {
                out.push(c);
            } else {
                out.push_str(&format!("%{octet:02X}"));
            }
            i += 3;
        } else {
            out.push(bytes[i] as char);
            i += 1;
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// §3.1: the output parses as a URI, and mapping it again changes nothing; on IRIs with
    /// and without percent-encodings, and on URIs.
    #[test]
    fn to_uri_is_idempotent(iri in prop_oneof![plain_iri(), pct_iri(), pct_uri(), ascii_uri()]) {
        let parsed = IriRef::parse(iri.as_str()).unwrap();
        let uri = to_uri(&parsed, &ToUriOptions::new()).unwrap();
        let reparsed = UriRef::parse(uri.as_str()).unwrap();
        prop_assert_eq!(components(&reparsed), components(&uri.view()));
        let again = to_uri(&IriRef::parse(uri.as_str()).unwrap(), &ToUriOptions::new()).unwrap();
        prop_assert_eq!(again, uri);
    }

    /// §3.1 step 2 converts only `ucschar` and `iprivate` characters: on a URI (ASCII, with
    /// percent-encodings in either hex case, of any octet) the mapping is the identity.
    #[test]
    fn to_uri_is_the_identity_on_uris(uri in prop_oneof![pct_uri(), ascii_uri()]) {
        let parsed = IriRef::parse(uri.as_str()).unwrap();
        let mapped = to_uri(&parsed, &ToUriOptions::new()).unwrap();
        prop_assert_eq!(mapped.as_str(), uri.as_str());
    }

    /// §3.2: "The conversion ... will always result in an IRI that maps back to the URI used as
    /// an input ... (except for potential case differences in percent-encoding and for
    /// potential percent-encoded unreserved characters)".
    #[test]
    fn uri_to_iri_maps_back(uri in pct_uri()) {
        let parsed = UriRef::parse(uri.as_str()).unwrap();
        let iri = to_iri(&parsed, &ToIriOptions::new());
        let back = to_uri(&IriRef::parse(iri.as_str()).unwrap(), &ToUriOptions::new()).unwrap();
        prop_assert_eq!(up_to_case_and_unreserved(back.as_str()), up_to_case_and_unreserved(&uri), "via {}", iri);
    }

    /// §3.2 on an IRI (with non-ASCII characters and percent-encodings of any octets): the
    /// result maps to the same URI as the input, up to the differences §3.2 allows, and
    /// converting again changes nothing.
    #[test]
    fn iri_to_iri_maps_back_and_is_idempotent(iri in prop_oneof![pct_iri(), pct_uri()]) {
        let parsed = IriRef::parse(iri.as_str()).unwrap();
        let converted = to_iri(&parsed, &ToIriOptions::new());
        let uri = to_uri(&parsed, &ToUriOptions::new()).unwrap();
        let back = to_uri(&converted, &ToUriOptions::new()).unwrap();
        prop_assert_eq!(up_to_case_and_unreserved(back.as_str()), up_to_case_and_unreserved(uri.as_str()), "via {}", converted);
        prop_assert_eq!(to_iri(&converted, &ToIriOptions::new()), converted);
    }

    /// IRIs without percent-encodings or characters §3.2 keeps encoded come back unchanged.
    #[test]
    fn iri_to_uri_to_iri(iri in plain_iri()) {
        let uri = to_uri(&IriRef::parse(iri.as_str()).unwrap(), &ToUriOptions::new()).unwrap();
        let back = to_iri(&uri, &ToIriOptions::new());
        prop_assert_eq!(back.as_str(), iri.as_str());
    }
}
