//! `iri check`: validate files of IRIs, one per line, in blocks spread over threads.
//!
//! A reader thread reads the files into blocks of whole lines and queues them: it only cuts
//! each block after its last "\n", so that it does as little per byte as it can and keeps up
//! with the workers. Worker threads split the blocks into lines, decode them (UTF-8) and check
//! them; the main thread numbers the lines and reports them in input order. Blocks come from a
//! fixed pool and go back to it once reported, so however long the files, only that many
//! blocks are in memory, and reading overlaps with checking.

use std::collections::BTreeMap;
use std::io::{self, IsTerminal};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rfc3987::grammar::{self, Rule};
use rfc3987::rdf::{Scanner, Syntax};
use rfc3987::{Iri, Severity, StartSymbol};
use serde_json::json;

use crate::blocks::{read_files, Block, Cut, Work, BLOCK_BYTES};
use crate::finding::Finding;
use crate::fix::{FixWriter, Repair};
use crate::input::{reads_as_iri, shell_word};
use crate::lines::{Origin, STDIN};
use crate::listed::{too_long, verify, Target};
use crate::rdf::{self, Format, Tally};
use crate::report::{self, Out, Status};
use rfc3987::compression::Compression;

/// Check files of IRIs, one per line, or every IRI of RDF dumps (N-Triples, N-Quads, Turtle,
/// TriG), and report every invalid one.
///
/// Prints `FILE:LINE:COLUMN: message` on standard output for each invalid line (COLUMN counts
/// characters from 1; FILE is `<stdin>` for standard input), and a summary on standard error;
/// valid lines print nothing. A blank line is the empty string, a valid IRI-reference (RFC 3986
/// §4.2) but not an IRI. Files whose names end in .gz, .bz2, .zst or .xz are decompressed while
/// they are read (standard input when it starts with the magic number of one of them). Files
/// are read as a stream, in blocks
/// of lines that --jobs worker threads check while the next ones are read; the report keeps
/// the input order and memory stays bounded whatever the size of the files. When standard
/// error is a terminal, a progress bar on it shows how much has been checked (report lines
/// are printed above it); otherwise there is no progress output, and nothing is ever coloured.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri check examples/iris.txt\n  \
    iri check --kind absolute-iri namespaces.txt\n  \
    iri check --jobs 1 big-list.txt        # one worker thread (default: one per core)\n  \
    iri check --lint --jobs 0 iris.txt      # also the checks of iri lint, counted per code\n  \
    iri check --rule IPv6address addresses.txt   # any ABNF rule, the whole line anchored to it\n  \
    iri check --rule ipath-abempty paths.txt\n  \
    some-command | iri check --kind iri\n  \
    iri check dump.nt.bz2                   # every IRI of an RDF dump, the syntax from its name\n  \
    iri check --format ttl --base http://example.org/ --json data.ttl\n  \
    iri check --fix repaired.nt.gz --max-errors 1000 dump.nt.gz\n\n\
    RDF dumps (--format, or files named *.nt, *.nq, *.ttl, *.trig, maybe compressed): every IRI \
    of every statement is checked, where it is written: subjects, predicates, objects, datatypes, \
    graph names, and in Turtle and TriG the @prefix/PREFIX and @base/BASE IRIs and each prefixed \
    name once expanded. Escapes (\\uXXXX, \\UXXXXXXXX) are decoded first; one that gives a \
    surrogate or a character an IRI does not allow is an error at its backslash. N-Triples and \
    N-Quads IRIs are checked as IRI (absolute, RDF 1.1); Turtle and TriG ones as IRI-reference, \
    then resolved (RFC 3986 §5.2) against the base in scope (@base/BASE, else --base; with \
    neither, a relative reference is checked as written). A term runs from \"<\" to the next \
    \">\" of its line, so a space, \"{\" or \"|\" in it is the IRI error it is. Literals, language \
    tags, blank nodes and comments are never read as IRIs. A statement that is not RDF (a missing \
    \".\", a literal not closed) is reported once, code rdf-syntax, and skipped; the check goes \
    on. So is a statement that does not end within --max-statement-bytes (a line of IRIs, with \
    code too-long). COLUMN is the character of the line at fault: the first one no valid \
    continuation allows, the backslash of an escape, the closing \">\" of an IRI that ends too early. The \
    summary counts statements, IRIs, invalid IRIs by component and by rule, and codes, each \
    with its first places. Exit status: 0 clean, 1 invalid IRIs, broken statements or lint \
    errors (warnings only with --deny-warnings), 2 a usage or I/O error.\n\n\
    --rule takes the name of any rule of RFC 3987 §2.2 or of the RFC 3986 rules it reuses, as the \
    RFC spells it (ihost, ireg-name, IP-literal, IPv6address, dec-octet, isegment-nz-nc, iquery, \
    ucschar, pct-encoded, ...; case-insensitive, \"_\" for \"-\" accepted). It checks the grammar \
    alone: the rules beside it (RFC 3987 §4.1 bidi formatting characters, ASCII for URIs) belong \
    to --kind.\n\n\
    With --json, one object per finding, on its own line:\n  \
    {\"file\", \"line\", \"column\", \"code\", \"severity\", \"message\"}\n\
    where code is syntax for a line that does not match (with the parse error's object as \
    \"error\": {\"byte_offset\", \"column\", \"component\", \"rule\", \"expected\", \"message\"}), \
    too-long for a line longer than --max-statement-bytes, or a code of iri lint; then one \
    summary object, in place of the summary on standard error:\n  \
    {\"summary\": {\"lines\", \"checked_as\", \"invalid\", \"counts\": {CODE: N, ...}}}\n\
    For RDF dumps each finding also has \"component\" and \"rule\" (of an invalid IRI), \"role\" \
    (subject, predicate, object, datatype, graph, prefix, base), \"iri\" (the term decoded, a \
    prefixed name expanded; the error object's offsets count in it) and with --fix \"repair\" \
    (the term as written to OUT, or null); the summary is:\n  \
    {\"summary\": {\"syntax\", \"statements\", \"iris\", \"invalid\", \"broken_statements\", \
    \"invalid_by_component\", \"invalid_by_rule\", \"codes\": {NAME: {\"count\", \"examples\": \
    [{\"file\", \"line\", \"column\"}]}}, \"stopped_after_errors\"}}")]
pub struct CheckArgs {
    /// The ABNF start symbol every line must match [default: iri-reference].
    #[arg(long, value_enum)]
    kind: Option<Kind>,
    /// Check every line against this ABNF rule instead of a start symbol (see below); an
    /// unknown name lists the rules.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["kind", "lint"])]
    rule: Option<String>,
    /// Also run the checks of `iri lint` on every valid line, report each diagnostic as
    /// `FILE:LINE:COLUMN: severity[code]: message`, and end with the count of each code.
    #[arg(long)]
    lint: bool,
    /// Read the files as RDF documents in this syntax, and check every IRI of every statement
    /// (see below); without it, files named *.nt, *.nq, *.ttl or *.trig (maybe compressed)
    /// are read so.
    #[arg(long, value_enum, conflicts_with_all = ["kind", "rule"])]
    format: Option<Format>,
    /// The base IRI of Turtle and TriG documents (Turtle §6.3), against which their relative
    /// IRIs are resolved until an @base or BASE sets another; without it, relative IRIs before
    /// the first @base are checked as IRI-references, unresolved.
    #[arg(long, value_name = "IRI")]
    base: Option<String>,
    /// Stop after N errors (invalid IRIs, broken statements, invalid lines), with the summary.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    max_errors: Option<u64>,
    /// Write the RDF document (one FILE) to OUT as it was read, each invalid IRI that
    /// percent-encoding repairs rewritten with the characters it does not allow encoded as
    /// RFC 3987 §3.1 encodes them, every other byte as it was; OUT ending in .gz, .bz2, .zst or
    /// .xz is compressed. Each finding says whether it was repaired. Not with --max-errors,
    /// which would leave OUT cut short.
    #[arg(long, value_name = "OUT", conflicts_with = "max_errors")]
    fix: Option<String>,
    /// The most bytes a line (of IRIs, of N-Triples or N-Quads) or a Turtle or TriG statement
    /// may take from its start: one that does not end within it is reported once, at its
    /// start (code too-long for a line of IRIs, rdf-syntax in RDF), and skipped to the next
    /// line that can begin one, its IRIs not checked; so memory stays bounded whatever the
    /// input. Far beyond any statement of a real dump.
    #[arg(long, value_name = "BYTES", default_value_t = Scanner::DEFAULT_LIMIT,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    max_statement_bytes: usize,
    /// With --lint, exit with status 1 when a warning is found too.
    #[arg(long, requires = "lint")]
    deny_warnings: bool,
    /// Worker threads that check blocks of lines; 0, the default, means one per core (at
    /// most 256). The report is in input order whatever N. Turtle and TriG, whose statements
    /// run over lines, are read by one worker, beside the reader (which decompresses).
    #[arg(long, short = 'j', default_value_t = 0, value_name = "N")]
    jobs: usize,
    /// One JSON object per finding and a summary object, each on its own line.
    #[arg(long)]
    json: bool,
    /// Files to check; `-` or none reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// A file to check, as a FILE argument is (for the same options as the other commands);
    /// read after the FILEs.
    #[arg(long = "file", value_name = "PATH")]
    more_files: Vec<String>,
}

/// The start symbols `iri check --kind` accepts.
#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    /// IRI-reference (RFC 3987 §2.2): an IRI or a relative reference
    IriReference,
    /// IRI (RFC 3987 §2.2): with a scheme, maybe a fragment
    Iri,
    /// absolute-IRI (RFC 3987 §2.2): with a scheme, no fragment
    AbsoluteIri,
    /// irelative-ref (RFC 3987 §2.2): no scheme
    #[value(alias = "irelative-ref")]
    RelativeRef,
    /// URI-reference (RFC 3986 §4.1): ASCII only
    UriReference,
    /// URI (RFC 3986 §3): ASCII only
    Uri,
    /// absolute-URI (RFC 3986 §4.3): ASCII only
    AbsoluteUri,
    /// relative-ref (RFC 3986 §4.2): ASCII only
    UriRelativeRef,
}

impl Kind {
    fn symbol(self) -> StartSymbol {
        match self {
            Kind::IriReference => StartSymbol::IriReference,
            Kind::Iri => StartSymbol::Iri,
            Kind::AbsoluteIri => StartSymbol::AbsoluteIri,
            Kind::RelativeRef => StartSymbol::IrelativeRef,
            Kind::UriReference => StartSymbol::UriReference,
            Kind::Uri => StartSymbol::Uri,
            Kind::AbsoluteUri => StartSymbol::AbsoluteUri,
            Kind::UriRelativeRef => StartSymbol::RelativeRef,
        }
    }
}

/// The rule `--rule` names; an unknown name is reported with the list of rules.
pub fn rule(name: &str) -> Result<Rule, String> {
    grammar::rule_named(name).map_err(|e| {
        let names: Vec<&str> = grammar::rules().map(grammar::abnf_name).collect();
        format!("{e}\nthe rules: {}", names.join(", "))
    })
}

/// The most worker threads `--jobs` starts.
const MAX_JOBS: usize = 256;

/// A block checked by a worker: how many lines it has, its findings in line order (numbered in
/// the file when `absolute`, else in the block), and for RDF how many statements and IRIs.
struct Done {
    work: Work,
    lines: usize,
    findings: Vec<Finding>,
    absolute: bool,
    statements: u64,
    iris: u64,
    repairs: Vec<Repair>,
    settled: Option<usize>,
}

/// What a worker checks blocks with: lines against a target, or RDF documents.
enum Checker {
    Lines {
        target: Target,
        lint: bool,
        json: bool,
        longest: usize,
    },
    Rdf(Box<rdf::Checker>),
}

impl Checker {
    fn check(&mut self, work: Work) -> Done {
        match self {
            Checker::Lines {
                target,
                lint,
                json,
                longest,
            } => {
                let (lines, findings) = match &work.item {
                    Ok(block) => match work.cut {
                        // A part of a line too long, which the next block goes on with: no line
                        // ends in it, and the line is reported once, at its start.
                        Cut {
                            starts_inside,
                            ends_inside: true,
                        } => (
                            0,
                            Vec::from_iter((!starts_inside).then(|| too_long(1, *longest, *json))),
                        ),
                        cut => verify(
                            block.bytes(),
                            (cut.starts_inside, *longest),
                            *target,
                            (*lint, *json),
                        ),
                    },
                    Err(_) => (0, Vec::new()),
                };
                Done {
                    work,
                    lines,
                    findings,
                    absolute: false,
                    statements: 0,
                    iris: 0,
                    repairs: Vec::new(),
                    settled: None,
                }
            }
            Checker::Rdf(checker) => {
                let checked = checker.check(&work);
                Done {
                    work,
                    lines: checked.lines,
                    findings: checked.findings,
                    absolute: checked.absolute,
                    statements: checked.statements,
                    iris: checked.iris,
                    repairs: checked.repairs,
                    settled: checked.settled,
                }
            }
        }
    }
}

/// `iri check`.
pub fn check(args: &CheckArgs, out: &mut Out) -> io::Result<Status> {
    let symbol = match &args.rule {
        Some(name) => match rule(name) {
            Ok(rule) => Target::Rule(rule),
            Err(message) => {
                report::complain(Some("--rule"), &message);
                return Ok(Status::Error);
            }
        },
        None => Target::Symbol(args.kind.unwrap_or(Kind::IriReference).symbol()),
    };
    let (lint, json) = (args.lint, args.json);
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(MAX_JOBS);
    let mut files: Vec<String> = args.files.iter().chain(&args.more_files).cloned().collect();
    if files.is_empty() {
        files.push("-".to_string());
    }
    let syntaxes = match rdf::syntaxes(args.format, &files) {
        Ok(syntaxes) => syntaxes,
        Err(message) => {
            report::complain(Some("--format"), &message);
            return Ok(Status::Error);
        }
    };
    // RDF documents say what their terms are checked as: a start symbol or rule given for
    // lines would be ignored.
    if syntaxes.is_some() && (args.kind.is_some() || args.rule.is_some()) {
        let option = if args.rule.is_some() { "--rule" } else { "--kind" };
        report::complain(
            Some(option),
            &"the files are RDF documents (by their names), whose terms are checked as the syntax says (see --help); --kind and --rule are for files of IRIs, one a line",
        );
        return Ok(Status::Error);
    }
    let base = match args
        .base
        .as_deref()
        .map(|b| Iri::parse(b.to_string()))
        .transpose()
    {
        Ok(base) => base,
        Err(e) => {
            report::complain(Some("--base"), &report::error_line(&e));
            return Ok(Status::Error);
        }
    };
    // Turtle and TriG statements run over blocks: one worker reads them in order.
    let in_order = syntaxes
        .iter()
        .flatten()
        .any(|s| matches!(s, Syntax::Turtle | Syntax::TriG));
    let jobs = if in_order { 1 } else { jobs };
    let mut fix = match (&args.fix, &syntaxes) {
        (None, _) => None,
        (Some(out), Some(_)) if files.len() == 1 => match FixWriter::for_input(out, &files[0]) {
            Ok(fix) => Some(fix),
            Err(message) => {
                report::complain(Some("--fix"), &message);
                return Ok(Status::Error);
            }
        },
        (Some(_), _) => {
            report::complain(
                Some("--fix"),
                &"--fix rewrites one RDF document: give one FILE (or standard input) of N-Triples, N-Quads, Turtle or TriG",
            );
            return Ok(Status::Error);
        }
    };
    let longest = args.max_statement_bytes;
    let checker = || match &syntaxes {
        Some(syntaxes) => Checker::Rdf(Box::new(rdf::Checker::new(
            syntaxes.clone(),
            (base.clone(), longest),
            lint,
            json,
            fix.is_some(),
        ))),
        None => Checker::Lines {
            target: symbol,
            lint,
            json,
            longest,
        },
    };
    let progress = progress_bar(&files);

    // The pool: blocks go reader → workers → main thread → back to the reader. Its size
    // bounds the memory: each worker has one block, one more waits for each, and the reader
    // fills the next.
    let (free_tx, free_rx) = mpsc::channel::<Block>();
    for _ in 0..2 * jobs + 2 {
        // Cannot fail: `free_rx` is alive.
        let _ = free_tx.send(Block::default());
    }
    let (work_tx, work_rx) = mpsc::channel::<Work>();
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    // The longest line a block holds whole: a statement's, in N-Triples, N-Quads and lists of
    // IRIs, where each block is checked on its own; in Turtle and TriG, whose statements run
    // over blocks, a block's (the checker keeps a statement's text up to the limit).
    let longest_of: Vec<usize> = match &syntaxes {
        Some(syntaxes) => syntaxes
            .iter()
            .map(|s| match s {
                Syntax::Turtle | Syntax::TriG => BLOCK_BYTES,
                Syntax::NTriples | Syntax::NQuads => longest,
            })
            .collect(),
        None => vec![longest; files.len()],
    };
    let reader = {
        let (files, progress) = (files.clone(), progress.clone());
        let read = move || read_files(&files, (true, &longest_of), &free_rx, &work_tx, &progress);
        std::thread::Builder::new().spawn(read)?
    };
    let work_rx = Arc::new(Mutex::new(work_rx));
    let workers = (0..jobs)
        .map(|_| {
            let (work_rx, done_tx, mut checker) = (Arc::clone(&work_rx), done_tx.clone(), checker());
            std::thread::Builder::new().spawn(move || work(&work_rx, &done_tx, &mut checker))
        })
        .collect::<io::Result<Vec<_>>>()?;
    drop(done_tx);

    let (mut lines, mut invalid, mut status) = (0usize, 0usize, Status::Ok);
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut tally = Tally::default();
    // Errors (invalid lines or IRIs, broken statements, lint errors), warnings, and the
    // --max-errors that stopped the check.
    let (mut errors, mut warnings, mut stopped) = (0u64, 0u64, None);
    // Blocks checked out of order wait here for the ones before them.
    let mut waiting: BTreeMap<usize, Done> = BTreeMap::new();
    let mut next = 0;
    // The file of the last block reported, and how many of its lines came before the next one.
    let (mut file_of_lines, mut lines_before, mut bytes_before) = (usize::MAX, 0usize, 0usize);
    // On an error (the reader of standard output went away) this returns at once: the threads
    // end with the process.
    'reading: for done in done_rx {
        waiting.insert(done.work.seq, done);
        while let Some(Done {
            work,
            lines: block_lines,
            findings,
            absolute,
            statements,
            iris,
            repairs,
            settled,
        }) = waiting.remove(&next)
        {
            next += 1;
            let file = &files[work.file];
            let name = if file == "-" { STDIN } else { file.as_str() };
            let block = match work.item {
                Ok(block) => block,
                Err(e) if reads_as_iri(file, &e) => {
                    let message = not_a_file(args, file, &e);
                    let subject = rfc3987::printable(file);
                    progress.suspend(|| report::complain(Some(&subject), &message));
                    status = Status::Error;
                    continue;
                }
                Err(e) => {
                    progress.suspend(|| report::complain(Some(name), &e));
                    status = Status::Error;
                    continue;
                }
            };
            if work.file != file_of_lines {
                (file_of_lines, lines_before, bytes_before) = (work.file, 0, 0);
            }
            if let Some(fix) = &mut fix {
                if work.bom {
                    if let Err(e) = fix.bom() {
                        progress.suspend(|| report::complain(args.fix.as_deref(), &e));
                        return Ok(Status::Error);
                    }
                }
                let shift = if absolute { 0 } else { bytes_before };
                let repairs = repairs
                    .into_iter()
                    .map(|r| Repair {
                        offset: r.offset + shift,
                        ..r
                    })
                    .collect();
                if let Err(e) = fix.block(block.bytes(), repairs, settled) {
                    progress.suspend(|| report::complain(args.fix.as_deref(), &e));
                    return Ok(Status::Error);
                }
            }
            bytes_before += block.len;
            lines += block_lines;
            tally.statements += statements;
            tally.iris += iris;
            let mut report = Vec::with_capacity(findings.len());
            for f in findings {
                *counts.entry(f.code).or_default() += 1;
                let origin = Origin {
                    file: name,
                    line: if absolute {
                        f.number
                    } else {
                        lines_before + f.number
                    },
                };
                if f.code == "syntax" {
                    invalid += 1;
                }
                match f.severity {
                    Severity::Error => errors += 1,
                    Severity::Warning => warnings += 1,
                    Severity::Note => {}
                }
                if syntaxes.is_some() {
                    tally.add(&f, origin);
                }
                let plain = matches!(f.code, "syntax" | "rdf-syntax");
                report.push(if json {
                    f.json(origin)
                } else if plain {
                    format!("{}\n", report::located(origin, Some(f.column), &f.message))
                } else {
                    let message = format!("{}[{}]: {}", f.severity.as_str(), f.code, f.message);
                    format!("{}\n", report::located(origin, Some(f.column), &message))
                });
                if args.max_errors.is_some_and(|n| errors >= n) {
                    stopped = args.max_errors;
                    break;
                }
            }
            let write = |out: &mut Out| -> io::Result<()> {
                for line in &report {
                    out.record(line)?;
                }
                Ok(())
            };
            if progress.is_hidden() {
                write(out)?;
            } else {
                // The bar is cleared while the lines are written (and flushed, standard output
                // may be the same terminal), then drawn again under them.
                progress.suspend(|| write(out).and_then(|()| out.flush()))?;
            }
            lines_before += block_lines;
            progress.inc(block.len as u64);
            if stopped.is_some() {
                // The threads are left to end with the process.
                break 'reading;
            }
            // The reader may have finished: then the block is simply dropped.
            let _ = free_tx.send(block);
        }
    }
    if stopped.is_none() {
        for worker in workers {
            worker
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
        reader
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    }
    progress.finish_and_clear();
    if let Some(fix) = fix {
        if let Err(e) = fix.finish() {
            report::complain(args.fix.as_deref(), &e);
            status = Status::Error;
        }
    }
    let failed = errors > 0 || (args.deny_warnings && warnings > 0);
    if failed {
        status = status.max(Status::Invalid);
    }
    if let Some(syntaxes) = &syntaxes {
        let stopped = stopped.map(|n| n as usize);
        if json {
            out.json(&tally.json(syntaxes, stopped))?;
        }
        out.flush()?;
        if !json {
            progress.suspend(|| eprint!("{}", tally.text(syntaxes, stopped)));
        }
        return Ok(status);
    }
    if json {
        let summary = json!({"summary": {
            "lines": lines,
            "checked_as": symbol.name(),
            "invalid": invalid,
            "counts": counts,
        }});
        out.json(&summary)?;
    }
    out.flush()?;
    if !json {
        eprintln!(
            "{lines} line{} checked as {}: {invalid} invalid",
            if lines == 1 { "" } else { "s" },
            symbol.name()
        );
        if args.lint {
            for (code, count) in &counts {
                eprintln!("{count:>9} {code}");
            }
        }
    }
    Ok(status)
}

/// The message for a FILE that does not exist but reads as an IRI: `iri check` reads files, so
/// it says so and gives the command that checks the IRI itself, with the options that decide
/// what is checked.
fn not_a_file(args: &CheckArgs, file: &str, error: &io::Error) -> String {
    let mut command = format!("echo {} | iri check", shell_word(file));
    if let Some(rule) = &args.rule {
        command.push_str(&format!(" --rule {}", shell_word(rule)));
    } else if let Some(kind) = args.kind.filter(|k| !matches!(k, Kind::IriReference)) {
        if let Some(kind) = kind.to_possible_value() {
            command.push_str(&format!(" --kind {}", kind.get_name()));
        }
    }
    if args.lint {
        command.push_str(" --lint");
    }
    command.push_str(" -");
    format!(
        "{error}; it is not a file but reads as an IRI (RFC 3987 §2.2), and iri check reads files \
         of IRIs, one a line; to check this IRI, give it on standard input:\n{command}"
    )
}

/// A progress bar over the bytes of the files, drawn on standard error when it is a terminal
/// (report lines are written through [`ProgressBar::suspend`], so they never mix with it), and
/// hidden otherwise: nothing is written for it, escape codes included, when standard error is a
/// file or a pipe.
fn progress_bar(files: &[String]) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    // The bytes counted are those read, decompressed: a compressed file's size says nothing of
    // them.
    let sizes: Option<u64> = files
        .iter()
        .map(|f| {
            (f != "-" && Compression::of_name(f).is_none())
                .then(|| std::fs::metadata(f).ok().map(|m| m.len()))
                .flatten()
        })
        .sum();
    match sizes {
        Some(total) => ProgressBar::new(total).with_style(
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        ),
        // Standard input, or a file whose size is unknown: a spinner with the bytes read.
        None => ProgressBar::new_spinner().with_style(
            ProgressStyle::with_template("{spinner} {bytes} {bytes_per_sec}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        ),
    }
}

/// A worker thread: checks the blocks it takes from the queue until the reader is done or the
/// main thread has gone.
fn work(queue: &Mutex<Receiver<Work>>, done: &Sender<Done>, checker: &mut Checker) {
    loop {
        // The lock is held only while waiting for the next block.
        let next = match queue.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(work) = next else { return };
        if done.send(checker.check(work)).is_err() {
            return;
        }
    }
}
