//! `iri generate`: the tool's man page and its shell completion scripts, made from its own clap
//! definitions, so that they document and complete exactly the options of the binary that
//! writes them (as `rg --generate` does).
//!
//! The man page is one page, `iri.1`: clap_mangen renders a page per command, and `man iri`
//! serves best when it holds them all, so the top command's sections come first (NAME,
//! SYNOPSIS with one line per command, DESCRIPTION, OPTIONS), then COMMANDS with a subsection
//! per command (its synopsis, description, options and examples, clap_mangen's sections made
//! paragraphs of it), then EXIT STATUS, EXAMPLES, VERSION and SEE ALSO. Characters beyond ASCII
//! are written as groff's `\[uXXXX]` escapes, as `preconv` would, so the page reads the same
//! whatever encoding a formatter assumes. The completion scripts are clap_complete's.

use std::io;

use clap::{Args, Command, ValueEnum};
use clap_complete::Shell;
use clap_mangen::roff::{bold, roman, Inline, Roff};
use clap_mangen::Man;

use crate::report::{Out, Status};

/// Write the man page or a shell's completion script to standard output.
///
/// Both are made from the definitions of this binary's own options, so they always match it.
/// Redirect them to where `man` or the shell looks (KIND below); the release tarball of the
/// tool holds them all under share/, in the places packages install them.
#[derive(Args)]
#[command(after_help = "Examples:\n  \
    iri generate man > ~/.local/share/man/man1/iri.1\n  \
    iri generate complete-bash > ~/.local/share/bash-completion/completions/iri\n  \
    iri generate complete-zsh > ~/.zfunc/_iri\n  \
    iri generate complete-fish > ~/.config/fish/completions/iri.fish\n  \
    iri generate complete-powershell >> $PROFILE\n  \
    iri generate complete-elvish >> ~/.config/elvish/rc.elv\n\n\
    Directories that do not exist yet must be made first (mkdir -p). man finds \
    ~/.local/share/man when ~/.local/bin is on PATH (else add it to MANPATH); system-wide, the \
    page goes to /usr/local/share/man/man1/iri.1. bash-completion loads \
    ~/.local/share/bash-completion/completions/iri when `iri` is first completed (system-wide: \
    /usr/share/bash-completion/completions/iri; without bash-completion, `source` the file in \
    ~/.bashrc). zsh reads _iri from a directory of $fpath: ~/.zfunc with \
    `fpath=(~/.zfunc $fpath)` before `compinit` in ~/.zshrc (system-wide: \
    /usr/local/share/zsh/site-functions/_iri). fish reads ~/.config/fish/completions/iri.fish \
    (system-wide: /usr/share/fish/vendor_completions.d/iri.fish). PowerShell runs the script \
    from the profile $PROFILE, or from a file that the profile dot-sources. elvish runs it from \
    rc.elv.")]
pub struct GenerateArgs {
    /// What to write.
    #[arg(value_enum, value_name = "KIND")]
    kind: Kind,
}

/// What `iri generate` writes.
#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    /// the man page, roff, for ~/.local/share/man/man1/iri.1 (then `man iri`)
    Man,
    /// bash completion, for ~/.local/share/bash-completion/completions/iri
    CompleteBash,
    /// zsh completion, as a file _iri in a directory of $fpath
    CompleteZsh,
    /// fish completion, for ~/.config/fish/completions/iri.fish
    CompleteFish,
    /// PowerShell completion, to run from $PROFILE
    CompletePowershell,
    /// elvish completion, to run from ~/.config/elvish/rc.elv
    CompleteElvish,
}

/// `iri generate`: `command` is the tool's whole command line; `exit_status` and `examples`
/// are the texts of `iri --help` the man page gives sections of their own.
pub fn generate(
    args: &GenerateArgs,
    mut command: Command,
    exit_status: &str,
    examples: &[&str],
    out: &mut Out,
) -> io::Result<Status> {
    let shell = match args.kind {
        Kind::Man => {
            return out
                .record(&man_page(command, exit_status, examples)?)
                .map(|()| Status::Ok)
        }
        Kind::CompleteBash => Shell::Bash,
        Kind::CompleteZsh => Shell::Zsh,
        Kind::CompleteFish => Shell::Fish,
        Kind::CompletePowershell => Shell::PowerShell,
        Kind::CompleteElvish => Shell::Elvish,
    };
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, name, &mut script);
    let script = String::from_utf8(script).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    out.record(&script).map(|()| Status::Ok)
}

/// The man page `iri.1`, in roff (man(7) macros).
fn man_page(command: Command, exit_status: &str, examples: &[&str]) -> io::Result<String> {
    // `iri help` is the help of the other commands, which the page already holds.
    let mut command = command.disable_help_subcommand(true);
    if command.get_subcommand_value_name().is_none() {
        // The synopsis's name for it (else clap_mangen's `subcommands`), as `iri --help` says.
        command = command.subcommand_value_name("COMMAND");
    }
    // Built, every subcommand knows its full name (`iri check`) for its synopsis.
    command.build();
    let subcommands: Vec<&Command> = command
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .collect();
    let man = Man::new(command.clone());

    // roff's preamble (the apostrophe's definition) once, then the sections without it. The
    // title line by hand: clap_mangen's leaves out an empty date, which moves the source into
    // the date's place. No date: the page is the same whenever it is made.
    let mut page = Roff::new().render();
    let name = command.get_name();
    let version = command.get_version().unwrap_or_default();
    page += &format!(
        ".TH {} 1 \"\" \"{name} {version}\" \"User Commands\"\n",
        name.to_uppercase()
    );
    page += &rendered(|w| man.render_name_section(w))?;
    // The top command's synopsis, then each command's usage line.
    page += &rendered(|w| man.render_synopsis_section(w))?;
    let mut synopsis = Roff::new();
    for sub in &subcommands {
        let usage = (*sub).clone().render_usage().to_string();
        let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage);
        let name = full_name(sub);
        let rest = usage.strip_prefix(name).unwrap_or(usage);
        synopsis.control("br", []).text([bold(name), roman(rest)]);
    }
    page += &rendered(|w| synopsis.to_writer(w))?;
    page += &rendered(|w| man.render_description_section(w))?;
    page += &rendered(|w| man.render_options_section(w))?;

    page += &rendered(|w| Roff::new().control("SH", ["COMMANDS"]).to_writer(w))?;
    for sub in subcommands {
        // The name's "-" as the minus sign (`\-`), as in the text: a hyphen would not be
        // found by searching for `to-uri`.
        let heading = full_name(sub).replace('-', r"\-");
        page += &rendered(|w| Roff::new().control("SS", [heading.as_str()]).to_writer(w))?;
        let man = Man::new(sub.clone());
        let mut sections = rendered(|w| man.render_synopsis_section(w))?;
        sections += &rendered(|w| man.render_description_section(w))?;
        if sub.get_arguments().any(|arg| !arg.is_hide_set()) {
            sections += &rendered(|w| man.render_options_section(w))?;
        }
        if sub.get_after_long_help().is_some() || sub.get_after_help().is_some() {
            sections += &rendered(|w| man.render_extra_section(w))?;
        }
        page += &paragraphs(&sections);
    }

    let mut end = Roff::new();
    end.control("SH", ["EXIT STATUS"]).text([roman(exit_status)]);
    end.control("SH", ["EXAMPLES"])
        .control("RS", ["4"])
        .control("nf", []);
    for example in examples {
        end.text([roman(*example)]);
    }
    end.control("fi", []).control("RE", []);
    page += &rendered(|w| end.to_writer(w))?;
    page += &rendered(|w| man.render_version_section(w))?;
    page += &rendered(|w| {
        Roff::new()
            .control("SH", ["SEE ALSO"])
            .text(see_also())
            .to_writer(w)
    })?;

    Ok(ascii(&page))
}

/// A command's name as the page shows it: `iri check`.
fn full_name(command: &Command) -> &str {
    command.get_bin_name().unwrap_or_else(|| command.get_name())
}

/// What `render` writes, without the preamble that roff writes first each time.
fn rendered(render: impl FnOnce(&mut dyn io::Write) -> io::Result<()>) -> io::Result<String> {
    let mut bytes = Vec::new();
    render(&mut bytes)?;
    let text = String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let preamble = Roff::new().render();
    Ok(text.strip_prefix(preamble.as_str()).unwrap_or(&text).to_string())
}

/// The SEE ALSO section: the RFCs the tool implements and the library's documentation.
fn see_also() -> Vec<Inline> {
    vec![
        roman("RFC 3987, Internationalized Resource Identifiers (IRIs); RFC 3986, Uniform Resource Identifier (URI): Generic Syntax. The "),
        bold("rfc3987"),
        roman(format!(
            " library, which does the work: https://docs.rs/rfc3987; the project: {}.",
            env!("CARGO_PKG_REPOSITORY")
        )),
    ]
}

/// clap_mangen's sections of one command made paragraphs of its subsection: the synopsis
/// first, as it is; each later `.SH TITLE` a paragraph, the option lists titled (`Options:`).
fn paragraphs(sections: &str) -> String {
    let mut text = String::new();
    for line in sections.lines() {
        match line.strip_prefix(".SH ") {
            Some("SYNOPSIS") => {}
            Some("DESCRIPTION" | "EXTRA") => text.push_str(".PP\n"),
            Some(title) => {
                // An option list: OPTIONS, or a help heading clap_mangen wrote in capitals.
                let title = title.trim_matches('"').to_lowercase();
                let mut chars = title.chars();
                let title: String = chars
                    .next()
                    .map(|c| c.to_uppercase().chain(chars).collect())
                    .unwrap_or_default();
                text.push_str(".PP\n");
                text.push_str(&Roff::new().text([bold(format!("{title}:"))]).to_roff());
            }
            None => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    text
}

/// The page in ASCII: every other character as groff's `\[uXXXX]` escape (its code point,
/// uppercase hex), the form `preconv` gives and mandoc reads too.
fn ascii(page: &str) -> String {
    let mut text = String::with_capacity(page.len());
    for c in page.chars() {
        if c.is_ascii() {
            text.push(c);
        } else {
            text.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    text
}
