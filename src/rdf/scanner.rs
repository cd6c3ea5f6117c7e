//! [`Scanner`]: an RDF document read in pieces, its statements told apart by the syntax's
//! reader (`ntriples`, `turtle`) and a statement longer than the limit skipped (`limit`).

use super::limit::{resume, statement_start, too_long, Skip};
use super::syntax::{Event, Syntax};
use super::{ntriples, turtle};
use crate::Iri;

/// Reads an RDF document in pieces and reports its IRIs and broken statements.
///
/// ```
/// use rfc3987::rdf::{Event, Scanner, Syntax};
///
/// let text = "<http://a/s> <http://a/p> \"not <an iri>\" .\n<http://a/b c> <http://a/p> _:b .\n";
/// let mut errors = Vec::new();
/// let used = Scanner::new(Syntax::NTriples).scan(text, true, &mut |event| {
///     if let Event::Iri(found) = event {
///         if let Some(error) = found.error() {
///             errors.push((found.source_offset(error.byte_offset()), error.component()));
///         }
///     }
/// });
/// assert_eq!(used, text.len());
/// // The space of the second line's subject, byte 54 of the text: a path does not allow it.
/// assert_eq!(errors, [(54, Some(rfc3987::SyntaxComponent::Path))]);
/// ```
#[derive(Debug)]
pub struct Scanner {
    syntax: Syntax,
    /// The base given by [`Scanner::with_base`], then the last `@base`/`BASE` (Turtle, TriG).
    base: Option<Iri<String>>,
    /// How many statements were read.
    statements: u64,
    /// The prefixes declared so far, and whether a TriG graph is open (Turtle, TriG).
    turtle: turtle::Context,
    /// The most bytes a statement may take before it is skipped.
    limit: usize,
    /// Whether a statement longer than the limit is being skipped, and where in its line.
    skip: Skip,
    /// Whether no statement has ended since the last skip: a statement longer than the limit
    /// there is the one skipped again, and is not reported twice.
    resumed: bool,
}

impl Scanner {
    /// A scanner at the start of a document in `syntax`.
    pub fn new(syntax: Syntax) -> Self {
        Scanner {
            syntax,
            base: None,
            statements: 0,
            turtle: turtle::Context::default(),
            limit: Scanner::DEFAULT_LIMIT,
            skip: Skip::No,
            resumed: false,
        }
    }

    /// The default of [`Scanner::limit`]: 16 MiB, far beyond any statement of a real dump.
    pub const DEFAULT_LIMIT: usize = 16 << 20;

    /// The most bytes a statement (in N-Triples and N-Quads, a line) may take from its start
    /// before the scanner stops waiting for its end, reports it and skips it (see the module's
    /// documentation); at least 1.
    pub fn with_limit(mut self, bytes: usize) -> Self {
        self.limit = bytes.max(1);
        self
    }

    /// The limit [`Scanner::with_limit`] sets: a caller holds at most this many bytes of text
    /// not yet read, plus what it appends before the next call.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// A scanner whose first text starts inside a statement too long, which the scanner of the
    /// text before reported ([`Scanner::limit`]): it skips to the next line that can begin a
    /// statement, as that scanner would have. For a caller that cuts a document at a statement
    /// too long, and reads the pieces in parallel, each with its own scanner (N-Triples and
    /// N-Quads, whose statements are lines).
    pub fn skipping(mut self) -> Self {
        self.skip = Skip::InLine;
        self.resumed = matches!(self.syntax, Syntax::Turtle | Syntax::TriG);
        self
    }

    /// The base IRI of the document (Turtle §6.3: the retrieval IRI), which its first
    /// `@base`/`BASE` replaces; `None` (the default) is no base. N-Triples and N-Quads have no
    /// relative IRIs and ignore it.
    pub fn with_base(mut self, base: impl Into<Option<Iri<String>>>) -> Self {
        self.base = base.into();
        self
    }

    /// The syntax read.
    pub fn syntax(&self) -> Syntax {
        self.syntax
    }

    /// How many statements were read so far, broken ones included: in N-Triples and N-Quads
    /// the lines that hold one, in Turtle and TriG the directives, the triples statements and
    /// the graphs (a TriG graph counts once, at its `{`, and each triples statement in it).
    pub fn statements(&self) -> u64 {
        self.statements
    }

    /// Reads the statements of `text`, which continues the text read before, reports their
    /// events to `each` in document order, and returns how many bytes of `text` it read: to the
    /// end of the last statement that ends in it. The caller gives the rest again, followed by
    /// more, at the next call. With `last`, `text` ends the document and is read to its end (a
    /// statement it cuts short is broken). Byte offsets in events count from the start of
    /// `text`.
    ///
    /// Turtle and TriG statements may span lines. The IRIs of a statement that `text` cuts
    /// short are given as far as it goes, and the rest at the next call, each once:
    ///
    /// ```
    /// use rfc3987::rdf::{Event, Scanner, Syntax};
    ///
    /// let mut scanner = Scanner::new(Syntax::Turtle);
    /// // The IRI a term means: resolved against the base, or as written.
    /// let iri = |event: Event<'_>| match event {
    ///     Event::Iri(found) => Some(found.resolved().map_or(found.iri().to_string(), |r| r.to_string())),
    ///     Event::Broken(_) => None,
    /// };
    /// let text = "@base <http://a/b/> .\n@prefix ex: <http://ex/> .\n<c> ex:p '''x\nex:q";
    /// let mut first = Vec::new();
    /// let used = scanner.scan(text, false, &mut |event| first.extend(iri(event)));
    /// // The third statement is cut short in its string: the two directives are read, to the
    /// // "." of the second (21 bytes, "\n", 26 bytes), and what follows is given again. The
    /// // subject and the verb before the cut were given: "c" resolved, "ex:p" expanded.
    /// assert_eq!(used, 48);
    /// assert_eq!(first, ["http://a/b/", "http://ex/", "http://a/b/c", "http://ex/p"]);
    /// let rest = format!("{}''' ; ex:r <d> .\n", &text[used..]);
    /// let mut second = Vec::new();
    /// assert_eq!(scanner.scan(&rest, true, &mut |event| second.extend(iri(event))), rest.len());
    /// // "ex:q" is in the long string; "c" and "ex:p" are not given again.
    /// assert_eq!(second, ["http://ex/r", "http://a/b/d"]);
    /// ```
    ///
    /// A statement that has not ended within [`Scanner::limit`] bytes is reported and skipped
    /// (see the module's documentation), so that the text a caller keeps stays bounded.
    pub fn scan(&mut self, text: &str, last: bool, each: &mut dyn FnMut(Event<'_>)) -> usize {
        let mut at = 0;
        loop {
            if self.skip != Skip::No {
                match resume(self.syntax, &mut self.skip, text, at, last) {
                    // In N-Triples and N-Quads the line found is another statement, whatever
                    // its length: only Turtle and TriG resume inside the one skipped.
                    Ok(start) => {
                        let turtle = matches!(self.syntax, Syntax::Turtle | Syntax::TriG);
                        (at, self.skip, self.resumed) = (start, Skip::No, turtle);
                    }
                    Err(used) => return used,
                }
            }
            let (used, statements, skip) = match self.syntax {
                Syntax::NTriples | Syntax::NQuads => {
                    let (used, statements) = ntriples::scan((self.syntax, self.limit), text, at, last, each);
                    (used, statements, false)
                }
                Syntax::Turtle | Syntax::TriG => turtle::scan(
                    self.syntax,
                    &mut self.base,
                    &mut self.turtle,
                    text,
                    (at, self.resumed),
                    last,
                    each,
                ),
            };
            self.statements += statements;
            self.resumed &= statements == 0;
            if skip {
                // The statement read after a skip is broken: the skip goes on from its line.
                (at, self.skip) = (used, Skip::InLine);
                continue;
            }
            if last || text.len() - used < self.limit {
                return used;
            }
            // What is left is one statement, not ended within the limit.
            let start = statement_start(text, used);
            if !self.resumed {
                self.statements += 1;
                each(Event::Broken(too_long(self.syntax, self.limit, start)));
            }
            self.turtle.given = 0;
            (at, self.skip) = if self.resumed {
                // The scanner started again inside the statement skipped, and read as far as
                // the limit without an end: the skip goes on from the last line it read, so
                // that no byte is read more than twice.
                match memchr::memrchr(b'\n', &text.as_bytes()[start..]) {
                    Some(n) => (start + n + 1, Skip::LineStart),
                    None => (text.len(), Skip::InLine),
                }
            } else {
                (start, Skip::InLine)
            };
        }
    }
}
