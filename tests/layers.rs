//! The modules read bottom-up (DESIGN.md, "Layers go upward only"; issue 23): the pest grammar at
//! the bottom, what reads it above it, the passes above the types, the bindings on top, and no
//! module imports one above it. So the graph of which module refers to which has no circle:
//! between the top-level modules of `src/`, and between the submodules of each folder.
//!
//! This reads the source of `src/**/*.rs` as text: each file is a module (`src/a/b.rs` and
//! `src/a/b/mod.rs` are `crate::a::b`), and its references are the paths it writes in code
//! (`crate::a::b`, `use crate::{a, b::{c, d}}` groups, `super::`, `self::`, and in `lib.rs` and
//! `mod.rs` paths through a child module), resolved to the module that defines the item, through
//! the crate root's `use` re-exports (`crate::Iri` is `crate::types`). Comments, so doc links,
//! and string literals are not references: a doc link is not an import. `mod` declarations are
//! not either; a `pub use` is (a module that re-exports another is above it).

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

/// A module of the crate, read from its file.
struct Module {
    /// The file, relative to the crate.
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

/// The crate's modules by path (`[]` is the crate root), and which are a folder's `mod.rs` or
/// `lib.rs` (the modules whose files may hold child modules).
fn read_modules() -> BTreeMap<Vec<String>, Module> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut modules = BTreeMap::new();
    let mut folders = vec![src.clone()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(&src).unwrap();
            let mut module: Vec<String> = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let source = fs::read_to_string(&path).unwrap();
            modules.insert(
                module,
                Module {
                    file: format!("src/{}", relative.display()),
                    tokens: tokens(&source),
                },
            );
        }
    }
    modules
}

/// Every module's references: (from module, to module, the path as written, for the report).
struct Graph {
    modules: BTreeMap<Vec<String>, Module>,
    /// For each module, the names its `use` declarations bring in, with their absolute paths
    /// (so that `crate::Iri`, re-exported by the root, resolves to `crate::types`).
    imports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

impl Graph {
    fn new() -> Self {
        let modules = read_modules();
        let mut graph = Graph {
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
                None => format!("({})", if folder.is_empty() { "lib.rs" } else { "mod.rs" }),
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
        "src/".to_string()
    } else {
        format!("src/{}/", folder.join("/"))
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

/// The top-level modules of `src/` read bottom-up: no circle between them. (Before issue 23,
/// `grammar.rs` called up into `automaton/`, `explain/` and `tree.rs`, and `types/methods.rs`
/// into the passes.)
#[test]
fn top_level_modules_have_no_circles() {
    let found = report(&Graph::new(), &[]);
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
    let graph = Graph::new();
    let folders: Vec<Vec<String>> = graph
        .modules
        .iter()
        .filter(|(module, m)| !module.is_empty() && m.file.ends_with("mod.rs"))
        .map(|(module, _)| module.clone())
        .collect();
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
