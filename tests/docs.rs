//! Every Markdown file of the repository (issue 44; TESTING.md, "The examples in the
//! documentation"): each fenced code block is in a language some test runs, or says which test
//! runs it or why nothing does; each file with Rust blocks is one `src/lib.rs` includes as
//! doctests; and every relative link resolves, to a file and, for `#anchor`, to a heading of it.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Component, Path, PathBuf};

use crate::markdown::{self, blocks};

/// The languages a runner executes, and the runner (TESTING.md's table).
const RUN: [(&str, &str); 6] = [
    ("rust", "cargo test (doctests)"),
    ("python", "python/tests/test_docs.py"),
    ("pycon", "python/tests/test_docs.py"),
    ("js", "js/test/docs.test.js"),
    ("sql", "duckdb/test/test_docs.py"),
    ("console", "cli/tests/docs.rs"),
];

/// The repository's address for its files, as the guide links them (the built book holds only
/// `docs/src/`): a link to `{REPOSITORY}/blob/main/PATH` or `/tree/main/PATH` is checked as PATH,
/// and `{REPOSITORY}` alone is the repository itself.
const REPOSITORY: &str = "https://github.com/rfc3987/rfc3987";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files: tracked, or new and not ignored (what a commit would hold).
fn markdown_files() -> Vec<String> {
    markdown::markdown_files(&root())
}

/// What a block's comment says: `Ok` when it says why the block is not run, with a reason, or
/// hands it to a test that exists and names the Markdown file `file` (so a comment cannot hand
/// a block to a file that does not read it); `Err` with what is wrong otherwise.
fn comment_verdict(comment: &str, file: &str) -> Result<(), String> {
    if let Some(why) = comment.strip_prefix("not run:") {
        return if why.trim().len() >= 10 {
            Ok(())
        } else {
            Err(format!("`not run:` needs its reason, not {:?}", why.trim()))
        };
    }
    if let Some(rest) = comment.strip_prefix("run by ") {
        let (path, how) = rest.split_once(':').unwrap_or((rest, ""));
        if how.trim().is_empty() {
            return Err(format!("`run by {path}:` needs how it runs the block"));
        }
        return match fs::read_to_string(root().join(path.trim())) {
            Ok(runner) if runner.contains(file) => Ok(()),
            Ok(_) => Err(format!("`run by {path}`: it does not name {file}")),
            Err(_) => Err(format!("`run by {path}`: no such file")),
        };
    }
    Err(format!(
        "the comment before the block neither says `not run: why` nor `run by PATH: how`: {comment:?}"
    ))
}

#[test]
fn every_block_is_run_or_says_why_not() {
    let runners: BTreeSet<&str> = RUN.iter().map(|(language, _)| *language).collect();
    let mut problems = Vec::new();
    let mut count = 0;
    for path in markdown_files() {
        let text = fs::read_to_string(root().join(&path)).unwrap();
        for (index, line) in prose(&text).iter().enumerate() {
            if line.trim_start().starts_with("~~~") {
                problems.push(format!(
                    "{path}:{}: a `~~~` fence, which no runner reads: fence the block with backticks",
                    index + 1
                ));
            }
        }
        for block in blocks(&text) {
            count += 1;
            let place = format!("{path}:{}", block.line);
            match &block.comment {
                Some(comment) => {
                    if let Err(why) = comment_verdict(comment, &path) {
                        problems.push(format!("{place}: {why}"));
                    }
                }
                None if runners.contains(block.language.as_str()) => {}
                None => problems.push(format!(
                    "{place}: a `{}` block is run by no test: write it as one of {:?}, or put `<!-- not run: why -->` or `<!-- run by PATH: how -->` on the line before it",
                    block.language, runners
                )),
            }
        }
    }
    assert!(count > 50, "only {count} code blocks found in the Markdown files");
    assert!(
        problems.is_empty(),
        "{} code blocks:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The files `src/lib.rs` includes as doctests (`include_str!("PATH")`, PATH from `src/`), as
/// paths from the repository's root.
fn doctested() -> BTreeSet<String> {
    let lib = fs::read_to_string(root().join("src/lib.rs")).unwrap();
    lib.split("include_str!(\"")
        .skip(1)
        .filter_map(|rest| rest.split_once("\")"))
        .filter_map(|(path, _)| normal(&Path::new("src").join(path)))
        .map(|path| path.to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_file_with_rust_blocks_is_doctested() {
    let included = doctested();
    let mut missing = Vec::new();
    for path in markdown_files() {
        let text = fs::read_to_string(root().join(&path)).unwrap();
        if blocks(&text)
            .iter()
            .any(|b| b.language == "rust" && b.comment.is_none())
            && !included.contains(&path)
        {
            missing.push(path);
        }
    }
    assert!(
        missing.is_empty(),
        "these files have Rust blocks, but src/lib.rs does not include them as doctests: {missing:?}"
    );
    // The published crate holds what its doctests include, so `cargo test` works on it.
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    for path in &included {
        assert!(
            root().join(path).is_file(),
            "src/lib.rs includes {path}, which does not exist"
        );
        assert!(
            path.starts_with("src/") || manifest.contains(&format!("\"/{path}\"")),
            "src/lib.rs includes {path} as doctests, but Cargo.toml's `include` leaves it out of the package"
        );
    }
}

/// The text of a Markdown file outside its fenced code blocks, line by line (the lines of a
/// block, its fences included, blank).
fn prose(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for block in blocks(text) {
        lines[block.line - 1..block.end]
            .iter_mut()
            .for_each(String::clear);
    }
    lines
}

/// A line without its code spans (`` `…` ``), which hold no links.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let after = &rest[start + ticks..];
        match after.find(&"`".repeat(ticks)) {
            Some(end) => rest = &after[end + ticks..],
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The link targets of a Markdown text with their line numbers: inline links and images
/// `[text](target "title")` and reference definitions `[label]: target`.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in prose(text).iter().enumerate() {
        let line = without_code_spans(line);
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            let target = after[..end].split_whitespace().next().unwrap_or("");
            found.push((
                index + 1,
                target.trim_start_matches('<').trim_end_matches('>').to_owned(),
            ));
            rest = &after[end..];
        }
        let trimmed = line.trim_start();
        if let Some(definition) = trimmed.strip_prefix('[').and_then(|l| l.split_once("]: ")) {
            if let Some(target) = definition.1.split_whitespace().next() {
                found.push((index + 1, target.to_owned()));
            }
        }
    }
    found
}

/// The anchor GitHub and mdBook give a heading: its text (code spans' backticks and links'
/// brackets dropped) lowercased, spaces as "-", and every character that is not a letter, a
/// digit, "-" or "_" dropped. A heading that repeats an earlier one's gets "-1", "-2", ….
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in prose(text) {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let mut anchor: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        if seen.contains(&anchor) {
            let base = anchor.clone();
            anchor = (1..)
                .map(|n| format!("{base}-{n}"))
                .find(|a| !seen.contains(a))
                .unwrap();
        }
        seen.insert(anchor);
    }
    seen
}

/// `dir/../a/./b` as `a/b`; `None` when it climbs out of the repository.
fn normal(path: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// Where a link goes, if it is one this test checks: a path from the repository's root and the
/// anchor. Links to other sites are not followed.
fn local_target(file: &str, target: &str) -> Option<(Result<PathBuf, String>, Option<String>)> {
    let (path, anchor) = match target.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor.to_owned())),
        None => (target, None),
    };
    if let Some(rest) = path.strip_prefix(REPOSITORY) {
        let inside = rest
            .strip_prefix("/blob/main/")
            .or_else(|| rest.strip_prefix("/tree/main/"));
        return Some((
            inside
                .map(PathBuf::from)
                .ok_or_else(|| format!("{target}: not a /blob/main/ or /tree/main/ link")),
            anchor,
        ));
    }
    if path.contains("://") || path.starts_with("mailto:") {
        return None;
    }
    if path.is_empty() {
        return Some((Ok(PathBuf::from(file)), anchor));
    }
    let joined = Path::new(file).parent().unwrap_or(Path::new("")).join(path);
    Some((
        normal(&joined).ok_or_else(|| format!("{target}: outside the repository")),
        anchor,
    ))
}

#[test]
fn every_relative_link_resolves() {
    let mut problems = Vec::new();
    let mut count = 0;
    for file in markdown_files() {
        let text = fs::read_to_string(root().join(&file)).unwrap();
        for (line, target) in links(&text) {
            let Some((path, anchor)) = local_target(&file, &target) else {
                continue;
            };
            count += 1;
            let place = format!("{file}:{line}: ({target})");
            let path = match path {
                Ok(path) => path,
                Err(why) => {
                    problems.push(format!("{place}: {why}"));
                    continue;
                }
            };
            let full = root().join(&path);
            if !full.exists() {
                problems.push(format!("{place}: {} does not exist", path.display()));
                continue;
            }
            // The guide's own pages link each other relatively; a link out of docs/src/ would
            // be dead in the built book.
            if file.starts_with("docs/src/")
                && !target.starts_with(REPOSITORY)
                && !path.starts_with("docs/src")
            {
                problems.push(format!(
                    "{place}: leaves the book; link {REPOSITORY}/blob/main/{} instead",
                    path.display()
                ));
            }
            if let Some(anchor) = anchor {
                let text = fs::read_to_string(&full).unwrap_or_default();
                if !anchors(&text).contains(&anchor) {
                    problems.push(format!(
                        "{place}: {} has no heading with the anchor #{anchor}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(count > 50, "only {count} local links found");
    assert!(
        problems.is_empty(),
        "{} dead links:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_parsers_read_markdown_as_it_renders() {
    let text = "# Title\n\
                <!-- not run: it installs packages -->\n\
                ```sh\n\
                [not a link](nowhere.md)\n\
                ````\n\
                ## A `code` heading, too\n\
                ~~~\n\
                ```` text\n\
                ```\n\
                ````\n\
                See [x](a.md#b) and `[y](z.md)` and ![i](p.png \"t\").\n\
                [ref]: r.md\n\
                ```rust\n\
                ```\n\
                # Title\n";
    let found = blocks(text);
    let languages: Vec<&str> = found.iter().map(|b| b.language.as_str()).collect();
    assert_eq!(languages, ["sh", "text", "rust"]);
    assert_eq!(found[0].comment.as_deref(), Some("not run: it installs packages"));
    assert_eq!((found[1].line, found[1].comment.as_deref()), (8, None));
    let targets: Vec<String> = links(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(targets, ["a.md#b", "p.png", "r.md"]);
    let expected: BTreeSet<String> = ["title", "a-code-heading-too", "title-1"]
        .map(str::to_owned)
        .into();
    assert_eq!(anchors(text), expected);
    assert!(comment_verdict("not run: ", "a.md").is_err());
    assert!(comment_verdict("run by capi/test.sh: compiles it", "docs/src/c.md").is_ok());
    assert!(comment_verdict("run by capi/test.sh: compiles it", "docs/src/js.md").is_err());
    assert!(comment_verdict("run by capi/nothing.sh: compiles it", "docs/src/c.md").is_err());
    assert!(comment_verdict("capi/test.sh runs this", "docs/src/c.md").is_err());
    let blob = local_target("docs/src/c.md", &format!("{REPOSITORY}/blob/main/capi/test.sh"));
    assert_eq!(blob.unwrap().0, Ok(PathBuf::from("capi/test.sh")));
    assert_eq!(
        local_target("docs/src/c.md", "../../README.md#set-up").unwrap().0,
        Ok(PathBuf::from("README.md"))
    );
    assert!(local_target("a.md", "../../x.md").unwrap().0.is_err());
    assert_eq!(local_target("a.md", "https://example.org/x.md"), None);
}
