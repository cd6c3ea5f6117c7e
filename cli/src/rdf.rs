//! `iri check --format nt|nq|ttl|trig`: every IRI of RDF documents, found and checked by
//! [`rfc3987::rdf`], as findings on the lines and columns where the terms are written, and the
//! summary of a dump: statements, IRIs, invalid IRIs by component and by rule, lint codes, each
//! with its first examples.

use std::collections::BTreeMap;

use clap::ValueEnum;
use rfc3987::rdf::{decode, holds_replaced, Decoded, Event, Found, Place, Replaced, Scanner, Syntax};
use rfc3987::{Iri, Severity};
use serde_json::{json, Map, Value};

use crate::blocks::Work;
use crate::finding::Finding;
use crate::fix::Repair;
use crate::lines::Origin;
use crate::report;

/// The RDF syntaxes `--format` names.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// N-Triples (RDF 1.1): absolute IRIs only
    Nt,
    /// N-Quads (RDF 1.1): absolute IRIs only
    Nq,
    /// Turtle (RDF 1.1): relative IRIs resolved against the base, prefixed names expanded
    Ttl,
    /// TriG (RDF 1.1): Turtle with named graphs
    Trig,
}

impl Format {
    fn syntax(self) -> Syntax {
        match self {
            Format::Nt => Syntax::NTriples,
            Format::Nq => Syntax::NQuads,
            Format::Ttl => Syntax::Turtle,
            Format::Trig => Syntax::TriG,
        }
    }
}

/// The syntax of each file: `format` for all of them, else each file's by its extension, after
/// that of its compression (`dump.nt.bz2` is N-Triples). `None` when no file names an RDF
/// syntax and no format is given: the files are lists of IRIs. `Err` names a file whose syntax
/// cannot be told when others' can.
pub fn syntaxes(format: Option<Format>, files: &[String]) -> Result<Option<Vec<Syntax>>, String> {
    if let Some(format) = format {
        return Ok(Some(vec![format.syntax(); files.len()]));
    }
    let told: Vec<Option<Syntax>> = files.iter().map(|f| Syntax::of_file_name(f)).collect();
    if told.iter().all(Option::is_none) {
        return Ok(None);
    }
    files
        .iter()
        .zip(&told)
        .map(|(file, syntax)| {
            syntax.ok_or_else(|| {
                let name = if file == "-" { "standard input" } else { file };
                format!(
                    "{}: its RDF syntax cannot be told from its name (.nt, .nq, .ttl or .trig, maybe \
                     followed by .gz, .bz2, .zst or .xz); give it with --format",
                    rfc3987::printable(name)
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// A block checked: how many lines it has, the statements and IRIs it completed, and its
/// findings in document order, numbered in the block (from 1) or, with `absolute`, in the file;
/// with --fix, the repairs (offsets in the block, or with `absolute` in the file) and the file
/// offset before which no repair can come any more (`None`: the whole block).
pub struct Checked {
    pub lines: usize,
    pub statements: u64,
    pub iris: u64,
    pub findings: Vec<Finding>,
    pub absolute: bool,
    pub repairs: Vec<Repair>,
    pub settled: Option<usize>,
}

/// A Turtle or TriG document being read: its statements run over blocks, so the scanner keeps
/// its prefixes and base, and the text of a statement not yet complete waits in `carry`, whose
/// first line is line number `line` of the file and first byte byte `offset` of it; `replaced`
/// says where it holds U+FFFD for bytes that are not UTF-8.
struct Document {
    file: usize,
    scanner: Scanner,
    carry: String,
    line: usize,
    offset: usize,
    replaced: Vec<Replaced>,
    /// How long `carry` must be before it is read again: twice what a statement too long to
    /// end in it was, so that a statement of any length is read again only as often as its
    /// length doubles (linear time, not a read from its start at every block), and at most the
    /// scanner's limit, beyond which it skips the statement (so `carry` stays bounded).
    wait: usize,
}

/// A worker's checker of RDF blocks. N-Triples and N-Quads blocks are checked each on its own
/// (a statement is a line); Turtle and TriG blocks in order, by one worker.
pub struct Checker {
    syntaxes: Vec<Syntax>,
    base: Option<Iri<String>>,
    longest: usize,
    lint: bool,
    json: bool,
    fix: bool,
    document: Option<Document>,
}

impl Checker {
    /// A checker of documents in `syntaxes` (one a file), relative IRIs resolved against
    /// `base`, a statement longer than `longest` bytes skipped.
    pub fn new(
        syntaxes: Vec<Syntax>,
        (base, longest): (Option<Iri<String>>, usize),
        lint: bool,
        json: bool,
        fix: bool,
    ) -> Self {
        Checker {
            syntaxes,
            base,
            longest,
            lint,
            json,
            fix,
            document: None,
        }
    }

    fn scanner(&self, syntax: Syntax) -> Scanner {
        Scanner::new(syntax)
            .with_limit(self.longest)
            .with_base(self.base.clone())
    }

    /// The findings of one block.
    pub fn check(&mut self, work: &Work) -> Checked {
        let mut checked = Checked {
            lines: 0,
            statements: 0,
            iris: 0,
            findings: Vec::new(),
            absolute: false,
            repairs: Vec::new(),
            settled: None,
        };
        let block = match &work.item {
            Ok(block) => block.bytes(),
            // The file ends with an error (reported by the main thread): what was left of it
            // is dropped, not reported as cut short.
            Err(_) => {
                self.document = None;
                return checked;
            }
        };
        // A block that ends inside a line too long for one block ends no line.
        checked.lines = memchr::memchr_iter(b'\n', block).count()
            + usize::from(!work.cut.ends_inside && block.last().is_some_and(|&b| b != b'\n'));
        let syntax = self.syntaxes[work.file];
        match syntax {
            Syntax::NTriples | Syntax::NQuads => {
                let Decoded {
                    text,
                    not_utf8,
                    replaced,
                } = decode(block);
                // A statement is a line: a block starting inside a line too long goes on at
                // the next, and one ending inside it is not the end of the document, so that
                // the scanner reports the line (where it starts) and skips what it reads of it.
                let mut scanner = self.scanner(syntax);
                if work.cut.starts_inside {
                    scanner = scanner.skipping();
                }
                let mut place = Place::new(&text, 1);
                let mut events = Vec::new();
                let mut repairs = self.fix.then(Vec::new);
                scanner.scan(&text, !work.cut.ends_inside, &mut |event| {
                    let context = (&*text, &replaced[..]);
                    events.extend(self.finding(event, &mut checked.iris, context, &mut repairs))
                });
                checked.findings = placed(&mut place, not_utf8, events, self.json);
                checked.statements = scanner.statements();
                checked.repairs = in_bytes(repairs.unwrap_or_default(), &replaced);
            }
            Syntax::Turtle | Syntax::TriG => {
                checked.absolute = true;
                let mut document = match self.document.take() {
                    Some(document) if document.file == work.file => document,
                    _ => Document {
                        file: work.file,
                        scanner: self.scanner(syntax),
                        carry: String::new(),
                        line: 1,
                        offset: 0,
                        replaced: Vec::new(),
                        wait: 0,
                    },
                };
                let Decoded {
                    text,
                    not_utf8,
                    replaced,
                } = decode(block);
                let shift = document.carry.len();
                document.carry.push_str(&text);
                document.replaced.extend(replaced.into_iter().map(|r| Replaced {
                    at: shift + r.at,
                    ..r
                }));
                let not_utf8 = not_utf8
                    .into_iter()
                    .map(|(offset, message)| (shift + offset, message))
                    .collect();
                let before = document.scanner.statements();
                let mut events = Vec::new();
                let mut repairs = self.fix.then(Vec::new);
                let Document {
                    scanner,
                    carry,
                    wait,
                    replaced,
                    ..
                } = &mut document;
                let carry: &str = carry;
                let used = if work.last || carry.len() >= *wait {
                    scanner.scan(carry, work.last, &mut |event| {
                        let context = (carry, &replaced[..]);
                        events.extend(self.finding(event, &mut checked.iris, context, &mut repairs))
                    })
                } else {
                    0
                };
                // The scanner must see a statement that reaches its limit, to skip it.
                *wait = if used == 0 {
                    (2 * carry.len()).min(scanner.limit())
                } else {
                    0
                };
                let mut place = Place::new(&document.carry, document.line);
                checked.findings = placed(&mut place, not_utf8, events, self.json);
                checked.statements = document.scanner.statements() - before;
                checked.repairs = in_bytes(repairs.unwrap_or_default(), &document.replaced);
                for repair in &mut checked.repairs {
                    repair.offset += document.offset;
                }
                // The text read moves on by `used` bytes, the file by the bytes they were read
                // from.
                let done = document.replaced.partition_point(|r| r.at < used);
                let shorter: isize = document.replaced[..done].iter().map(|r| 3 - r.len as isize).sum();
                document.replaced.drain(..done);
                for r in &mut document.replaced {
                    r.at -= used;
                }
                document.line += memchr::memchr_iter(b'\n', &document.carry.as_bytes()[..used]).count();
                document.offset += (used as isize - shorter) as usize;
                checked.settled = Some(document.offset);
                document.carry.drain(..used);
                if !work.last {
                    self.document = Some(document);
                }
            }
        }
        checked
    }

    /// What one event of the scanner gives: the findings (without their line yet) at their
    /// byte offsets in the scanned `text`; with `repairs` (--fix), an invalid IRI's repair,
    /// said in its finding.
    fn finding(
        &self,
        event: Event<'_>,
        iris: &mut u64,
        (text, replaced): (&str, &[Replaced]),
        repairs: &mut Option<Vec<Repair>>,
    ) -> Vec<(usize, Finding)> {
        match event {
            Event::Broken(broken) => {
                let message = broken.summary();
                let mut finding = Finding::new(0, 0, "rdf-syntax", Severity::Error, message);
                if self.json {
                    let error = report::message_json(None, broken.message());
                    finding.set_json(Some(term_json(None, None, None, None)), Some(error));
                }
                vec![(broken.offset(), finding)]
            }
            Event::Iri(found) => {
                *iris += 1;
                if let Some(error) = found.error() {
                    let component = error.component().map(|c| c.as_str());
                    // The message says when the character at fault is written as an escape
                    // (the finding's column is its backslash).
                    let message = found.describe(text).unwrap_or_default();
                    let mut finding = Finding::new(0, 0, "syntax", Severity::Error, message);
                    (finding.component, finding.rule) = (component, error.rule());
                    let mut extra = term_json(Some(&found), component, error.rule(), None);
                    let escape = found.escape_at(error.byte_offset()).map(|at| &text[at]);
                    extra.insert("escape".into(), json!(escape));
                    if self.fix {
                        // A term that holds bytes that are not UTF-8 cannot be written back
                        // repaired: its text is not its bytes.
                        let readable = !holds_replaced(&found.span(), replaced);
                        let repair = repairs.as_mut().filter(|_| readable).and_then(|all| {
                            let text = found.repair(text)?;
                            let span = found.span();
                            all.push(Repair {
                                offset: span.start,
                                len: span.len(),
                                text: text.clone(),
                            });
                            Some(text)
                        });
                        finding.message.push_str(match repair {
                            Some(_) => "; repaired by --fix",
                            None => "; --fix cannot repair it, left as it was",
                        });
                        extra.insert("repair".into(), json!(repair));
                    }
                    if self.json {
                        finding.set_json(Some(extra), Some(report::error_json(error)));
                    }
                    return vec![(found.source_offset(error.byte_offset()), finding)];
                }
                if !self.lint {
                    return Vec::new();
                }
                let diagnostics = rfc3987::lint_as(found.iri(), found.checked_as()).unwrap_or_default();
                diagnostics
                    .into_iter()
                    .map(|d| {
                        let offset = found.source_offset(d.span.start);
                        let mut finding = Finding::new(0, 0, d.code, d.severity, d.message);
                        if self.json {
                            finding
                                .set_json(Some(term_json(Some(&found), None, None, Some(d.section))), None);
                        }
                        (offset, finding)
                    })
                    .collect()
            }
        }
    }
}

/// The keys --json adds to a finding about a term: its role, the IRI as decoded (and expanded),
/// the component and rule of its error, the RFC section of a lint code.
fn term_json(
    found: Option<&Found<'_>>,
    component: Option<&str>,
    rule: Option<&str>,
    section: Option<&str>,
) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert("component".into(), json!(component));
    map.insert("rule".into(), json!(rule));
    map.insert("role".into(), json!(found.map(|f| f.role().as_str())));
    map.insert("iri".into(), json!(found.map(|f| f.iri())));
    if let Some(section) = section {
        map.insert("section".into(), json!(section));
    }
    map
}

/// The repairs, their offsets moved from the text to the bytes it was read from (each U+FFFD
/// stands for `len` bytes, not 3); they come in order, and none is in a replacement.
fn in_bytes(mut repairs: Vec<Repair>, replaced: &[Replaced]) -> Vec<Repair> {
    let (mut next, mut shorter) = (0, 0isize);
    for repair in &mut repairs {
        while next < replaced.len() && replaced[next].at + 3 <= repair.offset {
            shorter += 3 - replaced[next].len as isize;
            next += 1;
        }
        repair.offset = (repair.offset as isize - shorter) as usize;
    }
    repairs
}

/// The findings of a block in document order, placed: the lines that are not UTF-8, and the
/// findings of the scanner's events.
fn placed(
    place: &mut Place<'_>,
    not_utf8: Vec<(usize, String)>,
    events: Vec<(usize, Finding)>,
    json: bool,
) -> Vec<Finding> {
    let mut all: Vec<(usize, Finding)> = not_utf8
        .into_iter()
        .map(|(offset, message)| {
            let mut finding = Finding::new(0, 0, "not-utf8", Severity::Error, message.clone());
            if json {
                let error = report::message_json(None, &message);
                finding.set_json(Some(term_json(None, None, None, None)), Some(error));
            }
            (offset, finding)
        })
        .collect();
    all.extend(events);
    // Stable: findings at one offset keep their order.
    all.sort_by_key(|(offset, _)| *offset);
    all.into_iter()
        .map(|(offset, mut finding)| {
            (finding.number, finding.column) = place.at(offset);
            finding
        })
        .collect()
}

/// The names of the syntaxes read, each once, in the order of the files.
fn names(syntaxes: &[Syntax]) -> Vec<&'static str> {
    let mut names = Vec::new();
    for syntax in syntaxes {
        if !names.contains(&syntax.name()) {
            names.push(syntax.name());
        }
    }
    names
}

/// How often something was found, and the first places it was found at.
#[derive(Default)]
struct Seen {
    count: u64,
    examples: Vec<(String, usize, usize)>,
}

/// How many places of each kind the summary shows.
const EXAMPLES: usize = 3;

impl Seen {
    fn add(&mut self, origin: Origin<'_>, column: usize) {
        self.count += 1;
        if self.examples.len() < EXAMPLES {
            self.examples.push((origin.file.to_string(), origin.line, column));
        }
    }

    fn json(&self) -> Value {
        let examples: Vec<Value> = self
            .examples
            .iter()
            .map(|(file, line, column)| json!({"file": file, "line": line, "column": column}))
            .collect();
        json!({"count": self.count, "examples": examples})
    }

    fn places(&self) -> String {
        let places: Vec<String> = self
            .examples
            .iter()
            .map(|(file, line, column)| format!("{}:{column}", Origin { file, line: *line }))
            .collect();
        places.join(", ")
    }
}

/// The summary of a check of RDF documents.
#[derive(Default)]
pub struct Tally {
    pub statements: u64,
    pub iris: u64,
    invalid: u64,
    broken: u64,
    by_component: BTreeMap<&'static str, Seen>,
    by_rule: BTreeMap<&'static str, Seen>,
    codes: BTreeMap<&'static str, Seen>,
}

impl Tally {
    /// Counts a finding, placed.
    pub fn add(&mut self, finding: &Finding, origin: Origin<'_>) {
        let column = finding.column;
        match finding.code {
            "syntax" => {
                self.invalid += 1;
                let (component, rule) = (
                    finding.component.unwrap_or("none"),
                    finding.rule.unwrap_or("none"),
                );
                self.by_component
                    .entry(component)
                    .or_default()
                    .add(origin, column);
                self.by_rule.entry(rule).or_default().add(origin, column);
            }
            "rdf-syntax" => {
                self.broken += 1;
                self.codes.entry("rdf-syntax").or_default().add(origin, column);
            }
            code => self.codes.entry(code).or_default().add(origin, column),
        }
    }

    /// The summary object of --json.
    pub fn json(&self, syntaxes: &[Syntax], stopped: Option<usize>) -> Value {
        let map = |seen: &BTreeMap<&str, Seen>| -> Map<String, Value> {
            seen.iter().map(|(k, v)| (k.to_string(), v.json())).collect()
        };
        let names = names(syntaxes);
        json!({"summary": {
            "syntax": names,
            "statements": self.statements,
            "iris": self.iris,
            "invalid": self.invalid,
            "broken_statements": self.broken,
            "invalid_by_component": map(&self.by_component),
            "invalid_by_rule": map(&self.by_rule),
            "codes": map(&self.codes),
            "stopped_after_errors": stopped,
        }})
    }

    /// The summary for standard error.
    pub fn text(&self, syntaxes: &[Syntax], stopped: Option<usize>) -> String {
        let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let names = names(syntaxes);
        let mut text = format!(
            "{} ({}), {} checked: {} invalid, {}\n",
            plural(self.statements, "statement", "statements"),
            names.join(", "),
            plural(self.iris, "IRI", "IRIs"),
            self.invalid,
            plural(self.broken, "broken statement", "broken statements"),
        );
        if let Some(n) = stopped {
            text.push_str(&format!(
                "stopped after {}, --max-errors {n}\n",
                plural(n as u64, "error", "errors")
            ));
        }
        let mut section = |title: &str, seen: &BTreeMap<&str, Seen>| {
            if !seen.is_empty() {
                text.push_str(title);
                text.push('\n');
                for (name, seen) in seen {
                    text.push_str(&format!("{:>9} {name:<16} {}\n", seen.count, seen.places()));
                }
            }
        };
        section("invalid IRIs by component:", &self.by_component);
        section("invalid IRIs by rule:", &self.by_rule);
        section("codes:", &self.codes);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntaxes_from_names() {
        let files = |names: &[&str]| names.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            syntaxes(None, &files(&["a.nt", "b.nq.bz2", "c.TTL.gz", "d.trig.zst"])).unwrap(),
            Some(vec![
                Syntax::NTriples,
                Syntax::NQuads,
                Syntax::Turtle,
                Syntax::TriG
            ])
        );
        assert_eq!(syntaxes(None, &files(&["iris.txt", "-"])).unwrap(), None);
        assert!(syntaxes(None, &files(&["a.nt", "-"])).is_err());
        assert_eq!(
            syntaxes(Some(Format::Ttl), &files(&["-"])).unwrap(),
            Some(vec![Syntax::Turtle])
        );
    }

    #[test]
    fn repairs_move_to_the_bytes_the_text_was_read_from() {
        // "ok\na\xFFb\xC3\n" reads as "ok\na\u{FFFD}b\u{FFFD}\n": the "\xFF" at 4 and the cut
        // "\xC3" at 8 (after the first U+FFFD and "b"), one byte each.
        let replaced = [Replaced { at: 4, len: 1 }, Replaced { at: 8, len: 1 }];
        // A repair after both is 4 bytes earlier in the bytes (each U+FFFD is 3 bytes for 1).
        let repair = |offset| Repair {
            offset,
            len: 1,
            text: String::new(),
        };
        let moved = in_bytes(vec![repair(0), repair(7), repair(12)], &replaced);
        let offsets: Vec<usize> = moved.iter().map(|r| r.offset).collect();
        assert_eq!(offsets, [0, 5, 8]);
    }
}
