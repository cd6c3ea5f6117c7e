//! Issue 13: every pass takes every parsed type and returns the narrowest type that always
//! holds; methods with the defaults; narrowing conversions; `Deref`/`Borrow`; edits that stay
//! valid. The expected values are reasoned from the RFCs beside each case.

mod common;

use std::collections::{BTreeSet, HashSet};

use rfc3987::{
    check, display_form, equivalent, normalize, relativize, resolve, to_iri, to_uri, AbsoluteIri,
    AbsoluteUri, EditError, Iri, IriRef, Level, NormalizeOptions, NotNarrow, ParseErrorKind, RelativeIriRef,
    RelativeUriRef, ToIriOptions, ToUriOptions, Uri, UriRef,
};

/// The result types are checked by the compiler: each `let` names the type the issue asks for.
#[test]
fn passes_take_every_type_and_keep_its_shape() {
    let options = NormalizeOptions::default();
    // RFC 3986 §6.2.2.1 (scheme and host case), §6.2.3 (default port), §5.2.4 (dot segments).
    let iri = Iri::parse("HTTP://Example.ORG:80/a/./b/../c").unwrap();
    let normal: Iri = normalize(&iri, &options);
    assert_eq!(normal, "http://example.org/a/c");
    // Borrowed storage works the same, and so does a reference to a reference.
    let view: Iri<&str> = Iri::parse("HTTP://Example.ORG:80/a/./b/../c").unwrap();
    let normal_view: Iri = normalize(&&view, &options);
    assert_eq!(normal_view, normal);

    // A URI's normalization decodes %C3%A9 (an iunreserved character, RFC 3987 §5.3.2.3): an IRI.
    let uri = Uri::parse("http://example.org/r%C3%A9sum%C3%A9").unwrap();
    let from_uri: Iri = normalize(&uri, &options);
    assert_eq!(from_uri, "http://example.org/résumé");

    let absolute = AbsoluteIri::parse("urn:ISBN:0451450523").unwrap();
    let normal_absolute: AbsoluteIri = normalize(&absolute, &options);
    // Only the scheme is case-insensitive here; the NSS keeps its case (RFC 3986 §6.2.2.1).
    assert_eq!(normal_absolute, "urn:ISBN:0451450523");

    let relative = RelativeIriRef::parse("a/%7e/b?q").unwrap();
    let normal_relative: RelativeIriRef = normalize(&relative, &options);
    // %7E is "~", unreserved (§5.3.2.3); a relative reference keeps its dot segments.
    assert_eq!(normal_relative, "a/~/b?q");

    // IRI → URI (RFC 3987 §3.1): é is C3 A9 in UTF-8.
    let to: Uri = to_uri(&normal, &ToUriOptions::new()).unwrap();
    assert_eq!(to, "http://example.org/a/c");
    let to: Uri = to_uri(&from_uri, &ToUriOptions::new()).unwrap();
    assert_eq!(to, "http://example.org/r%C3%A9sum%C3%A9");
    let to: RelativeUriRef = to_uri(&RelativeIriRef::parse("é#à").unwrap(), &ToUriOptions::new()).unwrap();
    assert_eq!(to, "%C3%A9#%C3%A0");
    let to: AbsoluteUri = to_uri(&absolute, &ToUriOptions::new()).unwrap();
    assert_eq!(to, "urn:ISBN:0451450523");

    // URI → IRI (RFC 3987 §3.2.1's example).
    let back: Iri = to_iri(
        &Uri::parse("http://www.example.org/D%C3%BCrst").unwrap(),
        &ToIriOptions::new(),
    );
    assert_eq!(back, "http://www.example.org/Dürst");
    let back: AbsoluteIri = to_iri(&AbsoluteUri::parse("urn:x:%C3%A9").unwrap(), &ToIriOptions::new());
    assert_eq!(back, "urn:x:é");

    // resolve takes any base with a scheme and any reference (RFC 3986 §5.4.1: "g;x?y#s").
    let base = AbsoluteUri::parse("http://a/b/c/d;p?q").unwrap();
    let target: Iri = resolve(&base, &RelativeUriRef::parse("g;x?y#s").unwrap());
    assert_eq!(target, "http://a/b/c/g;x?y#s");
    let target = base.resolve(&IriRef::parse("../g").unwrap());
    assert_eq!(target, "http://a/b/g");
    let reference = relativize(&base, &target).unwrap();
    assert_eq!(reference, "../g");

    // equivalent, check and the display functions take any type too.
    assert!(equivalent(
        &uri,
        &Iri::parse("http://example.org/résumé").unwrap(),
        Level::Syntax
    ));
    assert!(check(&Uri::parse("http://example.org/a").unwrap()).is_empty());
    assert_eq!(display_form(&uri, false), "http://example.org/r%C3%A9sum%C3%A9");
}

/// Every corpus input, as every type it parses as: the passes give results that parse again as
/// their type with the same text as the pass on the widest type (the crate also asserts the
/// reparse in debug builds, which these tests run in).
#[test]
fn every_type_gives_the_same_text_as_the_widest() {
    let options = NormalizeOptions::default();
    let mut checked = 0;
    for input in common::corpus_inputs() {
        let Ok(wide) = IriRef::parse(input.as_str()) else {
            continue;
        };
        let normal = normalize(&wide, &options);
        let uri = to_uri(&wide, &ToUriOptions::new()).unwrap();
        if let Ok(iri) = Iri::parse(input.as_str()) {
            assert_eq!(normalize(&iri, &options).as_str(), normal.as_str(), "{input:?}");
            assert_eq!(iri.to_uri().as_str(), uri.as_str(), "{input:?}");
            assert_eq!(
                Iri::parse(normal.as_str()).map(|i| i.to_string()),
                Ok(normal.to_string())
            );
        }
        if let Ok(relative) = RelativeIriRef::parse(input.as_str()) {
            let n: RelativeIriRef = relative.normalize();
            assert_eq!(n.as_str(), normal.as_str(), "{input:?}");
        }
        if let Ok(uri_ref) = UriRef::parse(input.as_str()) {
            assert_eq!(
                uri_ref.to_iri().as_str(),
                to_iri(&uri_ref, &ToIriOptions::new()).as_str()
            );
            assert_eq!(uri_ref.normalize().as_str(), normal.as_str(), "{input:?}");
        }
        checked += 1;
    }
    assert!(checked > 10_000, "{checked}");
}

/// Narrowing by `TryFrom` agrees with parsing as the narrower type, on every corpus input: the
/// start symbols differ only by scheme, fragment and ASCII (RFC 3987 §2.2, RFC 3986 §4).
#[test]
fn narrowing_agrees_with_parsing() {
    macro_rules! agree {
        ($input:expr, $wide:ident => $narrow:ident) => {
            if let Ok(wide) = $wide::parse($input) {
                let narrowed = $narrow::try_from(wide).map(|n| {
                    format!(
                        "{:?}",
                        (
                            n.scheme(),
                            n.authority().map(|a| a.as_str()),
                            n.path(),
                            n.query(),
                            n.fragment()
                        )
                    )
                });
                let parsed = $narrow::parse($input).map(|n| {
                    format!(
                        "{:?}",
                        (
                            n.scheme(),
                            n.authority().map(|a| a.as_str()),
                            n.path(),
                            n.query(),
                            n.fragment()
                        )
                    )
                });
                assert_eq!(
                    narrowed.ok(),
                    parsed.ok(),
                    "{:?} {} => {}",
                    $input,
                    stringify!($wide),
                    stringify!($narrow)
                );
            }
        };
    }
    for input in common::corpus_inputs() {
        let input = input.as_str();
        agree!(input, IriRef => Iri);
        agree!(input, IriRef => AbsoluteIri);
        agree!(input, IriRef => RelativeIriRef);
        agree!(input, IriRef => UriRef);
        agree!(input, IriRef => Uri);
        agree!(input, IriRef => AbsoluteUri);
        agree!(input, IriRef => RelativeUriRef);
        agree!(input, Iri => AbsoluteIri);
        agree!(input, Iri => Uri);
        agree!(input, Iri => AbsoluteUri);
        agree!(input, AbsoluteIri => AbsoluteUri);
        agree!(input, RelativeIriRef => RelativeUriRef);
        agree!(input, UriRef => Uri);
        agree!(input, UriRef => AbsoluteUri);
        agree!(input, UriRef => RelativeUriRef);
        agree!(input, Uri => AbsoluteUri);
    }
}

#[test]
fn narrowing_says_why_and_gives_the_value_back() {
    let err = Iri::try_from(IriRef::parse("//example.org/").unwrap()).unwrap_err();
    assert_eq!(err.reason(), NotNarrow::NoScheme);
    assert_eq!(err.value().as_str(), "//example.org/");
    assert_eq!(
        err.to_string(),
        "\"//example.org/\" is not an IRI: it has no scheme (RFC 3987 §2.2: IRI = scheme \":\" ihier-part …)"
    );
    let err = AbsoluteIri::try_from(Iri::parse("http://a/#f").unwrap()).unwrap_err();
    assert_eq!(err.reason(), NotNarrow::Fragment);
    let err = RelativeIriRef::try_from(IriRef::parse("a:b").unwrap()).unwrap_err();
    assert_eq!(err.reason(), NotNarrow::Scheme);
    // "é" starts at byte 10 of "http://a/ré/": "http://a/" is 9 bytes, "r" one more.
    let err = Uri::try_from(Iri::parse("http://a/ré/").unwrap()).unwrap_err();
    assert_eq!(err.reason(), NotNarrow::NotAscii { byte_offset: 10 });
    assert!(err.to_string().starts_with("\"http://a/ré/\" is not a URI: "));
    let back: Iri<&str> = err.into_inner();
    assert_eq!(back, "http://a/ré/");
    // Borrowed storage narrows without copying.
    let text = String::from("mailto:a@b");
    let narrowed: AbsoluteUri<&str> = AbsoluteUri::try_from(IriRef::parse(text.as_str()).unwrap()).unwrap();
    assert!(std::ptr::eq(narrowed.as_str(), text.as_str()));
}

#[test]
fn text_access_and_sets() {
    let iri = Iri::parse("http://example.org/a?q#f").unwrap();
    // Deref<Target = str>: the str methods read the text as written.
    assert_eq!(iri.len(), 24);
    assert!(iri.starts_with("http:"));
    assert_eq!(&*iri, "http://example.org/a?q#f");
    // Borrow<str>: hashing and ordering are by text, so sets are searched with a &str.
    let set: HashSet<Iri> = ["http://a/", "http://b/"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    assert!(set.contains("http://a/"));
    assert!(!set.contains("http://A/")); // no normalization: the text is the key
    let ordered: BTreeSet<IriRef> = ["b", "a"].iter().map(|s| s.parse().unwrap()).collect();
    assert!(ordered.contains("a"));
    assert_eq!(ordered.iter().next().unwrap(), "a");
    // PartialEq with str and &str.
    assert!(iri == *"http://example.org/a?q#f");
    assert_eq!(iri, "http://example.org/a?q#f");
}

#[test]
fn components_display_as_written() {
    let iri = IriRef::parse("ftp://user@[2001:DB8::7]:21/a/b").unwrap();
    let authority = iri.authority().unwrap();
    assert_eq!(authority.to_string(), "user@[2001:DB8::7]:21");
    // A host displays as an IRI writes it: IPv6 in brackets, in its RFC 5952 form (lowercase).
    assert_eq!(authority.host().to_string(), "[2001:db8::7]");
    assert_eq!(iri.path().to_string(), "/a/b");
    let future = IriRef::parse("http://[v7.a:b]/").unwrap();
    assert_eq!(future.authority().unwrap().host().to_string(), "[v7.a:b]");
    let v4 = IriRef::parse("http://192.0.2.1/").unwrap();
    assert_eq!(v4.authority().unwrap().host().to_string(), "192.0.2.1");
}

#[test]
fn methods_with_the_defaults() {
    // RFC 3986 §5.4.1, the normal examples, from the method form.
    let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    for (reference, target) in [
        ("g", "http://a/b/c/g"),
        ("../..", "http://a/"),
        ("?y", "http://a/b/c/d;p?y"),
    ] {
        let reference = IriRef::parse(reference).unwrap();
        let resolved = base.resolve(&reference);
        assert_eq!(resolved, target);
        // relativize is resolve's inverse: what it gives resolves back.
        let back = base.relativize(&resolved).unwrap();
        assert_eq!(base.resolve(&back), target);
    }
    // §5.3.3: the default port and an empty path; §5.3.2.1: case.
    assert_eq!(
        Iri::parse("HTTP://Example.org:80").unwrap().normalize(),
        "http://example.org/"
    );
    // §3.1 without IDNA: the host is percent-encoded too (é = C3 A9).
    assert_eq!(
        Iri::parse("http://é.example/é").unwrap().to_uri(),
        "http://%C3%A9.example/%C3%A9"
    );
    assert_eq!(Uri::parse("http://a/%C3%A9").unwrap().to_iri(), "http://a/é");
    // §3.2 decodes %31 ("1", unreserved): the host then reads as an IPv4 address (RFC 3986
    // §3.2.2), and the result's components say so, as a new parse would.
    let decoded = Uri::parse("http://%31.2.3.4/").unwrap().to_iri();
    assert_eq!(decoded, "http://1.2.3.4/");
    assert_eq!(decoded.authority().unwrap().host_kind(), rfc3987::HostKind::Ipv4);
    let a = Iri::parse("http://example.org/~a").unwrap();
    let b = Uri::parse("http://example.org/%7Ea").unwrap();
    assert!(a.equivalent(&b, Level::Syntax));
    assert!(!a.equivalent(&b, Level::Simple));
    // A dot segment is a check finding (dot-segment code), with the method as with the function.
    let dotted = Iri::parse("http://a/./b").unwrap();
    assert_eq!(dotted.check(), check(&dotted));
    assert!(!dotted.check().is_empty());
}

#[test]
fn edits_give_a_new_value_of_the_same_type() {
    let iri = Iri::parse("http://example.org/a?q#f").unwrap();
    assert_eq!(
        iri.with_fragment(Some("sec-2")).unwrap(),
        "http://example.org/a?q#sec-2"
    );
    assert_eq!(iri.with_fragment(None).unwrap(), "http://example.org/a?q");
    // An empty fragment is still a fragment: "#" stays (RFC 3986 §3.5).
    assert_eq!(iri.with_fragment(Some("")).unwrap().fragment(), Some(""));
    assert_eq!(
        iri.with_query(Some("x=1&y")).unwrap(),
        "http://example.org/a?x=1&y#f"
    );
    assert_eq!(iri.with_query(None).unwrap(), "http://example.org/a#f");
    assert_eq!(iri.with_path("/b/c").unwrap(), "http://example.org/b/c?q#f");
    assert_eq!(iri.with_path("").unwrap(), "http://example.org?q#f");
    assert_eq!(iri.with_scheme("https").unwrap(), "https://example.org/a?q#f");
    assert_eq!(
        iri.with_authority(Some("user@[::1]:8080")).unwrap(),
        "http://user@[::1]:8080/a?q#f"
    );
    assert_eq!(iri.with_authority(None).unwrap(), "http:/a?q#f");
    // The result is re-parsed: its components are typed as usual.
    let edited = iri.with_authority(Some("192.0.2.1")).unwrap();
    assert_eq!(edited.authority().unwrap().host_kind(), rfc3987::HostKind::Ipv4);
    // A rootless path without an authority: mailto (RFC 6068).
    let mailto = Iri::parse("mailto:a@b").unwrap();
    assert_eq!(mailto.with_path("c@d").unwrap(), "mailto:c@d");
    let relative = RelativeIriRef::parse("a/b").unwrap();
    assert_eq!(relative.with_path("./c:d").unwrap(), "./c:d");
    let uri = Uri::parse("http://a/").unwrap();
    assert_eq!(uri.with_query(Some("%C3%A9")).unwrap(), "http://a/?%C3%A9");
}

#[test]
fn edits_refuse_what_would_not_be_the_same_type() {
    let iri = Iri::parse("http://example.org/a").unwrap();
    let shape = |e: EditError| match e {
        EditError::Shape {
            component, reason, ..
        } => (component, reason),
        other => panic!("{other:?}"),
    };
    // RFC 3986 §3.3: after an authority the path is empty or begins with "/".
    let (component, reason) = shape(iri.with_path("b").unwrap_err());
    assert_eq!(component, "path");
    assert!(reason.contains("ipath-abempty"), "{reason}");
    // Without an authority a path that begins with "//" would read as one.
    let mailto = Iri::parse("mailto:a@b").unwrap();
    assert_eq!(shape(mailto.with_path("//x").unwrap_err()).0, "path");
    // An authority before a rootless path: the path would not begin with "/".
    assert_eq!(
        shape(mailto.with_authority(Some("h")).unwrap_err()).0,
        "authority"
    );
    // Removing the authority of "http://h//x" would make "//x" read as an authority.
    let double = Iri::parse("http://h//x").unwrap();
    assert_eq!(shape(double.with_authority(None).unwrap_err()).0, "authority");
    // RFC 3986 §4.2: a relative reference's first segment has no ":" (it would read as a scheme).
    let relative = RelativeIriRef::parse("a/b").unwrap();
    let (component, reason) = shape(relative.with_path("c:d").unwrap_err());
    assert_eq!(component, "path");
    assert!(reason.contains("ipath-noscheme"), "{reason}");

    // Text that is not the component's rule: the error points into the text given.
    let invalid = |e: EditError| match e {
        EditError::Invalid { component, error } => (component, error),
        other => panic!("{other:?}"),
    };
    // A scheme begins with ALPHA (RFC 3986 §3.1): the "1" at offset 0.
    let (component, error) = invalid(iri.with_scheme("1http").unwrap_err());
    assert_eq!((component, error.byte_offset()), ("scheme", 0));
    // "#" cannot stand in a fragment (ifragment has no "#"): offset 1.
    let (component, error) = invalid(iri.with_fragment(Some("a#b")).unwrap_err());
    assert_eq!((component, error.byte_offset()), ("fragment", 1));
    // A URI's query has ASCII only: "é" at offset 2, and the rule is named as RFC 3986 names it.
    let uri = Uri::parse("http://a/").unwrap();
    let (component, error) = invalid(uri.with_query(Some("q=é")).unwrap_err());
    assert_eq!(
        (component, error.byte_offset(), error.kind()),
        ("query", 2, ParseErrorKind::NotAscii)
    );
    // RFC 3987 §4.1: no bidi formatting character, even where ucschar's ranges would take it.
    let (_, error) = invalid(iri.with_path("/a\u{200E}").unwrap_err());
    assert_eq!(
        (error.byte_offset(), error.kind()),
        (2, ParseErrorKind::BidiFormattingCharacter)
    );
    // An unclosed IP literal in an authority.
    let (component, error) = invalid(iri.with_authority(Some("[::1")).unwrap_err());
    assert_eq!((component, error.byte_offset()), ("authority", 4));
    // The message says which component and why.
    let message = iri.with_path("b").unwrap_err().to_string();
    assert!(message.starts_with("cannot set the path to \"b\": "), "{message}");
}
