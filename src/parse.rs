//! Parsing an input as one of the ABNF start symbols: the scanner (`scan.rs`) or the pest
//! grammar decides, one walk of the tree records the component spans, and the grammar read as
//! ABNF (`src/automaton/`, `src/explain/`) says where and why an input is rejected.

use pest::error::InputLocation;
use pest::Parser;

use crate::automaton::automaton;
use crate::chars::is_bidi_formatting;
use crate::components::{HostSpans, Spans};
use crate::error::{ParseError, ParseErrorKind};
use crate::explain;
use crate::pest_grammar::{IriParser, Rule};
use crate::scan;
use crate::walk;

pub use crate::pest_grammar::StartSymbol;

/// Runs the grammar for `symbol` on the whole input, then the rules beside it; on success, the
/// pest pairs.
///
/// Beside the grammar: a URI symbol accepts only ASCII (see [`StartSymbol`]), and RFC 3987 §4.1
/// says IRIs MUST NOT contain the bidirectional formatting characters, which the exact `ucschar`
/// ranges of §2.2 admit. When anything fails, [`rejection`] says where and why.
pub(crate) fn run(input: &str, symbol: StartSymbol) -> Result<pest::iterators::Pairs<'_, Rule>, ParseError> {
    match IriParser::parse(symbol.rule(), input) {
        Ok(pairs) if beside_the_grammar(input, symbol) => Ok(pairs),
        Ok(_) => Err(rejection(input, symbol).unwrap_or_else(|| disagreement(input, symbol, 0))),
        Err(e) => {
            Err(rejection(input, symbol).unwrap_or_else(|| disagreement(input, symbol, error_position(&e))))
        }
    }
}

/// Whether the rules beside the grammar accept an input the grammar accepts.
fn beside_the_grammar(input: &str, symbol: StartSymbol) -> bool {
    if symbol.is_uri() {
        input.is_ascii()
    } else {
        input.is_ascii() || first_bidi_formatting(input).is_none()
    }
}

/// Why `input` is not a `symbol`, or `None` when it is one: the grammar read as ABNF
/// (`src/automaton/`) and the rules beside it decide, and say where and why.
///
/// - RFC 3987 §4.1: an input with a bidi formatting character is reported at the first one,
///   whatever else is wrong with it: it cannot be an IRI, and this is the clearest reason.
/// - Otherwise the position is where the automaton stops: the first character no valid
///   continuation allows, or the end of the input. For a URI symbol, the first non-ASCII
///   character is the error unless the grammar fails earlier.
pub(crate) fn rejection(input: &str, symbol: StartSymbol) -> Option<ParseError> {
    if !symbol.is_uri() {
        if let Some((at, c)) = first_bidi_formatting(input) {
            let kind = ParseErrorKind::BidiFormattingCharacter;
            return Some(explain::beside(kind, input, at, c, symbol.rule(), symbol.name()));
        }
    }
    rejection_as(input, symbol.rule(), symbol.name(), symbol.is_uri())
}

/// Why `input` does not match `rule` (named `target` in the error), with the rule beside the
/// grammar: for IRIs no §4.1 bidi formatting character, for URIs (`uri`) ASCII only. The
/// grammar decides first; the character beside it is the error when the grammar accepts the
/// input up to it. (For a whole IRI, [`rejection`] reports a bidi formatting character first.)
pub(crate) fn rejection_as(input: &str, rule: Rule, target: &'static str, uri: bool) -> Option<ParseError> {
    let run = automaton(rule).run(input);
    let beside = if uri {
        let found = input.char_indices().find(|(_, c)| !c.is_ascii());
        found.map(|(at, c)| (at, c, ParseErrorKind::NotAscii))
    } else {
        first_bidi_formatting(input).map(|(at, c)| (at, c, ParseErrorKind::BidiFormattingCharacter))
    };
    if let Some((at, c, kind)) = beside {
        if run.matched() || run.at >= at {
            return Some(explain::beside(kind, input, at, c, rule, target));
        }
    }
    if run.matched() {
        return None;
    }
    Some(explain::syntax_error(input, &run, rule, target, uri))
}

/// The error when pest rejects, at `at`, an input that its ABNF reading accepts
/// ([`explain::disagreement`]).
fn disagreement(input: &str, symbol: StartSymbol, at: usize) -> ParseError {
    ParseError::new(
        ParseErrorKind::Syntax,
        symbol.name(),
        input,
        at,
        explain::disagreement(),
    )
}

/// The first RFC 3987 §4.1 bidi formatting character of `input`. All seven lie in
/// U+2000–U+2FFF, whose UTF-8 forms start with the lead byte E2: only at an E2 byte is a
/// character decoded.
fn first_bidi_formatting(input: &str) -> Option<(usize, char)> {
    let bytes = input.as_bytes();
    let mut from = 0;
    while let Some(n) = bytes[from..].iter().position(|&b| b == 0xE2) {
        let at = from + n;
        // E2 is a lead byte, so `at` is a character boundary.
        let c = input[at..].chars().next()?;
        if is_bidi_formatting(c) {
            return Some((at, c));
        }
        from = at + 1;
    }
    None
}

/// Where pest's error points.
fn error_position(e: &pest::error::Error<Rule>) -> usize {
    match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((p, _)) => p,
    }
}

/// Parses the whole input as `symbol` and records where its components are: the scanner
/// (`scan.rs`) when it accepts; otherwise the grammar read as ABNF reports the error, and should
/// it accept, pest's tree gives the components.
pub(crate) fn spans(input: &str, symbol: StartSymbol) -> Result<Spans, ParseError> {
    let mut spans = Spans::empty();
    spans_into(input, symbol, &mut spans).map(|()| spans)
}

/// [`spans`] into `spans`, which must be [`Spans::empty`] (see [`scan::scan_into`]).
#[inline]
pub(crate) fn spans_into(input: &str, symbol: StartSymbol, spans: &mut Spans) -> Result<(), ParseError> {
    if scan::scan_into(input, symbol, spans) {
        return Ok(());
    }
    match rejection(input, symbol) {
        Some(error) => Err(error),
        None => {
            *spans = grammar_spans(input, symbol)?;
            Ok(())
        }
    }
}

/// The kind of host the grammar reads in `host` when it stands alone as an authority (`//host`;
/// RFC 3986 §3.2.2 reads an `IPv4address` before an `ireg-name`), or `None` when `//host` is
/// not an authority whose host is all of `host` (it holds a delimiter). For the passes that
/// rewrite a host (normalization) and must record what the grammar would read.
pub(crate) fn host_kind(host: &str) -> Option<HostSpans> {
    let authority = format!("//{host}");
    let spans = spans(&authority, StartSymbol::IrelativeRef).ok()?;
    let a = spans.authority?;
    let whole = a.userinfo.is_none() && a.port.is_none() && a.host.end == authority.len();
    whole.then_some(a.host_kind)
}

/// [`spans`] with the pest grammar deciding alone, and one walk of its tree.
pub(crate) fn grammar_spans(input: &str, symbol: StartSymbol) -> Result<Spans, ParseError> {
    run(input, symbol).map(walk::whole)
}

/// Checks that the whole input matches `symbol`, without building components.
///
/// ```
/// use rfc3987::{validate, StartSymbol};
///
/// assert!(validate("http://résumé.example.org", StartSymbol::Iri).is_ok());
/// assert!(validate("http://résumé.example.org", StartSymbol::Uri).is_err());
/// assert!(validate("../a?b", StartSymbol::IrelativeRef).is_ok());
/// ```
pub fn validate(input: &str, symbol: StartSymbol) -> Result<(), ParseError> {
    match scan::matches(input, symbol) {
        true => Ok(()),
        false => match rejection(input, symbol) {
            Some(error) => Err(error),
            None => run(input, symbol).map(drop),
        },
    }
}

/// Whether the whole input matches `symbol`: [`validate`] without the error, for callers that
/// only want the answer. The scanner decides alone, accepting and rejecting: it accepts exactly
/// what the grammar and the rules beside it accept (`tests/scanner.rs` and the
/// `scanner_vs_grammar` fuzz target check both directions), so the automaton runs only to
/// explain an error, which nobody asked for here.
pub(crate) fn is_valid(input: &str, symbol: StartSymbol) -> bool {
    scan::matches(input, symbol)
}

/// [`validate`] with the pest grammar deciding alone, for those who want the transcription of
/// the ABNF itself to be the judge rather than the scanner checked against it.
///
/// ```
/// use rfc3987::{validate_with_grammar, StartSymbol};
///
/// assert!(validate_with_grammar("http://[::1]/", StartSymbol::Iri).is_ok());
/// ```
pub fn validate_with_grammar(input: &str, symbol: StartSymbol) -> Result<(), ParseError> {
    run(input, symbol).map(drop)
}
