//! The grammar read as ABNF (`src/automaton/`, behind `rfc3987::grammar::matches` and every
//! parse error's position) against the grammar run by pest, on every rule: they must accept
//! exactly the same inputs. pest's side is the test-only probe parser (tests/common/probe.rs),
//! which anchors each rule at both ends. An agreement on every rule also shows that the
//! `// PEG:` changes of the grammar files keep the ABNF's language, since the automaton reads
//! every alternative with full backtracking and pest commits.

use crate::common;
use crate::probe;

use proptest::prelude::*;
use rfc3987::grammar::{self, abnf_name, Rule};
use rfc3987::{validate, validate_with_grammar, ParseErrorKind};

/// The rule's name in pest spelling, as the probe parser knows it.
fn pest_name(rule: Rule) -> String {
    format!("{rule:?}")
}

/// Every ABNF rule of the public API has a probe, and the other way round.
#[test]
fn every_rule_is_covered() {
    let mut public: Vec<String> = grammar::rules().map(pest_name).collect();
    let mut probed: Vec<String> = probe::ALL_RULES.iter().map(|s| s.to_string()).collect();
    public.sort();
    probed.sort();
    assert_eq!(public, probed);
    // And each is found by its RFC name, in any case, with "-" or "_".
    for rule in grammar::rules() {
        let name = abnf_name(rule);
        assert_eq!(grammar::rule_named(name), Ok(rule));
        assert_eq!(
            grammar::rule_named(&name.to_ascii_lowercase().replace('-', "_")),
            Ok(rule)
        );
    }
}

/// Pieces that exercise every rule: delimiters, hex and decimal digits, the IPvFuture "v",
/// characters at the edges of `ucschar` and `iprivate`, the §4.1 characters, characters allowed
/// nowhere, and runs that make IPv4 and IPv6 addresses.
const PIECES: &[&str] = &[
    "a",
    "v",
    "V",
    "f",
    "G",
    "z",
    "0",
    "1",
    "2",
    "5",
    "9",
    "25",
    "255",
    "256",
    "01",
    "ffff",
    "12345",
    ":",
    "::",
    "/",
    "//",
    "?",
    "#",
    "[",
    "]",
    "@",
    "%",
    "%4",
    "%41",
    "%zz",
    ".",
    "-",
    "_",
    "~",
    "!",
    "+",
    "=",
    " ",
    "\\",
    "<",
    "\t",
    "é",
    "例",
    "\u{A0}",
    "\u{D7FF}",
    "\u{E000}",
    "\u{F8FF}",
    "\u{FDD0}",
    "\u{FFEF}",
    "\u{FFF0}",
    "\u{FEFF}",
    "\u{200E}",
    "\u{202E}",
    "\u{10FFFD}",
    "\u{E0001}",
    "\u{1FFFE}",
    "1.2.3.4",
    "1.2.3.",
    "v1.x",
    "http",
    "s:",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..10).prop_map(|p| p.concat())
}

/// Strings that are near-misses of each rule's language: a valid example with a piece
/// inserted, removed or replaced.
fn near_miss() -> impl Strategy<Value = String> {
    const VALID: &[&str] = &[
        "http://user:pw@[2001:db8::7]:8080/a/b?q=1#f",
        "http://[v1.x:y]/",
        "http://[::ffff:1.2.3.4]/",
        "http://[1:2:3:4:5:6:7:8]/",
        "//1.2.3.4:80/",
        "urn:isbn:0451450523",
        "a:b/c?d#e",
        "./a:b/c",
        "s:?\u{E000}",
        "http://例え.テスト/résumé?q=é#f",
        "fe80::1",
        "1:2:3:4:5:6:1.2.3.4",
        "255.255.255.255",
        "%41",
    ];
    (
        prop::sample::select(VALID),
        any::<prop::sample::Index>(),
        0usize..3,
        prop::sample::select(PIECES),
    )
        .prop_map(|(valid, at, how, piece)| {
            let bounds: Vec<usize> = (0..=valid.len()).filter(|&i| valid.is_char_boundary(i)).collect();
            let i = bounds[at.index(bounds.len())];
            let next = bounds.iter().copied().find(|&b| b > i).unwrap_or(i);
            match how {
                0 => format!("{}{piece}{}", &valid[..i], &valid[i..]),
                1 => format!("{}{}", &valid[..i], &valid[next..]),
                _ => format!("{}{piece}{}", &valid[..i], &valid[next..]),
            }
        })
}

/// The automaton and pest agree on `input` for every rule, and the rule's error, when there is
/// one, is well formed and names the rule checked.
fn agree(input: &str) -> Result<(), TestCaseError> {
    for rule in grammar::rules() {
        let pest = probe::matches(&pest_name(rule), input);
        prop_assert_eq!(grammar::matches(rule, input), pest, "{:?} on {:?}", rule, input);
        match grammar::check(rule, input) {
            Ok(()) => prop_assert!(pest, "{:?} on {:?}", rule, input),
            Err(e) => {
                prop_assert!(!pest, "{:?} on {:?}", rule, input);
                well_formed(&e, input)?;
                prop_assert_eq!(e.target(), abnf_name(rule));
            }
        }
    }
    Ok(())
}

/// A syntax error points into the input at a character boundary, names the rule it is in and
/// what the grammar allowed there, and its message cites the RFC.
fn well_formed(e: &rfc3987::ParseError, input: &str) -> Result<(), TestCaseError> {
    prop_assert!(e.byte_offset() <= input.len());
    prop_assert!(input.is_char_boundary(e.byte_offset()));
    prop_assert!(e.message().contains("RFC "), "{:?}: {}", input, e);
    if e.kind() == ParseErrorKind::Syntax {
        prop_assert!(e.rule().is_some(), "{:?}: {}", input, e);
        prop_assert!(!e.expected().is_empty(), "{:?}: {}", input, e);
    }
    Ok(())
}

#[test]
fn automaton_agrees_with_pest_on_every_rule() {
    let ran = common::run(prop_oneof![text(), near_miss()], |input| agree(&input));
    assert_eq!(ran, 10_000);
}

/// The corpora's inputs, and each with its last character dropped, for every rule.
#[test]
fn automaton_agrees_with_pest_on_the_data_tables() {
    let mut inputs: Vec<String> = Vec::new();
    for file in [
        "ipv6.tsv",
        "rfc-syntax-examples.tsv",
        "tree-inputs.tsv",
        "mistakes.tsv",
    ] {
        for (row, _) in common::rows(&common::data(file)) {
            for cell in &row {
                inputs.push(common::unescape(cell));
            }
        }
    }
    assert!(inputs.len() > 500, "{}", inputs.len());
    for input in &inputs {
        let mut shorter = input.clone();
        shorter.pop();
        agree(input).unwrap();
        agree(&shorter).unwrap();
    }
}

/// Both parse paths (the scanner, then the grammar read as ABNF; pest, then the same) reject
/// the same inputs with the same error, and every error of a start symbol is well formed and
/// names a component.
#[test]
fn both_paths_give_the_same_error() {
    let ran = common::run(
        (
            prop_oneof![text(), near_miss()],
            prop::sample::select(common::START_SYMBOLS.to_vec()),
        ),
        |(input, symbol)| {
            let fast = validate(&input, symbol);
            prop_assert_eq!(
                &fast,
                &validate_with_grammar(&input, symbol),
                "{:?} as {:?}",
                input,
                symbol
            );
            if let Err(e) = fast {
                well_formed(&e, &input)?;
                prop_assert!(e.component().is_some(), "{:?}: {}", input, e);
            }
            Ok(())
        },
    );
    assert_eq!(ran, 10_000);
}
