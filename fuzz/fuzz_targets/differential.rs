//! The verdict on IRI references against oxiri and iri-string. They must agree on every input,
//! except where RFC 3987 §4.1 forbids what their grammars admit: the bidi formatting characters
//! LRM, RLM, LRE, RLE, PDF, LRO and RLO, which `ucschar` contains. There the difference is
//! asserted, not skipped: rfc3987 rejects the input with the §4.1 error, and with each such
//! character replaced by an ordinary `ucschar` ("é") its verdict is the peers' verdict on the
//! original.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3987::ParseErrorKind;

fn bidi_formatting(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

fuzz_target!(|input: &str| {
    let oxiri = oxiri::IriRef::parse(input).is_ok();
    let iri_string = iri_string::types::IriReferenceStr::new(input).is_ok();
    let ours = if input.contains(bidi_formatting) {
        let err = rfc3987::IriRef::parse(input).expect_err("RFC 3987 §4.1: must be rejected");
        assert_eq!(err.kind(), ParseErrorKind::BidiFormattingCharacter, "{input:?}");
        let replaced: String = input
            .chars()
            .map(|c| if bidi_formatting(c) { 'é' } else { c })
            .collect();
        rfc3987::IriRef::parse(replaced.as_str()).is_ok()
    } else {
        rfc3987::IriRef::parse(input).is_ok()
    };
    assert_eq!(ours, oxiri, "rfc3987 vs oxiri on {input:?}");
    assert_eq!(ours, iri_string, "rfc3987 vs iri-string on {input:?}");
});
