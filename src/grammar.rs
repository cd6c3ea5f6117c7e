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

use std::fmt;

use pest::Parser;

use crate::automaton::automaton;
use crate::error::{ParseError, ParseErrorKind};
use crate::explain::{disagreement, syntax_error};

/// The pest parser generated from the two grammar files.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/rfc3986.pest"]
#[grammar = "../grammar/rfc3987.pest"]
pub struct IriParser;

/// The ABNF name of a rule as the RFC spells it (`ipath-abempty`, `IP-literal`, `pct-encoded`);
/// `EOI` is "end of input".
pub fn abnf_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of input",
        Rule::ALPHA => "ALPHA",
        Rule::DIGIT => "DIGIT",
        Rule::HEXDIG => "HEXDIG",
        Rule::scheme => "scheme",
        Rule::port => "port",
        Rule::IP_literal => "IP-literal",
        Rule::IPvFuture => "IPvFuture",
        Rule::IPv6address => "IPv6address",
        Rule::h16 => "h16",
        Rule::ls32 => "ls32",
        Rule::IPv4address => "IPv4address",
        Rule::dec_octet => "dec-octet",
        Rule::pct_encoded => "pct-encoded",
        Rule::unreserved => "unreserved",
        Rule::reserved => "reserved",
        Rule::gen_delims => "gen-delims",
        Rule::sub_delims => "sub-delims",
        Rule::whole_IRI_reference => "IRI-reference",
        Rule::whole_IRI => "IRI",
        Rule::whole_absolute_IRI => "absolute-IRI",
        Rule::whole_irelative_ref => "irelative-ref",
        Rule::IRI => "IRI",
        Rule::ihier_part => "ihier-part",
        Rule::IRI_reference => "IRI-reference",
        Rule::absolute_IRI => "absolute-IRI",
        Rule::irelative_ref => "irelative-ref",
        Rule::irelative_part => "irelative-part",
        Rule::iauthority => "iauthority",
        Rule::iuserinfo => "iuserinfo",
        Rule::ihost => "ihost",
        Rule::ireg_name => "ireg-name",
        Rule::ipath => "ipath",
        Rule::ipath_abempty => "ipath-abempty",
        Rule::ipath_absolute => "ipath-absolute",
        Rule::ipath_noscheme => "ipath-noscheme",
        Rule::ipath_rootless => "ipath-rootless",
        Rule::ipath_empty => "ipath-empty",
        Rule::isegment => "isegment",
        Rule::isegment_nz => "isegment-nz",
        Rule::isegment_nz_nc => "isegment-nz-nc",
        Rule::ipchar => "ipchar",
        Rule::iquery => "iquery",
        Rule::ifragment => "ifragment",
        Rule::iunreserved => "iunreserved",
        Rule::ucschar => "ucschar",
        Rule::iprivate => "iprivate",
    }
}

/// The ABNF rules of the grammar, in the order of the grammar files: the RFC 3986 rules that
/// RFC 3987 §2.2 reuses (and the RFC 5234 core rules they use), then the rules of RFC 3987
/// §2.2. Not the anchored `whole_*` entry points, nor pest's `EOI`.
pub fn rules() -> impl Iterator<Item = Rule> {
    Rule::all_rules().iter().copied().filter(|&r| {
        !matches!(
            r,
            Rule::EOI
                | Rule::whole_IRI_reference
                | Rule::whole_IRI
                | Rule::whole_absolute_IRI
                | Rule::whole_irelative_ref
        )
    })
}

/// The rule named `name`, as the RFC spells it (`ipath-abempty`, `IPv6address`, `dec-octet`)
/// or as the grammar does (`ipath_abempty`). ABNF rule names are case-insensitive (RFC 5234
/// §2.1), so `ipv6address` names `IPv6address` too.
///
/// ```
/// use rfc3987::grammar::{rule_named, Rule};
///
/// assert_eq!(rule_named("IP-literal"), Ok(Rule::IP_literal));
/// assert_eq!(rule_named("iunreserved"), Ok(Rule::iunreserved));
/// assert!(rule_named("hostname").is_err());
/// ```
pub fn rule_named(name: &str) -> Result<Rule, UnknownRule> {
    rules()
        .find(|&r| same_name(abnf_name(r), name))
        .ok_or_else(|| UnknownRule {
            name: name.into(),
            both_rfcs: false,
        })
}

/// Whether `given` names the rule spelled `name`: ABNF names are case-insensitive (RFC 5234
/// §2.1), and `_` stands for `-`. Compared without allocating: bindings look a name up on
/// every call.
pub(crate) fn same_name(name: &str, given: &str) -> bool {
    name.len() == given.len()
        && name.bytes().zip(given.bytes()).all(|(n, g)| {
            let g = if g == b'_' { b'-' } else { g };
            n.eq_ignore_ascii_case(&g)
        })
}

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

/// A rule name that is not a rule of the grammar ([`rule_named`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRule {
    name: String,
    /// Asked of [`AbnfRule::named`](crate::AbnfRule::named), which knows the RFC 3986 names
    /// too: suggest from those as well.
    both_rfcs: bool,
}

impl UnknownRule {
    /// The name that was asked for.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The same name, unknown to [`AbnfRule::named`](crate::AbnfRule::named) as well.
    pub(crate) fn of_both_rfcs(self) -> Self {
        UnknownRule {
            both_rfcs: true,
            ..self
        }
    }

    /// The rule whose name is closest to the one asked for (fewest edits), if one is close.
    pub fn suggestion(&self) -> Option<&'static str> {
        let wanted = self.name.to_ascii_lowercase().replace('_', "-");
        let names: Vec<&'static str> = if self.both_rfcs {
            crate::AbnfRule::all().map(|r| r.name()).collect()
        } else {
            rules().map(abnf_name).collect()
        };
        names
            .into_iter()
            .map(|name| (edits(&wanted, &name.to_ascii_lowercase()), name))
            .filter(|&(d, name)| d <= 2.max(name.len() / 4))
            .min_by_key(|&(d, _)| d)
            .map(|(_, name)| name)
    }
}

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = if self.both_rfcs {
            "RFC 3987 §2.2 or RFC 3986"
        } else {
            "RFC 3987 §2.2 or the RFC 3986 rules it reuses"
        };
        write!(f, "no ABNF rule named `{}` in {place}", self.name)?;
        match self.suggestion() {
            Some(name) => write!(f, "; did you mean `{name}`?"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for UnknownRule {}

/// The Levenshtein distance between two short names.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}
