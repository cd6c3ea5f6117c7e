//! The scanner (the default parse) and the pest grammar agree: the same verdict and the same
//! components, for an IRI reference, an IRI and a URI reference.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::{Iri, IriRef, UriRef};

macro_rules! components {
    ($parsed:expr) => {
        $parsed.map(|p| {
            let authority = p
                .authority()
                .map(|a| (a.as_str(), a.userinfo(), a.host_str(), a.host(), a.port()));
            format!(
                "{:?} {authority:?} {:?} {:?} {:?} {:?}",
                p.scheme(),
                p.path().as_str(),
                p.path().kind(),
                p.query(),
                p.fragment()
            )
        })
    };
}

fuzz_target!(|input: &str| {
    assert_eq!(
        components!(IriRef::parse(input)),
        components!(IriRef::parse_with_grammar(input)),
        "{input:?}"
    );
    assert_eq!(
        components!(Iri::parse(input)),
        components!(Iri::parse_with_grammar(input)),
        "{input:?}"
    );
    assert_eq!(
        components!(UriRef::parse(input)),
        components!(UriRef::parse_with_grammar(input)),
        "{input:?}"
    );
});
