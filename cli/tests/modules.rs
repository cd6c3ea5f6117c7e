//! The modules of the `iri` tool read bottom-up (issue 23, deliverable 8): no module imports
//! one that imports it, directly or through others. The test reads `cli/src/*.rs` itself, so it
//! needs nothing beyond the standard library: a module's edges are the `crate::NAME` paths in
//! its code (`use crate::{a, b::c}` included) and, at its top level, `super::NAME`; in the crate
//! root, the modules it declares. A path to an item of the root (`crate::Status`) is an edge to
//! the root, which declares every module: a circle. Comments and string literals are left out
//! (a doc link is no import).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The name the crate root (`main.rs`) goes by in the graph.
const ROOT: &str = "main";

/// `source` without its comments, string and character literals (each replaced by a space), so
/// that only code is searched for paths.
fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !ident_char(chars.get(i.wrapping_sub(1)).copied())
        {
            // A raw string: r"...", r#"..."#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            'raw: while j < chars.len() {
                if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break 'raw;
                }
                j += 1;
            }
            i = j;
            out.push(' ');
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else if c == '\'' && (chars.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A character literal ('a', '\n', '\u{..}'); a lifetime ('a) has no closing quote.
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || c == '_')
}

/// The code as tokens: identifiers, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if ident_char(Some(c)) {
            let start = i;
            while ident_char(chars.get(i).copied()) {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// The first names of the paths that follow `crate::` at `tokens[at..]`: one name, or each
/// first name of a `{a, b::c, d::{e}}` group.
fn first_names(tokens: &[String], at: usize) -> Vec<String> {
    match tokens.get(at).map(String::as_str) {
        Some("{") => {
            let (mut names, mut depth, mut expect_name) = (Vec::new(), 0, true);
            for token in &tokens[at..] {
                match token.as_str() {
                    "{" => depth += 1,
                    "}" => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    "," if depth == 1 => expect_name = true,
                    name if depth == 1 && expect_name && ident_char(name.chars().next()) => {
                        names.push(name.to_string());
                        expect_name = false;
                    }
                    _ => {}
                }
            }
            names
        }
        Some(name) if ident_char(name.chars().next()) => vec![name.to_string()],
        _ => Vec::new(),
    }
}

/// Each module of `src` (by file stem; the root is `main`) and the modules it refers to.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut sources = BTreeMap::new();
    for entry in fs::read_dir(src).expect("read cli/src") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "rs") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            sources.insert(
                name,
                code_only(&fs::read_to_string(&path).expect("read a module")),
            );
        }
    }
    assert!(sources.contains_key(ROOT), "no {ROOT}.rs in {}", src.display());
    let modules: BTreeSet<String> = sources.keys().cloned().collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, code) in &sources {
        let tokens = tokens(code);
        let out = edges.entry(module.clone()).or_default();
        // The inline modules open at each depth of braces (`mod tests { ... }`): `super::`
        // inside one is the file's module itself.
        let mut depth = 0usize;
        let mut inline_mods: Vec<usize> = Vec::new();
        for i in 0..tokens.len() {
            let token = tokens[i].as_str();
            match token {
                "{" => {
                    if i >= 2 && tokens[i - 2] == "mod" {
                        inline_mods.push(depth);
                    }
                    depth += 1;
                }
                "}" => {
                    depth -= 1;
                    if inline_mods.last() == Some(&depth) {
                        inline_mods.pop();
                    }
                }
                _ => {}
            }
            let is_path_start = tokens.get(i + 1).is_some_and(|t| t == "::");
            let refer = |name: &str, out: &mut BTreeSet<String>| {
                let target = if modules.contains(name) { name } else { ROOT };
                if target != module {
                    out.insert(target.to_string());
                }
            };
            if module == ROOT {
                // The root declares its modules (`mod check;`) and names them by their names.
                if token == "mod" && tokens.get(i + 2).is_some_and(|t| t == ";") {
                    refer(&tokens[i + 1], out);
                }
                if token == "crate" && is_path_start {
                    for name in first_names(&tokens, i + 2) {
                        refer(&name, out);
                    }
                }
                continue;
            }
            if token == "crate" && is_path_start {
                for name in first_names(&tokens, i + 2) {
                    refer(&name, out);
                }
            } else if token == "super" && is_path_start && inline_mods.is_empty() {
                // `super::` at a module's top level is the crate root.
                out.insert(ROOT.to_string());
            }
        }
    }
    edges
}

/// A circle of the graph, as the list of its modules (the first repeated at the end), or
/// `None` when the graph is acyclic.
fn find_circle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            match marks.get(next).copied().unwrap_or(Mark::New) {
                Mark::Open => {
                    let from = stack.iter().position(|n| n == next).unwrap();
                    let mut circle = stack[from..].to_vec();
                    circle.push(next.clone());
                    return Some(circle);
                }
                Mark::New => {
                    if let Some(circle) = visit(next, edges, marks, stack) {
                        return Some(circle);
                    }
                }
                Mark::Done => {}
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in edges.keys() {
        if marks.get(node).copied().unwrap_or(Mark::New) == Mark::New {
            if let Some(circle) = visit(node, edges, &mut marks, &mut Vec::new()) {
                return Some(circle);
            }
        }
    }
    None
}

/// The reader itself, on small made-up crates: a circle through the root's items, one
/// between two modules, `use crate::{...}` groups, and what must not count (a doc link, a
/// string, `super::` inside `mod tests`).
#[test]
fn the_reader_finds_edges_and_circles() {
    let dir = std::env::temp_dir().join(format!("iri-modules-test-{}", std::process::id()));
    let crate_with = |files: &[(&str, &str)]| {
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            fs::write(dir.join(format!("{name}.rs")), text).unwrap();
        }
        graph(&dir)
    };
    // a → b (a group), b → main (an item of the root): main → a → b → main.
    let edges = crate_with(&[
        ("main", "mod a;\nmod b;\npub enum Status { Ok }\n"),
        ("a", "use crate::{b::Thing, a::Own};\n"),
        ("b", "use crate::Status;\npub struct Thing;\n"),
    ]);
    assert_eq!(edges["a"], BTreeSet::from(["b".to_string()]));
    assert_eq!(edges["b"], BTreeSet::from([ROOT.to_string()]));
    let circle = find_circle(&edges).expect("a circle");
    assert_eq!(circle.first(), circle.last());
    assert_eq!(circle.len(), 4, "{circle:?}");
    // Two modules that import each other, through a path in an expression.
    let edges = crate_with(&[
        ("main", "mod a;\nmod b;\n"),
        ("a", "fn f() { crate::b::g() }\n"),
        ("b", "pub fn g() {}\nfn h() { crate::a::f() }\n"),
    ]);
    assert!(find_circle(&edges).is_some());
    // What is no import: a doc link, a string, `super::` inside `mod tests`.
    let edges = crate_with(&[
        ("main", "mod a;\nmod b;\n"),
        ("a", "use crate::b::g;\n"),
        (
            "b",
            "/// See [`crate::a::f`].\npub fn g() { let _ = \"crate::a::f\"; let _ = r#\"crate::a\"#; }\n\
             // crate::a\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::g;\n}\n",
        ),
    ]);
    assert_eq!(edges["b"], BTreeSet::new());
    assert_eq!(find_circle(&edges), None);
    let _ = fs::remove_dir_all(&dir);
}

/// The `iri` tool's own modules have no circle.
#[test]
fn cli_modules_read_bottom_up() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = graph(&src);
    // The reader sees the tool's modules: the root declares them all.
    assert!(edges[ROOT].len() >= 5, "{edges:?}");
    if let Some(circle) = find_circle(&edges) {
        let imports: Vec<String> = edges
            .iter()
            .map(|(module, to)| {
                format!(
                    "  {module} → {}",
                    to.iter().cloned().collect::<Vec<_>>().join(", ")
                )
            })
            .collect();
        panic!(
            "import circle among cli/src modules: {}\nthe imports:\n{}",
            circle.join(" → "),
            imports.join("\n")
        );
    }
}
