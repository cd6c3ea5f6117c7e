//! The measured loops of the benchmarks, run once, for counting: `benches/callgrind.sh` runs
//! this binary under `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=count::measured`,
//! so that the instruction counts cover the loop and nothing else (not the reading and
//! preparing of the inputs), and the binary itself counts the heap allocations made inside the
//! loop. Instructions do not depend on the load of a shared machine; the clock ratios come from
//! criterion (`benches/parse.rs`, `benches/passes.rs`).
//!
//! ```text
//! count OPERATION CRATE [LINES]    parse-mixed | parse-nonascii | parse-iris | to-uri |
//!                                  normalize | resolve | validate-mixed | validate-nonascii |
//!                                  reject-mixed | reject-nonascii, on the first LINES lines
//!                                  (20,000; reject: each with a space in its middle)
//! count linecheck FILE             the oxiri line checker `iri check` is measured against
//! count time OPERATION [ROUNDS]     best times of rfc3987 and oxiri, alternating (50 rounds)
//! ```
//!
//! `unsafe` is needed here, and only here: implementing `GlobalAlloc` is an unsafe trait.

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::io::BufRead;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

mod common;
use common::work::{self, Crate};

struct Counting;
static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if COUNTING.load(Ordering::Relaxed) {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The loop callgrind counts: entering this function turns collection on, leaving it off.
#[inline(never)]
fn measured(run: &dyn Fn() -> usize) -> usize {
    COUNTING.store(true, Ordering::Relaxed);
    let result = black_box(run());
    COUNTING.store(false, Ordering::Relaxed);
    result
}

/// The oxiri line checker: every line of a file parsed as an IRI reference, the invalid ones
/// counted — the least a batch checker must do, written as a user would in 30 lines.
fn linecheck(path: &str) -> usize {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut invalid = 0;
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("a line of UTF-8");
        if oxiri::IriRef::parse(line.as_str()).is_err() {
            invalid += 1;
        }
    }
    println!("{invalid} invalid");
    invalid
}

/// The corpus an operation reads: iris-nonascii.txt for `*-nonascii`, else iris-mixed-100k.txt.
fn corpus_of(operation: &str) -> String {
    common::corpus(if operation.ends_with("nonascii") {
        "iris-nonascii.txt"
    } else {
        "iris-mixed-100k.txt"
    })
}

/// The first `limit` lines of `text`, each with a space in its middle for `reject-*`.
fn lines_of(operation: &str, text: &str, limit: Option<usize>) -> Vec<String> {
    let lines = common::lines(text, limit);
    if operation.starts_with("reject") {
        common::with_space(&lines)
    } else {
        lines.into_iter().map(str::to_string).collect()
    }
}

/// Time on a shared machine: the loops of `operation` (parse-*, validate-*, reject-*) for
/// rfc3987 and oxiri over every line of the corpus, run one after the other in `rounds`
/// alternating rounds; the best time of each, and their ratio. The best of many interleaved
/// rounds is what moves least with the load of other machines' work (criterion's medians moved
/// by 30% between runs of the same build there).
fn best_times(operation: &str, rounds: usize) {
    let text = corpus_of(operation);
    let lines = lines_of(operation, &text, None);
    let lines: &[&str] = &lines.iter().map(String::as_str).collect::<Vec<_>>();
    let run = |krate| match operation.split('-').next() {
        Some("parse") => work::parse(krate, lines),
        Some("validate" | "reject") => work::validate(krate, lines),
        _ => panic!("time: parse-*, validate-* or reject-*"),
    };
    let crates = [Crate::Rfc3987, Crate::Oxiri];
    let mut best = [f64::MAX; 2];
    for _ in 0..rounds {
        for (i, &krate) in crates.iter().enumerate() {
            let start = std::time::Instant::now();
            black_box(run(krate));
            best[i] = best[i].min(start.elapsed().as_secs_f64());
        }
    }
    println!(
        "{operation} ({} lines, best of {rounds}): rfc3987 {:.3} ms, oxiri {:.3} ms, {:.2}x",
        lines.len(),
        best[0] * 1e3,
        best[1] * 1e3,
        best[0] / best[1]
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let usage = "usage: count OPERATION CRATE [LINES] | count linecheck FILE | count time OPERATION [ROUNDS]";
    let operation = args.first().expect(usage).as_str();
    if operation == "linecheck" {
        linecheck(args.get(1).expect(usage));
        return;
    }
    if operation == "time" {
        let rounds = args.get(2).map_or(50, |n| n.parse().expect("a number of rounds"));
        best_times(args.get(1).expect(usage), rounds);
        return;
    }
    let krate = Crate::from_name(args.get(1).expect(usage))
        .expect("a crate: rfc3987, grammar, oxiri, iri-string, fluent-uri, url");
    let limit = Some(
        args.get(2)
            .map_or(20_000, |n| n.parse().expect("a number of lines")),
    );
    let mut bytes = 0;
    let (items, result) = match operation {
        "parse-mixed" | "parse-nonascii" | "parse-iris" => {
            let text = corpus_of(operation);
            let mut lines = common::lines(&text, limit);
            if operation == "parse-iris" {
                lines.retain(|l| rfc3987::Iri::parse(*l).is_ok());
            }
            (lines.len(), measured(&|| work::parse(krate, &lines)))
        }
        "validate-mixed" | "validate-nonascii" | "reject-mixed" | "reject-nonascii" => {
            let text = corpus_of(operation);
            let lines = lines_of(operation, &text, limit);
            let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
            bytes = lines.iter().map(|l| l.len()).sum();
            (lines.len(), measured(&|| work::validate(krate, &lines)))
        }
        "to-uri" | "normalize" => {
            let text = common::corpus("iris-nonascii.txt");
            let lines = common::iris(&common::lines(&text, limit));
            let parsed = work::Parsed::new(&lines);
            let run = if operation == "to-uri" {
                work::to_uri
            } else {
                work::normalize
            };
            (lines.len(), measured(&|| run(krate, &parsed)))
        }
        "resolve" => {
            let csv = common::corpus("relative_urls_cc_10k.csv");
            let pairs = common::resolve_pairs(&csv, limit);
            let bases = work::Bases::new(&pairs);
            (pairs.len(), measured(&|| work::resolve(krate, &bases)))
        }
        _ => panic!("{usage}"),
    };
    let allocations = ALLOCATIONS.load(Ordering::Relaxed);
    println!(
        "{operation} {}: {items} items, {bytes} bytes, {allocations} allocations ({:.2} per item), result {result}",
        krate.name(),
        allocations as f64 / items as f64
    );
}
