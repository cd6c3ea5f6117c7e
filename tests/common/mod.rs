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
pub const START_SYMBOLS: [StartSymbol; 8] = StartSymbol::ALL;

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

/// Every string in a JSON document, at any depth.
pub fn json_strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| json_strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| json_strings(v, out)),
        _ => {}
    }
}

/// The JSON text with every `\uD800`–`\uDFFF` escape written as `\uFFFD`: some WPT and IDNA
/// files test lone surrogates, which a Rust string cannot hold (escaped surrogate pairs become two
/// U+FFFD as well; those files hold few).
pub fn without_surrogate_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("\\u") {
        out.push_str(&rest[..i]);
        let escape = rest.get(i..i + 6).unwrap_or(&rest[i..]);
        let surrogate = escape.len() == 6
            && u16::from_str_radix(&escape[2..], 16).is_ok_and(|u| (0xD800..=0xDFFF).contains(&u));
        out.push_str(if surrogate { "\\uFFFD" } else { &escape[..2] });
        rest = &rest[i + if surrogate { 6 } else { 2 }..];
    }
    out.push_str(rest);
    out
}

/// The inputs of every corpus: the repository's data files (first column, unescaped), the JSON
/// files (every string), the RFC 3986 §5.4 table, the relative-URL pairs and the N-Triples IRIs.
pub fn corpus_inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for file in ["rfc-syntax-examples.tsv", "ipv6.tsv", "tree-inputs.tsv"] {
        for (row, _) in rows(&data(file)) {
            let cell = unescape(&row[0]);
            inputs.push(format!("http://[{cell}]/"));
            inputs.push(cell);
        }
    }
    for file in [
        "json-schema-test-suite/iri.json",
        "json-schema-test-suite/iri-reference.json",
        "rfc3987-syntax/valid_syntax.json",
        "rfc3987-syntax/invalid_syntax.json",
        "rfc-examples/rfc3987-examples.json",
        "idna/punycode_tests.json",
        "idna/bad_punycode_tests.json",
        "wpt-url/percent-encoding.json",
        "wpt-url/IdnaTestV2.json",
        "wpt-url/toascii.json",
        "wpt-url/urltestdata.json",
    ] {
        let text = without_surrogate_escapes(&corpus(file));
        let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        json_strings(&value, &mut inputs);
    }
    for line in corpus("rfc-examples/rfc3986-5.4-resolution.tsv").lines() {
        inputs.extend(line.split('\t').map(str::to_string));
    }
    for line in corpus("bench-sample/relative_urls_cc_2500.csv").lines() {
        inputs.extend(line.split(',').map(str::to_string));
    }
    for line in corpus("bench-sample/dbpedia-ja-geonamesjp-links.nt").lines() {
        inputs.extend(
            line.split('<')
                .filter_map(|s| s.split_once('>'))
                .map(|(iri, _)| iri.to_string()),
        );
    }
    inputs
}
