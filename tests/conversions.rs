//! Issue 13: every pass takes every parsed type and returns the narrowest type that always
//! holds; methods with the defaults; narrowing conversions; `Deref`/`Borrow`; edits that stay
//! valid. The expected values are reasoned from the RFCs beside each case.

use crate::common;

use std::collections::{BTreeSet, HashSet};

#[cfg(feature = "lint")]
use rfc3987::check;
#[cfg(feature = "bidi")]
use rfc3987::display_form;
use rfc3987::{
    equivalent, normalize, relativize, resolve, to_iri, to_uri, AbsoluteIri, AbsoluteUri, EditError, Iri,
    IriRef, Level, NormalizeOptions, NotNarrow, ParseErrorKind, RelativeIriRef, RelativeUriRef, ToIriOptions,
    ToUriOptions, Uri, UriRef,
};

/// The components of a parsed value, host kind and path form included, as one comparable text.
macro_rules! parts {
    ($value:expr) => {{
        let v = &$value;
        let authority = v.authority().map(|a| (a.as_str(), a.host_kind()));
        format!("{:?}", (v.scheme(), authority, v.path(), v.query(), v.fragment()))
    }};
}

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
    #[cfg(feature = "lint")]
    assert!(check(&Uri::parse("http://example.org/a").unwrap()).is_empty());
    #[cfg(feature = "bidi")]
    assert_eq!(display_form(&uri, false), "http://example.org/r%C3%A9sum%C3%A9");
}

/// Every corpus input, as every type it parses as, through every pass and every option that
/// rewrites text: each result is of the narrow type its signature promises, with the components
/// a new parse of its text finds (host kind and path form included), and the same text as the
/// pass on the widest type. (The crate asserts the reparse too, in debug builds; this test says
/// it without relying on that.)
#[test]
fn every_type_gives_its_shape_with_every_option() {
    macro_rules! as_parsed {
        ($value:expr, $ty:ident, $input:expr) => {{
            let value = &$value;
            let parsed = $ty::parse(value.as_str().to_string())
                .unwrap_or_else(|e| panic!("{:?} from {:?}: {e}", value.as_str(), $input));
            assert_eq!(
                parts!(value),
                parts!(parsed),
                "{:?} from {:?}",
                value.as_str(),
                $input
            );
        }};
    }
    #[cfg_attr(not(any(feature = "nfc", feature = "idna")), allow(unused_mut))]
    let mut normalize_options = vec![NormalizeOptions::default(), NormalizeOptions::new(Level::Syntax)];
    // With the features that have them, the options that rewrite the most: §5.3.2.2 NFC and
    // §5.3.3 IDN normalization, together.
    #[cfg(any(feature = "nfc", feature = "idna"))]
    normalize_options.push({
        let options = NormalizeOptions::default();
        #[cfg(feature = "nfc")]
        let options = options.nfc(true);
        #[cfg(feature = "idna")]
        let options = options.idn(true);
        options
    });
    #[cfg_attr(not(any(feature = "idna", feature = "legacy-charsets")), allow(unused_mut))]
    let mut uri_options = vec![ToUriOptions::new()];
    #[cfg(feature = "idna")]
    uri_options.push(ToUriOptions::new().idna(true));
    #[cfg(feature = "legacy-charsets")]
    uri_options.push(ToUriOptions::new().query_charset("shift_jis").unwrap());
    #[cfg_attr(not(feature = "idna"), allow(unused_mut))]
    let mut iri_options = vec![ToIriOptions::new()];
    #[cfg(feature = "idna")]
    iri_options.push(ToIriOptions::new().idn_unicode(true));
    let mut checked = 0;
    for input in common::corpus_inputs() {
        let Ok(wide) = IriRef::parse(input.as_str()) else {
            continue;
        };
        for options in &normalize_options {
            let normal = normalize(&wide, options);
            as_parsed!(normal, IriRef, input);
            if let Ok(iri) = Iri::parse(input.as_str()) {
                let n: Iri = normalize(&iri, options);
                as_parsed!(n, Iri, input);
                assert_eq!(n.as_str(), normal.as_str());
            }
            if let Ok(absolute) = AbsoluteIri::parse(input.as_str()) {
                let n: AbsoluteIri = normalize(&absolute, options);
                as_parsed!(n, AbsoluteIri, input);
            }
            if let Ok(relative) = RelativeIriRef::parse(input.as_str()) {
                let n: RelativeIriRef = normalize(&relative, options);
                as_parsed!(n, RelativeIriRef, input);
            }
            if let Ok(uri) = Uri::parse(input.as_str()) {
                let n: Iri = normalize(&uri, options);
                as_parsed!(n, Iri, input);
            }
        }
        for options in &uri_options {
            // IDNA may refuse a host, and a charset a character: errors, not shapes.
            let Ok(uri) = to_uri(&wide, options) else { continue };
            as_parsed!(uri, UriRef, input);
            if let Ok(iri) = Iri::parse(input.as_str()) {
                let u: Uri = to_uri(&iri, options).unwrap();
                as_parsed!(u, Uri, input);
                assert_eq!(u.as_str(), uri.as_str());
            }
            if let Ok(relative) = RelativeIriRef::parse(input.as_str()) {
                let u: RelativeUriRef = to_uri(&relative, options).unwrap();
                as_parsed!(u, RelativeUriRef, input);
            }
        }
        if let Ok(uri) = UriRef::parse(input.as_str()) {
            for options in &iri_options {
                let i: IriRef = to_iri(&uri, options);
                as_parsed!(i, IriRef, input);
            }
            if let Ok(uri) = Uri::parse(input.as_str()) {
                let i: Iri = uri.to_iri();
                as_parsed!(i, Iri, input);
            }
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
                let narrowed = $narrow::try_from(wide).map(|n| parts!(n));
                let parsed = $narrow::parse($input).map(|n| parts!(n));
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
        agree!(input, UriRef => Iri);
        agree!(input, UriRef => AbsoluteIri);
        agree!(input, UriRef => RelativeIriRef);
        agree!(input, Uri => AbsoluteIri);
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
    // A URI reference with a scheme is an IRI (a URI is one).
    let iri: Iri<&str> = Iri::try_from(UriRef::parse("a:b").unwrap()).unwrap();
    assert_eq!(iri, "a:b");
    assert_eq!(
        RelativeIriRef::try_from(UriRef::parse("a:b").unwrap())
            .unwrap_err()
            .target(),
        "irelative-ref"
    );
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
    // PartialEq with str, &str and String, both ways, and across the parsed types: by text.
    assert!(iri == *"http://example.org/a?q#f");
    assert_eq!(iri, "http://example.org/a?q#f");
    assert_eq!("http://example.org/a?q#f", iri);
    assert_eq!(String::from("http://example.org/a?q#f"), iri);
    assert_eq!(iri, String::from("http://example.org/a?q#f"));
    assert_eq!(iri, IriRef::parse("http://example.org/a?q#f").unwrap());
    assert_eq!(Uri::parse("http://example.org/a?q#f").unwrap(), iri);
    assert_ne!(iri, IriRef::parse("http://example.org/a?q#F").unwrap());
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
    #[cfg(feature = "idna")]
    {
        // The same with IDNA: UTS #46 maps fullwidth digits (U+FF11…) and the ideographic full
        // stop to ASCII, so the reg-name １２７。０。０。１ becomes the IPv4 address 127.0.0.1.
        let fullwidth = Iri::parse("http://\u{FF11}\u{FF12}\u{FF17}.\u{FF10}.\u{FF10}.\u{FF11}/").unwrap();
        let mapped: Uri = to_uri(&fullwidth, &ToUriOptions::new().idna(true)).unwrap();
        assert_eq!(mapped, "http://127.0.0.1/");
        assert_eq!(mapped.authority().unwrap().host_kind(), rfc3987::HostKind::Ipv4);
        // IDN normalization never empties a host: UTS #46 maps U+00AD SOFT HYPHEN to nothing,
        // and `file:///` (the empty host) is localhost (RFC 8089 §2), another host; the host is
        // kept.
        let soft = Iri::parse("file://\u{AD}/etc/passwd").unwrap();
        let kept: Iri = normalize(&soft, &NormalizeOptions::default().idn(true));
        assert_eq!(kept, "file://\u{AD}/etc/passwd");
        // Nor a label: "a.\u{AD}.example" would become "a..example", whose empty label is a
        // name of another shape (RFC 3986 §3.2.2: a reg-name's labels are what the dots
        // separate); the host is kept.
        let soft = Iri::parse("http://a.\u{AD}.example/").unwrap();
        let kept: Iri = normalize(&soft, &NormalizeOptions::default().idn(true));
        assert_eq!(kept, "http://a.\u{AD}.example/");
    }
    let a = Iri::parse("http://example.org/~a").unwrap();
    let b = Uri::parse("http://example.org/%7Ea").unwrap();
    assert!(a.equivalent(&b, Level::Syntax));
    assert!(!a.equivalent(&b, Level::Simple));
    // A "." segment in an IRI with a scheme is a finding: normalization removes it (§5.3.2.4).
    #[cfg(feature = "lint")]
    {
        let dotted = Iri::parse("http://a/./b").unwrap();
        let codes: Vec<&str> = dotted.check().iter().map(|d| d.code).collect();
        assert_eq!(codes, ["dot-segments"]);
    }
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
    // The message names the component and quotes the text; an invalid text's error is the
    // parse error of the component's rule, given as the source.
    let err = iri.with_path("b").unwrap_err();
    assert!(
        err.to_string().starts_with("cannot set the path to \"b\": "),
        "{err}"
    );
    let err = iri.with_query(Some("a b")).unwrap_err();
    let EditError::Invalid { ref error, .. } = err else {
        panic!("{err:?}")
    };
    assert_eq!(err.to_string(), format!("cannot set the query: {error}"));
    let source = std::error::Error::source(&err).expect("the parse error");
    assert_eq!(source.to_string(), error.to_string());
    assert!(std::error::Error::source(&iri.with_path("b").unwrap_err()).is_none());
    // Removing the authority of "http://h//x" would make "//x" read as an authority.
    let double = Iri::parse("http://h//x").unwrap();
    let err = double.with_authority(None).unwrap_err();
    assert!(
        err.to_string().starts_with("cannot remove the authority: "),
        "{err}"
    );
    assert_eq!(shape(err).0, "authority");
    // A URI type names the RFC 3986 rule (path-abempty, not ipath-abempty).
    let (_, reason) = shape(Uri::parse("http://h/").unwrap().with_path("x").unwrap_err());
    assert!(
        reason.contains("path-abempty") && !reason.contains("ipath"),
        "{reason}"
    );
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
