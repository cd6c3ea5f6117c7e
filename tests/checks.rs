//! The checks beyond the grammar (RFC 3987 §4, §5.3, §6.1, §7.5, §8): each code with inputs
//! that trigger it and near misses that must not, the §4.4 examples, and the no-allocation
//! promise for clean input.

use crate::common;

use rfc3987::{lint, Diagnostic, IriRef, Severity, CODES};

fn codes(input: &str) -> Vec<&'static str> {
    lint(input).into_iter().map(|d| d.code).collect()
}

/// `(code, triggers, near misses)`, with the reason beside each.
const CASES: &[(&str, &[&str], &[&str])] = &[
    // §2.2: the grammar decides.
    (
        "syntax",
        &["http://a b/", "http://[::1/", "%zz"],
        &["http://a/b", ""],
    ),
    // §4.1: LRM/RLM/LRE/RLE/PDF/LRO/RLO; their neighbours ZWJ U+200D and U+2010 are fine.
    (
        "bidi-formatting-character",
        &["http://a/\u{200F}", "http://a/?\u{202E}"],
        &["http://a/\u{200D}\u{2010}"],
    ),
    // §4.1 by analogy: the isolates LRI, RLI, FSI, PDI (U+2066–U+2069) and ALM (U+061C),
    // which Unicode 6.3 added after RFC 3987. Their neighbours are not: U+2065 is unassigned,
    // U+206A INHIBIT SYMMETRIC SWAPPING and U+061B ARABIC SEMICOLON do not reorder text, and an
    // encoded isolate is the fix itself.
    (
        "bidi-isolate-character",
        &[
            "http://a/\u{2066}",
            "http://a/?\u{2067}",
            "http://a/#\u{2068}",
            "foo://a\u{2069}b/",
            "http://a/\u{61C}",
        ],
        &[
            "http://a/\u{2065}\u{206A}\u{61B}",
            "http://a/%E2%81%A6",
            "http://a/%D8%9C",
        ],
    ),
    // §4.2 rule 1: Hebrew and Latin letters in one segment; digits are not left-to-right.
    (
        "bidi-mixed-direction",
        &["http://a/\u{5D0}b\u{5D1}"],
        &["http://a/\u{5D0}12\u{5D1}", "http://a/\u{5D0}/b"],
    ),
    // §4.2 rule 2: right-to-left text must start and end the component.
    (
        "bidi-rtl-boundary",
        &["http://a/\u{5D0}1", "http://a/?x=1\u{5D0}", "http://a/#\u{5D0}!"],
        &["http://a/\u{5D0}1\u{5D1}", "http://a/?x=\u{5D0}&y=1"],
    ),
    // §4.4 example 10: digits next to a right-to-left label.
    (
        "bidi-numeric-component",
        &["http://\u{5D0}\u{5D1}.123/"],
        &["http://ab.123/", "http://\u{5D0}\u{5D1}.x123/"],
    ),
    // §5.3.2.2: "e" + U+0301 is not NFC; "é" is. With U+FB01 after it, still not NFC.
    (
        "not-nfc",
        &["http://a/e\u{301}", "http://a/e\u{301}\u{FB01}"],
        &["http://a/\u{E9}", "http://a/\u{FB01}"],
    ),
    // §7.5: U+FB01 "fi" ligature (the RFC's example) is NFC but not NFKC; it is still reported
    // when the input is not NFC either. "e" + U+0301 is not NFC, but has no compatibility
    // character: NFKC adds nothing to not-nfc there.
    (
        "not-nfkc",
        &["http://a/\u{FB01}le", "http://a/e\u{301}\u{FB01}"],
        &["http://a/file", "http://a/e\u{301}"],
    ),
    // §6.1: look-alikes of space and "/"; an ordinary letter is not.
    (
        "lookalike",
        &["http://a/a\u{3000}b", "http://a/a\u{2215}b", "http://a/\u{A0}"],
        &["http://a/a\u{3042}b"],
    ),
    // §7.5: Cyrillic "а" among Latin letters (with a private-use character beside them, still
    // two scripts); Japanese mixes three scripts legitimately. Characters of no script (private
    // use U+E000, unassigned U+0378: script Unknown) or of every script (Common: U+2665,
    // U+00B7; Inherited: U+0301) are not a second script, alone or beside letters.
    (
        "mixed-script",
        &[
            "http://p\u{430}ypal.com/",
            "http://a/?q=p\u{430}y\u{E000}",
            // × (U+00D7) and ÷ (U+00F7) are Common, not Latin letters: before "p", they do not
            // stand for the Latin script, and "p" with Cyrillic "а" still mixes two.
            "http://a/\u{D7}p\u{430}y",
            "http://a/\u{F7}p\u{430}y",
        ],
        &[
            "http://a/\u{3072}\u{30AB}\u{6F22}",
            "http://a/caf\u{E9}",
            "http://a/?x=\u{E000}",
            "http://a/?x=caf\u{E000}",
            "http://a/\u{378}",
            "http://a/ab\u{378}",
            "http://a/\u{2665}",
            "http://a/a\u{B7}b",
            "http://a/e\u{301}",
        ],
    ),
    // Unassigned: U+0378 has never been assigned; U+0377 is.
    ("unassigned", &["http://a/\u{378}"], &["http://a/\u{377}"]),
    // §2.2: iprivate is allowed in the query only, and noted there.
    (
        "private-use-in-query",
        &["http://a/?\u{E000}"],
        &["http://a/?\u{D7FF}x"],
    ),
    // §5.3.2.1: hex digits in uppercase.
    (
        "pct-lowercase-hex",
        &["http://a/%2f", "http://a/%C3%a9"],
        &["http://a/%2F"],
    ),
    // §5.3.2.3: %41 is "A", %7E is "~"; %2F is reserved and stays. After a lead octet that no
    // continuation octet follows (%C0, %E0: not UTF-8, not overlong), %41 is still "A".
    (
        "pct-unreserved",
        &[
            "http://a/%41",
            "http://a/%7E",
            "http://a/%C0%41",
            "http://a/%E0%41%41",
        ],
        &["http://a/%2F", "http://a/%20"],
    ),
    // §5.3.2.3: %C3%A9 is "é", a `ucschar`, which an IRI can hold and normalization decodes.
    // U+E000 (EE 80 80) and U+10FFFD (F4 8F BF BD) are `iprivate`, not `iunreserved`:
    // normalization keeps them encoded everywhere, the query included (where §2.2 would allow
    // them unencoded), so decoding them would not give an equivalent IRI. U+00A0 is a §6.1
    // look-alike of space: better kept encoded. U+202E is a §4.1 bidi formatting character,
    // U+2067 (E2 81 A7) and U+061C (D8 9C) are of `bidi-isolate-character`, whose fix encodes them.
    (
        "pct-ucschar",
        &["http://a/%C3%A9", "http://a/?%C3%A9", "http://a/#%C3%A9"],
        &[
            "http://a/%EE%80%80",
            "http://a/?%EE%80%80",
            "http://a/?%F4%8F%BF%BD",
            "http://a/#%EE%80%80",
            "http://a/%E2%80%AE",
            "http://a/%E2%81%A7",
            "http://a/%D8%9C",
            "http://a/%C2%A0",
        ],
    ),
    // §6.4: octets that are not UTF-8 (Latin-1 "é", a lone continuation byte, a truncated
    // sequence, a lead octet followed by no continuation octet, an encoded surrogate, a code
    // point over U+10FFFF). U+20AC and U+10FFFF are well-formed.
    (
        "pct-not-utf8",
        &[
            "http://a/r%E9sum%E9",
            "http://a/%80",
            "http://a/%E2%82",
            "http://a/%C0%41",
            "http://a/%E0%41%41",
            "http://a/%ED%A0%80",
            "http://a/%F4%90%80%80",
        ],
        &["http://a/%E2%82%AC", "http://a/%F4%8F%BF%BF"],
    ),
    // §8: overlong forms of "/" and of U+0000.. An overlong form is a complete sequence: the
    // lead octet, then continuation octets (80-BF). "%C0%41", "%E0%41%41" have none, "%E0%80"
    // and "%F0%80%80" too few; "%C2%A0" is the shortest form of U+00A0.
    (
        "pct-overlong-utf8",
        &["http://a/%C0%AF", "http://a/%E0%80%AF", "http://a/%F0%80%80%AF"],
        &[
            "http://a/%C2%A0",
            "http://a/%C0%41",
            "http://a/%E0%41%41",
            "http://a/%E0%80",
            "http://a/%F0%80%80",
        ],
    ),
    // §5.3.2.4: dot segments with a scheme; a relative reference keeps them until resolved.
    (
        "dot-segments",
        &["http://a/b/../c", "s:./x"],
        &["../c", "http://a/.b/c.."],
    ),
    // §5.3.3: an empty port, the default port of the scheme.
    ("empty-port", &["http://a:/"], &["http://a/", "http://a:8080/"]),
    (
        "default-port",
        &["http://a:80/", "https://a:443/"],
        &["http://a:443/", "foo://a:80/"],
    ),
    // §5.3.2.1: case of scheme and host (not inside %HH); RFC 3986 §6.2.2.1: IPv6 hex digits too.
    // Only a "US-ASCII only" host is case-insensitive at that level: α (U+03B1) written or
    // encoded (%CE%B1), or an encoded U+E000 that stays encoded, make the host non-ASCII, and
    // only IDN normalization (§5.3.3) folds its case. "%2F" is ASCII ("/").
    ("uppercase-scheme", &["HTTP://a/"], &["http://a/"]),
    (
        "uppercase-host",
        &["http://A.org/", "http://[FE80::1]/", "http://A%2F.org/"],
        &[
            "http://a.org/%2F",
            "http://[fe80::1]/",
            "http://\u{3B1}.CoM/",
            "http://%CE%B1.CoM/",
            "http://A%EE%80%80.org/",
            // The "F" of a %HH triplet is a hex digit, not a letter of the host (§5.3.2.1).
            "http://a%2F.org/",
        ],
    ),
    // §5.3.3: ToASCII rejects "_" (STD3) and "xn--a" is not valid Punycode; not checked for
    // schemes that do not use DNS names. The rules of RFC 3490 §4.1 with UseSTD3ASCIIRules,
    // label by label, beside non-ASCII labels too (a valid name is recognized without
    // allocating, so these cases check that shortcut as well): a hyphen first or last, an
    // empty label, 60 "é" (65 octets as "xn--" + Punycode, over 63), a bad A-label beside a
    // good U-label. Valid: an A-label in uppercase (ToUnicode folds case), the root label,
    // "ß" (kept, nontransitional), "♥" (U+2665, valid in UTS #46).
    (
        "invalid-idn",
        &[
            "http://a_\u{E9}.org/",
            "http://xn--a.org/",
            "http://-\u{E9}.org/",
            "http://\u{E9}-.org/",
            "http://a..\u{E9}/",
            "http://\u{E9}.a_b/",
            "http://xn--a.\u{E9}/",
            // A bad A-label alone, and after a good ASCII label.
            "http://xn--a/",
            "http://a.xn--a/",
            // An "xn--" label with U+FF44 FULLWIDTH LATIN SMALL LETTER D for its last "d":
            // UTS #46 maps it to "d" and decodes "résumé", but ToASCII of "résumé" is
            // "xn--rsum-bpad", not the label as written, so the round trip of RFC 3490 §4.2
            // steps 7–8 fails and ToUnicode keeps the label: not a valid A-label.
            "http://xn--rsum-bpa\u{FF44}.org/",
            // An ASCII label with a hyphen first or last, beside a non-ASCII label.
            "http://-a.\u{E9}/",
            "http://a-.\u{E9}/",
            concat!(
                "http://\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}",
                "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}",
                "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}",
                "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}",
                "\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}.org/"
            ),
        ],
        &[
            "foo://xn--a.org/",
            "http://xn--rsum-bpad.org/",
            "http://XN--RSUM-BPAD.org/",
            "http://r\u{E9}sum\u{E9}.example.org./",
            "http://fa\u{DF}.de/",
            "http://i\u{2665}.ws/",
            "http://xn--rsum-bpad.\u{E9}/",
            // "résumé" percent-encoded (UTF-8 C3 A9): the same valid name.
            "http://r%C3%A9sum%C3%A9.org/",
        ],
    ),
    // DNS limits: a 64-octet label; 63 octets is fine, and so is a scheme without DNS names.
    (
        "dns-length",
        &["http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/"],
        &[
            "http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/",
            "foo://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.org/",
            // A valid A-label (which the full IDN check reads): short labels, nothing to report.
            "http://xn--rsum-bpad.org/",
        ],
    ),
    // RFC 3986 §7.4, rare IP address forms; a real IPv4 address and a name with a letter are fine.
    (
        "numeric-host",
        &["http://1.2.3/", "http://1.2.3.256/", "http://01.2.3.4/"],
        &["http://1.2.3.4/", "http://1.2.3.a/"],
    ),
    // RFC 3986 §3.2.1: "user:password" is deprecated; a user alone is fine.
    (
        "password-in-userinfo",
        &["ftp://u:secret@h/"],
        &["ftp://u@h/", "mailto:a:b@c"],
    ),
];

#[test]
fn every_code_triggers_and_near_misses_do_not() {
    for (code, triggers, misses) in CASES {
        for input in *triggers {
            assert!(
                codes(input).contains(code),
                "{code} expected for {input:?}: {:?}",
                lint(input)
            );
        }
        for input in *misses {
            assert!(
                !codes(input).contains(code),
                "{code} not expected for {input:?}: {:?}",
                lint(input)
            );
        }
    }
    // Every code of the catalogue has cases.
    for (code, ..) in CODES {
        assert!(CASES.iter().any(|(c, ..)| c == code), "no cases for {code}");
    }
}

/// `(span, fix, help)` of the first diagnostic with `code`.
fn fix_of(input: &str, code: &str) -> (std::ops::Range<usize>, Option<String>, Option<String>) {
    let d = lint(input)
        .into_iter()
        .find(|d| d.code == code)
        .unwrap_or_else(|| panic!("no {code} for {input:?}"));
    (d.span, d.fix, d.help)
}

fn some(s: &str) -> Option<String> {
    Some(s.to_string())
}

/// Spans and fixes: the span covers what is wrong, the fix is what replaces the span (only
/// that: the checks stay linear), the help says it in a few words.
#[test]
fn spans_and_fixes() {
    // §5.3.2.1: the scheme in lowercase.
    assert_eq!(
        fix_of("HTTP://a/", "uppercase-scheme"),
        (0..4, some("http"), some("write `HTTP` as `http`"))
    );
    // §5.3.3: ":80" is removed, the colon with the port.
    assert_eq!(
        fix_of("http://a:80/x", "default-port"),
        (8..11, some(""), some("remove `:80`"))
    );
    assert_eq!(
        fix_of("http://a:/x", "empty-port"),
        (8..9, some(""), some("remove `:`"))
    );
    // §6.1: U+3000 IDEOGRAPHIC SPACE is E3 80 80 in UTF-8.
    assert_eq!(
        fix_of("http://a/a\u{3000}b", "lookalike"),
        (
            10..13,
            some("%E3%80%80"),
            some("percent-encode it as `%E3%80%80`")
        )
    );
    // "e" + U+0301 composes to "é" (U+00E9): the span covers the two characters; the two forms
    // look the same, so the help names the code points.
    assert_eq!(
        fix_of("http://a/e\u{301}x", "not-nfc"),
        (
            9..12,
            some("\u{E9}"),
            some("write U+0065 U+0301 as U+00E9 (`\u{E9}`)")
        )
    );
    // §5.3.2.3: %41%42 is "AB", one run; §5.3.2.1: %7e → %7E.
    assert_eq!(
        fix_of("http://a/%41%42/", "pct-unreserved"),
        (9..15, some("AB"), some("write `%41%42` as `AB`"))
    );
    assert_eq!(
        fix_of("http://a/%2f", "pct-lowercase-hex"),
        (9..12, some("%2F"), some("write `%2f` as `%2F`"))
    );
    // §5.3.2.4: "/a/b/../c" becomes "/a/c": "b/../" goes.
    assert_eq!(
        fix_of("http://h/a/b/../c", "dot-segments"),
        (11..16, some(""), some("remove `b/../`"))
    );
    // A run of lowercase triplets is one diagnostic.
    let d: Vec<_> = lint("http://a/%c3%a9")
        .into_iter()
        .filter(|d| d.code == "pct-lowercase-hex")
        .collect();
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].span, 9..15);
    // No fix, no help: the §4.2 rules say what to avoid, not what to write.
    assert_eq!(
        fix_of("http://a/\u{5D0}1", "bidi-rtl-boundary"),
        (9..12, None, None)
    );
    // A syntax error spans the character the grammar stopped at: the space at byte 9, and
    // U+FFFE (a noncharacter, outside `ucschar`), three bytes in UTF-8, at byte 9.
    assert_eq!(fix_of("http://ex ample/", "syntax").0, 9..10);
    assert_eq!(fix_of("http://h/\u{FFFE}", "syntax").0, 9..12);
    // RFC 3986 §3.2.1: the password and its ":" ("user:pw" at 6, ":" at 10, "@" at 13).
    assert_eq!(
        fix_of("ftp://user:pw@h/", "password-in-userinfo"),
        (10..13, None, None)
    );
    // §5.3.2.2: in "/αα" + U+0301 (at 8; α is 2 bytes) only the second α and U+0301 compose
    // (to U+03AC, whose canonical decomposition is U+03B1 U+0301): the span starts at 11.
    assert_eq!(
        fix_of("http://a/\u{3B1}\u{3B1}\u{301}", "not-nfc"),
        (
            11..15,
            some("\u{3AC}"),
            some("write U+03B1 U+0301 as U+03AC (`\u{3AC}`)")
        )
    );
    // §7.5: the run of a compatibility character takes the combining marks after it (U+FB01
    // U+0301 → "f" + U+00ED under NFKC) but not a following starter (U+00E9 stays as it is).
    assert_eq!(
        fix_of("http://a/\u{FB01}\u{301}", "not-nfkc"),
        (
            9..14,
            some("f\u{ED}"),
            some("write `\u{FB01}\u{301}` as `f\u{ED}`")
        )
    );
    assert_eq!(
        fix_of("http://a/\u{FB01}\u{E9}", "not-nfkc"),
        (9..12, some("fi"), some("write `\u{FB01}` as `fi`"))
    );
    // Severities follow the catalogue, and are named as documented.
    assert_eq!(
        [Severity::Note, Severity::Warning, Severity::Error].map(Severity::as_str),
        ["note", "warning", "error"]
    );
    assert_eq!(lint("a b")[0].severity, Severity::Error);
    assert_eq!(lint("http://a/?\u{E000}")[0].severity, Severity::Note);
}

/// Adjacent not-NFC regions merge into one diagnostic (the NFC forms of both as the fix);
/// regions apart stay two, so that applying the fixes keeps what is between them. The help
/// names the code points when the span has at most four characters, else gives the NFC form.
#[test]
fn not_nfc_regions_merge_when_adjacent() {
    let not_nfc = |input: &str| -> Vec<(std::ops::Range<usize>, Option<String>, Option<String>)> {
        lint(input)
            .into_iter()
            .filter(|d| d.code == "not-nfc")
            .map(|d| (d.span, d.fix, d.help))
            .collect()
    };
    // "e" + U+0301 twice, at 9 and 12 (each 3 bytes): one region 9..15, "éé".
    assert_eq!(
        not_nfc("http://a/e\u{301}e\u{301}"),
        [(
            9..15,
            some("\u{E9}\u{E9}"),
            some("write U+0065 U+0301 U+0065 U+0301 as U+00E9 U+00E9 (`\u{E9}\u{E9}`)")
        )]
    );
    // Three times: six characters, too many to name.
    assert_eq!(
        not_nfc("http://a/e\u{301}e\u{301}e\u{301}"),
        [(
            9..18,
            some("\u{E9}\u{E9}\u{E9}"),
            some("write it in NFC: `\u{E9}\u{E9}\u{E9}`")
        )]
    );
    // A "/" between them: two regions, and the "/" survives the fixes.
    let input = "http://a/e\u{301}/e\u{301}";
    let help = some("write U+0065 U+0301 as U+00E9 (`\u{E9}`)");
    assert_eq!(
        not_nfc(input),
        [
            (9..12, some("\u{E9}"), help.clone()),
            (13..16, some("\u{E9}"), help)
        ]
    );
    assert_eq!(
        Diagnostic::apply_fixes(input, &lint(input)),
        "http://a/\u{E9}/\u{E9}"
    );
}

/// The message of one character names it; the message of a run counts its characters.
#[test]
fn messages_of_one_character_and_of_runs() {
    let message = |input: &str, code: &str| {
        lint(input)
            .into_iter()
            .find(|d| d.code == code)
            .unwrap_or_else(|| panic!("no {code} for {input:?}"))
            .message
    };
    for (input, code, start) in [
        // §4.1: RLM alone; LRE then RLO, one run of 2.
        (
            "http://a/\u{200F}",
            "bidi-formatting-character",
            "U+200F RIGHT-TO-LEFT MARK: IRIs MUST NOT contain",
        ),
        (
            "http://a/\u{202A}\u{202E}",
            "bidi-formatting-character",
            "2 bidirectional formatting characters from U+202A LEFT-TO-RIGHT EMBEDDING:",
        ),
        // §6.1: U+3000 IDEOGRAPHIC SPACE, alone and twice.
        ("http://a/\u{3000}", "lookalike", "U+3000 looks like space"),
        (
            "http://a/\u{3000}\u{3000}",
            "lookalike",
            "2 characters that look like space, a delimiter or nothing, from U+3000",
        ),
        // §2.2: iprivate in the query, alone and two.
        (
            "http://a/?\u{E000}",
            "private-use-in-query",
            "U+E000 is a private-use character",
        ),
        (
            "http://a/?\u{E000}\u{E001}",
            "private-use-in-query",
            "2 private-use characters from U+E000",
        ),
        // U+0378 and U+0379 are unassigned.
        (
            "http://a/\u{378}",
            "unassigned",
            "U+0378 is not assigned in Unicode ",
        ),
        (
            "http://a/\u{378}\u{379}",
            "unassigned",
            "2 code points from U+0378 are not assigned",
        ),
    ] {
        let m = message(input, code);
        assert!(m.starts_with(start), "{input:?}: {m}");
    }
}

/// The host's shortcut (an ASCII name without "%" or "xn--" label, with labels of at most 63
/// octets and at most 253 octets in all) hands every other name to the full checks, which
/// apply the DNS limits (RFC 1034 §3.1: 63 octets a label, 255 on the wire, that is 253 in
/// text without the root's dot) to the name as a whole.
#[test]
fn host_checks_beyond_the_shortcut() {
    // The label that ToUnicode rejects is named, not the good one before it.
    let found = lint("http://a.xn--a/");
    assert!(
        found.iter().any(|d| d.code == "invalid-idn"
            && d.message == "the label \"xn--a\" is not a valid A-label (ToUnicode rejects it)"),
        "{found:?}"
    );
    let a = |n: usize| "a".repeat(n);
    let dns = |host: &str| codes(&format!("http://{host}/")).contains(&"dns-length");
    // One label of 64 octets, no dot; 63 is fine.
    assert!(dns(&a(64)));
    assert!(!dns(&a(63)));
    // Beside a valid A-label, a 63-octet label is fine.
    assert!(!dns(&format!("xn--rsum-bpad.{}.org", a(63))));
    // 191 octets in three labels of 63.
    let three = format!("{}.{}.{}", a(63), a(63), a(63));
    // 254 octets of plain ASCII (191 + 1 + 62): over the limit; 253 (and 253 with the root's
    // dot) fine.
    let host = format!("{three}.{}", a(62));
    assert!(dns(&host));
    let found = lint(&format!("http://{host}/"));
    assert!(
        found
            .iter()
            .any(|d| d.message == "the host name is 254 octets long; DNS allows 253"),
        "{found:?}"
    );
    assert!(!dns(&format!("{three}.{}", a(61))));
    assert!(!dns(&format!("{three}.{}.", a(61))));
    // With an A-label (14 octets with its dot): 14 + 191 + 1 + 47 = 253 is fine, 254 is not.
    assert!(!dns(&format!("xn--rsum-bpad.{three}.{}", a(47))));
    assert!(dns(&format!("xn--rsum-bpad.{three}.{}", a(48))));
}

/// `lint_as` checks what parses as its start symbol from that one parse: the findings of
/// `lint`, or the parse error of `validate` when the input is not that symbol.
#[test]
fn lint_as_is_lint_for_its_symbol() {
    use rfc3987::{lint_as, validate, StartSymbol};
    for input in ["HTTP://Example.org:80/a/./b", "http://a/%7e", "//h/p", "a"] {
        for symbol in [
            StartSymbol::IriReference,
            StartSymbol::Iri,
            StartSymbol::IrelativeRef,
        ] {
            match validate(input, symbol) {
                Ok(()) => assert_eq!(lint_as(input, symbol), Ok(lint(input)), "{input} {symbol:?}"),
                Err(error) => assert_eq!(lint_as(input, symbol), Err(error), "{input} {symbol:?}"),
            }
        }
    }
    assert!(!lint("HTTP://Example.org:80/a/./b").is_empty());
}

/// The messages of the percent-encoding findings (§5.3.2.3, §6.4, §8), singular and plural, and
/// their order: by start, the lowercase-hex finding first where two start together.
#[test]
fn percent_encoding_messages_and_order() {
    let pct = |input: &str| -> Vec<(&'static str, std::ops::Range<usize>, String)> {
        lint(input)
            .into_iter()
            .filter(|d| d.code.starts_with("pct-"))
            .map(|d| (d.code, d.span, d.message))
            .collect()
    };
    let message = |input: &str| pct(input)[0].2.clone();
    // One unit, then a run of two (%41 is "A", %42 "B").
    assert_eq!(
        message("http://a/%41"),
        "%41 encodes the unreserved character \"A\""
    );
    assert_eq!(
        message("http://a/%41%42"),
        "%41%42 encodes the unreserved characters \"AB\""
    );
    // C3 A9 is the UTF-8 of "é", a ucschar.
    assert_eq!(
        message("http://a/%C3%A9"),
        "%C3%A9 encodes \"é\", which an IRI can hold as it is"
    );
    // ED A0 80 would be U+D800, a surrogate: alone, the surrogate message; followed by FF, the
    // run counts maximal ill-formed subparts (Unicode §3.9: ED, A0 and 80 are one each, since
    // ED takes only 80–9F after it; FF is one): 4.
    assert!(message("http://a/%ED%A0%80").contains("the UTF-16 surrogate U+D800"));
    let both = message("http://a/%ED%A0%80%FF");
    assert!(both.contains("is not UTF-8: a decoder reads 4 U+FFFD"), "{both}");
    // By start; at 13 the lowercase hex before the decoding finding.
    let codes: Vec<_> = pct("http://a/%41/%c3%a9")
        .into_iter()
        .map(|(code, span, _)| (code, span))
        .collect();
    assert_eq!(
        codes,
        [
            ("pct-unreserved", 9..12),
            ("pct-lowercase-hex", 13..19),
            ("pct-ucschar", 13..19)
        ]
    );
}

/// `Diagnostic::apply_fixes`: every fix at once; overlapping fixes give way as documented.
#[test]
fn all_fixes_applied() {
    let fixed = |input: &str| Diagnostic::apply_fixes(input, &lint(input));
    // §5.3.2.1 scheme and host case, §5.3.3 default port, §5.3.2.4 dot segment.
    assert_eq!(fixed("HTTP://Example.org:80/a/./b"), "http://example.org/a/b");
    // %7e is lowercase (fix %7E) and an encoded "~" (fix "~"), same span: the later, finer
    // fix wins. In "%2f%7e%4a%41", "%2f" stays encoded ("/" is reserved, §2.2) in uppercase.
    assert_eq!(fixed("http://a/%7e"), "http://a/~");
    assert_eq!(fixed("http://a/%2f%7e%4a%41"), "http://a/%2F~JA");
    // NFC (§5.3.2.2) and NFKC (§7.5) both: "e" + U+0301 → U+00E9, U+FB01 → "fi".
    assert_eq!(fixed("http://a/e\u{301}\u{FB01}"), "http://a/\u{E9}fi");
    // U+FF0F FULLWIDTH SOLIDUS: NFKC would make it "/", a delimiter, so not-nfkc offers no fix
    // and the §6.1 fix (percent-encode it) applies. The same for U+00A0 (NFKC: a space).
    assert_eq!(fixed("http://a/a\u{FF0F}b"), "http://a/a%EF%BC%8Fb");
    assert_eq!(fix_of("http://a/a\u{FF0F}b", "not-nfkc").1, None);
    assert_eq!(fixed("http://a/\u{A0}"), "http://a/%C2%A0");
    // U+037E GREEK QUESTION MARK is canonically ";" (a sub-delim): no NFC fix.
    assert_eq!(fix_of("http://a/\u{37E}", "not-nfc").1, None);
    // U+2000 EN QUAD is canonically U+2002 EN SPACE, a §6.1 look-alike of space (and both are
    // `ucschar`): no NFC fix; the look-alike fix encodes it (E2 80 80).
    assert_eq!(fix_of("http://a/\u{2000}", "not-nfc").1, None);
    assert_eq!(fixed("http://a/\u{2000}"), "http://a/%E2%80%80");
    // Nothing to fix, or no fix known: the input as it is.
    assert_eq!(fixed("http://a/b"), "http://a/b");
    assert_eq!(fixed("http://a/r%E9sum%E9"), "http://a/r%E9sum%E9");
}

/// `uppercase-host` proposes exactly what syntax-based normalization does to the host
/// (§5.3.2.1): on inputs with nothing else to normalize, it fires iff normalization changes
/// the input, and its fix gives the normalized form. `http://α.CoM/` is left alone by both: not
/// US-ASCII only, its case is for IDN normalization (§5.3.3) to fold; nor `αB`, for any scheme.
#[test]
fn uppercase_host_agrees_with_normalization() {
    use rfc3987::{normalize, Level, NormalizeOptions};
    for input in [
        "http://A.org/",
        "http://a.org/",
        "http://[FE80::1]/",
        "http://\u{3B1}.CoM/",
        "http://\u{3B1}.com/",
        "http://A%2F.org/",
        "http://A%EE%80%80.org/",
        "foo://\u{3B1}B/",
        "foo://Ex_AMPLE/",
    ] {
        let iri = IriRef::parse(input).unwrap();
        let normal = normalize(&iri, &NormalizeOptions::new(Level::Syntax));
        let found = lint(input);
        let fires = found.iter().any(|d| d.code == "uppercase-host");
        assert_eq!(fires, normal.as_str() != input, "{input} → {normal}: {found:?}");
        assert_eq!(Diagnostic::apply_fixes(input, &found), normal.as_str(), "{input}");
    }
}

/// §4.1: every bidi formatting character is reported, with its percent-encoded form (§3.1
/// step 2) as the fix; the fixed input is an IRI with no error.
#[test]
fn bidi_formatting_characters_are_fixed_by_encoding() {
    let input = "http://a/\u{200F}x\u{202A}\u{202E}";
    let found = lint(input);
    let summary: Vec<_> = found
        .iter()
        .map(|d| (d.code, d.span.clone(), d.fix.as_deref(), d.severity))
        .collect();
    // U+200F is E2 80 8F; U+202A E2 80 AA; U+202E E2 80 AE; the last two are one run.
    assert_eq!(
        summary,
        [
            (
                "bidi-formatting-character",
                9..12,
                Some("%E2%80%8F"),
                Severity::Error
            ),
            (
                "bidi-formatting-character",
                13..19,
                Some("%E2%80%AA%E2%80%AE"),
                Severity::Error
            ),
        ]
    );
    assert_eq!(found[0].help.as_deref(), Some("percent-encode it as `%E2%80%8F`"));
    let fixed = Diagnostic::apply_fixes(input, &found);
    assert_eq!(fixed, "http://a/%E2%80%8Fx%E2%80%AA%E2%80%AE");
    assert!(IriRef::parse(fixed.as_str()).is_ok());
    assert!(
        lint(&fixed).iter().all(|d| d.severity != Severity::Error),
        "{:?}",
        lint(&fixed)
    );
}

/// §4.1 by analogy: the isolates and ALM in each component the grammar admits them in
/// (`ucschar` is `iunreserved`: all but the scheme and port) are §4.1 warnings, one per run,
/// fixed by their UTF-8 octets percent-encoded (§3.1 step 2). U+2066–U+2069 are E2 81 A6–A9,
/// U+061C is D8 9C.
#[test]
fn bidi_isolates_are_warned_and_fixed_by_encoding() {
    // (span, fix) of each finding; all of them must be this code, a warning of §4.1.
    let found = |input: &str| -> Vec<(std::ops::Range<usize>, Option<String>)> {
        let found = lint(input);
        let this = |d: &Diagnostic| {
            (d.code, d.severity, d.section) == ("bidi-isolate-character", Severity::Warning, "4.1")
        };
        assert!(found.iter().all(this), "{input:?}: {found:?}");
        found.into_iter().map(|d| (d.span, d.fix)).collect()
    };
    // Each alone in a path segment, a query value, the fragment, a reg-name, the userinfo.
    // Alone, ALM (Bidi_Class AL) starts and ends its component as §4.2 asks, and one character
    // is one script (§7.5); the isolates are neither L, R nor AL, and of the Common script.
    for c in ['\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{61C}'] {
        let fix: String = c.to_string().bytes().map(|b| format!("%{b:02X}")).collect();
        for (before, after) in [
            ("http://a/", ""),
            ("http://a/?q=", "&r"),
            ("http://a/#", ""),
            ("foo://", "/"),
            ("foo://", "@h/"),
        ] {
            let input = format!("{before}{c}{after}");
            let span = before.len()..before.len() + c.len_utf8();
            assert_eq!(found(&input), [(span, some(&fix))], "{input:?}");
        }
    }
    // Among letters ("http://a/x" is 10 bytes); apart, two findings; adjacent, one run.
    assert_eq!(found("http://a/x\u{2067}y"), [(10..13, some("%E2%81%A7"))]);
    assert_eq!(
        found("http://a/?q=\u{2066}v\u{2069}"),
        [(12..15, some("%E2%81%A6")), (16..19, some("%E2%81%A9"))]
    );
    assert_eq!(
        found("http://a/#\u{2068}\u{2069}"),
        [(10..16, some("%E2%81%A8%E2%81%A9"))]
    );
    // In an http host ToASCII refuses them too (UTS #46 disallows them); `check` runs the
    // authority's checks first. Beside a Latin letter, ALM breaks §4.2 rules 1 and 2 as any
    // right-to-left character does, and its Script_Extensions (Arabic, Syriac, Thaana) share
    // no script with Latin (§7.5).
    assert_eq!(
        codes("http://a\u{2068}b/"),
        ["invalid-idn", "bidi-isolate-character"]
    );
    let after_latin = [
        "bidi-isolate-character",
        "bidi-mixed-direction",
        "bidi-rtl-boundary",
        "mixed-script",
    ];
    assert_eq!(codes("http://a/x\u{61C}"), after_latin);
    // The message names the character and says why; the help is the §4.1 error's.
    for (input, start, help) in [
        (
            "http://a/x\u{2067}y",
            "U+2067 RIGHT-TO-LEFT ISOLATE: ",
            "it as `%E2%81%A7`",
        ),
        (
            "http://a/\u{61C}",
            "U+061C ARABIC LETTER MARK: ",
            "it as `%D8%9C`",
        ),
        (
            "http://a/#\u{2068}\u{2069}",
            "2 bidi isolates or ALM from U+2068 FIRST STRONG ISOLATE: ",
            "them as `%E2%81%A8%E2%81%A9`",
        ),
    ] {
        let d = &lint(input)[0];
        let why = d.message.contains("§4.1") && d.message.contains("Unicode 6.3");
        assert!(d.message.starts_with(start) && why, "{}", d.message);
        assert_eq!(d.help, Some(format!("percent-encode {help}")));
    }
    // Fixed, the input has none left, and the encoded form is not offered for decoding
    // (`pct-ucschar`), which would undo the fix.
    for input in [
        "http://a/x\u{2067}y",
        "http://a/?\u{2066}\u{2069}",
        "foo://a\u{61C}/#\u{2068}",
    ] {
        let fixed = Diagnostic::apply_fixes(input, &lint(input));
        assert!(IriRef::parse(fixed.as_str()).is_ok(), "{fixed}");
        assert_eq!(lint(&fixed), [], "{input} → {fixed}");
    }
}

/// The percent-encoded octets read as UTF-8 (Unicode §3.9, Table 3-7): an overlong form needs
/// its continuation octets, and the octets after a lead octet that none follows are read on
/// their own. Ill-formed octets: one pct-not-utf8 per run of adjacent ones, counting the
/// maximal subparts (each one U+FFFD for a decoder).
#[test]
fn percent_encoded_utf8() {
    let found = |input: &str| -> Vec<(&'static str, std::ops::Range<usize>)> {
        lint(input).into_iter().map(|d| (d.code, d.span)).collect()
    };
    // E0 needs A0-BF next; 41 is not a continuation octet: E0 is a maximal subpart alone, and
    // %41%41 is "AA", a run of encoded unreserved characters.
    assert_eq!(
        found("http://a/%E0%41%41"),
        [("pct-not-utf8", 9..12), ("pct-unreserved", 12..18)]
    );
    // C0 is never well-formed; with 41 after it, it is not an overlong form either.
    assert_eq!(
        found("http://a/%C0%41"),
        [("pct-not-utf8", 9..12), ("pct-unreserved", 12..15)]
    );
    // C0 AF is the overlong form of "/" (0x2F); E0 80 AF too.
    assert_eq!(found("http://a/%C0%AF"), [("pct-overlong-utf8", 9..15)]);
    assert!(lint("http://a/%E0%80%AF")[0].message.contains("\"/\""));
    // ED A0 80 is the surrogate U+D800: three maximal subparts (ED, A0, 80), one finding.
    let d = lint("http://a/%ED%A0%80");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].code, d[0].span.clone()), ("pct-not-utf8", 9..18));
    assert!(d[0].message.contains("U+D800"), "{}", d[0].message);
    // Two lone continuation octets: one finding, two U+FFFD. Two Latin-1 "é" apart: two.
    let d = lint("http://a/%80%80");
    assert_eq!((d.len(), d[0].span.clone()), (1, 9..15));
    assert!(d[0].message.contains("2 U+FFFD"), "{}", d[0].message);
    assert_eq!(
        found("http://a/r%E9sum%E9"),
        [("pct-not-utf8", 10..13), ("pct-not-utf8", 16..19)]
    );
    // F0 needs 90-BF next: F0, 80, 80 are three maximal subparts, one run.
    let d = lint("http://a/%F0%80%80");
    assert_eq!((d.len(), d[0].span.clone()), (1, 9..18));
    assert!(d[0].message.contains("3 U+FFFD"), "{}", d[0].message);
    // E2 82 is the start of U+20AC cut short: one maximal subpart.
    assert!(lint("http://a/%E2%82")[0].message.contains("1 U+FFFD"));
}

/// RFC 3987 §4.4 via tests/data/corpus/rfc-examples/rfc3987-examples.json (`logical_hebrew`, the
/// bidi notation with Hebrew letters for the uppercase ones): examples 1–7 are allowed and
/// clean, 8 and 9 are "not allowed" by §4.2 rule 2, 10 is "allowed but not recommended".
#[test]
fn section_4_4_examples() {
    let examples: serde_json::Value =
        serde_json::from_str(&common::corpus("rfc-examples/rfc3987-examples.json")).unwrap();
    let mut seen = 0;
    for example in examples
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "bidi_4.2")
    {
        let input = example["logical_hebrew"].as_str().unwrap();
        let expected: &[&str] = match example["example"].as_u64().unwrap() {
            // Allowed, and nothing else to report: every check, not only §4.2, is quiet.
            1..=7 => &[],
            // "זח1" and "2טי" do not end and start with a right-to-left character.
            8 => &["bidi-rtl-boundary", "bidi-rtl-boundary"],
            // The same with "1" and "2" percent-encoded: %31 and %32 are encoded unreserved
            // characters, which §5.3.2.3 decodes (the RFC's point: encoding does not help).
            9 => &[
                "pct-unreserved",
                "pct-unreserved",
                "bidi-rtl-boundary",
                "bidi-rtl-boundary",
            ],
            // "123" next to a right-to-left label: allowed but not recommended.
            10 => &["bidi-numeric-component"],
            n => panic!("example {n}"),
        };
        assert_eq!(codes(input), expected, "example {}: {input}", example["example"]);
        seen += 1;
    }
    assert_eq!(seen, 10);
}

/// Clean IRIs from the corpus (the JSON Schema suite's valid IRIs and the RFC 3986 examples)
/// have no finding beyond notes on their percent-encodings.
#[test]
fn clean_iris_are_clean() {
    for input in [
        "http://www.example.org/",
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "mailto:John.Doe@example.com",
        "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        "http://résumé.example.org/",
        "https://例え.テスト/パス?クエリ=値#フラグメント",
        "../../g;x?y#s",
    ] {
        assert_eq!(lint(input), [], "{input}");
    }
}

/// The Unicode versions that the module docs of `checks` and the `unassigned` entry of CODES
/// state: Unicode 18.0.0 for the character properties, 16.0.0 for the bidi classes. A crate
/// update that changes a version fails here, so that the docs are updated with it.
#[test]
fn unicode_versions_are_as_documented() {
    assert_eq!(unicode_properties::UNICODE_VERSION, (18, 0, 0));
    assert_eq!(unicode_normalization::UNICODE_VERSION, (18, 0, 0));
    assert_eq!(unicode_security::UNICODE_VERSION, (18, 0, 0));
    assert_eq!(unicode_bidi::UNICODE_VERSION, (16, 0, 0));
    let unassigned = CODES.iter().find(|(c, ..)| *c == "unassigned").unwrap();
    assert!(unassigned.3.contains("18.0.0"), "{}", unassigned.3);
    assert!(lint("http://a/\u{378}")[0].message.contains("Unicode 18.0.0"));
}

/// Review finding: each diagnostic held the whole fixed input, so `iri lint` on
/// "http://example.org/" + "%41" x 20000 took 20 s and 1.2 GB. Now a fix is the replacement of
/// its own span, adjacent findings of one code merge, and messages and help quote at most 64
/// characters: on 1 MB and 10 MB of a repeated finding, a fixed number of diagnostics, help of
/// bounded size, messages and fixes within 4 bytes per input byte (a look-alike's fix is 3
/// bytes per byte: %C2%A0 for U+00A0), and the fixed input as reasoned.
fn lint_is_linear(unit: &str, prefix: &str, expected_codes: &[&str], fixed_unit: &str, fixed_tail: &str) {
    for size in [1 << 20, 10 << 20] {
        let n = size / unit.len();
        let input = format!("{prefix}{}", unit.repeat(n));
        let found = lint(&input);
        let found_codes: Vec<&str> = found.iter().map(|d| d.code).collect();
        assert_eq!(found_codes, expected_codes, "{size} bytes of {unit:?}");
        let help: usize = found
            .iter()
            .filter_map(|d| d.help.as_ref())
            .map(String::len)
            .sum();
        assert!(help <= 512 * found.len(), "{help} bytes of help");
        let text: usize = found
            .iter()
            .map(|d| d.message.len() + d.fix.as_ref().map_or(0, String::len))
            .sum();
        assert!(
            text <= 4 * input.len(),
            "{text} bytes for {} of input",
            input.len()
        );
        let fixed = Diagnostic::apply_fixes(&input, &found);
        assert_eq!(
            fixed.len(),
            prefix.len() + fixed_tail.len() + n * fixed_unit.len()
        );
        assert!(fixed.starts_with(prefix) && fixed.ends_with(fixed_tail));
        assert!(fixed[prefix.len()..].starts_with(&fixed_unit.repeat(4)));
    }
}

/// §5.3.2.3: "%41" is "A".
#[test]
fn linear_on_encoded_unreserved() {
    lint_is_linear("%41", "http://example.org/", &["pct-unreserved"], "A", "");
}

/// §5.3.2.1: "%2f" is "%2F" ("/" is reserved and stays encoded).
#[test]
fn linear_on_lowercase_hex() {
    lint_is_linear("%2f", "http://example.org/", &["pct-lowercase-hex"], "%2F", "");
}

/// §5.3.2.4: "/./././." is "/" (RFC 3986 §5.2.4 rule B, then the final "/." rule).
#[test]
fn linear_on_dot_segments() {
    lint_is_linear("/.", "http://example.org", &["dot-segments"], "", "/");
}

/// §6.1: U+00A0 NO-BREAK SPACE is a look-alike of space (fix: %C2%A0) and a compatibility
/// character (§7.5: NFKC makes it a space, so not-nfkc has no fix).
#[test]
fn linear_on_lookalikes() {
    lint_is_linear(
        "\u{A0}",
        "http://example.org/",
        &["lookalike", "not-nfkc"],
        "%C2%A0",
        "",
    );
}

/// The UTF-8 reading of percent-encoded octets against the standard library's: for every
/// sequence of three octets from a set that covers each row of Unicode Table 3-7 and its
/// edges, the U+FFFD that `String::from_utf8_lossy` substitutes (it follows the Unicode §3.9
/// practice of one per maximal subpart) are the ones the diagnostics count: "reads N U+FFFD"
/// in each pct-not-utf8 message, and one per octet of an overlong form (its lead octet is never
/// well-formed, and neither are the continuation octets after it). Octets that decode to
/// unreserved characters are reported as such. No input panics, and every fixed input parses.
#[test]
fn percent_encoded_octets_agree_with_std() {
    const OCTETS: [u8; 19] = [
        0x00, 0x2F, 0x41, 0x7E, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0,
        0xF4, 0xF5,
    ];
    let mut seen = 0;
    for a in OCTETS {
        for b in OCTETS {
            for c in OCTETS {
                seen += 1;
                let octets = [a, b, c];
                let input = format!("http://h/%{a:02X}%{b:02X}%{c:02X}");
                let found = lint(&input);
                let lossy = String::from_utf8_lossy(&octets);
                let expected = lossy.matches('\u{FFFD}').count();
                let counted: usize = found
                    .iter()
                    .map(|d| match d.code {
                        "pct-overlong-utf8" => d.span.len() / 3,
                        "pct-not-utf8" => {
                            let n = d.message.split("reads ").nth(1).unwrap_or_default();
                            n.split(' ').next().unwrap_or_default().parse().unwrap_or(0)
                        }
                        _ => 0,
                    })
                    .sum();
                assert_eq!(counted, expected, "{input}: {found:?}");
                let unreserved = lossy
                    .chars()
                    .filter(|c| c.is_ascii_alphanumeric() || "-._~".contains(*c))
                    .count();
                let reported: usize = found
                    .iter()
                    .filter(|d| d.code == "pct-unreserved")
                    .map(|d| d.fix.as_ref().map_or(0, String::len))
                    .sum();
                assert_eq!(reported, unreserved, "{input}: {found:?}");
                let fixed = Diagnostic::apply_fixes(&input, &found);
                assert!(IriRef::parse(fixed.as_str()).is_ok(), "{fixed}");
            }
        }
    }
    assert_eq!(seen, OCTETS.len().pow(3));
}

/// Found by the `mapping` fuzz target: a host label whose Punycode form outgrew the stack
/// buffer of the no-allocation IDN check made the `idna` crate panic ("Punycode overflows
/// should not be possible"), because the buffer reported the overflow as a write error. The
/// label is too long for DNS (RFC 1034 §3.1: 63 octets), so the host is flagged, not a panic.
#[test]
fn fuzz_regression_long_label_punycode() {
    let input = [
        "http://1JJJJJJJJJJJQJJQQQQQQQ\u{FF38}QQQQQQQQQQQQQQQQQQQxn--6qqJJJJJJJJJJJJJJJJJ",
        "JJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJkJJJJJJJJJJJ88eJJJJJJJJJJJJ",
        "JJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJ\u{4B5}JJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJ",
        "1JJJJJJJJJJJQJJQQQQQQQ\u{FF38}QQQQQQQQQQQQQQQQQQQJJJa",
    ]
    .concat();
    assert!(IriRef::parse(input.as_str()).is_ok());
    let found = lint(&input);
    assert!(
        found
            .iter()
            .any(|d| d.code == "invalid-idn" || d.code == "dns-length"),
        "{found:?}"
    );
}
