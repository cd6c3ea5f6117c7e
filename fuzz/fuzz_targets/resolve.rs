//! Resolution (RFC 3986 §5.2) never panics, its result is an IRI whose text parses to the
//! components the result reports, and it equals the literal transcription of §5.2–5.3 in
//! `tests/common/reference_resolution.rs`. The input is `base "\n" reference`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::{resolve, Iri, IriRef};

#[path = "../../tests/common/reference_resolution.rs"]
mod reference;

fuzz_target!(|input: &str| {
    let Some((base_text, reference_text)) = input.split_once('\n') else {
        return;
    };
    let (Ok(base), Ok(reference)) = (Iri::parse(base_text), IriRef::parse(reference_text)) else {
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
    assert_eq!(
        out.as_str(),
        reference::resolve(base_text, reference_text),
        "library vs the literal §5.2 transcription on {input:?}"
    );
});
