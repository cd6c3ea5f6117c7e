//! The modules read bottom-up (DESIGN.md, "Layers go upward only"; issue 23): the pest grammar at
//! the bottom, what reads it above it, the passes above the types, the bindings on top, and no
//! module imports one above it. So the graph of which module refers to which has no circle:
//! between the top-level modules of `src/`, and between the submodules of each folder. The same
//! holds for the `iri` tool's modules, `cli/src/` (root `lib.rs`), read by the same detector.
//!
//! This reads a crate's source folder (`src`, `cli/src`) as text: each file is a module
//! (`src/a/b.rs` and `src/a/b/mod.rs` are `crate::a::b`; the root file, `lib.rs` or `main.rs`,
//! is `crate`), and its references are the paths it writes in code (`crate::a::b`,
//! `use crate::{a, b::{c, d}}` groups, `super::`, `self::`, and in the root and `mod.rs` paths
//! through a child module), resolved to the module that defines the item, through the crate
//! root's `use` re-exports (`crate::Iri` is `crate::types`). Comments, so doc links, and string
//! literals are not references: a doc link is not an import. `mod` declarations are not either;
//! a `pub use` is (a module that re-exports another is above it).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Ident(String),
    /// `::`
    PathSep,
    Punct(char),
}

/// The tokens of Rust source that matter to paths: identifiers, `::` and punctuation; comments,
/// string, byte-string, raw-string and character literals, lifetimes and numbers are dropped.
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut out = Vec::new();
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
        } else if c == '"' {
            i = skip_string(&chars, i);
        } else if (c == 'r' || c == 'b') && is_raw_string(&chars, i) {
            // r"…", r#"…"#, br#"…"#
            let mut j = i + if c == 'b' { 2 } else { 1 };
            let mut hashes = 0;
            while chars[j] == '#' {
                hashes += 1;
                j += 1;
            }
            j += 1; // the opening quote
            loop {
                if chars[j] == '"' && (1..=hashes).all(|h| chars.get(j + h) == Some(&'#')) {
                    i = j + 1 + hashes;
                    break;
                }
                j += 1;
            }
        } else if c == 'b' && next == Some('"') {
            i = skip_string(&chars, i + 1);
        } else if c == '\'' || (c == 'b' && next == Some('\'')) {
            let start = if c == 'b' { i + 1 } else { i };
            // A character literal ('x', '\n', '\u{..}', '\'') or a lifetime ('a).
            if chars.get(start + 1) == Some(&'\\') {
                let mut j = start + 2;
                while chars[j] != '\'' || j == start + 2 {
                    j += 1;
                }
                i = j + 1;
            } else if chars.get(start + 2) == Some(&'\'') {
                i = start + 3;
            } else {
                // A lifetime: the quote, then its name as an identifier that is never a path.
                i = start + 1;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c.is_ascii_digit() {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c == ':' && next == Some(':') {
            out.push(Token::PathSep);
            i += 2;
        } else {
            if !c.is_whitespace() {
                out.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    out
}

fn is_raw_string(chars: &[char], i: usize) -> bool {
    let mut j = i + 1;
    if chars[i] == 'b' {
        if chars.get(j) != Some(&'r') {
            return false;
        }
        j += 1;
    }
    // Not the end of an identifier such as `for` or `attr`.
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return false;
    }
    while chars.get(j) == Some(&'#') {
        j += 1;
    }
    chars.get(j) == Some(&'"')
}

/// The index after the string literal whose opening quote is at `i`.
fn skip_string(chars: &[char], i: usize) -> usize {
    let mut j = i + 1;
    while chars[j] != '"' {
        if chars[j] == '\\' {
            j += 1;
        }
        j += 1;
    }
    j + 1
}

/// A module of a crate, read from its file.
struct Module {
    /// The file, relative to the workspace (`src/types/mod.rs`, `cli/src/check.rs`).
    file: String,
    tokens: Vec<Token>,
}

/// The paths written at `tokens[i..]` (after a `crate`, `super` or `self` and its `::`, or a
/// first segment), each made absolute from `prefix`; `use` groups give several.
fn paths(tokens: &[Token], mut i: usize, prefix: Vec<String>) -> (Vec<Vec<String>>, usize) {
    let mut segments = prefix;
    loop {
        match tokens.get(i) {
            Some(Token::Ident(s)) => {
                match s.as_str() {
                    "super" => {
                        segments.pop();
                    }
                    "self" => {}
                    _ => segments.push(s.clone()),
                }
                i += 1;
                if tokens.get(i) == Some(&Token::PathSep) {
                    i += 1;
                } else {
                    return (vec![segments], i);
                }
            }
            Some(Token::Punct('{')) => {
                i += 1;
                let mut all = Vec::new();
                while let Some(token) = tokens.get(i) {
                    match token {
                        Token::Punct('}') => {
                            i += 1;
                            break;
                        }
                        Token::Punct(',') => i += 1,
                        Token::Ident(_) | Token::Punct('{') => {
                            let (found, next) = paths(tokens, i, segments.clone());
                            all.extend(found);
                            i = next;
                            // `as name`, or anything else up to the next item.
                            while !matches!(tokens.get(i), None | Some(Token::Punct(',' | '}'))) {
                                i += 1;
                            }
                        }
                        _ => i += 1,
                    }
                }
                return (all, i);
            }
            _ => return (vec![segments], i),
        }
    }
}

/// The `.rs` files under `src` (a folder relative to the workspace root: `src`, `cli/src`),
/// each as its path relative to `src` (with `/` between folders) and its text.
fn read_files(src: &str) -> Vec<(String, String)> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR")).join(src);
    let mut files = Vec::new();
    let mut folders = vec![top.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap_or_else(|e| panic!("{}: {e}", folder.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative: Vec<String> = path
                    .strip_prefix(&top)
                    .unwrap()
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                files.push((relative.join("/"), fs::read_to_string(&path).unwrap()));
            }
        }
    }
    files
}

/// A crate's modules by path (`[]` is the crate root, the file `root`: `lib.rs` or `main.rs`),
/// from its files as [`read_files`] gives them: `a/b.rs` and `a/b/mod.rs` are `crate::a::b`.
fn read_modules(src: &str, root: &str, files: &[(String, String)]) -> BTreeMap<Vec<String>, Module> {
    let mut modules = BTreeMap::new();
    for (relative, source) in files {
        let mut module: Vec<String> = if relative == root {
            Vec::new()
        } else {
            let stem = relative.strip_suffix(".rs").unwrap_or(relative);
            stem.split('/').map(str::to_string).collect()
        };
        if module.last().is_some_and(|last| last == "mod") {
            module.pop();
        }
        modules.insert(
            module,
            Module {
                file: format!("{src}/{relative}"),
                tokens: tokens(source),
            },
        );
    }
    modules
}

/// Every module's references: (from module, to module, the path as written, for the report).
struct Graph {
    /// The crate's source folder, relative to the workspace root (`src`, `cli/src`).
    src: String,
    /// The crate root's file name (`lib.rs`, `main.rs`).
    root: String,
    modules: BTreeMap<Vec<String>, Module>,
    /// For each module, the names its `use` declarations bring in, with their absolute paths
    /// (so that `crate::Iri`, re-exported by the root, resolves to `crate::types`).
    imports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

impl Graph {
    /// The graph of the crate whose source folder is `src` (relative to the workspace root) and
    /// whose root file is `root` in it, read from disk.
    fn of_crate(src: &str, root: &str) -> Self {
        Graph::new(src, root, &read_files(src))
    }

    /// The graph of a crate given as its files (paths relative to `src`, and their text).
    fn new(src: &str, root: &str, files: &[(String, String)]) -> Self {
        let modules = read_modules(src, root, files);
        assert!(modules.contains_key(&Vec::new()), "no crate root {src}/{root}");
        let mut graph = Graph {
            src: src.to_string(),
            root: root.to_string(),
            imports: BTreeMap::new(),
            modules,
        };
        let mut imports = BTreeMap::new();
        for (module, _) in graph.modules.iter() {
            let mut names = BTreeMap::new();
            for (path, _) in graph.written_paths(module, true) {
                if let Some(name) = path.last() {
                    names.insert(name.clone(), path.clone());
                }
            }
            imports.insert(module.clone(), names);
        }
        graph.imports = imports;
        graph
    }

    /// The absolute paths module `module` writes in its code (only those of `use` declarations
    /// when `uses_only`), each with the text it was written as.
    fn written_paths(&self, module: &[String], uses_only: bool) -> Vec<(Vec<String>, String)> {
        let tokens = &self.modules[module].tokens;
        // Inline modules (`mod tests { … }`): their names and the brace depth they close at.
        let mut inline: Vec<(String, usize)> = Vec::new();
        let mut depth = 0;
        let mut in_use = false;
        let mut found = Vec::new();
        let mut i = 0;
        while i < tokens.len() {
            let here: Vec<String> = module
                .iter()
                .cloned()
                .chain(inline.iter().map(|(name, _)| name.clone()))
                .collect();
            match &tokens[i] {
                Token::Punct('{') => depth += 1,
                Token::Punct('}') => {
                    depth -= 1;
                    if inline.last().is_some_and(|(_, d)| *d == depth) {
                        inline.pop();
                    }
                }
                Token::Punct(';') => in_use = false,
                Token::Ident(s) if s == "use" => in_use = true,
                Token::Ident(s) if s == "mod" => {
                    if let (Some(Token::Ident(name)), Some(Token::Punct('{'))) =
                        (tokens.get(i + 1), tokens.get(i + 2))
                    {
                        inline.push((name.clone(), depth));
                        depth += 1;
                        i += 3;
                        continue;
                    }
                }
                Token::Ident(s) if tokens.get(i + 1) == Some(&Token::PathSep) && (!uses_only || in_use) => {
                    let after_sep = i > 0 && tokens[i - 1] == Token::PathSep;
                    let prefix = match s.as_str() {
                        _ if after_sep => None,
                        "crate" => Some(Vec::new()),
                        "super" | "self" => Some(here.clone()),
                        // A path through a child module, in a file that may have them.
                        name => {
                            let mut child = here.clone();
                            child.push(name.to_string());
                            self.modules.contains_key(&child).then_some(here.clone())
                        }
                    };
                    if let Some(prefix) = prefix {
                        let start = if s == "crate" { i + 2 } else { i };
                        let (all, next) = paths(tokens, start, prefix);
                        let written = tokens[i..next]
                            .iter()
                            .map(|t| match t {
                                Token::Ident(s) => s.clone(),
                                Token::PathSep => "::".to_string(),
                                Token::Punct(c) => c.to_string(),
                            })
                            .collect::<String>();
                        for path in all {
                            found.push((path, written.clone()));
                        }
                        i = next;
                        continue;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        found
    }

    /// The module that defines what `path` names: its longest prefix that is a module, then
    /// through that module's `use` declarations when the next segment is a name they bring in,
    /// if that module is the crate root (whose re-exports are the public API) or the name comes
    /// from the same top-level module (a folder's `mod.rs` and its children). A name another
    /// top-level module re-exports is a reference to that module: it is written as coming from
    /// there (so a facade such as `grammar`, all `pub use`, is above what it re-exports).
    fn resolve(&self, path: &[String], hops: usize) -> Vec<String> {
        let mut module: Vec<String> = Vec::new();
        for segment in path {
            let mut child = module.clone();
            child.push(segment.clone());
            if self.modules.contains_key(&child) {
                module = child;
            } else {
                break;
            }
        }
        if hops < 8 {
            if let Some(name) = path.get(module.len()) {
                if let Some(target) = self.imports[&module].get(name) {
                    let same_top = !module.is_empty() && target.first() == module.first();
                    if target.as_slice() != path && (module.is_empty() || same_top) {
                        let mut whole = target.clone();
                        whole.extend(path[module.len() + 1..].iter().cloned());
                        return self.resolve(&whole, hops + 1);
                    }
                }
            }
        }
        module
    }

    /// The edges between the children of `folder` (and `folder` itself): from a child to
    /// another, with an example of the reference, for every reference between two modules in
    /// the folder's subtree.
    fn edges(&self, folder: &[String]) -> BTreeMap<(String, String), String> {
        let node = |module: &[String]| -> Option<String> {
            if !module.starts_with(folder) {
                return None;
            }
            Some(match module.get(folder.len()) {
                Some(child) => child.clone(),
                None if folder.is_empty() => format!("({})", self.root),
                None => "(mod.rs)".to_string(),
            })
        };
        let mut edges = BTreeMap::new();
        for (module, m) in &self.modules {
            let Some(from) = node(module) else { continue };
            for (path, written) in self.written_paths(module, false) {
                let target = self.resolve(&path, 0);
                if let Some(to) = node(&target) {
                    if to != from {
                        edges
                            .entry((from.clone(), to))
                            .or_insert_with(|| format!("{}: {written}", m.file));
                    }
                }
            }
        }
        edges
    }
}

/// The strongly connected components of more than one node (Tarjan), each sorted.
fn circles(edges: &BTreeMap<(String, String), String>) -> Vec<Vec<String>> {
    let mut nodes: BTreeSet<&String> = BTreeSet::new();
    for (a, b) in edges.keys() {
        nodes.insert(a);
        nodes.insert(b);
    }
    // Reachability closure: small graphs, so the simple way.
    let nodes: Vec<&String> = nodes.into_iter().collect();
    let index = |n: &String| nodes.iter().position(|m| *m == n).unwrap();
    let mut reach = vec![vec![false; nodes.len()]; nodes.len()];
    for (a, b) in edges.keys() {
        reach[index(a)][index(b)] = true;
    }
    for k in 0..nodes.len() {
        for i in 0..nodes.len() {
            for j in 0..nodes.len() {
                if reach[i][k] && reach[k][j] {
                    reach[i][j] = true;
                }
            }
        }
    }
    let mut seen = vec![false; nodes.len()];
    let mut found = Vec::new();
    for i in 0..nodes.len() {
        if seen[i] || !reach[i][i] {
            continue;
        }
        let component: Vec<String> = (0..nodes.len())
            .filter(|&j| j == i || (reach[i][j] && reach[j][i]))
            .inspect(|&j| seen[j] = true)
            .map(|j| nodes[j].clone())
            .collect();
        found.push(component);
    }
    found
}

/// The circles of the crate root's graph (`folder` empty) or of one folder's, as text: each
/// circle's modules, then its edges with an example reference each.
fn report(graph: &Graph, folder: &[String]) -> Vec<String> {
    let edges = graph.edges(folder);
    let name = if folder.is_empty() {
        format!("{}/", graph.src)
    } else {
        format!("{}/{}/", graph.src, folder.join("/"))
    };
    let mut found = Vec::new();
    for circle in circles(&edges) {
        let mut text = format!("circle in {name}: {}\n", circle.join(", "));
        for ((from, to), example) in &edges {
            if circle.contains(from) && circle.contains(to) {
                text.push_str(&format!("  {from} -> {to}   ({example})\n"));
            }
        }
        found.push(text);
    }
    found
}

/// The folders of the crate (the modules whose file is a `mod.rs`), by module path.
fn folders(graph: &Graph) -> Vec<Vec<String>> {
    graph
        .modules
        .iter()
        .filter(|(module, m)| !module.is_empty() && m.file.ends_with("/mod.rs"))
        .map(|(module, _)| module.clone())
        .collect()
}

/// The circles of a crate: between its top-level modules, then within each folder.
fn all_circles(graph: &Graph) -> Vec<String> {
    let mut found = report(graph, &[]);
    for folder in folders(graph) {
        found.extend(report(graph, &folder));
    }
    found
}

/// The top-level modules of `src/` read bottom-up: no circle between them. (Before issue 23,
/// `grammar.rs` called up into `automaton/`, `explain/` and `tree.rs`, and `types/methods.rs`
/// into the passes.)
#[test]
fn top_level_modules_have_no_circles() {
    let found = report(&Graph::of_crate("src", "lib.rs"), &[]);
    assert!(
        found.is_empty(),
        "the modules import each other in circles:\n{}",
        found.concat()
    );
}

/// The files of each folder read bottom-up too: a folder's `mod.rs` declares its children,
/// re-exports them and holds the functions that call them, and the children import what they
/// share from a sibling, never from `mod.rs`. (Before issue 23, the `mod.rs` of `arrow/`,
/// `automaton/`, `checks/`, `explain/` and `types/` defined items that their children imported
/// back, so each folder's files were one circle.)
#[test]
fn folders_have_no_circles() {
    let graph = Graph::of_crate("src", "lib.rs");
    let folders = folders(&graph);
    // The walk found the folders (whatever features are on: the source is read as text).
    for folder in ["arrow", "automaton", "checks", "explain", "types"] {
        assert!(
            folders.contains(&vec![folder.to_string()]),
            "src/{folder}/ not read"
        );
    }
    let found: Vec<String> = folders.iter().flat_map(|folder| report(&graph, folder)).collect();
    assert!(
        found.is_empty(),
        "the files of a folder import each other in circles:\n{}",
        found.concat()
    );
}

/// The `iri` tool's modules (`cli/src`, root `lib.rs`) read bottom-up too: no circle between
/// them, nor within a folder if it grows one. (Before issue 23, `input.rs` and `report.rs`
/// imported each other.)
#[test]
fn cli_modules_read_bottom_up() {
    let graph = Graph::of_crate("cli/src", "lib.rs");
    // The reader sees the tool: `lib.rs` is the root and calls into its subcommands' modules.
    let edges = graph.edges(&[]);
    for module in ["check", "input", "lines", "report"] {
        assert!(
            graph.modules.contains_key(&vec![module.to_string()]),
            "cli/src/{module}.rs not read"
        );
    }
    assert!(
        edges.contains_key(&("(lib.rs)".to_string(), "check".to_string())),
        "{edges:?}"
    );
    let found = all_circles(&graph);
    assert!(
        found.is_empty(),
        "the modules of cli/src import each other in circles:\n{}",
        found.concat()
    );
}

/// The detector sees what it must: a circle written on purpose, references in a `use` group, in
/// `super::` and through a re-export, and none in comments or strings.
#[test]
fn detector_reads_paths() {
    let source = r#"
        //! [`crate::z`] is a doc link, not an import.
        use crate::{a::{b, c::D}, e};
        fn f() { let _ = "crate::y::x"; super::g(); self::h::k(); 'x'; }
    "#;
    let t = tokens(source);
    let mut found = Vec::new();
    for (i, token) in t.iter().enumerate() {
        if token == &Token::Ident("crate".into()) && t.get(i + 1) == Some(&Token::PathSep) {
            found.extend(paths(&t, i + 2, Vec::new()).0);
        }
    }
    let expected: Vec<Vec<String>> = [&["a", "b"][..], &["a", "c", "D"], &["e"]]
        .iter()
        .map(|p| p.iter().map(|s| s.to_string()).collect())
        .collect();
    assert_eq!(found, expected);
    let mut edges = BTreeMap::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        edges.insert((a.to_string(), b.to_string()), String::new());
    }
    assert_eq!(circles(&edges), [["a", "b", "c"]]);
    edges.remove(&("c".to_string(), "a".to_string()));
    assert!(circles(&edges).is_empty());
}

/// The graph of a made-up crate (`made-up/src`), from its files and their text.
fn made_up(root: &str, files: &[(&str, &str)]) -> Graph {
    let files: Vec<(String, String)> = files
        .iter()
        .map(|(path, text)| (path.to_string(), text.to_string()))
        .collect();
    Graph::new("made-up/src", root, &files)
}

/// The edges between the top-level modules of a graph, without their examples.
fn top_edges(graph: &Graph) -> BTreeSet<(String, String)> {
    graph.edges(&[]).into_keys().collect()
}

fn edge_set(edges: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    edges
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// The whole reader on small made-up crates (the cases of the `iri` tool's former detector,
/// `cli/tests/modules.rs`): a circle through an item of a binary's root, one between two
/// modules through paths in expressions, one within a folder, a re-export resolved to the
/// module that defines the item, and what is no reference (a doc link, strings, a comment,
/// `super::` inside `mod tests`, a `mod` declaration).
#[test]
fn detector_reads_crates() {
    // `main` calls `a`, `a` imports from `b` in a group (and from itself: no edge), `b` imports
    // an item `main.rs` defines: (main.rs) → a → b → (main.rs), one circle.
    let main = "mod a;\nmod b;\npub enum Status { Ok }\nfn main() { a::run(); }\n";
    let a = "use crate::{b::Thing, a::Own};\npub struct Own;\npub fn run() {}\n";
    let b = "use crate::Status;\npub struct Thing;\n";
    let graph = made_up("main.rs", &[("main.rs", main), ("a.rs", a), ("b.rs", b)]);
    assert_eq!(
        top_edges(&graph),
        edge_set(&[("(main.rs)", "a"), ("a", "b"), ("b", "(main.rs)")])
    );
    let found = all_circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("circle in made-up/src/: (main.rs), a, b\n"),
        "{}",
        found[0]
    );
    // The same crate with a root that only declares its modules: a `mod` declaration is not a
    // reference (the root is where a module is named, not something it uses), so no circle.
    let main = "mod a;\nmod b;\npub enum Status { Ok }\n";
    let graph = made_up("main.rs", &[("main.rs", main), ("a.rs", a), ("b.rs", b)]);
    assert_eq!(top_edges(&graph), edge_set(&[("a", "b"), ("b", "(main.rs)")]));
    assert!(all_circles(&graph).is_empty());
    // Two modules that call each other through paths in expressions.
    let graph = made_up(
        "main.rs",
        &[
            ("main.rs", "mod a;\nmod b;\n"),
            ("a.rs", "pub fn f() { crate::b::g() }\n"),
            ("b.rs", "pub fn g() {}\nfn h() { crate::a::f() }\n"),
        ],
    );
    assert_eq!(top_edges(&graph), edge_set(&[("a", "b"), ("b", "a")]));
    assert_eq!(all_circles(&graph).len(), 1);
    // What is no reference: a doc link, a string, a raw string, a comment, and `super::` inside
    // `mod tests` (the file's own module). `b` refers to nothing, so `a` → `b` is all.
    let b = "/// See [`crate::a::f`].\n\
             pub fn g() { let _ = \"crate::a::f\"; let _ = r#\"crate::a\"#; }\n\
             // crate::a::f();\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use super::g;\n}\n";
    let graph = made_up(
        "main.rs",
        &[
            ("main.rs", "mod a;\nmod b;\n"),
            ("a.rs", "use crate::b::g;\npub fn f() {}\n"),
            ("b.rs", b),
        ],
    );
    assert_eq!(top_edges(&graph), edge_set(&[("a", "b")]));
    assert!(all_circles(&graph).is_empty());
    // A library: `crate::Iri`, re-exported by the root, is a reference to `types`, which
    // defines it, not to the root; and inside the folder `types/`, `mod.rs` calls `methods`,
    // which imports `super::Iri` from `mod.rs`: a circle within the folder, none above it.
    let graph = made_up(
        "lib.rs",
        &[
            ("lib.rs", "mod parse;\nmod types;\npub use crate::types::Iri;\n"),
            ("parse.rs", "use crate::Iri;\n"),
            (
                "types/mod.rs",
                "mod methods;\npub struct Iri;\nfn f() { methods::g() }\n",
            ),
            ("types/methods.rs", "use super::Iri;\npub fn g() {}\n"),
        ],
    );
    assert_eq!(
        top_edges(&graph),
        edge_set(&[("(lib.rs)", "types"), ("parse", "types")])
    );
    assert!(report(&graph, &[]).is_empty());
    let found = all_circles(&graph);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("circle in made-up/src/types/: (mod.rs), methods\n"),
        "{}",
        found[0]
    );
}
