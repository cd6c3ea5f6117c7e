//! Parsing to components: rfc3987 (fast path, and the pest grammar alone) against oxiri,
//! iri-string and fluent-uri on the two IRI corpora, and url on the absolute IRIs.

use criterion::{criterion_group, criterion_main, Criterion};

mod common;

/// The components, touched so that no parser's work is skipped.
fn touch(iri: &rfc3987::IriRef<&str>) -> usize {
    iri.scheme().map_or(0, str::len)
        + iri.authority().map_or(0, |a| a.host_str().len())
        + iri.path().as_str().len()
        + iri.query().map_or(0, str::len)
        + iri.fragment().map_or(0, str::len)
}

fn parse(c: &mut Criterion) {
    for file in ["iris-mixed-100k.txt", "iris-nonascii.txt"] {
        let text = common::corpus(file);
        let lines: Vec<&str> = text.lines().collect();
        let accepted = |f: &dyn Fn(&str) -> bool| lines.iter().filter(|l| f(l)).count();
        eprintln!(
            "{file}: {} lines; accepted as IRI references by rfc3987 {}, oxiri {}, iri-string {}, fluent-uri {}",
            lines.len(),
            accepted(&|l| rfc3987::IriRef::parse(l).is_ok()),
            accepted(&|l| oxiri::IriRef::parse(l).is_ok()),
            accepted(&|l| iri_string::types::IriReferenceStr::new(l).is_ok()),
            accepted(&|l| fluent_uri::IriRef::parse(l).is_ok()),
        );
        let mut group = c.benchmark_group(format!("parse/{file}"));
        common::configure(&mut group, text.len());
        group.bench_function("rfc3987", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| rfc3987::IriRef::parse(*l).ok())
                    .map(|i| touch(&i))
                    .sum::<usize>()
            })
        });
        group.bench_function("rfc3987 (grammar)", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| rfc3987::IriRef::parse_with_grammar(*l).ok())
                    .map(|i| touch(&i))
                    .sum::<usize>()
            })
        });
        group.bench_function("oxiri", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| oxiri::IriRef::parse(*l).ok())
                    .map(|i| i.path().len())
                    .sum::<usize>()
            })
        });
        group.bench_function("iri-string", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| iri_string::types::IriReferenceStr::new(l).ok())
                    .map(|i| i.path_str().len())
                    .sum::<usize>()
            })
        });
        group.bench_function("fluent-uri", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter_map(|l| fluent_uri::IriRef::parse(*l).ok())
                    .map(|i| i.path().as_str().len())
                    .sum::<usize>()
            })
        });
        group.finish();
    }

    // url parses only absolute references: every crate on the lines that are IRIs.
    let text = common::corpus("iris-mixed-100k.txt");
    let absolute: Vec<&str> = text.lines().filter(|l| rfc3987::Iri::parse(*l).is_ok()).collect();
    let bytes = absolute.iter().map(|l| l.len() + 1).sum();
    let mut group = c.benchmark_group("parse/iris-mixed-100k.txt (IRIs, for url)");
    common::configure(&mut group, bytes);
    group.bench_function("rfc3987", |b| {
        b.iter(|| {
            absolute
                .iter()
                .filter_map(|l| rfc3987::Iri::parse(*l).ok())
                .map(|i| i.path().as_str().len())
                .sum::<usize>()
        })
    });
    group.bench_function("oxiri", |b| {
        b.iter(|| {
            absolute
                .iter()
                .filter_map(|l| oxiri::Iri::parse(*l).ok())
                .map(|i| i.path().len())
                .sum::<usize>()
        })
    });
    group.bench_function("url", |b| {
        b.iter(|| {
            absolute
                .iter()
                .filter_map(|l| url::Url::parse(l).ok())
                .map(|u| u.path().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
