//! `iri check`: validate files of IRIs, one per line, in batches spread over threads.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::ops::Range;

use clap::{Args, ValueEnum};
use rfc3987::StartSymbol;

use crate::input::{decode, for_each_line};
use crate::report::{self, Out};
use crate::Status;

/// Check files of IRIs, one per line, and report every invalid line.
///
/// Prints `FILE:LINE:COLUMN: message` on standard output for each invalid line (COLUMN counts
/// characters from 1), and a summary on standard error. Files are read as a stream, in batches
/// that --jobs spreads over threads.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri check examples/iris.txt\n  \
    iri check --kind absolute-iri namespaces.txt\n  \
    iri check --jobs 0 big-list.txt        # one thread per core\n  \
    some-command | iri check --kind iri")]
pub struct CheckArgs {
    /// The ABNF rule every line must match.
    #[arg(long, value_enum, default_value_t = Kind::IriReference)]
    kind: Kind,
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

/// An invalid line: its number, the 1-based column, and the message.
type Failure = (usize, usize, String);

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
    let (mut lines, mut invalid, mut status) = (0usize, 0usize, Status::Ok);
    for file in files {
        let name = if file == "-" { "<stdin>" } else { file.as_str() };
        let mut report = |batch: &mut Batch| -> io::Result<()> {
            lines += batch.lines.len();
            for (number, column, message) in verify(batch, symbol, jobs) {
                invalid += 1;
                out.record(&format!("{name}:{number}:{column}: {message}\n"))?;
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
    out.flush()?;
    eprintln!(
        "{lines} line{} checked as {}: {invalid} invalid",
        if lines == 1 { "" } else { "s" },
        symbol.name()
    );
    if invalid > 0 {
        status = status.max(Status::Invalid);
    }
    Ok(status)
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

/// The invalid lines of a batch, in order, checked by `jobs` threads.
fn verify(batch: &Batch, symbol: StartSymbol, jobs: usize) -> Vec<Failure> {
    let check = |lines: &[(usize, Range<usize>)]| -> Vec<Failure> {
        lines
            .iter()
            .filter_map(|(number, range)| {
                let (column, message) = match decode(&batch.bytes[range.clone()]) {
                    Ok(text) => match rfc3987::validate(text, symbol) {
                        Ok(()) => return None,
                        Err(e) => (e.column(), report::error_line(&e)),
                    },
                    Err(not_utf8) => (not_utf8.column, not_utf8.message),
                };
                Some((*number, column, message))
            })
            .collect()
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
