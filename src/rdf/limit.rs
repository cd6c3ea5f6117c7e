//! Bounded memory: where a scanner that skips a statement longer than its limit starts
//! reading again.

use super::syntax::Syntax;
use super::term::Broken;

/// The report of a statement that does not end within `limit` bytes, at `at`, its first byte.
pub(super) fn too_long(syntax: Syntax, limit: usize, at: usize) -> Broken {
    let what = match syntax {
        Syntax::NTriples | Syntax::NQuads => "the line does not end",
        Syntax::Turtle | Syntax::TriG => "the statement does not end",
    };
    let message = format!(
        "{what} within {limit} bytes of its start (the scanner's limit); skipped to the next \
         line that can begin a statement, its IRIs not checked"
    );
    Broken::new(at, message)
}

/// Where a scanner skipping a statement longer than its limit stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Skip {
    /// Not skipping.
    No,
    /// Skipping, inside a line: the next place to look is after its end.
    InLine,
    /// Skipping, at the start of a line not yet looked at.
    LineStart,
}

/// While skipping: the offset of the next line from `at` of `text` that can begin a
/// statement, or `Err` with how far `text` was looked through (to the start of a line not
/// yet seen whole, or to its end), the skipping going on at the next call.
pub(super) fn resume(
    syntax: Syntax,
    skip: &mut Skip,
    text: &str,
    mut at: usize,
    last: bool,
) -> Result<usize, usize> {
    let bytes = text.as_bytes();
    loop {
        if *skip == Skip::InLine {
            match memchr::memchr(b'\n', &bytes[at..]) {
                Some(n) => (at, *skip) = (at + n + 1, Skip::LineStart),
                None => return Err(text.len()),
            }
        }
        let line = &bytes[at..];
        let end = memchr::memchr(b'\n', line);
        // Told once the line is seen whole, or long enough (a keyword and a space, or a
        // prefixed name's first 64 bytes), or is the document's last.
        if end.is_none() && line.len() < 72 && !last {
            return Err(at);
        }
        if can_begin(syntax, &line[..end.unwrap_or(line.len())]) {
            return Ok(at);
        }
        *skip = Skip::InLine;
        if end.is_none() {
            return Err(text.len());
        }
    }
}

/// The offset of the first byte of the statement that starts at `at` of `text`, after white
/// space and comments (N-Triples §2.3, Turtle §6.4: `#` to the end of its line, outside
/// strings and IRIs); when a comment runs to the end of `text`, its `#`: the "statement" that
/// does not end is that comment. (The lexer's `Lexer::token` skips the same, but gives no
/// place for a comment it cannot see the end of.)
pub(super) fn statement_start(text: &str, mut at: usize) -> usize {
    let bytes = text.as_bytes();
    while at < bytes.len() {
        match bytes[at] {
            b' ' | b'\t' | b'\r' | b'\n' => at += 1,
            // (To the comment's line end, which the arm above takes.)
            b'#' => match memchr::memchr(b'\n', &bytes[at..]) {
                Some(n) => at += n,
                None => return at,
            },
            _ => return at,
        }
    }
    at
}

/// Whether `line` (without its line end) can begin a statement of `syntax`: in N-Triples and
/// N-Quads every line can; in Turtle and TriG (Turtle §6.5 `statement`, TriG `block`), one
/// whose first token, after spaces, is an IRI (`<`), a blank node (`_:`, `[`), a collection
/// (`(`), a graph (`{`), a directive (`@prefix`, `@base`, `PREFIX`, `BASE`), `GRAPH` or a
/// prefixed name (ASCII letters, digits, `_`, `-`, `.` before its `:`).
fn can_begin(syntax: Syntax, line: &[u8]) -> bool {
    if matches!(syntax, Syntax::NTriples | Syntax::NQuads) {
        return true;
    }
    let start = line
        .iter()
        .position(|&b| b != b' ' && b != b'\t')
        .unwrap_or(line.len());
    let line = &line[start..];
    match line.first() {
        Some(b'<' | b'[' | b'(' | b'{' | b'@' | b':') => true,
        Some(b'_') if line.get(1) == Some(&b':') => true,
        Some(b) if b.is_ascii_alphabetic() => {
            let word = line
                .iter()
                .position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')))
                .unwrap_or(line.len());
            let after = line.get(word);
            after == Some(&b':')
                || (matches!(after, Some(b' ' | b'\t' | b'<' | b'{'))
                    && ["PREFIX", "BASE", "GRAPH"]
                        .iter()
                        .any(|k| k.as_bytes().eq_ignore_ascii_case(&line[..word])))
        }
        _ => false,
    }
}

#[cfg(test)]
#[path = "limit_tests.rs"]
mod tests;
