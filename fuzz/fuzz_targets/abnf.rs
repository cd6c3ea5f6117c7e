//! The grammar read as ABNF (`rfc3987::grammar::matches`, the automaton that places every parse
//! error) accepts exactly what pest accepts, for every rule that makes a node of the parse tree,
//! and its error for each rule is well formed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pest::Parser;
use rfc3987::grammar::{self, IriParser};

fuzz_target!(|input: &str| {
    for rule in grammar::rules() {
        // pest matches a prefix; the rule matches the input when that prefix is all of it. A
        // silent rule makes no node, so pest does not say how far it matched: skipped here,
        // tests/abnf.rs checks those with anchored probe rules.
        let pest = match IriParser::parse(rule, input) {
            Ok(pairs) => match pairs.peek() {
                Some(pair) => pair.as_span().end() == input.len(),
                None => continue,
            },
            Err(_) => false,
        };
        assert_eq!(grammar::matches(rule, input), pest, "{rule:?} {input:?}");
        if let Err(e) = grammar::check(rule, input) {
            assert!(input.is_char_boundary(e.byte_offset()), "{rule:?} {input:?}");
            assert!(e.message().contains("RFC "), "{rule:?} {input:?}: {e}");
        }
    }
});
