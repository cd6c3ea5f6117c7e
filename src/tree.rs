//! A stable text rendering of the pest parse tree: one node a line, indented by depth, with the
//! rule's ABNF name, its byte span and, for leaves, its text.
//!
//! ```text
//! IRI-reference 0..20
//!   IRI 0..20
//!     scheme 0..4 "http"
//!     ihier-part 5..20
//! ```

use std::fmt::Write;

use pest::iterators::Pair;

use crate::error::ParseError;
use crate::grammar::{abnf_name, Rule};
use crate::parse::{run, StartSymbol};

/// Parses `input` as `symbol` with the grammar and renders its parse tree.
///
/// Used for snapshot tests and `iri parse --tree`. Leaf text is written as a Rust string literal
/// (`{:?}`), so control and bidi characters are visible.
///
/// ```
/// use rfc3987::{parse_tree, StartSymbol};
///
/// let tree = parse_tree("a:b?c", StartSymbol::IriReference).unwrap();
/// assert_eq!(
///     tree,
///     "IRI-reference 0..5\n  IRI 0..5\n    scheme 0..1 \"a\"\n    ihier-part 2..3\n      \
///      ipath-rootless 2..3\n        isegment-nz 2..3 \"b\"\n    iquery 4..5 \"c\"\n"
/// );
/// ```
pub fn parse_tree(input: &str, symbol: StartSymbol) -> Result<String, ParseError> {
    let mut out = String::new();
    for pair in run(input, symbol)? {
        if pair.as_rule() != Rule::EOI {
            node(&mut out, pair, 0);
        }
    }
    Ok(out)
}

fn node(out: &mut String, pair: Pair<'_, Rule>, depth: usize) {
    let span = pair.as_span();
    let _ = write!(
        out,
        "{:indent$}{} {}..{}",
        "",
        abnf_name(pair.as_rule()),
        span.start(),
        span.end(),
        indent = 2 * depth
    );
    let mut children = pair.clone().into_inner().peekable();
    if children.peek().is_none() {
        let _ = write!(out, " {:?}", span.as_str());
    }
    out.push('\n');
    for child in children {
        node(out, child, depth + 1);
    }
}
