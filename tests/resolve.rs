//! Reference resolution (RFC 3986 §5.2, applied to IRIs by RFC 3987 §6.5), checked against the
//! RFC's own examples and against a literal transcription of its pseudo-code.

use crate::common;

use std::cell::Cell;

use proptest::prelude::*;
use rfc3987::{remove_dot_segments, resolve, Iri, IriRef};

#[path = "common/reference_resolution.rs"]
mod reference;

/// Resolves with the library and checks that the result's components are those of the same
/// text parsed afresh (the spans recorded during recomposition are right).
fn library(base: &str, reference: &str) -> String {
    let base = Iri::parse(base).unwrap();
    let target = resolve(&base, &IriRef::parse(reference).unwrap());
    let reparsed = Iri::parse(target.as_str()).unwrap_or_else(|e| panic!("result is not an IRI: {e}"));
    assert_eq!(target.scheme(), reparsed.scheme());
    assert_eq!(target.authority(), reparsed.authority());
    assert_eq!(target.path(), reparsed.path());
    assert_eq!(target.query(), reparsed.query());
    assert_eq!(target.fragment(), reparsed.fragment());
    target.to_string()
}

/// tests/data/corpus/rfc-examples/rfc3986-5.4-resolution.tsv: RFC 3986 §5.4.1 and §5.4.2.
///
/// The non-strict resolver of §5.2.2 gives the same targets, except where the reference's
/// scheme is the base's, where the table's note gives the "backward-compatible (non-strict)"
/// target (`http:g` -> `http://a/b/c/g`).
#[test]
fn rfc3986_section_5_4_examples() {
    let tsv = common::corpus("rfc-examples/rfc3986-5.4-resolution.tsv");
    let (mut checked, mut non_strict_differ) = (0, 0);
    for line in tsv.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (base, reference, expected, note) = (cols[0], cols[1], cols[2], cols[4]);
        let non_strict = match note.split_once("non-strict) resolver yields ") {
            Some((_, target)) => {
                non_strict_differ += 1;
                target
            }
            None => expected,
        };
        let (b, r) = (Iri::parse(base).unwrap(), IriRef::parse(reference).unwrap());
        assert_eq!(
            rfc3987::resolve_non_strict(&b, &r),
            non_strict,
            "non-strict: {reference}"
        );
        assert_eq!(
            library(base, reference),
            expected,
            "{base} + {reference:?} (§{})",
            cols[3]
        );
        assert_eq!(
            reference::resolve(base, reference),
            expected,
            "reference implementation"
        );
        checked += 1;
    }
    assert_eq!((checked, non_strict_differ), (42, 1));
}

/// RFC 3986 §5.2.4's own examples of remove_dot_segments.
#[test]
fn remove_dot_segments_examples() {
    assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
    assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
    for (input, expected) in [
        ("", ""),
        (".", ""),
        ("..", ""),
        ("/..", "/"),
        ("/.", "/"),
        ("a/..", "/"),
        ("../a", "a"),
    ] {
        assert_eq!(remove_dot_segments(input), expected, "{input:?}");
        assert_eq!(reference::remove_dot_segments(input), expected, "{input:?}");
    }
}

/// The result never turns a path into an authority: base `a:/` with `/.//.` gives `a:/.//`
/// (remove_dot_segments yields "//", which recomposition would read back as an empty authority).
#[test]
fn path_never_becomes_authority() {
    assert_eq!(library("a:/", "/.//."), "a:/.//");
    assert_eq!(library("a:/", "/.//b"), "a:/.//b");
    // merge gives "x/..//c"; "/../" drops "x" and leaves "//c".
    assert_eq!(library("a:b", "x/..//c"), "a:/.//c");
    assert_eq!(library("http://h/a", "/.//b"), "http://h//b");
}

/// §5.2.4 runs on the merged path (§5.2.3), whose first part, the base's directory, may hold
/// dot segments itself; the steps cross from that part into the reference's path.
#[test]
fn dot_segments_in_the_base_directory() {
    // merge: "/b/./c/" + "g"; B turns "/./" into "/".
    assert_eq!(library("http://a/b/./c/d", "g"), "http://a/b/c/g");
    // merge: "/b/../c/" + "../g"; C removes "/b", then "/c" (its ".." is the reference's).
    assert_eq!(library("http://a/b/../c/d", "../g"), "http://a/g");
    // merge: "./x/" + "."; A drops "./", E moves "x", B turns the final "/." into "/".
    assert_eq!(library("foo:./x/y", "."), "foo:x/");
    // merge: "../a/" + ".."; A drops "../", E moves "a", C empties the output, E moves "/".
    assert_eq!(library("foo:../a/", ".."), "foo:/");
}

#[test]
fn non_ascii_references() {
    assert_eq!(
        library("http://例え.テスト/a/b", "../ü?q#f"),
        "http://例え.テスト/ü?q#f"
    );
    assert_eq!(library("http://a/b?q\u{E000}", "#x"), "http://a/b?q\u{E000}#x");
    assert_eq!(library("http://a/b#base-fragment", ""), "http://a/b");
}

/// tests/data/corpus/bench-sample/relative_urls_cc_2500.csv (oxiri's benchmark: Common Crawl pairs, no
/// expected values): the library agrees with the reference transcription on every pair whose
/// base is an IRI and whose reference is an IRI reference.
#[test]
fn common_crawl_pairs_agree_with_reference() {
    let csv = common::corpus("bench-sample/relative_urls_cc_2500.csv");
    let mut checked = 0;
    for line in csv.lines().skip(1) {
        let Some((base, reference)) = line.split_once(',') else {
            continue;
        };
        if Iri::parse(base).is_err() || IriRef::parse(reference).is_err() {
            continue;
        }
        assert_eq!(
            library(base, reference),
            reference::resolve(base, reference),
            "{base} + {reference}"
        );
        checked += 1;
    }
    // Of the 2,500 pairs, more than four in five are an IRI and an IRI reference.
    assert!(checked > 2_000, "only {checked} valid pairs");
}

/// Path segments that matter to §5.2.3 and §5.2.4: dot segments, empty ones (so "//"), a
/// segment with ":" (which needs "./" at the start of a relative path, RFC 3986 §4.2), percent-
/// encodings, non-ASCII and non-BMP characters.
const SEGMENTS: &[&str] = &["a", "b", "é", ".", "..", "g:h", "%41", ":", "", "\u{10300}"];

fn path() -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        proptest::collection::vec(proptest::sample::select(SEGMENTS), 0..5),
    )
        .prop_map(|(absolute, segments)| {
            let joined = segments.join("/");
            if absolute {
                format!("/{joined}")
            } else {
                joined
            }
        })
}

fn query_and_fragment() -> impl Strategy<Value = String> {
    let query = proptest::option::of(proptest::collection::vec(
        proptest::sample::select(vec!["q", "/", "?", "é", "%41", ":", "@", "\u{E000}"]),
        0..3,
    ));
    let fragment = proptest::option::of(proptest::collection::vec(
        proptest::sample::select(vec!["f", "/", "?", "é", ":"]),
        0..3,
    ));
    (query, fragment).prop_map(|(q, f)| {
        let mut s = String::new();
        if let Some(q) = q {
            s.push('?');
            s.push_str(&q.concat());
        }
        if let Some(f) = f {
            s.push('#');
            s.push_str(&f.concat());
        }
        s
    })
}

/// `head` (scheme, and authority when it ends with one) + `path` + `rest`, with the path kept
/// a path: "/" before it after an authority, "/." before a "//" without one, "./" before a
/// first segment with ":" in a relative reference.
fn join(head: &str, path: &str, rest: &str) -> String {
    let has_authority = head.contains("//");
    let path = if has_authority && !path.is_empty() && !path.starts_with('/') {
        format!("/{path}")
    } else if !has_authority && path.starts_with("//") {
        format!("/.{path}")
    } else if head.is_empty() && path.split('/').next().is_some_and(|s| s.contains(':')) {
        format!("./{path}")
    } else {
        path.to_string()
    };
    format!("{head}{path}{rest}")
}

/// Base IRIs (a scheme is required, RFC 3986 §5.1), each valid by construction.
fn base_iri() -> impl Strategy<Value = String> {
    let head = proptest::sample::select(vec![
        "http://h",
        "a:",
        "s://u@[::1]:8",
        "x:",
        "s://[v1.a]",
        "http://例え.テスト",
    ]);
    (head, path(), query_and_fragment()).prop_map(|(head, path, rest)| join(head, &path, &rest))
}

/// IRI references of every form of RFC 3986 §4.2 and §4.3: relative paths, absolute paths,
/// network paths ("//host…"), and references with a scheme, each valid by construction.
fn reference_iri() -> impl Strategy<Value = String> {
    let head = proptest::sample::select(vec![
        "", "", "", "g:", "http:", "a:", "//g", "//é", "//u@h:8", "//", "//[::1]",
    ]);
    (head, path(), query_and_fragment()).prop_map(|(head, path, rest)| join(head, &path, &rest))
}

/// The library agrees with the literal transcription of §5.2 on 10,000 generated pairs.
#[test]
fn agrees_with_reference_transcription() {
    let ran = common::run((base_iri(), reference_iri()), |(base, reference)| {
        prop_assert!(
            Iri::parse(base.as_str()).is_ok(),
            "generated base {} is not an IRI",
            base
        );
        prop_assert!(
            IriRef::parse(reference.as_str()).is_ok(),
            "generated reference {} is not an IRI reference",
            reference
        );
        prop_assert_eq!(library(&base, &reference), reference::resolve(&base, &reference));
        Ok(())
    });
    assert_eq!(ran, 10_000);
}

fn relative(base: &str, target: &str) -> Option<String> {
    let (base, target) = (Iri::parse(base).unwrap(), Iri::parse(target).unwrap());
    let r = rfc3987::relativize(&base, &target)?;
    assert_eq!(
        resolve(&base, &r).as_str(),
        target.as_str(),
        "{r} does not resolve back"
    );
    Some(r.to_string())
}

/// Relativize gives the shortest reference that resolves back (ties: the first of its documented
/// candidate order); expectations reasoned with §5.2.2 from base "http://a/b/c/d;p?q", whose
/// directory is "/b/c/".
#[test]
fn relativize_examples() {
    let base = "http://a/b/c/d;p?q";
    // Same path and query: the empty reference takes both from the base.
    assert_eq!(relative(base, "http://a/b/c/d;p?q").as_deref(), Some(""));
    assert_eq!(relative(base, "http://a/b/c/d;p?q#s").as_deref(), Some("#s"));
    // Same path, other query: "?y" keeps the base path (§5.2.2, R.path empty).
    assert_eq!(relative(base, "http://a/b/c/d;p?y").as_deref(), Some("?y"));
    // No query: "" would keep the base's "?q", so the last segment is needed.
    assert_eq!(relative(base, "http://a/b/c/d;p").as_deref(), Some("d;p"));
    assert_eq!(relative(base, "http://a/b/c/g").as_deref(), Some("g"));
    assert_eq!(relative(base, "http://a/b/c/").as_deref(), Some("."));
    // "../g" and "/b/g" both resolve to it and both have 4 characters: the climbing candidate
    // comes first in the documented order.
    assert_eq!(relative(base, "http://a/b/g").as_deref(), Some("../g"));
    // "../../g" (7 characters) and "/g" (2) both resolve to it: the absolute path is shorter.
    assert_eq!(relative(base, "http://a/g").as_deref(), Some("/g"));
    // "../x/y" and "/b/x/y": 6 characters each, the climbing candidate first again.
    assert_eq!(relative(base, "http://a/b/x/y").as_deref(), Some("../x/y"));
    // Deeper base: from directory "/b/c/d/e/", "../../../x" (10) against "/b/x" (4).
    assert_eq!(
        relative("http://a/b/c/d/e/f", "http://a/b/x").as_deref(),
        Some("/b/x")
    );
    assert_eq!(relative(base, "http://g/x").as_deref(), Some("//g/x"));
    // §5.2.3: a base with an authority and an empty path merges "x" as "/x", so "x" (one
    // character shorter than "/x") resolves to it.
    assert_eq!(relative("http://a", "http://a/x").as_deref(), Some("x"));
    assert_eq!(relative(base, "https://a/b").as_deref(), Some("https://a/b"));
    // A first segment with ":" would read as a scheme: "./" keeps it a path.
    assert_eq!(relative("urn:x:y", "urn:x:z").as_deref(), Some("./x:z"));
    // Dot segments in the target cannot come out of resolution.
    assert_eq!(relative(base, "http://a/b/../c"), None);
}

/// Issue 23: a relative path whose first segment is empty is written with "./" in front (RFC
/// 3986 §4.2: "./" is how a first segment that would otherwise be misread is written; without
/// it "//b" would read as an authority), and that can be shorter than the absolute path.
#[test]
fn relativize_dot_segment_before_an_empty_first_segment() {
    // Base "s://ex/a/", target "s://ex/a///b". §5.2.2: ".///b" has no scheme, no authority and
    // a path not starting with "/", so T.path = remove_dot_segments(merge(Base.path, R.path)).
    // §5.2.3 merge: the base path "/a/" up to its right-most "/" is "/a/", so the merged path
    // is "/a/.///b". §5.2.4 on it: E moves "/a" (output "/a", input "/.///b"); B replaces the
    // prefix "/./" with "/" (input "///b"); E moves "/", "/", "/b" one after the other
    // (output "/a///b"). So ".///b" (5 characters) resolves to the target, shorter than the
    // absolute path "/a///b" (6). Without the "./", "//b" would be a network-path reference
    // (authority "b"), and "/.//b" an absolute path giving "//b".
    assert_eq!(relative("s://ex/a/", "s://ex/a///b").as_deref(), Some(".///b"));
    // Base "s://ex/a/b", target "s://ex/a//b/c". §5.2.3: the base path "/a/b" up to its
    // right-most "/" is "/a/", merged "/a/.//b/c". §5.2.4: E moves "/a"; B turns "/.//b/c"
    // into "//b/c"; E moves "/", "/b", "/c": "/a//b/c". So ".//b/c" (6) resolves to it, against
    // "/a//b/c" (7) for the absolute path; "/b/c" (the path below the directory as it is)
    // would be an absolute path giving "/b/c".
    assert_eq!(relative("s://ex/a/b", "s://ex/a//b/c").as_deref(), Some(".//b/c"));
    // Base "s://ex/a/b/c/d", target "s://ex//b": below the directory "/a/b/c/" nothing, and
    // climbing is "../../..//b" (11). The absolute path "//b" cannot be written as it is (it
    // would read as an authority), but "/.//b" can: §5.2.2 takes an absolute path as it is and
    // §5.2.4 B turns "/.//b" into "//b". 5 characters, shorter than "//ex//b" (7).
    assert_eq!(relative("s://ex/a/b/c/d", "s://ex//b").as_deref(), Some("/.//b"));
    // Base "s://ex/a/b/c", target "s://ex/a/": climbing one directory needs no trailing "/".
    // §5.2.3: merged "/a/b/.."; §5.2.4: E moves "/a", "/b"; C replaces the final "/.." with
    // "/" and removes "/b" from the output; E moves "/": "/a/". So ".." (2) is enough, where
    // "../" (3) was given, and shorter than "/a/" (3).
    assert_eq!(relative("s://ex/a/b/c", "s://ex/a/").as_deref(), Some(".."));
}

/// Relativize gives the shortest reference there is: every string of up to 6 characters over
/// "ab/.:?" that is an IRI reference is resolved against each base, and for every target so
/// reached, relativize's answer is no longer than the shortest of those strings (a brute-force
/// candidate set: a reference missed by relativize's own candidates shows up here).
#[test]
fn relativize_is_as_short_as_brute_force() {
    const ALPHABET: &[u8] = b"ab/.:?";
    const MAX: usize = 6;
    let mut strings: Vec<String> = vec![String::new()];
    let mut last = strings.clone();
    for _ in 0..MAX {
        let next: Vec<String> = last
            .iter()
            .flat_map(|s| ALPHABET.iter().map(move |&c| format!("{s}{}", c as char)))
            .collect();
        strings.extend(next.iter().cloned());
        last = next;
    }
    for base in [
        "s://ex/a/",
        "s://ex/a/b",
        "s://ex/a/b/c?q",
        "s://ex",
        "s:/a//b",
        "s:a/b",
        "s:",
    ] {
        let b = Iri::parse(base).unwrap();
        let mut shortest: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for s in &strings {
            if let Ok(r) = IriRef::parse(s.as_str()) {
                let target = resolve(&b, &r).to_string();
                let best = shortest.entry(target).or_insert(s.len());
                *best = (*best).min(s.len());
            }
        }
        for (target, best) in shortest {
            let t = Iri::parse(target.as_str()).unwrap();
            let r = rfc3987::relativize(&b, &t).unwrap_or_else(|| panic!("{base} -> {target}: none"));
            assert_eq!(resolve(&b, &r).as_str(), target, "{base}: {r}");
            assert!(
                r.as_str().len() <= best,
                "{base} -> {target}: relativize gives {r}, but a reference of {best} characters resolves to it"
            );
        }
    }
}

fn target_iri() -> impl Strategy<Value = String> {
    let head = proptest::sample::select(vec![
        "http://h",
        "http://g",
        "a:",
        "s://u@[::1]:8",
        "x:",
        "http://例え.テスト",
    ]);
    (head, path(), query_and_fragment()).prop_map(|(head, path, rest)| join(head, &path, &rest))
}

/// `resolve(b, relativize(b, t)) == t` (issue 4) on 10,000 generated pairs, and the reference is
/// never longer than the target itself or, on the same scheme and authority, than the target's
/// absolute path with its query and fragment ("/." in front of "//"; both are candidates).
#[test]
fn relativize_is_the_inverse_of_resolve() {
    let found = Cell::new(0);
    let ran = common::run((base_iri(), target_iri()), |(base, target)| {
        let b = Iri::parse(base.as_str()).map_err(|e| TestCaseError::fail(format!("{base}: {e}")))?;
        let t = Iri::parse(target.as_str()).map_err(|e| TestCaseError::fail(format!("{target}: {e}")))?;
        match rfc3987::relativize(&b, &t) {
            Some(r) => {
                prop_assert_eq!(resolve(&b, &r).to_string(), t.as_str());
                let length = r.as_str().chars().count();
                prop_assert!(length <= t.as_str().chars().count(), "{} longer than {}", r, t);
                let path = t.path().as_str();
                if b.scheme() == t.scheme()
                    && b.authority().map(|a| a.as_str()) == t.authority().map(|a| a.as_str())
                    && path.starts_with('/')
                {
                    // A path starting with "//" is written "/.//…" (§4.2, §5.2.4 step B).
                    let dot = if path.starts_with("//") { "/." } else { "" };
                    let mut absolute = format!("{dot}{path}");
                    if let Some(q) = t.query() {
                        absolute.push('?');
                        absolute.push_str(q);
                    }
                    if let Some(f) = t.fragment() {
                        absolute.push('#');
                        absolute.push_str(f);
                    }
                    prop_assert!(
                        length <= absolute.chars().count(),
                        "{} longer than {}",
                        r,
                        absolute
                    );
                }
                found.set(found.get() + 1);
            }
            // Only a target whose path loses something to remove_dot_segments is unreachable.
            None => prop_assert_ne!(remove_dot_segments(t.path().as_str()), t.path().as_str()),
        }
        Ok(())
    });
    assert_eq!(ran, 10_000);
    assert!(found.get() >= 5_000, "only {} targets reachable", found.get());
}
