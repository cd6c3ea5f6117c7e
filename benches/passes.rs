//! The passes after parsing, inputs parsed before the timed loop: IRI → URI and syntax-based
//! normalization (against iri-string and fluent-uri), and reference resolution on the Common
//! Crawl pairs (against oxiri, iri-string and fluent-uri; the reference is parsed inside the
//! loop, the result is owned). The loops are in `common/work.rs`, shared with `count.rs`.

use criterion::{criterion_group, criterion_main, Criterion};

mod common;
use common::work::{self, Crate};

fn passes(c: &mut Criterion) {
    let text = common::corpus("iris-nonascii.txt");
    // The lines every crate accepts as an IRI, so that all do the same work.
    let lines = common::iris(&common::lines(&text, None));
    let bytes = lines.iter().map(|l| l.len() + 1).sum();
    let parsed = work::Parsed::new(&lines);
    let peers = [Crate::Rfc3987, Crate::IriString, Crate::FluentUri];

    let mut group = c.benchmark_group("to-uri/iris-nonascii.txt");
    common::configure(&mut group, bytes);
    for krate in peers {
        group.bench_function(krate.name(), |b| b.iter(|| work::to_uri(krate, &parsed)));
    }
    group.finish();

    let mut group = c.benchmark_group("normalize/iris-nonascii.txt");
    common::configure(&mut group, bytes);
    for krate in peers {
        group.bench_function(krate.name(), |b| b.iter(|| work::normalize(krate, &parsed)));
    }
    group.finish();

    let csv = common::corpus("relative_urls_cc_10k.csv");
    let pairs = common::resolve_pairs(&csv, None);
    eprintln!(
        "resolve: {} pairs of relative_urls_cc_10k.csv accepted by every crate",
        pairs.len()
    );
    let bytes = pairs.iter().map(|(b, r)| b.len() + r.len() + 2).sum();
    let bases = work::Bases::new(&pairs);
    let mut group = c.benchmark_group("resolve/relative_urls_cc_10k.csv");
    common::configure(&mut group, bytes);
    for krate in [Crate::Rfc3987, Crate::Oxiri, Crate::IriString, Crate::FluentUri] {
        group.bench_function(krate.name(), |b| b.iter(|| work::resolve(krate, &bases)));
    }
    group.finish();
}

criterion_group!(benches, passes);
criterion_main!(benches);
