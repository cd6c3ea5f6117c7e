//! `iri build` and `iri show`: making IRIs from parts (RFC 3987 §7.4) and presenting them
//! (§4.1, §4.4).

use std::io;

use clap::Args;
use rfc3987::{BuildError, IriBuilder, IriRef, ToUriOptions};
use serde_json::json;
use unicode_width::UnicodeWidthChar;

use crate::input::Inputs;
use crate::lines::{Origin, ARGS};
use crate::report::{Failure, Out, Output, Status};

/// Build an IRI from its parts; each value is percent-encoded as its component requires.
///
/// Characters an IRI may hold (letters of any script included) stay as they are; delimiters
/// and other characters inside a value are percent-encoded (`--segment 'a/b c'` gives
/// `a%2Fb%20c`). The scheme and an IPvFuture host are used as they are and must match their
/// rules. The result is checked by the grammar and must have exactly the components given;
/// otherwise the error line `<args>: message` is printed in its place and the exit status is 1.
/// Without --scheme the result is a relative reference; without --host it has no authority
/// (--userinfo and --port need --host). Building nothing at all is an error.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri build --scheme http --host www.example.org --segment people --segment résumé.html\n  \
    iri build --scheme http --host '[2001:db8::7]' --port 8080 --query-pair q='a&b' --uri\n  \
    iri build --scheme http --host example.org --query-pair lang=fr --query-pair print\n  \
    iri build --segment a --segment 'b c'            # /a/b%20c, a relative reference\n  \
    iri build --scheme mailto --path a@b             # mailto:a@b, a rootless path\n  \
    iri build --scheme urn --path isbn:0451450523    # urn:isbn:0451450523\n\n\
    RFC 3987 §7.4: the segment résumé.html stays résumé.html in the IRI; with --uri it is\n\
    r%C3%A9sum%C3%A9.html.\n\n\
    With --json: {\"output\"}, or {\"error\": {...}}.")]
pub struct BuildArgs {
    /// The scheme, e.g. http: a letter, then letters, digits, "+", "-" or "." (RFC 3986 §3.1);
    /// anything else is an error, never encoded.
    #[arg(long)]
    scheme: Option<String>,
    /// The userinfo (before "@"); "@" and the other delimiters in it are percent-encoded.
    #[arg(long)]
    userinfo: Option<String>,
    /// The host: an IPv4 address (192.0.2.1), an IP literal in brackets ([2001:db8::7],
    /// [v7.x]), or else a registered name, whose delimiters (":", "/", "@", ...) are
    /// percent-encoded so that they cannot end the host. An IPv6 address is written in its
    /// RFC 5952 form ([2001:DB8:0::7] gives [2001:db8::7]) and an IPvFuture with a lowercase
    /// "v"; both are case-insensitive (RFC 3986 §3.2.2).
    // This is `iri build --help` text, shown as written: the brackets are not rustdoc links.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long)]
    host: Option<String>,
    /// The port: decimal digits, 0 to 65535, written without leading zeros (0080 gives 80).
    #[arg(long, value_parser = parse_port)]
    port: Option<u16>,
    /// The whole path: empty, absolute ("/a/b") or rootless ("a@b"), split at "/" and each
    /// segment encoded as --segment encodes one. With --host it must be empty or start with
    /// "/"; without --scheme its first segment may not hold ":" (RFC 3986 §3.3, §4.2).
    #[arg(long, value_name = "PATH")]
    path: Option<String>,
    /// A path segment (repeat for more), appended to --path with a "/" before it; alone,
    /// segments make an absolute path, "/a/b". "/", "?", "#", "%" and spaces in it are
    /// percent-encoded (RFC 3987 isegment).
    #[arg(long = "segment", value_name = "SEGMENT")]
    segments: Vec<String>,
    /// The query as a whole: "&", "=", "/" and "?" stay as they are, "#", "%" and spaces are
    /// percent-encoded (RFC 3987 iquery). Not with --query-pair.
    #[arg(long, conflicts_with = "pairs")]
    query: Option<String>,
    /// An item of the query (repeat for more, joined with "&"): NAME=VALUE, split at the first
    /// "="; NAME= for an empty value; a NAME without "=" is a name without a value (`flag`, not
    /// `flag=`). "&", "=", "+" and ";" inside a name or value are percent-encoded.
    #[arg(long = "query-pair", value_name = "NAME[=VALUE]")]
    pairs: Vec<String>,
    /// The fragment: "#", "%" and spaces in it are percent-encoded (RFC 3987 ifragment).
    #[arg(long)]
    fragment: Option<String>,
    /// Print the URI the IRI maps to (RFC 3987 §3.1) instead of the IRI.
    #[arg(long)]
    uri: bool,
    /// One JSON object, on its own line.
    #[arg(long)]
    json: bool,
}

/// `--port`: RFC 3986 §3.2.3 `port = *DIGIT`, here 1 to 5 digits that fit in 16 bits (no sign,
/// no spaces).
fn parse_port(text: &str) -> Result<u16, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err("a port is decimal digits (RFC 3986 §3.2.3)".to_string());
    }
    text.parse()
        .map_err(|_| "a port is at most 65535 here".to_string())
}

/// `iri build`.
pub fn build(args: &BuildArgs, out: &mut Out) -> io::Result<Status> {
    let mut builder = IriBuilder::new();
    if let Some(scheme) = &args.scheme {
        builder = builder.scheme(scheme);
    }
    if let Some(userinfo) = &args.userinfo {
        builder = builder.userinfo(userinfo);
    }
    if let Some(host) = &args.host {
        builder = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
            Some(literal) => match literal.parse() {
                Ok(ipv6) => builder.ipv6(ipv6),
                Err(_) => match literal.get(1..).and_then(|l| l.split_once('.')) {
                    Some((version, address)) if literal.starts_with(['v', 'V']) => {
                        builder.ipvfuture(version, address)
                    }
                    _ => {
                        let message = format!(
                            "--host {host:?}: in brackets, neither an IPv6 address nor an IPvFuture (RFC 3986 §3.2.2: IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\")"
                        );
                        let origin = Origin { file: ARGS, line: 0 };
                        return out.emit(args.json, origin, json!({}), Err(Failure::other(message)));
                    }
                },
            },
            None => match host.parse() {
                Ok(ipv4) => builder.ipv4(ipv4),
                Err(_) => builder.host(host),
            },
        };
    }
    if let Some(port) = args.port {
        builder = builder.port(port);
    }
    if let Some(path) = &args.path {
        builder = builder.path(path);
    }
    for segment in &args.segments {
        builder = builder.segment(segment);
    }
    if let Some(query) = &args.query {
        builder = builder.query(query);
    }
    for pair in &args.pairs {
        builder = match pair.split_once('=') {
            Some((name, value)) => builder.query_pair(name, value),
            None => builder.query_name(pair),
        };
    }
    if let Some(fragment) = &args.fragment {
        builder = builder.fragment(fragment);
    }
    let outcome = match builder.build() {
        Ok(iri) if args.uri => rfc3987::to_uri(&iri, &ToUriOptions::new())
            .map(|uri| uri.to_string())
            .map_err(|e| Failure::other(e.to_string())),
        Ok(iri) => Ok(iri.to_string()),
        // The column of a parse error is in the built text, not in an argument.
        Err(BuildError::Parse(e)) => Err(Failure {
            column: None,
            ..Failure::parse(&e)
        }),
        Err(e) => Err(Failure::other(build_message(&e))),
    };
    // The options are the input: reported as `<args>`, without a position.
    let origin = Origin { file: ARGS, line: 0 };
    out.emit(args.json, origin, json!({}), outcome.map(Output::line))
}

/// Why the build failed, in the words of `iri build`: where the library's message names one
/// of its methods (`ipv6()`, `host("")`), the option that does that here; the rest as the
/// library says it.
fn build_message(error: &BuildError) -> String {
    let reg_name = |value: &str| rfc3987::encode(value, rfc3987::Component::RegName);
    match error {
        BuildError::Empty => "nothing to build: none of --scheme, --host, --path (not empty), --segment, \
             --query, --query-pair or --fragment was given (the empty reference is valid, RFC 3987 \
             §2.2 irelative-ref, but an empty build is taken for a mistake)"
            .to_string(),
        BuildError::NoHost { component } => format!(
            "--{component} was given without a host: an authority is [ iuserinfo \"@\" ] ihost \
             [ \":\" port ] (RFC 3987 §2.2) and its host would be empty; give one with --host \
             (--host '' for the empty host)"
        ),
        BuildError::HostNotRegName { value } if value.starts_with('[') => format!(
            "--host {value:?} starts with \"[\" as an IP-literal does (RFC 3986 §3.2.2: IP-literal = \
             \"[\" ( IPv6address / IPvFuture ) \"]\"), but it is none; encoded it would be the \
             reg-name {:?}; give the IP literal whole, brackets included, as in --host '[2001:db8::7]' \
             or --host '[v7.x]'",
            reg_name(value)
        ),
        BuildError::HostNotRegName { value } => format!(
            "--host {value:?} is an IPv6 address, which is written in brackets as an IP-literal \
             (RFC 3986 §3.2.2), not a reg-name; encoded it would be the reg-name {:?}; write it in \
             brackets: --host '[{value}]'",
            reg_name(value)
        ),
        BuildError::ColonInFirstSegment { path, byte_offset } => format!(
            "the path {path:?} has \":\" at byte {byte_offset}, in its first segment, and there is \
             no scheme: it would read as a scheme (RFC 3986 §4.2, RFC 3987 §2.2 ipath-noscheme); \
             give --scheme, or begin --path with \"./\" as RFC 3986 §4.2 says"
        ),
        e => e.to_string(),
    }
}

/// Show IRIs as a reader should see them (RFC 3987 §4.1, §4.4).
///
/// By default the display form: an IRI with right-to-left characters wrapped in
/// LEFT-TO-RIGHT EMBEDDING … POP DIRECTIONAL FORMATTING (with --isolate, LRI … PDI), which the
/// RFC requires for rendering; the marks are not part of the IRI. With --visual, the characters
/// in the order a reader sees them, left to right, with a line under it naming the component
/// of each: s scheme, u userinfo, h host, p port, / path, q query, f fragment (delimiters are
/// blank). Each mark is as wide as its character on a terminal: two columns under a wide East
/// Asian character, none under a combining mark.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri show --visual 'http://ab.גדהוזח.ij/kl/mn/op.html'\n  \
    iri show --isolate 'http://أمثلة.example/'\n\n\
    One line per input (two with --visual): the display form, or the input's error line (and an \
    empty line with --visual). The display form is data for a program that renders it: written \
    exactly to a file or a pipe; on a terminal the marks, like every bidi character, are \
    shown as \\u{202A} … \\u{202C}. With \
    --json: {\"input\", \"output\"} per input, with --visual {\"input\", \"output\", \"marks\"} \
    (output in visual order), or {\"input\", \"error\": {...}}.",
    mut_arg("inputs", |a| a.help(crate::input::INPUT_HELP)))]
pub struct ShowArgs {
    /// The visual order and the components under it.
    #[arg(long)]
    visual: bool,
    /// Wrap in LRI … PDI (Unicode 6.3 isolates) instead of LRE … PDF.
    #[arg(long)]
    isolate: bool,
    /// One JSON object per input, on its own line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    inputs: Inputs,
}

/// `iri show`.
pub fn show(args: &ShowArgs, out: &mut Out) -> io::Result<Status> {
    args.inputs.for_each(|input| {
        let outcome = input
            .utf8()
            .and_then(|text| IriRef::parse(text).map_err(|e| Failure::parse(&e)))
            .map(|iri| match args.visual {
                false => Output::line(rfc3987::display_form(&iri, args.isolate).into_owned()),
                true => visual(&iri),
            });
        let failed = outcome.is_err();
        let status = out.emit(args.json, input.origin, input.shown().into(), outcome)?;
        if failed && args.visual && !args.json {
            // Two lines per input with --visual: the error line and an empty line of marks.
            out.record("\n")?;
        }
        Ok(status)
    })
}

/// The §4.4 visual order of `iri` and, under it, the letter of each character's component:
/// two lines of text, `output` and `marks` in JSON.
fn visual(iri: &IriRef<&str>) -> Output {
    let (visual, offsets) = rfc3987::visual_order(iri);
    let mut marks = String::new();
    for (c, &at) in visual.chars().zip(&offsets) {
        let mark = component_mark(iri, at);
        // UAX #11 width: 2 for wide characters, 0 for combining marks (an IRI has no control
        // characters, for which there is no width).
        for _ in 0..c.width().unwrap_or(0) {
            marks.push(mark);
        }
    }
    let marks = marks.trim_end().to_string();
    let mut output = Output::line(format!("{visual}\n{marks}"));
    output.json.insert("output".into(), visual.into());
    output.json.insert("marks".into(), marks.into());
    output
}

/// The letter naming the component that holds the character at byte `at`.
fn component_mark(iri: &IriRef<&str>, at: usize) -> char {
    let text = iri.as_str();
    let within = |part: Option<&str>| {
        part.is_some_and(|p| {
            let start = p.as_ptr() as usize - text.as_ptr() as usize;
            (start..start + p.len()).contains(&at)
        })
    };
    let authority = iri.authority();
    if within(iri.scheme()) {
        's'
    } else if within(authority.and_then(|a| a.userinfo())) {
        'u'
    } else if within(authority.map(|a| a.host_str())) {
        'h'
    } else if within(authority.and_then(|a| a.port())) {
        'p'
    } else if within(Some(iri.path().as_str())) && text.as_bytes()[at] != b'/' {
        '/'
    } else if within(iri.query()) {
        'q'
    } else if within(iri.fragment()) {
        'f'
    } else {
        ' '
    }
}
