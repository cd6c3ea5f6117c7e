//! Hostile input (robustness issue): 10 MB inputs of the shapes that hurt parsers — one long
//! path, a long query, a long userinfo, thousands of "%", "[", ":" and "@", long dot segments,
//! long non-ASCII text — through every public function. Each call must return (no stack
//! overflow, no panic) and allocate no more than a constant times the input length, so that
//! neither time nor memory can grow quadratically: a quadratic pass over 10 MB would allocate
//! terabytes or never finish.
//!
//! The CLI commands get the same inputs in `cli/tests/hostile.rs`.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

#[cfg(feature = "legacy-charsets")]
use rfc3987::decode_legacy;
use rfc3987::grammar;
#[cfg(feature = "lint")]
use rfc3987::{check, lint};
use rfc3987::{
    decode, display_with, encode, equivalent, normalize, parse_tree, relativize, remove_dot_segments,
    resolve, split_references, to_iri, to_uri, to_uri_lenient, trim_ascii_whitespace, validate, Component,
    Iri, IriBuilder, IriRef, Level, NormalizeOptions, StartSymbol, ToIriOptions, ToUriOptions, UriRef,
};
#[cfg(feature = "bidi")]
use rfc3987::{display_form, visual_order};

/// Counts the bytes allocated (not freed) by each thread: the total work a call did on the
/// heap. The calls measured here start no thread (only the `arrow` batch functions do, which
/// this file does not call), so a call's allocations are its thread's, and the tests run in
/// parallel without counting each other's.
struct Counting;

thread_local! {
    // A const-initialized `Cell` without a destructor: using it never allocates.
    static ALLOCATED: Cell<usize> = const { Cell::new(0) };
}

/// Counts `size` bytes against this thread (not at all while it is being torn down).
fn count(size: usize) {
    let _ = ALLOCATED.try_with(|allocated| allocated.set(allocated.get() + size));
}

/// The bytes this thread has allocated so far.
fn thread_allocated() -> usize {
    ALLOCATED.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const TEN_MB: usize = 10 * 1024 * 1024;

/// At most this many bytes allocated per input byte. Outputs are a few times the input (a
/// percent-encoded character is three bytes for one; a String that doubles allocates twice
/// its final size). Lint is the costliest: on "%41%2f%C3%A9%c0%af" repeated it finds five
/// things in every 18 bytes, each with a message, a help and a fix (about 240 bytes allocated
/// per input byte, measured). A quadratic pass over 10 MB would be about a million times over.
const BYTES_PER_INPUT_BYTE: usize = 400;

/// Runs `f` on `input`, asserting linear allocation; `what` names the call in failures.
fn bounded<R>(what: &str, shape: &str, input_len: usize, f: impl FnOnce() -> R) -> R {
    let before = thread_allocated();
    let result = f();
    let allocated = thread_allocated() - before;
    assert!(
        allocated <= BYTES_PER_INPUT_BYTE * input_len.max(1024),
        "{what} on {shape}: {allocated} bytes allocated for {input_len} input bytes"
    );
    result
}

fn fill(unit: &str, len: usize) -> String {
    unit.repeat(len / unit.len())
}

/// Valid IRI references of 10 MB, one per hostile shape.
fn valid_shapes() -> Vec<(&'static str, String)> {
    vec![
        ("long path", format!("http://example.org/{}", fill("ab/", TEN_MB))),
        (
            "long query",
            format!("http://example.org/?{}", fill("q=é&", TEN_MB)),
        ),
        (
            "long userinfo",
            format!("http://{}@example.org/", fill("u:", TEN_MB)),
        ),
        ("long host", format!("http://{}/", fill("a.", TEN_MB))),
        (
            "many %HH",
            format!("http://example.org/{}", fill("%41%2f%C3%A9%c0%af", TEN_MB)),
        ),
        ("many : and @", format!("a:{}", fill(":@", TEN_MB))),
        (
            "dot segments",
            format!("http://example.org/{}", fill("./../a/", TEN_MB)),
        ),
        (
            "non-ASCII path",
            format!("http://例え.テスト/{}", fill("résumé/ドキュメント/", TEN_MB)),
        ),
        (
            "right-to-left",
            format!("http://ab.גדהוזח.ij/{}", fill("kl/מנ/", TEN_MB)),
        ),
    ]
}

/// Invalid inputs of 10 MB: thousands of the characters that open or escape something.
fn invalid_shapes() -> Vec<(&'static str, String)> {
    vec![
        ("bare %", format!("http://example.org/{}", fill("%", TEN_MB))),
        ("many [", format!("http://{}", fill("[", TEN_MB))),
        ("unclosed IPv6", format!("http://[{}", fill("1:", TEN_MB))),
        (
            "many spaces",
            format!("http://example.org/{}", fill("a ", TEN_MB)),
        ),
        ("many #", format!("a:#{}", fill("#", TEN_MB))),
    ]
}

#[test]
fn parse_and_validate_every_start_symbol() {
    for (shape, input) in valid_shapes().into_iter().chain(invalid_shapes()) {
        let n = input.len();
        let valid = bounded("IriRef::parse", shape, n, || {
            IriRef::parse(input.as_str()).is_ok()
        });
        for symbol in common::START_SYMBOLS {
            // A URI symbol rejects non-ASCII input after the grammar has run on all of it (the
            // error is the grammar's when it comes first): 1 MB of those is enough to show
            // linearity and keeps the suite fast.
            let input = match symbol.is_uri() && !input.is_ascii() {
                true => {
                    &input[..(0..=1 << 20)
                        .rev()
                        .find(|&i| input.is_char_boundary(i))
                        .unwrap_or(0)]
                }
                false => input.as_str(),
            };
            bounded("validate", shape, input.len(), || validate(input, symbol).is_ok());
        }
        if !valid {
            // The error comes from the grammar, and its Display shows a window, not 10 MB.
            let err = bounded("IriRef::parse error", shape, n, || {
                IriRef::parse(input.as_str()).unwrap_err()
            });
            let shown = bounded("ParseError Display", shape, n, || err.to_string());
            assert!(
                shown.len() < 1000,
                "{shape}: {} bytes of error message",
                shown.len()
            );
        }
    }
}

#[test]
fn grammar_path_and_parse_tree() {
    // The grammar path is about 20 times slower than the scanner; two shapes at 10 MB stand for
    // the rest (they share its rules), and the parse tree, whose text is many times the input,
    // is built on 1 MB.
    for (shape, input) in valid_shapes().into_iter().take(2) {
        let n = input.len();
        let parsed = bounded("parse_with_grammar", shape, n, || {
            IriRef::parse_with_grammar(input.as_str())
        });
        assert_eq!(parsed.ok(), IriRef::parse(input.as_str()).ok(), "{shape}");
        let one_mb: String = input.chars().take(1 << 20).collect();
        let tree = bounded("parse_tree", shape, one_mb.len(), || {
            parse_tree(&one_mb, StartSymbol::IriReference)
        });
        assert!(tree.is_ok(), "{shape}");
    }
}

/// Every ABNF rule on its own (`rfc3987::grammar`, the grammar read as ABNF): linear whatever
/// the rule and the input. 1 MB of each shape: most rules stop after a few characters, the
/// start symbols read all of it.
#[test]
fn every_rule_alone() {
    for (shape, input) in valid_shapes().into_iter().chain(invalid_shapes()) {
        let end = (0..=1 << 20)
            .rev()
            .find(|&i| input.is_char_boundary(i))
            .unwrap_or(0);
        let input = &input[..end];
        for rule in grammar::rules() {
            let checked = bounded("grammar::check", shape, end, || grammar::check(rule, input));
            if let Err(e) = checked {
                let shown = bounded("ParseError Display", shape, end, || e.to_string());
                assert!(shown.len() < 1000, "{shape}, {rule:?}: {} bytes", shown.len());
            }
            let name = grammar::abnf_name(rule);
            bounded("rfc3987::matches", shape, end, || rfc3987::matches(name, input)).unwrap();
        }
        bounded("grammar::parse_tree", shape, end, || {
            grammar::parse_tree(grammar::Rule::IRI_reference, input)
        })
        .ok();
    }
}

#[test]
fn mapping_in_both_directions() {
    let plain = ToUriOptions::new();
    #[cfg(feature = "idna")]
    let idna = ToUriOptions::new().idna(true);
    let lenient = ToUriOptions::new().lenient(true);
    let to_unicode = ToIriOptions::new();
    #[cfg(feature = "idna")]
    let to_unicode = to_unicode.idn_unicode(true);
    for (shape, input) in valid_shapes() {
        let n = input.len();
        let iri = IriRef::parse(input.as_str()).unwrap_or_else(|e| panic!("{shape}: {e}"));
        let uri = bounded("to_uri", shape, n, || to_uri(&iri, &plain)).expect("no option can fail");
        // ToASCII of a 10 MB host fails (DNS limits), with an error, not a panic.
        #[cfg(feature = "idna")]
        let _ = bounded("to_uri idna", shape, n, || to_uri(&iri, &idna));
        let _ = bounded("to_uri_lenient", shape, n, || to_uri_lenient(&input, &lenient));
        let back = bounded("to_iri", shape, uri.as_str().len(), || {
            to_iri(&uri.view(), &to_unicode)
        });
        assert!(back.as_str().len() <= uri.as_str().len(), "{shape}");
    }
    for (shape, input) in invalid_shapes() {
        let n = input.len();
        let _ = bounded("to_uri_lenient", shape, n, || to_uri_lenient(&input, &lenient));
        let _ = bounded("UriRef::parse", shape, n, || {
            UriRef::parse(input.as_str()).is_ok()
        });
    }
    #[cfg(feature = "legacy-charsets")]
    {
        let latin1 = fill("r\u{e9}sum\u{e9} ", TEN_MB);
        let bytes: Vec<u8> = latin1.chars().map(|c| c as u8).collect();
        bounded("decode_legacy", "latin-1 text", bytes.len(), || {
            decode_legacy(&bytes, "iso-8859-1")
        })
        .expect("latin-1 decodes everything");
    }
    let spaced = format!("  {}  ", fill("http://a/ b\t", TEN_MB));
    let count = bounded("split_references", "spaced", spaced.len(), || {
        split_references(&spaced).count()
    });
    assert!(count > 0);
    assert_eq!(trim_ascii_whitespace(&spaced).len(), spaced.trim().len());
}

#[test]
fn normalize_compare_resolve() {
    let base = Iri::parse("http://a/b/c/d;p?q").expect("RFC 3986 §5.4 base");
    for (shape, input) in valid_shapes() {
        let n = input.len();
        let iri = IriRef::parse(input.as_str()).unwrap_or_else(|e| panic!("{shape}: {e}"));
        #[cfg_attr(not(any(feature = "nfc", feature = "idna")), allow(unused_mut))]
        let mut all_options = vec![
            NormalizeOptions::new(Level::Syntax),
            NormalizeOptions::new(Level::Scheme),
        ];
        // With the features that have them, §5.3.2.2 NFC and §5.3.3 IDN normalization too.
        #[cfg(any(feature = "nfc", feature = "idna"))]
        all_options.push({
            let options = NormalizeOptions::new(Level::Scheme);
            #[cfg(feature = "nfc")]
            let options = options.nfc(true);
            #[cfg(feature = "idna")]
            let options = options.idn(true);
            options
        });
        for options in all_options {
            let once = bounded("normalize", shape, n, || normalize(&iri, &options));
            let twice = bounded("normalize again", shape, n, || normalize(&once, &options));
            assert_eq!(once, twice, "{shape}: normalization is idempotent");
        }
        assert!(bounded("equivalent", shape, n, || equivalent(
            &iri,
            &iri,
            Level::Scheme
        )));
        let resolved = bounded("resolve", shape, n, || resolve(&base, &iri));
        let _ = bounded("remove_dot_segments", shape, n, || {
            remove_dot_segments(iri.path().as_str())
        });
        // The edits reparse the whole reference: linear too. A path, query or fragment as
        // long as the input, put back where it was.
        let _ = bounded("with_path", shape, n, || iri.with_path(iri.path().as_str()));
        let _ = bounded("with_query", shape, n, || iri.with_query(Some(&input)));
        let _ = bounded("with_fragment", shape, n, || iri.with_fragment(Some(&input)));
        let _ = bounded("with_authority", shape, n, || iri.with_authority(Some(&input)));
        let _ = bounded("narrowing", shape, n, || Iri::try_from(iri).is_ok());
        if let Ok(target) = Iri::parse(input.as_str()) {
            let _ = bounded("relativize", shape, n, || relativize(&base, &target));
            let _ = bounded("relativize to itself", shape, n, || {
                relativize(&target, &resolved)
            });
        }
    }
}

#[test]
fn checks_and_presentation() {
    for (shape, input) in valid_shapes().into_iter().chain(invalid_shapes()) {
        let n = input.len();
        #[cfg(feature = "lint")]
        let _ = bounded("lint", shape, n, || lint(&input));
        let Ok(iri) = IriRef::parse(input.as_str()) else {
            continue;
        };
        #[cfg(feature = "lint")]
        let _ = bounded("check", shape, n, || check(&iri));
        #[cfg(feature = "bidi")]
        let _ = bounded("display_form", shape, n, || display_form(&iri, false).len());
        #[cfg(feature = "bidi")]
        let _ = bounded("visual_order", shape, n, || visual_order(&iri));
        let _ = bounded("display_with", shape, n, || display_with(&iri, |c| c.is_ascii()));
        let _ = bounded("decode", shape, n, || decode(iri.path().as_str()));
    }
}

#[test]
fn building() {
    for (shape, text) in [
        ("delimiters", fill("a/b c?d#e%f[g]@:", TEN_MB)),
        ("non-ASCII", fill("résumé ドキュメント ", TEN_MB)),
    ] {
        let n = text.len();
        for component in [
            Component::Userinfo,
            Component::RegName,
            Component::Segment,
            Component::Query,
            Component::QueryPart,
            Component::Fragment,
        ] {
            let encoded = bounded("encode", shape, n, || encode(&text, component));
            assert!(bounded("Component::check", shape, n, || component.check(&encoded)).is_ok());
            assert_eq!(
                decode(&encoded).as_deref(),
                Ok(text.as_str()),
                "{shape} {component:?}"
            );
        }
        let built = bounded("IriBuilder", shape, n, || {
            IriBuilder::new()
                .scheme("http")
                .userinfo(&text)
                .host(&text)
                .segment(&text)
                .query_pair(&text, &text)
                .fragment(&text)
                .build()
        });
        assert!(built.is_ok(), "{shape}");
    }
}
