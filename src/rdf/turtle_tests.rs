//! Tests of the Turtle and TriG reader; each expected offset is reasoned in a comment.

use crate::rdf::{Event, Role, Scanner, Syntax};
use crate::{Iri, StartSymbol, SyntaxComponent};

/// Every IRI of `text` (read whole) as (role, IRI, resolved IRI).
fn iris(scanner: Scanner, text: &str) -> Vec<(Role, String, Option<String>)> {
    let mut scanner = scanner;
    let mut all = Vec::new();
    let used = scanner.scan(text, true, &mut |event| {
        if let Event::Iri(found) = event {
            let resolved = found.resolved().map(|r| r.as_str().to_string());
            all.push((found.role(), found.iri().to_string(), resolved));
        }
    });
    assert_eq!(used, text.len());
    all
}

/// Every fault of `text` (read whole) as (offset in the text, what): an invalid IRI's error
/// where it is written, with the role and component, or a broken statement.
fn faults(syntax: Syntax, text: &str) -> Vec<(usize, String)> {
    let mut all = Vec::new();
    let used = Scanner::new(syntax).scan(text, true, &mut |event| match event {
        Event::Iri(found) => {
            if let Some(e) = found.error() {
                let component = e.component().map_or("-", SyntaxComponent::as_str);
                all.push((
                    found.source_offset(e.byte_offset()),
                    format!("{} {component}", found.role().as_str()),
                ));
            }
        }
        Event::Broken(b) => all.push((b.offset(), "broken".to_string())),
    });
    assert_eq!(used, text.len());
    all
}

/// Every broken statement of `text` (read whole): its offset and message.
fn broken(syntax: Syntax, text: &str) -> Vec<(usize, String)> {
    let mut all = Vec::new();
    Scanner::new(syntax).scan(text, true, &mut |event| {
        if let Event::Broken(b) = event {
            all.push((b.offset(), b.message().to_string()));
        }
    });
    all
}

/// Every event of the pieces `pieces` (the text a caller gives each time: what was left of the
/// last, then more; the last piece ends the document), with offsets from the start of the
/// document, and how many statements were read.
fn events_in_pieces(syntax: Syntax, pieces: &[&str]) -> (Vec<String>, u64) {
    let mut scanner = Scanner::new(syntax);
    let (mut carry, mut offset, mut all) = (String::new(), 0, Vec::new());
    for (n, piece) in pieces.iter().enumerate() {
        carry.push_str(piece);
        let last = n + 1 == pieces.len();
        let used = scanner.scan(&carry, last, &mut |event| {
            all.push(match event {
                Event::Iri(found) => format!(
                    "{:?} {} {:?} {:?} {:?}",
                    found.role(),
                    found.iri(),
                    found.span().start + offset..found.span().end + offset,
                    found.error().map(|e| (
                        found.source_offset(e.byte_offset()) + offset,
                        e.message().to_string()
                    )),
                    found.resolved().map(|r| r.as_str().to_string()),
                ),
                Event::Broken(b) => format!("broken {} {}", b.offset() + offset, b.message()),
            })
        });
        assert!(used <= carry.len() && carry.is_char_boundary(used));
        if last {
            assert_eq!(used, carry.len());
        }
        carry.drain(..used);
        offset += used;
    }
    (all, scanner.statements())
}

/// Reading `text` cut at each of its character boundaries, and a character at a time, gives
/// the events of reading it whole.
fn assert_same_in_pieces(syntax: Syntax, text: &str) {
    let whole = events_in_pieces(syntax, &[text]);
    for cut in (0..=text.len()).filter(|&cut| text.is_char_boundary(cut)) {
        let cut_in_two = events_in_pieces(syntax, &[&text[..cut], &text[cut..]]);
        assert_eq!(cut_in_two, whole, "{syntax:?} cut at {cut}: {text:?}");
    }
    let mut chars: Vec<&str> = text
        .char_indices()
        .map(|(i, c)| &text[i..i + c.len_utf8()])
        .collect();
    chars.push("");
    assert_eq!(
        events_in_pieces(syntax, &chars),
        whole,
        "{syntax:?} a character at a time"
    );
}

/// A Turtle document with a bit of everything, valid and not.
const TURTLE: &str = "@prefix ex: <http://ex/#> . # a comment <a b>\n\
    PREFIX dc: <http://purl.org/dc/>\n\
    @base <http://a/b/c> .\n\
    <d> a ex:T ; dc:title \"t <a b> # x\"@en-GB , 'it\\'s' ; ex:n 1. \n\
    ex:s ex:p \"\"\"long\n<x y> # no comment\"\"\" , '''x''' , 1.5e3 , -.5 , true .\n\
    ( <e> [ ex:p ex:o ] ( ex:z ) ) ex:p [ ex:q \"1\"^^ex:int ] .\n\
    ex:a\\#b ex:p <http://a/b c> .\n\
    ex:s ex:p ex:o ex:extra .\n\
    ex:s undeclared:p ex:o .\n\
    ex:s ex:p \"open .\n\
    BASE <x/>\n\
    [ ex:p <y> ] .\n\
    [] ex:p ex:o .\n";

/// A TriG document with graphs of every form, and faults.
const TRIG: &str = "@prefix ex: <http://ex/> .\n\
    ex:g1 { ex:s ex:p ex:o . ex:s ex:p ex:o2 }\n\
    GRAPH <http://g/2> { [] ex:p ex:o }\n\
    { ex:s ex:p ex:o . }\n\
    _:g { ex:s ex:p <b c> . ex:s ex:p . ex:s ex:p ex:o }\n\
    [] { ex:s ex:p ex:o }\n\
    ex:s ex:p ex:o .\n\
    [ ex:p ex:o ] .\n\
    <g> <p> { <s> <p> <o> . }\n\
    { ex:s ex:p ex:o";

#[test]
fn prefixes_are_expanded_and_checked_as_iris() {
    let text = "@prefix ex: <http://ex/> .\nPREFIX dc: <http://purl.org/dc/>\n\
                ex:s ex:p ex:o ; dc:title \"t\" .\nprefix : <http://e/>\n:s :p :.\n";
    let got = iris(Scanner::new(Syntax::Turtle), text);
    let want = [
        (Role::Prefix, "http://ex/"),
        (Role::Prefix, "http://purl.org/dc/"),
        (Role::Subject, "http://ex/s"),
        (Role::Predicate, "http://ex/p"),
        (Role::Object, "http://ex/o"),
        (Role::Predicate, "http://purl.org/dc/title"),
        (Role::Prefix, "http://e/"),
        (Role::Subject, "http://e/s"),
        (Role::Predicate, "http://e/p"),
        // ":." is PNAME_NS ":" then "." (a local name does not end with "."): the prefix's IRI.
        (Role::Object, "http://e/"),
    ];
    let got: Vec<_> = got.iter().map(|(r, i, _)| (*r, i.as_str())).collect();
    assert_eq!(got, want);
    assert_eq!(faults(Syntax::Turtle, text), []);
}

#[test]
fn numbers_and_local_names_end_where_the_grammar_says() {
    // Turtle §6.5: a number ends at its last digit ("1", "1.5"), even when "e" and a digit
    // come after the next byte (";e1" is no EXPONENT); PN_LOCAL takes "-" after its first
    // character ("a-b"), and no "." first: "ex:.o" is "ex:", then "." ends the statement, and
    // "o" (line 2 is at 27, "o" its 15th byte: 41) breaks the next. "true" and "false" are
    // literals (Turtle §6.5: BooleanLiteral).
    let text = "@prefix ex: <http://ex/> .\nex:s ex:p ex:.o .\n\
                @prefix e1: <http://e/> .\n<http://a/s> <http://a/p> 1;e1:q 1.5;e1:r ex:a-b, true, false .\n";
    let got = iris(Scanner::new(Syntax::Turtle), text);
    let got: Vec<_> = got.iter().map(|(r, i, _)| (*r, i.as_str())).collect();
    let want = [
        (Role::Prefix, "http://ex/"),
        (Role::Subject, "http://ex/s"),
        (Role::Predicate, "http://ex/p"),
        (Role::Object, "http://ex/"),
        (Role::Prefix, "http://e/"),
        (Role::Subject, "http://a/s"),
        (Role::Predicate, "http://a/p"),
        (Role::Predicate, "http://e/q"),
        (Role::Predicate, "http://e/r"),
        (Role::Object, "http://ex/a-b"),
    ];
    assert_eq!(got, want);
    assert_eq!(faults(Syntax::Turtle, text), [(41, "broken".to_string())]);
}

#[test]
fn relative_references_are_resolved_against_the_base() {
    // RFC 3986 §5.4.1 with the base "http://a/b/c": "d" is http://a/b/d, "#p" http://a/b/c#p,
    // "../e" http://a/e. "BASE <f/>" is itself resolved: http://a/b/f/. A prefix's relative
    // IRI too: "rel/" against it is http://a/b/f/rel/, which its names expand.
    let text = "@base <http://a/b/c> .\n<d> <#p> <../e> .\nBASE <f/>\n<g> <http://x/p> \"1\"^^<h> .\n\
                @prefix r: <rel/> .\nr:x <http://x/p> \"1\"^^r:t .\n";
    let got = iris(Scanner::new(Syntax::Turtle), text);
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        got,
        [
            (Role::Base, "http://a/b/c".into(), None),
            (Role::Subject, "d".into(), some("http://a/b/d")),
            (Role::Predicate, "#p".into(), some("http://a/b/c#p")),
            (Role::Object, "../e".into(), some("http://a/e")),
            (Role::Base, "f/".into(), some("http://a/b/f/")),
            (Role::Subject, "g".into(), some("http://a/b/f/g")),
            (Role::Predicate, "http://x/p".into(), None),
            (Role::Datatype, "h".into(), some("http://a/b/f/h")),
            (Role::Prefix, "rel/".into(), some("http://a/b/f/rel/")),
            (Role::Subject, "http://a/b/f/rel/x".into(), None),
            (Role::Predicate, "http://x/p".into(), None),
            (Role::Datatype, "http://a/b/f/rel/t".into(), None),
        ]
    );
    // The base given to the scanner, until @base replaces it.
    let base = Iri::parse("http://b/dir/x".to_string()).unwrap();
    let got = iris(
        Scanner::new(Syntax::Turtle).with_base(base),
        "<y> <http://x/p> <../z> .",
    );
    assert_eq!(got[0].2.as_deref(), Some("http://b/dir/y"));
    assert_eq!(got[2].2.as_deref(), Some("http://b/z"));
}

#[test]
fn without_a_base_references_are_checked_as_written() {
    // No base: "d" is a valid IRI-reference, not resolved; a relative prefix's names are
    // checked as IRI-references too ("rel/x"), and are valid.
    let text = "<d> <http://x/p> <e> .\n@prefix r: <rel/> .\nr:x <http://x/p> r:y .\n";
    let mut checked_as = Vec::new();
    Scanner::new(Syntax::Turtle).scan(text, true, &mut |event| {
        if let Event::Iri(found) = event {
            assert!(
                found.error().is_none() && found.resolved().is_none(),
                "{}",
                found.iri()
            );
            checked_as.push(found.checked_as());
        }
    });
    let r = StartSymbol::IriReference;
    assert_eq!(checked_as, [r, r, r, r, r, r, r]);
    // An absolute prefix needs no base: its names are checked as IRIs (the IRIREF itself, as
    // every IRIREF of Turtle, as an IRI-reference).
    let text = "@prefix a: <http://x/> .\na:s a:p a:o .\n";
    let mut checked_as = Vec::new();
    Scanner::new(Syntax::Turtle).scan(text, true, &mut |event| {
        if let Event::Iri(found) = event {
            checked_as.push(found.checked_as());
        }
    });
    let i = StartSymbol::Iri;
    assert_eq!(checked_as, [r, i, i, i]);
    // A base that is not an IRI-reference: its error (the space, byte 16: "@base <" is 7
    // bytes, "http://a/" 9), and no base after it: "c" is not resolved.
    let text = "@base <http://a/ b> .\n<c> <http://p/> <http://o/> .\n";
    assert_eq!(faults(Syntax::Turtle, text), [(16, "base path".to_string())]);
    assert_eq!(iris(Scanner::new(Syntax::Turtle), text)[1].2, None);
}

#[test]
fn a_prefixed_name_maps_its_escapes_and_prefix_to_where_they_are_written() {
    // Line 1 is 28 bytes ("@prefix " 8, "ex: " 4, "<http://ex/#>" 13, " ." 2, "\n" 1): line 2
    // starts at 28 with "ex:a\#b": e 28, x 29, : 30, a 31, \ 32, # 33, b 34. It expands to
    // "http://ex/#a#b", whose second "#" (byte 12: "http://ex/#" is 11 bytes, "a" 11) no
    // fragment allows: the error is written at the "\" of "\#", byte 32.
    let text = "@prefix ex: <http://ex/#> .\nex:a\\#b ex:p ex:o .\n";
    assert_eq!(
        faults(Syntax::Turtle, text),
        [(32, "subject fragment".to_string())]
    );
    let mut first = None;
    Scanner::new(Syntax::Turtle).scan(text, true, &mut |event| {
        if let Event::Iri(found) = event {
            if found.role() == Role::Subject {
                // Every byte of the prefix's IRI maps to the name's first byte, "a" to 31, the
                // end of the IRI to the byte after the name (35).
                let map: Vec<_> = [0, 10, 11, 12, 13, 14].map(|o| found.source_offset(o)).into();
                first = Some((found.iri().to_string(), found.span(), map));
            }
        }
    });
    assert_eq!(
        first,
        Some(("http://ex/#a#b".to_string(), 28..35, vec![28, 28, 31, 32, 34, 35]))
    );
    // "\." and "%41" are written in the name and valid: "\." decodes to ".", "%41" stays.
    let text = "@prefix ex: <http://ex/> .\nex:a\\.b ex:p ex:%41 .\n";
    let got = iris(Scanner::new(Syntax::Turtle), text);
    assert_eq!(
        (got[1].1.as_str(), got[3].1.as_str()),
        ("http://ex/a.b", "http://ex/%41")
    );
    assert_eq!(faults(Syntax::Turtle, text), []);
    // "%zz" is no pct-encoded: the error at the first "z", which no HEXDIG allows. Line 2
    // starts at 27 ("<http://ex/>" is 12 bytes): e 27, x 28, : 29, "s ex:p " to 37, "ex:" to
    // 40, "%" 40, "z" 41.
    let text = "@prefix ex: <http://ex/> .\nex:s ex:p ex:%zz .\n";
    assert_eq!(faults(Syntax::Turtle, text), [(41, "object path".to_string())]);
}

#[test]
fn a_prefix_whose_iri_is_invalid_is_reported_once_at_its_declaration() {
    // The space at byte 22 ("@prefix bad: <" is 14 bytes, "http://a" 8), in the host "a b"
    // (ireg-name); "bad:x" is then neither checked nor reported, the other terms are.
    let text = "@prefix bad: <http://a b/> .\nbad:x <http://p/> <o> .\n";
    assert_eq!(faults(Syntax::Turtle, text), [(22, "prefix host".to_string())]);
    let got = iris(Scanner::new(Syntax::Turtle), text);
    assert_eq!(got.len(), 3);
}

#[test]
fn literals_comments_and_long_strings_hold_no_iris() {
    // Only the four real IRIs of each statement; "<a b>" and "<x y>" are in strings and comments.
    let text = "<http://a/s> <http://a/p> \"a <b c> # d\" . # <e f>\n\
                <http://a/s> <http://a/p> '''x\n<x y> \"\"\" # <z>\n''' ; <http://a/q> \"\"\"<a b>\"\"\"@en .\n";
    let got = iris(Scanner::new(Syntax::Turtle), text);
    assert_eq!(got.len(), 5, "{got:?}");
    assert_eq!(faults(Syntax::Turtle, text), []);
}

#[test]
fn collections_and_nested_blank_nodes_give_their_roles() {
    // Members of a collection are objects (of rdf:first), also where the collection is the
    // subject; in "[ … ]" the predicates are predicates and the objects objects.
    let text = "( <http://a/m> [ <http://a/p> <http://a/o> ] ( <http://a/n> ) ) <http://a/q> \
                [ <http://a/r> <http://a/s> ; <http://a/t> ( ) ] .\n[ <http://a/u> [] ] .\n";
    let roles: Vec<_> = iris(Scanner::new(Syntax::Turtle), text)
        .into_iter()
        .map(|(role, iri, _)| (role, iri.rsplit('/').next().unwrap().to_string()))
        .collect();
    let o = |s: &str| (Role::Object, s.to_string());
    let p = |s: &str| (Role::Predicate, s.to_string());
    assert_eq!(
        roles,
        [
            o("m"),
            p("p"),
            o("o"),
            o("n"),
            p("q"),
            p("r"),
            o("s"),
            p("t"),
            p("u")
        ]
    );
}

#[test]
fn trig_graphs_in_all_their_forms() {
    let text = "@prefix ex: <http://ex/> .\n\
                ex:g1 { ex:s ex:p ex:o . ex:s ex:p ex:o2 }\n\
                GRAPH <http://g/2> { [] ex:p ex:o }\n\
                { ex:s ex:p ex:o . }\n\
                graph _:g { ex:s ex:p ex:o }\n\
                [] { ex:s ex:p ex:o }\n\
                ex:s ex:p ex:o .\n\
                [ ex:p ex:o ] .\n";
    let mut scanner = Scanner::new(Syntax::TriG);
    let mut roles = Vec::new();
    scanner.scan(text, true, &mut |event| match event {
        Event::Iri(found) => roles.push(found.role().as_str().chars().next().unwrap()),
        Event::Broken(b) => panic!("{}", b.message()),
    });
    // Prefix; graph g1, two triples; graph 2, one triple without subject IRI; the default
    // graph; two graphs with blank labels; a triple; a property list.
    assert_eq!(
        roles.iter().collect::<String>(),
        "pgspospo".to_string() + "gpo" + "spo" + "spo" + "spo" + "spo" + "po"
    );
    // Statements: the prefix, each graph's opening (5) and triples (6), the two triples.
    assert_eq!(scanner.statements(), 1 + 5 + 6 + 2);
}

#[test]
fn broken_statements_are_reported_once_and_skipped() {
    // Line 1: "<http://a/s>" 0..12, "<http://a/p>" 13..25, "<http://a/o>" 26..38: a fourth term
    // at 39 breaks it, after its three IRIs were checked; the line is 53 bytes and a "\n".
    // Line 2 (from 54): a string open at 54 + 26 = 80, not closed on its line; the statement
    // is skipped to the next ".", which ends line 3 (its IRIs are not read).
    // Line 3 starts at 54 + 31 + 1 = 86 and is 40 bytes and a "\n": line 4 starts at 127, and
    // the space of "<http://a/b c>" is at 127 + 11 = 138.
    let text = "<http://a/s> <http://a/p> <http://a/o> <http://a/x> .\n\
                <http://a/s> <http://a/p> \"open\n\
                <http://a/s> <http://a/p> <http://a/o> .\n\
                <http://a/b c> <http://a/p> <http://a/o> .\n";
    assert_eq!(
        faults(Syntax::Turtle, text),
        [
            (39, "broken".to_string()),
            (80, "broken".to_string()),
            (138, "subject path".to_string())
        ]
    );
    // An undeclared prefix breaks its statement at the name (byte 13); an IRIREF not closed on
    // its line breaks it at the line's end: line 1 is 32 bytes, then two "\n", so line 3
    // starts at 34; "<http://a/p" at 34 + 13 = 47 is 11 bytes: the "\n" at 58.
    let text = "<http://a/s> no:p <http://a/o> .\n\n<http://a/s> <http://a/p\n .\n<http://a/s> <p> <o> .";
    assert_eq!(
        faults(Syntax::Turtle, text),
        [(13, "broken".to_string()), (58, "broken".to_string())]
    );
    let message = &broken(Syntax::Turtle, "x:y <http://a/p> <http://a/o> .")[0].1;
    assert!(message.contains("'x:'") && message.contains("§6.3"), "{message}");
    // A missing "." at the end of the document: broken at its end (byte 38), which it says.
    let text = "<http://a/s> <http://a/p> <http://a/o>";
    assert_eq!(faults(Syntax::Turtle, text), [(38, "broken".to_string())]);
    let messages: Vec<String> = broken(Syntax::Turtle, text).into_iter().map(|b| b.1).collect();
    assert!(
        messages[0].ends_with("found the end of the document"),
        "{messages:?}"
    );
    // "[ … ]" alone is a statement (Turtle §6.5: blankNodePropertyList predicateObjectList?);
    // "[]" alone is not (ANON is a subject, which needs a predicateObjectList): broken at its
    // "." (line 2 at 32, "." at 35).
    let text = "[ <http://a/p> <http://a/o> ] .\n[] .\n";
    assert_eq!(faults(Syntax::Turtle, text), [(35, "broken".to_string())]);
    // A blank node subject (the object's space at 4 + 13 + 11).
    let text = "_:b <http://a/p> <http://a/b c> .\n";
    assert_eq!(faults(Syntax::Turtle, text), [(28, "object path".to_string())]);
    // "@foo" is no directive (only "@prefix" and "@base" are): broken at 0, its IRI not read.
    assert_eq!(
        faults(Syntax::Turtle, "@foo <http://a/b c> .\n"),
        [(0, "broken".to_string())]
    );
    // A prefix is declared as PNAME_NS, a name with nothing after its ":": "ex:a" (at 8) is
    // broken, and the prefix not declared (line 2's "ex:s" at 28 is broken too).
    let text = "@prefix ex:a <http://ex/> .\nex:s <http://a/p> <http://a/o> .\n";
    assert_eq!(
        faults(Syntax::Turtle, text),
        [(8, "broken".to_string()), (28, "broken".to_string())]
    );
    // A statement broken at "x" (26) is skipped to its "." past a "[ … ]" after it (the "]"
    // closes the "["), and the next one read: line 2 starts at 60, its space at 60 + 11.
    let text = "<http://a/s> <http://a/p> x [ <http://a/q> <http://a/o> ] .\n\
                <http://a/b c> <http://a/p> <http://a/o> .\n";
    assert_eq!(
        faults(Syntax::Turtle, text),
        [(26, "broken".to_string()), (71, "subject path".to_string())]
    );
    // A long string not closed when the document ends: broken at its quotes (26).
    let text = "<http://a/s> <http://a/p> \"\"\"open\n. <http://a/b c> .";
    assert_eq!(faults(Syntax::Turtle, text), [(26, "broken".to_string())]);
    // A comment to the document's end, with no line end: no fault.
    assert_eq!(
        faults(Syntax::Turtle, "<http://a/s> <http://a/p> <http://a/o> . # end"),
        []
    );
    // A string not closed when the document ends: broken at its quote (26).
    assert_eq!(
        faults(Syntax::Turtle, "<http://a/s> <http://a/p> \"open"),
        [(26, "broken".to_string())]
    );
    // "@" with no letter after it is no LANGTAG (Turtle §6.4): broken there (29, after "x").
    // Nor does a "-" with no letter or digit after it continue one: line 3
    // (at 33 + 37 = 70) breaks at its "-" (70 + 29 + 3 = 102); "@en-1" is a tag.
    let text = "<http://a/s> <http://a/p> \"x\"@ .\n<http://a/s> <http://a/p> \"x\"@en-1 .\n\
                <http://a/s> <http://a/p> \"x\"@en- .";
    assert_eq!(
        faults(Syntax::Turtle, text),
        [(29, "broken".to_string()), (102, "broken".to_string())]
    );
    // An IRIREF not closed when the document ends (37 bytes, no line end): broken at its end.
    let text = "<http://a/s> <http://a/p> <http://a/o";
    assert_eq!(faults(Syntax::Turtle, text), [(37, "broken".to_string())]);
    // "1." before the end: the integer 1 and ".", a whole statement.
    assert_eq!(faults(Syntax::Turtle, "<http://a/s> <http://a/p> 1."), []);
}

#[test]
fn broken_statements_in_a_trig_graph() {
    // "<g> {" opens a graph (its label "g" has no scheme and there is no base: valid as an
    // IRI-reference). In it, "<http://a/s> <http://a/p> ." lacks its object: broken at the "."
    // (byte 6 + 26 = 32), skipped to it; the next triples are read, and "}" closes the graph.
    let text = "<g> { <http://a/s> <http://a/p> . <http://a/s> <http://a/p> <http://a/b c> }\n\
                <http://a/s> <http://a/p> <http://a/o> .";
    let got = faults(Syntax::TriG, text);
    // "b c": "<http://a/b c>" starts at 34 + 26 = 60, its space at 60 + 11 = 71.
    assert_eq!(got, [(32, "broken".to_string()), (71, "object path".to_string())]);
    // A graph that the document leaves open: broken once, at the end (byte 42: "{ ", three
    // terms of 12 bytes and a space each, "."), or at the end of triples it cuts short (27).
    let text = "{ <http://a/s> <http://a/p> <http://a/o> .";
    assert_eq!(faults(Syntax::TriG, text), [(42, "broken".to_string())]);
    let text = "{ <http://a/s> <http://a/p>";
    assert_eq!(faults(Syntax::TriG, text), [(27, "broken".to_string())]);
    // "<g> <p> {": no object may be "{": broken at 8; skipped to the "}" that closes it, and
    // the statement after it is read (the error of "b c" at 12 + 3 + 21 + 11).
    let text = "<g> <p> { <s> <p> <o> . }\n<http://a/b c> <p> <o> .";
    assert_eq!(
        faults(Syntax::TriG, text),
        [(8, "broken".to_string()), (37, "subject path".to_string())]
    );
    // Broken at "x" (41) in a graph: skipped to the "}" that closes the graph, which closes it;
    // line 2 (at 45) is read: its space at 45 + 11.
    let text = "<http://a/g> { <http://a/s> <http://a/p> x }\n<http://a/b c> <http://a/p> <http://a/o> .\n";
    assert_eq!(
        faults(Syntax::TriG, text),
        [(41, "broken".to_string()), (56, "subject path".to_string())]
    );
    // In a graph, a "}" after a "[" opened after the fault closes the "[", not the graph: the
    // skip goes on past "<http://a/b c>" (not read) to the "}" that closes the graph.
    let text = "<http://a/g> { <http://a/s> <http://a/p> x [ } <http://a/b c> <http://a/p> <http://a/o> }\n";
    assert_eq!(faults(Syntax::TriG, text), [(41, "broken".to_string())]);
    // A graph not closed when the document ends: broken at its end (55), which says so.
    let text = "<http://a/g> { <http://a/s> <http://a/p> <http://a/o> .";
    let got = broken(Syntax::TriG, text);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, 55);
    assert!(got[0].1.contains("'}' to close the graph"), "{}", got[0].1);
    // In a graph a literal is no subject, and the message says a "}" could close it (at 15).
    let text = "<http://a/g> { \"x\" <http://a/p> <http://a/o> }\n";
    let got = broken(Syntax::TriG, text);
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, 15);
    assert!(got[0].1.ends_with("or '}', found '\"x\"'"), "{}", got[0].1);
    // Triples outside a graph that begin with "[]", "[ … ]" or "( … )" (TriG §5: triples2);
    // each object has a space, 11 bytes into it (at 16, 43 and 30 of its line).
    for (text, at) in [
        ("[] <http://a/p> <http://a/b c> .\n", 16 + 11),
        (
            "[ <http://a/p> <http://a/o> ] <http://a/q> <http://a/b c> .\n",
            43 + 11,
        ),
        ("( <http://a/o> ) <http://a/p> <http://a/b c> .\n", 30 + 11),
    ] {
        assert_eq!(
            faults(Syntax::TriG, text),
            [(at, "object path".to_string())],
            "{text}"
        );
    }
    // "GRAPH []" names a graph with a blank node (TriG §5: ANON): no fault but the space of
    // the subject in it (at 11 + 11).
    let text = "GRAPH [] { <http://a/b c> <http://a/p> <http://a/o> }\n";
    assert_eq!(faults(Syntax::TriG, text), [(22, "subject path".to_string())]);
    // Outside a graph, a "}" at the fault's depth ends the statement skipped, taken with it:
    // broken at "x" (26) once, then "<http://a/b c>" (at 30) read, its space at 30 + 11.
    let text = "<http://a/s> <http://a/p> x } <http://a/b c> <http://a/p> <http://a/o> .\n";
    assert_eq!(
        faults(Syntax::TriG, text),
        [(26, "broken".to_string()), (41, "subject path".to_string())]
    );
}

#[test]
fn directives_are_not_allowed_in_a_trig_graph_nor_graphs_in_turtle() {
    // "@prefix" at 2 is no subject; the skip goes to its "."; "}" closes the graph.
    let text = "{ @prefix ex: <http://ex/> . }";
    assert_eq!(faults(Syntax::TriG, text), [(2, "broken".to_string())]);
    // In Turtle, "{" is no token of the grammar: broken at 4, skipped to the "}" that closes it.
    let text = "<g> { <s> <p> <o> . }\n<s> <p> <o> .";
    assert_eq!(faults(Syntax::Turtle, text), [(4, "broken".to_string())]);
}

#[test]
fn nothing_panics_and_nesting_is_bounded() {
    // 10,000 "(" (a collection in a collection…) nest deeper than the reader follows: broken
    // once, at the 129th, byte 26 + 128 (after "<http://a/s> " and "<http://a/p> ", 13 each).
    let text = format!("<http://a/s> <http://a/p> {}", "(".repeat(10_000));
    let got = faults(Syntax::Turtle, &text);
    assert_eq!(got, [(26 + 128, "broken".to_string())]);
    // Side by side, 200 collections and 200 blank nodes nest one deep each: no fault.
    let text = format!(
        "<http://a/s> <http://a/p> {}<http://a/o> .\n<http://a/s> <http://a/p> {}<http://a/o> .\n",
        "( <http://a/o> ), ".repeat(200),
        "[ <http://a/q> <http://a/o> ], ".repeat(200)
    );
    assert_eq!(faults(Syntax::Turtle, &text), []);
    // Garbage of the characters that matter to the lexer, and non-ASCII ones: no panic, and
    // every offset on a character boundary.
    let alphabet = [
        "<",
        ">",
        "\"",
        "'",
        "\\",
        "#",
        "\n",
        " ",
        ".",
        ";",
        ",",
        "[",
        "]",
        "(",
        ")",
        "{",
        "}",
        "@",
        "^",
        ":",
        "_",
        "a",
        "e",
        "1",
        "%",
        "é",
        "\u{10000}",
        "-",
        "+",
        "u",
        "GRAPH",
        "PREFIX",
    ];
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..300 {
        let mut text = String::new();
        for _ in 0..40 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            text.push_str(alphabet[(state % alphabet.len() as u64) as usize]);
        }
        for syntax in [Syntax::Turtle, Syntax::TriG] {
            Scanner::new(syntax).scan(&text, true, &mut |event| {
                let at = match &event {
                    Event::Iri(found) => found.source_offset(found.error().map_or(0, |e| e.byte_offset())),
                    Event::Broken(b) => b.offset(),
                };
                assert!(at <= text.len() && text.is_char_boundary(at), "{text:?}");
            });
        }
    }
}

#[test]
fn a_text_cut_anywhere_gives_the_same_events() {
    assert_same_in_pieces(Syntax::Turtle, TURTLE);
    assert_same_in_pieces(Syntax::TriG, TRIG);
    assert_same_in_pieces(Syntax::Turtle, "<http://a/s> <http://a/p> 1.");
    assert_same_in_pieces(
        Syntax::Turtle,
        "<http://a/s> <http://a/p> \"\"\"a\"\"\"\" .\n# é\n",
    );
    assert_same_in_pieces(Syntax::TriG, "{ <http://a/s> <http://a/p>");
    // Escapes in strings cut anywhere: whole (valid), and one cut short by a quote (bad).
    assert_same_in_pieces(
        Syntax::Turtle,
        "<http://a/s> <http://a/p> \"\\u00e9\\U0001F600\", '\\u00'.\n",
    );
    // A long string across lines that end with " ." (a cut after one must not end it).
    assert_same_in_pieces(
        Syntax::Turtle,
        "<http://a/s> <http://a/p> \"\"\"x .\n<http://a/b c> <http://a/p> <http://a/o> .\n\"\"\" .\n",
    );
    // A comment that ends the document without a line end.
    assert_same_in_pieces(Syntax::Turtle, "<http://a/s> <http://a/p> <http://a/o> . # end");
}

#[test]
fn the_sample_documents_give_what_they_hold() {
    // TURTLE: its faults, each reasoned:
    let faults_of = |syntax, text: &str| {
        faults(syntax, text)
            .into_iter()
            .map(|(at, what)| (text[..at].matches('\n').count() + 1, what))
            .collect::<Vec<_>>()
    };
    // line 8: "ex:a\#b" (a second "#") and "<http://a/b c>" (the space); line 9: a fourth
    // term; line 10: an undeclared prefix; line 11: a string open to its line's end, skipped
    // to the "." of line 13 (BASE and "<y>" are not read); line 14 is read.
    assert_eq!(
        faults_of(Syntax::Turtle, TURTLE),
        [
            (8, "subject fragment".to_string()),
            (8, "object path".to_string()),
            (9, "broken".to_string()),
            (10, "broken".to_string()),
            (11, "broken".to_string()),
        ]
    );
    // TRIG: line 5: "<b c>" (no base: checked as an IRI-reference, the space is its error),
    // then "ex:s ex:p ." lacks its object; line 9: "{" as an object; line 10: a graph open to
    // the end of the document.
    assert_eq!(
        faults_of(Syntax::TriG, TRIG),
        [
            (5, "object path".to_string()),
            (5, "broken".to_string()),
            (9, "broken".to_string()),
            (10, "broken".to_string()),
        ]
    );
}

#[test]
fn a_prefixed_name_is_repaired_where_it_is_written() {
    // Found::repair writes the name again: the prefix as written, the character at fault
    // encoded. "ex:a\#b" against "http://ex/#": the second "#" (its escape "\#") becomes
    // "%23"; "ex:%zz": the "%" that no two hex digits follow becomes "%25".
    let text = "@prefix ex: <http://ex/#> .\nex:a\\#b ex:p ex:%zz .\n";
    let mut repairs = Vec::new();
    Scanner::new(Syntax::Turtle).scan(text, true, &mut |event| {
        if let Event::Iri(found) = event {
            if found.error().is_some() {
                repairs.push(found.repair(text));
            }
        }
    });
    assert_eq!(
        repairs,
        [Some("ex:a%23b".to_string()), Some("ex:%25zz".to_string())]
    );
}

#[test]
fn the_iris_of_a_statement_not_ended_are_given_as_read() {
    // An unmatched "[" holding 1,000 objects: none of the text is used (the statement has not
    // ended), but each of its 1,002 IRIs is given at once, so none waits in memory; the
    // statement read again with its end gives only the one after the cut.
    let mut text = String::from("<http://a/s> <http://a/p> [");
    for n in 0..1000 {
        text.push_str(&format!(" <http://a/q> <http://a/o{n}> ;\n"));
    }
    let mut scanner = Scanner::new(Syntax::Turtle);
    let mut given = Vec::new();
    assert_eq!(scanner.scan(&text, false, &mut |e| given.push(event_at(&e))), 0);
    // The subject, the verb, then a verb and an object on each line: the last object's ">"
    // is read, and the ";" after it may go on, so it is given too.
    assert_eq!(given.len(), 2 + 2 * 1000);
    assert_eq!(given[0], 0);
    assert!(
        given.windows(2).all(|w| w[0] < w[1]),
        "in document order, once each"
    );
    text.push_str(" <http://a/r> <http://a/x> ] .\n");
    let mut again = Vec::new();
    assert_eq!(
        scanner.scan(&text, true, &mut |e| again.push(event_at(&e))),
        text.len()
    );
    let r = text.find("<http://a/r>").unwrap();
    assert_eq!(again, [r, r + "<http://a/r> ".len()]);
}

/// Where an event stands: an IRI's first byte, or a broken statement's report.
fn event_at(event: &Event<'_>) -> usize {
    match event {
        Event::Iri(found) => found.span().start,
        Event::Broken(broken) => broken.offset(),
    }
}
