//! The checks beyond the grammar (RFC 3987 §4.1, §4.2, §6.1, §7.5, §8; the library's `lint`),
//! for the whole entry only: they need the Unicode tables the validation entry leaves out.

use rfc3987::IriRef;
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
/// error as a diagnostic, as the library's `lint` does). `lone_surrogate` is the UTF-16 index
/// and the code unit of the string's first lone surrogate, which arrives as U+FFFD: the
/// `syntax` diagnostic at it names the surrogate, and offers no fix (a lone surrogate has no
/// UTF-8 form to percent-encode).
#[wasm_bindgen]
pub fn lint(input: &str, lone_surrogate: Option<Vec<u32>>) -> Vec<Finding> {
    let mut found = rfc3987::lint(input);
    if let (Some([at, unit]), Err(error)) = (lone_surrogate.as_deref(), IriRef::parse(input)) {
        let offset = error.byte_offset();
        if utf16::index(input, offset) == *at {
            let error = error.at_lone_surrogate(*unit as u16);
            let message = error.to_string().lines().next().unwrap_or_default().to_string();
            for d in found
                .iter_mut()
                .filter(|d| d.code == "syntax" && d.span.start == offset)
            {
                d.message.clone_from(&message);
                d.fix = None;
                d.help = None;
            }
        }
    }
    let spans: Vec<usize> = found.iter().flat_map(|d| [d.span.start, d.span.end]).collect();
    let spans = utf16::indices(input, &spans);
    found
        .into_iter()
        .zip(spans.chunks_exact(2))
        .map(|(d, span)| Finding {
            code: d.code.to_string(),
            severity: d.severity.as_str().to_string(),
            section: d.section.to_string(),
            start: span[0],
            end: span[1],
            message: d.message,
            fix: d.fix,
            help: d.help,
        })
        .collect()
}
