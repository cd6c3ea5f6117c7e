//! `iri`: the command-line tool of the `rfc3987` crate ([`iri_cli::run`]).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    iri_cli::run()
}
