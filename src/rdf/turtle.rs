//! Turtle and TriG (RDF 1.1 Turtle §6.5, TriG §5): the statements of a document, their IRIs
//! resolved or expanded and checked, and the statements that are not RDF skipped.
//!
//! The events of a statement are given out as it is read, and the state it changes (a prefix,
//! the base, whether a TriG graph is open) changes only once it is whole: a statement that the
//! end of a text cuts short is read again, from its start, with the text that follows, and
//! gives the events it had not given yet (`Context::given`), so the same events, once each, as
//! if it had not been cut. Nothing of a statement is held but its text: a statement as long as
//! the scanner's limit, with millions of IRIs, takes no memory for them. A TriG graph
//! (`label { … }`) is not one statement but several: its opening (`label {`), each of its
//! triples statements, and its `}`, so that a graph as large as a dump is read piece by piece.

use alloc::borrow::Cow;
use std::collections::HashMap;

use super::lex::{Keyword, Kind, Lexer, More, Token};
use super::syntax::{Event, Syntax};
use super::term::{check, iriref, Broken, Found, Piece, Role};
use crate::{printable, resolve, Iri, IriRef, StartSymbol};

/// How deep `[` and `(` may nest in one statement; deeper, the statement is broken (the reader
/// recurses once a level, and must not run out of stack on any input).
const MAX_NESTING: usize = 128;

/// What a prefix declaration (`@prefix`, `PREFIX`: Turtle §6.3) gives its prefixed names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Namespace {
    /// An IRI, as written or resolved against the base: an expansion is checked as an `IRI`.
    Iri(String),
    /// A relative reference, with no base to resolve it against: an expansion is checked as an
    /// `IRI-reference`, as such a reference written `<…>` is.
    Unresolved(String),
    /// Not an `IRI-reference`, which was reported at the declaration: a prefixed name of the
    /// prefix is neither checked nor reported (its fault is the declaration's).
    Invalid,
}

/// The state a Turtle or TriG document carries from one statement to the next, beside its base
/// (the scanner's, which `with_base` may set).
#[derive(Debug, Default)]
pub(super) struct Context {
    prefixes: HashMap<String, Namespace>,
    /// Whether a TriG graph is open: after its `{`, before its `}`.
    in_graph: bool,
    /// The offset, from the start of the text read next, before which the events of the
    /// statement that starts there were given out: a read that the end of a text cut short
    /// gave them, and the statement is read again from its start. 0 once a statement ends,
    /// and when the scanner skips a statement too long.
    pub(super) given: usize,
}

/// Reads the complete statements of `text` from its byte `from` (see `Scanner::scan`), with the
/// base and the context they leave; the offset it read to, how many statements it read, and
/// whether the skip of a statement too long goes on from that offset. With `quiet`, the first
/// statement is read where the scanner started again after a statement too long: if it is
/// broken, it is likely the rest of that one, so it is not reported (its IRIs before the
/// token where it breaks are), and the skip goes on from that token.
pub(super) fn scan(
    syntax: Syntax,
    base: &mut Option<Iri<String>>,
    context: &mut Context,
    text: &str,
    (from, quiet): (usize, bool),
    last: bool,
    each: &mut dyn FnMut(Event<'_>),
) -> (usize, u64, bool) {
    let given = from + context.given;
    let mut reader = Reader {
        lexer: Lexer { text, last },
        syntax,
        base,
        context,
        at: 0,
        peeked: None,
        given,
        each,
        depth: 0,
        quiet,
    };
    let (used, statements, skip) = reader.statements(from);
    reader.context.given = reader.given.saturating_sub(used);
    (used, statements, skip)
}

/// Why a statement stops being read: the text ends (not the document), or it is not RDF (and
/// is skipped from the token at the offset given).
enum Stop {
    More,
    Broken(Broken, usize),
}

impl From<More> for Stop {
    fn from(_: More) -> Self {
        Stop::More
    }
}

/// The reader of the statements of one text.
struct Reader<'a, 's> {
    lexer: Lexer<'a>,
    syntax: Syntax,
    base: &'s mut Option<Iri<String>>,
    context: &'s mut Context,
    /// The end of the last token taken.
    at: usize,
    /// The next token, once looked at.
    peeked: Option<Token>,
    /// The offset in `text` before which the events of the statement being read were given.
    given: usize,
    /// Where events go.
    each: &'s mut dyn FnMut(Event<'_>),
    /// How deep `[` and `(` nest where the reader is.
    depth: usize,
    /// Whether the statement being read is the first after a skip (see `scan`).
    quiet: bool,
}

impl<'a> Reader<'a, '_> {
    /// Reads statement after statement, giving out their events: how many bytes were read (to
    /// the end of the last statement whole, or when `quiet` to where a first statement broken
    /// breaks), how many statements, and whether the skip goes on (see `scan`).
    fn statements(&mut self, from: usize) -> (usize, u64, bool) {
        let (mut used, mut statements) = (from, 0);
        loop {
            (self.at, self.peeked, self.depth) = (used, None, 0);
            let first = match self.peek() {
                // The end of the document, unless a graph is still open, which is broken there.
                Ok(token) if token.kind == Kind::End && !self.context.in_graph => {
                    return (self.lexer.text.len(), statements, false)
                }
                Ok(token) => token,
                Err(More) => return (used, statements, false),
            };
            let counted = match self.statement() {
                Ok(counted) => counted,
                Err(Stop::More) => return (used, statements, false),
                Err(Stop::Broken(_, from)) if self.quiet => return (from, statements, true),
                Err(Stop::Broken(broken, from)) => match self.recover(from) {
                    Ok(()) => {
                        self.give(Event::Broken(broken));
                        true
                    }
                    Err(More) => return (used, statements, false),
                },
            };
            statements += u64::from(counted);
            self.quiet = false;
            // Every statement reads at least its first token.
            used = self.at.max(first.end);
        }
    }

    /// Gives out an IRI of the statement being read, unless a read of it before this one, cut
    /// short by the end of its text, gave it: the IRIs of a statement come in document order.
    /// (A broken statement's report is given once it is skipped to its end, so only once.)
    fn give(&mut self, event: Event<'a>) {
        if let Event::Iri(found) = &event {
            if found.span.start < self.given {
                return;
            }
            self.given = found.span.start + 1;
        }
        (self.each)(event);
    }

    fn peek(&mut self) -> Result<Token, More> {
        if let Some(token) = self.peeked {
            return Ok(token);
        }
        let token = self.lexer.token(self.at)?;
        self.peeked = Some(token);
        Ok(token)
    }

    fn take(&mut self) -> Result<Token, More> {
        let token = self.peek()?;
        self.peeked = None;
        self.at = token.end;
        Ok(token)
    }

    fn text(&self, token: Token) -> &'a str {
        &self.lexer.text[token.start..token.end]
    }

    /// The statement is broken at `token`, where the grammar allows `expected`.
    fn unexpected(&self, token: Token, expected: &str) -> Stop {
        let broken = match token.kind {
            // A statement read after a skip is not reported when broken: no message is made.
            _ if self.quiet => Broken::new(token.start, String::new()),
            Kind::Unclosed { at, what } => Broken::new(at, what),
            Kind::End => Broken::new(
                token.start,
                format!("expected {expected}, found the end of the document"),
            ),
            _ => {
                let text = self.text(token);
                let shown = match text.char_indices().nth(40) {
                    Some((cut, _)) => format!("{}…", printable(&text[..cut])),
                    None => printable(text).into_owned(),
                };
                Broken::new(token.start, format!("expected {expected}, found '{shown}'"))
            }
        };
        Stop::Broken(broken, token.start)
    }

    /// Takes the next token, which must be of `kind`.
    fn expect(&mut self, kind: Kind, expected: &str) -> Result<Token, Stop> {
        let token = self.take()?;
        if token.kind != kind {
            return Err(self.unexpected(token, expected));
        }
        Ok(token)
    }

    /// Skips the rest of a broken statement from the token at `from`: to the first `.` that no
    /// `[`, `(` or `{` opened after `from` encloses, which it takes; in a TriG graph, or to the
    /// `}` that closes the graph, which it leaves to close it; outside a graph, or to the `}`
    /// that closes a `{` opened after `from`, which it takes; or to the end of the document.
    /// Brackets opened before `from` are not counted: a `]` left out does not make the rest of
    /// the document one broken statement.
    fn recover(&mut self, from: usize) -> Result<(), More> {
        let mut depth = 0usize;
        self.at = from;
        loop {
            let token = self.lexer.token(self.at)?;
            match token.kind {
                Kind::End => {
                    // The document ends: so does a graph that is open, its fault reported.
                    self.context.in_graph = false;
                    self.at = token.end;
                    return Ok(());
                }
                Kind::Dot if depth == 0 => {
                    self.at = token.end;
                    return Ok(());
                }
                Kind::CloseBrace if depth == 0 && self.context.in_graph => {
                    self.at = token.start;
                    return Ok(());
                }
                Kind::CloseBrace if depth <= 1 && !self.context.in_graph => {
                    self.at = token.end;
                    return Ok(());
                }
                Kind::OpenBracket | Kind::OpenParen | Kind::OpenBrace => depth += 1,
                Kind::CloseBracket | Kind::CloseParen | Kind::CloseBrace => depth = depth.saturating_sub(1),
                _ => {}
            }
            self.at = token.end;
        }
    }

    /// One statement (Turtle §6.5 `statement ::= directive | triples '.'`; TriG §5 `directive |
    /// block`, a graph read as its opening, its triples and its `}`): whether it counts as one
    /// (a graph's `}` does not).
    fn statement(&mut self) -> Result<bool, Stop> {
        let token = self.peek()?;
        if self.context.in_graph {
            return self.in_graph(token);
        }
        match token.kind {
            Kind::LangTag if self.text(token) == "@prefix" => self.prefix(true),
            Kind::LangTag if self.text(token) == "@base" => self.base(true),
            Kind::Keyword(Keyword::Prefix) => self.prefix(false),
            Kind::Keyword(Keyword::Base) => self.base(false),
            _ if self.syntax == Syntax::TriG => self.block(token),
            _ => {
                self.triples()?;
                self.expect(
                    Kind::Dot,
                    "',' or ';' to go on, or '.' to end the triples (Turtle §6.5)",
                )?;
                Ok(true)
            }
        }
    }

    /// `prefixID ::= '@prefix' PNAME_NS IRIREF '.'` or `sparqlPrefix ::= "PREFIX" PNAME_NS IRIREF`
    /// (Turtle §6.5): the prefix's IRI is reported (Role::Prefix), and once the directive is
    /// whole, it is what the prefix stands for (Turtle §6.3), resolved against the base.
    fn prefix(&mut self, at_form: bool) -> Result<bool, Stop> {
        let text = self.lexer.text;
        self.take()?;
        let name = self.take()?;
        let prefix = match name.kind {
            Kind::PName { colon } if colon + 1 == name.end => &text[name.start..colon],
            _ => return Err(self.unexpected(name, "a prefix and ':' (PNAME_NS, Turtle §6.5)")),
        };
        let iri = self.expect(Kind::IriRef, "the prefix's IRI written <…> (IRIREF, Turtle §6.5)")?;
        let found = self.iriref(iri, Role::Prefix)?;
        let namespace = match (&found.error, &found.resolved) {
            (Some(_), _) => Namespace::Invalid,
            (None, Some(resolved)) => Namespace::Iri(resolved.as_str().to_string()),
            (None, None) if has_scheme(found.iri()) => Namespace::Iri(found.iri().to_string()),
            (None, None) => Namespace::Unresolved(found.iri().to_string()),
        };
        self.give(Event::Iri(found));
        if at_form {
            self.expect(
                Kind::Dot,
                "'.' to end the @prefix directive (prefixID, Turtle §6.5)",
            )?;
        }
        self.context.prefixes.insert(prefix.to_string(), namespace);
        Ok(true)
    }

    /// `base ::= '@base' IRIREF '.'` or `sparqlBase ::= "BASE" IRIREF` (Turtle §6.5): the IRI is
    /// reported (Role::Base), and once the directive is whole, it is the base (Turtle §6.3),
    /// itself resolved against the base before it. A base that is not an IRI-reference, or that
    /// is relative with no base to resolve it, leaves the document without a base: relative
    /// references after it are checked as written.
    fn base(&mut self, at_form: bool) -> Result<bool, Stop> {
        self.take()?;
        let iri = self.expect(Kind::IriRef, "the base IRI written <…> (IRIREF, Turtle §6.5)")?;
        let found = self.iriref(iri, Role::Base)?;
        let base = match (&found.error, &found.resolved) {
            (Some(_), _) => None,
            (None, Some(resolved)) => Some(Iri::clone(resolved)),
            (None, None) if has_scheme(found.iri()) => Iri::parse(found.iri().to_string()).ok(),
            (None, None) => None,
        };
        self.give(Event::Iri(found));
        if at_form {
            self.expect(Kind::Dot, "'.' to end the @base directive (base, Turtle §6.5)")?;
        }
        *self.base = base;
        Ok(true)
    }

    /// TriG §5 `block ::= triplesOrGraph | wrappedGraph | triples2 | "GRAPH" labelOrSubject
    /// wrappedGraph`, a graph up to its `{`.
    fn block(&mut self, token: Token) -> Result<bool, Stop> {
        match token.kind {
            Kind::OpenBrace => {
                self.take()?;
            }
            Kind::Keyword(Keyword::Graph) => {
                self.take()?;
                let label = self.take()?;
                match label.kind {
                    Kind::IriRef | Kind::PName { .. } => {
                        if let Some(found) = self.iri(label, Role::Graph)? {
                            self.give(Event::Iri(found));
                        }
                    }
                    Kind::BlankNode => {}
                    Kind::OpenBracket => {
                        self.expect(Kind::CloseBracket, "']' (ANON, TriG §5)")?;
                    }
                    _ => {
                        let expected = "a graph label, an IRI <…>, a prefixed name or a blank node (labelOrSubject, TriG §5)";
                        return Err(self.unexpected(label, expected));
                    }
                }
                self.expect(Kind::OpenBrace, "'{' to open the graph (wrappedGraph, TriG §5)")?;
            }
            // triplesOrGraph ::= labelOrSubject (wrappedGraph | predicateObjectList '.')
            Kind::IriRef | Kind::PName { .. } | Kind::BlankNode => {
                self.take()?;
                let found = match token.kind {
                    Kind::BlankNode => None,
                    _ => self.iri(token, Role::Subject)?,
                };
                let graph = self.peek()?.kind == Kind::OpenBrace;
                if let Some(mut found) = found {
                    if graph {
                        found.role = Role::Graph;
                    }
                    self.give(Event::Iri(found));
                }
                if graph {
                    self.take()?;
                } else {
                    self.predicate_object_list()?;
                    self.end_triples()?;
                    return Ok(true);
                }
            }
            // An ANON label or subject, or triples2 ::= blankNodePropertyList
            // predicateObjectList? '.' | collection predicateObjectList '.'
            Kind::OpenBracket => {
                self.take()?;
                let anon = self.property_list(token)?;
                if anon && self.peek()?.kind == Kind::OpenBrace {
                    self.take()?;
                } else {
                    if anon || is_verb(self.peek()?) {
                        self.predicate_object_list()?;
                    }
                    self.end_triples()?;
                    return Ok(true);
                }
            }
            Kind::OpenParen => {
                self.take()?;
                self.collection(token)?;
                self.predicate_object_list()?;
                self.end_triples()?;
                return Ok(true);
            }
            _ => {
                let expected = "a subject or a graph (an IRI <…>, a prefixed name, a blank node, '[', '(' or '{'), or a directive";
                return Err(self.unexpected(token, expected));
            }
        }
        self.context.in_graph = true;
        Ok(true)
    }

    /// `'.'` after triples outside a graph (TriG §5 `triplesOrGraph`, `triples2`).
    fn end_triples(&mut self) -> Result<(), Stop> {
        self.expect(
            Kind::Dot,
            "',' or ';' to go on, or '.' to end the triples (TriG §5)",
        )?;
        Ok(())
    }

    /// In a TriG graph (`wrappedGraph ::= '{' triplesBlock? '}'`, `triplesBlock ::= triples ('.'
    /// triplesBlock?)?`): triples and the `.` after them, which the last may leave out, or the
    /// `}` that closes the graph.
    fn in_graph(&mut self, token: Token) -> Result<bool, Stop> {
        match token.kind {
            Kind::CloseBrace => {
                self.take()?;
                self.context.in_graph = false;
                Ok(false)
            }
            Kind::End => Err(self.unexpected(token, "'}' to close the graph (wrappedGraph, TriG §5)")),
            _ => {
                self.triples()?;
                let next = self.peek()?;
                match next.kind {
                    Kind::Dot => {
                        self.take()?;
                    }
                    Kind::CloseBrace => {}
                    _ => {
                        let expected = "',' or ';' to go on, '.' to end the triples, or '}' to close the graph (triplesBlock, TriG §5)";
                        return Err(self.unexpected(next, expected));
                    }
                }
                Ok(true)
            }
        }
    }

    /// `triples ::= subject predicateObjectList | blankNodePropertyList predicateObjectList?`,
    /// `subject ::= iri | BlankNode | collection` (Turtle §6.5).
    fn triples(&mut self) -> Result<(), Stop> {
        let token = self.take()?;
        match token.kind {
            Kind::IriRef | Kind::PName { .. } => {
                if let Some(found) = self.iri(token, Role::Subject)? {
                    self.give(Event::Iri(found));
                }
            }
            Kind::BlankNode => {}
            Kind::OpenBracket => {
                if !self.property_list(token)? {
                    if is_verb(self.peek()?) {
                        self.predicate_object_list()?;
                    }
                    return Ok(());
                }
            }
            Kind::OpenParen => self.collection(token)?,
            _ => {
                let expected = match self.syntax {
                    Syntax::TriG if self.context.in_graph => {
                        "a subject (an IRI <…>, a prefixed name, a blank node, '[' or '('), or '}'"
                    }
                    _ => "a subject (an IRI <…>, a prefixed name, a blank node, '[' or '('), or a directive",
                };
                return Err(self.unexpected(token, expected));
            }
        }
        self.predicate_object_list()
    }

    /// `predicateObjectList ::= verb objectList (';' (verb objectList)?)*` (Turtle §6.5).
    fn predicate_object_list(&mut self) -> Result<(), Stop> {
        self.verb()?;
        self.object_list()?;
        loop {
            if self.peek()?.kind != Kind::Semicolon {
                return Ok(());
            }
            while self.peek()?.kind == Kind::Semicolon {
                self.take()?;
            }
            if !is_verb(self.peek()?) {
                return Ok(());
            }
            self.verb()?;
            self.object_list()?;
        }
    }

    /// `verb ::= predicate | 'a'`, `predicate ::= iri` (Turtle §6.5).
    fn verb(&mut self) -> Result<(), Stop> {
        let token = self.take()?;
        match token.kind {
            Kind::IriRef | Kind::PName { .. } => {
                if let Some(found) = self.iri(token, Role::Predicate)? {
                    self.give(Event::Iri(found));
                }
                Ok(())
            }
            Kind::Keyword(Keyword::A) => Ok(()),
            _ => Err(self.unexpected(token, "a predicate (an IRI <…>, a prefixed name or 'a')")),
        }
    }

    /// `objectList ::= object (',' object)*` (Turtle §6.5).
    fn object_list(&mut self) -> Result<(), Stop> {
        self.object()?;
        while self.peek()?.kind == Kind::Comma {
            self.take()?;
            self.object()?;
        }
        Ok(())
    }

    /// `object ::= iri | BlankNode | collection | blankNodePropertyList | literal` (Turtle §6.5),
    /// a literal with its language tag or datatype IRI (`RDFLiteral ::= String (LANGTAG | '^^'
    /// iri)?`; the datatype reported as Role::Datatype).
    fn object(&mut self) -> Result<(), Stop> {
        let token = self.take()?;
        match token.kind {
            Kind::IriRef | Kind::PName { .. } => {
                if let Some(found) = self.iri(token, Role::Object)? {
                    self.give(Event::Iri(found));
                }
            }
            Kind::BlankNode | Kind::Number | Kind::Keyword(Keyword::True | Keyword::False) => {}
            Kind::OpenBracket => {
                self.property_list(token)?;
            }
            Kind::OpenParen => self.collection(token)?,
            Kind::String => match self.peek()?.kind {
                Kind::LangTag => {
                    self.take()?;
                }
                Kind::DoubleCaret => {
                    self.take()?;
                    let datatype = self.take()?;
                    if !matches!(datatype.kind, Kind::IriRef | Kind::PName { .. }) {
                        return Err(
                            self.unexpected(datatype, "a datatype IRI after '^^' (RDFLiteral, Turtle §6.5)")
                        );
                    }
                    if let Some(found) = self.iri(datatype, Role::Datatype)? {
                        self.give(Event::Iri(found));
                    }
                }
                _ => {}
            },
            _ => {
                let expected = "an object (an IRI <…>, a prefixed name, a blank node, a literal, '[' or '(')";
                return Err(self.unexpected(token, expected));
            }
        }
        Ok(())
    }

    /// After the `[` `open`: `]` (`ANON`, then `true`), or `blankNodePropertyList ::= '['
    /// predicateObjectList ']'` (Turtle §6.5).
    fn property_list(&mut self, open: Token) -> Result<bool, Stop> {
        if self.peek()?.kind == Kind::CloseBracket {
            self.take()?;
            return Ok(true);
        }
        self.nest(open)?;
        self.predicate_object_list()?;
        self.expect(
            Kind::CloseBracket,
            "',' or ';' to go on, or ']' to close the blank node (blankNodePropertyList, Turtle §6.5)",
        )?;
        self.depth -= 1;
        Ok(false)
    }

    /// After the `(` `open`: `collection ::= '(' object* ')'` (Turtle §6.5). Its members are
    /// objects (of `rdf:first`, Turtle §7.2), wherever the collection stands.
    fn collection(&mut self, open: Token) -> Result<(), Stop> {
        self.nest(open)?;
        while self.peek()?.kind != Kind::CloseParen {
            let token = self.peek()?;
            if matches!(
                token.kind,
                Kind::Dot | Kind::End | Kind::CloseBracket | Kind::CloseBrace
            ) {
                return Err(self.unexpected(
                    token,
                    "an object or ')' to close the collection (collection, Turtle §6.5)",
                ));
            }
            self.object()?;
        }
        self.take()?;
        self.depth -= 1;
        Ok(())
    }

    /// One level deeper, at `open`.
    fn nest(&mut self, open: Token) -> Result<(), Stop> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let message =
                format!("'[' and '(' nest more than {MAX_NESTING} deep here, more than this reader follows");
            return Err(Stop::Broken(Broken::new(open.start, message), open.start));
        }
        Ok(())
    }

    /// The IRI an `IRIREF` or a prefixed name means, checked: `None` for a prefixed name whose
    /// prefix's IRI is invalid (reported at the prefix's declaration).
    fn iri(&mut self, token: Token, role: Role) -> Result<Option<Found<'a>>, Stop> {
        match token.kind {
            Kind::PName { colon } => self.prefixed_name(token, colon, role),
            _ => self.iriref(token, role).map(Some),
        }
    }

    /// An `IRIREF`, checked as an `IRI-reference` and, if it is relative and there is a base,
    /// resolved against it (Turtle §6.3; RFC 3986 §5.2).
    fn iriref(&mut self, token: Token, role: Role) -> Result<Found<'a>, Stop> {
        let mut found = match iriref(self.lexer.text, token.start, role, StartSymbol::IriReference) {
            Ok((found, _)) => found,
            // The lexer found the ">": this does not happen.
            Err(_) => return Err(self.unexpected(token, "an IRI written <…> (IRIREF, Turtle §6.4)")),
        };
        if found.error.is_none() && !has_scheme(found.iri()) {
            if let (Some(base), Ok(reference)) = (self.base.as_ref(), IriRef::parse(found.iri())) {
                found.resolved = Some(Box::new(resolve(base, &reference)));
            }
        }
        Ok(found)
    }

    /// `PNAME_LN ::= PNAME_NS PN_LOCAL` or `PNAME_NS` (Turtle §6.5): expanded (Turtle §6.3: the
    /// prefix's IRI, then the local name with its `\` escapes removed, its `%HH` kept) and
    /// checked as an `IRI`. Every byte of the prefix's IRI is at the name's first byte, an
    /// escaped character at its `\`.
    fn prefixed_name(&mut self, token: Token, colon: usize, role: Role) -> Result<Option<Found<'a>>, Stop> {
        let text = self.lexer.text;
        let prefix = &text[token.start..colon];
        let (namespace, symbol) = match self.context.prefixes.get(prefix) {
            Some(Namespace::Iri(iri)) => (iri, StartSymbol::Iri),
            Some(Namespace::Unresolved(iri)) => (iri, StartSymbol::IriReference),
            Some(Namespace::Invalid) => return Ok(None),
            None => {
                let message = format!(
                    "the prefix '{}:' is not declared before it is used (PNAME_NS, Turtle §6.3)",
                    printable(prefix)
                );
                return Err(Stop::Broken(Broken::new(token.start, message), token.start));
            }
        };
        let local = &text[colon + 1..token.end];
        let mut iri = String::with_capacity(namespace.len() + local.len());
        iri.push_str(namespace);
        let mut pieces = vec![Piece {
            decoded: 0..iri.len(),
            source: token.start..colon + 1,
            escape: false,
        }];
        let mut rest = 0;
        for backslash in memchr::memchr_iter(b'\\', local.as_bytes()) {
            // The lexer takes a "\" only before a PN_LOCAL_ESC character, which is ASCII.
            let Some(escaped) = local.get(backslash + 1..backslash + 2) else {
                continue;
            };
            iri.push_str(&local[rest..backslash]);
            let decoded = iri.len();
            iri.push_str(escaped);
            let source = colon + 1 + backslash;
            pieces.push(Piece {
                decoded: decoded..decoded + 1,
                source: source..source + 2,
                escape: true,
            });
            rest = backslash + 2;
        }
        iri.push_str(&local[rest..]);
        let error = check(&iri, symbol, &[]);
        Ok(Some(Found {
            role,
            span: token.start..token.end,
            iri: Cow::Owned(iri),
            symbol,
            error,
            start: token.start,
            pieces,
            resolved: None,
        }))
    }
}

/// Whether `token` starts a `verb`.
fn is_verb(token: Token) -> bool {
    matches!(
        token.kind,
        Kind::IriRef | Kind::PName { .. } | Kind::Keyword(Keyword::A)
    )
}

/// Whether the valid `IRI-reference` `reference` has a scheme (is an `IRI`): its first `:`
/// comes before any `/`, `?` and `#` (RFC 3987 §2.2: a scheme holds none of them, and the first
/// segment of an `ipath-noscheme` holds no `:`).
fn has_scheme(reference: &str) -> bool {
    reference.bytes().find(|b| matches!(b, b':' | b'/' | b'?' | b'#')) == Some(b':')
}

#[cfg(test)]
#[path = "turtle_tests.rs"]
mod tests;
