//! `iri encode` and `iri decode`: the percent-encoding of one component's text (RFC 3986 §2.1,
//! §2.4; RFC 3987 §2.2 for the characters an IRI keeps), the one `iri build` uses.

use std::io;

use clap::{Args, ValueEnum};
use rfc3987::Component;

use crate::input::Inputs;
use crate::report::{Failure, Out, Output, Status};

/// The components whose text `encode` and `decode` take.
#[derive(Clone, Copy, ValueEnum)]
pub enum ComponentName {
    /// iuserinfo, before "@" (":" is data in it)
    Userinfo,
    /// ireg-name, a host name (iunreserved characters and sub-delims as they are)
    RegName,
    /// isegment, one path segment (no "/", "?" or "#" as they are)
    Segment,
    /// iquery, a whole query (no "#" as it is)
    Query,
    /// a name or a value of a NAME=VALUE&... query (also no "&" or "=" as they are)
    QueryPart,
    /// ifragment (no "#" as it is)
    Fragment,
}

impl ComponentName {
    fn component(self) -> Component {
        match self {
            ComponentName::Userinfo => Component::Userinfo,
            ComponentName::RegName => Component::RegName,
            ComponentName::Segment => Component::Segment,
            ComponentName::Query => Component::Query,
            ComponentName::QueryPart => Component::QueryPart,
            ComponentName::Fragment => Component::Fragment,
        }
    }
}

/// Percent-encode text as the data of one IRI component (RFC 3986 §2.4, RFC 3987 §3.1).
///
/// Characters the component allows stay as they are, letters of any script included (an IRI
/// keeps ucschar); every other character, "%" first, becomes its UTF-8 octets, each as %HH
/// with uppercase hex digits (RFC 3986 §2.1). So the result, put in that component, reads
/// back as the text: `a/b c` as a segment is `a%2Fb%20c`, one segment and not two. The §4.1
/// bidi formatting characters are always encoded. This is the encoding `iri build` applies to
/// each value.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri encode segment 'a/b c'          # a%2Fb%20c\n  \
    iri encode query-part 'a&b=c'       # a%26b%3Dc\n  \
    iri encode fragment 'résumé#2'      # résumé%232\n\n\
    One line per input: the encoded text (a text holds no line break, so it is never an \
    error, but a line that is not UTF-8 is). With --json: {\"input\", \"output\"} per input, \
    or {\"input\", \"error\": {...}}.",
    mut_arg("inputs", |a| a.value_name("TEXT").help("Texts to encode; `-` reads standard input, one a line (also read when there is neither TEXT nor --file)")))]
pub struct EncodeArgs {
    /// The component the text is for.
    #[arg(value_enum)]
    component: ComponentName,
    /// One JSON object per input, on its own line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    inputs: Inputs,
}

/// Decode the percent-encoded text of one IRI component back to the text it stands for.
///
/// The text must first match the component's rule of RFC 3987 §2.2 (iuserinfo, ireg-name,
/// isegment, iquery, ifragment; a query-part is an iquery without "&" or "="): a character the
/// component cannot hold unencoded, such as "/" in a segment, or a "%" not followed by two hex
/// digits, is an error at its column, never decoded as it stands. Then every %HH is decoded
/// and the octets are read as UTF-8; octets that are not UTF-8 are an error (no legacy charset
/// is guessed). "+" is decoded as "+": RFC 3986 gives it no meaning, the "+" for a space of
/// HTML forms is not applied. The check is `rfc3987::Component::check`: with the rule, the §4.1
/// bidi formatting characters are refused.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri decode segment 'a%2Fb%20c'       # a/b c\n  \
    iri decode query-part 'a%26b%3Dc'    # a&b=c\n  \
    iri decode segment 'a/b'             # error: \"/\" ends a segment\n  \
    iri decode segment 'r%E9sum%E9'      # error: not UTF-8\n\n\
    One line per input: the decoded text, or the input's error line. A decoded line break \
    (%0A, %0D) would break the one-line-per-input output, so without --json it is an error; \
    with --json it is escaped in the JSON string. The decoded text is data: written exactly to \
    a file or a pipe, but on a terminal its controls and bidi characters (%1B is ESC) are shown \
    as \\u{1B}, never obeyed. With --json: {\"input\", \"output\"} per \
    input, or {\"input\", \"error\": {...}}.",
    mut_arg("inputs", |a| a.value_name("TEXT").help("Encoded texts to decode; `-` reads standard input, one a line (also read when there is neither TEXT nor --file)")))]
pub struct DecodeArgs {
    /// The component the text is from; the text must match its rule.
    #[arg(value_enum)]
    component: ComponentName,
    /// One JSON object per input, on its own line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    inputs: Inputs,
}

/// `iri encode`.
pub fn encode(args: &EncodeArgs, out: &mut Out) -> io::Result<Status> {
    let component = args.component.component();
    args.inputs.for_each(|input| {
        let outcome = input
            .utf8()
            .map(|text| Output::line(rfc3987::encode(text, component)));
        out.emit(args.json, input.origin, input.shown().into(), outcome)
    })
}

/// `iri decode`.
pub fn decode(args: &DecodeArgs, out: &mut Out) -> io::Result<Status> {
    args.inputs.for_each(|input| {
        let outcome = input
            .utf8()
            .and_then(|text| decoded(args.component, text, args.json))
            .map(Output::line);
        out.emit(args.json, input.origin, input.shown().into(), outcome)
    })
}

/// `text`, checked against the rule of `part`, decoded (RFC 3986 §2.1) and read as UTF-8.
fn decoded(part: ComponentName, text: &str, json: bool) -> Result<String, Failure> {
    part.component().check(text).map_err(|e| Failure::parse(&e))?;
    let decoded = rfc3987::decode(text).map_err(|e| {
        // The %HH triplets from there on (at most four, the longest UTF-8 sequence).
        let octets: String = text.as_bytes()[e.byte_offset..]
            .chunks(3)
            .take_while(|c| c.len() == 3 && c[0] == b'%')
            .take(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        Failure::at(
            text,
            e.byte_offset,
            format!(
                "{octets} does not decode to UTF-8 (RFC 3987 §3.2 reads percent-encoded octets as \
                 UTF-8 only; no other charset is guessed)"
            ),
        )
    })?;
    if !json {
        if let Some(at) = decoded.find(['\n', '\r']) {
            // Where the encoded line break starts in the input: the text before it decodes to
            // `decoded[..at]`, and the input has no raw line break (the rules exclude them).
            let encoded_at = encoded_offset(text, at);
            return Err(Failure::at(
                text,
                encoded_at,
                format!(
                    "it decodes to a line break ({}), which would break the one line per input of \
                     the output; use --json, where it is escaped",
                    if decoded.as_bytes()[at] == b'\n' {
                        "U+000A"
                    } else {
                        "U+000D"
                    }
                ),
            ));
        }
    }
    Ok(decoded)
}

/// The byte offset in `text` of the start of what decodes to byte `decoded_at` of its decoding
/// (each %HH is one decoded byte, any other character itself).
fn encoded_offset(text: &str, decoded_at: usize) -> usize {
    let bytes = text.as_bytes();
    let (mut i, mut d) = (0, 0);
    while i < bytes.len() && d < decoded_at {
        i += if bytes[i] == b'%' { 3 } else { 1 };
        d += 1;
    }
    i
}
