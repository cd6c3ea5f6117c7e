//! `iri generate KIND`: the man page and the shell completion scripts the built binary writes
//! document and complete every command, option and value of the tool, as its clap definitions
//! say them (`iri_cli::command()`, walked here, so a new option that the page or a script
//! leaves out fails); groff formats the page and bash runs its script without a complaint.
//! The tools these tests run are skipped, with the reason printed, where they are not installed,
//! except groff and bash under CI (env CI set), which must be there.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{iri, stderr, stdout};

/// A command of the tool as the tests walk it: its name, its long options, the value names of
/// its positional arguments, and each option's or argument's possible values (by its long
/// option, or by its value name for a positional).
struct Walked {
    name: String,
    longs: Vec<String>,
    positionals: Vec<String>,
    values: Vec<(Option<String>, Vec<String>)>,
}

/// Every command of `iri` (not `help`, which prints the help of the others), from its clap
/// definitions.
fn commands() -> Vec<Walked> {
    let mut top = iri_cli::command();
    top.build();
    let walked: Vec<Walked> = top
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set() && sub.get_name() != "help")
        .map(|sub| {
            let args: Vec<_> = sub.get_arguments().filter(|arg| !arg.is_hide_set()).collect();
            Walked {
                name: sub.get_name().to_string(),
                longs: args
                    .iter()
                    .filter_map(|arg| arg.get_long())
                    .map(|long| format!("--{long}"))
                    .collect(),
                positionals: args
                    .iter()
                    .filter(|arg| arg.is_positional())
                    .map(|arg| value_name(arg))
                    .collect(),
                values: args
                    .iter()
                    .map(|arg| {
                        let values = arg
                            .get_possible_values()
                            .iter()
                            .filter(|value| !value.is_hide_set())
                            .map(|value| value.get_name().to_string())
                            .collect();
                        (arg.get_long().map(|long| format!("--{long}")), values)
                    })
                    .filter(|(_, values): &(_, Vec<String>)| !values.is_empty())
                    .collect(),
            }
        })
        .collect();
    // The walk sees the tool: its commands, an option of one and the values of another.
    let names: Vec<&str> = walked.iter().map(|c| c.name.as_str()).collect();
    for name in ["parse", "check", "to-uri", "generate"] {
        assert!(names.contains(&name), "{names:?}");
    }
    let check = walked.iter().find(|c| c.name == "check").unwrap();
    assert!(
        check.longs.contains(&"--max-statement-bytes".to_string()),
        "{:?}",
        check.longs
    );
    let compare = walked.iter().find(|c| c.name == "compare").unwrap();
    assert_eq!(compare.positionals, ["A", "B"]);
    let generate = walked.iter().find(|c| c.name == "generate").unwrap();
    assert_eq!(generate.values.len(), 1);
    assert!(generate.values[0].1.contains(&"complete-bash".to_string()));
    walked
}

/// The name a positional argument is shown by (`INPUT`, `A`).
fn value_name(arg: &clap::Arg) -> String {
    match arg.get_value_names() {
        Some(names) => names.iter().map(|n| n.as_str()).collect::<Vec<_>>().join(" "),
        None => arg.get_id().as_str().to_uppercase(),
    }
}

/// What `iri generate KIND` writes; it must succeed and say nothing on standard error.
fn generated(kind: &str) -> String {
    let out = iri(&["generate", kind]);
    assert_eq!(out.status.code(), Some(0), "{kind}: {}", stderr(&out));
    assert_eq!(stderr(&out), "", "{kind}");
    stdout(&out)
}

/// `text` written to a file of its own under the tests' temporary directory.
fn written(name: &str, text: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("iri-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Whether `program` runs here (it answers `args`). A program the tests need that is missing
/// is a skip, printed with the reason, or under CI (env CI set), where it must be installed,
/// a failure.
fn installed(program: &str, args: &[&str], required_in_ci: bool) -> bool {
    if Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
    {
        return true;
    }
    let ci = std::env::var_os("CI").is_some_and(|v| !v.is_empty());
    assert!(
        !(required_in_ci && ci),
        "{program} is not installed, and CI must run this test"
    );
    eprintln!("skipped: {program} is not installed");
    false
}

/// The man page's roff source made readable enough to search: font changes dropped, the
/// escaped minus and apostrophe as themselves.
fn unescaped(roff: &str) -> String {
    roff.replace(r"\fB", "")
        .replace(r"\fI", "")
        .replace(r"\fR", "")
        .replace(r"\-", "-")
        .replace(r"\*(Aq", "'")
}

/// The lines of the part of `page` from the line `start` to the next section or subsection.
fn part<'a>(page: &'a str, start: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = page.lines().collect();
    let at = lines
        .iter()
        .position(|line| *line == start)
        .unwrap_or_else(|| panic!("the man page has no line {start:?}"));
    lines[at + 1..]
        .iter()
        .take_while(|line| !line.starts_with(".SH ") && !line.starts_with(".SS "))
        .copied()
        .collect()
}

/// The man page names every command in SYNOPSIS and gives each a subsection of COMMANDS in
/// which every long option and every argument has an entry (a `.TP` item) and every possible
/// value of each is listed; the top command's options, EXIT STATUS with the three statuses and
/// VERSION with this version are there too. It is ASCII (other characters as groff escapes).
#[test]
fn man_page_documents_every_command_and_option() {
    let roff = generated("man");
    assert!(roff.is_ascii(), "the man page is not ASCII");
    let page = unescaped(&roff);
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        page.contains(&format!(".TH IRI 1 \"\" \"iri {version}\" \"User Commands\"\n")),
        "{page}"
    );
    let name = part(&page, ".SH NAME");
    assert!(name[0].starts_with("iri - Parse, check"), "{name:?}");
    let synopsis = part(&page, ".SH SYNOPSIS");
    let options = part(&page, ".SH OPTIONS");
    for long in ["--help", "--version"] {
        assert!(
            options.iter().any(|line| line.contains(long)),
            "OPTIONS lacks {long}: {options:?}"
        );
    }

    for command in commands() {
        let name = &command.name;
        assert!(
            synopsis
                .iter()
                .any(|line| line.starts_with(&format!("iri {name} ")) || *line == format!("iri {name}")),
            "SYNOPSIS lacks iri {name}: {synopsis:?}"
        );
        let section = part(&page, &format!(".SS \"iri {name}\""));
        // The heads of the option list's items: the line after each `.TP`.
        let heads: Vec<Vec<&str>> = section
            .windows(2)
            .filter(|pair| pair[0] == ".TP")
            .map(|pair| {
                pair[1]
                    .split([' ', ',', '[', ']', '<', '>'])
                    .filter(|w| !w.is_empty())
                    .collect()
            })
            .collect();
        for long in &command.longs {
            assert!(
                heads.iter().any(|words| words.contains(&long.as_str())),
                "iri {name}: the man page has no entry for {long}: {heads:?}"
            );
        }
        for positional in &command.positionals {
            assert!(
                heads.iter().any(|words| words.join(" ") == *positional),
                "iri {name}: the man page has no entry for {positional}: {heads:?}"
            );
        }
        for (long, values) in &command.values {
            for value in values {
                assert!(
                    section
                        .iter()
                        .any(|line| line == value || line.starts_with(&format!("{value}: "))),
                    "iri {name}: the man page does not list {value} (a value of {long:?})"
                );
            }
        }
    }

    let exit_status = part(&page, ".SH \"EXIT STATUS\"").join(" ");
    for status in ["0 when", "1 when", "2 for"] {
        assert!(
            exit_status.contains(status),
            "EXIT STATUS lacks {status:?}: {exit_status}"
        );
    }
    assert_eq!(part(&page, ".SH VERSION"), [format!("v{version}")]);
    assert!(part(&page, ".SH EXAMPLES")
        .iter()
        .any(|line| line.starts_with("iri check ")));
}

/// groff formats the page for a terminal, as `man iri` does, without one warning (-ww: all of
/// them), and the text it gives holds the sections. (The terminal device, -Tutf8: on a printer's
/// device groff's fonts lack the CJK and Hebrew of the examples.)
#[test]
fn groff_formats_man_page_without_warning() {
    if !installed("groff", &["--version"], true) {
        return;
    }
    let page = written("iri.1", &generated("man"));
    // One run: -ww reports every warning on standard error, the text goes to standard output.
    let out = Command::new("groff")
        .args(["-man", "-Tutf8", "-ww", "-P-cbou"])
        .arg(&page)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "groff warns about the man page");
    let text = stdout(&out);
    for heading in [
        "NAME",
        "SYNOPSIS",
        "COMMANDS",
        "EXIT STATUS",
        "EXAMPLES",
        "VERSION",
    ] {
        assert!(
            text.lines().any(|line| line == heading),
            "no {heading} in\n{text}"
        );
    }
    assert!(text.contains("iri check"), "{text}");
    assert!(
        text.contains("résumé"),
        "the escapes of non-ASCII characters: {text}"
    );
}

/// Each completion script offers every command and every long option, in its shell's form.
#[test]
fn completion_scripts_name_every_command_and_option() {
    // (KIND, how the script offers a command NAME, the ways it offers an option --LONG)
    type CommandForm = fn(&str) -> String;
    type OptionForms = fn(&str) -> Vec<String>;
    let shells: [(&str, CommandForm, OptionForms); 5] = [
        (
            "complete-bash",
            |name| format!("iri,{name})"),
            |long| vec![format!("{long} ")],
        ),
        // zsh writes an option that takes a value as '--long=[help]:VALUE:...'.
        (
            "complete-zsh",
            |name| format!("\n'{name}:"),
            |long| vec![format!("{long}["), format!("{long}=[")],
        ),
        (
            "complete-fish",
            |name| format!("-a \"{name}\""),
            |long| vec![format!("-l {} ", &long[2..])],
        ),
        (
            "complete-powershell",
            |name| format!("[CompletionResult]::new('{name}', '{name}'"),
            |long| vec![format!("[CompletionResult]::new('{long}', '{long}'")],
        ),
        (
            "complete-elvish",
            |name| format!("cand {name} "),
            |long| vec![format!("cand {long} ")],
        ),
    ];
    let commands = commands();
    for (kind, command_form, option_forms) in shells {
        let script = generated(kind);
        for command in &commands {
            let form = command_form(&command.name);
            assert!(
                script.contains(&form),
                "{kind} does not offer {:?} ({form:?})",
                command.name
            );
            for long in &command.longs {
                let forms = option_forms(long);
                assert!(
                    forms.iter().any(|form| script.contains(form.as_str())),
                    "{kind} does not offer iri {} {long} ({forms:?})",
                    command.name
                );
            }
        }
    }
}

/// The words bash's completion of `words` (the last one being completed) offers, from the
/// script, as bash-completion calls its function.
fn bash_completes(script: &Path, words: &[&str]) -> Vec<String> {
    let program = r#"
        source "$0" || exit 3
        spec=$(complete -p iri) || exit 4
        function=${spec#*-F }
        function=${function%% *}
        COMP_WORDS=("$@")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="${COMP_WORDS[*]}"
        COMP_POINT=${#COMP_LINE}
        "$function" iri "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\n' "${COMPREPLY[@]}"
    "#;
    let out = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", program])
        .arg(script)
        .args(words)
        .output()
        .unwrap();
    assert!(out.status.success(), "{words:?}: {}", stderr(&out));
    assert_eq!(stderr(&out), "", "{words:?}");
    stdout(&out)
        .lines()
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// The bash script parses (`bash -n`), and sourced, its function completes `iri ch` to
/// `check`, an empty word after `iri` to every command, `--` after each command to each of its
/// long options, and the value of each option or argument with possible values to those values.
#[test]
fn bash_completion_completes() {
    if !installed("bash", &["--version"], true) {
        return;
    }
    let script = written("iri.bash", &generated("complete-bash"));
    let out = Command::new("bash").arg("-n").arg(&script).output().unwrap();
    assert!(
        out.status.success() && out.stderr.is_empty(),
        "bash -n: {}",
        stderr(&out)
    );

    assert_eq!(bash_completes(&script, &["iri", "ch"]), ["check"]);
    let commands = commands();
    let all = bash_completes(&script, &["iri", ""]);
    for command in &commands {
        assert!(
            all.contains(&command.name),
            "iri <TAB> lacks {}: {all:?}",
            command.name
        );
        let options = bash_completes(&script, &["iri", &command.name, "--"]);
        for long in &command.longs {
            assert!(
                options.contains(long),
                "iri {} --<TAB> lacks {long}: {options:?}",
                command.name
            );
        }
        for (long, values) in &command.values {
            let words: Vec<&str> = match long {
                Some(long) => vec!["iri", &command.name, long, ""],
                None => vec!["iri", &command.name, ""],
            };
            let offered = bash_completes(&script, &words);
            for value in values {
                assert!(offered.contains(value), "{words:?} lacks {value}: {offered:?}");
            }
        }
    }
}

/// The other shells read their scripts without a syntax error, where they are installed:
/// `zsh -n`, `fish --no-execute`, PowerShell's parser and `elvish -compileonly`.
#[test]
fn completion_scripts_parse_in_their_shells() {
    // (KIND, the shell, the arguments it answers when installed, its check of a script's file)
    type Check = fn(&Path) -> Vec<String>;
    let checks: [(&str, &str, &[&str], Check); 4] = [
        ("complete-zsh", "zsh", &["--version"], |path| {
            vec!["-n".into(), path.display().to_string()]
        }),
        ("complete-fish", "fish", &["--version"], |path| {
            vec!["--no-execute".into(), path.display().to_string()]
        }),
        (
            "complete-powershell",
            "pwsh",
            &["-NoProfile", "-Command", "exit 0"],
            |path| {
                let parse = format!(
                "$errors = $null; $null = [System.Management.Automation.Language.Parser]::ParseFile('{}', \
                 [ref]$null, [ref]$errors); if ($errors) {{ $errors; exit 1 }}",
                path.display()
            );
                vec![
                    "-NoProfile".into(),
                    "-NonInteractive".into(),
                    "-Command".into(),
                    parse,
                ]
            },
        ),
        ("complete-elvish", "elvish", &["-version"], |path| {
            vec!["-compileonly".into(), path.display().to_string()]
        }),
    ];
    for (kind, shell, probe, check) in checks {
        if !installed(shell, probe, false) {
            continue;
        }
        let script = written(&format!("iri.{shell}"), &generated(kind));
        let out = Command::new(shell).args(check(&script)).output().unwrap();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "{shell} does not read the script of {kind}: {}{}",
            stdout(&out),
            stderr(&out)
        );
    }
}

/// `iri generate` without a KIND, or with another, is a usage error that lists the kinds.
#[test]
fn generate_needs_a_kind() {
    for args in [&["generate"][..], &["generate", "complete-tcsh"]] {
        let out = iri(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    let out = iri(&["generate", "complete-tcsh"]);
    assert!(stderr(&out).contains("complete-powershell"), "{}", stderr(&out));
}
