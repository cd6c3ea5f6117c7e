//! Issue 28: whatever the input, the `iri` tool's reports never write a character of it raw that
//! a terminal would obey or that would reorder or hide the text around it. Every error and every
//! lint diagnostic of the input is rendered through the tool's own report code (`iri_cli`): the
//! error listing of `iri parse`, the `FILE:LINE:COLUMN: message` line of every command, the
//! rustc-style snippet of `iri lint` with its fix line, the listing and parse tree of a valid
//! input, and the
//! JSON objects, which must also decode to the exact input. The input's first line is used as
//! a file name too (file names are input).
#![no_main]

use annotate_snippets::Renderer;
use iri_cli::escape;
use iri_cli::lines::Origin;
use iri_cli::{lint, report};
use libfuzzer_sys::fuzz_target;
use rfc3987::{IriRef, StartSymbol};

/// The characters no report may hold raw, written out from the issue rather than taken from the
/// code under test: C0 controls but the line feed, DEL, C1 controls, the RFC 3987 §4.1 bidi
/// formatting characters with the isolates and ALM, the line and paragraph separators, the
/// zero-width characters and the byte order mark.
fn forbidden(c: char) -> bool {
    matches!(c,
        '\0'..='\u{09}' | '\u{0B}'..='\u{1F}' | '\u{7F}'..='\u{9F}'
        | '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        | '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}

fn assert_clean(what: &str, text: &str) {
    if let Some(c) = text.chars().find(|&c| forbidden(c)) {
        panic!("{what} holds U+{:04X} raw: {text:?}", c as u32);
    }
}

/// The JSON line has no raw forbidden character, and its `key` decodes to `expected`.
fn assert_json(what: &str, value: &serde_json::Value, key: &str, expected: &str) {
    let line = escape::json(value);
    assert_clean(what, &line);
    let back: serde_json::Value = serde_json::from_str(&line).expect("the line is JSON");
    assert_eq!(back[key], *expected, "{what}: the JSON string is not the exact input");
}

fuzz_target!(|input: &str| {
    let file = input.split('\n').next().unwrap_or("");
    let origin = Origin { file, line: 1 };
    match IriRef::parse(input) {
        Ok(iri) => {
            assert_clean("the listing", &report::components_listing(&iri));
            assert_json("parse --json", &report::components_json(&iri), "input", input);
        }
        Err(e) => {
            assert_clean("the error listing", &report::error_listing(&e));
            let failure = report::Failure::parse(&e);
            assert_clean("the error line", &failure.line(origin));
            let object = serde_json::json!({ "input": input, "error": failure.json });
            assert_json("the error object", &object, "input", input);
        }
    }
    if let Ok(tree) = rfc3987::parse_tree(input, StartSymbol::IriReference) {
        assert_clean("the parse tree", &tree);
    }
    let renderer = Renderer::plain();
    let diagnostics = match rfc3987::lint_as(input, StartSymbol::IriReference) {
        Ok(found) => found,
        Err(_) => rfc3987::lint(input),
    };
    for d in &diagnostics {
        assert_clean("a lint snippet", &lint::render(&renderer, input, d, origin));
        let line = format!("{}[{}]: {}", d.severity.as_str(), d.code, d.message);
        assert_clean("a check --lint line", &report::located(origin, Some(1), &line));
    }
    if diagnostics.iter().any(|d| d.fix.is_some()) {
        let fixed = rfc3987::Diagnostic::apply_fixes(input, &diagnostics);
        assert_clean("the fix line", &lint::render_fixed(&renderer, &fixed));
    }
});
