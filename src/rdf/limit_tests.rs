//! The tests of `limit.rs`: a scanner with a small limit, fed in pieces as a caller feeds it.

use crate::rdf::{Event, Scanner, Syntax};

/// What a stream of `text` in pieces of `piece` bytes gives a scanner with `limit`, read as
/// a caller reads (the text not used is given again, followed by the next piece): each
/// event with its offset in `text` (`!` and the message's start for a broken statement,
/// the IRI for an invalid one), and the most text the caller held at once.
fn stream(syntax: Syntax, limit: usize, text: &str, piece: usize) -> (Vec<(usize, String)>, usize) {
    let mut scanner = Scanner::new(syntax).with_limit(limit);
    let (mut events, mut held, mut most) = (Vec::new(), String::new(), 0);
    let (mut done, mut next) = (0, 0);
    loop {
        let end = (next + piece).min(text.len());
        held.push_str(&text[next..end]);
        next = end;
        most = most.max(held.len());
        let last = next == text.len();
        let used = scanner.scan(&held, last, &mut |event| match event {
            Event::Broken(b) => events.push((done + b.offset(), format!("!{}", &b.message()[..24]))),
            Event::Iri(f) if f.error().is_some() => events.push((done + f.span().start, f.iri().to_string())),
            Event::Iri(_) => {}
        });
        if last {
            assert_eq!(used, held.len());
            return (events, most);
        }
        held.drain(..used);
        done += used;
    }
}

/// Three statements after the hostile part, each with one invalid IRI (a space), at the
/// offsets `tail_at` gives.
const TAIL: &str = "<http://a/b c> <http://a/p> <http://a/o> .\n";

fn tail_events(from: usize) -> Vec<(usize, String)> {
    (0..3)
        .map(|i| (from + i * TAIL.len(), "http://a/b c".to_string()))
        .collect()
}

#[test]
fn a_line_with_no_end_is_reported_once_and_the_next_lines_are_read() {
    // N-Triples: a literal of 5,000 bytes on a line, limit 1,000: reported at the line's
    // start (0), skipped to its end; the three lines after it are read. Given whole, the line
    // is reported too (a line of N-Triples as long as the limit always is).
    let head = format!("<http://a/s> <http://a/p> \"{}\" .\n", "x".repeat(5000));
    let text = format!("{head}{}", TAIL.repeat(3));
    for piece in [1, 7, 300, 4096, text.len()] {
        let (events, most) = stream(Syntax::NTriples, 1000, &text, piece);
        let mut want = vec![(0, "!the line does not end wi".to_string())];
        want.extend(tail_events(head.len()));
        assert_eq!(events, want, "piece {piece}");
        assert!(
            most < 1000 + piece || piece == text.len(),
            "piece {piece}: held {most}"
        );
    }
}

#[test]
fn a_scanner_skipping_starts_at_the_next_statement() {
    // A text that starts inside a line (its rest, with an invalid IRI that is not read) and
    // the lines after it: N-Triples goes on at the second line; Turtle at the first line that
    // can begin a statement, after "] .", which cannot (the rest of an unmatched "[").
    let rest = "x\" <http://a/not read> .\n";
    let faults = |syntax, text: &str| {
        let mut all = Vec::new();
        let used = Scanner::new(syntax)
            .skipping()
            .scan(text, true, &mut |event| match event {
                Event::Broken(b) => all.push(b.offset()),
                Event::Iri(f) => all.extend(f.error().map(|_| f.span().start)),
            });
        assert_eq!(used, text.len());
        all
    };
    let text = format!("{rest}{}", TAIL.repeat(3));
    assert_eq!(
        faults(Syntax::NTriples, &text),
        [0, 1, 2].map(|i| rest.len() + i * TAIL.len())
    );
    let text = format!("{rest}] .\n{}", TAIL.repeat(3));
    assert_eq!(
        faults(Syntax::Turtle, &text),
        [0, 1, 2].map(|i| rest.len() + 4 + i * TAIL.len())
    );
}

#[test]
fn a_long_line_of_its_own_is_reported_even_right_after_another() {
    // N-Triples: each line is a statement, so two long lines are two reports.
    let long = format!("<http://a/s> <http://a/p> \"{}\" .\n", "x".repeat(2000));
    let text = format!("{long}{long}{TAIL}");
    let (events, _) = stream(Syntax::NTriples, 1000, &text, 64);
    let broken: Vec<usize> = events
        .iter()
        .filter(|e| e.1.starts_with('!'))
        .map(|e| e.0)
        .collect();
    assert_eq!(broken, [0, long.len()]);
    assert_eq!(events.last().unwrap().0, 2 * long.len());
}

#[test]
fn turtle_hostile_statements_are_reported_once_and_the_next_ones_read() {
    // Each hostile part starts at byte 2 (after a blank line and a space) and is far
    // longer than the limit (1,000): an unclosed long string of prose; an unmatched "[" whose
    // lines look like statements (the scanner starts again inside it and skips again,
    // quietly); nested "(" on one line; a comment before a statement that never ends.
    let lorem = "lorem ipsum dolor sit amet.\n".repeat(200);
    let bracket = format!("[\n{}", "<http://a/p> <http://a/o> ;\n".repeat(200));
    let parens = format!("{}\n", "(".repeat(20_000));
    let cases = [
        (
            "long string",
            format!("<http://a/s> <http://a/p> \"\"\"\n{lorem}"),
        ),
        ("bracket", format!("<http://a/s> <http://a/p> {bracket}.\n")),
        ("parens", format!("<http://a/s> <http://a/p> {parens}")),
    ];
    for (name, hostile) in cases {
        let text = format!("\n {hostile}{}", TAIL.repeat(3));
        for syntax in [Syntax::Turtle, Syntax::TriG] {
            let (events, most) = stream(syntax, 1000, &text, 100);
            let reports: Vec<_> = events.iter().filter(|e| e.1.starts_with('!')).collect();
            assert_eq!(reports.len(), 1, "{name}: {events:?}");
            assert_eq!(
                reports[0],
                &(2, "!the statement does not e".to_string()),
                "{name}"
            );
            let tail_at = 2 + hostile.len();
            let tail: Vec<_> = events.iter().filter(|e| e.0 >= tail_at).cloned().collect();
            assert_eq!(tail, tail_events(tail_at), "{name}: {events:?}");
            assert!(most < 1100, "{name}: held {most}");
        }
    }
}

#[test]
fn lines_that_can_begin_a_statement() {
    let yes = [
        "<http://a/s> <p> <o> .",
        "  _:b <p> <o> .",
        "[ <p> <o> ] .",
        "( 1 2 ) <p> <o> .",
        "{ <s> <p> <o> }",
        "@prefix ex: <http://ex/> .",
        "PREFIX ex: <http://ex/>",
        "base <http://a/>",
        "GRAPH <g> {",
        "ex:s ex:p ex:o .",
        ":s :p :o .",
        "a-b.c_d:s <p> <o> .",
    ];
    for line in yes {
        assert!(super::can_begin(Syntax::Turtle, line.as_bytes()), "{line}");
    }
    for line in [
        "lorem ipsum",
        "",
        "  ",
        "\"x\" .",
        "] .",
        ") .",
        "} .",
        "PREFIXES x",
        "# a comment",
        "_x",
    ] {
        assert!(!super::can_begin(Syntax::Turtle, line.as_bytes()), "{line}");
        assert!(super::can_begin(Syntax::NTriples, line.as_bytes()), "{line}");
    }
}

#[test]
fn a_statement_starts_after_space_and_comments() {
    assert_eq!(super::statement_start(" \t\r\n# c\n  <a>", 0), 10);
    assert_eq!(super::statement_start("x # c", 1), 2);
    assert_eq!(super::statement_start("  # c", 0), 2);
    assert_eq!(super::statement_start("   ", 0), 3);
}

#[test]
fn a_bad_escape_is_reported_without_waiting_for_more_text() {
    // "\q" starts no escape (ECHAR, UCHAR: Turtle §6.4): the string breaks its statement at
    // the backslash (28: the quote is at 26, then "a"). Only an escape that may still become "\U" and eight hex digits waits for
    // more text: this one is known bad once "q" is read, so a statement of 35 bytes under a
    // limit of 60 is reported as what it is, never as too long, however the text is cut.
    let head = "<http://a/s> <http://a/p> \"a\\qb\" .\n";
    let text = format!("{head}{}", TAIL.repeat(3));
    for piece in [1, 7, 30, 40, text.len()] {
        let (events, _) = stream(Syntax::Turtle, 60, &text, piece);
        let mut want = vec![(28, "!a backslash in a string ".to_string())];
        want.extend(tail_events(head.len()));
        assert_eq!(events, want, "piece {piece}");
    }
}

#[test]
fn a_line_is_told_to_begin_a_statement_only_once_it_is_seen() {
    // Turtle, limit 40: the statement on line 1 (51 bytes) is too long, reported at 0 and
    // skipped to the next line that can begin one, "PREFIX ex: …" (at 51), which is told only
    // once enough of it is seen: cut after "P" or "PREF", it would look like a word that cannot.
    // The prefix then serves line 3 (at 75), whose object is at 75 + 10 = 85, with a space.
    let text = format!(
        "<http://a/s> <http://a/p> \"{}\" .\nPREFIX ex: <http://ex/>\nex:s ex:p <http://a/b c> .\n",
        "y".repeat(20)
    );
    // (Pieces that make the text held pass the limit before line 1 ends, at 50: one that
    // holds the line whole holds its end, and the statement is read, not too long.)
    for piece in [1, 2, 3, 4, 5, 7, 21] {
        let (events, _) = stream(Syntax::Turtle, 40, &text, piece);
        assert_eq!(
            events,
            [
                (0, "!the statement does not e".to_string()),
                (85, "http://a/b c".to_string())
            ],
            "piece {piece}"
        );
    }
}

#[test]
fn a_line_that_begins_with_a_digit_begins_no_statement() {
    // Turtle, limit 40: line 1 (41 bytes and "\n", "(" left open) is too long, reported at 0 and
    // skipped to the next line that can begin a statement. Line 2 ("1x: …", at 42) cannot: a number is
    // no subject (Turtle §6.5), though it looks like a prefixed name. Read, it would break,
    // and be skipped with line 3 to the next "."; line 3 (at 42 + 17 = 59) is read, and its
    // subject has a space.
    let text = "<http://a/s> <http://a/p> ( <http://a/o1>\n\
                1x: <http://a/o>\n<http://a/b c> <http://a/p> <http://a/o> .\n";
    for piece in [1, 5, 30] {
        let (events, _) = stream(Syntax::Turtle, 40, text, piece);
        assert_eq!(
            events,
            [
                (0, "!the statement does not e".to_string()),
                (59, "http://a/b c".to_string())
            ],
            "piece {piece}"
        );
    }
}

#[test]
fn statements_shorter_than_the_limit_are_read_whatever_the_text_holds() {
    // Limit 100, pieces of 200 bytes: a text of four whole statements and part of a fifth is
    // not a statement too long; only what is left after the whole ones counts (28 bytes).
    for syntax in [Syntax::NTriples, Syntax::Turtle] {
        let (events, _) = stream(syntax, 100, &TAIL.repeat(5), 200);
        let want: Vec<_> = (0..5)
            .map(|i| (i * TAIL.len(), "http://a/b c".to_string()))
            .collect();
        assert_eq!(events, want, "{syntax:?}");
    }
}

#[test]
fn a_statement_too_long_counts_once() {
    // A statement too long (a line of 5,000 bytes, limit 1,000) is reported, counted as one
    // statement, and skipped: with the three after it, four statements.
    for syntax in [Syntax::NTriples, Syntax::Turtle] {
        let text = format!(
            "<http://a/s> <http://a/p> \"{}\" .\n{}",
            "x".repeat(5000),
            TAIL.repeat(3)
        );
        let mut scanner = Scanner::new(syntax).with_limit(1000);
        let (mut held, mut reports) = (String::new(), 0);
        let pieces: Vec<&[u8]> = text.as_bytes().chunks(500).collect();
        for (i, piece) in pieces.iter().enumerate() {
            held.push_str(std::str::from_utf8(piece).unwrap());
            let last = i + 1 == pieces.len();
            let used = scanner.scan(&held, last, &mut |event| {
                reports += usize::from(matches!(event, Event::Broken(_)))
            });
            held.drain(..used);
        }
        assert_eq!((reports, scanner.statements()), (1, 4), "{syntax:?}");
    }
}

#[test]
fn a_scanner_skipping_reports_a_statement_too_long_only_after_one_it_reads() {
    // Turtle, limit 40, a scanner that starts inside a statement skipped: "x ] ." cannot begin
    // one; line 2 can, and begins a statement that does not end within the limit (a collection
    // over 5 lines that begin with a literal, and hold an invalid IRI). It is likely the rest
    // of the one skipped, so it is skipped again, unreported, from the line after the last it
    // read, and none of its IRIs is read; the first line that can begin a statement is TAIL
    // (at 6 + 28 + 5 * 20 + 4 = 138), read and reported. The same statement after it (at
    // 138 + 43 = 181) is reported as too long, and the TAIL after it (at 181 + 132 = 313) read.
    let long = format!(
        "<http://a/s> <http://a/p> (\n{}) .\n",
        "\"o2\" <http://a/b c>\n".repeat(5)
    );
    let text = format!("x ] .\n{long}{TAIL}{long}{TAIL}");
    for piece in [1, 8, 30, 60, 100] {
        let mut scanner = Scanner::new(Syntax::Turtle).skipping().with_limit(40);
        let (mut held, mut done, mut events) = (String::new(), 0, Vec::new());
        let pieces: Vec<&[u8]> = text.as_bytes().chunks(piece).collect();
        for (i, bytes) in pieces.iter().enumerate() {
            held.push_str(std::str::from_utf8(bytes).unwrap());
            let used = scanner.scan(&held, i + 1 == pieces.len(), &mut |event| match event {
                Event::Broken(b) => events.push((done + b.offset(), "broken")),
                Event::Iri(f) if f.error().is_some() => events.push((done + f.span().start, "iri")),
                Event::Iri(_) => {}
            });
            held.drain(..used);
            done += used;
        }
        // The IRIs of the long statements' collections (6..138, 181..313) are given as read
        // when a piece reaches past one before the scanner sees the limit passed (the first
        // from 34 + 5 = 39 on): pieces of 30 and 100 bytes do; of 1 and 8, never.
        let want = [(138, "iri"), (181, "broken"), (313, "iri")];
        let early =
            |e: &(usize, &str)| e.1 == "iri" && ((6..138).contains(&e.0) || (181..313).contains(&e.0));
        let (read_early, rest): (Vec<_>, Vec<_>) = events.into_iter().partition(early);
        assert_eq!(rest, want, "piece {piece}");
        assert_eq!(read_early.is_empty(), piece < 30, "piece {piece}");
    }
}

#[test]
fn a_line_too_long_seen_whole_is_reported_at_its_first_term() {
    // N-Triples, limit 1,000, the whole text at once: the line of 5,002 bytes is seen whole,
    // and still too long: reported at its first term (2, after two spaces), counted as one
    // statement; the TAIL after it is read.
    let text = format!("  <http://a/s> <http://a/p> \"{}\" .\n{TAIL}", "x".repeat(4970));
    let mut scanner = Scanner::new(Syntax::NTriples).with_limit(1000);
    let mut events = Vec::new();
    scanner.scan(&text, true, &mut |event| match event {
        Event::Broken(b) => events.push((b.offset(), "broken")),
        Event::Iri(f) => events.extend(f.error().map(|_| (f.span().start, "iri"))),
    });
    let tail = text.len() - TAIL.len();
    assert_eq!(events, [(2, "broken"), (tail, "iri")]);
    assert_eq!(scanner.statements(), 2);
}
