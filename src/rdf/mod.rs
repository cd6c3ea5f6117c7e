//! Every IRI of an RDF document, found where it is written and checked: N-Triples, N-Quads,
//! Turtle and TriG (RDF 1.1), the syntaxes of RDF dumps.
//!
//! A [`Scanner`] reads a document in pieces (a dump is read as a stream) and reports each IRI
//! ([`Found`]) with the start symbol it was checked against and its error, and each statement
//! that is not RDF at all ([`Broken`]), which it skips to go on with the next one. It does not
//! build triples: it reads only as much of each syntax as it takes to tell IRIs from literals,
//! blank nodes, language tags and comments, and statements from one another.
//!
//! What is checked, and as what:
//!
//! - an `IRIREF` (`<…>`) of N-Triples and N-Quads as an `IRI` (RFC 3987 §2.2): RDF 1.1 N-Triples
//!   §2.1 and N-Quads §2.1 allow only absolute IRIs;
//! - an `IRIREF` of Turtle and TriG as an `IRI-reference`, resolved (RFC 3986 §5.2, which
//!   RFC 3987 §6.5 applies to IRIs) against the base in scope (Turtle §6.3: `@base`/`BASE`, else
//!   the base given to [`Scanner::with_base`]); with no base, the reference is checked as it is
//!   written, and not resolved;
//! - a prefixed name (Turtle §6.3: `PNAME_LN`) once expanded — the prefix's IRI, then the local
//!   name without its `\` escapes — as an `IRI`.
//!
//! `\uXXXX` and `\UXXXXXXXX` escapes in an `IRIREF` (`UCHAR`) are decoded first. The RDF
//! grammars forbid some characters in an `IRIREF` (space, `<`, `"`, `{`, `}`, `|`, `^`, `` ` ``,
//! `\`), but a term that holds one is still plainly a term: it runs from `<` to the next `>` on
//! its line, and such a character is the IRI error it is, at its place, not a broken statement.
//!
//! In Turtle and TriG (Turtle §6.3):
//!
//! - `@base <x>`/`BASE <x>`: the base becomes `x` resolved against the base before it; if `x` is
//!   not an `IRI-reference` (its error reported), or relative with no base before it, the
//!   document has no base from there on, and relative references are checked as written;
//! - `@prefix p: <x>`/`PREFIX p: <x>`: `p:` stands for `x`, resolved if there is a base. Its
//!   names are checked as `IRI`s; if `x` is relative and there is no base, as
//!   `IRI-references`, like `x` itself; if `x` is not an `IRI-reference`, not at all (its error
//!   is reported once, at the declaration, and its names are not reported). A name whose
//!   prefix is not declared breaks its statement (Turtle §6.3). In a prefixed name's
//!   [`Found::source_offset`], every byte of the prefix's IRI is at the name's first byte, and
//!   a character of the local name written with `\` at its `\`;
//! - roles: a subject, a verb (`predicate`) and an object as they stand in the grammar, also
//!   in a blank node's property list `[ … ]`; the members of a collection `( … )` are objects
//!   (of `rdf:first`, Turtle §7.2), wherever the collection stands; a TriG graph's label is a
//!   [`Role::Graph`];
//! - a statement that is not RDF is reported once and skipped, from the token where it goes
//!   wrong, to the first `.` after it that no `[`, `(` or `{` opened after it encloses (in a
//!   TriG graph, or to the `}` that closes the graph), or to the `}` that closes a `{` opened
//!   after it. Its IRIs before that token are reported; the ones after it are not read. A
//!   statement nesting `[` and `(` more than 128 deep is broken too.
//!
//! The text a caller holds stays bounded whatever the input. A statement too long for the
//! scanner's limit ([`Scanner::limit`], 16 MiB unless [`Scanner::with_limit`] says otherwise)
//! is reported once, at its start, as a [`Broken`] statement: in N-Triples and N-Quads, a line
//! of that many bytes or more; in Turtle and TriG, a statement of which a text holds that many
//! bytes without its end (one that ends in the text given is read whatever its length, so a
//! caller that gives at most P bytes more at each call has every statement of limit + P bytes
//! reported, and none shorter than the limit). The scanner then skips to the next line that can
//! begin a statement: in N-Triples and N-Quads the next line, in Turtle and TriG the next line
//! whose first token can begin a statement (`<`, `_:`, `[`, `(`, `{`, `@`, a prefixed name,
//! `PREFIX`, `BASE`, `GRAPH`). The IRIs of the part skipped are not checked. If the statement
//! found there does not end within the limit either (the scanner started again inside the one
//! it skipped), it is skipped too, and not reported again (its IRIs are). The statement found
//! after a skip is likely the rest of the one skipped: if it is broken, it is not reported (its
//! IRIs before the token where it breaks are), and the skip goes on from that token's line. The
//! IRIs of a statement are given out as they are read (a statement that the end of a text cuts
//! short is read again, its IRIs not given twice), so a statement holding millions of them
//! takes no memory for them; the report of a statement too long comes after the IRIs of it
//! given before.

mod blocks;
mod document;
mod lex;
mod limit;
mod ntriples;
mod repair;
mod scanner;
mod syntax;
mod term;
mod turtle;

pub use blocks::{Block, Blocks};
pub use document::{decode, holds_replaced, Decoded, Document, Item, ItemKind, Place, Replaced, Term};
pub use scanner::Scanner;
pub use syntax::{Event, Syntax};
pub use term::{Broken, Found, Role};
