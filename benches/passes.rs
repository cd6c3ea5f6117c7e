//! The passes after parsing, inputs parsed before the timed loop: IRI → URI (against
//! iri-string and fluent-uri), syntax-based normalization (against iri-string and fluent-uri),
//! and reference resolution on the Common Crawl pairs (against oxiri, iri-string and
//! fluent-uri; the reference is parsed inside the loop, as oxiri's API takes text).

use criterion::{criterion_group, criterion_main, Criterion};
use rfc3987::{Level, NormalizeOptions, ToUriOptions};

mod common;

fn passes(c: &mut Criterion) {
    let text = common::corpus("iris-nonascii.txt");
    // The lines every crate accepts as an IRI, so that all do the same work.
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| {
            rfc3987::Iri::parse(*l).is_ok()
                && iri_string::types::IriStr::new(l).is_ok()
                && fluent_uri::Iri::parse(*l).is_ok()
        })
        .collect();
    let bytes = lines.iter().map(|l| l.len() + 1).sum();
    let ours: Vec<rfc3987::IriRef<&str>> = lines
        .iter()
        .map(|l| rfc3987::IriRef::parse(*l).unwrap())
        .collect();
    let theirs: Vec<&iri_string::types::IriStr> = lines
        .iter()
        .map(|l| iri_string::types::IriStr::new(l).unwrap())
        .collect();
    let fluent: Vec<fluent_uri::Iri<&str>> = lines
        .iter()
        .map(|l| fluent_uri::Iri::parse(*l).unwrap())
        .collect();

    let mut group = c.benchmark_group("to-uri/iris-nonascii.txt");
    common::configure(&mut group, bytes);
    let options = ToUriOptions::new();
    group.bench_function("rfc3987", |b| {
        b.iter(|| {
            ours.iter()
                .map(|i| rfc3987::to_uri(i, &options).unwrap().as_str().len())
                .sum::<usize>()
        })
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            theirs
                .iter()
                .map(|i| i.encode_to_uri().to_string().len())
                .sum::<usize>()
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| fluent.iter().map(|i| i.to_uri().as_str().len()).sum::<usize>())
    });
    group.finish();

    let mut group = c.benchmark_group("normalize/iris-nonascii.txt");
    common::configure(&mut group, bytes);
    let options = NormalizeOptions::new(Level::Syntax);
    group.bench_function("rfc3987", |b| {
        b.iter(|| {
            ours.iter()
                .map(|i| rfc3987::normalize(i, &options).as_str().len())
                .sum::<usize>()
        })
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            theirs
                .iter()
                .map(|i| i.normalize().to_string().len())
                .sum::<usize>()
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| fluent.iter().map(|i| i.normalize().as_str().len()).sum::<usize>())
    });
    group.finish();

    let csv = common::corpus("relative_urls_cc_10k.csv");
    let pairs: Vec<(&str, &str)> = csv
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(','))
        .filter(|(base, reference)| {
            rfc3987::Iri::parse(*base).is_ok()
                && rfc3987::IriRef::parse(*reference).is_ok()
                && oxiri::Iri::parse(*base).is_ok()
                && iri_string::types::IriAbsoluteStr::new(base).is_ok()
                && iri_string::types::IriReferenceStr::new(reference).is_ok()
                && fluent_uri::Iri::parse(*base).is_ok()
                && fluent_uri::IriRef::parse(*reference).is_ok()
        })
        .collect();
    eprintln!(
        "resolve: {} pairs of relative_urls_cc_10k.csv accepted by every crate",
        pairs.len()
    );
    let bytes = pairs.iter().map(|(b, r)| b.len() + r.len() + 2).sum();
    let ours: Vec<(rfc3987::Iri<&str>, &str)> = pairs
        .iter()
        .map(|(b, r)| (rfc3987::Iri::parse(*b).unwrap(), *r))
        .collect();
    let ox: Vec<(oxiri::Iri<&str>, &str)> = pairs
        .iter()
        .map(|(b, r)| (oxiri::Iri::parse(*b).unwrap(), *r))
        .collect();
    let is: Vec<(&iri_string::types::IriAbsoluteStr, &str)> = pairs
        .iter()
        .map(|(b, r)| (iri_string::types::IriAbsoluteStr::new(b).unwrap(), *r))
        .collect();
    let fl: Vec<(fluent_uri::Iri<&str>, &str)> = pairs
        .iter()
        .map(|(b, r)| (fluent_uri::Iri::parse(*b).unwrap(), *r))
        .collect();
    let mut group = c.benchmark_group("resolve/relative_urls_cc_10k.csv");
    common::configure(&mut group, bytes);
    group.bench_function("rfc3987", |b| {
        b.iter(|| {
            ours.iter()
                .map(|(base, r)| {
                    rfc3987::resolve(base, &rfc3987::IriRef::parse(*r).unwrap())
                        .as_str()
                        .len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("oxiri", |b| {
        b.iter(|| {
            ox.iter()
                .filter_map(|(base, r)| base.resolve(r).ok())
                .map(|i| i.as_str().len())
                .sum::<usize>()
        })
    });
    group.bench_function("iri-string", |b| {
        b.iter(|| {
            is.iter()
                .map(|(base, r)| {
                    iri_string::types::IriReferenceStr::new(r)
                        .unwrap()
                        .resolve_against(base)
                        .to_string()
                        .len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("fluent-uri", |b| {
        b.iter(|| {
            fl.iter()
                .filter_map(|(base, r)| fluent_uri::IriRef::parse(*r).unwrap().resolve_against(base).ok())
                .map(|i| i.as_str().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, passes);
criterion_main!(benches);
