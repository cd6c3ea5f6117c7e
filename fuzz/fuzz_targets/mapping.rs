//! IRI → URI (RFC 3987 §3.1) never fails without options, gives a URI that parses to the
//! components it reports, and is idempotent; URI → IRI (§3.2) of it parses as an IRI reference
//! and maps back to the same URI; the checks never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::{lint, to_iri, to_uri, IriRef, ToIriOptions, ToUriOptions, UriRef};

fuzz_target!(|input: &str| {
    let _ = lint(input);
    let Ok(iri) = IriRef::parse(input) else {
        return;
    };
    let uri = to_uri(&iri, &ToUriOptions::new()).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    let reparsed = UriRef::parse(uri.as_str()).unwrap_or_else(|e| panic!("{input:?} -> {uri}: {e}"));
    assert_eq!(reparsed.path().as_str(), uri.path().as_str());
    assert_eq!(reparsed.query(), uri.query());
    assert_eq!(
        reparsed.authority().map(|a| a.as_str()),
        uri.authority().map(|a| a.as_str())
    );
    let again = to_uri(&IriRef::parse(uri.as_str()).unwrap(), &ToUriOptions::new()).unwrap();
    assert_eq!(again, uri, "{input:?}");
    let back = to_iri(&uri, &ToIriOptions::new());
    let back_parsed = IriRef::parse(back.as_str()).unwrap_or_else(|e| panic!("{input:?} -> {back}: {e}"));
    let round = to_uri(&back_parsed, &ToUriOptions::new()).unwrap();
    // §3.2: maps back up to the case of hex digits and encoded unreserved characters; the
    // mapping wrote uppercase hex, and to_iri decodes unreserved ones, so compare those forms.
    assert_eq!(to_iri(&round, &ToIriOptions::new()), back, "{input:?}");
});
