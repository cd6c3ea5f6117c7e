//! The library's integration tests as one test binary: each file of `tests/` is a module of
//! this crate (DESIGN.md, "One integration-test binary per crate"). A separate binary per file
//! linked the library and its dependencies again for each of them, which was most of a test
//! build. Run one file's tests with its module name as the filter, e.g.
//! `cargo test -p rfc3987 --test main -- scanner::`.
//!
//! Two files stay binaries of their own (Cargo.toml): `alloc.rs` and `hostile.rs` each install
//! a counting global allocator, of which a binary has one.

mod common;
// The test-only parser with a probe rule per ABNF rule (tests/common/probe.rs), derived once
// for the modules that use it. pest_derive's code refers to `alloc`, which a crate with `std`
// must name.
extern crate alloc;
#[path = "common/probe.rs"]
mod probe;

mod abnf;
mod api;
mod arrow;
mod bench_data;
mod build;
mod builder;
#[cfg(feature = "lint")]
mod checks;
mod conversions;
mod corpus;
mod docs;
// The Markdown files and their code blocks, which cli/tests/docs.rs reads too.
mod errors;
mod grammar_rules;
mod install_docs;
#[cfg(all(feature = "http", feature = "url"))]
mod interop;
mod ipv6;
mod layers;
mod light_core;
mod long_inputs;
mod mapping;
#[path = "common/markdown.rs"]
mod markdown;
mod named_rules;
mod normalize;
mod properties;
mod rdf_document;
mod resolve;
mod scanner;
mod trees;
mod version;
