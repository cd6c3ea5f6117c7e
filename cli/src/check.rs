//! `iri check`: validate files of IRIs, one per line, in batches spread over threads.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal};
use std::ops::Range;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use rfc3987::{Severity, StartSymbol};

use crate::input::{decode, for_each_line};
use crate::report::{self, Out};
use crate::Status;

/// Check files of IRIs, one per line, and report every invalid line.
///
/// Prints `FILE:LINE:COLUMN: message` on standard output for each invalid line (COLUMN counts
/// characters from 1), and a summary on standard error. Files are read as a stream, in batches
/// that --jobs spreads over threads. When standard error is a terminal and standard output is
/// not, a progress bar shows how much of the files has been read.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri check examples/iris.txt\n  \
    iri check --kind absolute-iri namespaces.txt\n  \
    iri check --jobs 0 big-list.txt        # one thread per core\n  \
    iri check --lint --jobs 0 iris.txt      # also the checks of iri lint, counted per code\n  \
    some-command | iri check --kind iri")]
pub struct CheckArgs {
    /// The ABNF rule every line must match.
    #[arg(long, value_enum, default_value_t = Kind::IriReference)]
    kind: Kind,
    /// Also run the checks of `iri lint` on every valid line, report each diagnostic as
    /// `FILE:LINE:COLUMN: severity[code]: message`, and end with the count of each code.
    #[arg(long)]
    lint: bool,
    /// Worker threads; 0 means one per core. Lines are checked in batches and reported in order.
    #[arg(long, short = 'j', default_value_t = 1, value_name = "N")]
    jobs: usize,
    /// Files to check; `-` or none reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
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

/// How many lines are read before they are checked and reported.
const BATCH_LINES: usize = 16 * 1024;

/// Lines read and not yet checked: their bytes, one buffer for all, and each line's number and
/// range in it.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    lines: Vec<(usize, Range<usize>)>,
}

/// A finding on one line: its number, the 1-based column, the code and severity (`syntax` for
/// a line that does not parse), and the message.
struct Failure {
    number: usize,
    column: usize,
    code: &'static str,
    severity: Severity,
    message: String,
}

/// `iri check`.
pub fn check(args: &CheckArgs, out: &mut Out) -> io::Result<Status> {
    let symbol = args.kind.symbol();
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let stdin = ["-".to_string()];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let progress = progress_bar(files);
    let (mut lines, mut invalid, mut status) = (0usize, 0usize, Status::Ok);
    let mut counts: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut errors = 0usize;
    for file in files {
        let name = if file == "-" { "<stdin>" } else { file.as_str() };
        let mut report = |batch: &mut Batch| -> io::Result<()> {
            lines += batch.lines.len();
            progress.inc((batch.bytes.len() + batch.lines.len()) as u64);
            for f in verify(batch, symbol, args.lint, jobs) {
                *counts.entry(f.code).or_default() += 1;
                let (number, column, message) = (f.number, f.column, &f.message);
                if f.code == "syntax" {
                    invalid += 1;
                    out.record(&format!("{name}:{number}:{column}: {message}\n"))?;
                } else {
                    if f.severity == Severity::Error {
                        errors += 1;
                    }
                    let severity = f.severity.as_str();
                    out.record(&format!(
                        "{name}:{number}:{column}: {severity}[{}]: {message}\n",
                        f.code
                    ))?;
                }
            }
            batch.bytes.clear();
            batch.lines.clear();
            Ok(())
        };
        let read = if file == "-" {
            read_batches(io::stdin().lock(), &mut report)
        } else {
            File::open(file).and_then(|f| read_batches(BufReader::new(f), &mut report))
        };
        if let Err(e) = read {
            if e.kind() == io::ErrorKind::BrokenPipe {
                return Err(e);
            }
            eprintln!("iri: {name}: {e}");
            status = Status::Error;
        }
    }
    progress.finish_and_clear();
    out.flush()?;
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
    if invalid > 0 || errors > 0 {
        status = status.max(Status::Invalid);
    }
    Ok(status)
}

/// A progress bar over the bytes of the files, drawn on standard error when it is a terminal and
/// the report goes elsewhere (both on one terminal would interleave); hidden otherwise.
fn progress_bar(files: &[String]) -> ProgressBar {
    if !io::stderr().is_terminal() || io::stdout().is_terminal() {
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

/// Reads `reader` into batches of [`BATCH_LINES`] lines, handing each full batch (and the last
/// one) to `report`.
fn read_batches<R: BufRead>(
    reader: R,
    report: &mut impl FnMut(&mut Batch) -> io::Result<()>,
) -> io::Result<()> {
    let mut batch = Batch::default();
    for_each_line(reader, |line| {
        let start = batch.bytes.len();
        batch.bytes.extend_from_slice(line.bytes);
        batch.lines.push((line.number, start..batch.bytes.len()));
        if batch.lines.len() == BATCH_LINES {
            report(&mut batch)?;
        }
        Ok(())
    })?;
    if !batch.lines.is_empty() {
        report(&mut batch)?;
    }
    Ok(())
}

/// The findings on the lines of a batch, in order, checked by `jobs` threads.
fn verify(batch: &Batch, symbol: StartSymbol, lint: bool, jobs: usize) -> Vec<Failure> {
    let check = |lines: &[(usize, Range<usize>)]| -> Vec<Failure> {
        let mut found = Vec::new();
        for (number, range) in lines {
            let syntax = |column, message| Failure {
                number: *number,
                column,
                code: "syntax",
                severity: Severity::Error,
                message,
            };
            let text = match decode(&batch.bytes[range.clone()]) {
                Ok(text) => text,
                Err(not_utf8) => {
                    found.push(syntax(not_utf8.column, not_utf8.message));
                    continue;
                }
            };
            if let Err(e) = rfc3987::validate(text, symbol) {
                found.push(syntax(e.column(), report::error_line(&e)));
                continue;
            }
            if lint {
                found.extend(rfc3987::lint(text).into_iter().map(|d| Failure {
                    number: *number,
                    column: text[..d.span.start].chars().count() + 1,
                    code: d.code,
                    severity: d.severity,
                    message: d.message,
                }));
            }
        }
        found
    };
    if jobs <= 1 || batch.lines.len() < 2 * jobs {
        return check(&batch.lines);
    }
    let chunk = batch.lines.len().div_ceil(jobs);
    std::thread::scope(|scope| {
        let workers: Vec<_> = batch
            .lines
            .chunks(chunk)
            .map(|lines| scope.spawn(move || check(lines)))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
            .collect()
    })
}
