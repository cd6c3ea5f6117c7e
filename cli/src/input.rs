//! Where the tool's inputs come from: the command line, or the lines of a file or stdin, read as
//! bytes so that a line that is not UTF-8 is reported, never a crash.

use std::io::{self, BufRead};

/// One input line, as read: its 1-based number, its bytes (without the line end), and its
/// text, or why the bytes are not UTF-8.
pub struct Line<'a> {
    pub number: usize,
    pub bytes: &'a [u8],
    pub text: Result<&'a str, NotUtf8>,
}

/// A line that is not UTF-8: where its valid prefix ends, and the line shown lossily.
pub struct NotUtf8 {
    pub byte_offset: usize,
    pub column: usize,
    pub lossy: String,
    pub message: String,
}

/// Calls `each` on every line of `reader`, streaming: one buffer is reused for all lines.
/// A line ends at "\n", and a "\r" before it is dropped too, so CRLF files read like LF ones.
pub fn for_each_line<R: BufRead>(
    mut reader: R,
    mut each: impl FnMut(Line<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let mut buffer = Vec::new();
    let mut number = 0;
    loop {
        buffer.clear();
        if reader.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(());
        }
        number += 1;
        let mut bytes = buffer.as_slice();
        bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        let text = decode(bytes);
        each(Line { number, bytes, text })?;
    }
}

/// The line's bytes as text, or where and why they are not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<&str, NotUtf8> {
    std::str::from_utf8(bytes).map_err(|e| not_utf8(bytes, e))
}

fn not_utf8(bytes: &[u8], error: std::str::Utf8Error) -> NotUtf8 {
    let valid = error.valid_up_to();
    let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid_up_to is a UTF-8 boundary");
    let bad_len = error.error_len().unwrap_or(bytes.len() - valid);
    let bad: Vec<String> = bytes[valid..valid + bad_len]
        .iter()
        .map(|b| format!("0x{b:02X}"))
        .collect();
    let column = prefix.chars().count() + 1;
    NotUtf8 {
        byte_offset: valid,
        column,
        lossy: String::from_utf8_lossy(bytes).into_owned(),
        message: format!(
            "the line is not UTF-8: byte {} at column {column} (an IRI is a sequence of Unicode characters, RFC 3987 §2)",
            bad.join(" ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each line's number and text, or the byte offset and column of its first bad byte.
    type Lines = Vec<(usize, Result<String, (usize, usize)>)>;

    fn lines(input: &[u8]) -> Lines {
        let mut out = Vec::new();
        for_each_line(input, |line| {
            out.push((
                line.number,
                line.text
                    .map(str::to_string)
                    .map_err(|e| (e.byte_offset, e.column)),
            ));
            Ok(())
        })
        .unwrap();
        out
    }

    #[test]
    fn splits_on_lf_and_crlf_and_keeps_empty_lines() {
        // "a\r\n\nb" is three lines: "a", "", "b"; a final newline does not add an empty line.
        assert_eq!(
            lines(b"a\r\n\nb\n"),
            vec![(1, Ok("a".into())), (2, Ok("".into())), (3, Ok("b".into()))]
        );
        assert_eq!(lines(b"x"), vec![(1, Ok("x".into()))]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn reports_invalid_utf8_with_its_position() {
        // "é" is two bytes, so the stray 0xFF after "é" is at byte 2, character column 2.
        assert_eq!(lines("é\u{0}".as_bytes())[0].1, Ok("é\u{0}".into()));
        assert_eq!(lines(b"\xC3\xA9\xFFz\n")[0].1, Err((2, 2)));
        // A truncated sequence at the end of the line.
        assert_eq!(lines(b"ab\xE2\x82")[0].1, Err((2, 3)));
    }
}
