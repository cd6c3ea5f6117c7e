//! The measured work, one function per operation, written once for the criterion benchmarks
//! (time) and for `benches/count.rs` (instructions under callgrind, allocations). Each function
//! runs every crate's loop over the same prepared inputs and touches the result, so that no
//! crate's work is skipped.
#![allow(dead_code)] // each benchmark uses part of this module

use rfc3987::{Level, NormalizeOptions, ToUriOptions};

/// The crates measured. `Grammar` is rfc3987 with the pest grammar deciding alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crate {
    Rfc3987,
    Grammar,
    Oxiri,
    IriString,
    FluentUri,
    Url,
}

impl Crate {
    pub fn name(self) -> &'static str {
        match self {
            Crate::Rfc3987 => "rfc3987",
            Crate::Grammar => "rfc3987 (grammar)",
            Crate::Oxiri => "oxiri",
            Crate::IriString => "iri-string",
            Crate::FluentUri => "fluent-uri",
            Crate::Url => "url",
        }
    }

    pub fn from_name(name: &str) -> Option<Crate> {
        [
            Crate::Rfc3987,
            Crate::Grammar,
            Crate::Oxiri,
            Crate::IriString,
            Crate::FluentUri,
            Crate::Url,
        ]
        .into_iter()
        .find(|c| c.name() == name || (*c == Crate::Grammar && name == "grammar"))
    }
}

/// The components rfc3987 gives, touched: every crate's loop reads the same five (the host,
/// or the authority where a crate has no host accessor).
#[inline]
fn touch(iri: &rfc3987::IriRef<&str>) -> usize {
    iri.scheme().map_or(0, str::len)
        + iri.authority().map_or(0, |a| a.host_str().len())
        + iri.path().as_str().len()
        + iri.query().map_or(0, str::len)
        + iri.fragment().map_or(0, str::len)
}

/// Parsing each line as an IRI reference (`url`: as an absolute URL; give it only IRIs), the
/// result matched where it is returned (`match`, as `if let Ok(..)` or `?` would), so that no
/// crate's result is moved again (`.ok()` would copy it into an `Option`: see BENCHMARKS.md).
pub fn parse(krate: Crate, lines: &[&str]) -> usize {
    match krate {
        Crate::Rfc3987 => lines
            .iter()
            .map(|l| match rfc3987::IriRef::parse(*l) {
                Ok(i) => touch(&i),
                Err(_) => 0,
            })
            .sum(),
        Crate::Grammar => lines
            .iter()
            .map(|l| match rfc3987::IriRef::parse_with_grammar(*l) {
                Ok(i) => touch(&i),
                Err(_) => 0,
            })
            .sum(),
        Crate::Oxiri => lines
            .iter()
            .map(|l| match oxiri::IriRef::parse(*l) {
                Ok(i) => {
                    i.scheme().map_or(0, str::len)
                        + i.authority().map_or(0, str::len)
                        + i.path().len()
                        + i.query().map_or(0, str::len)
                        + i.fragment().map_or(0, str::len)
                }
                Err(_) => 0,
            })
            .sum(),
        Crate::IriString => lines
            .iter()
            .map(|l| match iri_string::types::IriReferenceStr::new(l) {
                Ok(i) => {
                    i.scheme_str().map_or(0, str::len)
                        + i.authority_str().map_or(0, str::len)
                        + i.path_str().len()
                        + i.query_str().map_or(0, str::len)
                        + i.fragment_str().map_or(0, str::len)
                }
                Err(_) => 0,
            })
            .sum(),
        Crate::FluentUri => lines
            .iter()
            .map(|l| match fluent_uri::IriRef::parse(*l) {
                Ok(i) => {
                    i.scheme().map_or(0, |s| s.as_str().len())
                        + i.authority().map_or(0, |a| a.host().len())
                        + i.path().as_str().len()
                        + i.query().map_or(0, |q| q.as_str().len())
                        + i.fragment().map_or(0, |f| f.as_str().len())
                }
                Err(_) => 0,
            })
            .sum(),
        Crate::Url => lines
            .iter()
            .map(|l| match url::Url::parse(l) {
                Ok(u) => {
                    u.scheme().len()
                        + u.host_str().map_or(0, str::len)
                        + u.path().len()
                        + u.query().map_or(0, str::len)
                        + u.fragment().map_or(0, str::len)
                }
                Err(_) => 0,
            })
            .sum(),
    }
}

/// Validating each line as an IRI reference, no components asked for: rfc3987's
/// `AbnfRule::is_match` (what `is_valid` in every binding calls), the others' parse with the
/// result dropped (none has a validation-only entry point). The count of valid lines.
pub fn validate(krate: Crate, lines: &[&str]) -> usize {
    let rule = rfc3987::AbnfRule::named("IRI-reference").expect("a rule of RFC 3987");
    let valid = |f: &dyn Fn(&str) -> bool| lines.iter().filter(|l| f(l)).count();
    match krate {
        Crate::Rfc3987 => valid(&|l| rule.is_match(l)),
        Crate::Grammar => {
            valid(&|l| rfc3987::validate_with_grammar(l, rfc3987::StartSymbol::IriReference).is_ok())
        }
        Crate::Oxiri => valid(&|l| oxiri::IriRef::parse(l).is_ok()),
        Crate::IriString => valid(&|l| iri_string::types::IriReferenceStr::new(l).is_ok()),
        Crate::FluentUri => valid(&|l| fluent_uri::IriRef::parse(l).is_ok()),
        Crate::Url => valid(&|l| url::Url::parse(l).is_ok()),
    }
}

/// IRIs parsed by each crate before the measured loop (for to-URI and normalize).
pub struct Parsed<'a> {
    ours: Vec<rfc3987::Iri<&'a str>>,
    iri_string: Vec<&'a iri_string::types::IriStr>,
    fluent: Vec<fluent_uri::Iri<&'a str>>,
}

impl<'a> Parsed<'a> {
    /// `lines` must be accepted by all three crates ([`super::iris`]).
    pub fn new(lines: &[&'a str]) -> Parsed<'a> {
        Parsed {
            ours: lines.iter().map(|l| rfc3987::Iri::parse(*l).unwrap()).collect(),
            iri_string: lines
                .iter()
                .map(|l| iri_string::types::IriStr::new(l).unwrap())
                .collect(),
            fluent: lines
                .iter()
                .map(|l| fluent_uri::Iri::parse(*l).unwrap())
                .collect(),
        }
    }
}

/// IRI → URI (RFC 3987 §3.1), an owned result per IRI.
pub fn to_uri(krate: Crate, parsed: &Parsed<'_>) -> usize {
    match krate {
        Crate::Rfc3987 => {
            let options = ToUriOptions::new();
            parsed
                .ours
                .iter()
                .map(|i| rfc3987::to_uri(i, &options).unwrap().as_str().len())
                .sum()
        }
        Crate::IriString => parsed
            .iri_string
            .iter()
            .map(|i| i.encode_to_uri().to_string().len())
            .sum(),
        Crate::FluentUri => parsed.fluent.iter().map(|i| i.to_uri().as_str().len()).sum(),
        _ => unimplemented!("to-uri: {}", krate.name()),
    }
}

/// Syntax-based normalization (RFC 3987 §5.3.2), an owned result per IRI.
pub fn normalize(krate: Crate, parsed: &Parsed<'_>) -> usize {
    match krate {
        Crate::Rfc3987 => {
            let options = NormalizeOptions::new(Level::Syntax);
            parsed
                .ours
                .iter()
                .map(|i| rfc3987::normalize(i, &options).as_str().len())
                .sum()
        }
        Crate::IriString => parsed
            .iri_string
            .iter()
            .map(|i| i.normalize().to_string().len())
            .sum(),
        Crate::FluentUri => parsed.fluent.iter().map(|i| i.normalize().as_str().len()).sum(),
        _ => unimplemented!("normalize: {}", krate.name()),
    }
}

/// Bases parsed by each crate before the measured loop, references as text.
pub struct Bases<'a> {
    ours: Vec<(rfc3987::Iri<&'a str>, &'a str)>,
    oxiri: Vec<(oxiri::Iri<&'a str>, &'a str)>,
    iri_string: Vec<(&'a iri_string::types::IriAbsoluteStr, &'a str)>,
    fluent: Vec<(fluent_uri::Iri<&'a str>, &'a str)>,
}

impl<'a> Bases<'a> {
    /// `pairs` must be accepted by every crate ([`super::resolve_pairs`]).
    pub fn new(pairs: &[(&'a str, &'a str)]) -> Bases<'a> {
        Bases {
            ours: pairs
                .iter()
                .map(|(b, r)| (rfc3987::Iri::parse(*b).unwrap(), *r))
                .collect(),
            oxiri: pairs
                .iter()
                .map(|(b, r)| (oxiri::Iri::parse(*b).unwrap(), *r))
                .collect(),
            iri_string: pairs
                .iter()
                .map(|(b, r)| (iri_string::types::IriAbsoluteStr::new(b).unwrap(), *r))
                .collect(),
            fluent: pairs
                .iter()
                .map(|(b, r)| (fluent_uri::Iri::parse(*b).unwrap(), *r))
                .collect(),
        }
    }
}

/// Reference resolution (RFC 3986 §5.2): the reference parsed inside the loop, an owned result.
pub fn resolve(krate: Crate, bases: &Bases<'_>) -> usize {
    match krate {
        Crate::Rfc3987 => bases
            .ours
            .iter()
            .map(|(base, r)| {
                rfc3987::resolve(base, &rfc3987::IriRef::parse(*r).unwrap())
                    .as_str()
                    .len()
            })
            .sum(),
        Crate::Oxiri => bases
            .oxiri
            .iter()
            .map(|(base, r)| {
                base.resolve(&oxiri::IriRef::parse(*r).unwrap())
                    .unwrap()
                    .as_str()
                    .len()
            })
            .sum(),
        Crate::IriString => bases
            .iri_string
            .iter()
            .map(|(base, r)| {
                iri_string::types::IriReferenceStr::new(r)
                    .unwrap()
                    .resolve_against(base)
                    .to_string()
                    .len()
            })
            .sum(),
        Crate::FluentUri => bases
            .fluent
            .iter()
            .map(|(base, r)| {
                fluent_uri::IriRef::parse(*r)
                    .unwrap()
                    .resolve_against(base)
                    .unwrap()
                    .as_str()
                    .len()
            })
            .sum(),
        _ => unimplemented!("resolve: {}", krate.name()),
    }
}
