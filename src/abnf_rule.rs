//! Rules by name, of both RFCs: every ABNF rule of RFC 3987 §2.2 and of the RFC 3986 rules it
//! reuses, and the RFC 3986 rules that RFC 3987 replaced by their `i` forms (`URI`, `path`,
//! `reg-name`, `pchar`, …), for the bindings and tools that take a rule's name as text.

use std::fmt;

use crate::abnf;
use crate::error::ParseError;
use crate::parse::{is_valid, rejection_as, validate, StartSymbol};
use crate::pest_grammar::{abnf_name, rules, Rule};

/// An ABNF rule named as either RFC spells it, ready to check inputs against.
///
/// - The start symbols (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref` and RFC 3986's
///   `URI-reference`, `URI`, `absolute-URI`, `relative-ref`) check as [`validate`] does, with
///   the rules beside the grammar: RFC 3987 §4.1 forbids the bidi formatting characters in an
///   IRI, and a URI is ASCII only (RFC 3986 §2).
/// - The other rules of RFC 3987 §2.2 check as the grammar reads them alone (see [`grammar`](crate::grammar)):
///   §4.1's ban on the bidi formatting characters is a rule on whole IRIs, so `ucschar` and
///   `ireg-name` match U+200E as their ABNF does.
/// - An RFC 3986 rule that RFC 3987 replaced (`hier-part`, `authority`, `userinfo`, `host`,
///   `reg-name`, `path` and its five forms, `segment`, `segment-nz`, `segment-nz-nc`, `pchar`,
///   `query`, `fragment`, `relative-part`) is its `i` rule restricted to ASCII: RFC 3987 §2.2
///   builds each `i` rule by adding `ucschar` (and `iprivate` in `iquery`) to the characters of
///   the RFC 3986 rule, so the ASCII inputs of both rules are the same.
///
/// Names are case-insensitive and may use `_` for `-` (RFC 5234 §2.1; `IRI_reference` is the
/// spelling of Python's `rfc3987` package).
///
/// ```
/// use rfc3987::AbnfRule;
///
/// let reg_name = AbnfRule::named("reg_name").unwrap();
/// assert_eq!(reg_name.name(), "reg-name");
/// assert!(reg_name.is_match("example.org"));
/// assert!(!reg_name.is_match("例え.jp")); // RFC 3986: ASCII only
/// assert!(AbnfRule::named("ireg-name").unwrap().is_match("例え.jp"));
/// let err = AbnfRule::named("URI").unwrap().check("http://例え.jp/").unwrap_err();
/// assert_eq!(err.byte_offset(), 7);
/// assert!(AbnfRule::named("hostname").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AbnfRule {
    name: &'static str,
    rule: Rule,
    symbol: Option<StartSymbol>,
    /// An RFC 3986 rule: ASCII only.
    uri: bool,
}

/// The RFC 3986 rules (§3, §4.1–§4.3) that RFC 3987 §2.2 replaced by an `i` rule, with that
/// rule. The rules both share (`scheme`, `port`, `IP-literal`, `unreserved`, …) are in the
/// grammar under their own names.
const RFC3986_ONLY: [(&str, Rule); 18] = [
    ("hier-part", Rule::ihier_part),
    ("relative-part", Rule::irelative_part),
    ("authority", Rule::iauthority),
    ("userinfo", Rule::iuserinfo),
    ("host", Rule::ihost),
    ("reg-name", Rule::ireg_name),
    ("path", Rule::ipath),
    ("path-abempty", Rule::ipath_abempty),
    ("path-absolute", Rule::ipath_absolute),
    ("path-noscheme", Rule::ipath_noscheme),
    ("path-rootless", Rule::ipath_rootless),
    ("path-empty", Rule::ipath_empty),
    ("segment", Rule::isegment),
    ("segment-nz", Rule::isegment_nz),
    ("segment-nz-nc", Rule::isegment_nz_nc),
    ("pchar", Rule::ipchar),
    ("query", Rule::iquery),
    ("fragment", Rule::ifragment),
];

impl AbnfRule {
    /// The rule named `name` in RFC 3987 §2.2 or RFC 3986, or an [`UnknownRule`] that suggests
    /// the closest name of the grammar.
    pub fn named(name: &str) -> Result<Self, UnknownRule> {
        if let Some(&symbol) = StartSymbol::ALL.iter().find(|s| same_name(s.name(), name)) {
            return Ok(Self::start_symbol(symbol));
        }
        if let Some(&(name, rule)) = RFC3986_ONLY.iter().find(|(n, _)| same_name(n, name)) {
            return Ok(Self::of_rfc3986(name, rule));
        }
        let rule = rule_named(name).map_err(UnknownRule::of_both_rfcs)?;
        Ok(Self::of_grammar(rule))
    }

    /// The rule of a start symbol.
    pub fn start_symbol(symbol: StartSymbol) -> Self {
        AbnfRule {
            name: symbol.name(),
            rule: symbol.rule(),
            symbol: Some(symbol),
            uri: symbol.is_uri(),
        }
    }

    /// A rule of the grammar, under its own name.
    fn of_grammar(rule: Rule) -> Self {
        AbnfRule {
            name: abnf_name(rule),
            rule,
            symbol: None,
            uri: false,
        }
    }

    /// An RFC 3986 rule that RFC 3987 replaced by `rule`.
    fn of_rfc3986(name: &'static str, rule: Rule) -> Self {
        AbnfRule {
            name,
            rule,
            symbol: None,
            uri: true,
        }
    }

    /// The rule's name as its RFC spells it (`IRI-reference`, `reg-name`, `IPv6address`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The start symbol this rule is, if it is one.
    pub fn symbol(&self) -> Option<StartSymbol> {
        self.symbol
    }

    /// Whether this is an RFC 3986 rule, which admits ASCII only.
    pub fn is_uri(&self) -> bool {
        self.uri
    }

    /// Whether the whole of `input` matches the rule (see [`AbnfRule`] for the rules beside the
    /// grammar). For a start symbol the scanner decides alone, in accepting and in rejecting
    /// (it is checked to agree with the grammar: `tests/scanner.rs`, the `scanner_vs_grammar`
    /// fuzz target), so a rejection costs no more than an acceptance; [`check`](Self::check)
    /// runs the grammar read as ABNF to say where and why.
    #[inline]
    pub fn is_match(&self, input: &str) -> bool {
        match self.symbol {
            Some(symbol) => is_valid(input, symbol),
            None if self.uri => input.is_ascii() && abnf::matches(self.rule, input),
            None => abnf::matches(self.rule, input),
        }
    }

    /// Checks that the whole of `input` matches the rule; otherwise the error says where and
    /// why, as for the start symbols ([`ParseError::target`] is the rule's name).
    pub fn check(&self, input: &str) -> Result<(), ParseError> {
        match self.symbol {
            Some(symbol) => validate(input, symbol),
            None if self.uri => match rejection_as(input, self.rule, self.name, true) {
                Some(error) => Err(error),
                None => Ok(()),
            },
            None => abnf::check(self.rule, input),
        }
    }

    /// The parse tree of `input` as the rule, one node a line (see [`crate::parse_tree`] for
    /// the format), or the error [`check`](Self::check) gives. A start symbol's tree is
    /// [`crate::parse_tree`]'s; another rule's is the grammar's
    /// ([`grammar::parse_tree`](crate::grammar::parse_tree)), and an RFC 3986 rule that RFC 3987
    /// replaced shows the nodes of its `i` rule, which matches the same ASCII inputs (§2.2).
    ///
    /// ```
    /// use rfc3987::AbnfRule;
    ///
    /// let tree = AbnfRule::named("path-absolute").unwrap().parse_tree("/a").unwrap();
    /// assert_eq!(tree, "ipath-absolute 0..2 \"/a\"\n  isegment-nz 1..2 \"a\"\n");
    /// assert!(AbnfRule::named("path-absolute").unwrap().parse_tree("/\u{E9}").is_err());
    /// ```
    pub fn parse_tree(&self, input: &str) -> Result<String, ParseError> {
        match self.symbol {
            Some(symbol) => crate::parse_tree(input, symbol),
            None => {
                self.check(input)?;
                abnf::parse_tree(self.rule, input)
            }
        }
    }
}

impl AbnfRule {
    /// Every rule [`named`](Self::named) knows, each once: the eight start symbols, the rules
    /// of the grammar (RFC 3987 §2.2 and the RFC 3986 rules it reuses), then the RFC 3986 rules
    /// that RFC 3987 replaced.
    ///
    /// ```
    /// let names: Vec<&str> = rfc3987::AbnfRule::all().map(|r| r.name()).collect();
    /// assert!(names.contains(&"URI-reference") && names.contains(&"ipchar") && names.contains(&"pchar"));
    /// ```
    pub fn all() -> impl Iterator<Item = AbnfRule> {
        let symbols = StartSymbol::ALL.into_iter().map(AbnfRule::start_symbol);
        let grammar = rules()
            .filter(|&r| {
                !matches!(
                    r,
                    Rule::IRI | Rule::IRI_reference | Rule::absolute_IRI | Rule::irelative_ref
                )
            })
            .map(|rule| AbnfRule {
                name: abnf_name(rule),
                rule,
                symbol: None,
                uri: false,
            });
        let rfc3986 = RFC3986_ONLY.into_iter().map(|(name, rule)| AbnfRule {
            name,
            rule,
            symbol: None,
            uri: true,
        });
        symbols.chain(grammar).chain(rfc3986)
    }
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
        // The name is the caller's input: quoted through `printable`, never raw.
        write!(
            f,
            "no ABNF rule named `{}` in {place}",
            crate::error::printable(&self.name)
        )?;
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
