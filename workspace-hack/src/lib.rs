//! No code: the crate is its dependencies' features (Cargo.toml says why). The test below is
//! what keeps it complete.

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};
    use std::process::Command;

    /// Each package of `cargo tree -e features` for `args` (name and version) with the sets of
    /// features it is compiled with (two when the target and the host graph differ), the
    /// workspace's own packages left out.
    fn features(args: &[&str]) -> BTreeMap<String, BTreeSet<String>> {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        let output = Command::new(cargo)
            .args(["tree", "--locked", "--prefix", "none", "-f", "{p}|{f}"])
            .args(args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .output()
            .expect("cargo tree runs");
        assert!(
            output.status.success(),
            "cargo tree {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let mut packages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            let line = line.strip_suffix(" (*)").unwrap_or(line);
            // "name vX.Y.Z|f1,f2"; a workspace package has its path after the version.
            let Some((package, features)) = line.split_once('|') else {
                continue;
            };
            if package.contains(" (/") || package.is_empty() {
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
    /// --all-features`), then the wheel and the DuckDB extension alone. Every crate those two
    /// build must have a feature set the tests' build already compiled, or cargo compiles it
    /// (and every crate above it) again.
    #[test]
    fn the_bindings_alone_ask_for_the_features_of_the_workspace_build() {
        let workspace = features(&["--workspace", "--all-features", "-e", "normal,build,dev"]);
        assert!(
            workspace.keys().any(|p| p.starts_with("arrow-array v")),
            "{workspace:?}"
        );
        let mut missing = Vec::new();
        for member in ["rfc3987-python", "rfc3987-duckdb"] {
            for (package, sets) in features(&["-p", member, "-e", "normal,build"]) {
                let built = workspace.get(&package);
                for set in sets.iter().filter(|set| built.is_none_or(|b| !b.contains(*set))) {
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
}
