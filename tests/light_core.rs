//! The light core: without default features the library depends on no crate beyond those that
//! pest, pest_derive and pest_meta bring, plus percent-encoding and memchr (Cargo.toml's
//! `[features]`). Read from the locked dependency graph with `cargo tree`, so that a dependency
//! added without a feature, or a feature turned on by default in a dependency, fails here. The
//! same graph shows that workspace-hack/ is complete (its Cargo.toml says why it exists).

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

/// The output of `cargo tree --locked --prefix none` with `args`, for the workspace. Not
/// `--offline`: `cargo tree` reads the manifest of every crate of the workspace's graph, and
/// `cargo test -p rfc3987` on a fresh machine has not downloaded those it does not build (the
/// DuckDB crate's arrow); cargo downloads them as a build would.
fn cargo_tree(args: &[&str]) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let output = Command::new(cargo)
        .args(["tree", "--locked", "--prefix", "none"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "cargo tree {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("cargo tree writes UTF-8")
}

/// The crate names of `cargo tree -e normal` for `args`, from Cargo.lock.
fn tree(args: &[&str]) -> BTreeSet<String> {
    cargo_tree(&[&["-e", "normal"][..], args].concat())
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

/// Each package of `cargo tree -e features` for `args` (name and version, and a workspace
/// package's path) with the sets of features it is compiled with (two when the target and the
/// host graph differ).
fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
    let mut packages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for line in cargo_tree(&[&["-f", "{p}|{f}"][..], args].concat()).lines() {
        let line = line.strip_suffix(" (*)").unwrap_or(line);
        // "name vX.Y.Z|f1,f2"; a workspace package has its path after the version.
        let Some((package, features)) = line.split_once('|') else {
            continue;
        };
        if package.is_empty() {
            continue;
        }
        packages
            .entry(package.to_string())
            .or_default()
            .insert(features.to_string());
    }
    packages
}

/// `./test.sh` builds the workspace's tests (the resolution of `cargo test --workspace
/// --exclude rfc3987-python --all-features`), then the wheel and the DuckDB extension alone,
/// with workspace-hack's `workspace-tests` feature. Every crate those two build that the tests'
/// build compiled too, the library included, must have a feature set the tests' build
/// compiled, or cargo compiles it (and every crate above it) again: workspace-hack/ asks for
/// the workspace's features. The crates only the wheel builds (PyO3, pyo3-arrow) are compiled
/// once, by the wheel's build.
#[test]
fn the_bindings_alone_ask_for_the_features_of_the_workspace_build() {
    let workspace = features(&[
        "--workspace",
        "--exclude",
        "rfc3987-python",
        "--all-features",
        "-e",
        "normal,build,dev",
    ]);
    assert!(
        workspace.keys().any(|p| p.starts_with("arrow-array v")),
        "{workspace:?}"
    );
    assert!(
        !workspace.keys().any(|p| p.starts_with("pyo3 v")),
        "{workspace:?}"
    );
    let mut missing = Vec::new();
    for member in ["rfc3987-python", "rfc3987-duckdb"] {
        let alone = features(&[
            "-p",
            member,
            "--features",
            "rfc3987-workspace-hack/workspace-tests",
            "-e",
            "normal,build",
        ]);
        assert!(alone.keys().any(|p| p.starts_with("rfc3987 v")), "{alone:?}");
        for (package, sets) in alone {
            let Some(built) = workspace.get(&package) else {
                continue;
            };
            if package.starts_with(&format!("{member} v")) {
                continue;
            }
            for set in sets.iter().filter(|set| !built.contains(*set)) {
                missing.push(format!(
                    "{member} alone builds {package} with [{set}]; the workspace with {built:?}"
                ));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "give workspace-hack/Cargo.toml the workspace's features of these crates \
         ([dependencies] for the target graph, [build-dependencies] for the host's):\n{}",
        missing.join("\n")
    );
}
