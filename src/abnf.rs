//! One ABNF rule of the grammar alone, read as ABNF (RFC 3987 §2.2 and the RFC 3986 rules it
//! reuses): whether an input matches it, where and why it does not, and its parse tree. The
//! public [`grammar`](crate::grammar) module re-exports these.

use pest::Parser;

use crate::automaton::automaton;
use crate::error::{ParseError, ParseErrorKind};
use crate::explain::{disagreement, syntax_error};
use crate::pest_grammar::{abnf_name, IriParser, Rule};

/// Whether the whole of `input` matches `rule`, read as ABNF (every alternative, full
/// backtracking). Linear in the input; allocates only small sets of states.
pub fn matches(rule: Rule, input: &str) -> bool {
    automaton(rule).matches(input)
}

/// Checks that the whole of `input` matches `rule`; otherwise the error says where it stops
/// matching (the first character that no valid continuation allows, or the end of the input)
/// and why, as for the start symbols. [`ParseError::target`] is the rule's ABNF name.
pub fn check(rule: Rule, input: &str) -> Result<(), ParseError> {
    let run = automaton(rule).run(input);
    if run.matched() {
        return Ok(());
    }
    Err(syntax_error(input, &run, rule, abnf_name(rule), false))
}

/// The parse tree of `input` as `rule` (see [`crate::parse_tree`] for the format). A rule that
/// pest keeps silent (a character class such as `ucschar`, `pct-encoded`, `ipchar`) makes no
/// node of its own: its tree is one line for the whole input.
///
/// ```
/// use rfc3987::grammar::{parse_tree, Rule};
///
/// assert_eq!(
///     parse_tree(Rule::IPv4address, "192.0.2.1").unwrap(),
///     "IPv4address 0..9 \"192.0.2.1\"\n  dec-octet 0..3 \"192\"\n  dec-octet 4..5 \"0\"\n  \
///      dec-octet 6..7 \"2\"\n  dec-octet 8..9 \"1\"\n"
/// );
/// ```
pub fn parse_tree(rule: Rule, input: &str) -> Result<String, ParseError> {
    check(rule, input)?;
    let whole = |pairs: &pest::iterators::Pairs<'_, Rule>| {
        pairs.clone().map(|p| p.as_span().end()).max() == Some(input.len())
    };
    match IriParser::parse(rule, input) {
        Ok(pairs) if pairs.peek().is_none() => {
            Ok(format!("{} 0..{} {input:?}\n", abnf_name(rule), input.len()))
        }
        Ok(pairs) if whole(&pairs) => Ok(crate::tree::render(pairs)),
        // The automaton and pest agree on every rule (tests/abnf.rs); if they ever did not,
        // say so rather than show a tree of part of the input.
        _ => Err(ParseError::new(
            ParseErrorKind::Syntax,
            abnf_name(rule),
            input,
            0,
            disagreement(),
        )),
    }
}
