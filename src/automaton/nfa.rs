//! The automaton itself: its states and edges, each edge with the [`Site`] of the terminal it
//! reads, and a [`Run`] of it over an input, which says how far the input is a prefix of
//! something the rule matches and what could have come next. `compile.rs` builds it from the
//! grammar; the unit tests of the parent module check every rule's.

use std::ops::Range;

use super::class::Class;
use crate::error::SyntaxComponent;
use crate::pest_grammar::Rule;

/// Where a terminal of the grammar is: the innermost rule that makes a node of the parse tree
/// (or the rule compiled, for a character class compiled alone), the character when the
/// terminal is a delimiter written directly in that rule (the "?" of `IRI`), and the component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Site {
    pub rule: Rule,
    pub literal: Option<char>,
    pub component: Option<SyntaxComponent>,
}

pub(super) struct State {
    pub(super) edges: Range<u32>,
    pub(super) accept: bool,
}

pub(super) struct Edge {
    pub(super) class: Class,
    pub(super) target: u32,
    pub(super) site: Site,
}

/// A nondeterministic automaton without empty moves.
pub(crate) struct Automaton {
    pub(super) states: Vec<State>,
    pub(super) edges: Vec<Edge>,
    pub(super) start: u32,
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
    pub(super) alive: Vec<u32>,
    /// The states alive before the last character read, and that character.
    before: Vec<u32>,
    last: Option<char>,
}

impl Automaton {
    pub(super) fn edges(&self, state: u32) -> &[Edge] {
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
