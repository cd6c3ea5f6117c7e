//! Normalization (RFC 3987 §5.3) is idempotent at each level, its output parses to the same
//! components it reports, and it never creates (or drops) an authority.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::{normalize, IriRef, Level, NormalizeOptions};

fuzz_target!(|input: &str| {
    let Ok(iri) = IriRef::parse(input) else {
        return;
    };
    for level in [Level::Syntax, Level::Scheme] {
        let options = NormalizeOptions::new(level);
        let once = normalize(&iri, &options);
        let reparsed = IriRef::parse(once.as_str()).unwrap_or_else(|e| panic!("{input:?} -> {once}: {e}"));
        assert_eq!(
            reparsed.authority().is_some(),
            iri.authority().is_some(),
            "{input:?} -> {once}"
        );
        assert_eq!(reparsed.path().as_str(), once.path().as_str());
        let twice = normalize(&once, &options);
        assert_eq!(twice, once, "{input:?} at {level:?}");
    }
});
