//! A stable text rendering of the pest parse tree: one node a line, indented by depth, with the
//! rule's ABNF name, its byte span and its text. Every node shows its text, not only leaves:
//! some rules hold characters of their own between their children (the "::" of `IPv6address`).
//!
//! ```text
//! IRI-reference 0..13 "http://a/b?c"
//!   IRI 0..13 "http://a/b?c"
//!     scheme 0..4 "http"
//!     ihier-part 5..10 "//a/b"
//! ```

use std::fmt::Write;

use pest::iterators::{Pair, Pairs};

use crate::error::ParseError;
use crate::parse::{run, StartSymbol};
use crate::pest_grammar::{abnf_name, Rule};

/// Parses `input` as `symbol` with the grammar and renders its parse tree.
///
/// Used for snapshot tests and `iri parse --tree`. Text is written as a Rust string literal
/// (`{:?}`), so control and invisible characters are visible.
///
/// ```
/// use rfc3987::{parse_tree, StartSymbol};
///
/// let tree = parse_tree("a:b?c", StartSymbol::IriReference).unwrap();
/// assert_eq!(
///     tree,
///     "IRI-reference 0..5 \"a:b?c\"\n  IRI 0..5 \"a:b?c\"\n    scheme 0..1 \"a\"\n    \
///      ihier-part 2..3 \"b\"\n      ipath-rootless 2..3 \"b\"\n        isegment-nz 2..3 \"b\"\n    \
///      iquery 4..5 \"c\"\n"
/// );
/// ```
pub fn parse_tree(input: &str, symbol: StartSymbol) -> Result<String, ParseError> {
    Ok(render(run(input, symbol)?))
}

/// The text rendering of parsed pairs (pest's `EOI` left out).
pub(crate) fn render(pairs: Pairs<'_, Rule>) -> String {
    let mut out = String::new();
    for pair in pairs {
        if pair.as_rule() != Rule::EOI {
            node(&mut out, pair, 0);
        }
    }
    out
}

fn node(out: &mut String, pair: Pair<'_, Rule>, depth: usize) {
    let span = pair.as_span();
    let name = abnf_name(pair.as_rule());
    let (start, end, text) = (span.start(), span.end(), span.as_str());
    let _ = writeln!(
        out,
        "{:indent$}{name} {start}..{end} {text:?}",
        "",
        indent = 2 * depth
    );
    for child in pair.into_inner() {
        node(out, child, depth + 1);
    }
}
