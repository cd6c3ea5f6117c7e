//! Linear time: inputs of 1 KB to 1 MB in the shapes that stress an IRI parser (many
//! segments, a long query, many `%HH`, many ":" and "@"); the time per byte must stay flat
//! (performance issue: at most 11× the time for 10× the length).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

mod common;

fn linear(c: &mut Criterion) {
    let shapes: [(&str, &str, &str); 4] = [
        ("segments", "http://example.org", "/ab"),
        ("query", "http://example.org/?", "q=é&"),
        ("pct-encoded", "http://example.org/", "%41"),
        ("colons-and-ats", "a:", ":@"),
    ];
    for (shape, head, unit) in shapes {
        let mut group = c.benchmark_group(format!("linear/{shape}"));
        for size in [1 << 10, 10 << 10, 100 << 10, 1 << 20] {
            let input = format!("{head}{}", unit.repeat(size / unit.len()));
            common::configure(&mut group, input.len());
            group.bench_with_input(BenchmarkId::new("rfc3987", size), &input, |b, input| {
                b.iter(|| {
                    rfc3987::IriRef::parse(input.as_str())
                        .unwrap()
                        .path()
                        .as_str()
                        .len()
                })
            });
            group.bench_with_input(BenchmarkId::new("rfc3987 (grammar)", size), &input, |b, input| {
                b.iter(|| {
                    rfc3987::IriRef::parse_with_grammar(input.as_str())
                        .unwrap()
                        .path()
                        .as_str()
                        .len()
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, linear);
criterion_main!(benches);
