//! Normalization (RFC 3987 §5.3) is idempotent at each level, with and without the NFC and IDN
//! options; its output parses to the same components it reports; and it never changes the IRI's
//! structure: no authority, query or fragment appears or disappears, and the host keeps the kind
//! the grammar gives it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::{normalize, IriRef, Level, NormalizeOptions};

fuzz_target!(|input: &str| {
    let Ok(iri) = IriRef::parse(input) else {
        return;
    };
    for level in [Level::Syntax, Level::Scheme] {
        for options in [
            NormalizeOptions::new(level),
            NormalizeOptions::new(level).nfc(true).idn(true),
        ] {
            let once = normalize(&iri, &options);
            let reparsed =
                IriRef::parse(once.as_str()).unwrap_or_else(|e| panic!("{input:?} -> {once}: {e}"));
            assert_eq!(
                reparsed.authority().is_some(),
                iri.authority().is_some(),
                "{input:?} -> {once}"
            );
            assert_eq!(
                reparsed.authority().map(|a| (a.as_str(), a.host_kind())),
                once.authority().map(|a| (a.as_str(), a.host_kind())),
                "{input:?} -> {once}"
            );
            assert_eq!(reparsed.path().as_str(), once.path().as_str());
            assert_eq!(reparsed.query().is_some(), iri.query().is_some(), "{input:?} -> {once}");
            assert_eq!(reparsed.fragment().is_some(), iri.fragment().is_some(), "{input:?} -> {once}");
            let twice = normalize(&once, &options);
            assert_eq!(twice, once, "{input:?} at {level:?}");
        }
    }
});
