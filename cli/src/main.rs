//! `iri`: parse, check, normalize, compare and resolve Internationalized Resource Identifiers
//! exactly as RFC 3987 defines them. A thin shell over the `rfc3987` library.
#![forbid(unsafe_code)]

mod check;
mod input;
mod lint;
mod mapping;
mod present;
mod report;

use std::io;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use rfc3987::{CompareOptions, Iri, IriRef, Level, NormalizeOptions, StartSymbol};
use serde_json::{json, Value};

use input::{for_each_line, NotUtf8};
use report::Out;

#[derive(Parser)]
#[command(
    name = "iri",
    version,
    about = "Parse, check, normalize, compare, resolve, map, build and show IRIs exactly as RFC 3987 defines them",
    long_about = "Parse, check, normalize, compare, resolve, map, build and show Internationalized Resource Identifiers \
                  (IRIs) exactly as RFC 3987 defines them.\n\n\
                  The commands that take INPUTs read them from the command line or, when none is given, one per \
                  line from standard input (LF or CRLF; a line that is not UTF-8 is reported as an \
                  error). Errors name the ABNF rule expected and the position: a 0-based byte offset \
                  and a 1-based column counted in characters.",
    after_help = "Exit status: 0 when every input is valid (for compare: equivalent), 1 when one is \
                  not, 2 for usage errors and unreadable files.\n\n\
                  Examples:\n  \
                  iri parse 'http://résumé.example.org/a?q#f'\n  \
                  iri parse --json < examples/iris.txt\n  \
                  iri parse --tree 'ldap://[2001:db8::7]/c=GB?objectClass?one'\n  \
                  iri check --kind iri urls.txt more.txt\n  \
                  iri normalize 'HTTP://Example.COM:80/a/./b/../%7euser'\n  \
                  iri compare 'http://example.org/r%C3%A9sum%C3%A9' 'http://example.org/résumé'\n  \
                  iri resolve --base 'http://a/b/c/d;p?q' ../g '?y' 'g:h'\n  \
                  iri to-uri --idna 'http://résumé.example.org/ros\u{e9}'\n  \
                  iri to-iri 'http://www.example.org/D%C3%BCrst'\n  \
                  iri lint 'HTTP://Example.org:80/a/./b'\n  \
                  iri build --scheme http --host example.org --segment 'résumé.html'\n  \
                  iri show --visual 'http://ab.גדהוזח.ij/kl'"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Parse(ParseArgs),
    Check(check::CheckArgs),
    Normalize(NormalizeArgs),
    Compare(CompareArgs),
    Resolve(ResolveArgs),
    ToUri(mapping::ToUriArgs),
    ToIri(mapping::ToIriArgs),
    Lint(lint::LintArgs),
    Build(present::BuildArgs),
    Show(present::ShowArgs),
}

/// Parse each input as an IRI-reference (RFC 3987 §2.2) and show its components.
///
/// By default a readable listing: scheme, authority (userinfo, host with its kind, port), path
/// with the `ipath-*` rule it matched, query and fragment. Component values are shown as written.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri parse 'foo://example.com:8042/over/there?name=ferret#nose'\n  \
    iri parse --json < examples/iris.txt\n  \
    iri parse --tree 'a:b'\n  \
    iri parse --tree --rule IPv6address '2001:db8::192.0.2.1'\n\n\
    With --json, one object per input and line, keys in this order:\n  \
    {\"input\", \"valid\": true, \"scheme\", \"authority\", \"userinfo\", \"host\", \"host_kind\", \
    \"port\", \"path\", \"query\", \"fragment\"}\n\
    where host_kind is reg-name, ipv4, ipv6 or ipvfuture and absent components are null; or\n  \
    {\"input\", \"valid\": false, \"error\": {\"byte_offset\", \"column\", \"expected\", \"message\"}}")]
struct ParseArgs {
    /// One JSON object per input, on its own line.
    #[arg(long, conflicts_with = "tree")]
    json: bool,
    /// The parse tree: one node a line, with the ABNF rule, byte span and text.
    #[arg(long)]
    tree: bool,
    /// With --tree: parse each input as this ABNF rule instead of IRI-reference (any rule of
    /// RFC 3987 §2.2 or of the RFC 3986 rules it reuses, as `iri check --rule` takes them).
    #[arg(long, value_name = "NAME", requires = "tree")]
    rule: Option<String>,
    /// IRI-references to parse; without any, each line of standard input is one.
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

/// Normalize each IRI-reference (RFC 3987 §5.3.2 syntax-based, §5.3.3 scheme-based).
///
/// Syntax level: scheme and US-ASCII only host to lowercase (a host with non-ASCII characters
/// keeps its case; --idn folds it), percent-encoding hex to uppercase, percent-encoded iunreserved
/// characters decoded (never reserved ones, never iprivate, not even in the query, never octets
/// that are not UTF-8), dot segments removed. Scheme level adds: default or empty ports dropped
/// and an empty path after an authority made "/" for http, https, ws, wss and ftp. A path never
/// becomes an authority. Invalid inputs are reported on standard error (with --json, as an
/// object).
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri normalize 'HTTP://www.EXAMPLE.com:80/a/./b/../%7euser'   # http://www.example.com/a/~user\n  \
    iri normalize --level syntax 'http://example.com:80'         # http://example.com:80\n  \
    iri normalize --idn 'http://xn--rsum-bpad.example.org/'     # http://résumé.example.org/\n\n\
    With --json: {\"input\", \"output\"} per input, or {\"input\", \"error\": {...}} for an invalid one.")]
struct NormalizeArgs {
    /// How far up the comparison ladder to go (RFC 3987 §5.3).
    #[arg(long, value_enum, default_value_t = NormalizeLevel::Scheme)]
    level: NormalizeLevel,
    /// Also normalize characters to NFC (§5.3.2.2). Off by default: the RFC says comparison must
    /// rely on IRIs being created in NFC, not on normalizing them later.
    #[arg(long)]
    nfc: bool,
    /// Also map reg-name hosts with IDNA (UTS #46) and ToUnicode (§5.3.3), which folds their case.
    #[arg(long)]
    idn: bool,
    /// One JSON object per input, on its own line.
    #[arg(long)]
    json: bool,
    /// IRI-references to normalize; without any, each line of standard input is one.
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum NormalizeLevel {
    /// §5.3.2: case, percent-encoding, path segments
    Syntax,
    /// §5.3.3: the syntax level, plus scheme defaults
    Scheme,
}

/// Tell whether two IRI-references are equivalent at a rung of the comparison ladder (§5.3).
///
/// Exit status 0 when they are equivalent, 1 when they are not, 2 when one is not an
/// IRI-reference.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri compare 'http://example.org/r%C3%A9sum%C3%A9' 'http://example.org/résumé'   # equivalent\n  \
    iri compare --level simple 'http://a/%7e' 'http://a/~'                          # not equivalent\n  \
    iri compare --exclude-fragment 'http://a/#x' 'http://a/#y'                    # equivalent\n\n\
    With --json: {\"a\", \"b\", \"equivalent\"}.")]
struct CompareArgs {
    /// simple: character by character (§5.3.1); syntax (§5.3.2); scheme (§5.3.3).
    #[arg(long, value_enum, default_value_t = CompareLevel::Scheme)]
    level: CompareLevel,
    /// Leave fragments out, as comparisons that select a network action do (§5.1).
    #[arg(long)]
    exclude_fragment: bool,
    /// Also normalize characters to NFC (§5.3.2.2) before comparing.
    #[arg(long)]
    nfc: bool,
    /// Also map reg-name hosts with IDNA (§5.3.3) before comparing.
    #[arg(long)]
    idn: bool,
    /// One JSON object on its own line.
    #[arg(long)]
    json: bool,
    /// The first IRI-reference.
    a: String,
    /// The second IRI-reference.
    b: String,
}

#[derive(Clone, Copy, ValueEnum)]
enum CompareLevel {
    /// §5.3.1: character by character
    Simple,
    /// §5.3.2: after syntax-based normalization
    Syntax,
    /// §5.3.3: after scheme-based normalization too
    Scheme,
}

/// Resolve references against a base IRI (RFC 3986 §5.2, applied to IRIs by RFC 3987 §6.5).
///
/// The strict algorithm of RFC 3986 §5.2.2: a reference with a scheme is never made relative
/// (`http:g` stays `http:g`). The base must be an IRI (with a scheme); its fragment is ignored.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri resolve --base 'http://a/b/c/d;p?q' g ./g/ ../../g '?y' '#s'\n  \
    iri resolve --base 'http://例え.テスト/a/b' --json ../c\n\n\
    With --json: {\"base\", \"reference\", \"output\"} per reference, or {\"base\", \"reference\", \
    \"error\": {...}} for an invalid one.")]
struct ResolveArgs {
    /// The base IRI (RFC 3986 §5.1).
    #[arg(long)]
    base: String,
    /// One JSON object per reference, on its own line.
    #[arg(long)]
    json: bool,
    /// IRI-references to resolve; without any, each line of standard input is one.
    #[arg(value_name = "REF")]
    references: Vec<String>,
}

/// The exit status: the worst outcome seen so far.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    Ok = 0,
    Invalid = 1,
    Error = 2,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = Out::new();
    let result = match &cli.command {
        Command::Parse(args) => parse(args, &mut out),
        Command::Check(args) => check::check(args, &mut out),
        Command::Normalize(args) => normalize(args, &mut out),
        Command::Compare(args) => compare(args, &mut out),
        Command::Resolve(args) => resolve(args, &mut out),
        Command::ToUri(args) => mapping::to_uri(args, &mut out),
        Command::ToIri(args) => mapping::to_iri(args, &mut out),
        Command::Lint(args) => lint::lint(args, &mut out),
        Command::Build(args) => present::build(args, &mut out),
        Command::Show(args) => present::show(args, &mut out),
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => ExitCode::from(status as u8),
        // The reader went away (`iri parse ... | head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("iri: {e}");
            ExitCode::from(Status::Error as u8)
        }
    }
}

/// Calls `each` on every command-line input, or on every line of standard input when there is
/// none; returns the worst status.
fn for_each_input(
    inputs: &[String],
    mut each: impl FnMut(Result<&str, &NotUtf8>) -> io::Result<Status>,
) -> io::Result<Status> {
    let mut status = Status::Ok;
    if inputs.is_empty() {
        for_each_line(io::stdin().lock(), |line| {
            status = status.max(each(line.text.as_ref().map(|s| *s))?);
            Ok(())
        })?;
    } else {
        for input in inputs {
            status = status.max(each(Ok(input))?);
        }
    }
    Ok(status)
}

/// An input that is not an IRI-reference: the input (shown lossily if it is not UTF-8), the
/// JSON `error` object, and the readable report (the input, then the error indented under it).
struct Invalid {
    input: String,
    json: Value,
    listing: String,
}

/// Parses one input as an IRI-reference (RFC 3987 §2.2).
fn parse_reference<'a>(input: Result<&'a str, &NotUtf8>) -> Result<IriRef<&'a str>, Invalid> {
    match input {
        Ok(text) => IriRef::parse(text).map_err(|e| Invalid {
            input: text.to_string(),
            json: report::error_json(&e),
            listing: report::error_listing(&e),
        }),
        Err(n) => Err(Invalid {
            input: n.lossy.clone(),
            json: report::not_utf8_json(n),
            listing: format!("{}\n  {}\n", n.lossy, n.message),
        }),
    }
}

/// `iri parse`.
fn parse(args: &ParseArgs, out: &mut Out) -> io::Result<Status> {
    let rule = match args.rule.as_deref().map(check::rule) {
        Some(Ok(rule)) => Some(rule),
        Some(Err(message)) => {
            eprintln!("iri: {message}");
            return Ok(Status::Error);
        }
        None => None,
    };
    for_each_input(&args.inputs, |input| {
        if let (true, Ok(text)) = (args.tree, input) {
            let tree = match rule {
                Some(rule) => rfc3987::grammar::parse_tree(rule, text),
                None => rfc3987::parse_tree(text, StartSymbol::IriReference),
            };
            return match tree {
                Ok(tree) => out.record(&tree).map(|()| Status::Ok),
                Err(e) => out.record(&report::error_listing(&e)).map(|()| Status::Invalid),
            };
        }
        match parse_reference(input) {
            Ok(iri) if args.json => out.json(&report::components_json(&iri)).map(|()| Status::Ok),
            Ok(iri) => out.record(&report::components_listing(&iri)).map(|()| Status::Ok),
            Err(invalid) if args.json => out
                .json(&json!({"input": invalid.input, "valid": false, "error": invalid.json}))
                .map(|()| Status::Invalid),
            Err(invalid) => out.record(&invalid.listing).map(|()| Status::Invalid),
        }
    })
}

/// `iri normalize`.
fn normalize(args: &NormalizeArgs, out: &mut Out) -> io::Result<Status> {
    let level = match args.level {
        NormalizeLevel::Syntax => Level::Syntax,
        NormalizeLevel::Scheme => Level::Scheme,
    };
    let options = NormalizeOptions::new(level).nfc(args.nfc).idn(args.idn);
    for_each_input(&args.inputs, |input| match parse_reference(input) {
        Ok(iri) => {
            let output = rfc3987::normalize(&iri, &options);
            if args.json {
                out.json(&json!({"input": iri.as_str(), "output": output.as_str()}))?;
            } else {
                out.record(&format!("{output}\n"))?;
            }
            Ok(Status::Ok)
        }
        Err(invalid) => {
            if args.json {
                out.json(&json!({"input": invalid.input, "error": invalid.json}))?;
            } else {
                eprint!("{}", invalid.listing);
            }
            Ok(Status::Invalid)
        }
    })
}

/// `iri compare`.
fn compare(args: &CompareArgs, out: &mut Out) -> io::Result<Status> {
    let (a, b) = match (IriRef::parse(args.a.as_str()), IriRef::parse(args.b.as_str())) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("iri: {e}");
            return Ok(Status::Error);
        }
    };
    let level = match args.level {
        CompareLevel::Simple => Level::Simple,
        CompareLevel::Syntax => Level::Syntax,
        CompareLevel::Scheme => Level::Scheme,
    };
    let equivalent = CompareOptions::new(level)
        .exclude_fragment(args.exclude_fragment)
        .normalize_options(NormalizeOptions::new(level).nfc(args.nfc).idn(args.idn))
        .equivalent(&a, &b);
    if args.json {
        out.json(&json!({"a": a.as_str(), "b": b.as_str(), "equivalent": equivalent}))?;
    } else {
        out.record(if equivalent {
            "equivalent\n"
        } else {
            "not equivalent\n"
        })?;
    }
    Ok(if equivalent { Status::Ok } else { Status::Invalid })
}

/// `iri resolve`.
fn resolve(args: &ResolveArgs, out: &mut Out) -> io::Result<Status> {
    let base = match Iri::parse(args.base.as_str()) {
        Ok(base) => base,
        Err(e) => {
            eprintln!("iri: --base: {e}");
            return Ok(Status::Error);
        }
    };
    for_each_input(&args.references, |input| match parse_reference(input) {
        Ok(reference) => {
            let output = rfc3987::resolve(&base, &reference);
            if args.json {
                out.json(&json!({
                    "base": base.as_str(),
                    "reference": reference.as_str(),
                    "output": output.as_str(),
                }))?;
            } else {
                out.record(&format!("{output}\n"))?;
            }
            Ok(Status::Ok)
        }
        Err(invalid) => {
            if args.json {
                out.json(&json!({"base": base.as_str(), "reference": invalid.input, "error": invalid.json}))?;
            } else {
                eprint!("{}", invalid.listing);
            }
            Ok(Status::Invalid)
        }
    })
}
