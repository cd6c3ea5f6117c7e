// What a page that shows an IRI needs from the package (the playground, issue 26): where each
// component is, the names of the rules, the tree of any rule, and the presentation of
// bidirectional IRIs (RFC 3987 §4.1, §4.4; the whole entry only).

import { test } from "node:test";
import assert from "node:assert/strict";
import * as full from "../index.js";
import * as core from "../core.js";
import { START_SYMBOLS, thrown } from "./helpers.js";

const ENTRIES = [
  ["rfc3987", full],
  ["rfc3987/core", core],
];

/** Bidi Notation (RFC 3987 §4.4): uppercase letters are right-to-left, here Hebrew ones (A → א). */
function hebrew(notation) {
  return notation.replace(/[A-Z]/g, (c) => String.fromCharCode(0x5d0 + c.charCodeAt(0) - 65));
}

for (const [name, api] of ENTRIES) {
  test(`${name}: span gives each component's place as UTF-16 indices`, () => {
    // RFC 3986 §3's example: "foo://" is 0..6, then example.com (11) at 6..17, ":" at 17,
    // 8042 at 18..22, /over/there (11) at 22..33, "?" at 33, name=ferret (11) at 34..45, "#"
    // at 45, nose at 46..50.
    const parsed = api.parse("foo://example.com:8042/over/there?name=ferret#nose");
    const spans = Object.fromEntries(
      ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"].map((c) => [
        c,
        parsed.span(c),
      ]),
    );
    assert.deepEqual(spans, {
      scheme: [0, 3],
      authority: [6, 22],
      userinfo: null,
      host: [6, 17],
      port: [18, 22],
      path: [22, 33],
      query: [34, 45],
      fragment: [46, 50],
    });
    // U+10000 is two UTF-16 code units: the path "/𐀀" is 8..11, the query "q" 12..13.
    const astral = api.parse("http://a/\u{10000}?q");
    assert.deepEqual([astral.span("path"), astral.span("query")], [[8, 11], [12, 13]]);
    // The span is not one of the components (its own properties stay the components).
    assert.equal(Object.keys(astral).includes("span"), false);
    assert.throws(() => astral.span("hostname"), RangeError);
  });

  test(`${name}: parseTree takes any ABNF rule`, () => {
    // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet (RFC 3986 §3.2.2).
    assert.equal(
      api.parseTree("192.0.2.1", "IPv4address"),
      'IPv4address 0..9 "192.0.2.1"\n  dec-octet 0..3 "192"\n  dec-octet 4..5 "0"\n' +
        '  dec-octet 6..7 "2"\n  dec-octet 8..9 "1"\n',
    );
    // RFC 3986's path-absolute = "/" [ segment-nz *( "/" segment ) ] is read as RFC 3987's
    // ipath-absolute (§2.2), whose nodes the tree shows; it stays ASCII only.
    assert.match(api.parseTree("/a", "path-absolute"), /^ipath-absolute 0\.\.2 "\/a"\n  isegment-nz 1\.\.2 "a"\n$/);
    const e = thrown(() => api.parseTree("/\u00e9", "path-absolute"));
    assert.ok(e instanceof api.IRIError);
    assert.equal(e.position, 1);
    // 300 is no dec-octet: the error is at the "0" that makes it too large (index 2).
    const tooLarge = thrown(() => api.parseTree("300.1.1.1", "IPv4address"));
    assert.ok(tooLarge instanceof api.IRIError);
    assert.equal(tooLarge.position, 2);
  });
}

// The tools of the whole entry, for showing and mending IRIs.
{
  const [name, api] = ["rfc3987", full];
  test(`${name}: ruleNames lists every rule once, the start symbols first`, () => {
    const names = api.ruleNames;
    assert.ok(Object.isFrozen(names));
    assert.deepEqual(names.slice(0, 8), START_SYMBOLS);
    assert.equal(new Set(names).size, names.length);
    // RFC 3987 §2.2 rules, RFC 3986 rules it reuses, RFC 3986 rules it replaced.
    for (const rule of ["ipchar", "ucschar", "IPv6address", "dec-octet", "pchar", "reg-name"]) {
      assert.ok(names.includes(rule), rule);
    }
    // Each is a name isValid takes (an unknown one is a RangeError).
    for (const rule of names) assert.equal(typeof api.isValid("", rule), "boolean");
  });

  test(`${name}: repair percent-encodes what is not allowed where it stands`, () => {
    // RFC 3987 §2.2: a space and "|" are no ipchar, "é" is (ucschar); §3.1 step 2 encodes a
    // character as its UTF-8 bytes: " " is %20, "|" is %7C.
    assert.equal(api.repair("http://example.org/my file|é"), "http://example.org/my%20file%7Cé");
    // A URI allows ASCII only (RFC 3986 §2): "é" (C3 A9) is encoded too.
    assert.equal(api.repair("http://a/é", "URI"), "http://a/%C3%A9");
    // Valid: nothing to repair. No scheme: encoding cannot give one.
    assert.equal(api.repair("http://a/"), null);
    assert.equal(api.repair("//a/b", "IRI"), null);
    // A lone surrogate is no character and has no UTF-8 form: it arrives as U+FFFD, whose
    // encoding would stand for another text, so there is no repair.
    assert.equal(api.repair("http://a/\ud800"), null);
    assert.throws(() => api.repair("a", "ihost"), RangeError);
  });

  test(`${name}: printable escapes what must not reach a reader raw`, () => {
    // ESC (a C0 control), U+202E RIGHT-TO-LEFT OVERRIDE (§4.1), U+200B ZERO WIDTH SPACE; "é"
    // and the space stay.
    assert.equal(api.printable("a\u001b[2Jb\u202ec\u200bd é"), "a\\u{1B}[2Jb\\u{202E}c\\u{200B}d é");
    assert.throws(() => api.printable(5), TypeError);
  });
}

test("rfc3987/core has no bidi presentation (it needs the Bidi_Class table), nor the tools", () => {
  // Left out of the validation entry to keep its module small (about 2 KB gzipped).
  for (const name of ["displayForm", "visualOrder", "ruleNames", "printable", "repair"]) {
    assert.equal(core[name], undefined, name);
  }
});

test("displayForm wraps a right-to-left IRI in a left-to-right embedding (RFC 3987 §4.1)", () => {
  const iri = hebrew("http://ab.CD.ij/");
  assert.equal(full.displayForm(iri), `\u202a${iri}\u202c`);
  // With isolate: LRI … PDI, which later versions of UAX #9 recommend.
  assert.equal(full.displayForm(iri, { isolate: true }), `\u2066${iri}\u2069`);
  // Nothing right-to-left: as it is.
  assert.equal(full.displayForm("http://ab/"), "http://ab/");
  assert.ok(thrown(() => full.displayForm("http://a b")) instanceof full.IRIError);
});

test("visualOrder gives the RFC 3987 §4.4 visual representations", () => {
  // §4.4 examples 1, 3 and 4, their Bidi Notation with Hebrew letters for the uppercase ones.
  const examples = [
    ["http://ab.CDEFGH.ij/kl/mn/op.html", "http://ab.HGFEDC.ij/kl/mn/op.html"],
    ["http://AB.CD.EF/GH/IJ/KL?MN=OP;QR=ST#UV", "http://VU#TS=RQ;PO=NM?LK/JI/HG/FE.DC.BA"],
    ["http://AB.CD.ef/gh/IJ/KL.html", "http://DC.BA.ef/gh/LK/JI.html"],
  ];
  for (const [logical, visual] of examples) {
    const got = full.visualOrder(hebrew(logical));
    assert.equal(got.text, hebrew(visual), logical);
    assert.ok(Object.isFrozen(got) && Object.isFrozen(got.order));
  }
  // Example 1: "http://ab." (0..9) stays, then C..H (10..15) are seen from H to C.
  const { order } = full.visualOrder(hebrew("http://ab.CDEFGH.ij/"));
  assert.deepEqual(order.slice(0, 16), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 14, 13, 12, 11, 10]);
  // Astral right-to-left characters (U+10800, U+10801: Cypriot, Bidi_Class R; ucschar):
  // indices are UTF-16, two units each, so they start at 9 and 11 and are seen 11 first.
  const astral = full.visualOrder("http://a/\u{10800}\u{10801}");
  assert.equal(astral.text, "http://a/\u{10801}\u{10800}");
  assert.deepEqual(astral.order.slice(9), [11, 9]);
  assert.ok(thrown(() => full.visualOrder("http://a b")) instanceof full.IRIError);
});
