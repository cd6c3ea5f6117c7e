//! The verdict on IRI references against oxiri and iri-string. They must agree on every input,
//! except where RFC 3987 §4.1 forbids what their grammars admit: the bidi formatting characters
//! LRM, RLM, LRE, RLE, PDF, LRO and RLO, which `ucschar` contains. There the difference is
//! asserted: rfc3987 rejects the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn bidi_formatting(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

fuzz_target!(|input: &str| {
    let ours = rfc3987::IriRef::parse(input).is_ok();
    if input.contains(bidi_formatting) {
        assert!(!ours, "RFC 3987 §4.1: {input:?} must be rejected");
        return;
    }
    let oxiri = oxiri::IriRef::parse(input).is_ok();
    let iri_string = iri_string::types::IriReferenceStr::new(input).is_ok();
    assert_eq!(ours, oxiri, "rfc3987 vs oxiri on {input:?}");
    assert_eq!(ours, iri_string, "rfc3987 vs iri-string on {input:?}");
});
