//! Long inputs (performance issue: no stack overflow at 10 MB on either path): the grammar has
//! no recursion and the scanner loops, so length costs time, not stack. The shapes are those of
//! the linear-time benchmark: many segments, a long query, many `%HH`, many ":" and "@".

use rfc3987::{IriRef, ParseErrorKind};

const TEN_MB: usize = 10 * 1024 * 1024;

fn shapes() -> Vec<(&'static str, String)> {
    let fill = |unit: &str| unit.repeat(TEN_MB / unit.len());
    vec![
        ("segments", format!("http://example.org{}", fill("/ab"))),
        ("query", format!("http://example.org/?{}", fill("q=é&"))),
        ("pct-encoded", format!("http://example.org/{}", fill("%41"))),
        ("colons and ats", format!("a:{}", fill(":@"))),
    ]
}

#[test]
fn ten_megabytes_on_the_fast_path() {
    for (shape, input) in shapes() {
        let iri = IriRef::parse(input.as_str()).unwrap_or_else(|e| panic!("{shape}: {}", e.message()));
        let component = iri.query().unwrap_or(iri.path().as_str());
        assert!(component.len() >= TEN_MB - 4, "{shape}");
        // One bad character at the end of a megabyte: rejected, and the grammar reports where.
        let cut = (0..=1 << 20)
            .rev()
            .find(|&i| input.is_char_boundary(i))
            .unwrap_or(0);
        let bad = format!("{} ", &input[..cut]);
        let err = IriRef::parse(bad.as_str()).unwrap_err();
        assert_eq!(err.kind(), ParseErrorKind::Syntax, "{shape}");
    }
}

#[test]
fn ten_megabytes_on_the_grammar_path() {
    // The shape with the most tree nodes (one isegment per 3 bytes) stands for the others,
    // which share its rules: the whole suite stays fast in a debug build.
    for (shape, input) in shapes().into_iter().take(1) {
        let iri = IriRef::parse_with_grammar(input.as_str()).unwrap_or_else(|e| panic!("{shape}: {e}"));
        assert_eq!(iri, IriRef::parse(input.as_str()).unwrap(), "{shape}");
    }
}
