//! From the grammar's syntax tree (pest_meta's `ast`) to an automaton without empty moves.
//!
//! First a Thompson construction: one node per position between terminals, empty moves for
//! sequence, choice and repetition, and one edge per terminal (a string literal is one edge per
//! character). Then the empty moves are removed: a state is the set of terminal edges reachable
//! from a node by empty moves (and whether the end is), so that nodes reaching the same edges
//! become one state. Finally edges from one state to the same state at the same site are merged
//! into one edge labelled with the union of their characters.

use std::collections::HashMap;

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};

use super::class::Class;
use super::nfa::{Automaton, Edge, Site, State};
use crate::error::SyntaxComponent;
use crate::pest_grammar::Rule;

/// Compiles `root`, anchored at both ends of the input, from the rules of the grammar files.
pub(super) fn compile(rules: &[AstRule], root: Rule) -> Result<Automaton, String> {
    // pest's `EOI` is a rule of the generated enum but not of the grammar: it matches the end
    // of the input, so anchored at both ends it matches the empty input only.
    if root == Rule::EOI {
        return Ok(Automaton {
            states: vec![State {
                edges: 0..0,
                accept: true,
            }],
            edges: Vec::new(),
            start: 0,
        });
    }
    let by_name: HashMap<&str, &AstRule> = rules.iter().map(|r| (r.name.as_str(), r)).collect();
    let names = Rule::all_rules().iter().map(|&r| (format!("{r:?}"), r)).collect();
    let mut t = Thompson {
        rules: by_name,
        names,
        nodes: vec![Node::default()],
    };
    let root_ast = t.rule(&format!("{root:?}"))?;
    let ctx = Context {
        stack: Vec::new(),
        atomic: false,
        direct: false,
        root,
    }
    .enter(root_ast, root);
    let end = t.expr(&root_ast.expr, 0, &ctx)?;
    Ok(t.eliminate_empty_moves(end))
}

/// A node of the Thompson construction: empty moves, or one terminal edge.
#[derive(Default)]
struct Node {
    empty: Vec<u32>,
    step: Option<(Class, u32, Site)>,
}

struct Thompson<'g> {
    rules: HashMap<&'g str, &'g AstRule>,
    /// The generated `Rule` of each rule name.
    names: HashMap<String, Rule>,
    nodes: Vec<Node>,
}

/// Where the compiler is in the grammar: the rules that make nodes of the parse tree, from the
/// outermost; whether an atomic rule (`@`, whose inner rules make no nodes) is around; whether
/// the expression is written directly in the body of the innermost of those rules, which is not
/// atomic.
#[derive(Clone)]
struct Context {
    stack: Vec<Rule>,
    atomic: bool,
    direct: bool,
    root: Rule,
}

impl Context {
    /// The context inside `rule`: it is a node of the parse tree unless it is silent or inside
    /// an atomic rule (pest: "in an atomic rule, interior matching rules are silent").
    fn enter(&self, ast: &AstRule, rule: Rule) -> Context {
        let mut inner = self.clone();
        let visible = ast.ty != RuleType::Silent && !self.atomic;
        if visible {
            inner.stack.push(rule);
        }
        // A character written in the body of a visible rule is a delimiter of that rule, unless
        // the rule is atomic: then its characters are its own (the ":" of `iuserinfo`).
        inner.direct = visible && ast.ty != RuleType::Atomic;
        match ast.ty {
            RuleType::Atomic => inner.atomic = true,
            RuleType::NonAtomic => inner.atomic = false,
            _ => {}
        }
        inner
    }

    /// The site of a terminal here; `literal` when it is written directly in the body of the
    /// innermost visible rule (a delimiter such as the "?" of `IRI`).
    fn site(&self, literal: Option<char>) -> Site {
        let rule = self.stack.last().copied().unwrap_or(self.root);
        let literal = literal.filter(|_| self.direct);
        Site {
            rule,
            literal,
            component: component(&self.stack, literal),
        }
    }
}

/// The component of RFC 3986 §3 a terminal belongs to, from the rules around it (innermost
/// first). A delimiter belongs to the component it opens: the ":" after the scheme to the
/// path (the "//" after it opens the authority), "@" to the host, the ":" of a port to the
/// port, "?" to the query, "#" to the fragment.
fn component(stack: &[Rule], literal: Option<char>) -> Option<SyntaxComponent> {
    use SyntaxComponent as C;
    let in_ip_literal = stack
        .iter()
        .any(|r| matches!(r, Rule::IP_literal | Rule::IPv6address | Rule::ls32));
    for &rule in stack.iter().rev() {
        let found = match rule {
            Rule::scheme => Some(C::Scheme),
            Rule::iuserinfo => Some(C::Userinfo),
            Rule::port => Some(C::Port),
            Rule::IP_literal | Rule::IPv6address | Rule::IPvFuture | Rule::h16 | Rule::ls32 => {
                Some(C::IpLiteral)
            }
            Rule::IPv4address | Rule::dec_octet if in_ip_literal => Some(C::IpLiteral),
            Rule::IPv4address | Rule::dec_octet | Rule::ireg_name | Rule::ihost => Some(C::Host),
            Rule::iauthority => match literal {
                Some('@') => Some(C::Host),
                Some(':') => Some(C::Port),
                _ => None,
            },
            Rule::ihier_part | Rule::irelative_part if literal == Some('/') => Some(C::Host),
            Rule::ipath
            | Rule::ipath_abempty
            | Rule::ipath_absolute
            | Rule::ipath_noscheme
            | Rule::ipath_rootless
            | Rule::ipath_empty
            | Rule::isegment
            | Rule::isegment_nz
            | Rule::isegment_nz_nc => Some(C::Path),
            Rule::iquery => Some(C::Query),
            Rule::ifragment => Some(C::Fragment),
            Rule::IRI | Rule::absolute_IRI | Rule::irelative_ref | Rule::IRI_reference => match literal {
                Some('?') => Some(C::Query),
                Some('#') => Some(C::Fragment),
                Some(':') => Some(C::Path),
                _ => None,
            },
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

impl<'g> Thompson<'g> {
    fn rule(&self, name: &str) -> Result<&'g AstRule, String> {
        self.rules
            .get(name)
            .copied()
            .ok_or_else(|| format!("no rule {name} in the grammar files"))
    }

    fn node(&mut self) -> u32 {
        self.nodes.push(Node::default());
        (self.nodes.len() - 1) as u32
    }

    fn empty(&mut self, from: u32, to: u32) {
        self.nodes[from as usize].empty.push(to);
    }

    /// One terminal edge after `from`; returns the node after it.
    fn step(&mut self, from: u32, class: Class, site: Site) -> u32 {
        let edge = self.node();
        let after = self.node();
        self.nodes[edge as usize].step = Some((class, after, site));
        self.empty(from, edge);
        after
    }

    /// The characters `e` matches when it is one character of a set: a single-character
    /// literal, a range, a choice of those, or a silent rule that is one of those (a character
    /// class such as `HEXDIG`, `ucschar` or `iunreserved`). Folding them gives one edge per
    /// class instead of one per alternative. A positive lookahead in front of a class (the
    /// speed guard of `ucschar`) is dropped, as everywhere (see the module documentation).
    fn class_of(&self, e: &Expr) -> Option<Class> {
        match e {
            Expr::Str(s) | Expr::Insens(s) if s.chars().count() == 1 => {
                let c = s.chars().next()?;
                Some(Class::char(c, matches!(e, Expr::Insens(_))))
            }
            Expr::Range(lo, hi) => Some(Class::range(one_char(lo).ok()?, one_char(hi).ok()?)),
            Expr::Choice(a, b) => {
                let mut class = self.class_of(a)?;
                class.union(&self.class_of(b)?);
                Some(class)
            }
            Expr::Seq(a, b) if matches!(**a, Expr::PosPred(_)) => self.class_of(b),
            Expr::Ident(name) => {
                let rule = self.rules.get(name.as_str())?;
                (rule.ty == RuleType::Silent).then(|| self.class_of(&rule.expr))?
            }
            _ => None,
        }
    }

    /// Compiles `e` after node `from`; returns the node where it ends.
    fn expr(&mut self, e: &Expr, from: u32, ctx: &Context) -> Result<u32, String> {
        if let Some(class) = self.class_of(e) {
            let literal = match e {
                Expr::Str(s) => s.chars().next(),
                _ => None,
            };
            return Ok(self.step(from, class, ctx.site(literal)));
        }
        Ok(match e {
            Expr::Str(s) | Expr::Insens(s) => {
                let mut at = from;
                for c in s.chars() {
                    let literal = matches!(e, Expr::Str(_)).then_some(c);
                    at = self.step(at, Class::char(c, literal.is_none()), ctx.site(literal));
                }
                at
            }
            // Anchoring is the automaton's own: it matches whole inputs.
            Expr::Ident(name) if name == "SOI" || name == "EOI" => from,
            Expr::Ident(name) if name == "ANY" => self.step(from, Class::any(), ctx.site(None)),
            Expr::Ident(name) => {
                let ast = self.rule(name)?;
                let rule = *self.names.get(name).ok_or_else(|| format!("no Rule::{name}"))?;
                let inner = ctx.enter(ast, rule);
                self.expr(&ast.expr, from, &inner)?
            }
            // ABNF has no lookahead: in these grammar files `&e` only guards a PEG choice or
            // speeds up a range test, and the language without it is the ABNF's.
            Expr::PosPred(_) => from,
            Expr::Seq(a, b) => {
                let middle = self.expr(a, from, ctx)?;
                self.expr(b, middle, ctx)?
            }
            Expr::Choice(a, b) => {
                let end = self.node();
                for branch in [a, b] {
                    let start = self.node();
                    self.empty(from, start);
                    let done = self.expr(branch, start, ctx)?;
                    self.empty(done, end);
                }
                end
            }
            Expr::Opt(a) => self.optional(a, from, ctx)?,
            Expr::Rep(a) => self.repeat(a, from, ctx)?,
            Expr::RepOnce(a) => {
                let once = self.expr(a, from, ctx)?;
                self.repeat(a, once, ctx)?
            }
            Expr::RepExact(a, n) => self.times(a, *n, from, ctx)?,
            Expr::RepMin(a, n) => {
                let at = self.times(a, *n, from, ctx)?;
                self.repeat(a, at, ctx)?
            }
            Expr::RepMax(a, n) => self.at_most(a, *n, from, ctx)?,
            Expr::RepMinMax(a, min, max) => {
                let at = self.times(a, *min, from, ctx)?;
                self.at_most(a, max.saturating_sub(*min), at, ctx)?
            }
            other => return Err(format!("{other:?} has no ABNF reading")),
        })
    }

    /// `e?`
    fn optional(&mut self, e: &Expr, from: u32, ctx: &Context) -> Result<u32, String> {
        let start = self.node();
        self.empty(from, start);
        let done = self.expr(e, start, ctx)?;
        let end = self.node();
        self.empty(done, end);
        self.empty(from, end);
        Ok(end)
    }

    /// `e*`: a loop head the body returns to.
    fn repeat(&mut self, e: &Expr, from: u32, ctx: &Context) -> Result<u32, String> {
        let head = self.node();
        self.empty(from, head);
        let body = self.node();
        self.empty(head, body);
        let done = self.expr(e, body, ctx)?;
        self.empty(done, head);
        let end = self.node();
        self.empty(head, end);
        Ok(end)
    }

    /// `e{n}`
    fn times(&mut self, e: &Expr, n: u32, mut at: u32, ctx: &Context) -> Result<u32, String> {
        for _ in 0..n {
            at = self.expr(e, at, ctx)?;
        }
        Ok(at)
    }

    /// `e{0,n}`
    fn at_most(&mut self, e: &Expr, n: u32, mut at: u32, ctx: &Context) -> Result<u32, String> {
        for _ in 0..n {
            at = self.optional(e, at, ctx)?;
        }
        Ok(at)
    }

    /// The terminal edges reachable from `node` by empty moves, sorted, and whether `end` is.
    fn closure(&self, node: u32, end: u32, seen: &mut [u32], mark: u32) -> (Vec<u32>, bool) {
        let mut edges = Vec::new();
        let mut accept = false;
        let mut todo = vec![node];
        while let Some(n) = todo.pop() {
            if seen[n as usize] == mark {
                continue;
            }
            seen[n as usize] = mark;
            accept |= n == end;
            let node = &self.nodes[n as usize];
            if node.step.is_some() {
                edges.push(n);
            }
            todo.extend(node.empty.iter().copied());
        }
        edges.sort_unstable();
        (edges, accept)
    }

    /// The automaton whose states are the distinct closures reachable from node 0.
    fn eliminate_empty_moves(self, end: u32) -> Automaton {
        let mut seen = vec![u32::MAX; self.nodes.len()];
        let mut states = States::default();
        let start = states.intern(self.closure(0, end, &mut seen, 0));
        let mut edges: Vec<Edge> = Vec::new();
        let mut mark = 0;
        let mut done = 0;
        while done < states.closures.len() {
            let mut out: Vec<Edge> = Vec::new();
            for n in states.closures[done].0.clone() {
                let Some((class, after, site)) = &self.nodes[n as usize].step else {
                    continue;
                };
                mark += 1;
                let target = states.intern(self.closure(*after, end, &mut seen, mark));
                match out.iter_mut().find(|e| e.target == target && e.site == *site) {
                    Some(same) => same.class.union(class),
                    None => out.push(Edge {
                        class: class.clone(),
                        target,
                        site: *site,
                    }),
                }
            }
            let first = edges.len() as u32;
            edges.extend(out);
            states.states.push(State {
                edges: first..edges.len() as u32,
                accept: states.closures[done].1,
            });
            done += 1;
        }
        Automaton {
            states: states.states,
            edges,
            start,
        }
    }
}

/// The states found so far, each a closure, numbered in the order found.
#[derive(Default)]
struct States {
    ids: HashMap<(Vec<u32>, bool), u32>,
    closures: Vec<(Vec<u32>, bool)>,
    states: Vec<State>,
}

impl States {
    fn intern(&mut self, closure: (Vec<u32>, bool)) -> u32 {
        if let Some(&id) = self.ids.get(&closure) {
            return id;
        }
        let id = self.closures.len() as u32;
        self.ids.insert(closure.clone(), id);
        self.closures.push(closure);
        id
    }
}

/// The character of a pest range bound (`'a'`, unescaped by pest_meta).
fn one_char(s: &str) -> Result<char, String> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(format!("range bound {s:?} is not one character")),
    }
}
