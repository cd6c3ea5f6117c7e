//! The fast path parses a valid IRI without touching the heap (performance issue target),
//! counted with a global allocator that counts the allocations of the thread that asks for it
//! only: the test harness's main thread allocates when it reports a slow test, which once counted
//! four allocations against the fast path on a loaded machine. This file holds one test all the
//! same.
//!
//! `unsafe` is needed here, and only here: implementing `GlobalAlloc` is an unsafe trait. The
//! library itself forbids unsafe code.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use rfc3987::{IriRef, StartSymbol};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // A const-initialized `Cell` without a destructor: reading it never allocates.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

/// Counts one allocation if this thread is counting.
fn count() {
    if COUNTING.try_with(Cell::get).unwrap_or(false) {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is atomic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The allocations this thread makes while `f` runs.
fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    COUNTING.with(|c| c.set(true));
    f();
    COUNTING.with(|c| c.set(false));
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

#[test]
fn valid_iris_parse_without_allocating() {
    let text = common::corpus("bench-sample/iris-nonascii-10k.txt");
    let mixed = common::corpus("bench-sample/iris-mixed-10k.txt");
    let lines: Vec<&str> = text.lines().chain(mixed.lines()).collect();
    // Which lines are valid is decided before counting (the grammar path allocates errors).
    let valid: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| IriRef::parse(*l).is_ok())
        .collect();
    // The 20,000 lines are IRIs from RDF data (tests/data/corpus/SOURCES.md): nearly all valid.
    assert!(valid.len() > 19_000, "{} valid", valid.len());
    let fast = allocations_during(|| {
        for line in &valid {
            let iri = IriRef::parse(*line).unwrap();
            std::hint::black_box(iri.authority().map(|a| a.host()));
            rfc3987::validate(line, StartSymbol::Iri).ok();
        }
    });
    assert_eq!(fast, 0, "allocations on the fast path for {} IRIs", valid.len());

    #[cfg(feature = "lint")]
    checks_allocate_nothing(&valid);

    // The grammar path: pest builds its queue of tokens and its error bookkeeping on the heap.
    // Measured, not asserted to be zero; reported per IRI.
    let sample = &valid[..1000];
    let grammar = allocations_during(|| {
        for line in sample {
            std::hint::black_box(IriRef::parse_with_grammar(*line).unwrap());
        }
    });
    eprintln!(
        "grammar path: {:.1} allocations per IRI",
        grammar as f64 / sample.len() as f64
    );
    assert!(grammar > 0, "the count works: pest does allocate");
}

/// Part of the one test above (feature `lint`), not a test of its own: no other test thread
/// may allocate while it counts.
#[cfg(feature = "lint")]
fn checks_allocate_nothing(valid: &[&str]) {
    // The checks of RFC 3987 §4-§8 on clean ASCII IRIs (no finding) allocate nothing either.
    let clean: Vec<IriRef<&str>> = valid
        .iter()
        .filter(|l| l.is_ascii())
        .map(|l| IriRef::parse(*l).unwrap())
        .filter(|iri| rfc3987::check(iri).is_empty())
        .collect();
    // About nine in ten lines of the mixed sample are ASCII, and most of those have no finding.
    assert!(clean.len() > 9_000, "{} clean ASCII IRIs", clean.len());
    let checks = allocations_during(|| {
        for iri in &clean {
            std::hint::black_box(rfc3987::check(iri));
        }
    });
    assert_eq!(checks, 0, "allocations while checking {} clean IRIs", clean.len());

    // Clean IRIs with non-ASCII characters too (issue 5: "Clean input costs no allocation"):
    // the §4.2 components are walked lazily, NFC and NFKC are checked in place, and the host of
    // a scheme with DNS names goes through UTS #46 ToASCII on the stack. The §4.4 examples 1-7
    // (Hebrew labels and segments, RFC 3987 §4.4: allowed), Japanese with a query and a
    // fragment, a Latin-1 path, an IDN with an A-label (RFC 3492 §7.1 style "xn--" label that
    // decodes), and the clean non-ASCII lines of the corpus.
    let examples: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let mut non_ascii: Vec<&str> = vec![
        "http://例え.テスト/résumé?q=日本#frag",
        "http://ab.גדהוזח.ij/kl/mn/op.html",
        "https://例え.テスト/パス?クエリ=値#フラグメント",
        "http://résumé.example.org/",
        "http://xn--rsum-bpad.example.org/résumé",
    ];
    non_ascii.extend(
        examples
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["kind"] == "bidi_4.2" && e["example"].as_u64() <= Some(7))
            .map(|e| e["logical_hebrew"].as_str().unwrap()),
    );
    non_ascii.extend(valid.iter().filter(|l| !l.is_ascii()));
    let clean: Vec<IriRef<&str>> = non_ascii
        .iter()
        .map(|l| IriRef::parse(*l).unwrap())
        .filter(|iri| rfc3987::check(iri).is_empty())
        .collect();
    // The listed ones are clean (or a check has a false positive, or the list is wrong).
    for line in &non_ascii[..12] {
        assert_eq!(rfc3987::lint(line), [], "{line}");
    }
    assert!(clean.len() > 10_000, "{} clean non-ASCII IRIs", clean.len());
    let mut allocating = Vec::new();
    for iri in &clean {
        if allocations_during(|| {
            std::hint::black_box(rfc3987::check(iri));
        }) > 0
        {
            allocating.push(iri.as_str());
        }
    }
    assert!(
        allocating.is_empty(),
        "{} of {} clean non-ASCII IRIs allocate while checked, e.g. {:?}",
        allocating.len(),
        clean.len(),
        &allocating[..allocating.len().min(5)]
    );
    let lints = allocations_during(|| {
        for line in &non_ascii[..12] {
            std::hint::black_box(rfc3987::lint(line));
        }
    });
    assert_eq!(lints, 0, "allocations while linting clean non-ASCII IRIs");
}
