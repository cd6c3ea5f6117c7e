//! `iri lint`: the RFC 3987 checks the grammar cannot express, rendered like rustc's
//! diagnostics or as JSON.

use std::io;

use annotate_snippets::{Level, Renderer, Snippet};
use clap::{Args, ValueEnum};
use rfc3987::{Diagnostic, Severity};
use serde_json::json;

use crate::report::Out;
use crate::{for_each_input, Status};

/// Check IRIs against the rules of RFC 3987 that the grammar cannot express.
///
/// Errors: the grammar (§2.2) and the §4.1 bidi formatting characters. Warnings (SHOULDs):
/// §4.2 bidi components, NFC (§5.3.2.2) and NFKC (§7.5), look-alikes of space and delimiters
/// (§6.1), several scripts in one component (§7.5), percent-encoding (§5.3.2.1, §5.3.2.3, §6.4,
/// §8), dot segments, ports, case and IDN validity (§5.3). Notes: advice. Each diagnostic names
/// its code and section; `iri lint --codes` lists them all.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri lint 'HTTP://Example.org:80/a/./b'\n  \
    iri lint --json 'http://ab.cd.ef/זח1/2טי/ךכ.html'\n  \
    iri lint --deny warnings < iris.txt\n\n\
    With --json, one object per diagnostic, on its own line:\n  \
    {\"input\", \"code\", \"severity\": \"error\"|\"warning\"|\"note\", \"section\", \"span\": [START, END], \
    \"message\", \"help\"}\n\
    where span holds byte offsets into the input and help is the input with the fix applied, or null.\n\n\
    Exit status: 1 when there is an error (or a warning, with --deny warnings), else 0.")]
pub struct LintArgs {
    /// One JSON object per diagnostic, on its own line.
    #[arg(long)]
    json: bool,
    /// Make warnings fail the run (exit status 1) as errors do.
    #[arg(long, value_enum, value_name = "WHAT")]
    deny: Option<Deny>,
    /// List every diagnostic code with its severity and section, and exit.
    #[arg(long)]
    codes: bool,
    /// IRI references to check; without any, each line of standard input is one.
    #[arg(value_name = "INPUT")]
    inputs: Vec<String>,
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
            out.record(&format!(
                "{code:<26} {:<8} §{section:<8} {what}\n",
                severity.as_str()
            ))?;
        }
        return Ok(Status::Ok);
    }
    let renderer = if out.is_terminal() {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let fails = |d: &Diagnostic| {
        d.severity == Severity::Error || (args.deny.is_some() && d.severity == Severity::Warning)
    };
    for_each_input(&args.inputs, |input| {
        let (text, diagnostics) = match input {
            Ok(text) => (text.to_string(), rfc3987::lint(text)),
            Err(n) => (
                n.lossy.clone(),
                vec![Diagnostic {
                    code: "syntax",
                    severity: Severity::Error,
                    section: "2.2",
                    span: n.byte_offset..n.byte_offset,
                    message: n.message.clone(),
                    help: None,
                }],
            ),
        };
        for d in &diagnostics {
            if args.json {
                out.json(&json!({
                    "input": text,
                    "code": d.code,
                    "severity": d.severity.as_str(),
                    "section": d.section,
                    "span": [d.span.start, d.span.end],
                    "message": d.message,
                    "help": d.help,
                }))?;
            } else {
                out.record(&format!("{}\n\n", render(&renderer, &text, d)))?;
            }
        }
        Ok(if diagnostics.iter().any(fails) {
            Status::Invalid
        } else {
            Status::Ok
        })
    })
}

/// One diagnostic in rustc's layout: the message with its code, the input with the span marked
/// and labelled, the section, and the fix.
fn render(renderer: &Renderer, input: &str, d: &Diagnostic) -> String {
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
    let help = d.help.as_deref().map(|h| format!("write it as: {h}"));
    let mut message = level
        .title(&d.message)
        .id(d.code)
        .snippet(Snippet::source(input).annotation(level.span(d.span.clone()).label(what)))
        .footer(Level::Note.title(&section));
    if let Some(help) = &help {
        message = message.footer(Level::Help.title(help));
    }
    let rendered = renderer.render(message).to_string();
    rendered
}
