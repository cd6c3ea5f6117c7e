//! The RFC 3987 §2.2 grammar, transcribed into pest (`grammar/rfc3986.pest`, `grammar/rfc3987.pest`).
//!
//! This is the specification the rest of the crate follows: [`IriParser`] with a [`Rule`] is the
//! ABNF itself. Rule names are the ABNF names with `-` turned into `_`; [`abnf_name`] gives the
//! spelling of the RFC. The `whole_*` rules anchor a start symbol at both ends of the input.
//!
//! ```
//! use pest::Parser;
//! use rfc3987::grammar::{IriParser, Rule};
//!
//! let pairs = IriParser::parse(Rule::whole_IRI, "http://r\u{e9}sum\u{e9}.example.org").unwrap();
//! assert_eq!(pairs.into_iter().next().unwrap().as_rule(), Rule::IRI);
//! ```
//!
//! Every ABNF rule can be checked on its own, the whole input anchored to it: a host, a path
//! segment, a query ([`matches()`], [`check`], [`parse_tree`], by [`Rule`] or by the RFC's name
//! with [`rule_named`]). This is the grammar alone, read as ABNF: the rules beside it (RFC 3987
//! §4.1's bidi formatting characters, ASCII for URIs) belong to the start symbols
//! ([`crate::validate`], [`crate::StartSymbol`]).
//!
//! ```
//! use rfc3987::grammar::{check, matches, rule_named, Rule};
//!
//! assert!(matches(Rule::IPv6address, "fe80::1"));
//! assert!(matches(rule_named("ipath-abempty")?, "/a/b"));
//! assert!(!matches(rule_named("dec-octet")?, "256"));
//! let err = check(Rule::IPv6address, "1:2:3:4:5:6:7:8:9").unwrap_err();
//! assert_eq!(err.byte_offset(), 15); // the ":" after the eighth group
//! # Ok::<(), rfc3987::grammar::UnknownRule>(())
//! ```
//!
//! This module is the grammar's public face: the parser and its rules come from the bottom layer
//! (`src/pest_grammar.rs`), the checks of one rule from `src/abnf.rs`, rules by name from
//! `src/abnf_rule.rs`.

pub use crate::abnf::{check, matches, parse_tree};
pub use crate::abnf_rule::{rule_named, UnknownRule};
pub use crate::pest_grammar::{abnf_name, rules, IriParser, Rule};
