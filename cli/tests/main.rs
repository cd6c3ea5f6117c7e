//! The `iri` tool's tests as one test binary: each file of `cli/tests/` is a module of this
//! crate (DESIGN.md, "One integration-test binary per crate"), so that the library and the
//! tool's dependencies are linked into one test binary, not one per file. Run one file's tests
//! with its module name as the filter, e.g. `cargo test -p iri-cli --test main -- rdf::`.

mod common;

mod check;
mod cli;
mod docs;
// The Markdown files and their code blocks, as the library's tests/docs.rs reads them.
mod encode;
mod errors;
mod generate;
mod hostile;
mod io;
mod lint;
#[path = "../../tests/common/markdown.rs"]
mod markdown;
mod rdf;
mod rdf_bounded;
mod rdf_options;
mod relativize;
mod untrusted;
