//! Nothing to build: cargo compiles a package's build-dependencies only when it has a build
//! script, and this crate's build-dependencies are the features it gives the host graph.
fn main() {}
