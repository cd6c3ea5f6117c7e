//! Why an input is not an IRI, in words: from where the automaton of the grammar stopped
//! (`automaton::Run`), the component the error is in, its ABNF rule, what the grammar allowed
//! there, and a message that says what is wrong and what would be valid (`words.rs`,
//! `message.rs`, `ip_literal.rs`).
//!
//! The position is the automaton's and exact; this module only chooses words. Where the
//! characters read so far fit two readings, it chooses the one a reader means, as RFC 3986
//! Appendix B splits a reference into components (`reading.rs`; see
//! [`SyntaxComponent`](crate::SyntaxComponent)).

mod ip_literal;
mod message;
mod phrases;
mod reading;
mod words;

use crate::automaton::{automaton, Run};
use crate::error::{Found, ParseError, ParseErrorKind};
use crate::pest_grammar::Rule;
pub(crate) use phrases::spelled;
use phrases::{describe, expected, pct, section};
use reading::{appendix_b, Reading};

/// The syntax error of `input` as `root`, from where `run` stopped; `target` names what was
/// asked for (`IRI`, `URI-reference`, `IPv6address`) and `uri` says it is a URI symbol of
/// RFC 3986 (rules are then named as RFC 3986 names them).
pub(crate) fn syntax_error(
    input: &str,
    run: &Run<'_>,
    root: Rule,
    target: &'static str,
    uri: bool,
) -> ParseError {
    let reading = Reading::of(input, run);
    let component = reading.component;
    let rule = reading.rule(run, root);
    let mut message = words::Words {
        input,
        run,
        reading: &reading,
        rule,
        target,
        root,
        uri,
    }
    .message();
    if input.starts_with('\u{FEFF}') {
        let bom = "the input starts with U+FEFF, a byte order mark, which is not part of an IRI";
        message = if run.at == 0 {
            format!(
                "{bom}: remove it (a scheme starts with a letter, {})",
                section("scheme")
            )
        } else {
            format!("{bom}: remove it (read with it: {message})")
        };
    }
    let found = Found {
        component,
        rule: Some(spelled(rule, uri)),
        expected: expected(run, uri),
        message,
    };
    ParseError::new(ParseErrorKind::Syntax, target, input, run.at, found)
}

/// The error beside the grammar at the character `c` at `at`: RFC 3987 §4.1's bidi formatting
/// characters, or a character that is not ASCII in a URI (RFC 3986 §2). The component and rule
/// are those the grammar reads `c` in; when the grammar stops earlier, the component is the one
/// RFC 3986 Appendix B puts `at` in.
pub(crate) fn beside(
    kind: ParseErrorKind,
    input: &str,
    at: usize,
    c: char,
    root: Rule,
    target: &'static str,
) -> ParseError {
    let run = automaton(root).run(&input[..at + c.len_utf8()]);
    let (component, rule) = if run.stopped {
        (Some(appendix_b(input, at)), None)
    } else {
        let reading = Reading::of(input, &run);
        (reading.component, Some(reading.rule(&run, root)))
    };
    let message = match kind {
        ParseErrorKind::BidiFormattingCharacter => format!(
            "{} is not allowed: IRIs MUST NOT contain the bidirectional formatting characters LRM, RLM, LRE, RLE, LRO, RLO and PDF (RFC 3987 §4.1); remove it",
            describe(c)
        ),
        _ => format!(
            "non-ASCII character {} is not allowed in a URI (RFC 3986 §2); map the IRI to a URI first (RFC 3987 §3.1), which percent-encodes it as {}",
            describe(c),
            pct(c)
        ),
    };
    let found = Found {
        component,
        rule,
        expected: Vec::new(),
        message,
    };
    ParseError::new(kind, target, input, at, found)
}

/// The error when pest rejects an input that its ABNF reading accepts. They agree on every
/// input tested (tests/abnf.rs); if they ever did not, the input is still rejected, and the
/// error says so.
pub(crate) fn disagreement() -> Found {
    Found {
        component: None,
        rule: None,
        expected: Vec::new(),
        message: "the pest grammar and its ABNF reading disagree on this input: this is a bug of rfc3987, please report it".into(),
    }
}
