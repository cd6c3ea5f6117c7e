//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::cell::Cell;
use std::path::PathBuf;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rfc3987::StartSymbol;

/// `tests/data/corpus/<name>`: public test data, copied into the repository with its source
/// and licence (tests/data/corpus/SOURCES.md).
pub fn corpus(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpus")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read corpus {}: {e}", path.display()))
}

/// `tests/data/<name>`.
pub fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Decodes the escapes of the data files: `\u{XXXX}` (and `\u{}`, which stands for nothing, so
/// that a cell can hold the empty string), `\t`, `\n`, `\r` and `\\`.
pub fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                assert_eq!(chars.next(), Some('{'), "bad \\u escape in {s:?}");
                let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
                if !hex.is_empty() {
                    let code = u32::from_str_radix(&hex, 16).expect("bad \\u{} escape");
                    out.push(char::from_u32(code).expect("escape is not a scalar value"));
                }
            }
            other => panic!("unknown escape \\{other:?} in {s:?}"),
        }
    }
    out
}

/// The start symbol named as the RFC names it (`IRI-reference`, `absolute-URI`, …).
pub fn symbol(name: &str) -> StartSymbol {
    START_SYMBOLS
        .into_iter()
        .find(|s| s.name() == name)
        .unwrap_or_else(|| panic!("no start symbol {name}"))
}

/// Tab-separated rows of a data file, skipping blank lines and `#` comments; each row keeps the
/// most recent `# ` comment line before it as its source.
pub fn rows(text: &str) -> Vec<(Vec<String>, String)> {
    let mut source = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix('#') {
            let comment = comment.trim();
            if !comment.is_empty() {
                source = comment.to_string();
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        out.push((line.split('\t').map(str::to_string).collect(), source.clone()));
    }
    out
}

/// insta settings that keep snapshots in the top-level `snapshots/` folder.
pub fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// Every start symbol: the IRI symbols of RFC 3987 §2.2 and the URI symbols of RFC 3986 §3, §4.1,
/// §4.2 and §4.3.
pub const START_SYMBOLS: [StartSymbol; 8] = [
    StartSymbol::IriReference,
    StartSymbol::Iri,
    StartSymbol::AbsoluteIri,
    StartSymbol::IrelativeRef,
    StartSymbol::UriReference,
    StartSymbol::Uri,
    StartSymbol::AbsoluteUri,
    StartSymbol::RelativeRef,
];

/// Runs `test` on 10,000 generated cases (issue 4 asks for that many), each run (no failure
/// file, no case skipped); panics with proptest's report of the smallest failing case. Returns
/// how many ran.
pub fn run<S: Strategy>(strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) -> usize {
    let ran = Cell::new(0);
    let mut runner = TestRunner::new(Config {
        cases: 10_000,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&strategy, |value| {
        test(value)?;
        ran.set(ran.get() + 1);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    ran.get()
}
