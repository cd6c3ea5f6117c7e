//! `iri to-uri` and `iri to-iri`: the mappings of RFC 3987 §3.1 and §3.2.

use std::io;

use clap::Args;
use rfc3987::{ToIriOptions, ToUriError, ToUriOptions, UriRef};
use serde_json::{json, Value};

use crate::input::for_each_line;
use crate::report::{self, Out};
use crate::{for_each_input, Status};

/// Map IRIs to URIs (RFC 3987 §3.1): non-ASCII characters become percent-encoded UTF-8.
///
/// ASCII and existing percent-encodings are left alone, so URIs come out unchanged. With
/// --idna, reg-name hosts of http, https, ws, wss, ftp and file are converted with ToASCII
/// (UTS #46 nontransitional, UseSTD3ASCIIRules); a label it rejects is an error that names the
/// label and the reason. Invalid inputs are reported on standard error (with --json, as an
/// object) and make the exit status 1.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri to-uri 'http://www.example.org/red%09rosé#red'   # http://www.example.org/red%09ros%C3%A9#red\n  \
    iri to-uri --idna 'http://résumé.example.org'         # http://xn--rsum-bpad.example.org\n  \
    iri to-uri --lenient ' http://example.org/a b '      # http://example.org/a%20b\n  \
    iri to-uri --encoding iso-8859-1 < latin1-iris.txt\n\n\
    With --json: {\"input\", \"output\"} per input, or {\"input\", \"error\": {\"message\", ...}}.")]
pub struct ToUriArgs {
    /// Convert reg-name hosts of DNS schemes with ToASCII (RFC 3987 §3.1, MAY).
    #[arg(long)]
    idna: bool,
    /// Accept user-typed text: trim leading and trailing ASCII whitespace, and percent-encode
    /// space < > " { } | \ ^ ` instead of rejecting them (RFC 3987 §3.1, MAY).
    #[arg(long)]
    lenient: bool,
    /// With --lenient: each run of spaces separates two references (2011 IRI-processing
    /// draft §4 step 2).
    #[arg(long, requires = "lenient")]
    split: bool,
    /// Standard input is in this legacy charset (a WHATWG label such as iso-8859-1 or
    /// shift_jis): each line decoded and normalized to NFC first (RFC 3987 §3.1 step 1b). Lines
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
    /// IRI references to map; without any, each line of standard input is one.
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

/// Convert URIs to IRIs (RFC 3987 §3.2): percent-encoded UTF-8 becomes characters where that
/// is safe.
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
    iri to-iri --idn-unicode 'http://xn--99zt52a.example.org/%e2%80%ae' # http://納豆.example.org/%E2%80%AE\n\n\
    With --json: {\"input\", \"output\"} per input, or {\"input\", \"error\": {\"message\", ...}}.")]
pub struct ToIriArgs {
    /// Convert xn-- labels of reg-name hosts of DNS schemes with ToUnicode (RFC 3987 §3.2.1,
    /// MAY); a label ToUnicode rejects stays as it is.
    #[arg(long)]
    idn_unicode: bool,
    /// One JSON object per input, on its own line.
    #[arg(long)]
    json: bool,
    /// URI references to convert; without any, each line of standard input is one.
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
}

/// The `error` object for a failed mapping.
fn to_uri_error_json(error: &ToUriError) -> Value {
    match error {
        ToUriError::Parse(e) => report::error_json(e),
        ToUriError::Idna(e) => {
            json!({"message": error.to_string(), "label": e.label(), "reason": e.reason()})
        }
        ToUriError::Unmappable { character, encoding } => {
            json!({"message": error.to_string(), "character": character.to_string(), "encoding": encoding})
        }
        _ => json!({"message": error.to_string()}),
    }
}

/// Writes one result: the output, or the error (on standard error unless `json`).
fn emit(
    out: &mut Out,
    json: bool,
    input: &str,
    result: Result<String, (Value, String)>,
) -> io::Result<Status> {
    match result {
        Ok(output) if json => out.json(&json!({"input": input, "output": output}))?,
        Ok(output) => out.record(&format!("{output}\n"))?,
        Err((error, _)) if json => {
            out.json(&json!({"input": input, "error": error}))?;
            return Ok(Status::Invalid);
        }
        Err((_, text)) => {
            eprintln!("iri: {input}\n  {}", text.replace('\n', "\n  "));
            return Ok(Status::Invalid);
        }
    }
    Ok(Status::Ok)
}

/// `iri to-uri`.
pub fn to_uri(args: &ToUriArgs, out: &mut Out) -> io::Result<Status> {
    let mut options = ToUriOptions::new().idna(args.idna).lenient(args.lenient);
    if let Some(label) = &args.query_charset {
        options = match options.query_charset(label) {
            Ok(options) => options,
            Err(e) => {
                eprintln!("iri: --query-charset: {e}");
                return Ok(Status::Error);
            }
        };
    }
    let Some(label) = &args.encoding else {
        return for_each_input(&args.inputs, |input| match input {
            Ok(text) => map_to_uri(out, args, &options, text),
            Err(n) => emit(
                out,
                args.json,
                &n.lossy,
                Err((report::not_utf8_json(n), n.message.clone())),
            ),
        });
    };
    if !args.inputs.is_empty() {
        eprintln!("iri: --encoding applies to standard input; command-line inputs are already text");
        return Ok(Status::Error);
    }
    // Lines are split at LF bytes, then decoded: only right when every ASCII byte stands for
    // itself in the charset, as the Encoding Standard's ASCII-compatible encodings guarantee.
    match encoding_rs::Encoding::for_label(label.trim().as_bytes()) {
        None => {
            eprintln!("iri: --encoding {label}: not an encoding label of the WHATWG Encoding Standard");
            return Ok(Status::Error);
        }
        Some(encoding) if !encoding.is_ascii_compatible() => {
            eprintln!(
                "iri: --encoding {label}: {} is not ASCII-compatible, and standard input is split into \
                 lines at LF bytes before it is decoded; convert it to UTF-8 first (for example with iconv)",
                encoding.name()
            );
            return Ok(Status::Error);
        }
        Some(_) => {}
    }
    let mut status = Status::Ok;
    for_each_line(io::stdin().lock(), |line| {
        let line_status = match rfc3987::decode_legacy(line.bytes, label) {
            Ok(text) => map_to_uri(out, args, &options, &text)?,
            Err(e) => {
                let lossy = String::from_utf8_lossy(line.bytes);
                emit(
                    out,
                    args.json,
                    &lossy,
                    Err((json!({"message": e.to_string()}), e.to_string())),
                )?
            }
        };
        status = status.max(line_status);
        Ok(())
    })?;
    Ok(status)
}

/// One input of `iri to-uri`: trimmed and split as the options say, each reference mapped.
fn map_to_uri(out: &mut Out, args: &ToUriArgs, options: &ToUriOptions, text: &str) -> io::Result<Status> {
    let pieces: Vec<&str> = if args.split {
        rfc3987::split_references(text).collect()
    } else if args.lenient {
        vec![rfc3987::trim_ascii_whitespace(text)]
    } else {
        vec![text]
    };
    let mut status = Status::Ok;
    for piece in pieces {
        let result = rfc3987::to_uri_lenient(piece, options)
            .map(|uri| uri.to_string())
            .map_err(|e| (to_uri_error_json(&e), e.to_string()));
        status = status.max(emit(out, args.json, piece, result)?);
    }
    Ok(status)
}

/// `iri to-iri`.
pub fn to_iri(args: &ToIriArgs, out: &mut Out) -> io::Result<Status> {
    let options = ToIriOptions::new().idn_unicode(args.idn_unicode);
    for_each_input(&args.inputs, |input| {
        let (text, result) = match input {
            Ok(text) => (
                text.to_string(),
                UriRef::parse(text)
                    .map(|uri| rfc3987::to_iri(&uri, &options).to_string())
                    .map_err(|e| (report::error_json(&e), e.to_string())),
            ),
            Err(n) => (
                n.lossy.clone(),
                Err((report::not_utf8_json(n), n.message.clone())),
            ),
        };
        emit(out, args.json, &text, result)
    })
}
