//! Conversions with `http::Uri` and `url::Url` (features `http` and `url`, src/interop/): the
//! RFC 3986 examples with the outcome of each reasoned beside it, the failures each module
//! documents, and the bench sample, where every success must round-trip exactly and every
//! failure must be one of the documented reasons.

use crate::common;

use std::collections::BTreeMap;

use rfc3987::interop::http::ToHttpUriErrorKind as Http;
use rfc3987::interop::url::ToUrlErrorKind;
use rfc3987::{AbsoluteUri, Iri, IriRef, ParseErrorKind, SyntaxComponent, Uri, UriRef};
use url::Url;

/// What `url::Url` does to a URI.
#[derive(Clone, Debug, PartialEq)]
enum Whatwg {
    /// Serializes it as the same text.
    Kept,
    /// Serializes it differently: the first component changed and the serialization.
    Rewritten(&'static str, &'static str),
}

/// `uri` to `http::Uri` and back: a success gives the same text through every type that can
/// hold it, and equals what the http crate parses from that text; a failure gives its kind.
fn http_round_trip(text: &str) -> Result<(), Http> {
    let reference = UriRef::parse(text).unwrap();
    let converted = http::Uri::try_from(&reference);
    if let Ok(uri) = Uri::parse(text) {
        // The Uri impl agrees with the UriRef impl.
        assert_eq!(
            http::Uri::try_from(&uri).map_err(|e| e.kind()),
            converted.clone().map_err(|e| e.kind())
        );
    }
    let h = converted.map_err(|e| {
        assert_eq!(e.input(), text);
        e.kind()
    })?;
    let back = UriRef::try_from(&h).unwrap();
    assert_eq!(back.as_str(), text, "{text} → {h} → {back}");
    if reference.scheme().is_some() {
        assert_eq!(Uri::try_from(&h).unwrap().as_str(), text);
        // The http crate's own parse of the text is the same value.
        assert_eq!(text.parse::<http::Uri>().unwrap(), h);
        assert_eq!(h.to_string(), text);
    }
    Ok(())
}

/// `uri` to `url::Url` and back: a success gives the same text both ways, owned and borrowed.
fn url_round_trip(text: &str) -> Result<(), rfc3987::interop::url::ToUrlError> {
    let uri = Uri::parse(text).unwrap();
    let url = Url::try_from(&uri)?;
    assert_eq!(url.as_str(), text);
    let view: Uri<&str> = Uri::try_from(&url).unwrap();
    assert_eq!(view, uri);
    let owned: Uri = Uri::try_from(url).unwrap();
    assert_eq!(owned, uri);
    Ok(())
}

fn whatwg(text: &str) -> Whatwg {
    match url_round_trip(text) {
        Ok(()) => Whatwg::Kept,
        Err(e) => {
            assert_eq!(e.kind(), ToUrlErrorKind::Rewritten, "{e}");
            let rewritten = e.whatwg().unwrap().to_string();
            // The serialization is the url crate's own, and is not the input.
            assert_eq!(Url::parse(text).unwrap().as_str(), rewritten);
            assert_ne!(rewritten, text);
            Whatwg::Rewritten(e.component().unwrap(), rewritten.leak())
        }
    }
}

/// RFC 3986 §1.1.2's examples. The http crate holds an absolute URI only with "//"; WHATWG
/// keeps all eight: none has an uppercase scheme or host, a default port of a special scheme,
/// an empty path after an authority, a dot segment or a "'" in a query.
#[test]
fn rfc3986_1_1_2_examples() {
    let cases: &[(&str, Result<(), Http>, Whatwg)] = &[
        // ftp is special: its host is a domain, already lowercase ASCII; no port.
        ("ftp://ftp.is.co.za/rfc/rfc1808.txt", Ok(()), Whatwg::Kept),
        ("http://www.ietf.org/rfc/rfc2396.txt", Ok(()), Whatwg::Kept),
        // ldap is not special; 2001:db8::7 is already the RFC 5952 form WHATWG writes; "?" and
        // "=" are not in the query percent-encode set. The http crate allows the brackets'
        // colons and a "?" in the query.
        ("ldap://[2001:db8::7]/c=GB?objectClass?one", Ok(()), Whatwg::Kept),
        // No "//": an opaque path for WHATWG, no form of the http crate.
        (
            "mailto:John.Doe@example.com",
            Err(Http::NoAuthority),
            Whatwg::Kept,
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            Err(Http::NoAuthority),
            Whatwg::Kept,
        ),
        ("tel:+1-816-555-1212", Err(Http::NoAuthority), Whatwg::Kept),
        // telnet is not special: its host stays as written and 80 is no default of it.
        ("telnet://192.0.2.16:80/", Ok(()), Whatwg::Kept),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            Err(Http::NoAuthority),
            Whatwg::Kept,
        ),
    ];
    for (text, http, url) in cases {
        assert_eq!(&http_round_trip(text), http, "http: {text}");
        assert_eq!(&whatwg(text), url, "url: {text}");
    }
}

/// The results of RFC 3986 §5.4 (normal and abnormal examples). Those not listed here convert
/// both ways: the host is `a`, the resolved paths have no dot segment left (`g.`, `.g`, `g..`
/// and `..g` are not dot segments), the queries have no "'", WHATWG leaves fragments as they
/// are, and the http crate takes every path and query character of these.
#[test]
fn rfc3986_5_4_results() {
    let exceptions: BTreeMap<&str, (Result<(), Http>, Whatwg)> = [
        // No "//". WHATWG reads "http:g" of the special scheme http as the authority "g".
        ("g:h", (Err(Http::NoAuthority), Whatwg::Kept)),
        (
            "http:g",
            (
                Err(Http::NoAuthority),
                Whatwg::Rewritten("authority", "http://g/"),
            ),
        ),
        // An empty path after an authority: "/" for both crates.
        (
            "http://g",
            (Err(Http::EmptyPath), Whatwg::Rewritten("path", "http://g/")),
        ),
        // A fragment, which an http::Uri has not.
        ("http://a/b/c/d;p?q#s", (Err(Http::Fragment), Whatwg::Kept)),
        ("http://a/b/c/g#s", (Err(Http::Fragment), Whatwg::Kept)),
        ("http://a/b/c/g?y#s", (Err(Http::Fragment), Whatwg::Kept)),
        ("http://a/b/c/g;x?y#s", (Err(Http::Fragment), Whatwg::Kept)),
        ("http://a/b/c/g#s/./x", (Err(Http::Fragment), Whatwg::Kept)),
        ("http://a/b/c/g#s/../x", (Err(Http::Fragment), Whatwg::Kept)),
    ]
    .into_iter()
    .collect();
    let table = common::corpus("rfc-examples/rfc3986-5.4-resolution.tsv");
    let mut seen = 0;
    for line in table.lines().skip(1) {
        let expected_result = line.split('\t').nth(2).unwrap();
        let (http, url) = exceptions
            .get(expected_result)
            .map_or((Ok(()), Whatwg::Kept), |(h, u)| (*h, u.clone()));
        assert_eq!(http_round_trip(expected_result), http, "http: {expected_result}");
        assert_eq!(whatwg(expected_result), url, "url: {expected_result}");
        seen += 1;
    }
    assert_eq!(seen, 42, "RFC 3986 §5.4 has 23 normal and 19 abnormal examples");
}

/// The four forms of an http::Uri (RFC 9112 §3.2) into our types.
#[test]
fn http_forms_into_uri_references() {
    // absolute-form: the same text, as any of the three types.
    let h: http::Uri = "http://a:8080/b?q".parse().unwrap();
    assert_eq!(UriRef::try_from(&h).unwrap(), "http://a:8080/b?q");
    assert_eq!(Uri::try_from(&h).unwrap(), "http://a:8080/b?q");
    assert_eq!(AbsoluteUri::try_from(&h).unwrap(), "http://a:8080/b?q");
    // origin-form: a relative reference, which a Uri is not (no scheme).
    let h: http::Uri = "/b?q".parse().unwrap();
    assert_eq!(UriRef::try_from(&h).unwrap(), "/b?q");
    assert!(Uri::try_from(&h).is_err());
    // authority-form: "//" in front, or it would read as the scheme "example.com" and the
    // path "443"; so it is not a Uri either.
    let h: http::Uri = "example.com:443".parse().unwrap();
    let reference = UriRef::try_from(&h).unwrap();
    assert_eq!(reference, "//example.com:443");
    assert_eq!(reference.scheme(), None);
    assert_eq!(reference.authority().unwrap().as_str(), "example.com:443");
    assert!(Uri::try_from(&h).is_err());
    assert!(UriRef::parse("example.com:443").unwrap().scheme() == Some("example.com"));
    // And back: the authority-form again, equal to the http crate's own parse.
    let back = http::Uri::try_from(&reference).unwrap();
    assert_eq!(back, h);
    assert_eq!(
        (back.scheme(), back.authority().unwrap().as_str()),
        (None, "example.com:443")
    );
    // asterisk-form: the relative reference "*".
    let h: http::Uri = "*".parse().unwrap();
    let reference = UriRef::try_from(&h).unwrap();
    assert_eq!((reference.as_str(), reference.path().as_str()), ("*", "*"));
    assert_eq!(http::Uri::try_from(&reference).unwrap(), h);
    // The http crate drops a fragment as it parses, before any conversion (which is why the
    // conversion to http::Uri checks for one).
    let h: http::Uri = "http://a/b#f".parse().unwrap();
    assert_eq!(UriRef::try_from(&h).unwrap(), "http://a/b");
}

/// What the http crate accepts and RFC 3986 does not: a ParseError with position, component
/// and rule, never a repair.
#[test]
fn http_text_that_is_not_a_uri() {
    let cases: &[(&str, usize, SyntaxComponent)] = &[
        // "{" and "}" in a path ("JSON in the path"), "|" and "^" in a query.
        ("/a{b}", 2, SyntaxComponent::Path),
        ("/a\"b", 2, SyntaxComponent::Path),
        ("http://h/p?a|b", 12, SyntaxComponent::Query),
        ("http://h/p?a^b", 12, SyntaxComponent::Query),
        // A "%" not followed by two hex digits: the first that is not one.
        ("/%zz", 2, SyntaxComponent::Path),
        // Brackets around a reg-name.
        ("http://a[b]/", 8, SyntaxComponent::Host),
    ];
    for &(text, offset, component) in cases {
        let h: http::Uri = text
            .parse()
            .unwrap_or_else(|e| panic!("http rejects {text}: {e}"));
        let err = UriRef::try_from(&h).unwrap_err();
        assert_eq!(
            (err.byte_offset(), err.component()),
            (offset, Some(component)),
            "{text}: {err}"
        );
        assert_eq!(err.input(), text);
    }
    // UTF-8 beyond ASCII: a URI has ASCII only (an IRI would hold it; map it with to_uri).
    let h: http::Uri = "/ü".parse().unwrap();
    let err = UriRef::try_from(&h).unwrap_err();
    assert_eq!((err.kind(), err.byte_offset()), (ParseErrorKind::NotAscii, 1));
}

/// Each way to_http fails, with the module's reason.
#[test]
fn to_http_failures() {
    let cases: &[(&str, Http)] = &[
        ("http://a/b#f", Http::Fragment),
        ("http://a/b#", Http::Fragment),
        ("//a/b#f", Http::Fragment),
        ("mailto:x@y", Http::NoAuthority),
        ("foo:/a", Http::NoAuthority),
        ("http://a", Http::EmptyPath),
        ("foo://", Http::EmptyPath),
        ("http://a?q", Http::EmptyPath),
        ("a/b", Http::RelativePath),
        ("?q", Http::RelativePath),
        ("", Http::RelativePath),
        ("*?q", Http::RelativePath),
        ("*/a", Http::RelativePath),
        ("//a/b", Http::NetworkPath),
        ("//a?q", Http::NetworkPath),
        ("HTTP://a/", Http::Rewritten),
        ("Https://a/", Http::Rewritten),
        ("http://%41/", Http::Rejected),
        ("file:///etc", Http::Rejected),
        ("http://u@/", Http::Rejected),
    ];
    for &(text, kind) in cases {
        assert_eq!(http_round_trip(text), Err(kind), "{text}");
    }
    // The http crate reads "HTTP" as its lowercase http; other schemes keep their case.
    let err = http::Uri::try_from(&Uri::parse("HTTP://a/").unwrap()).unwrap_err();
    assert_eq!(err.detail(), Some("http://a/"));
    assert_eq!(http_round_trip("FOO://a/"), Ok(()));
    // Which component the http crate refused, in its words.
    let err = http::Uri::try_from(&Uri::parse("http://%41/").unwrap()).unwrap_err();
    assert_eq!(
        (err.component(), err.detail()),
        (Some("authority"), Some("invalid authority"))
    );
    // Fine where the http crate holds it: an empty port, an IPvFuture, a userinfo, "*", an
    // authority alone, the path "/".
    for text in ["http://a:/", "foo://[v1.x]/", "ftp://u:p@a/", "*", "//a:1", "/"] {
        assert_eq!(http_round_trip(text), Ok(()), "{text}");
    }
}

/// The http crate's limits: 64 characters of scheme, 65,534 bytes of text.
#[test]
fn to_http_limits() {
    let scheme = "s".repeat(64);
    assert_eq!(http_round_trip(&format!("{scheme}://a/")), Ok(()));
    let text = format!("{scheme}s://a/");
    let err = http::Uri::try_from(&Uri::parse(text.as_str()).unwrap()).unwrap_err();
    assert_eq!((err.kind(), err.component()), (Http::Rejected, Some("scheme")));
    let longest = format!("http://a/{}", "b".repeat(65_534 - 9));
    assert_eq!(longest.len(), 65_534);
    assert_eq!(http_round_trip(&longest), Ok(()));
    let err = http::Uri::try_from(&Uri::parse(format!("{longest}b")).unwrap()).unwrap_err();
    assert_eq!(err.kind(), Http::Rejected);
}

/// The messages say why, and quote the input through `printable`.
#[test]
fn error_messages() {
    let err = http::Uri::try_from(&Uri::parse("mailto:x@y").unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot convert \"mailto:x@y\" to an http::Uri: it has a scheme and no authority (no \"//\", RFC 3986 §3), and an http::Uri holds an absolute URI only as scheme \"://\" authority"
    );
    let err = Url::try_from(&Uri::parse("http://A/").unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot convert \"http://A/\" to a url::Url without changing it: WHATWG rewrites its authority, giving \"http://a/\""
    );
    let err = Url::try_from(&Uri::parse("http://[v1.x]/").unwrap()).unwrap_err();
    assert_eq!(err.kind(), ToUrlErrorKind::Rejected);
    assert_eq!(
        err.to_string(),
        format!(
            "cannot convert \"http://[v1.x]/\" to a url::Url: the WHATWG URL parser rejects it ({}), which RFC 3986 allows",
            Url::parse("http://[v1.x]/").unwrap_err()
        )
    );
}

/// What WHATWG rewrites, component by component, as the url module documents it.
#[test]
fn to_url_rewrites() {
    let cases: &[(&str, &str, &str)] = &[
        ("HTTP://a/", "scheme", "http://a/"),
        ("foo://a/", "", ""),
        ("Foo://a/", "scheme", "foo://a/"),
        ("http://A/", "authority", "http://a/"),
        ("http://xn--rsum-bpad.example/", "", ""),
        ("http://0x7f.1/", "authority", "http://127.0.0.1/"),
        ("http://a:80/", "authority", "http://a/"),
        ("https://a:443/", "authority", "https://a/"),
        ("http://a:8080/", "", ""),
        ("foo://a:80/", "", ""),
        ("http://a:/", "authority", "http://a/"),
        ("foo://a:/", "authority", "foo://a/"),
        ("foo://[2001:DB8:0:0::7]/", "authority", "foo://[2001:db8::7]/"),
        ("http://a", "path", "http://a/"),
        ("foo://a", "", ""),
        ("http:g", "authority", "http://g/"),
        ("http:///a", "authority", "http://a/"),
        ("http://a/b/../c", "path", "http://a/c"),
        ("foo://a/b/./c", "path", "foo://a/b/c"),
        ("http://a/%2e/c", "path", "http://a/c"),
        ("http://a/?q='x'", "query", "http://a/?q=%27x%27"),
        ("http://%C3%A9/", "authority", "http://xn--9ca/"),
        ("foo://a/?q='x'", "", ""),
        ("http://a/#s/../x", "", ""),
        ("mailto:x@y", "", ""),
        ("file:///etc/hosts", "", ""),
    ];
    for &(text, component, rewritten) in cases {
        let expected = if component.is_empty() {
            Whatwg::Kept
        } else {
            Whatwg::Rewritten(component, rewritten)
        };
        assert_eq!(whatwg(text), expected, "{text}");
    }
    // WHATWG refuses what RFC 3986 allows.
    for text in [
        "http://[v1.x]/",
        "http://a%20b/",
        "http://1.2.3.4.5/",
        "http://u@/",
    ] {
        let err = Url::try_from(&Uri::parse(text).unwrap()).unwrap_err();
        assert_eq!(err.kind(), ToUrlErrorKind::Rejected, "{text}");
        assert_eq!(
            err.reason(),
            Some(Url::parse(text).unwrap_err().to_string().as_str())
        );
    }
}

/// WHATWG serializations that are not URIs: the characters the url module lists, which WHATWG
/// leaves as they are and RFC 3986 does not allow, each a ParseError at that character.
#[test]
fn url_serializations_that_are_not_uris() {
    let cases: &[(&str, &str, &str, SyntaxComponent)] = &[
        ("http://a/x", "[]^|", "", SyntaxComponent::Path),
        // A special scheme reads a backslash as "/".
        ("foo://a/x", "\\", "", SyntaxComponent::Path),
        ("http://a/?x", "[\\]^`{|}", "", SyntaxComponent::Query),
        ("http://a/#x", "#[\\]^{|}", "", SyntaxComponent::Fragment),
        ("mailto:x", "\"<>{} ", "", SyntaxComponent::Path),
        ("foo://x", "{}\"`", "/", SyntaxComponent::Host),
        ("http://a/", "%", "zz", SyntaxComponent::Path),
    ];
    for &(prefix, characters, suffix, component) in cases {
        for c in characters.chars() {
            let text = format!("{prefix}{c}y{suffix}");
            let url = Url::parse(&text).unwrap();
            assert_eq!(url.as_str(), text, "WHATWG keeps {text}");
            let err = Uri::try_from(&url).unwrap_err();
            // At the character, or for "%" at the first character that is not a hex digit.
            let offset = prefix.len() + usize::from(c == '%');
            assert_eq!(
                (err.byte_offset(), err.component()),
                (offset, Some(component)),
                "{text}: {err}"
            );
            assert_eq!(Uri::try_from(url).unwrap_err(), err);
        }
    }
}

/// Tally of the outcomes of converting a list of URIs.
#[derive(Default, Debug)]
struct Tally {
    http_ok: usize,
    http_failed: BTreeMap<String, usize>,
    url_ok: usize,
    url_failed: BTreeMap<String, usize>,
}

impl Tally {
    /// Converts `uri` each way. A success round-trips exactly (asserted by the round-trip
    /// helpers); a failure must be one the modules document, and the one the URI's own
    /// components call for.
    fn add(&mut self, uri: &UriRef<&str>) {
        let text = uri.as_str();
        match http_round_trip(text) {
            Ok(()) => self.http_ok += 1,
            Err(kind) => {
                let why = match kind {
                    Http::Fragment => uri.fragment().is_some(),
                    Http::NoAuthority => uri.scheme().is_some() && uri.authority().is_none(),
                    Http::EmptyPath => uri.path().as_str().is_empty() && uri.authority().is_some(),
                    Http::RelativePath | Http::NetworkPath => uri.scheme().is_none(),
                    // Only a scheme http or https not in lowercase.
                    Http::Rewritten => uri.scheme().is_some_and(|s| {
                        ["http", "https"]
                            .iter()
                            .any(|h| s.eq_ignore_ascii_case(h) && s != *h)
                    }),
                    Http::Rejected => {
                        let err = http::Uri::try_from(uri).unwrap_err();
                        matches!(
                            err.component(),
                            Some("scheme" | "authority" | "path and query" | "text")
                        )
                    }
                    _ => false,
                };
                assert!(why, "{text}: http says {kind:?}");
                *self.http_failed.entry(format!("{kind:?}")).or_default() += 1;
            }
        }
        if uri.scheme().is_none() {
            return; // a url::Url is absolute
        }
        match url_round_trip(text) {
            Ok(()) => self.url_ok += 1,
            Err(e) => {
                let whatwg = Url::parse(text);
                match e.kind() {
                    ToUrlErrorKind::Rewritten => {
                        assert_eq!(e.whatwg(), Some(whatwg.unwrap().as_str()), "{text}");
                        assert!(e.component().is_some(), "{text}");
                    }
                    ToUrlErrorKind::Rejected => assert!(whatwg.is_err(), "{text}"),
                    other => panic!("{text}: {other:?}"),
                }
                let key = format!("{:?} {}", e.kind(), e.component().unwrap_or(""));
                *self.url_failed.entry(key).or_default() += 1;
            }
        }
    }
}

/// tests/data/corpus/bench-sample/: the DBpedia IRIs (one a line, and the terms of the
/// N-Triples link set), mapped to URIs with to_uri (RFC 3987 §3.1), and the Common Crawl
/// (base, relative) pairs, each way through both crates.
#[test]
fn bench_sample_round_trips() {
    let mut dbpedia = Tally::default();
    let mut lines = 0;
    for name in [
        "bench-sample/iris-mixed-10k.txt",
        "bench-sample/iris-nonascii-10k.txt",
    ] {
        for line in common::corpus(name).lines() {
            let uri = Iri::parse(line).unwrap().to_uri();
            dbpedia.add(&UriRef::from(uri.view()));
            lines += 1;
        }
    }
    let triples = common::corpus("bench-sample/dbpedia-ja-geonamesjp-links.nt");
    for line in triples.lines() {
        for term in line.split(['<', '>']).skip(1).step_by(2) {
            let uri = Iri::parse(term).unwrap().to_uri();
            dbpedia.add(&UriRef::from(uri.view()));
            lines += 1;
        }
    }
    println!("DBpedia: {lines} URIs, {dbpedia:?}");
    // Every DBpedia IRI is an http IRI with a host and a non-empty path, which to_uri keeps,
    // so the http crate holds every one but those with a fragment; and those are at least the
    // predicate of each triple, owl#sameAs.
    assert_eq!(
        dbpedia.http_failed.keys().collect::<Vec<_>>(),
        ["Fragment"],
        "{dbpedia:?}"
    );
    assert!(
        dbpedia.http_failed["Fragment"] >= triples.lines().count(),
        "{dbpedia:?}"
    );
    // WHATWG keeps them too: lowercase hosts, no port, no query, and what to_uri encodes is
    // written %HH with uppercase digits as WHATWG writes it. Only a dot segment would change,
    // and a MediaWiki title cannot be "." or ".." nor hold "/./" or "/../".
    assert!(dbpedia.url_ok * 100 >= lines * 99, "{dbpedia:?}");

    let (mut bases, mut references) = (Tally::default(), Tally::default());
    let mut valid_bases = 0;
    for line in common::corpus("bench-sample/relative_urls_cc_2500.csv")
        .lines()
        .skip(1)
    {
        let Some((base, relative)) = line.split_once(',') else {
            continue;
        };
        if let Ok(base) = Iri::parse(base) {
            bases.add(&UriRef::from(base.to_uri().view()));
            valid_bases += 1;
        }
        if let Ok(reference) = IriRef::parse(relative) {
            references.add(&reference.to_uri().view());
        }
    }
    println!("Common Crawl: {valid_bases} bases {bases:?}, references {references:?}");
    // The bases are http(s) URLs that a crawler wrote as browsers do, WHATWG's way: the http
    // crate holds all but those with a fragment, and WHATWG keeps them.
    assert!(bases.http_failed.keys().all(|k| k == "Fragment"), "{bases:?}");
    assert!(bases.url_ok * 100 >= valid_bases * 99, "{bases:?}");
    // The references as found in pages: absolute paths (the origin-form), and the forms no
    // http::Uri holds, "g" and "../g", "//host/path", "#f".
    let kinds = ["Fragment", "NetworkPath", "RelativePath"];
    assert!(
        references.http_failed.keys().all(|k| kinds.contains(&k.as_str())),
        "{references:?}"
    );
    assert!(references.http_ok > 0 && kinds.iter().all(|k| references.http_failed.contains_key(*k)));
}
