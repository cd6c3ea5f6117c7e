//! The repository's Markdown files and their fenced code blocks, read as the runners of their
//! examples read them (TESTING.md, "The examples in the documentation"): the library's
//! `tests/docs.rs` (the inventory and the links) and the tool's `cli/tests/docs.rs` (the
//! `console` blocks) both use this file (`#[path]`).

use std::path::Path;
use std::process::Command;

/// The Markdown files under `root`: tracked, or new and not ignored (`git ls-files -z -co
/// --exclude-standard`, names as they are, never quoted), as paths from `root`, sorted; a name
/// git lists whose file is gone (deleted, not yet committed) is left out.
pub fn markdown_files(root: &Path) -> Vec<String> {
    let out = Command::new("git")
        .args(["ls-files", "-z", "-co", "--exclude-standard", "--", "*.md"])
        .current_dir(root)
        .output()
        .expect("run git ls-files");
    assert!(
        out.status.success(),
        "git ls-files: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<String> = String::from_utf8(out.stdout)
        .expect("git ls-files prints UTF-8 paths")
        .split('\0')
        .filter(|path| !path.is_empty() && root.join(path).is_file())
        .map(str::to_owned)
        .collect();
    files.sort();
    files.dedup();
    files
}

/// A fenced code block of a Markdown file.
#[derive(Debug, PartialEq)]
pub struct Block {
    /// The line of the opening fence, from 1.
    pub line: usize,
    /// The line of the closing fence, from 1 (the last line when the block is never closed).
    pub end: usize,
    /// The first word of the info string, empty when there is none.
    pub language: String,
    /// The HTML comment on the line before the opening fence, without `<!--` and `-->`.
    pub comment: Option<String>,
    /// The lines between the fences, each with its line number and without the indentation of
    /// the opening fence (a block in a list item).
    pub lines: Vec<(usize, String)>,
}

/// The fenced code blocks of a Markdown text: an opening fence is a run of three backticks or
/// more, indented or not, then the info string; the block runs to a fence of backticks at least
/// as long with nothing after it (or to the end of the text).
pub fn blocks(text: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found: Vec<Block> = Vec::new();
    // The backticks and the indentation of the open block's fence.
    let mut open: Option<(usize, usize)> = None;
    for (index, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start_matches([' ', '\t']);
        let indent = line.len() - trimmed.len();
        let ticks = trimmed.len() - trimmed.trim_start_matches('`').len();
        match open {
            Some((length, _)) if ticks >= length && trimmed[ticks..].trim().is_empty() => {
                open = None;
                found.last_mut().expect("an open block").end = index + 1;
            }
            Some((_, fence_indent)) => {
                let strip = indent.min(fence_indent);
                let block = found.last_mut().expect("an open block");
                block.lines.push((index + 1, line[strip..].to_owned()));
                block.end = index + 1;
            }
            None if ticks >= 3 => {
                open = Some((ticks, indent));
                let before = index.checked_sub(1).map_or("", |i| lines[i].trim());
                found.push(Block {
                    line: index + 1,
                    end: index + 1,
                    language: trimmed[ticks..]
                        .split_whitespace()
                        .next()
                        .unwrap_or("")
                        .to_owned(),
                    comment: before
                        .strip_prefix("<!--")
                        .and_then(|l| l.strip_suffix("-->"))
                        .map(|l| l.trim().to_owned()),
                    lines: Vec::new(),
                });
            }
            None => {}
        }
    }
    found
}
