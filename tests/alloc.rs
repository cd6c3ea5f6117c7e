//! The fast path parses a valid IRI without touching the heap (performance issue target),
//! counted with a global allocator that counts. This file holds one test, so no other test
//! thread allocates while it counts.
//!
//! `unsafe` is needed here, and only here: implementing `GlobalAlloc` is an unsafe trait. The
//! library itself forbids unsafe code.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use rfc3987::{IriRef, StartSymbol};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator; the counter is atomic.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    f();
    ALLOCATIONS.load(Ordering::SeqCst) - before
}

#[test]
fn valid_iris_parse_without_allocating() {
    let text = common::corpus("bench/iris-nonascii.txt");
    let mixed = common::corpus("bench/iris-mixed-100k.txt");
    let lines: Vec<&str> = text
        .lines()
        .take(25_000)
        .chain(mixed.lines().take(25_000))
        .collect();
    // Which lines are valid is decided before counting (the grammar path allocates errors).
    let valid: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| IriRef::parse(*l).is_ok())
        .collect();
    assert!(valid.len() > 40_000, "{} valid", valid.len());
    let fast = allocations_during(|| {
        for line in &valid {
            let iri = IriRef::parse(*line).unwrap();
            std::hint::black_box(iri.authority().map(|a| a.host()));
            rfc3987::validate(line, StartSymbol::Iri).ok();
        }
    });
    assert_eq!(fast, 0, "allocations on the fast path for {} IRIs", valid.len());

    // The checks of RFC 3987 §4-§8 on clean ASCII IRIs (no finding) allocate nothing either.
    let clean: Vec<IriRef<&str>> = valid
        .iter()
        .filter(|l| l.is_ascii())
        .map(|l| IriRef::parse(*l).unwrap())
        .filter(|iri| rfc3987::check(iri).is_empty())
        .collect();
    assert!(clean.len() > 10_000, "{} clean ASCII IRIs", clean.len());
    let checks = allocations_during(|| {
        for iri in &clean {
            std::hint::black_box(rfc3987::check(iri));
        }
    });
    assert_eq!(checks, 0, "allocations while checking {} clean IRIs", clean.len());

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
