//! Hostile input for every `iri` command (robustness issue): 10 MB lines on standard input, of
//! the shapes that hurt parsers, and arguments as long as the system allows. Each command must
//! finish with its documented exit status (0 or 1, never a signal or a panic's 101) and print
//! output linear in its input. The library functions behind them are checked on the same
//! shapes, with an allocation bound, in `tests/hostile.rs`.

use crate::common;

use common::{iri, iri_stdin as run};

const TEN_MB: usize = 10 * 1024 * 1024;

/// Output bytes allowed per input byte. `parse --json` repeats the input and its components;
/// `lint --json` gives the input and its fixed form once per input, with at most 20 findings
/// (`--max`), and the rendered lint shows a bounded window per finding.
const OUTPUT_PER_INPUT_BYTE: usize = 64;

fn fill(unit: &str, len: usize) -> String {
    unit.repeat(len / unit.len())
}

/// One line each: valid and invalid shapes, and one line that is not UTF-8.
fn lines() -> Vec<(&'static str, Vec<u8>)> {
    let text = |s: String| s.into_bytes();
    vec![
        (
            "long path",
            text(format!("http://example.org/{}", fill("ab/", TEN_MB))),
        ),
        (
            "long query",
            text(format!("http://example.org/?{}", fill("q=é&", TEN_MB))),
        ),
        (
            "long userinfo",
            text(format!("http://{}@example.org/", fill("u:", TEN_MB))),
        ),
        (
            "many %HH",
            text(format!("http://a/{}", fill("%41%2f%C3%A9%c0%af", TEN_MB))),
        ),
        ("many : and @", text(format!("a:{}", fill(":@", TEN_MB)))),
        (
            "dot segments",
            text(format!("http://a/{}", fill("./../a/", TEN_MB))),
        ),
        (
            "right-to-left",
            text(format!("http://ab.גדהוזח.ij/{}", fill("kl/מנ/", TEN_MB))),
        ),
        ("bare %", text(format!("http://a/{}", fill("%", TEN_MB)))),
        ("many [", text(format!("http://{}", fill("[", TEN_MB)))),
        ("many spaces", text(format!("http://a/{}", fill("a ", TEN_MB)))),
        (
            "not UTF-8",
            [b"http://a/".as_slice(), &vec![0xFF; TEN_MB]].concat(),
        ),
    ]
}

/// Runs `args` on each line alone; the exit status must be 0 or 1.
fn each_line(args: &[&str]) {
    for (shape, line) in lines() {
        let mut input = line.clone();
        input.push(b'\n');
        let out = run(args, &input);
        let code = out.status.code();
        assert!(
            matches!(code, Some(0 | 1)),
            "iri {args:?} on {shape}: status {code:?}, stderr {}",
            String::from_utf8_lossy(&out.stderr[..out.stderr.len().min(2000)])
        );
        let printed = out.stdout.len() + out.stderr.len();
        assert!(
            printed <= OUTPUT_PER_INPUT_BYTE * input.len(),
            "iri {args:?} on {shape}: {printed} bytes printed for {} bytes of input",
            input.len()
        );
    }
}

#[test]
fn parse() {
    each_line(&["parse"]);
    each_line(&["parse", "--json"]);
}

#[test]
fn parse_tree() {
    // The tree prints a line per node (about 30 bytes for each 3-byte segment): 1 MB of input.
    let line = format!("http://example.org/{}\n", fill("ab/", 1 << 20));
    let out = run(&["parse", "--tree"], line.as_bytes());
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stdout.len() < OUTPUT_PER_INPUT_BYTE * line.len());
}

#[test]
fn check() {
    each_line(&["check"]);
    each_line(&["check", "--lint"]);
}

#[test]
fn normalize() {
    each_line(&["normalize"]);
    each_line(&["normalize", "--nfc", "--idn", "--json"]);
}

#[test]
fn resolve() {
    each_line(&["resolve", "--base", "http://a/b/c/d;p?q"]);
}

#[test]
fn to_uri_and_to_iri() {
    each_line(&["to-uri", "--idna", "--json"]);
    each_line(&["to-uri", "--lenient", "--split"]);
    each_line(&["to-iri", "--idn-unicode"]);
}

#[test]
fn lint() {
    each_line(&["lint"]);
    each_line(&["lint", "--json"]);
}

#[test]
fn show() {
    each_line(&["show"]);
    each_line(&["show", "--visual"]);
}

/// `compare` and `build` take their inputs as arguments, which Linux limits to 128 KiB each
/// (MAX_ARG_STRLEN): 100 KB arguments.
#[test]
fn arguments_as_long_as_allowed() {
    let long = |unit: &str| fill(unit, 100_000);
    // 16,000 segments each: "%41/./" is 96 KB of them, "A/" 32 KB.
    let a = format!("http://example.org/{}", "%41/./".repeat(16_000));
    let b = format!("http://example.org/{}", "A/".repeat(16_000));
    let out = iri(&["compare", "--level", "syntax", &a, &b]);
    // RFC 3987 §5.3.2.3 decodes %41 to "A" and §5.3.2.4 removes the "." segments: equivalent.
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = long("a/b c?d#");
    let pair = format!("k={text}");
    let out = iri(&[
        "build",
        "--scheme",
        "http",
        "--host",
        "example.org",
        "--segment",
        &text,
        "--query-pair",
        &pair,
        "--fragment",
        &text,
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
