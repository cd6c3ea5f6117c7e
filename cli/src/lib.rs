//! `iri`: parse, check, normalize, compare and resolve Internationalized Resource Identifiers
//! exactly as RFC 3987 defines them. A thin shell over the `rfc3987` library.
//!
//! The tool is this library and a `main` that calls [`run`]; the library exists so that the
//! fuzz targets can drive the tool's own reports (`fuzz/fuzz_targets/render.rs`). It is not an
//! API: nothing here is stable.
#![forbid(unsafe_code)]

mod blocks;
mod check;
mod component;
pub mod escape;
mod finding;
mod fix;
mod generate;
mod input;
pub mod lines;
pub mod lint;
mod listed;
mod mapping;
mod present;
mod rdf;
pub mod report;

use std::io;
use std::process::ExitCode;

use clap::builder::Styles;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use rfc3987::{CompareOptions, Iri, IriRef, Level, NormalizeOptions, StartSymbol};
use serde_json::json;

use input::{Input, Inputs, INPUT_HELP};
use lines::{Origin, ARGS};
use report::{Failure, Out, Output, Status};

/// The exit statuses, at the end of `iri --help` and in the man page's EXIT STATUS section.
const EXIT_STATUS: &str = "0 when every input is valid (for compare: equivalent), 1 when one is \
                           not, 2 for usage errors and unreadable files (for compare: an invalid \
                           operand).";

/// The examples at the end of `iri --help` and in the man page's EXAMPLES section.
const EXAMPLES: &[&str] = &[
    "iri parse 'http://résumé.example.org/a?q#f'",
    "iri parse --json < examples/iris.txt",
    "iri parse --tree 'ldap://[2001:db8::7]/c=GB?objectClass?one'",
    "iri check --kind iri urls.txt more.txt",
    "iri normalize 'HTTP://Example.COM:80/a/./b/../%7euser'",
    "iri normalize --json --file inputs.txt - < more.txt",
    "iri compare 'http://example.org/r%C3%A9sum%C3%A9' 'http://example.org/résumé'",
    "iri resolve --base 'http://a/b/c/d;p?q' ../g '?y' 'g:h'",
    "iri relativize --base 'http://a/b/c/d;p?q' 'http://a/b/c/g' 'http://a/g'",
    "iri to-uri --idna 'http://résumé.example.org/ros\u{e9}'",
    "iri to-iri 'http://www.example.org/D%C3%BCrst'",
    "iri lint 'HTTP://Example.org:80/a/./b'",
    "iri encode segment 'a/b c'",
    "iri decode query-part 'a%26b%3Dc'",
    "iri build --scheme http --host example.org --segment 'résumé.html'",
    "iri show --visual 'http://ab.גדהוזח.ij/kl'",
    "paste inputs.txt <(iri normalize --file inputs.txt)",
    "iri generate man > ~/.local/share/man/man1/iri.1",
];

/// The end of `iri --help`: the exit statuses and the examples.
fn after_help() -> String {
    format!(
        "Exit status: {EXIT_STATUS}\n\nExamples:\n  {}",
        EXAMPLES.join("\n  ")
    )
}

#[derive(Parser)]
#[command(
    name = "iri",
    version,
    about = "Parse, check, normalize, compare, resolve, relativize, map, encode, build and show IRIs exactly as RFC 3987 defines them",
    long_about = "Parse, check, normalize, compare, resolve, relativize, map, encode, build and show \
                  Internationalized Resource Identifiers (IRIs) exactly as RFC 3987 defines them.\n\n\
                  Inputs. The commands that take INPUTs read them from the command line, from the \
                  files given with --file PATH (repeatable; read after the INPUTs) and from standard \
                  input: `-` as an INPUT or a PATH stands for it, and it is read when there is \
                  neither INPUT nor --file. A file holds one input a line (LF or CRLF; a line that \
                  is not UTF-8 is an invalid input; a UTF-8 byte order mark at its start is \
                  skipped, and said on standard error). A blank line is an input like any other: the \
                  empty string, which is an IRI-reference (RFC 3986 §4.2, a relative reference with \
                  an empty path), so `iri normalize` prints an empty line for it and \
                  `iri check --kind iri` reports it as invalid.\n\n\
                  Output. Every input gives one record on standard output, in input order: with \
                  --json one JSON object on its own line, errors included; otherwise its result or, \
                  in its place, the error line `WHERE:COLUMN: message`, where WHERE is FILE:LINE \
                  (`<stdin>` for standard input) or `<args>:N` for the N-th INPUT. So the commands \
                  whose result is one line (normalize, resolve, relativize, to-uri, to-iri, show, \
                  encode, decode) print exactly one line per input line (show --visual two), and \
                  `paste inputs.txt <(iri normalize < inputs.txt)` lines up. Messages about the run \
                  itself (a bad option, a file that cannot be read) go to standard error as \
                  `iri: SUBJECT: message`.\n\n\
                  Untrusted input. No character of an input reaches the terminal raw if a \
                  terminal would obey it or it would reorder or hide the text around it: the \
                  controls (ESC, CR, BS, BEL, NUL, DEL, C1), the bidi formatting and isolate \
                  characters (RFC 3987 §4.1; U+061C, U+2066-U+2069), white space other than the \
                  space and the invisible characters. Messages, listings and diagnostics show them \
                  as \\u{1B}, the caret under the escape; JSON writes them as JSON escapes \
                  (\\u001b), so its strings stay exact. A result that is data (normalize, \
                  resolve, relativize, to-uri, to-iri, show, encode, decode, build) is written \
                  exactly to a file or a pipe, alone on its line, and escaped as messages are on \
                  a terminal. With NO_COLOR set, iri lint does not colour its output.\n\n\
                  Errors name the ABNF rule expected and the position: a \
                  0-based byte offset and a 1-based column counted in characters.",
    after_help = after_help()
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
    Relativize(RelativizeArgs),
    ToUri(mapping::ToUriArgs),
    ToIri(mapping::ToIriArgs),
    Lint(lint::LintArgs),
    Build(present::BuildArgs),
    Show(present::ShowArgs),
    Encode(component::EncodeArgs),
    Decode(component::DecodeArgs),
    Generate(generate::GenerateArgs),
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
    The listing of an input takes several lines; an invalid input is listed with its error \
    and the position marked.\n\n\
    With --json, one object per input and line, keys in this order:\n  \
    {\"input\", \"valid\": true, \"scheme\", \"authority\", \"userinfo\", \"host\", \"host_kind\", \
    \"port\", \"path\", \"query\", \"fragment\"}\n\
    where host_kind is reg-name, ipv4, ipv6 or ipvfuture and absent components are null; or\n  \
    {\"input\", \"valid\": false, \"error\": {\"byte_offset\", \"column\", \"component\", \"rule\", \
    \"expected\", \"message\"}}",
    mut_arg("inputs", |a| a.help("IRI-references to parse; `-` reads standard input, one a line (also read when there is neither INPUT nor --file)")))]
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
    #[command(flatten)]
    inputs: Inputs,
}

/// Normalize each IRI-reference (RFC 3987 §5.3.2 syntax-based, §5.3.3 scheme-based).
///
/// Syntax level: scheme and US-ASCII only host to lowercase (a host with non-ASCII characters
/// keeps its case; --idn folds it), percent-encoding hex to uppercase, percent-encoded iunreserved
/// characters decoded (never reserved ones, never iprivate, not even in the query, never octets
/// that are not UTF-8), dot segments removed. Scheme level adds: default or empty ports dropped
/// and an empty path after an authority made "/" for http, https, ws, wss and ftp. A path never
/// becomes an authority. One line per input: the normalized reference, or the input's error
/// line (with --json, one object).
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri normalize 'HTTP://www.EXAMPLE.com:80/a/./b/../%7euser'   # http://www.example.com/a/~user\n  \
    iri normalize --level syntax 'http://example.com:80'         # http://example.com:80\n  \
    iri normalize --idn 'http://xn--rsum-bpad.example.org/'     # http://résumé.example.org/\n\n\
    With --json: {\"input\", \"output\"} per input, or {\"input\", \"error\": {...}} for an invalid one.",
    mut_arg("inputs", |a| a.help(INPUT_HELP)))]
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
    #[command(flatten)]
    inputs: Inputs,
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
/// IRI-reference: then its error line, `<args>:1` for A or `<args>:2` for B, is printed in place
/// of the answer.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri compare 'http://example.org/r%C3%A9sum%C3%A9' 'http://example.org/résumé'   # equivalent\n  \
    iri compare --level simple 'http://a/%7e' 'http://a/~'                          # not equivalent\n  \
    iri compare --exclude-fragment 'http://a/#x' 'http://a/#y'                    # equivalent\n\n\
    With --json: {\"a\", \"b\", \"equivalent\"}, or {\"a\", \"b\", \"invalid\": \"a\"|\"b\", \
    \"error\": {...}} when one is not an IRI-reference.")]
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
    With --json: {\"input\", \"base\", \"output\"} per reference, or {\"input\", \"base\", \
    \"error\": {...}} for an invalid one.",
    mut_arg("inputs", |a| a.value_name("REF").help("IRI-references to resolve; `-` reads standard input, one a line (also read when there is neither REF nor --file)")))]
struct ResolveArgs {
    /// The base IRI (RFC 3986 §5.1).
    #[arg(long)]
    base: String,
    /// One JSON object per reference, on its own line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    references: Inputs,
}

/// Make IRIs relative to a base: the inverse of resolve (RFC 3986 §5.2).
///
/// For each TARGET (an IRI, with a scheme) the shortest reference that resolves against the
/// base to the target, by the strict algorithm of RFC 3986 §5.2.2: a bare fragment or query, a
/// path below the base's directory, one climbing with "../", an absolute path, a network-path
/// reference, or the target itself when it shares nothing with the base. §5.2.2 removes dot
/// segments from every path it resolves, so a target with "." or ".." segments (other than in
/// the base's own path) has no such reference: that is an error (`iri normalize` removes them).
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri relativize --base 'http://a/b/c/d;p?q' http://a/b/c/g http://a/b/g 'http://a/b/c/d;p?y'\n  \
    # g, ../g, ?y\n  \
    iri relativize --base http://a/b/c --json https://a/b/c\n\n\
    With --json: {\"input\", \"base\", \"output\"} per target, or {\"input\", \"base\", \
    \"error\": {...}} for an invalid one.",
    mut_arg("inputs", |a| a.value_name("TARGET").help("IRIs to make relative; `-` reads standard input, one a line (also read when there is neither TARGET nor --file)")))]
struct RelativizeArgs {
    /// The base IRI (RFC 3986 §5.1).
    #[arg(long)]
    base: String,
    /// One JSON object per target, on its own line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    targets: Inputs,
}

/// The `iri` tool's command line, as clap defines it: the source of its help, its man page and
/// its shell completions (`iri generate`), which the tests walk.
pub fn command() -> clap::Command {
    Cli::command()
}

/// The `iri` tool: parses the command line, runs the command and returns the exit status.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version print on standard output, as clap does.
        Err(e) if !e.use_stderr() => e.exit(),
        // A usage error is a message about the run, in the one format: `iri: message`, then
        // clap's usage and hint, indented.
        Err(e) => {
            // clap's plain rendering strips escape sequences, those of the values it quotes too
            // (`--level $'\e[2J'` would show as ''): the message is rendered again without
            // styles, with the value as typed, and `complain` escapes it.
            let text = match Cli::command().styles(Styles::plain()).try_get_matches() {
                Err(plain) if plain.kind() == e.kind() => plain.render().ansi().to_string(),
                _ => e.render().to_string(),
            };
            let text = text.trim_end().strip_prefix("error: ").unwrap_or(text.trim_end());
            report::complain(None, &text);
            return ExitCode::from(Status::Error as u8);
        }
    };
    let mut out = Out::new();
    let result = match &cli.command {
        Command::Parse(args) => parse(args, &mut out),
        Command::Check(args) => check::check(args, &mut out),
        Command::Normalize(args) => normalize(args, &mut out),
        Command::Compare(args) => compare(args, &mut out),
        Command::Resolve(args) => resolve(args, &mut out),
        Command::Relativize(args) => relativize(args, &mut out),
        Command::ToUri(args) => mapping::to_uri(args, &mut out),
        Command::ToIri(args) => mapping::to_iri(args, &mut out),
        Command::Lint(args) => lint::lint(args, &mut out),
        Command::Build(args) => present::build(args, &mut out),
        Command::Show(args) => present::show(args, &mut out),
        Command::Encode(args) => component::encode(args, &mut out),
        Command::Decode(args) => component::decode(args, &mut out),
        Command::Generate(args) => generate::generate(args, command(), EXIT_STATUS, EXAMPLES, &mut out),
    };
    match result.and_then(|status| out.flush().map(|()| status)) {
        Ok(status) => ExitCode::from(status as u8),
        // The reader went away (`iri parse ... | head`): stop quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            report::complain(None, &e);
            ExitCode::from(Status::Error as u8)
        }
    }
}

/// The input parsed as an IRI-reference (RFC 3987 §2.2), or why it is not one.
fn reference<'a>(input: &Input<'a>) -> Result<IriRef<&'a str>, Failure> {
    IriRef::parse(input.utf8()?).map_err(|e| Failure::parse(&e))
}

/// The `--base` IRI (RFC 3986 §5.1: it has a scheme); an invalid one is reported on standard
/// error.
fn base(text: &str) -> Option<Iri<&str>> {
    Iri::parse(text)
        .map_err(|e| report::complain(Some("--base"), &e))
        .ok()
}

/// `iri parse`.
fn parse(args: &ParseArgs, out: &mut Out) -> io::Result<Status> {
    let rule = match args.rule.as_deref().map(check::rule) {
        Some(Ok(rule)) => Some(rule),
        Some(Err(message)) => {
            report::complain(Some("--rule"), &message);
            return Ok(Status::Error);
        }
        None => None,
    };
    args.inputs.for_each(|input| {
        let text = match &input.text {
            Ok(text) => *text,
            Err(n) if args.json => {
                let error = report::not_utf8_json(n);
                return out
                    .json(&json!({"input": n.lossy, "valid": false, "error": error}))
                    .map(|()| Status::Invalid);
            }
            Err(n) => {
                return out
                    .record(&format!("{}\n  {}\n", report::header(&n.lossy), n.message))
                    .map(|()| Status::Invalid)
            }
        };
        if args.tree {
            let tree = match rule {
                Some(rule) => rfc3987::grammar::parse_tree(rule, text),
                None => rfc3987::parse_tree(text, StartSymbol::IriReference),
            };
            return match tree {
                Ok(tree) => out.record(&tree).map(|()| Status::Ok),
                Err(e) => out.record(&report::error_listing(&e)).map(|()| Status::Invalid),
            };
        }
        match IriRef::parse(text) {
            Ok(iri) if args.json => out.json(&report::components_json(&iri)).map(|()| Status::Ok),
            Ok(iri) => out.record(&report::components_listing(&iri)).map(|()| Status::Ok),
            Err(e) if args.json => out
                .json(&json!({"input": text, "valid": false, "error": report::error_json(&e)}))
                .map(|()| Status::Invalid),
            Err(e) => out.record(&report::error_listing(&e)).map(|()| Status::Invalid),
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
    args.inputs.for_each(|input| {
        let outcome =
            reference(&input).map(|iri| Output::line(rfc3987::normalize(&iri, &options).to_string()));
        out.emit(args.json, input.origin, json!(input.shown()), outcome)
    })
}

/// `iri compare`.
fn compare(args: &CompareArgs, out: &mut Out) -> io::Result<Status> {
    let head = json!({"a": args.a, "b": args.b});
    // An operand that is not an IRI-reference is a usage error (status 2), reported in place
    // of the answer.
    let mut invalid = |name: &str, line, e: rfc3987::ParseError| {
        let head = json!({"a": args.a, "b": args.b, "invalid": name});
        let origin = Origin { file: ARGS, line };
        out.emit(args.json, origin, head, Err(Failure::parse(&e)))
            .map(|_| Status::Error)
    };
    let (a, b) = match (IriRef::parse(args.a.as_str()), IriRef::parse(args.b.as_str())) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) => return invalid("a", 1, e),
        (_, Err(e)) => return invalid("b", 2, e),
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
    let text = if equivalent {
        "equivalent"
    } else {
        "not equivalent"
    };
    let output = Output {
        text: text.to_string(),
        json: serde_json::Map::from_iter([("equivalent".to_string(), equivalent.into())]),
    };
    out.emit(args.json, Origin { file: ARGS, line: 1 }, head, Ok(output))?;
    Ok(if equivalent { Status::Ok } else { Status::Invalid })
}

/// `iri resolve`.
fn resolve(args: &ResolveArgs, out: &mut Out) -> io::Result<Status> {
    let Some(base) = base(&args.base) else {
        return Ok(Status::Error);
    };
    args.references.for_each(|input| {
        let head = json!({"input": input.shown(), "base": base.as_str()});
        let outcome =
            reference(&input).map(|reference| Output::line(rfc3987::resolve(&base, &reference).to_string()));
        out.emit(args.json, input.origin, head, outcome)
    })
}

/// `iri relativize`: RFC 3986 §5.2 read backwards ([`rfc3987::relativize`]).
fn relativize(args: &RelativizeArgs, out: &mut Out) -> io::Result<Status> {
    let Some(base) = base(&args.base) else {
        return Ok(Status::Error);
    };
    args.targets.for_each(|input| {
        let head = json!({"input": input.shown(), "base": base.as_str()});
        let outcome = input
            .utf8()
            .and_then(|text| Iri::parse(text).map_err(|e| Failure::parse(&e)))
            .and_then(|target| {
                rfc3987::relativize(&base, &target).ok_or_else(|| {
                    Failure::other(
                        "no reference resolves against the base to this target: RFC 3986 §5.2.2 \
                         removes dot segments from every path it resolves, so a target with \".\" \
                         or \"..\" segments cannot be reached (iri normalize removes them)"
                            .to_string(),
                    )
                })
            })
            .map(|reference| Output::line(reference.to_string()));
        out.emit(args.json, input.origin, head, outcome)
    })
}
