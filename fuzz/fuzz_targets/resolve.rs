//! Resolution (RFC 3986 §5.2) never panics, and its result is an IRI whose text parses to the
//! components the result reports. The input is `base "\n" reference`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::{resolve, Iri, IriRef};

fuzz_target!(|input: &str| {
    let Some((base, reference)) = input.split_once('\n') else {
        return;
    };
    let (Ok(base), Ok(reference)) = (Iri::parse(base), IriRef::parse(reference)) else {
        return;
    };
    let out = resolve(&base, &reference);
    let reparsed = Iri::parse(out.as_str()).unwrap_or_else(|e| panic!("{input:?} -> {out}: {e}"));
    assert_eq!(reparsed.scheme(), out.scheme());
    assert_eq!(
        reparsed.authority().map(|a| a.as_str()),
        out.authority().map(|a| a.as_str())
    );
    assert_eq!(reparsed.path().as_str(), out.path().as_str(), "{input:?}");
    assert_eq!(reparsed.query(), out.query());
    assert_eq!(reparsed.fragment(), out.fragment());
});
