//! The parsed types behave like `str`/`String`: views and owned values, conversions, traits.

use std::collections::{BTreeSet, HashSet};

use rfc3987::{AbsoluteIri, Host, Iri, IriRef, PathKind, RelativeIriRef, Uri, UriRef};

/// RFC 3986 §3: `foo://example.com:8042/over/there?name=ferret#nose`, component by component.
#[test]
fn rfc3986_section_3_components() {
    let iri = IriRef::parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
    assert_eq!(iri.scheme(), Some("foo"));
    let authority = iri.authority().unwrap();
    assert_eq!(authority.as_str(), "example.com:8042");
    assert_eq!(authority.userinfo(), None);
    assert_eq!(authority.host(), Host::RegName("example.com"));
    assert_eq!(authority.port(), Some("8042"));
    assert_eq!(authority.port_u16(), Some(8042));
    assert_eq!(iri.path().as_str(), "/over/there");
    assert_eq!(iri.path().kind(), PathKind::AbEmpty);
    assert_eq!(iri.query(), Some("name=ferret"));
    assert_eq!(iri.fragment(), Some("nose"));
    // RFC 3986 §3: urn:example:animal:ferret:nose has no authority and a rootless path.
    let urn = IriRef::parse("urn:example:animal:ferret:nose").unwrap();
    assert_eq!(urn.authority(), None);
    assert_eq!(urn.path().as_str(), "example:animal:ferret:nose");
    assert_eq!(urn.path().kind(), PathKind::Rootless);
}

/// Each `ipath-*` form (RFC 3987 §2.2) and empty versus absent components.
#[test]
fn path_forms_and_empty_components() {
    let cases = [
        ("http://h", PathKind::AbEmpty, ""),
        ("http://h/a", PathKind::AbEmpty, "/a"),
        ("s:/a//b", PathKind::Absolute, "/a//b"),
        ("s:/", PathKind::Absolute, "/"),
        ("s:a/b", PathKind::Rootless, "a/b"),
        ("s:", PathKind::Empty, ""),
        ("s:?q", PathKind::Empty, ""),
        ("a/b", PathKind::NoScheme, "a/b"),
        ("", PathKind::Empty, ""),
        ("?q", PathKind::Empty, ""),
        ("/a", PathKind::Absolute, "/a"),
        ("//h", PathKind::AbEmpty, ""),
    ];
    for (input, kind, path) in cases {
        let iri = IriRef::parse(input).unwrap();
        assert_eq!(
            (iri.path().kind(), iri.path().as_str()),
            (kind, path),
            "{input:?}"
        );
    }
    let bare = IriRef::parse("http://@h:/?#").unwrap();
    let authority = bare.authority().unwrap();
    assert_eq!(authority.userinfo(), Some(""));
    assert_eq!(authority.port(), Some(""));
    assert_eq!(authority.port_u16(), None);
    assert_eq!(bare.query(), Some(""));
    assert_eq!(bare.fragment(), Some(""));
    let none = IriRef::parse("http://h/").unwrap();
    assert_eq!((none.query(), none.fragment()), (None, None));
    // RFC 3986 §3.2.3 sets no bound on port; the u16 accessor only reports what fits.
    let big = IriRef::parse("http://h:99999/").unwrap();
    assert_eq!(big.authority().unwrap().port(), Some("99999"));
    assert_eq!(big.authority().unwrap().port_u16(), None);
    assert_eq!(
        IriRef::parse("http://h:0080/")
            .unwrap()
            .authority()
            .unwrap()
            .port_u16(),
        Some(80)
    );
}

#[test]
fn views_and_owned_values() {
    let text = String::from("http://例え.テスト/");
    let view: Iri<&str> = Iri::parse(text.as_str()).unwrap();
    let owned: Iri<String> = view.into_owned();
    assert_eq!(view, owned);
    assert_eq!(owned.view(), view);
    assert_eq!(owned.as_str(), text);
    assert_eq!(owned.to_string(), text);
    assert_eq!(String::from(owned.clone()), text);
    assert_eq!(owned.into_inner(), text);
    let parsed: Iri = text.parse().unwrap();
    assert_eq!(parsed, text.as_str());
    assert_eq!(Iri::try_from(text.as_str()).unwrap(), view);
    assert_eq!(Iri::try_from(text.clone()).unwrap(), parsed);
    assert!(Iri::try_from("no scheme").is_err());
    let as_ref: &str = parsed.as_ref();
    assert_eq!(as_ref, text);
    assert_eq!(format!("{parsed:?}"), format!("Iri({text:?})"));
}

#[test]
fn equality_ordering_hashing_by_text() {
    let a = IriRef::parse("http://a/").unwrap();
    let b = IriRef::parse("http://b/").unwrap();
    let a2 = IriRef::parse(String::from("http://a/")).unwrap();
    assert!(a < b);
    assert_eq!(a, a2);
    // Same text, not the same identifier after normalization: comparison here is character by
    // character only (RFC 3987 §5.3.1); "HTTP://a/" differs.
    assert_ne!(IriRef::parse("HTTP://a/").unwrap(), a);
    let set: HashSet<IriRef<&str>> = [a, b, IriRef::parse("http://a/").unwrap()].into_iter().collect();
    assert_eq!(set.len(), 2);
    let ordered: BTreeSet<IriRef<&str>> = [b, a].into_iter().collect();
    assert_eq!(ordered.into_iter().next().unwrap(), "http://a/");
}

/// Every narrower start symbol converts into the wider one with the same components.
#[test]
fn widening_conversions() {
    let uri = Uri::parse("http://example.org/a?b#c").unwrap();
    let iri: Iri<&str> = uri.into();
    let uri_ref: UriRef<&str> = uri.into();
    let iri_ref: IriRef<&str> = iri.into();
    assert_eq!(iri_ref.query(), Some("b"));
    assert_eq!(uri_ref.fragment(), Some("c"));
    let absolute = AbsoluteIri::parse("urn:a:b?c").unwrap();
    assert_eq!(Iri::from(absolute).query(), Some("c"));
    let relative = RelativeIriRef::parse("../x").unwrap();
    assert_eq!(IriRef::from(relative).path().kind(), PathKind::NoScheme);
    assert!(AbsoluteIri::parse("urn:a#frag").is_err());
    assert!(RelativeIriRef::parse("a:b").is_err());
}

#[test]
fn path_segments() {
    let cases: [(&str, &[&str]); 5] = [
        ("http://h", &[]),
        ("http://h/", &[""]),
        ("http://h/a//b/", &["a", "", "b", ""]),
        ("a/b", &["a", "b"]),
        ("s:x", &["x"]),
    ];
    for (input, segments) in cases {
        let iri = IriRef::parse(input).unwrap();
        assert_eq!(iri.path().segments().collect::<Vec<_>>(), segments, "{input}");
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_string_and_validating() {
    let iri = Iri::parse(String::from("http://résumé.example.org/")).unwrap();
    let json = serde_json::to_string(&iri).unwrap();
    assert_eq!(json, "\"http://résumé.example.org/\"");
    let back: Iri = serde_json::from_str(&json).unwrap();
    assert_eq!(back, iri);
    let borrowed: Iri<&str> = serde_json::from_str(&json).unwrap();
    assert_eq!(borrowed, iri);
    let err = serde_json::from_str::<Iri>("\"not an iri\"").unwrap_err();
    assert!(err.to_string().contains("invalid IRI"), "{err}");
    #[derive(serde::Deserialize)]
    struct Doc {
        id: IriRef,
    }
    assert!(serde_json::from_str::<Doc>(r#"{"id": "a b"}"#).is_err());
    assert_eq!(
        serde_json::from_str::<Doc>(r#"{"id": "../x"}"#).unwrap().id,
        "../x"
    );
}
