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

mod class;
mod compile;

use std::ops::Range;
use std::sync::OnceLock;

use crate::error::SyntaxComponent;
use crate::pest_grammar::Rule;
use class::Class;

/// The two grammar files, as pest_derive reads them (`src/grammar.rs`).
const GRAMMAR: &str = concat!(
    include_str!("../../grammar/rfc3986.pest"),
    "\n",
    include_str!("../../grammar/rfc3987.pest")
);

/// Where a terminal of the grammar is: the innermost rule that makes a node of the parse tree
/// (or the rule compiled, for a character class compiled alone), the character when the
/// terminal is a delimiter written directly in that rule (the "?" of `IRI`), and the component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Site {
    pub rule: Rule,
    pub literal: Option<char>,
    pub component: Option<SyntaxComponent>,
}

struct State {
    edges: Range<u32>,
    accept: bool,
}

struct Edge {
    class: Class,
    target: u32,
    site: Site,
}

/// A nondeterministic automaton without empty moves.
pub(crate) struct Automaton {
    states: Vec<State>,
    edges: Vec<Edge>,
    start: u32,
}

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
        let rules = RULES.get_or_init(|| {
            let pairs = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, GRAMMAR)
                .unwrap_or_else(|e| panic!("grammar/*.pest: {e}"));
            pest_meta::parser::consume_rules(pairs).unwrap_or_else(|e| panic!("grammar/*.pest: {e:?}"))
        });
        // The grammar is part of the crate: pest_derive compiled the same text, and the unit
        // tests below compile every variant of `Rule`, so this does not depend on the input.
        compile::compile(rules, rule).unwrap_or_else(|e| panic!("grammar/*.pest, rule {rule:?}: {e}"))
    })
}

/// How far an input is a prefix of something the rule matches.
pub(crate) struct Run<'a> {
    automaton: &'a Automaton,
    /// Whether a character stopped the automaton: no continuation allows it.
    pub stopped: bool,
    /// The byte offset of that character, or the input's length.
    pub at: usize,
    /// That character; `None` at the end of the input.
    pub found: Option<char>,
    /// The states alive at `at`.
    alive: Vec<u32>,
    /// The states alive before the last character read, and that character.
    before: Vec<u32>,
    last: Option<char>,
}

impl Automaton {
    fn edges(&self, state: u32) -> &[Edge] {
        let range = &self.states[state as usize].edges;
        &self.edges[range.start as usize..range.end as usize]
    }

    /// Runs the automaton over the input, up to the first character no continuation allows.
    /// Linear in the input; the sets of states alive are small.
    pub(crate) fn run(&self, input: &str) -> Run<'_> {
        let mut alive = vec![self.start];
        let mut before: Vec<u32> = Vec::new();
        let mut next: Vec<u32> = Vec::new();
        let mut stamp = vec![usize::MAX; self.states.len()];
        let mut last = None;
        for (i, (at, c)) in input.char_indices().enumerate() {
            next.clear();
            for &s in &alive {
                for e in self.edges(s) {
                    if stamp[e.target as usize] != i && e.class.contains(c) {
                        stamp[e.target as usize] = i;
                        next.push(e.target);
                    }
                }
            }
            if next.is_empty() {
                return Run {
                    automaton: self,
                    stopped: true,
                    at,
                    found: Some(c),
                    alive,
                    before,
                    last,
                };
            }
            std::mem::swap(&mut before, &mut alive);
            std::mem::swap(&mut alive, &mut next);
            last = Some(c);
        }
        Run {
            automaton: self,
            stopped: false,
            at: input.len(),
            found: None,
            alive,
            before,
            last,
        }
    }

    /// Whether the whole input matches.
    pub(crate) fn matches(&self, input: &str) -> bool {
        self.run(input).matched()
    }
}

impl Run<'_> {
    /// Whether the whole input matched.
    pub(crate) fn matched(&self) -> bool {
        !self.stopped && self.allows_end()
    }

    fn ahead_edges(&self) -> impl Iterator<Item = &Edge> + '_ {
        self.alive.iter().flat_map(|&s| self.automaton.edges(s))
    }

    /// Whether `c` could have come at [`at`](Self::at).
    pub(crate) fn allows(&self, c: char) -> bool {
        self.ahead_edges().any(|e| e.class.contains(c))
    }

    /// Whether the input could end at [`at`](Self::at).
    pub(crate) fn allows_end(&self) -> bool {
        self.alive
            .iter()
            .any(|&s| self.automaton.states[s as usize].accept)
    }

    /// The sites of what could have come at [`at`](Self::at), in grammar order, without repeats.
    pub(crate) fn ahead(&self) -> Vec<Site> {
        let mut sites: Vec<Site> = Vec::new();
        for e in self.ahead_edges() {
            if !sites.contains(&e.site) {
                sites.push(e.site);
            }
        }
        sites
    }

    /// The sites of the edges that read the last character before [`at`](Self::at) and led to
    /// a state still alive: what that character was read as. Empty at the start of the input.
    pub(crate) fn came(&self) -> Vec<Site> {
        let Some(last) = self.last else {
            return Vec::new();
        };
        let mut sites: Vec<Site> = Vec::new();
        for &s in &self.before {
            for e in self.automaton.edges(s) {
                if e.class.contains(last) && self.alive.contains(&e.target) && !sites.contains(&e.site) {
                    sites.push(e.site);
                }
            }
        }
        sites
    }

    /// One shortest continuation that would make the input match, as an example (each
    /// character the first of its set); empty when there is none.
    pub(crate) fn completion(&self) -> String {
        // Breadth-first search over states from the alive set.
        let states = &self.automaton.states;
        let mut from: Vec<Option<(u32, char)>> = vec![None; states.len()];
        let mut visited = vec![false; states.len()];
        let mut queue: std::collections::VecDeque<u32> = std::collections::VecDeque::new();
        for &s in &self.alive {
            visited[s as usize] = true;
            queue.push_back(s);
        }
        while let Some(s) = queue.pop_front() {
            if states[s as usize].accept {
                let mut out = Vec::new();
                let mut at = s;
                while let Some((prev, c)) = from[at as usize] {
                    out.push(c);
                    at = prev;
                }
                return out.into_iter().rev().collect();
            }
            for e in self.automaton.edges(s) {
                if !visited[e.target as usize] {
                    if let Some(c) = e.class.first() {
                        visited[e.target as usize] = true;
                        from[e.target as usize] = Some((s, c));
                        queue.push_back(e.target);
                    }
                }
            }
        }
        String::new()
    }

    /// The single character that could come at [`at`](Self::at), when only one could.
    pub(crate) fn only_allowed(&self) -> Option<char> {
        let mut only = None;
        for e in self.ahead_edges() {
            match (e.class.single(), only) {
                (Some(c), None) => only = Some(c),
                (Some(c), Some(o)) if c == o => {}
                _ => return None,
            }
        }
        only.filter(|_| !self.allows_end())
    }
}

#[cfg(test)]
mod tests {
    use super::automaton;
    use crate::pest_grammar::Rule;

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
