//! The batch functions of `rfc3987::arrow` on the three Arrow string layouts (`Utf8`,
//! `LargeUtf8`, `Utf8View`). Expected values are the RFCs' own examples (RFC 3986 §5.4
//! resolution, §6.2 normalization; RFC 3987 §3.1 and §3.2 mappings) or follow from the reasoning
//! beside them; the large-array test checks the batch functions against the scalar ones.
#![cfg(feature = "arrow")]

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{Array, ArrayRef, Int32Array, ListArray, StructArray};
use arrow_array::{LargeStringArray, StringArray, StringViewArray};
use arrow_schema::DataType;
use rfc3987::arrow::{parsed_type, Base, Batch, BatchError, OnInvalid, RowError};
use rfc3987::{AbnfRule, Iri, IriRef, Level, NormalizeOptions, StartSymbol, SyntaxComponent};
use rfc3987::{ToIriOptions, ToUriOptions};

/// The base of RFC 3986 §5.4.
const BASE: &str = "http://a/b/c/d;p?q";

/// The same rows as `Utf8`, `LargeUtf8` and `Utf8View` (whose views hold strings of up to 12
/// bytes inline and point into a data buffer for longer ones: the tables have both).
fn layouts(rows: &[Option<&str>]) -> [ArrayRef; 3] {
    [
        Arc::new(StringArray::from(rows.to_vec())),
        Arc::new(LargeStringArray::from(rows.to_vec())),
        Arc::new(StringViewArray::from(rows.to_vec())),
    ]
}

/// The rows of a string array of any layout.
fn texts(array: &dyn Array) -> Vec<Option<String>> {
    let own = |s: Option<&str>| s.map(str::to_string);
    match array.data_type() {
        DataType::Utf8 => array.as_string::<i32>().iter().map(own).collect(),
        DataType::LargeUtf8 => array.as_string::<i64>().iter().map(own).collect(),
        DataType::Utf8View => array.as_string_view().iter().map(own).collect(),
        other => panic!("not strings: {other}"),
    }
}

/// Runs `f` on the inputs of `cases`, with a null row added, in each layout: the result has the
/// input's layout, the expected rows, and null for the null row.
fn check(cases: &[(&str, Option<&str>)], f: impl Fn(&dyn Array) -> Result<ArrayRef, BatchError>) {
    let mut inputs: Vec<Option<&str>> = cases.iter().map(|c| Some(c.0)).collect();
    inputs.insert(1, None);
    for array in layouts(&inputs) {
        let out = f(&array).unwrap();
        assert_eq!((out.len(), out.data_type()), (array.len(), array.data_type()));
        let mut got = texts(&out);
        assert_eq!(got.remove(1), None);
        for ((input, want), got) in cases.iter().zip(&got) {
            assert_eq!(got.as_deref(), *want, "{input:?} as {}", array.data_type());
        }
    }
}

/// Row `i` of a [`Batch::parse`] result: its non-null fields as `name=value`, the error
/// message left out; "null" for a null row.
fn describe(parsed: &StructArray, i: usize) -> String {
    if parsed.is_null(i) {
        return "null".to_string();
    }
    let mut fields = vec![];
    for (field, column) in parsed.fields().iter().zip(parsed.columns()) {
        let value = match column.as_primitive_opt::<Int64Type>() {
            Some(positions) => positions.is_valid(i).then(|| positions.value(i).to_string()),
            None => texts(column)[i].clone(),
        };
        if let (Some(value), false) = (value, field.name() == "error") {
            fields.push(format!("{}={value}", field.name()));
        }
    }
    fields.join(" ")
}

/// Each row's lint codes, space-separated; `None` for a null row.
#[cfg(feature = "lint")]
fn codes(list: &ListArray) -> Vec<Option<String>> {
    let row = |i| {
        let codes: Vec<String> = texts(&list.value(i)).into_iter().flatten().collect();
        codes.join(" ")
    };
    (0..list.len())
        .map(|i| list.is_valid(i).then(|| row(i)))
        .collect()
}

#[test]
fn is_valid_on_every_layout() {
    // "//g" is a relative reference (RFC 3986 §4.2), not an IRI: it has no scheme. A space is in
    // no rule of RFC 3987 §2.2. "é" is a ucschar: allowed in an IRI, not in a URI.
    #[rustfmt::skip]
    let rows = [Some("http://r\u{e9}sum\u{e9}.example.org/"), None, Some("http://a b"), Some("//g")];
    let (t, f) = (Some(true), Some(false));
    for array in layouts(&rows) {
        let batch = Batch::new();
        let valid = |s| batch.is_valid(&array, AbnfRule::start_symbol(s)).unwrap();
        assert_eq!(valid(StartSymbol::IriReference), vec![t, None, f, t].into());
        assert_eq!(valid(StartSymbol::Iri), vec![t, None, f, f].into());
        assert_eq!(valid(StartSymbol::UriReference), vec![f, None, f, t].into());
    }
}

#[rustfmt::skip]
const NORMALIZE: &[(&str, Option<&str>)] = &[
    ("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Some("example://a/b/c/%7Bfoo%7D")), // RFC 3986 §6.2.2
    ("HTTP://www.EXAMPLE.com/", Some("http://www.example.com/")),              // §6.2.2.1
    ("http://example.com:80/", Some("http://example.com/")),                   // §6.2.3
    ("http://example.com", Some("http://example.com/")),                       // §6.2.3
    ("http://a b", None),                                                      // invalid
];

#[rustfmt::skip]
const TO_URI: &[(&str, Option<&str>)] = &[
    // RFC 3987 §3.1: non-ASCII characters percent-encoded as UTF-8; "%09" and "#" kept as they are.
    ("http://r\u{e9}sum\u{e9}.example.org", Some("http://r%C3%A9sum%C3%A9.example.org")),
    ("http://www.example.org/red%09ros\u{e9}#red", Some("http://www.example.org/red%09ros%C3%A9#red")),
    ("http://a b", None), // invalid
];

#[cfg(feature = "idna")]
#[rustfmt::skip]
const IDNA: &[(&str, Option<&str>)] = &[
    // RFC 3987 §3.1, with ToASCII on the host of a DNS scheme.
    ("http://r\u{e9}sum\u{e9}.example.org", Some("http://xn--rsum-bpad.example.org")),
];

#[rustfmt::skip]
const TO_IRI: &[(&str, Option<&str>)] = &[
    // RFC 3987 §3.2.1: "%C3%BC" is UTF-8 and decoded; "%FC" is not UTF-8 and kept; U+202E is a
    // bidi formatting character (§4.1), re-encoded, in uppercase.
    ("http://www.example.org/D%C3%BCrst", Some("http://www.example.org/D\u{fc}rst")),
    ("http://www.example.org/D%FCrst", Some("http://www.example.org/D%FCrst")),
    ("http://xn--99zt52a.example.org/%e2%80%ae", Some("http://xn--99zt52a.example.org/%E2%80%AE")),
    // IRIs too: §3.2 works on the percent-encoded octets, the ASCII parts of any IRI. The "ü"
    // that is there stays, "%C3%BC" (UTF-8 for "ü") is decoded beside it; an IRI without
    // percent-encoding has nothing to decode and comes back unchanged.
    ("http://example.org/D\u{fc}rst/%C3%BC", Some("http://example.org/D\u{fc}rst/\u{fc}")),
    ("http://r\u{e9}sum\u{e9}.example.org", Some("http://r\u{e9}sum\u{e9}.example.org")),
    // Not an IRI reference (a space is allowed nowhere, §2.2): invalid, null.
    ("http://a b/", None),
];

#[rustfmt::skip]
const RESOLVE: &[(&str, Option<&str>)] = &[
    // RFC 3986 §5.4.1 and §5.4.2, against BASE; an invalid reference is null.
    ("g:h", Some("g:h")),
    ("./g", Some("http://a/b/c/g")),
    ("//g", Some("http://g")),
    ("?y", Some("http://a/b/c/d;p?y")),
    ("g;x?y#s", Some("http://a/b/c/g;x?y#s")),
    ("", Some("http://a/b/c/d;p?q")),
    ("../../../g", Some("http://a/g")),
    ("http:g", Some("http:g")), // strict; "http://a/b/c/g" for the backwards-compatible parser
    ("g h", None),
];

#[test]
fn string_functions_on_every_layout() {
    let batch = Batch::new();
    let options = NormalizeOptions::new(Level::Scheme); // includes the syntax-based steps
    check(NORMALIZE, |a| batch.normalize(a, &options));
    check(TO_URI, |a| batch.to_uri(a, &ToUriOptions::new()));
    #[cfg(feature = "idna")]
    check(IDNA, |a| batch.to_uri(a, &ToUriOptions::new().idna(true)));
    check(TO_IRI, |a| batch.to_iri(a, &ToIriOptions::new()));
    check(RESOLVE, |a| batch.resolve(Base::Scalar(BASE), a, true));
    let mut lax = RESOLVE.to_vec();
    lax[7].1 = Some("http://a/b/c/g");
    check(&lax, |a| batch.resolve(Base::Scalar(BASE), a, false));
}

#[rustfmt::skip]
const BASE_ARRAY: &[(Option<&str>, Option<&str>, Option<&str>)] = &[
    // (base, reference, target), row by row (RFC 3986 §5.4.1)
    (Some(BASE), Some("g"), Some("http://a/b/c/g")),
    (Some(BASE), Some("../g"), Some("http://a/b/g")),
    (Some("http://x/"), None, None), // a null reference
    (None, Some("g"), None),         // a null base
    (Some("//a/b"), Some("g"), None), // no scheme, so not a base (RFC 3986 §5.2.1): invalid
    (Some(BASE), Some("#s"), Some("http://a/b/c/d;p?q#s")),
];

#[test]
fn resolve_with_a_base_array() {
    let bases = layouts(&BASE_ARRAY.iter().map(|c| c.0).collect::<Vec<_>>());
    let references = layouts(&BASE_ARRAY.iter().map(|c| c.1).collect::<Vec<_>>());
    let expected: Vec<_> = BASE_ARRAY.iter().map(|c| c.2.map(str::to_string)).collect();
    for (k, array) in references.iter().enumerate() {
        // The bases in another layout than the references: the result is in the references'.
        let bases = Base::Array(bases[(k + 1) % 3].as_ref());
        let resolved = Batch::new().resolve(bases, array, true).unwrap();
        assert_eq!(resolved.data_type(), array.data_type());
        assert_eq!(texts(&resolved), expected);
        let batch = Batch::new().on_invalid(OnInvalid::Error);
        let Err(BatchError::Invalid { index, error }) = batch.resolve(bases, array, true) else {
            panic!("row 4 is invalid")
        };
        let not_a_base = RowError::Parse(Iri::parse("//a/b").unwrap_err());
        assert_eq!((index, error), (4, not_a_base));
    }
}

#[test]
#[cfg(feature = "lint")]
fn lint_codes_on_every_layout() {
    // One finding each: uppercase in the scheme (RFC 3987 §5.3.2.1), "%7E" encodes the unreserved
    // "~" (§5.3.2.3), a space is a syntax error (§2.2); a clean IRI and "" have none.
    #[rustfmt::skip]
    let rows = [Some("http://example.org/"), None, Some("HTTP://example.org/"),
                Some("http://example.org/%7E"), Some("http://a b"), Some("")];
    #[rustfmt::skip]
    let expected = [Some(""), None, Some("uppercase-scheme"), Some("pct-unreserved"), Some("syntax"), Some("")];
    for array in layouts(&rows) {
        let list = Batch::new().lint_codes(&array).unwrap();
        assert_eq!(list.value_type(), *array.data_type());
        assert_eq!(codes(&list), expected.map(|c| c.map(str::to_string)));
    }
}

#[rustfmt::skip]
const PARSE: &[(&str, &str)] = &[
    ("http://a", "scheme=http host=a host_kind=reg-name path="), // no query: null
    ("http://a?", "scheme=http host=a host_kind=reg-name path= query="), // an empty query
    ("file:///x", "scheme=file host= host_kind=reg-name path=/x"), // an empty host
    ("ftp://u@[2001:db8::7]:21/p?q#f",
     "scheme=ftp userinfo=u host=[2001:db8::7] host_kind=ipv6 port=21 path=/p query=q fragment=f"),
    ("http://192.0.2.16:/", "scheme=http host=192.0.2.16 host_kind=ipv4 port= path=/"), // empty port
    ("urn:oasis:names:docbook", "scheme=urn path=oasis:names:docbook"), // no authority
    ("../g", "path=../g"), // no scheme
    // The space is character 27 (0-based) but byte 29: each "é" takes two bytes in UTF-8.
    ("http://r\u{e9}sum\u{e9}.example.org/a b", "error_component=path error_rule=isegment error_position=27"),
];

#[test]
fn parse_gives_components_or_the_error() {
    let mut rows: Vec<_> = PARSE.iter().map(|c| Some(c.0)).collect();
    rows.push(None);
    let invalid = IriRef::parse(PARSE[7].0).unwrap_err();
    for array in layouts(&rows) {
        let parsed = Batch::new().parse(&array, StartSymbol::IriReference).unwrap();
        assert_eq!(parsed.data_type(), &parsed_type(array.data_type()));
        let names = parsed.fields().iter().map(|f| f.name().as_str());
        #[rustfmt::skip]
        let expected = ["scheme", "userinfo", "host", "host_kind", "port", "path", "query", "fragment",
                        "error", "error_component", "error_rule", "error_position"];
        assert!(names.eq(expected));
        for (i, (input, expected)) in PARSE.iter().enumerate() {
            assert_eq!(describe(&parsed, i), *expected, "{input:?}");
        }
        assert_eq!(describe(&parsed, PARSE.len()), "null");
        // The error's message is the scalar parser's; a valid row has none.
        let errors = texts(parsed.column_by_name("error").unwrap());
        assert!(!invalid.message().is_empty());
        assert_eq!(errors[7].as_deref(), Some(invalid.message()));
        assert!(errors[..7].iter().all(Option::is_none));
    }
    // An IRI begins with its scheme, whose first character is a letter (RFC 3986 §3.1): "../g"
    // fails at character 0, in the scheme, and has no components.
    let relative = layouts(&[Some("../g")]);
    let parsed = Batch::new().parse(&relative[2], StartSymbol::Iri).unwrap();
    let expected = "error_component=scheme error_rule=scheme error_position=0";
    assert_eq!(describe(&parsed, 0), expected);
}

#[test]
fn sliced_and_empty_arrays() {
    #[rustfmt::skip]
    let rows = [Some("a b"), Some("http://a/b/c/./g"), None, Some("HTTP://A/%7e"), Some("tail")];
    let (batch, rule) = (Batch::new(), AbnfRule::start_symbol(StartSymbol::IriReference));
    let some = |rows: [Option<&str>; 3]| rows.map(|s| s.map(str::to_string)).to_vec();
    for full in layouts(&rows) {
        let sliced = full.slice(1, 3);
        assert_eq!(sliced.nulls().unwrap().offset(), 1);
        if let DataType::Utf8 = sliced.data_type() {
            assert_eq!(sliced.as_string::<i32>().value_offsets()[0], 3); // after "a b"
        }
        let valid = batch.is_valid(&sliced, rule).unwrap();
        assert_eq!(valid, vec![Some(true), None, Some(true)].into());
        // RFC 3986 §6.2.2: the dot segment removed, the host lowercased, "%7e" decoded to "~".
        let normal = batch.normalize(&sliced, &NormalizeOptions::new(Level::Syntax));
        let expected = some([Some("http://a/b/c/g"), None, Some("http://a/~")]);
        assert_eq!(texts(&normal.unwrap()), expected);
        let parsed = batch.parse(&sliced, StartSymbol::IriReference).unwrap();
        let schemes = texts(parsed.column_by_name("scheme").unwrap());
        assert_eq!(schemes, some([Some("http"), None, Some("HTTP")]));
        #[cfg(feature = "lint")]
        {
            let codes = codes(&batch.lint_codes(&sliced).unwrap());
            assert_eq!((codes.len(), codes[1].is_none()), (3, true));
        }
        // Each row against itself as base: a reference with a scheme keeps it (RFC 3986 §5.2.2),
        // its dot segments removed.
        let resolved = batch.resolve(Base::Array(sliced.as_ref()), &sliced, true);
        let expected = some([Some("http://a/b/c/g"), None, Some("HTTP://A/%7e")]);
        assert_eq!(texts(&resolved.unwrap()), expected);

        let empty = full.slice(1, 0);
        assert_eq!(batch.is_valid(&empty, rule).unwrap().len(), 0);
        let parsed = batch.parse(&empty, StartSymbol::IriReference).unwrap();
        assert_eq!(parsed.len(), 0);
        assert_eq!(parsed.data_type(), &parsed_type(full.data_type()));
        #[cfg(feature = "lint")]
        assert_eq!(batch.lint_codes(&empty).unwrap().len(), 0);
        let strings = [
            batch.normalize(&empty, &NormalizeOptions::new(Level::Scheme)),
            batch.to_uri(&empty, &ToUriOptions::new()),
            batch.to_iri(&empty, &ToIriOptions::new()),
            batch.resolve(Base::Scalar(BASE), &empty, true),
            batch.resolve(Base::Array(empty.as_ref()), &empty, true),
        ];
        for out in strings.map(Result::unwrap) {
            assert_eq!((out.len(), out.data_type()), (0, full.data_type()));
        }
    }
}

/// `n` rows: the RFCs' examples above, valid and invalid, over and over; every 23rd row null.
fn large(n: usize) -> Vec<Option<&'static str>> {
    let tables = [NORMALIZE, TO_URI, TO_IRI, RESOLVE].concat();
    let mut mix: Vec<&str> = tables.iter().map(|c| c.0).collect();
    mix.extend(PARSE.iter().map(|c| c.0));
    mix.extend(["http://[::1", "http://a/%zz"]); // invalid: no "]"; "%" without two hex digits
    (0..n)
        .map(|i| (i % 23 != 22).then(|| mix[i % mix.len()]))
        .collect()
}

#[test]
fn parallel_equals_serial_and_the_scalar_functions() {
    // 50,000 rows: the parallel batch cuts them into ranges (a range is at least 4096 rows).
    let rows = large(50_000);
    let (base, normalize) = (Iri::parse(BASE).unwrap(), NormalizeOptions::new(Level::Scheme));
    let (uri, iri) = (ToUriOptions::new(), ToIriOptions::new());
    // The scalar functions on one row: normalize, to_uri, to_iri, resolve (twice: against a
    // scalar base and an array of it); None when invalid.
    let scalar = |s: &str| {
        let r = IriRef::parse(s).ok();
        [
            r.as_ref().map(|r| rfc3987::normalize(r, &normalize).to_string()),
            r.as_ref().map(|r| rfc3987::to_uri(r, &uri).unwrap().to_string()),
            r.as_ref().map(|r| rfc3987::to_iri(r, &iri).to_string()),
            r.as_ref().map(|r| rfc3987::resolve(&base, r).to_string()),
            r.as_ref().map(|r| rfc3987::resolve(&base, r).to_string()),
        ]
    };
    let rule = AbnfRule::start_symbol(StartSymbol::IriReference);
    let bases = layouts(&vec![Some(BASE); rows.len()]);
    for (array, bases) in layouts(&rows).into_iter().zip(&bases) {
        let [parallel, serial] = [Batch::new(), Batch::new().parallel(false)].map(|batch| {
            let strings = [
                batch.normalize(&array, &normalize).unwrap(),
                batch.to_uri(&array, &uri).unwrap(),
                batch.to_iri(&array, &iri).unwrap(),
                batch.resolve(Base::Scalar(BASE), &array, true).unwrap(),
                batch.resolve(Base::Array(bases.as_ref()), &array, true).unwrap(),
            ];
            let valid = batch.is_valid(&array, rule).unwrap();
            let parsed = batch.parse(&array, StartSymbol::IriReference).unwrap();
            // The lint codes with the feature `lint`.
            #[cfg(feature = "lint")]
            let lints = Some(batch.lint_codes(&array).unwrap());
            #[cfg(not(feature = "lint"))]
            let lints: Option<ListArray> = None;
            (strings, valid, parsed, lints)
        });
        assert!(parallel.0 == serial.0, "the string results differ");
        assert!(parallel.1 == serial.1 && parallel.2 == serial.2 && parallel.3 == serial.3);
        // A slice, cut into ranges of its own: the same rows as the slice of the whole.
        let sliced = Batch::new()
            .normalize(&array.slice(1, 40_000), &normalize)
            .unwrap();
        assert!(*sliced == *parallel.0[0].slice(1, 40_000));

        #[cfg_attr(not(feature = "lint"), allow(unused_variables))]
        let (strings, valid, parsed, lints) = parallel;
        let strings = strings.map(|a| texts(&a));
        let paths = texts(parsed.column_by_name("path").unwrap());
        let errors = texts(parsed.column_by_name("error").unwrap());
        #[cfg(feature = "lint")]
        let lints = codes(&lints.unwrap());
        for (i, row) in rows.iter().enumerate() {
            let want = row.map(scalar).unwrap_or_default();
            for (f, got) in strings.iter().enumerate() {
                assert_eq!(got[i], want[f], "row {i} ({row:?}), function {f}");
            }
            let one = row.map(IriRef::parse);
            let valid_row = valid.is_valid(i).then(|| valid.value(i));
            assert_eq!(valid_row, one.as_ref().map(Result::is_ok), "row {i}");
            let path = one.as_ref().and_then(|r| Some(r.as_ref().ok()?.path().as_str()));
            assert_eq!(paths[i].as_deref(), path, "row {i}");
            let error = one.as_ref().and_then(|r| r.as_ref().err()).map(|e| e.message());
            assert_eq!(errors[i].as_deref(), error, "row {i}");
            #[cfg(feature = "lint")]
            {
                let lint: Option<Vec<_>> = row.map(|s| rfc3987::lint(s).iter().map(|d| d.code).collect());
                assert_eq!(lints[i], lint.map(|codes| codes.join(" ")), "row {i}");
            }
        }
    }
}

#[test]
fn on_invalid_error_reports_the_first_invalid_row() {
    // Invalid rows in the middle and in the last range: the parallel batch works on the ranges at
    // once, and the error is the first in row order, whichever range finishes first.
    let mut rows = vec![Some("http://a/b/c/g"); 50_000];
    rows[49_000] = Some("http://[::1");
    rows[30_001] = Some("http://a b");
    // Every function reads IRI references (to_iri too, RFC 3987 §3.2 applies to IRIs): the
    // error is the IRI grammar's, at the space in the host.
    let parse_error = IriRef::parse("http://a b").unwrap_err();
    assert_eq!(
        (parse_error.component(), parse_error.byte_offset()),
        (Some(SyntaxComponent::Host), 8)
    );
    assert_eq!(parse_error.target(), "IRI-reference");
    let iri_error = RowError::Parse(parse_error);
    let normalize = NormalizeOptions::new(Level::Scheme);
    for array in layouts(&rows) {
        for batch in [Batch::new(), Batch::new().parallel(false)] {
            let batch = batch.on_invalid(OnInvalid::Error);
            let results = [
                (batch.normalize(&array, &normalize), &iri_error),
                (batch.to_uri(&array, &ToUriOptions::new()), &iri_error),
                (batch.to_iri(&array, &ToIriOptions::new()), &iri_error),
                (batch.resolve(Base::Scalar(BASE), &array, true), &iri_error),
            ];
            for (result, expected) in results {
                let Err(BatchError::Invalid { index, error }) = result else {
                    panic!("{result:?}")
                };
                assert_eq!((index, &error), (30_001, expected));
                let message = BatchError::Invalid { index, error }.to_string();
                assert!(message.contains("30001"), "{message}");
            }
        }
        // OnInvalid::Null (the default): the invalid rows are null, the others are not.
        let normal = Batch::new().normalize(&array, &normalize).unwrap();
        assert_eq!(normal.null_count(), 2);
        assert!(normal.is_null(30_001) && normal.is_null(49_000));
    }
}

#[test]
fn errors_name_what_is_wrong() {
    let ints: ArrayRef = Arc::new(Int32Array::from(vec![1, 2, 3]));
    let strings = &layouts(&[Some("g"), Some("h"), Some("i")])[0];
    let (batch, iri) = (Batch::new(), AbnfRule::start_symbol(StartSymbol::Iri));
    let syntax = NormalizeOptions::new(Level::Syntax);
    #[cfg_attr(not(feature = "lint"), allow(unused_mut))]
    let mut not_strings = vec![
        batch.is_valid(&ints, iri).err(),
        batch.parse(&ints, StartSymbol::Iri).err(),
        batch.normalize(&ints, &syntax).err(),
        batch.to_uri(&ints, &ToUriOptions::new()).err(),
        batch.to_iri(&ints, &ToIriOptions::new()).err(),
        batch.resolve(Base::Scalar(BASE), &ints, true).err(),
        batch.resolve(Base::Array(ints.as_ref()), strings, true).err(),
    ];
    #[cfg(feature = "lint")]
    not_strings.push(batch.lint_codes(&ints).err());
    for error in not_strings
        .into_iter()
        .map(|e| e.expect("an Int32 array is not strings"))
    {
        assert!(matches!(error, BatchError::NotStrings(DataType::Int32)));
        assert!(error.to_string().contains("Int32"), "{error}");
    }

    let two_bases = &layouts(&[Some(BASE), Some(BASE)])[1];
    let lengths = batch
        .resolve(Base::Array(two_bases.as_ref()), strings, true)
        .unwrap_err();
    let BatchError::Lengths { references, bases } = lengths else {
        panic!("{lengths:?}")
    };
    assert_eq!((references, bases), (3, 2));
    let message = lengths.to_string();
    assert!(message.contains('2') && message.contains('3'), "{message}");

    // RFC 3986 §5.2.1: a base has a scheme; "//a/b" has none.
    let base = batch.resolve(Base::Scalar("//a/b"), strings, true).unwrap_err();
    let BatchError::Base(ref e) = base else {
        panic!("{base:?}")
    };
    assert_eq!(e, &Iri::parse("//a/b").unwrap_err());
    assert!(base.to_string().contains("base"), "{base}");
}
