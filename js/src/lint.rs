//! The checks beyond the grammar (RFC 3987 §4.1, §4.2, §6.1, §7.5, §8; the library's `lint`),
//! for the whole entry only: they need the Unicode tables the validation entry leaves out.

use wasm_bindgen::prelude::*;

use crate::utf16;

/// One diagnostic of [`lint`], its span in UTF-16 code units.
#[wasm_bindgen(getter_with_clone)]
pub struct Finding {
    /// The stable code (`bidi-mixed-component`, `host-not-lowercase`, …).
    pub code: String,
    /// `error`, `warning` or `note`.
    pub severity: String,
    /// The RFC 3987 section that says why, the number alone (`4.2`).
    pub section: String,
    /// The UTF-16 index where the span starts.
    pub start: u32,
    /// The UTF-16 index where the span ends.
    pub end: u32,
    /// What is wrong.
    pub message: String,
    /// The text that would replace the span, when there is a safe one.
    pub fix: Option<String>,
    /// What to do, when the fix is not mechanical.
    pub help: Option<String>,
}

/// The diagnostics of `input` (any text: one that is not an IRI reference gets its parse
/// error as a diagnostic, as the library's `lint` does).
#[wasm_bindgen]
pub fn lint(input: &str) -> Vec<Finding> {
    rfc3987::lint(input)
        .into_iter()
        .map(|d| Finding {
            code: d.code.to_string(),
            severity: d.severity.as_str().to_string(),
            section: d.section.to_string(),
            start: utf16::index(input, d.span.start),
            end: utf16::index(input, d.span.end),
            message: d.message,
            fix: d.fix,
            help: d.help,
        })
        .collect()
}
