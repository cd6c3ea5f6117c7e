//! Parsing to components: rfc3987 (fast path, and the pest grammar alone) against oxiri,
//! iri-string and fluent-uri on the two IRI corpora, and url on the absolute IRIs. The loops are
//! in `common/work.rs`, shared with the instruction counts of `count.rs`.

use criterion::{criterion_group, criterion_main, Criterion};

mod common;
use common::work::{self, Crate};

fn parse(c: &mut Criterion) {
    for file in ["iris-mixed-100k.txt", "iris-nonascii.txt"] {
        let text = common::corpus(file);
        let lines = common::lines(&text, None);
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
        for krate in [
            Crate::Rfc3987,
            Crate::Grammar,
            Crate::Oxiri,
            Crate::IriString,
            Crate::FluentUri,
        ] {
            group.bench_function(krate.name(), |b| b.iter(|| work::parse(krate, &lines)));
        }
        group.finish();
    }

    // Validation alone, and rejection of the same lines with a space in their middle.
    for file in ["iris-mixed-100k.txt", "iris-nonascii.txt"] {
        let text = common::corpus(file);
        let lines = common::lines(&text, None);
        let spaced = common::with_space(&lines);
        let spaced: Vec<&str> = spaced.iter().map(String::as_str).collect();
        for (name, lines) in [("validate", &lines), ("reject", &spaced)] {
            let mut group = c.benchmark_group(format!("{name}/{file}"));
            common::configure(&mut group, lines.iter().map(|l| l.len()).sum());
            for krate in [Crate::Rfc3987, Crate::Oxiri, Crate::IriString, Crate::FluentUri] {
                group.bench_function(krate.name(), |b| b.iter(|| work::validate(krate, lines)));
            }
            group.finish();
        }
    }

    // url parses only absolute references: every crate on the lines that are IRIs.
    let text = common::corpus("iris-mixed-100k.txt");
    let absolute: Vec<&str> = text.lines().filter(|l| rfc3987::Iri::parse(*l).is_ok()).collect();
    let bytes = absolute.iter().map(|l| l.len() + 1).sum();
    let mut group = c.benchmark_group("parse/iris-mixed-100k.txt (IRIs, for url)");
    common::configure(&mut group, bytes);
    for krate in [Crate::Rfc3987, Crate::Oxiri, Crate::Url] {
        group.bench_function(krate.name(), |b| b.iter(|| work::parse(krate, &absolute)));
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
