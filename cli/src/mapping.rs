//! `iri to-uri` and `iri to-iri`: the mappings of RFC 3987 §3.1 and §3.2.

use std::io;

use clap::Args;
use rfc3987::{IriRef, ToIriOptions, ToUriError, ToUriOptions};
use serde_json::Value;

use crate::input::Inputs;
use crate::report::{self, Failure, Out, Output, Status};

/// Map IRIs to URIs (RFC 3987 §3.1): non-ASCII characters become percent-encoded UTF-8.
///
/// ASCII and existing percent-encodings are left alone, so URIs come out unchanged. With
/// --idna, reg-name hosts of http, https, ws, wss, ftp and file are converted with ToASCII
/// (UTS #46 nontransitional, UseSTD3ASCIIRules); a label it rejects is an error that names the
/// label and the reason. One line per input: the URI, or the input's error line (with --json,
/// one object); an invalid input makes the exit status 1.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri to-uri 'http://www.example.org/red%09rosé#red'   # http://www.example.org/red%09ros%C3%A9#red\n  \
    iri to-uri --idna 'http://résumé.example.org'         # http://xn--rsum-bpad.example.org\n  \
    iri to-uri --lenient ' http://example.org/a b '      # http://example.org/a%20b\n  \
    iri to-uri --encoding iso-8859-1 < latin1-iris.txt\n\n\
    With --json: {\"input\", \"output\"} per input, or {\"input\", \"error\": {\"message\", ...}}; with \
    --split, output holds the references of the input separated by one space.",
    mut_arg("inputs", |a| a.help(crate::input::INPUT_HELP)))]
pub struct ToUriArgs {
    /// Convert reg-name hosts of DNS schemes with ToASCII (RFC 3987 §3.1, MAY).
    #[arg(long)]
    idna: bool,
    /// Accept user-typed text: trim leading and trailing ASCII whitespace, and percent-encode
    /// space < > " { } | \ ^ ` instead of rejecting them (RFC 3987 §3.1, MAY).
    #[arg(long)]
    lenient: bool,
    /// With --lenient: each run of spaces separates two references (2011 IRI-processing
    /// draft §4 step 2). They are printed on the input's line, separated by one space.
    #[arg(long, requires = "lenient")]
    split: bool,
    /// The lines of standard input and --file are in this legacy charset (a WHATWG label such
    /// as iso-8859-1 or shift_jis; not with INPUT arguments): each line decoded and normalized to NFC first (RFC 3987 §3.1 step 1b). Lines
    /// are split at LF bytes before decoding, so the charset must be ASCII-compatible; UTF-16LE,
    /// UTF-16BE and ISO-2022-JP are refused (exit 2): convert such input first (iconv).
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
    /// The HTTP special case: for http and https, encode the query in this charset rather than
    /// UTF-8 (the document charset, when it is not Unicode-based).
    #[arg(long, value_name = "LABEL")]
    query_charset: Option<String>,
    /// One JSON object per input, on its own line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    inputs: Inputs,
}

/// Convert URIs to IRIs (RFC 3987 §3.2): percent-encoded UTF-8 becomes characters where that
/// is safe.
///
/// An input may already be an IRI: §3.2 applies to its ASCII parts (its percent-encodings), and
/// the characters beyond ASCII it holds stay as they are, so a list of URIs and IRIs converts
/// line by line.
///
/// Kept encoded: "%", reserved characters and ASCII not allowed in URIs; octets that are not
/// strictly legal UTF-8 (no legacy charset is ever guessed: r%E9sum%E9 stays); characters not
/// allowed at their position (iprivate outside the query, controls, non-characters); the §4.1
/// bidi formatting characters; and §6.1 look-alikes of space and delimiters (U+00A0, U+3000,
/// U+2215, U+FF0F, ...).
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri to-iri 'http://www.example.org/D%C3%BCrst'                    # http://www.example.org/Dürst\n  \
    iri to-iri 'http://www.example.org/D%FCrst'                       # unchanged: not UTF-8\n  \
    iri to-iri 'http://example.org/Dürst/%C3%BC'                      # http://example.org/Dürst/ü\n  \
    iri to-iri --idn-unicode 'http://xn--99zt52a.example.org/%e2%80%ae' # http://納豆.example.org/%E2%80%AE\n\n\
    One line per input: the IRI, or the input's error line. With --json: {\"input\", \"output\"} \
    per input, or {\"input\", \"error\": {...}}.",
    mut_arg("inputs", |a| a.help("URI-references (or IRI-references) to convert; `-` reads standard input, one a line (also read when there is neither INPUT nor --file)")))]
pub struct ToIriArgs {
    /// Convert xn-- labels of reg-name hosts of DNS schemes with ToUnicode (RFC 3987 §3.2.1,
    /// MAY); a label ToUnicode rejects stays as it is.
    #[arg(long)]
    idn_unicode: bool,
    /// One JSON object per input, on its own line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    inputs: Inputs,
}

/// Why a mapping failed: the parse error's object, or `{"message", ...}` with what the error
/// names (the label ToASCII rejects, the character the query charset cannot hold).
fn to_uri_failure(error: &ToUriError) -> Failure {
    match error {
        ToUriError::Parse(e) => Failure::parse(e),
        ToUriError::Idna(e) => with_keys(
            Failure::other(error.to_string()),
            [("label", e.label().into()), ("reason", e.reason().into())],
        ),
        ToUriError::Unmappable { character, encoding } => with_keys(
            Failure::other(error.to_string()),
            [
                ("character", character.to_string().into()),
                ("encoding", (*encoding).into()),
            ],
        ),
        _ => Failure::other(error.to_string()),
    }
}

/// The failure's `error` object with the keys that say more about it.
fn with_keys<const N: usize>(mut failure: Failure, keys: [(&str, Value); N]) -> Failure {
    if let Value::Object(map) = &mut failure.json {
        for (key, value) in keys {
            map.insert(key.to_string(), value);
        }
    }
    failure
}

/// `iri to-uri`.
pub fn to_uri(args: &ToUriArgs, out: &mut Out) -> io::Result<Status> {
    let mut options = ToUriOptions::new().idna(args.idna).lenient(args.lenient);
    if let Some(label) = &args.query_charset {
        options = match options.query_charset(label) {
            Ok(options) => options,
            Err(e) => {
                report::complain(Some("--query-charset"), &e);
                return Ok(Status::Error);
            }
        };
    }
    let Some(label) = &args.encoding else {
        return args.inputs.for_each(|input| {
            let outcome = input.utf8().and_then(|text| map_to_uri(args, &options, text));
            out.emit(args.json, input.origin, input.shown().into(), outcome)
        });
    };
    let subject = format!("--encoding {label}");
    if args.inputs.inputs.iter().any(|i| i != "-") {
        report::complain(
            Some(&subject),
            &"the charset applies to the lines of standard input and of --file; INPUT arguments are already text",
        );
        return Ok(Status::Error);
    }
    // Lines are split at LF bytes, then decoded: only right when every ASCII byte stands for
    // itself in the charset, as the Encoding Standard's ASCII-compatible encodings guarantee.
    match encoding_rs::Encoding::for_label(label.trim().as_bytes()) {
        None => {
            report::complain(
                Some(&subject),
                &"not an encoding label of the WHATWG Encoding Standard",
            );
            return Ok(Status::Error);
        }
        Some(encoding) if !encoding.is_ascii_compatible() => {
            report::complain(
                Some(&subject),
                &format!(
                    "{} is not ASCII-compatible, and the input is split into lines at LF bytes \
                     before it is decoded; convert it to UTF-8 first (for example with iconv)",
                    encoding.name()
                ),
            );
            return Ok(Status::Error);
        }
        Some(_) => {}
    }
    args.inputs.for_each(|input| {
        let (shown, outcome) = match rfc3987::decode_legacy(input.bytes, label) {
            Ok(text) => {
                let outcome = map_to_uri(args, &options, &text);
                (text, outcome)
            }
            Err(e) => {
                let lossy = String::from_utf8_lossy(input.bytes).into_owned();
                (lossy, Err(Failure::other(e.to_string())))
            }
        };
        out.emit(args.json, input.origin, shown.into(), outcome)
    })
}

/// One input of `iri to-uri`: trimmed (--lenient) or split into references (--split) as the
/// options say, and mapped. The references of a split line are joined by one space (a URI holds
/// no space), so that the line stays one line; the first that fails is the line's error, its
/// position counted in the whole line.
fn map_to_uri(args: &ToUriArgs, options: &ToUriOptions, text: &str) -> Result<Output, Failure> {
    let pieces: Vec<&str> = if args.split {
        rfc3987::split_references(text).collect()
    } else if args.lenient {
        vec![rfc3987::trim_ascii_whitespace(text)]
    } else {
        vec![text]
    };
    let mut mapped = Vec::with_capacity(pieces.len());
    for piece in pieces {
        match rfc3987::to_uri_lenient(piece, options) {
            Ok(uri) => mapped.push(uri.to_string()),
            Err(e) => return Err(shifted(to_uri_failure(&e), text, piece)),
        }
    }
    Ok(Output::line(mapped.join(" ")))
}

/// `failure`, found in `piece` (a slice of `line`), with its position counted in `line`; the
/// message, whose own positions count in the piece, says where the piece starts.
fn shifted(mut failure: Failure, line: &str, piece: &str) -> Failure {
    let start = piece.as_ptr() as usize - line.as_ptr() as usize;
    if start == 0 {
        return failure;
    }
    let columns = line[..start].chars().count();
    failure.message = format!(
        "in the reference that starts at column {}: {}",
        columns + 1,
        failure.message
    );
    failure.column = failure.column.map(|c| c + columns);
    if let Some(offset) = failure.json["byte_offset"].as_u64() {
        failure.json["byte_offset"] = (offset + start as u64).into();
    }
    if let Some(column) = failure.json["column"].as_u64() {
        failure.json["column"] = (column + columns as u64).into();
    }
    failure
}

/// `iri to-iri`.
pub fn to_iri(args: &ToIriArgs, out: &mut Out) -> io::Result<Status> {
    let options = ToIriOptions::new().idn_unicode(args.idn_unicode);
    args.inputs.for_each(|input| {
        let outcome = input
            .utf8()
            .and_then(|text| IriRef::parse(text).map_err(|e| Failure::parse(&e)))
            .map(|iri| Output::line(rfc3987::to_iri(&iri, &options).to_string()));
        out.emit(args.json, input.origin, input.shown().into(), outcome)
    })
}
