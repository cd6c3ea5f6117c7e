//! The install commands of the documentation stay honest (issue 23): nothing is published yet,
//! so a command that installs from crates.io or PyPI (`rfc3987 = "0.1"`, `pip install
//! rfc3987-rs`) may only appear where its paragraph says it does not work yet; the commands that
//! do work install from the clone (`pip install './python[EXTRA]'`), and each extra they name is
//! one `python/pyproject.toml` defines, with the packages its module imports (DuckDB's Python
//! functions also need numpy). The engines README installs, before each script it runs, the
//! engines that script imports. `cargo install --path cli` is written with `--locked`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documentation a new user reads to install something: the READMEs (the landing page and
/// each package's page on its registry) and the guide (`docs/src/`).
fn documents() -> Vec<(String, String)> {
    let mut paths = vec![
        "README.md".to_owned(),
        "src/README.md".to_owned(),
        "cli/README.md".to_owned(),
        "python/README.md".to_owned(),
        "js/README.md".to_owned(),
        "duckdb/README.md".to_owned(),
        "examples/engines/README.md".to_owned(),
        "fuzz/README.md".to_owned(),
    ];
    let mut docs: Vec<String> = fs::read_dir(root().join("docs/src"))
        .expect("docs/src")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .map(|path| format!("docs/src/{}", path.file_name().unwrap().to_string_lossy()))
        .collect();
    docs.sort();
    paths.extend(docs);
    paths
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(root().join(&path)).unwrap_or_else(|e| panic!("{path}: {e}"));
            (path, text)
        })
        .collect()
}

/// Whether a paragraph says that what it shows is not published yet.
fn says_not_published(paragraph: &str) -> bool {
    let lower = paragraph.to_lowercase();
    lower.contains("yet")
        && ["published", "pypi", "crates.io"]
            .iter()
            .any(|word| lower.contains(word))
}

/// The paragraphs of a Markdown text (separated by blank lines), each with its first line number.
fn paragraphs(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut start = 0;
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push((start, std::mem::take(&mut current)));
            }
        } else {
            if current.is_empty() {
                start = index + 1;
            }
            current.push_str(line);
            current.push('\n');
        }
    }
    if !current.is_empty() {
        out.push((start, current));
    }
    out
}

/// The arguments of each `pip install` in a text, in order, with the line it is on: the words
/// after it up to the end of the inline code span, the line, a shell comment or `&&`, unquoted;
/// options (`-r`, `--no-deps`) left out.
fn pip_installs(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("pip install") {
            rest = &rest[at + "pip install".len()..];
            let end = rest.find(['`', '#', '&', ';', '|']).unwrap_or(rest.len());
            let arguments = rest[..end]
                .split_whitespace()
                .map(|word| word.trim_matches(['\'', '"']).to_owned())
                .filter(|word| !word.is_empty() && !word.starts_with('-'))
                .collect();
            out.push((index + 1, arguments));
        }
    }
    out
}

/// `name[a,b]` as the name and its extras.
fn split_extras(requirement: &str) -> (&str, Vec<&str>) {
    match requirement.split_once('[') {
        Some((name, extras)) => (
            name,
            extras
                .trim_end_matches(']')
                .split(',')
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .collect(),
        ),
        None => (requirement, Vec::new()),
    }
}

/// The distribution name of a PEP 508 requirement (`duckdb>=1.4` is `duckdb`), normalized.
fn requirement_name(requirement: &str) -> String {
    let end = requirement
        .find(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
        .unwrap_or(requirement.len());
    requirement[..end].to_lowercase().replace('_', "-")
}

/// `[project.optional-dependencies]` of python/pyproject.toml: each extra and the names of the
/// packages it brings. The table is written one extra a line, `name = ["req", ...]`; anything
/// else in it fails the test rather than being misread.
fn extras() -> BTreeMap<String, BTreeSet<String>> {
    let text = fs::read_to_string(root().join("python/pyproject.toml")).unwrap();
    let table = text
        .split("\n[project.optional-dependencies]\n")
        .nth(1)
        .expect("pyproject.toml has [project.optional-dependencies]");
    let mut extras = BTreeMap::new();
    for line in table.lines().take_while(|line| !line.starts_with('[')) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (name, list) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("pyproject extra line: {line}"));
        let list = list.trim();
        assert!(
            list.starts_with('[') && list.ends_with(']'),
            "pyproject extra on one line: {line}"
        );
        let packages = list[1..list.len() - 1]
            .split(',')
            .map(|item| item.trim().trim_matches('"'))
            .filter(|item| !item.is_empty())
            .map(requirement_name)
            .collect();
        extras.insert(name.trim().to_owned(), packages);
    }
    extras
}

/// The top-level modules a Python file imports (`import a.b`, `from a.b import c`, `from . import
/// m`, the latter as `.m`), at any indentation (lazy imports count).
fn python_imports(path: &Path) -> BTreeSet<String> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut modules = BTreeSet::new();
    for line in text.lines().map(str::trim_start) {
        if let Some(rest) = line.strip_prefix("import ") {
            modules.insert(rest.split(['.', ' ', ',']).next().unwrap().to_owned());
        } else if let Some(rest) = line.strip_prefix("from . import ") {
            for name in rest.split(',') {
                modules.insert(format!(".{}", name.split_whitespace().next().unwrap_or("")));
            }
        } else if let Some(rest) = line.strip_prefix("from ") {
            if rest.contains(" import ") {
                modules.insert(rest.split(['.', ' ']).next().unwrap().to_owned());
            }
        }
    }
    modules
}

#[test]
fn published_forms_only_where_the_text_says_they_do_not_work_yet() {
    let published = [
        "rfc3987 = \"0.1",
        "rfc3987 = { version = \"0.1",
        "pip install rfc3987-rs",
        "pip install 'rfc3987-rs",
        "pip install \"rfc3987-rs",
    ];
    for (path, text) in documents() {
        for (line, paragraph) in paragraphs(&text) {
            for form in published {
                if paragraph.contains(form) {
                    assert!(
                        says_not_published(&paragraph),
                        "{path}:{line}: `{form}` reads as if the package were published; it is not yet (say so in the paragraph, or show the install from a clone):\n{paragraph}"
                    );
                }
            }
            // The wheel step that failed after `pip install ./python`: two wheels in one directory.
            assert!(!paragraph.contains("target/wheels/"), "{path}:{line}: installs from target/wheels/, which an earlier build may have filled:\n{paragraph}");
        }
        for (line, arguments) in pip_installs(&text) {
            for argument in &arguments {
                let (name, _) = split_extras(argument);
                if requirement_name(name) == "rfc3987-rs" {
                    let paragraph = paragraphs(&text)
                        .into_iter()
                        .rev()
                        .find(|(start, _)| *start <= line)
                        .unwrap()
                        .1;
                    assert!(
                        says_not_published(&paragraph),
                        "{path}:{line}: `pip install {argument}` without saying it is not on PyPI yet"
                    );
                }
            }
        }
    }
}

#[test]
fn pip_extras_exist_and_bring_what_the_modules_import() {
    let extras = extras();
    let known: BTreeSet<String> = extras.values().flatten().cloned().collect();
    // Each optional module of the package has the extra of its name, which brings every package
    // the module imports, and those of the package's modules it imports (`from . import arrow`).
    let package = root().join("python/rfc3987_rs");
    let needs = |module: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![module.to_owned()];
        let mut packages = BTreeSet::new();
        while let Some(module) = todo.pop() {
            if !seen.insert(module.clone()) {
                continue;
            }
            for import in python_imports(&package.join(format!("{module}.py"))) {
                if let Some(local) = import.strip_prefix('.') {
                    if package.join(format!("{local}.py")).exists() {
                        todo.push(local.to_owned());
                    }
                } else if known.contains(&requirement_name(&import)) {
                    packages.insert(requirement_name(&import));
                }
            }
        }
        packages
    };
    for module in ["arrow", "duckdb", "polars", "jsonschema"] {
        let extra = extras
            .get(module)
            .unwrap_or_else(|| panic!("pyproject.toml has no extra `{module}` for rfc3987_rs.{module}"));
        let mut wanted = needs(module);
        // DuckDB's Python functions (`create_function`, which rfc3987_rs.duckdb.register calls)
        // import numpy, which duckdb itself does not require: without it the first call fails
        // with "'numpy' is required" (issue 23).
        if module == "duckdb" {
            wanted.insert("numpy".to_owned());
        }
        wanted.insert(module.replace("arrow", "pyarrow"));
        let missing: Vec<_> = wanted.difference(extra).collect();
        assert!(
            missing.is_empty(),
            "the extra `{module}` lacks {missing:?} (it has {extra:?})"
        );
    }
    // Every extra a document installs is defined.
    for (path, text) in documents() {
        for (line, arguments) in pip_installs(&text) {
            for argument in &arguments {
                let (name, named) = split_extras(argument);
                if name == "./python" || requirement_name(name) == "rfc3987-rs" {
                    for extra in named {
                        assert!(extras.contains_key(extra), "{path}:{line}: `pip install {argument}`: pyproject.toml defines no extra `{extra}` (it has {:?})", extras.keys());
                    }
                }
            }
        }
    }
}

#[test]
fn engines_readme_installs_what_each_script_imports_before_running_it() {
    let extras = extras();
    let dir = root().join("examples/engines");
    let text = fs::read_to_string(dir.join("README.md")).unwrap();
    let engines = ["duckdb", "polars", "pyarrow", "pyspark"];
    let mut installed = BTreeSet::new();
    let mut ran = 0;
    for (index, line) in text.lines().enumerate() {
        for (_, arguments) in pip_installs(line) {
            for argument in arguments {
                let (name, named) = split_extras(&argument);
                if name == "./python" {
                    installed.extend(named.iter().flat_map(|extra| extras[*extra].iter().cloned()));
                } else {
                    installed.insert(requirement_name(name));
                }
            }
        }
        let Some(script) = line.trim().strip_prefix("python examples/engines/") else {
            continue;
        };
        let script = script.split_whitespace().next().unwrap();
        let mut imports = python_imports(&dir.join(script));
        if imports.remove("sample") {
            imports.extend(python_imports(&dir.join("sample.py")));
        }
        for engine in engines.iter().filter(|engine| imports.contains(**engine)) {
            assert!(installed.contains(*engine), "examples/engines/README.md:{}: runs {script}, which imports {engine}, before any pip install brings it (installed so far: {installed:?})", index + 1);
        }
        ran += 1;
    }
    // The three engines' scripts are each run as written.
    assert_eq!(
        ran, 3,
        "examples/engines/README.md runs duckdb_sql.py, polars_frame.py and spark_job.py"
    );
}

#[test]
fn cargo_install_of_the_tool_is_locked() {
    for (path, text) in documents() {
        for (index, line) in text.lines().enumerate() {
            if line.contains("cargo install") && line.contains("--path cli") {
                assert!(line.contains("cargo install --locked --path cli"), "{path}:{}: write `cargo install --locked --path cli` (without --locked, cargo ignores Cargo.lock): {line}", index + 1);
            }
        }
    }
}
