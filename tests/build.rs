//! Building and presenting IRIs: encoding for a component, the builder's §7.4 example and its
//! refusals (the round-trip property is in tests/builder.rs), the §4.1 display form, the §4.4
//! visual order, and the §7.6 display.

use rfc3987::{
    decode, display_with, encode, to_uri, BuildError, Component, Host, IriBuilder, IriRef, ToUriOptions,
};
#[cfg(feature = "bidi")]
use rfc3987::{display_form, visual_order};

/// RFC 3987 §7.4: "a file named résumé.html ... the IRI ... résumé.html ... the URI
/// r%C3%A9sum%C3%A9.html"; the issue's `a/b c` segment example; reserved characters as data.
#[test]
fn encode_for_each_component() {
    assert_eq!(encode("résumé.html", Component::Segment), "résumé.html");
    assert_eq!(encode("a/b c", Component::Segment), "a%2Fb%20c");
    assert_eq!(encode("50%", Component::Segment), "50%25");
    assert_eq!(encode("a:b@c?d#e", Component::Segment), "a:b@c%3Fd%23e");
    // iquery = *( ipchar / iprivate / "/" / "?" ) (RFC 3987 §2.2): ":", "@", "/", "?", ucschar
    // and iprivate (U+E000) stay; a space does not.
    assert_eq!(encode("a:@/?é\u{E000} ", Component::Query), "a:@/?é\u{E000}%20");
    // The fragment takes no iprivate: U+E000 is encoded (EE 80 80).
    assert_eq!(encode("?\u{E000}", Component::Fragment), "?%EE%80%80");
    assert_eq!(encode("u:p@h", Component::Userinfo), "u:p%40h");
    assert_eq!(encode("ex ample.org", Component::RegName), "ex%20ample.org");
    assert_eq!(encode("a=b&c/d?e#f", Component::Query), "a=b&c/d?e%23f");
    assert_eq!(encode("a=b&c+d;e", Component::QueryPart), "a%3Db%26c%2Bd%3Be");
    // Apart from those four, a query part takes what the query takes: ":", "@", "/", "?",
    // ucschar and iprivate stay (RFC 3987 §2.2 iquery).
    assert_eq!(encode("é:@/?\u{E000}", Component::QueryPart), "é:@/?\u{E000}");
    assert_eq!(encode("x/y?z#", Component::Fragment), "x/y?z%23");
    // iprivate only in the query; a §4.1 bidi formatting character is always encoded.
    assert_eq!(encode("\u{E000}", Component::Query), "\u{E000}");
    assert_eq!(encode("\u{E000}", Component::Segment), "%EE%80%80");
    assert_eq!(encode("\u{202E}", Component::Query), "%E2%80%AE");
}

#[test]
fn decode_back_to_text() {
    assert_eq!(decode("a%2Fb%20c").unwrap(), "a/b c");
    assert_eq!(decode("r%C3%A9sum%C3%A9.html").unwrap(), "résumé.html");
    // Latin-1 "é" is not UTF-8: an error at the "%" that starts it, never U+FFFD.
    assert_eq!(decode("r%E9sum").unwrap_err().byte_offset, 1);
    assert_eq!(decode("ab%C3").unwrap_err().byte_offset, 2);
    assert_eq!(
        decode("r%E9sum").unwrap_err().to_string(),
        "the percent-encoded octets at byte 1 are not UTF-8"
    );
}

#[test]
fn builder_section_7_4() {
    let iri = IriBuilder::new()
        .scheme("http")
        .host("www.example.org")
        .segment("résumé.html")
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "http://www.example.org/résumé.html");
    let uri = to_uri(&iri, &ToUriOptions::new()).unwrap();
    assert_eq!(uri.as_str(), "http://www.example.org/r%C3%A9sum%C3%A9.html");
    // IP hosts, port, userinfo, fragment.
    let iri = IriBuilder::new()
        .scheme("ldap")
        .ipv6("2001:db8::7".parse().unwrap())
        .port(389)
        .segment("c=GB")
        .query("objectClass?one")
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "ldap://[2001:db8::7]:389/c=GB?objectClass?one");
    let iri = IriBuilder::new()
        .scheme("s")
        .ipvfuture("7", "x:y")
        .userinfo("u")
        .fragment("f g")
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "s://u@[v7.x:y]#f%20g");
    let iri = IriBuilder::new().ipv4([192, 0, 2, 16].into()).build().unwrap();
    assert_eq!(iri.as_str(), "//192.0.2.16");
    // A bad scheme is refused (RFC 3986 §3.1); an empty first segment without a host too.
    assert!(matches!(
        IriBuilder::new().scheme("1http").build(),
        Err(BuildError::Invalid {
            component: "scheme",
            ..
        })
    ));
    assert_eq!(
        IriBuilder::new().segment("").segment("x").build(),
        Err(BuildError::EmptyFirstSegment)
    );
}

/// RFC 3986 §3.1: a scheme is `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` and is not encoded,
/// so a value that is not one is refused, naming the first character that does not fit —
/// before, `a/b` built `a/b://h` and `http://evil/?` built `http://evil/?://h`, both IRI
/// references, but with another scheme (none, or `http`) than the one set.
#[test]
fn builder_refuses_a_scheme_that_is_not_one() {
    for (scheme, at) in [
        ("a/b", 1),
        ("http://evil/?", 4),
        ("1http", 0),
        ("", 0),
        ("h t", 1),
        ("é", 0),
    ] {
        match IriBuilder::new().scheme(scheme).host("h").build() {
            Err(BuildError::Invalid {
                component: "scheme",
                value,
                byte_offset,
            }) => {
                assert_eq!((value.as_str(), byte_offset), (scheme, at), "{scheme:?}");
            }
            other => panic!("{scheme:?}: {other:?}"),
        }
    }
    let e = IriBuilder::new().scheme("a/b").build().unwrap_err();
    assert!(e.to_string().contains("§3.1"), "{e}");
    // Every character the rule allows, and the case kept.
    let iri = IriBuilder::new().scheme("Z9+-.").host("h").build().unwrap();
    assert_eq!(iri.as_str(), "Z9+-.://h");
}

/// Values cannot leave their component: a reg-name's delimiters are percent-encoded (RFC 3986
/// §3.2.2 reg-name has no ":", "/", "@", "[", "?", "#"), so the host, the port and the path stay
/// what was set; a name that reads as an IPv4 address would change the host's kind (RFC 3986
/// §3.2.2: "If host matches the rule for IPv4address, then it should be considered an IPv4
/// address literal and not a reg-name") and is refused; an IPvFuture's parts are checked.
#[test]
fn builder_values_stay_in_their_component() {
    let iri = IriBuilder::new()
        .scheme("http")
        .host("evil.com:80@x/y?z#w[]")
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "http://evil.com%3A80%40x%2Fy%3Fz%23w%5B%5D");
    assert_eq!(iri.authority().unwrap().port(), None);
    assert_eq!(iri.path().as_str(), "");
    let e = IriBuilder::new()
        .scheme("http")
        .host("192.0.2.1")
        .build()
        .unwrap_err();
    assert!(
        matches!(
            &e,
            BuildError::Mismatch {
                component: "host",
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("IPv4"), "{e}");
    assert!(
        e.to_string()
            .ends_with("(RFC 3986 §3.2.2: a host that matches IPv4address is an IPv4 address)"),
        "{e}"
    );
    // Not an IPv4address (a leading zero; 256): reg-names.
    for name in ["01.2.3.4", "1.2.3.256", "1.2.3.4.5"] {
        let iri = IriBuilder::new().host(name).build().unwrap();
        assert_eq!(iri.authority().unwrap().host(), Host::RegName(name));
    }
    // The port is written in digits, as RFC 3986 §3.2.3 `port = *DIGIT` requires.
    let iri = IriBuilder::new()
        .ipv4([192, 0, 2, 1].into())
        .port(8080)
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "//192.0.2.1:8080");
    for (version, address, component) in [
        ("", "x", "IPvFuture version"),
        ("g", "x", "IPvFuture version"),
        ("7", "", "IPvFuture address"),
        ("7", "x]/y", "IPvFuture address"),
        ("7", "a%20b", "IPvFuture address"),
    ] {
        let e = IriBuilder::new().ipvfuture(version, address).build().unwrap_err();
        assert!(
            matches!(&e, BuildError::Invalid { component: c, .. } if *c == component),
            "{version:?} {address:?}: {e:?}"
        );
        // The message names the rule of the part that is wrong (RFC 3986 §3.2.2).
        let rule = if component == "IPvFuture version" {
            "the version is 1*HEXDIG"
        } else {
            "1*( unreserved"
        };
        assert!(e.to_string().contains(rule), "{e}");
        // The value quoted is the part that is wrong: the version or the address.
        let wrong = if component == "IPvFuture version" {
            version
        } else {
            address
        };
        assert!(
            matches!(&e, BuildError::Invalid { value, .. } if value == wrong),
            "{version:?} {address:?}: {e:?}"
        );
    }
}

/// `Component::check`: whether a text, percent-encodings included, may stand as the
/// component's value (RFC 3987 §2.2's rule of the component), and a name or value of a
/// `name=value&…` query may not hold "&" or "=" (the error says how to encode it).
#[test]
fn check_each_component() {
    // iuserinfo allows ":", ireg-name does not.
    assert!(Component::Userinfo.check("a:b").is_ok());
    assert_eq!(Component::RegName.check("a:b").unwrap_err().byte_offset(), 1);
    // isegment: "/" ends a segment; percent-encodings are its own.
    assert!(Component::Segment.check("a%2Fb%20c").is_ok());
    assert_eq!(Component::Segment.check("a/b").unwrap_err().byte_offset(), 1);
    // iquery holds "=" and "&"; a query part does not.
    assert!(Component::Query.check("a=b&c").is_ok());
    for (text, at, encoded) in [("a=b", 1, "%3D"), ("ab&c", 2, "%26")] {
        let e = Component::QueryPart.check(text).unwrap_err();
        assert_eq!(e.byte_offset(), at, "{text}");
        let delimiter = &text[at..at + 1];
        let message = e.to_string();
        assert!(
            message.contains(&format!("\"{delimiter}\" is a delimiter")),
            "{message}"
        );
        assert!(message.contains(encoded), "{message}");
    }
    // §4.1: no bidi formatting character (U+200F RLM) in any component.
    assert_eq!(
        Component::Fragment.check("a\u{200F}").unwrap_err().byte_offset(),
        1
    );
}

/// `query_name` adds a name without a value (no "="); `query_pair` with an empty value keeps
/// the "="; items after an empty first item are still separated.
#[test]
fn query_items() {
    let iri = IriBuilder::new()
        .query_name("flag")
        .query_pair("k", "")
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "?flag&k=");
    let iri = IriBuilder::new()
        .query_name("")
        .query_pair("a", "b")
        .build()
        .unwrap();
    assert_eq!(iri.as_str(), "?&a=b");
    let iri = IriBuilder::new().query("x=1").query_name("y").build().unwrap();
    assert_eq!(iri.as_str(), "?x=1&y");
    // An empty whole query has no item to separate from: the first item follows the "?".
    let iri = IriBuilder::new().query("").query_name("y").build().unwrap();
    assert_eq!(iri.as_str(), "?y");
}

/// §4.1: the LRE … PDF wrapping (or LRI … PDI) only when there are right-to-left characters.
#[test]
#[cfg(feature = "bidi")]
fn display_form_wraps_bidi_iris_only() {
    let iri = IriRef::parse("http://\u{5D0}.example/").unwrap();
    assert_eq!(
        display_form(&iri, false),
        "\u{202A}http://\u{5D0}.example/\u{202C}"
    );
    assert_eq!(
        display_form(&iri, true),
        "\u{2066}http://\u{5D0}.example/\u{2069}"
    );
    // Arabic (AL) counts; digits and Latin do not.
    let arabic = IriRef::parse("http://a/\u{628}").unwrap();
    assert!(display_form(&arabic, false).starts_with('\u{202A}'));
    let latin = IriRef::parse("http://a/123/é").unwrap();
    assert_eq!(display_form(&latin, false), "http://a/123/é");
}

/// §4.4 via tests/data/corpus/rfc-examples/rfc3987-examples.json: the logical form with Hebrew
/// letters for the RFC's uppercase ones (`logical_hebrew`), rendered in a left-to-right
/// embedding, gives the RFC's visual form after the same substitution (A..Z → U+05D0..). Every
/// example was checked by hand against the RFC text; all reproduce except example 9, whose
/// RFC visual form is not what the algorithm gives (next tests).
#[test]
#[cfg(feature = "bidi")]
fn section_4_4_visual_order() {
    let examples: serde_json::Value =
        serde_json::from_str(&crate::common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let hebrew = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    char::from_u32(0x5D0 + (c as u32 - 'A' as u32)).unwrap()
                } else {
                    c
                }
            })
            .collect()
    };
    let mut checked = 0;
    for example in examples
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "bidi_4.2")
    {
        if example["example"] == 9 {
            continue;
        }
        let iri = IriRef::parse(example["logical_hebrew"].as_str().unwrap()).unwrap();
        let (visual, offsets) = visual_order(&iri);
        assert_eq!(
            visual,
            hebrew(example["visual_bidi_notation"].as_str().unwrap()),
            "example {}",
            example["example"]
        );
        // Each position shows a character of the IRI, each character once.
        let mut sorted = offsets.clone();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            iri.as_str().char_indices().map(|(i, _)| i).collect::<Vec<_>>()
        );
        checked += 1;
    }
    assert_eq!(checked, 9);
}

/// §4.4 example 9 ("not allowed"), logical `http://ab.cd.ef/GH%31/%32IJ/KL.html`, worked by
/// hand through UAX #9 for a paragraph at level 0 (the §4.1 left-to-right embedding), with G…L
/// Hebrew letters (Bidi_Class R):
///
/// ```text
/// classes   http: // ab . cd . ef /  G H  %  3  1  /  %  3  2  I J  /  K L  .  html
///           L CS CS L  CS L  CS L CS R R  ET EN EN CS ET EN EN R R  CS R R  CS L
/// W2        the digits' nearest strong type backwards is R (H), not AL: they stay EN
/// W4        no CS stands between two numbers of one type (the "/" after "1" precedes "%", an ET)
/// W5        each "%" (ET) touches a "3" (EN): EN            -> G H [EN EN EN] / [EN EN EN] I J
/// W6        the remaining CS -> ON ("/", ".", ":")
/// W7        the nearest strong type before the ENs is R: they stay EN
/// N1        numbers count as R: "/" between "%31" and "%32" is R; "/" between J and K is R
/// N2        "/" between f (L) and G (R), and "." between L (R) and h (L): embedding level, L
/// I1        R -> level 1, EN -> level 2, L -> 0
///           levels: http://ab.cd.ef/ = 0, GH = 1, %31 = 2, / = 1, %32 = 2, IJ/KL = 1, .html = 0
/// L2        reverse level 2: "%31" -> "13%", "%32" -> "23%"; then the level-1 run
///           G H 1 3 % / 2 3 % I J / K L  ->  L K / J I % 3 2 / % 3 1 H G
/// visual    http://ab.cd.ef/LK/JI%32/%31HG.html
/// ```
///
/// The RFC (January 2005, Unicode 4.0/4.1) shows `http://ab.cd.ef/%31HG/LK/JI%32.html`. That is
/// what the rules give only if the "/" between "%31" and "%32" took the embedding direction
/// (level 0) — as if the numbers did not count as R for the neutrals between them, or as if
/// each path segment were laid out on its own. But rule N1 has said "European and Arabic
/// numbers are treated as though they were R" since the Unicode 3.0 revision of UAX #9, and W2,
/// W4–W7, N1, N2, I1 and L2 read for these characters in Unicode 4.1 (2005) as they do now
/// (later revisions added isolates and bracket pairs, N0, which no character here touches).
/// So the RFC's visual form was not what the Bidirectional Algorithm produced in 2005 either;
/// it is asserted here as the disagreement, not skipped. The example is one §4.2 forbids, and
/// its point stands: the display is confusing.
#[test]
#[cfg(feature = "bidi")]
fn section_4_4_example_9_hebrew() {
    // G..L = U+05D6..U+05DB, as in the corpus's `logical_hebrew`.
    let logical = "http://ab.cd.ef/\u{5D6}\u{5D7}%31/%32\u{5D8}\u{5D9}/\u{5DA}\u{5DB}.html";
    let examples: serde_json::Value =
        serde_json::from_str(&crate::common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let example = examples
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "bidi_4.2" && e["example"] == 9)
        .unwrap();
    assert_eq!(example["logical_hebrew"], logical);
    let (visual, _) = visual_order(&IriRef::parse(logical).unwrap());
    // LK/JI%32/%31HG, letters substituted: L K J I H G = U+05DB 05DA 05D9 05D8 05D7 05D6.
    let derived = "http://ab.cd.ef/\u{5DB}\u{5DA}/\u{5D9}\u{5D8}%32/%31\u{5D7}\u{5D6}.html";
    assert_eq!(visual, derived);
    // What the RFC shows instead (RFC 3987 §4.4, "Visual representation (Hebrew)"), as the
    // corpus transcribes it.
    assert_eq!(
        example["visual_bidi_notation"],
        "http://ab.cd.ef/%31HG/LK/JI%32.html"
    );
}

/// §4.4 example 9, Arabic variant: the RFC gives a second visual form for when the uppercase
/// letters are Arabic (Bidi_Class AL): `http://ab.cd.ef/31%HG/%LK/JI32.html`. The corpus has no
/// Arabic logical form, so G..L are U+0633..U+0638 here (SEEN … ZAH, all AL). By hand:
///
/// ```text
/// classes   ... ef /  G  H  %  3  1  /  %  3  2  I  J  /  K  L  .  html
///               L  CS AL AL ET EN EN CS ET EN EN AL AL CS AL AL CS L
/// W2        the digits' nearest strong type backwards is AL: EN -> AN
/// W3        AL -> R
/// W4        no CS between two numbers of one type ("/" after "1" precedes "%")
/// W5        "%" touches no EN now (the digits are AN): unchanged
/// W6        ET and CS -> ON
/// N1        "%" between H (R) and "31" (AN, counts as R) -> R; "/%" between "31" and "32"
///           (both AN) -> R; "/" between J and K -> R
/// N2        "/" after f and "." before h: embedding level, L
/// I1        R -> 1, AN -> 2: GH% = 1, 31 = 2, /% = 1, 32 = 2, IJ/KL = 1
/// L2        reverse "31" -> "13", "32" -> "23"; then G H % 1 3 / % 2 3 I J / K L
///           -> L K / J I 3 2 % / 3 1 % H G
/// visual    http://ab.cd.ef/LK/JI32%/31%HG.html
/// ```
///
/// The RFC's Arabic form again has the neutrals between the two numbers ("/%") at the
/// embedding level, which N1 does not allow; the disagreement has the same reason as for
/// Hebrew.
#[test]
#[cfg(feature = "bidi")]
fn section_4_4_example_9_arabic() {
    let logical = "http://ab.cd.ef/\u{633}\u{634}%31/%32\u{635}\u{636}/\u{637}\u{638}.html";
    let (visual, offsets) = visual_order(&IriRef::parse(logical).unwrap());
    // LK/JI32%/31%HG with L K J I H G = U+0638 0637 0636 0635 0634 0633.
    let derived = "http://ab.cd.ef/\u{638}\u{637}/\u{636}\u{635}32%/31%\u{634}\u{633}.html";
    assert_eq!(visual, derived);
    // The "%" shown just left of "HG" is the first one of the IRI (byte 20, after "GH", two
    // bytes each), not the second.
    let percent = visual.rfind('%').unwrap();
    let position = visual[..percent].chars().count();
    assert_eq!(offsets[position], logical.find('%').unwrap());
    assert_eq!(logical.find('%'), Some(20));
}

/// §7.6: characters the display cannot show are percent-encoded; the result maps to the same
/// URI (§3.1).
#[test]
fn display_with_encodes_what_cannot_be_shown() {
    let iri = IriRef::parse("http://example.org/résumé/日本?q=é").unwrap();
    let latin = |c: char| c <= '\u{24F}';
    let shown = display_with(&iri, latin);
    assert_eq!(shown, "http://example.org/résumé/%E6%97%A5%E6%9C%AC?q=é");
    let a = to_uri(&iri, &ToUriOptions::new()).unwrap();
    let b = to_uri(&IriRef::parse(shown.as_str()).unwrap(), &ToUriOptions::new()).unwrap();
    assert_eq!(a, b);
}
