//! Shared by the benchmarks: the corpora of benches/data (gzip-compressed; see its SOURCES.md)
//! and short criterion settings (the machines are shared and noisy: compare crates within one
//! run, as ratios).
#![allow(dead_code)] // each benchmark uses part of this module

pub mod work;

use std::time::Duration;

use criterion::{BenchmarkGroup, Throughput};

/// The text of `benches/data/<name>.gz`, inflated in memory.
pub fn corpus(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(format!("{name}.gz"));
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut text = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(file), &mut text)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text
}

/// Ten samples of about three seconds each after one second of warm-up, throughput in bytes.
pub fn configure<M: criterion::measurement::Measurement>(group: &mut BenchmarkGroup<'_, M>, bytes: usize) {
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Bytes(bytes as u64));
}

/// The lines of `file` (all of them, or the first `limit`).
pub fn lines(text: &str, limit: Option<usize>) -> Vec<&str> {
    text.lines().take(limit.unwrap_or(usize::MAX)).collect()
}

/// The lines that rfc3987, iri-string and fluent-uri all accept as an IRI, so that the passes
/// after parsing (to-URI, normalize) do the same work in every crate.
pub fn iris<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    lines
        .iter()
        .copied()
        .filter(|l| {
            rfc3987::Iri::parse(*l).is_ok()
                && iri_string::types::IriStr::new(l).is_ok()
                && fluent_uri::Iri::parse(*l).is_ok()
        })
        .collect()
}

/// The (base, reference) pairs of relative_urls_cc_10k.csv that every crate accepts (base as an
/// IRI, reference as an IRI reference).
pub fn resolve_pairs(csv: &str, limit: Option<usize>) -> Vec<(&str, &str)> {
    csv.lines()
        .skip(1)
        .take(limit.unwrap_or(usize::MAX))
        .filter_map(|l| l.split_once(','))
        .filter(|(base, reference)| {
            rfc3987::Iri::parse(*base).is_ok()
                && rfc3987::IriRef::parse(*reference).is_ok()
                && oxiri::Iri::parse(*base).is_ok()
                && oxiri::IriRef::parse(*reference).is_ok()
                && iri_string::types::IriAbsoluteStr::new(base).is_ok()
                && iri_string::types::IriReferenceStr::new(reference).is_ok()
                && fluent_uri::Iri::parse(*base).is_ok()
                && fluent_uri::IriRef::parse(*reference).is_ok()
        })
        .collect()
}

/// Each line with one space put in its middle (at the character boundary nearest half its
/// length): a space is in no rule of RFC 3987 §2.2, so every such line is rejected, after
/// about as much reading as its valid original takes.
pub fn with_space(lines: &[&str]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let mut at = l.len() / 2;
            while !l.is_char_boundary(at) {
                at += 1;
            }
            format!("{} {}", &l[..at], &l[at..])
        })
        .collect()
}
