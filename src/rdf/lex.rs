//! The tokens of Turtle and TriG (RDF 1.1 Turtle §6.5 and §6.4, TriG §5): only as far as it
//! takes to tell IRIs from literals, blank nodes, language tags, comments and punctuation.
//!
//! A token that runs to the end of the text may go on in the text that follows (`ex:a` may be
//! the start of `ex:ab`, `1.` of `1.5`, `""` of `"""…"""`): unless the text is the last of the
//! document, the lexer says so ([`More`]) instead of cutting it short, and the statement is read
//! again once more text has come.

/// The kinds of token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// `IRIREF`, from `<` to the next `>` of its line (read leniently: see [`super::term::iriref`]).
    IriRef,
    /// `PNAME_NS` or `PNAME_LN`; the offset of its `:`.
    PName { colon: usize },
    /// `BLANK_NODE_LABEL`.
    BlankNode,
    /// A string in any of its four forms (`STRING_LITERAL_QUOTE`, `…_SINGLE_QUOTE`,
    /// `…_LONG_QUOTE`, `…_LONG_SINGLE_QUOTE`).
    String,
    /// `LANGTAG`, and the `@prefix` and `@base` keywords, which it also matches.
    LangTag,
    /// `^^`.
    DoubleCaret,
    /// `INTEGER`, `DECIMAL` or `DOUBLE`.
    Number,
    /// A word of the grammar.
    Keyword(Keyword),
    /// `.`
    Dot,
    /// `;`
    Semicolon,
    /// `,`
    Comma,
    /// `[`
    OpenBracket,
    /// `]`
    CloseBracket,
    /// `(`
    OpenParen,
    /// `)`
    CloseParen,
    /// `{` (TriG)
    OpenBrace,
    /// `}` (TriG)
    CloseBrace,
    /// A string or an `IRIREF` that is not closed where it must be: the statement is broken at
    /// `at` for the reason `what`; the token runs to where reading goes on.
    Unclosed { at: usize, what: &'static str },
    /// A character (or a word) that starts no token.
    Other,
    /// The end of the document.
    End,
}

/// The words of the grammars: `a`, `true`, `false` (case-sensitive), `PREFIX`, `BASE` and
/// TriG's `GRAPH` (ASCII case-insensitive).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keyword {
    A,
    True,
    False,
    Prefix,
    Base,
    Graph,
}

/// A token: its kind, and the bytes of the text it spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Token {
    pub(super) kind: Kind,
    pub(super) start: usize,
    pub(super) end: usize,
}

/// The text ends inside a token, or before one, and it is not the last text of the document.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct More;

/// Reads the tokens of `text`.
pub(super) struct Lexer<'a> {
    pub(super) text: &'a str,
    /// Whether `text` ends the document.
    pub(super) last: bool,
}

const UNCLOSED_IRIREF: &str = "the IRI that '<' opens is not closed by '>' on its line (IRIREF, Turtle §6.4)";
const UNCLOSED_STRING: &str = "the string that this quote opens is not closed on its line \
     (STRING_LITERAL_QUOTE, Turtle §6.4; only a string in three quotes spans lines)";
const BAD_ESCAPE: &str = "a backslash in a string starts an escape: \\t, \\b, \\n, \\r, \\f, \\\", \\', \\\\, \\uXXXX or \\UXXXXXXXX (ECHAR, UCHAR, Turtle §6.4)";
const UNCLOSED_LONG_STRING: &str =
    "the string that these three quotes open is never closed (STRING_LITERAL_LONG_QUOTE, Turtle §6.4)";

impl Lexer<'_> {
    /// The byte at `i`: `None` at the end of the last text, [`More`] at the end of another.
    fn at(&self, i: usize) -> Result<Option<u8>, More> {
        match self.text.as_bytes().get(i) {
            Some(&b) => Ok(Some(b)),
            None if self.last => Ok(None),
            None => Err(More),
        }
    }

    /// The character at `i` (a character boundary), as [`Lexer::at`].
    fn char_at(&self, i: usize) -> Result<Option<char>, More> {
        match self.text.get(i..).and_then(|rest| rest.chars().next()) {
            Some(c) => Ok(Some(c)),
            None if self.last => Ok(None),
            None => Err(More),
        }
    }

    /// The first token at or after `at`, after white space and comments (Turtle §6.5: `WS`,
    /// and a comment from `#` to the end of its line, outside IRIs and strings).
    pub(super) fn token(&self, at: usize) -> Result<Token, More> {
        let bytes = self.text.as_bytes();
        let mut i = at;
        loop {
            match bytes.get(i) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
                // A comment to the end of the text: what follows is the end of the document, or
                // `More` (`char_at`).
                Some(b'#') => match memchr::memchr2(b'\n', b'\r', &bytes[i..]) {
                    Some(n) => i += n,
                    None => i = bytes.len(),
                },
                _ => break,
            }
        }
        let token = |kind, end| Token { kind, start: i, end };
        let Some(c) = self.char_at(i)? else {
            return Ok(token(Kind::End, i));
        };
        let one = |kind| Ok(token(kind, i + 1));
        match c {
            '<' => self.iriref(i),
            '"' | '\'' => self.string(i, c as u8),
            '.' if self.at(i + 1)?.is_some_and(|b| b.is_ascii_digit()) => self.number(i),
            '0'..='9' | '+' | '-' => self.number(i),
            '.' => one(Kind::Dot),
            ';' => one(Kind::Semicolon),
            ',' => one(Kind::Comma),
            '[' => one(Kind::OpenBracket),
            ']' => one(Kind::CloseBracket),
            '(' => one(Kind::OpenParen),
            ')' => one(Kind::CloseParen),
            '{' => one(Kind::OpenBrace),
            '}' => one(Kind::CloseBrace),
            '^' if self.at(i + 1)? == Some(b'^') => Ok(token(Kind::DoubleCaret, i + 2)),
            '@' => self.language_tag(i),
            '_' if self.at(i + 1)? == Some(b':') => self.blank_node(i),
            ':' => Ok(token(Kind::PName { colon: i }, self.local_name(i + 1)?)),
            c if is_pn_chars_base(c) => self.word(i),
            c => Ok(token(Kind::Other, i + c.len_utf8())),
        }
    }

    /// `IRIREF ::= '<' … '>'`, read to the next `>` of its line.
    fn iriref(&self, i: usize) -> Result<Token, More> {
        let bytes = self.text.as_bytes();
        let (kind, end) = match memchr::memchr2(b'>', b'\n', &bytes[i + 1..]) {
            Some(n) if bytes[i + 1 + n] == b'>' => (Kind::IriRef, i + n + 2),
            Some(n) => (
                Kind::Unclosed {
                    at: i + 1 + n,
                    what: UNCLOSED_IRIREF,
                },
                i + 1 + n,
            ),
            None if self.last => (
                Kind::Unclosed {
                    at: bytes.len(),
                    what: UNCLOSED_IRIREF,
                },
                bytes.len(),
            ),
            None => return Err(More),
        };
        Ok(Token { kind, start: i, end })
    }

    /// A string opened by the quote `q` at `i`: `STRING_LITERAL_QUOTE ::= '"' ([^#x22#x5C#xA#xD]
    /// | ECHAR | UCHAR)* '"'` (to the first `"` that no backslash escapes, on its line), or
    /// `STRING_LITERAL_LONG_QUOTE ::= '"""' (('"' | '""')? ([^"\] | ECHAR | UCHAR))* '"""'`
    /// (across lines), and their forms in `'`.
    fn string(&self, i: usize, q: u8) -> Result<Token, More> {
        let bytes = self.text.as_bytes();
        let done = |kind, end| Ok(Token { kind, start: i, end });
        // The first backslash that starts no escape: the string is read to its end, then
        // breaks its statement there.
        let mut bad = None;
        let closed = |bad: Option<usize>, end| match bad {
            Some(at) => done(Kind::Unclosed { at, what: BAD_ESCAPE }, end),
            None => done(Kind::String, end),
        };
        if self.at(i + 1)? == Some(q) {
            if self.at(i + 2)? != Some(q) {
                return done(Kind::String, i + 2);
            }
            // Three quotes: to the first run of three or more that no backslash escapes; of a
            // run of four or five, the first ones are the string's ('"' | '""').
            let mut j = i + 3;
            loop {
                match memchr::memchr2(q, b'\\', &bytes[j.min(bytes.len())..]) {
                    Some(n) if bytes[j + n] == b'\\' => j = self.escape(j + n, &mut bad),
                    Some(n) => {
                        let run = j + n;
                        let mut k = run;
                        while self.at(k)? == Some(q) {
                            k += 1;
                        }
                        if k - run >= 3 {
                            return closed(bad, run + (k - run).min(5));
                        }
                        j = k;
                    }
                    None if self.last => {
                        let what = UNCLOSED_LONG_STRING;
                        return done(Kind::Unclosed { at: i, what }, bytes.len());
                    }
                    None => return Err(More),
                }
            }
        }
        let mut j = i + 1;
        loop {
            match memchr::memchr3(q, b'\\', b'\n', &bytes[j.min(bytes.len())..]) {
                Some(n) if bytes[j + n] == q => return closed(bad, j + n + 1),
                Some(n) if bytes[j + n] == b'\\' => j = self.escape(j + n, &mut bad),
                Some(n) => {
                    return done(
                        Kind::Unclosed {
                            at: i,
                            what: UNCLOSED_STRING,
                        },
                        j + n,
                    )
                }
                None if self.last => {
                    return done(
                        Kind::Unclosed {
                            at: i,
                            what: UNCLOSED_STRING,
                        },
                        bytes.len(),
                    )
                }
                None => return Err(More),
            }
        }
    }

    /// The offset after the escape whose backslash is at `at` in a string (`ECHAR`, `UCHAR`;
    /// the backslash and the next byte when it is none, its offset kept in `bad` if it is the
    /// first). An escape cut short by the end of a text that is not the last is bad too, but
    /// its string is not closed in that text either: the string is `More`, and read again.
    fn escape(&self, at: usize, bad: &mut Option<usize>) -> usize {
        match super::term::string_escape(self.text.as_bytes(), at) {
            Some(len) => at + len,
            None => {
                bad.get_or_insert(at);
                // A line end after the backslash is not skipped: it still ends a short string.
                let line_end = matches!(self.text.as_bytes().get(at + 1), Some(b'\n' | b'\r'));
                at + if line_end { 1 } else { 2 }
            }
        }
    }

    /// `INTEGER ::= [+-]? [0-9]+`, `DECIMAL ::= [+-]? [0-9]* '.' [0-9]+`, `DOUBLE ::= [+-]?
    /// ([0-9]+ '.' [0-9]* EXPONENT | '.' [0-9]+ EXPONENT | [0-9]+ EXPONENT)`: the longest that
    /// matches, so that `1.` before the end of a statement is the integer `1`, then `.`.
    fn number(&self, i: usize) -> Result<Token, More> {
        let mut j = i;
        if matches!(self.at(j)?, Some(b'+' | b'-')) {
            j += 1;
        }
        let digits = |mut j: usize| -> Result<usize, More> {
            while self.at(j)?.is_some_and(|b| b.is_ascii_digit()) {
                j += 1;
            }
            Ok(j)
        };
        let integer = digits(j)?;
        let fraction =
            self.at(integer)? == Some(b'.') && self.at(integer + 1)?.is_some_and(|b| b.is_ascii_digit());
        if integer == j && !fraction {
            // A sign that no digit follows.
            return Ok(Token {
                kind: Kind::Other,
                start: i,
                end: j,
            });
        }
        j = if fraction { digits(integer + 1)? } else { integer };
        let end = match self.exponent(j)? {
            Some(end) => end,
            // `1.e3`: an integer part, ".", no digits, an exponent.
            None if !fraction && self.at(j)? == Some(b'.') => self.exponent(j + 1)?.unwrap_or(j),
            None => j,
        };
        Ok(Token {
            kind: Kind::Number,
            start: i,
            end,
        })
    }

    /// `EXPONENT ::= [eE] [+-]? [0-9]+` at `i`: where it ends, if it is one.
    fn exponent(&self, i: usize) -> Result<Option<usize>, More> {
        if !matches!(self.at(i)?, Some(b'e' | b'E')) {
            return Ok(None);
        }
        let mut j = i + 1;
        if matches!(self.at(j)?, Some(b'+' | b'-')) {
            j += 1;
        }
        let from = j;
        while self.at(j)?.is_some_and(|b| b.is_ascii_digit()) {
            j += 1;
        }
        Ok((j > from).then_some(j))
    }

    /// `LANGTAG ::= '@' [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*` (`@prefix` and `@base` too).
    fn language_tag(&self, i: usize) -> Result<Token, More> {
        let mut j = i + 1;
        while self.at(j)?.is_some_and(|b| b.is_ascii_alphabetic()) {
            j += 1;
        }
        if j == i + 1 {
            return Ok(Token {
                kind: Kind::Other,
                start: i,
                end: j,
            });
        }
        while self.at(j)? == Some(b'-') && self.at(j + 1)?.is_some_and(|b| b.is_ascii_alphanumeric()) {
            j += 1;
            while self.at(j)?.is_some_and(|b| b.is_ascii_alphanumeric()) {
                j += 1;
            }
        }
        Ok(Token {
            kind: Kind::LangTag,
            start: i,
            end: j,
        })
    }

    /// `BLANK_NODE_LABEL ::= '_:' (PN_CHARS_U | [0-9]) ((PN_CHARS | '.')* PN_CHARS)?`.
    fn blank_node(&self, i: usize) -> Result<Token, More> {
        let first = self.char_at(i + 2)?;
        if !first.is_some_and(|c| is_pn_chars_u(c) || c.is_ascii_digit()) {
            return Ok(Token {
                kind: Kind::Other,
                start: i,
                end: i + 2,
            });
        }
        let end = self.name_run(i + 2)?;
        Ok(Token {
            kind: Kind::BlankNode,
            start: i,
            end,
        })
    }

    /// From `i`, the run of `PN_CHARS` and `.` that does not end with `.`: where it ends.
    fn name_run(&self, i: usize) -> Result<usize, More> {
        let (mut j, mut end) = (i, i);
        while let Some(c) = self.char_at(j)? {
            if c == '.' {
                j += 1;
            } else if is_pn_chars(c) {
                j += c.len_utf8();
                end = j;
            } else {
                break;
            }
        }
        Ok(end)
    }

    /// A word that starts with a `PN_CHARS_BASE`: the `PN_PREFIX` of a prefixed name if a `:`
    /// follows it (`PN_PREFIX ::= PN_CHARS_BASE ((PN_CHARS | '.')* PN_CHARS)?`), else a keyword.
    fn word(&self, i: usize) -> Result<Token, More> {
        let end = self.name_run(i)?;
        if self.at(end)? == Some(b':') {
            let local = self.local_name(end + 1)?;
            return Ok(Token {
                kind: Kind::PName { colon: end },
                start: i,
                end: local,
            });
        }
        let word = &self.text[i..end];
        let keyword = match word {
            "a" => Some(Keyword::A),
            "true" => Some(Keyword::True),
            "false" => Some(Keyword::False),
            _ if word.eq_ignore_ascii_case("prefix") => Some(Keyword::Prefix),
            _ if word.eq_ignore_ascii_case("base") => Some(Keyword::Base),
            _ if word.eq_ignore_ascii_case("graph") => Some(Keyword::Graph),
            _ => None,
        };
        let kind = keyword.map_or(Kind::Other, Kind::Keyword);
        Ok(Token { kind, start: i, end })
    }

    /// `PN_LOCAL ::= (PN_CHARS_U | ':' | [0-9] | PLX) ((PN_CHARS | '.' | ':' | PLX)* (PN_CHARS |
    /// ':' | PLX))?` from `i` (possibly empty: a `PNAME_NS`): where it ends. `PLX ::= PERCENT |
    /// PN_LOCAL_ESC`, `PN_LOCAL_ESC ::= '\' ('_' | '~' | '.' | '-' | '!' | '$' | '&' | "'" | '(' |
    /// ')' | '*' | '+' | ',' | ';' | '=' | '/' | '?' | '#' | '@' | '%')`. A `%` is taken as part
    /// of the name whatever follows it (`PERCENT ::= '%' HEX HEX`, leniently): a `%` that no two
    /// hex digits follow is then the IRI error it is, not a broken statement.
    fn local_name(&self, i: usize) -> Result<usize, More> {
        let (mut j, mut end) = (i, i);
        while let Some(c) = self.char_at(j)? {
            let first = j == i;
            match c {
                '\\' if self.at(j + 1)?.is_some_and(is_local_escape) => j += 2,
                '%' | ':' => j += 1,
                '.' if !first => {
                    j += 1;
                    continue;
                }
                c if is_pn_chars_u(c) || c.is_ascii_digit() || (!first && is_pn_chars(c)) => {
                    j += c.len_utf8();
                }
                _ => break,
            }
            end = j;
        }
        Ok(end)
    }
}

/// The characters `PN_LOCAL_ESC` escapes (Turtle §6.5).
pub(super) fn is_local_escape(b: u8) -> bool {
    matches!(
        b,
        b'_' | b'~'
            | b'.'
            | b'-'
            | b'!'
            | b'$'
            | b'&'
            | b'\''
            | b'('
            | b')'
            | b'*'
            | b'+'
            | b','
            | b';'
            | b'='
            | b'/'
            | b'?'
            | b'#'
            | b'@'
            | b'%'
    )
}

/// `PN_CHARS_BASE ::= [A-Z] | [a-z] | [#x00C0-#x00D6] | [#x00D8-#x00F6] | [#x00F8-#x02FF] |
/// [#x0370-#x037D] | [#x037F-#x1FFF] | [#x200C-#x200D] | [#x2070-#x218F] | [#x2C00-#x2FEF] |
/// [#x3001-#xD7FF] | [#xF900-#xFDCF] | [#xFDF0-#xFFFD] | [#x10000-#xEFFFF]` (Turtle §6.5).
fn is_pn_chars_base(c: char) -> bool {
    matches!(c,
        'A'..='Z'
        | 'a'..='z'
        | '\u{C0}'..='\u{D6}'
        | '\u{D8}'..='\u{F6}'
        | '\u{F8}'..='\u{2FF}'
        | '\u{370}'..='\u{37D}'
        | '\u{37F}'..='\u{1FFF}'
        | '\u{200C}'..='\u{200D}'
        | '\u{2070}'..='\u{218F}'
        | '\u{2C00}'..='\u{2FEF}'
        | '\u{3001}'..='\u{D7FF}'
        | '\u{F900}'..='\u{FDCF}'
        | '\u{FDF0}'..='\u{FFFD}'
        | '\u{10000}'..='\u{EFFFF}')
}

/// `PN_CHARS_U ::= PN_CHARS_BASE | '_'`.
fn is_pn_chars_u(c: char) -> bool {
    c == '_' || is_pn_chars_base(c)
}

/// `PN_CHARS ::= PN_CHARS_U | '-' | [0-9] | #x00B7 | [#x0300-#x036F] | [#x203F-#x2040]`.
fn is_pn_chars(c: char) -> bool {
    is_pn_chars_u(c)
        || matches!(c, '-' | '0'..='9' | '\u{B7}' | '\u{300}'..='\u{36F}' | '\u{203F}'..='\u{2040}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kinds and texts of every token of `text`, read as the last text of a document.
    fn tokens(text: &str) -> Vec<(Kind, &str)> {
        let lexer = Lexer { text, last: true };
        let mut all = Vec::new();
        let mut at = 0;
        loop {
            let token = lexer.token(at).unwrap();
            if token.kind == Kind::End {
                return all;
            }
            all.push((token.kind, &text[token.start..token.end]));
            at = token.end;
        }
    }

    #[test]
    fn numbers_take_the_longest_match() {
        // "1." then the end of the statement: INTEGER "1" and ".", not a DECIMAL (which needs
        // a digit after the "."); ".5" is a DECIMAL; "1e3", "1.e3" and "-.5E-2" are DOUBLEs.
        assert_eq!(tokens("1."), [(Kind::Number, "1"), (Kind::Dot, ".")]);
        for n in [".5", "1e3", "1.e3", "-.5E-2", "+7", "2.25"] {
            assert_eq!(tokens(n), [(Kind::Number, n)], "{n}");
        }
        // "1e" has no exponent digits: the number is "1", then the word "e" starts no token.
        assert_eq!(tokens("1e"), [(Kind::Number, "1"), (Kind::Other, "e")]);
    }

    #[test]
    fn a_token_at_the_end_of_a_text_that_goes_on_is_not_cut() {
        // Each of these could go on in the next text: "1." as "1.5", "ex:a" as "ex:ab", '""' as
        // '"""…"""', "_:b." as "_:b.c", a comment to its line's end.
        for text in [
            "1.",
            "ex:a",
            "\"\"",
            "_:b.",
            "# c",
            "<http://a",
            "\"abc",
            "@en",
            ".",
        ] {
            let lexer = Lexer { text, last: false };
            assert_eq!(lexer.token(0), Err(More), "{text}");
        }
    }

    #[test]
    fn prefixed_names_and_their_escapes() {
        // PN_LOCAL may hold ":" and "." but not end with ".", and its escapes.
        assert_eq!(
            tokens("ex:a.b:c. :x \\"),
            [
                (Kind::PName { colon: 2 }, "ex:a.b:c"),
                (Kind::Dot, "."),
                (Kind::PName { colon: 10 }, ":x"),
                (Kind::Other, "\\"),
            ]
        );
        assert_eq!(tokens("ex:a\\#b\\."), [(Kind::PName { colon: 2 }, "ex:a\\#b\\.")]);
        // "\b" is no PN_LOCAL_ESC: the name ends before it. "PREFIX " is 7 bytes, "prefix" 6:
        // its ":" at 13.
        assert_eq!(tokens("ex:a\\b")[0], (Kind::PName { colon: 2 }, "ex:a"));
        assert_eq!(
            tokens("PREFIX prefix: graph"),
            [
                (Kind::Keyword(Keyword::Prefix), "PREFIX"),
                (Kind::PName { colon: 13 }, "prefix:"),
                (Kind::Keyword(Keyword::Graph), "graph"),
            ]
        );
    }

    #[test]
    fn strings_in_their_four_forms() {
        // A long string holds quotes and newlines; of '""""' at its end, the first is the
        // string's. '' is the empty string.
        let text = "\"\"\"a \"b\" \n\"\"\"\" '''x''' '' 'it\\'s'";
        assert_eq!(
            tokens(text),
            [
                (Kind::String, "\"\"\"a \"b\" \n\"\"\"\""),
                (Kind::String, "'''x'''"),
                (Kind::String, "''"),
                (Kind::String, "'it\\'s'"),
            ]
        );
        // A short string ends at its line: unclosed, reported at its quote (byte 0), read on
        // from the newline (byte 3).
        let lexer = Lexer {
            text: "\"ab\n",
            last: true,
        };
        let token = lexer.token(0).unwrap();
        assert!(matches!(token.kind, Kind::Unclosed { at: 0, .. }) && token.end == 3);
    }

    #[test]
    fn a_backslash_in_a_string_must_start_an_escape() {
        // "a\zb": "\z" is no ECHAR: the string (6 bytes) is one token, which breaks its
        // statement at the backslash (byte 2). The same in a long string (byte 4).
        for (text, at) in [("\"a\\zb\"", 2), ("'''a\\zb'''", 4)] {
            let lexer = Lexer { text, last: true };
            let token = lexer.token(0).unwrap();
            assert!(
                matches!(token.kind, Kind::Unclosed { at: a, .. } if a == at),
                "{text}"
            );
            assert_eq!(token.end, text.len(), "{text}");
        }
        // Escapes that are: a string.
        let text = "\"\\t\\u00E9\\U0001F600\\\"\"";
        assert_eq!(tokens(text), [(Kind::String, text)]);
        // Each escape is as long as it is (ECHAR 2 bytes, UCHAR 6 or 10): the string ends at
        // the quote after it.
        assert_eq!(
            tokens("\"\\u00E9\" '\\U0001F600' .")
                .iter()
                .map(|t| t.1)
                .collect::<Vec<_>>(),
            ["\"\\u00E9\"", "'\\U0001F600'", "."]
        );
        // A backslash at the end of a line does not carry a short string on to the next line:
        // the string is not closed on its line (reported at its quote, byte 0), and reading
        // goes on at the line's end (byte 3).
        let lexer = Lexer {
            text: "\"a\\\n<s> \"x\" .",
            last: true,
        };
        let token = lexer.token(0).unwrap();
        assert!(
            matches!(token.kind, Kind::Unclosed { at: 0, .. }) && token.end == 3,
            "{token:?}"
        );
        // "\u00" at the end of a text that goes on may be "\u00E9": more is needed.
        let lexer = Lexer {
            text: "\"\\u00",
            last: false,
        };
        assert!(lexer.token(0).is_err());
    }
}
