//! `iri lint`: the RFC 3987 checks the grammar cannot express, rendered like rustc's
//! diagnostics or as JSON.

use std::io;
use std::ops::Range;

use annotate_snippets::{Level, Renderer, Snippet};
use clap::{Args, ValueEnum};
use rfc3987::{Diagnostic, Severity, StartSymbol};
use serde_json::json;

use crate::escape;
use crate::input::Inputs;
use crate::lines::{column_of, Origin};
use crate::report::{self, Failure, Out, Status};

/// Check IRIs against the rules of RFC 3987 that the grammar cannot express.
///
/// Errors: the grammar (§2.2) and the §4.1 bidi formatting characters. Warnings (SHOULDs):
/// the bidi isolates and ALM (newer than §4.1, as misleading), §4.2 bidi components, NFC
/// (§5.3.2.2) and NFKC (§7.5), look-alikes of space and delimiters (§6.1), several scripts in
/// one component (§7.5), percent-encoding (§5.3.2.1, §5.3.2.3, §6.4, §8), dot segments, ports,
/// case and IDN validity (§5.3). Notes: advice. Each diagnostic names
/// its code and section; `iri lint --codes` lists them all.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri lint 'HTTP://Example.org:80/a/./b'\n  \
    iri lint --json 'http://ab.cd.ef/זח1/2טי/ךכ.html'\n  \
    iri lint --deny warnings < iris.txt\n  \
    iri lint --max 0 --json < iris.txt   (every diagnostic of every line)\n\n\
    Each diagnostic is located as FILE:LINE:COLUMN (`<stdin>` for standard input, `<args>:N` for \
    the N-th INPUT): after \"-->\", and LINE in the margin. An input without findings prints \
    nothing. Without --json, the input with every fix applied follows the diagnostics of each \
    input.\n\n\
    With --json, one object per input, on its own line, findings or not:\n  \
    {\"input\", \"file\", \"line\", \"diagnostics\": [{\"code\", \"severity\": \"error\"|\"warning\"|\"note\", \
    \"section\", \"span\": [START, END], \"column\", \"message\", \"help\"}, ...], \"not_shown\", \"fixed\"}\n\
    where file and line say where the input came from (file is <stdin> or <args>, as above), \
    span holds byte offsets into the input and column the 1-based character column of its start, \
    help is the fix of the span in a few words (\"write `%41` as `A`\", \"remove `:80`\") or null, \
    not_shown counts the diagnostics --max left out, and fixed is the input with every fix \
    applied (null when no fix changes it); an input that is not an IRI-reference also has \
    \"error\": {\"byte_offset\", \"column\", \"component\", \"rule\", \"expected\", \"message\"}, \
    the object every command gives for it. With --codes --json, one object per code: \
    {\"code\", \"severity\", \"section\", \"what\"}.\n\n\
    Exit status: 1 when there is an error (or a warning, with --deny warnings), else 0.",
    mut_arg("inputs", |a| a.help(crate::input::INPUT_HELP)))]
pub struct LintArgs {
    /// One JSON object per input (with its diagnostics), on its own line.
    #[arg(long)]
    json: bool,
    /// Make warnings fail the run (exit status 1) as errors do.
    #[arg(long, value_enum, value_name = "WHAT")]
    deny: Option<Deny>,
    /// List every diagnostic code with its severity and section, and exit.
    #[arg(long)]
    codes: bool,
    /// Show at most N diagnostics per input (0: all). The rest are counted on standard error
    /// and still decide the exit status.
    #[arg(long, value_name = "N", default_value_t = 20)]
    max: usize,
    #[command(flatten)]
    inputs: Inputs,
}

#[derive(Clone, Copy, ValueEnum)]
enum Deny {
    /// Warnings fail the run.
    Warnings,
}

/// `iri lint`.
pub fn lint(args: &LintArgs, out: &mut Out) -> io::Result<Status> {
    if args.codes {
        for (code, severity, section, what) in rfc3987::CODES {
            if args.json {
                let severity = severity.as_str();
                out.json(&json!({"code": code, "severity": severity, "section": section, "what": what}))?;
            } else {
                out.record(&format!(
                    "{code:<26} {:<8} §{section:<8} {what}\n",
                    severity.as_str()
                ))?;
            }
        }
        return Ok(Status::Ok);
    }
    // Colour on a terminal, unless NO_COLOR is set and not empty (https://no-color.org).
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let renderer = if out.is_terminal() && !no_color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let fails = |d: &Diagnostic| {
        d.severity == Severity::Error || (args.deny.is_some() && d.severity == Severity::Warning)
    };
    args.inputs.for_each(|input| {
        let origin = input.origin;
        // An invalid input: its findings say why in lint's words, and with --json its `error`
        // object is the one every command gives for it (parsed again only then).
        let (text, diagnostics, error) = match &input.text {
            Ok(text) => match rfc3987::lint_as(text, StartSymbol::IriReference) {
                Ok(found) => (text.to_string(), found, None),
                Err(e) => (text.to_string(), rfc3987::lint(text), Some(Failure::parse(&e))),
            },
            Err(n) => (
                n.lossy.clone(),
                vec![Diagnostic {
                    code: "syntax",
                    severity: Severity::Error,
                    section: "2.2",
                    span: n.byte_offset..n.byte_offset,
                    message: n.message.clone(),
                    fix: None,
                    help: None,
                }],
                Some(Failure::not_utf8(n)),
            ),
        };
        let shown = match args.max {
            0 => diagnostics.len(),
            max => max.min(diagnostics.len()),
        };
        let fixed = || {
            // Once per input, not per diagnostic: the output stays linear in the input.
            let any = diagnostics.iter().any(|d| d.fix.is_some());
            any.then(|| Diagnostic::apply_fixes(&text, &diagnostics))
                .filter(|f| *f != text)
        };
        if args.json {
            let found: Vec<_> = diagnostics[..shown]
                .iter()
                .map(|d| {
                    json!({
                        "code": d.code,
                        "severity": d.severity.as_str(),
                        "section": d.section,
                        "span": [d.span.start, d.span.end],
                        "column": column_of(&text, d.span.start),
                        "message": d.message,
                        "help": d.help,
                    })
                })
                .collect();
            let mut object = json!({
                "input": text,
                "file": origin.file,
                "line": origin.line,
                "diagnostics": found,
                "not_shown": diagnostics.len() - shown,
                "fixed": fixed(),
            });
            if let Some(failure) = error {
                object["error"] = failure.json;
            }
            out.json(&object)?;
        } else {
            for d in &diagnostics[..shown] {
                out.record(&format!("{}\n\n", render(&renderer, &text, d, origin)))?;
            }
        }
        if !args.json && shown < diagnostics.len() {
            let more = diagnostics.len() - shown;
            report::complain(
                Some(&origin.to_string()),
                &format!("{more} more diagnostics are not shown (--max {})", args.max),
            );
        }
        if let (false, Some(fixed)) = (args.json, fixed()) {
            out.record(&format!("{}\n\n", render_fixed(&renderer, &fixed)))?;
        }
        Ok(if diagnostics.iter().any(fails) {
            Status::Invalid
        } else {
            Status::Ok
        })
    })
}

/// One diagnostic in rustc's layout: the message with its code, where the input came from
/// (`--> FILE:LINE:COLUMN`, and LINE in the margin), the input with the span marked and
/// labelled, the section, and the fix.
pub fn render(renderer: &Renderer, input: &str, d: &Diagnostic, origin: Origin<'_>) -> String {
    let level = match d.severity {
        Severity::Error => Level::Error,
        Severity::Warning => Level::Warning,
        Severity::Note => Level::Note,
    };
    let what = rfc3987::CODES
        .iter()
        .find(|(code, ..)| *code == d.code)
        .map_or("", |(.., what)| *what);
    let section = format!("RFC 3987 §{}", d.section);
    // The input is shown printable, the span moved onto its escapes; the message, the fix and
    // the file name may quote input too.
    let (part, span) = window(input, &d.span);
    let (shown, span) = escape::printable_span(&part, &span);
    let file = rfc3987::printable(origin.file);
    let snippet = Snippet::source(&shown)
        .line_start(origin.line)
        .annotation(level.span(span).label(what));
    let title = rfc3987::printable(&d.message);
    let mut message = level.title(&title).id(d.code);
    // The renderer counts the column in the text it shows: right when that is the whole input
    // as it is. A window of it, or an input with escapes, is shown under a header of its own
    // with the column in the input.
    let location = format!("{origin}:{}", column_of(input, d.span.start));
    message = if shown == input {
        message.snippet(snippet.origin(&file))
    } else {
        message
            .snippet(Snippet::source("").origin(&location))
            .snippet(snippet)
    };
    message = message.footer(Level::Note.title(&section));
    let help = d.help.as_deref().map(rfc3987::printable);
    if let Some(help) = &help {
        message = message.footer(Level::Help.title(help));
    }
    let rendered = renderer.render(message).to_string();
    rendered
}

/// The line after an input's diagnostics: `help: with every fix applied: FIXED`, the fixed
/// input shown printable (a fix percent-encodes what it fixes, not every control).
pub fn render_fixed(renderer: &Renderer, fixed: &str) -> String {
    let title = format!("with every fix applied: {}", rfc3987::printable(fixed));
    // A local, not the tail expression: the rendered message borrows `title` (edition 2021).
    let rendered = renderer.render(Level::Help.title(&title)).to_string();
    rendered
}

/// The part of `input` shown under a diagnostic, and the span in it: all of the input when it
/// is short; else 40 bytes each side of the span, and of the span its first 80 bytes (on
/// character boundaries), with "…" where the input is cut. Each diagnostic shows a part of
/// bounded size, so rendering stays linear in the input however many diagnostics it has.
fn window(input: &str, span: &Range<usize>) -> (String, Range<usize>) {
    const CONTEXT: usize = 40;
    const SPAN: usize = 80;
    let floor = |i: usize| {
        let mut i = i.min(input.len());
        while !input.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let ceil = |i: usize| {
        let mut i = i.min(input.len());
        while !input.is_char_boundary(i) {
            i += 1;
        }
        i
    };
    let span_start = floor(span.start);
    let span_end = ceil(span.end.min(span_start + SPAN)).max(span_start);
    if input.len() <= 2 * CONTEXT + SPAN {
        return (input.to_string(), span_start..ceil(span.end).max(span_start));
    }
    let start = floor(span_start.saturating_sub(CONTEXT));
    let end = ceil(span_end + CONTEXT);
    let mut shown = String::with_capacity(end - start + 6);
    if start > 0 {
        shown.push('…');
    }
    let shift = shown.len();
    shown.push_str(&input[start..end]);
    if end < input.len() {
        shown.push('…');
    }
    (shown, span_start - start + shift..span_end - start + shift)
}
