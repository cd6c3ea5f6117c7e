//! `iri check`: validate files of IRIs, one per line, in blocks spread over threads.
//!
//! A reader thread reads the files into blocks of whole lines and queues them: it only cuts
//! each block after its last "\n", so that it does as little per byte as it can and keeps up
//! with the workers. Worker threads split the blocks into lines, decode them (UTF-8) and check
//! them; the main thread numbers the lines and reports them in input order. Blocks come from a
//! fixed pool and go back to it once reported, so however long the files, only that many
//! blocks are in memory, and reading overlaps with checking.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rfc3987::grammar::{self, Rule};
use rfc3987::{Severity, StartSymbol};
use serde_json::{json, Value};

use crate::escape;
use crate::input::{reads_as_iri, shell_word};
use crate::lines::{decode, skip_bom, Origin, BOM, BOM_SKIPPED, STDIN};
use crate::report::{self, Out, Status};

/// Check files of IRIs, one per line, and report every invalid line.
///
/// Prints `FILE:LINE:COLUMN: message` on standard output for each invalid line (COLUMN counts
/// characters from 1; FILE is `<stdin>` for standard input), and a summary on standard error;
/// valid lines print nothing. A blank line is the empty string, a valid IRI-reference (RFC 3986
/// §4.2) but not an IRI. Files are read as a stream, in blocks
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
    some-command | iri check --kind iri\n\n\
    --rule takes the name of any rule of RFC 3987 §2.2 or of the RFC 3986 rules it reuses, as the \
    RFC spells it (ihost, ireg-name, IP-literal, IPv6address, dec-octet, isegment-nz-nc, iquery, \
    ucschar, pct-encoded, ...; case-insensitive, \"_\" for \"-\" accepted). It checks the grammar \
    alone: the rules beside it (RFC 3987 §4.1 bidi formatting characters, ASCII for URIs) belong \
    to --kind.\n\n\
    With --json, one object per finding, on its own line:\n  \
    {\"file\", \"line\", \"column\", \"code\", \"severity\", \"message\"}\n\
    where code is syntax for a line that does not match (with the parse error's object as \
    \"error\": {\"byte_offset\", \"column\", \"component\", \"rule\", \"expected\", \"message\"}) or a \
    code of iri lint; then one summary object, in place of the summary on standard error:\n  \
    {\"summary\": {\"lines\", \"checked_as\", \"invalid\", \"counts\": {CODE: N, ...}}}")]
pub struct CheckArgs {
    /// The ABNF start symbol every line must match.
    #[arg(long, value_enum, default_value_t = Kind::IriReference)]
    kind: Kind,
    /// Check every line against this ABNF rule instead of a start symbol (see below); an
    /// unknown name lists the rules.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["kind", "lint"])]
    rule: Option<String>,
    /// Also run the checks of `iri lint` on every valid line, report each diagnostic as
    /// `FILE:LINE:COLUMN: severity[code]: message`, and end with the count of each code.
    #[arg(long)]
    lint: bool,
    /// Worker threads that check blocks of lines; 0, the default, means one per core (at
    /// most 256). The report is in input order whatever N.
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

/// What every line is checked against: a start symbol (`--kind`) or any rule (`--rule`).
#[derive(Clone, Copy)]
enum Target {
    Symbol(StartSymbol),
    Rule(Rule),
}

impl Target {
    fn name(self) -> &'static str {
        match self {
            Target::Symbol(symbol) => symbol.name(),
            Target::Rule(rule) => grammar::abnf_name(rule),
        }
    }

    /// Whether `text` matches, and with `lint` (never with a rule) the findings of `iri lint`
    /// on it: one parse.
    fn check(self, text: &str, lint: bool) -> Result<Vec<rfc3987::Diagnostic>, rfc3987::ParseError> {
        match self {
            Target::Symbol(symbol) if lint => rfc3987::lint_as(text, symbol),
            Target::Symbol(symbol) => rfc3987::validate(text, symbol).map(|()| Vec::new()),
            Target::Rule(rule) => grammar::check(rule, text).map(|()| Vec::new()),
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

/// How many bytes a block holds: read at once, then checked and reported (a line longer than
/// that makes its block longer).
const BLOCK_BYTES: usize = 256 * 1024;

/// Lines read and not yet checked: `buffer[..len]`, whole lines of one file, each ended by
/// "\n" but maybe the last line of the file. The buffer keeps its size from one use to the
/// next, so that it is read into without being cleared.
#[derive(Default)]
struct Block {
    buffer: Vec<u8>,
    len: usize,
}

impl Block {
    fn bytes(&self) -> &[u8] {
        &self.buffer[..self.len]
    }
}

/// A finding on one line: its number in its block (from 1), the 1-based column, the code and severity (`syntax` for
/// a line that does not parse), the message, and (for --json) the parse error's object.
struct Finding {
    number: usize,
    column: usize,
    code: &'static str,
    severity: Severity,
    message: String,
    error: Option<Value>,
}

/// What the reader hands on, in input order (`seq`): a block of lines of file number `file`,
/// or the error that ended the reading of that file.
struct Work {
    seq: usize,
    file: usize,
    item: Result<Block, io::Error>,
}

/// A block checked by a worker: how many lines it has, and its findings in line order.
struct Done {
    work: Work,
    lines: usize,
    findings: Vec<Finding>,
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
        None => Target::Symbol(args.kind.symbol()),
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
    let reader = {
        let (files, progress) = (files.clone(), progress.clone());
        std::thread::Builder::new().spawn(move || read_files(&files, &free_rx, &work_tx, &progress))?
    };
    let work_rx = Arc::new(Mutex::new(work_rx));
    let workers = (0..jobs)
        .map(|_| {
            let (work_rx, done_tx) = (Arc::clone(&work_rx), done_tx.clone());
            std::thread::Builder::new().spawn(move || work(&work_rx, &done_tx, symbol, lint, json))
        })
        .collect::<io::Result<Vec<_>>>()?;
    drop(done_tx);

    let (mut lines, mut invalid, mut status) = (0usize, 0usize, Status::Ok);
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut errors = 0usize;
    // Blocks checked out of order wait here for the ones before them.
    let mut waiting: BTreeMap<usize, Done> = BTreeMap::new();
    let mut next = 0;
    // The file of the last block reported, and how many of its lines came before the next one.
    let (mut file_of_lines, mut lines_before) = (usize::MAX, 0usize);
    // On an error (the reader of standard output went away) this returns at once: the threads
    // end with the process.
    for done in done_rx {
        waiting.insert(done.work.seq, done);
        while let Some(Done {
            work,
            lines: block_lines,
            findings,
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
                (file_of_lines, lines_before) = (work.file, 0);
            }
            lines += block_lines;
            let mut report = Vec::with_capacity(findings.len());
            for f in findings {
                *counts.entry(f.code).or_default() += 1;
                let origin = Origin {
                    file: name,
                    line: lines_before + f.number,
                };
                if f.code == "syntax" {
                    invalid += 1;
                } else if f.severity == Severity::Error {
                    errors += 1;
                }
                report.push(if json {
                    finding_json(origin, f)
                } else if f.code == "syntax" {
                    format!("{}\n", report::located(origin, Some(f.column), &f.message))
                } else {
                    let message = format!("{}[{}]: {}", f.severity.as_str(), f.code, f.message);
                    format!("{}\n", report::located(origin, Some(f.column), &message))
                });
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
            // The reader may have finished: then the block is simply dropped.
            let _ = free_tx.send(block);
        }
    }
    for worker in workers {
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    }
    reader
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    progress.finish_and_clear();
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
    if invalid > 0 || errors > 0 {
        status = status.max(Status::Invalid);
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
    } else if !matches!(args.kind, Kind::IriReference) {
        if let Some(kind) = args.kind.to_possible_value() {
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

/// A finding as its JSON line (see the help of `iri check`).
fn finding_json(origin: Origin<'_>, finding: Finding) -> String {
    let mut object = json!({
        "file": origin.file,
        "line": origin.line,
        "column": finding.column,
        "code": finding.code,
        "severity": finding.severity.as_str(),
        "message": finding.message,
    });
    if let Some(error) = finding.error {
        object["error"] = error;
    }
    format!("{}\n", escape::json(&object))
}

/// A progress bar over the bytes of the files, drawn on standard error when it is a terminal
/// (report lines are written through [`ProgressBar::suspend`], so they never mix with it), and
/// hidden otherwise: nothing is written for it, escape codes included, when standard error is a
/// file or a pipe.
fn progress_bar(files: &[String]) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let sizes: Option<u64> = files
        .iter()
        .map(|f| {
            (f != "-")
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

/// The reader thread: every file in turn, in blocks taken from the pool (`free`), each sent
/// to the workers numbered in input order; a file that cannot be read is reported in its place
/// and the next one read. Stops early when the main thread has gone.
fn read_files(files: &[String], free: &Receiver<Block>, work: &Sender<Work>, progress: &ProgressBar) {
    let mut seq = 0;
    // The block being filled: taken from the pool when the first byte of a file is read, and
    // kept for the next file when it ends with nothing in it.
    let mut block: Option<Block> = None;
    for (file, name) in files.iter().enumerate() {
        let mut send = |item: Result<Block, io::Error>| -> bool {
            let sent = work.send(Work { seq, file, item }).is_ok();
            seq += 1;
            sent
        };
        // A byte order mark at the start of a file is skipped, and said once.
        let shown = if name == "-" { STDIN } else { name.as_str() };
        let mut after_bom = |reader: &mut dyn Read| -> Result<(), Option<io::Error>> {
            let (bom, reader) = skip_bom(reader).map_err(Some)?;
            if bom {
                progress.suspend(|| report::complain(Some(shown), &BOM_SKIPPED));
                progress.inc(BOM.len() as u64);
            }
            read_blocks(reader, &mut block, free, &mut |b| send(Ok(b)))
        };
        let result = if name == "-" {
            after_bom(&mut io::stdin().lock())
        } else {
            match File::open(name) {
                Ok(mut f) => after_bom(&mut f),
                Err(e) => Err(Some(e)),
            }
        };
        match result {
            Ok(()) => {}
            // The main thread has gone: stop.
            Err(None) => return,
            Err(Some(e)) => {
                if !send(Err(e)) {
                    return;
                }
            }
        }
    }
}

/// Reads `reader` into blocks of whole lines, [`BLOCK_BYTES`] at a time, each cut after its
/// last "\n" (what follows begins the next block) and given to `send`; the last block of the
/// file holds its last line, which may have no "\n". Blocks are `filling`, or taken from
/// `free` when it is `None`; the last one is left in `filling` when nothing was read into it.
/// `Err(None)` when there is no block to fill or `send` fails (the main thread has gone),
/// `Err(Some(_))` when reading fails: the whole lines read before are sent first, a line cut
/// short by the error is not.
fn read_blocks(
    mut reader: impl Read,
    filling: &mut Option<Block>,
    free: &Receiver<Block>,
    send: &mut impl FnMut(Block) -> bool,
) -> Result<(), Option<io::Error>> {
    let take = |filling: &mut Option<Block>| -> Result<Block, Option<io::Error>> {
        let mut block = match filling.take() {
            Some(block) => block,
            None => free.recv().map_err(|_| None)?,
        };
        if block.buffer.len() < BLOCK_BYTES {
            block.buffer.resize(BLOCK_BYTES, 0);
        }
        block.len = 0;
        Ok(block)
    };
    let mut block = take(filling)?;
    loop {
        if block.len == block.buffer.len() {
            match memchr::memrchr(b'\n', block.bytes()) {
                Some(end) => {
                    let mut next = take(&mut None)?;
                    let rest = end + 1..block.len;
                    if next.buffer.len() < rest.len() {
                        next.buffer.resize(rest.len(), 0);
                    }
                    next.buffer[..rest.len()].copy_from_slice(&block.buffer[rest.clone()]);
                    next.len = rest.len();
                    block.len = end + 1;
                    if !send(std::mem::replace(&mut block, next)) {
                        return Err(None);
                    }
                }
                // A line longer than the block: the block grows until it holds it.
                None => {
                    let longer = 2 * block.buffer.len();
                    block.buffer.resize(longer, 0);
                }
            }
            continue;
        }
        let len = block.len;
        match reader.read(&mut block.buffer[len..]) {
            Ok(0) => break,
            Ok(n) => block.len += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                // The whole lines read before the error are checked too, then it is reported.
                block.len = memchr::memrchr(b'\n', block.bytes()).map_or(0, |end| end + 1);
                if block.len == 0 {
                    // Kept for the next file: a block that left the pool unsent would never come
                    // back to it.
                    *filling = Some(block);
                } else if !send(block) {
                    return Err(None);
                }
                return Err(Some(e));
            }
        }
    }
    if block.len == 0 {
        *filling = Some(block);
        return Ok(());
    }
    if send(block) {
        Ok(())
    } else {
        Err(None)
    }
}

/// A worker thread: checks the blocks it takes from the queue until the reader is done or the
/// main thread has gone.
fn work(queue: &Mutex<Receiver<Work>>, done: &Sender<Done>, symbol: Target, lint: bool, json: bool) {
    loop {
        // The lock is held only while waiting for the next block.
        let next = match queue.lock() {
            Ok(receiver) => receiver.recv(),
            Err(_) => return,
        };
        let Ok(work) = next else { return };
        let (lines, findings) = match &work.item {
            Ok(block) => verify(block.bytes(), symbol, lint, json),
            Err(_) => (0, Vec::new()),
        };
        if done
            .send(Done {
                work,
                lines,
                findings,
            })
            .is_err()
        {
            return;
        }
    }
}

/// The lines of a block, each with its number in the block (from 1) and its bytes: a line ends
/// at "\n", and a "\r" before it is dropped too, so CRLF files read like LF ones; a last line
/// without "\n" is a line, and a last "\n" does not start an empty one (as
/// [`crate::lines::for_each_line`] reads them).
fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, std::ops::Range<usize>)> + '_ {
    let unended = !bytes.is_empty() && bytes.last() != Some(&b'\n');
    let ends = memchr::memchr_iter(b'\n', bytes).chain(unended.then_some(bytes.len()));
    let mut start = 0;
    ends.enumerate().map(move |(i, end)| {
        let line = start..end - usize::from(end > start && bytes[end - 1] == b'\r');
        start = end + 1;
        (i + 1, line)
    })
}

/// How many lines a block has, and the findings on them, in order; with `json`, a syntax
/// finding carries the parse error's object. The block is decoded (UTF-8) as a whole: only when
/// that fails is each line decoded alone, to report the lines that are not UTF-8.
fn verify(bytes: &[u8], symbol: Target, lint: bool, json: bool) -> (usize, Vec<Finding>) {
    let whole = std::str::from_utf8(bytes).ok();
    let mut found = Vec::new();
    let mut count = 0;
    for (number, range) in lines(bytes) {
        count = number;
        let syntax = |column, message, error: Value| Finding {
            number,
            column,
            code: "syntax",
            severity: Severity::Error,
            message,
            error: json.then_some(error),
        };
        let decoded = match whole {
            // A line ends before "\r" or "\n", or at the end: on a character boundary.
            Some(text) => Ok(&text[range]),
            None => decode(&bytes[range]),
        };
        let text = match decoded {
            Ok(text) => text,
            Err(n) => {
                let error = if json {
                    report::not_utf8_json(&n)
                } else {
                    Value::Null
                };
                found.push(syntax(n.column, n.message, error));
                continue;
            }
        };
        let diagnostics = match symbol.check(text, lint) {
            Ok(diagnostics) => diagnostics,
            Err(e) => {
                let error = if json { report::error_json(&e) } else { Value::Null };
                found.push(syntax(e.column(), report::error_line(&e), error));
                continue;
            }
        };
        if !diagnostics.is_empty() {
            let columns = columns(text, diagnostics.iter().map(|d| d.span.start));
            found.extend(diagnostics.into_iter().zip(columns).map(|(d, column)| Finding {
                number,
                column,
                code: d.code,
                severity: d.severity,
                message: d.message,
                error: None,
            }));
        }
    }
    (count, found)
}

/// The 1-based character column of each byte offset, counted in one pass over `text` however
/// many offsets there are (counting from the start for each would be quadratic on a long line
/// with many findings).
fn columns(text: &str, offsets: impl Iterator<Item = usize>) -> Vec<usize> {
    let offsets: Vec<usize> = offsets.collect();
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut columns = vec![0; offsets.len()];
    let (mut at, mut column) = (0, 1);
    for i in order {
        column += text[at..offsets[i]].chars().count();
        at = offsets[i];
        columns[i] = column;
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::{columns, lines};
    use crate::lines::for_each_line;

    #[test]
    fn lines_of_a_block_are_the_lines_the_other_commands_read() {
        // CRLF and LF ends, empty lines, a "\r" inside a line, a last line with and without
        // "\n": split as `for_each_line` splits them, numbered from 1.
        for input in [
            &b"a\r\n\nb\n"[..],
            b"x",
            b"\n",
            b"\r\n\r\n",
            b"a\rb\nc\r",
            b"\n\nz",
        ] {
            let mut expected = Vec::new();
            let read = for_each_line(input, |line| -> Result<(), ()> {
                expected.push((line.number, line.bytes.to_vec()));
                Ok(())
            });
            assert!(read.is_ok());
            let got: Vec<_> = lines(input).map(|(n, r)| (n, input[r].to_vec())).collect();
            assert_eq!(got, expected, "{input:?}");
        }
        assert_eq!(lines(b"").count(), 0);
    }

    #[test]
    fn columns_count_characters_in_any_order() {
        // "aé b": "é" is two bytes, so byte 3 (the space) is the third character.
        assert_eq!(columns("aé b", [3, 0, 4, 3].into_iter()), [3, 1, 4, 3]);
    }
}
