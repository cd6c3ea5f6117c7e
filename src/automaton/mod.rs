//! The grammar read as ABNF: `grammar/*.pest` compiled into finite automata, one per rule.
//!
//! pest runs the grammar as a PEG — an ordered choice commits, a repetition never gives back —
//! which is why the grammar files carry `// PEG:` changes, and why pest cannot say where an input
//! stops being an IRI: its error is the furthest place a rule was tried, which a committed choice
//! moves. Read as ABNF instead (every alternative, full backtracking), the same files define a
//! regular language for every rule, since no rule refers to itself. This module compiles that
//! language, from the same text pest_derive compiles, into an automaton, and runs it over an
//! input one character at a time, keeping the set of states still alive. That gives:
//!
//! - whether the whole input matches a rule ([`Automaton::matches`]), which `tests/abnf.rs` proves
//!   equal to pest's verdict for every rule;
//! - where an input stops being a prefix of anything the rule matches: the first character no
//!   valid continuation allows, or the end of the input when it stops too early ([`Run`]) —
//!   the exact position of a parse error, whatever choices pest committed to;
//! - what was read last and what could have come there: the [`Site`] of each edge, with its
//!   rule and component, for the message.
//!
//! ABNF has no lookahead. The grammar files use `&e` only to guard a PEG choice (`ihost`,
//! `ipath`) or to speed up a range test (`ucschar`); the language without them is the ABNF's,
//! so they are dropped. `SOI` and `EOI` are dropped too: an automaton matches whole inputs.
//!
//! An automaton is compiled on first use of its rule and kept for the life of the process.

mod ast;
mod class;
mod compile;
mod nfa;

use std::sync::OnceLock;

use crate::pest_grammar::Rule;
pub(crate) use nfa::{Automaton, Run, Site};

/// The two grammar files, as pest_derive reads them (`src/grammar.rs`); `build.rs` reads the
/// same files into the tree of [`ast`].
#[cfg(test)]
const GRAMMAR: &str = concat!(
    include_str!("../../grammar/rfc3986.pest"),
    "\n",
    include_str!("../../grammar/rfc3987.pest")
);

/// The automaton of `rule` (anchored at both ends of the input).
pub(crate) fn automaton(rule: Rule) -> &'static Automaton {
    static RULES: OnceLock<Vec<pest_meta::ast::Rule>> = OnceLock::new();
    static AUTOMATA: OnceLock<Vec<OnceLock<Automaton>>> = OnceLock::new();
    let automata = AUTOMATA.get_or_init(|| {
        // One slot per variant of `Rule` (`all_rules` leaves out pest's `EOI`).
        let variants = Rule::all_rules()
            .iter()
            .map(|&r| r as usize + 1)
            .max()
            .unwrap_or(0);
        (0..variants.max(Rule::EOI as usize + 1))
            .map(|_| OnceLock::new())
            .collect()
    });
    automata[rule as usize].get_or_init(|| {
        let rules = RULES.get_or_init(ast::rules);
        // The grammar is part of the crate: pest_derive compiled the same text, and the unit
        // tests below compile every variant of `Rule`, so this does not depend on the input.
        compile::compile(rules, rule).unwrap_or_else(|e| panic!("grammar/*.pest, rule {rule:?}: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::{ast, automaton, GRAMMAR};
    use crate::pest_grammar::Rule;

    /// The tree `build.rs` wrote is pest_meta's reading of the grammar files, node for node.
    #[test]
    fn the_tree_is_the_grammar() {
        let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, GRAMMAR).unwrap();
        let read = pest_meta::parser::consume_rules(pairs).unwrap();
        assert_eq!(read.len(), 46, "the two files hold 46 rules");
        assert_eq!(ast::rules(), read);
    }

    /// Every state of every rule's automaton can reach the end. So a set of states alive is not
    /// empty exactly when the input read so far can still be completed into a match: the
    /// position where it becomes empty is the first character no continuation allows.
    #[test]
    fn every_state_can_reach_the_end() {
        for &rule in Rule::all_rules().iter().chain([&Rule::EOI]) {
            let a = automaton(rule);
            let mut live: Vec<bool> = a.states.iter().map(|s| s.accept).collect();
            let mut changed = true;
            while changed {
                changed = false;
                for s in 0..a.states.len() {
                    if !live[s] && a.edges(s as u32).iter().any(|e| live[e.target as usize]) {
                        live[s] = true;
                        changed = true;
                    }
                }
            }
            let dead = live.iter().filter(|&&l| !l).count();
            assert_eq!(
                dead,
                0,
                "{rule:?}: {dead} of {} states cannot reach the end",
                a.states.len()
            );
        }
    }

    /// `EOI`, the one variant that is not a rule of the grammar, matches the empty input.
    #[test]
    fn end_of_input() {
        assert!(automaton(Rule::EOI).matches(""));
        assert!(!automaton(Rule::EOI).matches("a"));
    }

    /// The sizes stay small: the sets of states alive are what each character costs.
    #[test]
    fn sizes() {
        let a = automaton(Rule::whole_IRI_reference);
        assert!(a.states.len() < 5_000, "{} states", a.states.len());
        // In a long path segment one state is alive, with a handful of edges.
        let run = a.run("http://example.org/aaaa");
        assert_eq!(run.alive.len(), 1);
        assert!(a.edges(run.alive[0]).len() <= 6);
    }
}
