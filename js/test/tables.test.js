// The repository's tables (tests/data/), whose expectations were derived by hand from RFC 3986
// and RFC 3987, through both entries of the package: "rfc3987" (index.js) and "rfc3987/core"
// (core.js), as tests/corpus.rs, tests/errors.rs, tests/ipv6.rs, tests/resolve.rs and
// python/tests/test_api.py read them. Each test collects every row that disagrees and
// reports them all.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as full from "../index.js";
import * as core from "../core.js";
import {
  BIDI_FORMATTING,
  failures,
  ipv6Table,
  isAscii,
  mistakes,
  resolutionExamples,
  rfc3987Examples,
  syntaxExamples,
  thrown,
  utf16Index,
} from "./helpers.js";

const ENTRIES = [
  ["rfc3987", full],
  ["rfc3987/core", core],
];

const SYNTAX = syntaxExamples();
const MISTAKES = mistakes();
const IPV6 = ipv6Table();
const RESOLUTION = resolutionExamples();
const RFC3987 = rfc3987Examples();

/** The start symbols of RFC 3986 (all ASCII) and their IRI counterparts of RFC 3987 §2.2. */
const URI_SYMBOLS = new Set(["URI", "URI-reference", "absolute-URI", "relative-ref"]);

function report(wrong, total) {
  assert.deepEqual(wrong, [], `${wrong.length} of ${total} rows disagree:\n  ${wrong.join("\n  ")}`);
}

test("the tables are read whole (so that no check below passes on an empty table)", () => {
  // The counts the Rust tests and tests/data/corpus/SOURCES.md give for the same files.
  assert.ok(SYNTAX.length > 100, `only ${SYNTAX.length} syntax examples`);
  assert.ok(MISTAKES.length >= 40, `only ${MISTAKES.length} mistakes`);
  assert.ok(IPV6.length >= 80, `only ${IPV6.length} IPv6 rows`);
  assert.equal(RESOLUTION.length, 42, "RFC 3986 §5.4 has 42 resolution examples (23 normal, 19 abnormal)");
  assert.equal(RFC3987.length, 36, "SOURCES.md: 36 examples of RFC 3987");
  // The escapes were decoded: the empty input (\u{}) and a bidi character (\u{202E}).
  assert.ok(SYNTAX.some((r) => r.input === "" && r.expected === "irelative-ref"));
  assert.ok(SYNTAX.some((r) => r.input.includes("\u202e") && r.expected === "invalid"));
  assert.ok(MISTAKES.some((r) => r.input === "" && r.symbol === "IRI"));
  assert.ok(MISTAKES.some((r) => r.input.startsWith("\t")));
  // ipv6.tsv holds a valid case of each of the nine forms of RFC 3986 §3.2.2.
  for (let form = 1; form <= 9; form++) {
    assert.ok(
      IPV6.some((r) => r.valid && r.note.includes(`form ${form}`)),
      `no valid case of form ${form}`,
    );
  }
});

for (const [name, api] of ENTRIES) {
  test(`${name}: rfc-syntax-examples.tsv verdicts, components and host kinds`, () => {
    // Columns: input, expectation (IRI / irelative-ref / invalid), host kind (or "-"). An
    // IRI-reference is an IRI or an irelative-ref (RFC 3987 §2.2), never both: an irelative-ref
    // has no scheme, an IRI has one. A URI symbol accepts exactly the all-ASCII inputs its IRI
    // counterpart accepts (RFC 3987 §2.2 adds ucschar and iprivate to RFC 3986's rules and
    // nothing else; mistakes.tsv states it for its URI rows).
    const wrong = failures(
      SYNTAX,
      (row) => {
        const { input, expected, hostKind } = row;
        const ascii = isAscii(input);
        const verdicts = {
          IRI: expected === "IRI",
          "irelative-ref": expected === "irelative-ref",
          "IRI-reference": expected !== "invalid",
          URI: expected === "IRI" && ascii,
          "relative-ref": expected === "irelative-ref" && ascii,
          "URI-reference": expected !== "invalid" && ascii,
        };
        for (const [rule, verdict] of Object.entries(verdicts)) {
          assert.equal(api.isValid(input, rule), verdict, `isValid as ${rule}`);
        }
        assert.equal(api.isValid(input), verdicts["IRI-reference"], "isValid with the default rule");
        if (expected === "invalid") {
          assert.ok(thrown(() => api.parse(input)) instanceof api.IRIError, "parse throws an IRIError");
          assert.ok(thrown(() => api.validate(input)) instanceof api.IRIError, "validate throws an IRIError");
          return;
        }
        assert.equal(api.validate(input, expected), undefined);
        for (const parsed of [api.parse(input, expected), api.parse(input)]) {
          assert.equal(String(parsed), input, "toString gives the input back");
          assert.equal(parsed.hostKind, hostKind, "hostKind");
          // A host kind exactly when there is an authority (RFC 3986 §3.2: the host is part of it).
          assert.equal(parsed.authority === null, hostKind === null, "authority present iff host kind");
          assert.equal(parsed.scheme === null, expected === "irelative-ref", "scheme present iff an IRI");
        }
      },
      (row) => `${JSON.stringify(row.input)} (line ${row.line}, ${row.source})`,
    );
    report(wrong, SYNTAX.length);
  });

  test(`${name}: rfc-syntax-examples.tsv through isValidMany, in one call`, () => {
    const inputs = SYNTAX.map((r) => r.input);
    for (const [rule, verdict] of [
      ["IRI-reference", (r) => r.expected !== "invalid"],
      ["IRI", (r) => r.expected === "IRI"],
      ["irelative-ref", (r) => r.expected === "irelative-ref"],
      ["URI", (r) => r.expected === "IRI" && isAscii(r.input)],
    ]) {
      const got = api.isValidMany(inputs, rule);
      assert.ok(got instanceof Uint8Array);
      const wrong = SYNTAX.filter((r, i) => got[i] !== (verdict(r) ? 1 : 0)).map(
        (r) => `${JSON.stringify(r.input)} (line ${r.line})`,
      );
      assert.equal(got.length, inputs.length);
      assert.deepEqual(wrong, [], `isValidMany as ${rule} disagrees on ${wrong.join(", ")}`);
    }
  });

  test(`${name}: mistakes.tsv, each IRIError at the table's offset (as a UTF-16 index) and component`, () => {
    // Columns: start symbol, input (invalid for it), the UTF-8 byte offset of the first
    // character no valid continuation allows (the length when it stops too early), the
    // component. The package reports positions as JavaScript string indices: the UTF-16 units
    // of the characters in the first `offset` bytes (helpers.js utf16Index, from the bytes).
    // The kind: "bidi-formatting-character" when the character at the offset is one of RFC
    // 3987 §4.1's seven (the table's bidi rows); "not-ascii" when a URI symbol stops at a
    // non-ASCII character (RFC 3986 §2: URIs are ASCII; the table: "a non-ASCII character fails
    // at its own offset unless the grammar fails first"); "syntax" otherwise.
    const wrong = failures(
      MISTAKES,
      (row) => {
        const { symbol, input, offset, component } = row;
        const position = utf16Index(input, offset);
        const at = String.fromCodePoint(input.codePointAt(position) ?? 0);
        const kind = BIDI_FORMATTING.has(at)
          ? "bidi-formatting-character"
          : URI_SYMBOLS.has(symbol) && position < input.length && !isAscii(at)
            ? "not-ascii"
            : "syntax";
        assert.equal(api.isValid(input, symbol), false, "isValid");
        for (const [how, call] of [
          ["validate", () => api.validate(input, symbol)],
          ["parse", () => api.parse(input, symbol)],
        ]) {
          const error = thrown(call);
          assert.ok(error instanceof api.IRIError, `${how} throws an IRIError, not ${error}`);
          assert.equal(error.position, position, `${how}: position`);
          assert.equal(error.component, component, `${how}: component`);
          assert.equal(error.kind, kind, `${how}: kind`);
          assert.equal(error.target, symbol, `${how}: target`);
          assert.equal(error.input, input, `${how}: input`);
        }
      },
      (row) => `${row.symbol} ${JSON.stringify(row.input)} (line ${row.line}: offset ${row.offset}, ${row.component})`,
    );
    report(wrong, MISTAKES.length);
  });

  test(`${name}: ipv6.tsv as IPv6address and inside an IP literal`, () => {
    // RFC 3986 §3.2.2: IP-literal = "[" ( IPv6address / IPvFuture ) "]", and the host keeps the
    // brackets (host = IP-literal / ...), so http://[addr]/ is an IRI exactly when addr is an
    // IPv6address, and then its host is "[addr]" of kind ipv6.
    const wrong = failures(
      IPV6,
      ({ address, valid }) => {
        assert.equal(api.isValid(address, "IPv6address"), valid, "IPv6address");
        const iri = `http://[${address}]/`;
        assert.equal(api.isValid(iri, "IRI"), valid, iri);
        assert.equal(api.isValid(iri, "URI"), valid, `${iri} as a URI (all ASCII)`);
        if (valid) {
          const parsed = api.parse(iri, "IRI");
          assert.equal(parsed.host, `[${address}]`);
          assert.equal(parsed.hostKind, "ipv6");
          assert.equal(parsed.port, null);
          assert.equal(parsed.path, "/");
        } else {
          const error = thrown(() => api.validate(address, "IPv6address"));
          assert.ok(error instanceof api.IRIError, `validate throws an IRIError, not ${error}`);
          assert.equal(error.target, "IPv6address");
        }
      },
      (row) => `${JSON.stringify(row.address)} (line ${row.line}, ${row.note})`,
    );
    report(wrong, IPV6.length);
    const many = api.isValidMany(
      IPV6.map((r) => r.address),
      "IPv6address",
    );
    assert.deepEqual([...many], IPV6.map((r) => (r.valid ? 1 : 0)));
  });

  test(`${name}: RFC 3986 §5.4 resolution examples, strict and non-strict`, () => {
    // §5.2.2: a non-strict resolver ignores a reference's scheme only when it equals the
    // base's; of the references here only "http:g" has the base's scheme (§5.4.2 says
    // non-strict gives "http://a/b/c/g"); "g:h" has another scheme, so for every other row both
    // give the RFC's target.
    const wrong = failures(
      RESOLUTION,
      ({ base, reference, expected }) => {
        assert.equal(api.resolve(base, reference), expected, "strict (the default)");
        assert.equal(api.resolve(base, reference, { strict: true }), expected, "strict: true");
        const nonStrict = reference === "http:g" ? "http://a/b/c/g" : expected;
        assert.equal(api.resolve(base, reference, { strict: false }), nonStrict, "strict: false");
        // Every target of §5.4 is an IRI (it has a scheme, §5.2.2).
        assert.equal(api.isValid(expected, "IRI"), true, "the target is an IRI");
      },
      (row) => `${JSON.stringify(row.reference)} (§${row.section})`,
    );
    report(wrong, RESOLUTION.length);
  });

  test(`${name}: relativize is the inverse of resolve on the §5.4 targets`, () => {
    // Each target was produced by resolving a reference against the base, so some reference
    // resolves to it: relativize must find one (not null), and it must resolve back exactly.
    const wrong = failures(
      RESOLUTION,
      ({ base, expected }) => {
        const back = api.relativize(base, expected);
        assert.equal(typeof back, "string", `relativize gave ${back}`);
        assert.equal(api.isValid(back, "IRI-reference"), true, `${back} is an IRI reference`);
        assert.equal(api.resolve(base, back), expected, `resolve(base, ${JSON.stringify(back)})`);
        // The target itself always resolves to the target (§5.2.2, strict: it has a scheme, so
        // it is taken as it is, its dot segments removed, and the targets have none), so the
        // shortest reference is never longer than the target.
        assert.ok(back.length <= expected.length, `${back} is longer than the target`);
      },
      (row) => `${JSON.stringify(row.expected)} (from ${JSON.stringify(row.reference)})`,
    );
    report(wrong, RESOLUTION.length);
  });

  test(`${name}: the examples of RFC 3987 (§3.1, §3.2, §4.1, §4.4, §5.3)`, () => {
    const kinds = new Map();
    const wrong = failures(
      RFC3987,
      (example) => {
        kinds.set(example.kind, (kinds.get(example.kind) ?? 0) + 1);
        checkRfc3987Example(name, api, example);
      },
      (e) => `§${e.section} ${e.kind} ${JSON.stringify(e.input ?? e.a ?? e.logical_bidi_notation)}`,
    );
    report(wrong, RFC3987.length);
    // Every example was looked at: the kinds and their counts in the file.
    assert.deepEqual(Object.fromEntries(kinds), {
      iri_to_uri: 4,
      uri_to_iri: 4,
      validity: 7,
      "bidi_4.2": 10,
      equivalent_syntax_based: 4,
      nfc: 2,
      equivalent_scheme_based: 5,
    });
  });
}

/** One example of rfc3987-examples.json, through `api` (the entry named `name`). */
function checkRfc3987Example(name, api, example) {
  const isFull = api === full;
  switch (example.kind) {
    case "iri_to_uri": {
      // §3.1: every character outside the URI repertoire percent-encoded as UTF-8, existing
      // percent-encodings kept.
      assert.equal(api.toUri(example.input), example.expected, "toUri");
      assert.equal(api.isValid(example.expected, "URI"), true, "the result is a URI");
      // §3.1 with ToASCII: only an ireg-name is converted (the note of the validator example:
      // an IDN in the query is not); the other examples have ASCII hosts, which ToASCII leaves.
      const withIdna = example.expected_with_idna_toascii ?? example.expected;
      if (isFull) {
        assert.equal(api.toUri(example.input, { idna: true }), withIdna, "toUri with idna");
      } else {
        assert.throws(() => api.toUri(example.input, { idna: true }), TypeError, "core: idna needs the full entry");
      }
      return;
    }
    case "uri_to_iri": {
      // §3.2: octets that are UTF-8 of allowed characters decoded, the rest kept encoded
      // (uppercase hex, §3.2.1's example); never a guessed legacy encoding.
      assert.equal(api.toIri(example.input), example.expected, "toIri");
      // ToUnicode changes only an xn-- label (§3.2.1's example); the other examples have none.
      const withToUnicode = example.expected_alt_with_toUnicode ?? example.expected;
      if (isFull) {
        assert.equal(api.toIri(example.input, { idnUnicode: true }), withToUnicode, "toIri with idnUnicode");
      } else {
        assert.throws(() => api.toIri(example.input, { idnUnicode: true }), TypeError, "core: idnUnicode");
      }
      return;
    }
    case "validity":
      // §4.1: a bidi formatting character, though inside ucschar, makes the text no IRI.
      assert.equal(api.isValid(example.input, "IRI"), example.valid, "isValid as IRI");
      assert.equal(api.isValid(example.input), example.valid, "isValid as IRI-reference");
      if (!example.valid) {
        const error = thrown(() => api.parse(example.input));
        assert.equal(error.kind, "bidi-formatting-character");
        // "http://example.org/a" is 20 units; the bidi character follows.
        assert.equal(error.position, 20);
      }
      return;
    case "equivalent_syntax_based":
    case "equivalent_scheme_based": {
      const level = example.kind === "equivalent_syntax_based" ? "syntax" : "scheme";
      // §5.3.3: "may be considered equivalent" (IDN and its punycode form): only with IDN
      // normalization, which is off by default (the contract: idn = false); without it the
      // hosts differ character by character.
      const idn = (example.note ?? "").includes("IDN");
      for (const [a, b] of [
        [example.a, example.b],
        [example.b, example.a],
      ]) {
        if (idn) {
          assert.equal(api.equivalent(a, b, { level }), false, "without idn");
          if (isFull) {
            assert.equal(api.equivalent(a, b, { level, idn: true }), example.equivalent, "with idn");
          } else {
            assert.throws(() => api.equivalent(a, b, { level, idn: true }), TypeError, "core: idn");
          }
        } else {
          assert.equal(api.equivalent(a, b, { level }), example.equivalent, `equivalent at ${level}`);
        }
        // §5.3.1: simple string comparison holds them equal only when they are the same text.
        assert.equal(api.equivalent(a, b, { level: "simple" }), a === b, "simple");
      }
      if (example.normal_form !== undefined) {
        assert.equal(api.normalize(example.a), example.normal_form, "normalize(a)");
        assert.equal(api.normalize(example.b), example.normal_form, "normalize(b)");
      }
      return;
    }
    case "nfc": {
      // §5.3.2.2: NFC changes exactly the inputs not in NFC; comparison MUST NOT apply it
      // unasked, so the default normalization leaves the characters as they are (the rest of
      // these IRIs is already normal: lowercase scheme and host, a path, no port).
      assert.equal(api.normalize(example.input), example.input, "normalize without nfc");
      if (isFull) {
        const normal = api.normalize(example.input, { nfc: true });
        assert.equal(normal === example.input, example.is_nfc, "normalize with nfc");
        assert.equal(normal, example.input.normalize("NFC"), "the NFC form");
        const codes = api.lint(example.input).map((d) => d.code);
        assert.equal(codes.includes("not-nfc"), !example.is_nfc, `lint: ${codes}`);
      } else {
        assert.throws(() => api.normalize(example.input, { nfc: true }), TypeError, "core: nfc");
      }
      return;
    }
    case "bidi_4.2": {
      // §4.2 is a SHOULD: all three forms are valid IRIs.
      for (const text of [example.logical_bidi_notation, example.visual_bidi_notation, example.logical_hebrew]) {
        assert.equal(api.isValid(text, "IRI"), true, `valid: ${text}`);
      }
      if (!isFull) return; // lint is the full entry's only
      // §4.4: examples 8 and 9 break §4.2 rule 2 in two components each ("GH1" ends and "2IJ"
      // starts with a digit; "GH%31" and "%32IJ" likewise); 1 to 7 are allowed; 10, "allowed
      // but not recommended", has a numeric label next to a right-to-left one.
      const codes = api
        .lint(example.logical_hebrew)
        .map((d) => d.code)
        .filter((c) => c.startsWith("bidi-"));
      const expected =
        example.rfc_status === "allowed"
          ? []
          : example.rfc_status === "not allowed"
            ? ["bidi-rtl-boundary", "bidi-rtl-boundary"]
            : ["bidi-numeric-component"];
      assert.deepEqual(codes, expected, `example ${example.example} (${example.rfc_status})`);
      return;
    }
    default:
      assert.fail(`an example of an unknown kind: ${example.kind}`);
  }
}
