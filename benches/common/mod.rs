//! Shared by the benchmarks: the corpora of ../shared/corpus/bench and short criterion settings
//! (the machines are shared and noisy: compare crates within one run, as ratios).
#![allow(dead_code)] // each benchmark uses part of this module

use std::time::Duration;

use criterion::{BenchmarkGroup, Throughput};

/// `../shared/corpus/bench/<name>`.
pub fn corpus(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/bench")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Ten samples of about three seconds each after one second of warm-up, throughput in bytes.
pub fn configure<M: criterion::measurement::Measurement>(group: &mut BenchmarkGroup<'_, M>, bytes: usize) {
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Bytes(bytes as u64));
}
