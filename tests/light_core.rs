//! The light core: without default features the library depends on no crate beyond those that
//! pest, pest_derive and pest_meta bring, plus percent-encoding and memchr (Cargo.toml's
//! `[features]`). Read from the locked dependency graph with `cargo tree`, so that a dependency
//! added without a feature, or a feature turned on by default in a dependency, fails here.

use std::collections::BTreeSet;
use std::process::Command;

/// The crate names of `cargo tree -e normal` for `args`, from Cargo.lock (`--locked`). Not
/// `--offline`: `cargo tree` reads the manifest of every crate of the workspace's graph, and
/// `cargo test -p rfc3987` on a fresh machine has not downloaded those it does not build (the
/// DuckDB crate's arrow); cargo downloads them as a build would.
fn tree(args: &[&str]) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(["tree", "-e", "normal", "--prefix", "none", "--locked"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("cargo tree writes UTF-8")
        .lines()
        .filter_map(|line| line.split(' ').next())
        .filter(|name| !name.is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn without_default_features_only_pest_percent_encoding_and_memchr() {
    let core = tree(&["-p", "rfc3987", "--no-default-features"]);
    // What pest's three crates bring themselves, in the same resolved graph.
    let mut allowed = tree(&["-p", "pest", "-p", "pest_derive", "-p", "pest_meta"]);
    allowed.extend(["rfc3987", "percent-encoding", "memchr"].map(String::from));
    let extra: Vec<&String> = core.difference(&allowed).collect();
    assert!(extra.is_empty(), "the light core depends on {extra:?}");
    // The check can fail: the crates the default features bring are not allowed.
    let full = tree(&["-p", "rfc3987"]);
    for name in [
        "idna",
        "unicode-normalization",
        "encoding_rs",
        "unicode-bidi",
        "unicode-width",
    ] {
        assert!(full.contains(name) && !allowed.contains(name), "{name}");
    }
}

#[test]
fn each_optional_dependency_comes_with_its_feature() {
    // Turning one feature on brings its crates, and only the features that name them do.
    let cases: &[(&str, &[&str])] = &[
        ("idna", &["idna", "unicode-normalization"]),
        ("nfc", &["unicode-normalization"]),
        ("legacy-charsets", &["encoding_rs", "unicode-normalization"]),
        ("bidi", &["unicode-bidi"]),
        (
            "lint",
            &["unicode-bidi", "unicode-security", "unicode-properties", "idna"],
        ),
        ("unicode-width", &["unicode-width"]),
    ];
    let core = tree(&["-p", "rfc3987", "--no-default-features"]);
    for (feature, crates) in cases {
        let with = tree(&["-p", "rfc3987", "--no-default-features", "--features", feature]);
        for name in *crates {
            assert!(with.contains(*name) && !core.contains(*name), "{feature}: {name}");
        }
    }
}
