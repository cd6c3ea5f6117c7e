//! One version (issue 43). The workspace's `[workspace.package] version` in Cargo.toml is the
//! version of everything released: the crates inherit it (`version.workspace = true`), and so
//! does the Python package (pyproject.toml's `dynamic = ["version"]`: maturin reads
//! python/Cargo.toml). The files that cannot inherit it must carry it: the npm package's manifest
//! and lockfile, the DuckDB extension's descriptor, the tool's dependency on the library (which
//! `cargo publish` needs). CHANGELOG.md has a section for it, and the README's install lines name
//! it. A release changes the one line in Cargo.toml and these (RELEASING.md).

use std::fs;
use std::path::PathBuf;

fn read(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The lines of the TOML table `[name]` of a manifest (up to the next table).
fn toml_table<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    let header = format!("[{name}]");
    text.lines()
        .skip_while(|line| line.trim() != header)
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .collect()
}

/// The version: the `version = "…"` line of `[workspace.package]` in Cargo.toml.
fn the_version() -> String {
    let manifest = read("Cargo.toml");
    let line = toml_table(&manifest, "workspace.package")
        .into_iter()
        .find(|line| line.starts_with("version = "))
        .expect("Cargo.toml: [workspace.package] has a version");
    let version = line["version = ".len()..].trim_matches('"').to_owned();
    // Semantic Versioning's MAJOR.MINOR.PATCH, which every registry here accepts as it is.
    let parts: Vec<&str> = version.split('.').collect();
    assert!(
        parts.len() == 3
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())),
        "Cargo.toml: version {version:?} is not MAJOR.MINOR.PATCH"
    );
    version
}

#[test]
fn the_crate_is_built_with_the_workspace_version() {
    assert_eq!(env!("CARGO_PKG_VERSION"), the_version());
}

#[test]
fn every_released_crate_inherits_the_version() {
    for manifest in [
        "Cargo.toml",
        "cli/Cargo.toml",
        "python/Cargo.toml",
        "js/Cargo.toml",
        "duckdb/Cargo.toml",
        "capi/Cargo.toml",
    ] {
        let text = read(manifest);
        let package = toml_table(&text, "package");
        assert!(
            package.contains(&"version.workspace = true"),
            "{manifest}: [package] should say `version.workspace = true`, not a version of its own"
        );
    }
    // The tool depends on the library at exactly this version (crates.io resolves it so).
    let cli = read("cli/Cargo.toml");
    let dependency = cli
        .lines()
        .find(|line| line.starts_with("rfc3987 = "))
        .expect("cli/Cargo.toml depends on rfc3987");
    let wanted = format!("version = \"{}\"", the_version());
    assert!(
        dependency.contains(&wanted),
        "cli/Cargo.toml: `{dependency}` should have {wanted}"
    );
}

#[test]
fn the_python_package_takes_the_version_from_cargo() {
    let pyproject = read("python/pyproject.toml");
    let project = toml_table(&pyproject, "project");
    assert!(
        project.contains(&"dynamic = [\"version\"]"),
        "python/pyproject.toml: [project] should say dynamic = [\"version\"] (maturin reads python/Cargo.toml)"
    );
    assert!(
        !project.iter().any(|line| line.starts_with("version")),
        "python/pyproject.toml: [project] has a version of its own"
    );
}

#[test]
fn the_npm_package_and_its_lockfile_carry_the_version() {
    let version = the_version();
    let manifest: serde_json::Value = serde_json::from_str(&read("js/package.json")).unwrap();
    assert_eq!(manifest["version"], version.as_str(), "js/package.json");
    let lock: serde_json::Value = serde_json::from_str(&read("js/package-lock.json")).unwrap();
    assert_eq!(lock["version"], version.as_str(), "js/package-lock.json");
    assert_eq!(
        lock["packages"][""]["version"],
        version.as_str(),
        "js/package-lock.json: packages[\"\"]"
    );
}

#[test]
fn the_duckdb_descriptor_carries_the_version() {
    let descriptor = read("duckdb/description.yml");
    let versions: Vec<&str> = descriptor
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("version:"))
        .map(str::trim)
        .collect();
    assert_eq!(
        versions,
        [the_version()],
        "duckdb/description.yml: extension.version"
    );
}

#[test]
fn the_changelog_has_a_section_for_the_version() {
    let version = the_version();
    let changelog = read("CHANGELOG.md");
    let heading = format!("## {version} ");
    assert!(
        changelog
            .lines()
            .any(|line| line.starts_with(&heading) || line == heading.trim_end()),
        "CHANGELOG.md has no `## {version}` section"
    );
}

/// The versioned install forms, each followed by the version: `cargo add rfc3987@V`, `cargo
/// install --locked iri-cli@V`, `pip install rfc3987-rs==V`, `npm install rfc3987@V`, and the C
/// library's tarball librfc3987-V-….
const FORMS: [&str; 5] = [
    "cargo add rfc3987@",
    "iri-cli@",
    "pip install rfc3987-rs==",
    "npm install rfc3987@",
    "librfc3987-",
];

/// The versioned install commands of a text: each registry's form and the version it names.
fn install_lines(text: &str) -> Vec<(&'static str, String)> {
    let mut found = Vec::new();
    for line in text.lines() {
        for form in FORMS {
            let mut rest = line;
            while let Some(at) = rest.find(form) {
                rest = &rest[at + form.len()..];
                let end = rest
                    .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .unwrap_or(rest.len());
                found.push((form, rest[..end].trim_end_matches('.').to_owned()));
            }
        }
    }
    found
}

#[test]
fn the_install_lines_name_the_version() {
    let version = the_version();
    let readme = read("README.md");
    let found = install_lines(&readme);
    for form in FORMS {
        assert!(
            found.iter().any(|(f, _)| *f == form),
            "README.md has no install line `{form}{version}`"
        );
    }
    // Every page that can show a versioned install line: the landing page, each package's page
    // on its registry, and every chapter of the guide.
    let mut documents: Vec<String> = [
        "README.md",
        "src/README.md",
        "cli/README.md",
        "python/README.md",
        "js/README.md",
        "duckdb/README.md",
    ]
    .map(str::to_owned)
    .into();
    let guide = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/src");
    for entry in std::fs::read_dir(&guide).expect("docs/src") {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            documents.push(format!("docs/src/{name}"));
        }
    }
    for document in &documents {
        for (form, named) in install_lines(&read(document)) {
            assert_eq!(
                named, version,
                "{document}: `{form}{named}` should name {version}"
            );
        }
    }
}

#[test]
fn install_lines_are_found_with_their_version() {
    // The reader above, on lines written for it: a wrong version is seen, whatever the form.
    let text =
        "cargo add rfc3987@0.1.0\ncargo install --locked iri-cli@0.2.0 # x\npip install rfc3987-rs==1.0.0\n\
                npm install rfc3987@0.1.0 and librfc3987-0.1.0-x86_64-linux-gnu.tar.gz.";
    let found = install_lines(text);
    assert_eq!(
        found,
        [
            ("cargo add rfc3987@", "0.1.0".to_owned()),
            ("iri-cli@", "0.2.0".to_owned()),
            ("pip install rfc3987-rs==", "1.0.0".to_owned()),
            ("npm install rfc3987@", "0.1.0".to_owned()),
            ("librfc3987-", "0.1.0".to_owned()),
        ]
    );
}
