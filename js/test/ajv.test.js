// rfc3987/ajv with the real Ajv: the format cases of JSON-Schema-Test-Suite (vendored in
// tests/data/corpus/json-schema-test-suite/, see its SOURCES.md) for draft 2020-12 and draft 7,
// every case as the suite gives it, and a few cases by hand with the RFC's reason.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import addFormats, { formats } from "../ajv.js";

const NAMES = ["iri", "iri-reference", "uri", "uri-reference"];

// Ajv in strict mode (an unknown format or keyword is an error), but for strictTypes: the suite's
// schemas have "format" without "type", as JSON Schema allows (a format ignores other types).
const STRICT = { strict: true, strictTypes: false };

/** The suite's groups of one file: [{description, schema, tests: [{description, data, valid}]}]. */
function suite(path) {
  const url = new URL(`../../tests/data/corpus/json-schema-test-suite/${path}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8"));
}

/** Each case of `groups` that `ajv` (with our formats) decides otherwise than the suite says. */
function disagreements(ajv, groups) {
  const wrong = [];
  for (const group of groups) {
    const validate = ajv.compile(group.schema);
    for (const { description, data, valid } of group.tests) {
      const got = validate(data);
      if (got !== valid) {
        wrong.push(`  ${group.description} / ${description}: ${JSON.stringify(data)} is ${got ? "valid" : "invalid"}, the suite says ${valid ? "valid" : "invalid"}`);
      }
    }
  }
  return wrong;
}

for (const [draft, dir, makeAjv] of [
  ["draft 2020-12", "", () => new Ajv2020(STRICT)],
  ["draft 7", "draft7/", () => new Ajv(STRICT)],
]) {
  for (const name of NAMES) {
    test(`JSON-Schema-Test-Suite ${draft}, format "${name}": every case as the suite says`, () => {
      const groups = suite(`${dir}${name}.json`);
      const cases = groups.reduce((n, g) => n + g.tests.length, 0);
      assert.ok(cases > 0, `no cases in ${dir}${name}.json`);
      for (const group of groups) assert.equal(group.schema.format, name);
      const wrong = disagreements(addFormats(makeAjv()), groups);
      assert.equal(wrong.length, 0, `${wrong.length} of ${cases} cases of ${dir}${name}.json disagree with the suite:\n${wrong.join("\n")}`);
    });
  }
}

test("without these formats, Ajv in strict mode refuses a schema with format iri (why the package exists)", () => {
  // Ajv knows no format itself; in strict mode an unknown format is an error when compiling.
  for (const ajv of [new Ajv({ strict: true }), new Ajv2020({ strict: true })]) {
    assert.throws(() => ajv.compile({ type: "string", format: "iri" }), /unknown format "iri"/);
    addFormats(ajv);
    assert.equal(ajv.compile({ type: "string", format: "iri" })("http://例え.テスト/"), true);
  }
});

test("addFormats returns the same instance, with the four formats as string formats", () => {
  const ajv = new Ajv();
  assert.equal(addFormats(ajv), ajv);
  for (const name of NAMES) {
    assert.deepEqual(ajv.formats[name], { type: "string", validate: formats[name] });
  }
});

test("formats: the four names, each a function of a string, frozen", () => {
  assert.deepEqual(Object.keys(formats).sort(), [...NAMES].sort());
  assert.ok(Object.isFrozen(formats));
  for (const name of NAMES) assert.equal(typeof formats[name], "function");
});

test("added after ajv-formats, ours replace its uri and uri-reference", () => {
  const ajv = addFormats(ajvFormats(new Ajv()));
  assert.equal(ajv.formats.uri.validate, formats.uri);
  assert.equal(ajv.formats["uri-reference"].validate, formats["uri-reference"]);
});

/** [data, {iri, iri-reference, uri, uri-reference}, why]: what each format says, and the reason. */
const HAND = [
  ["http://example.org/a b", [false, false, false, false],
    "a space is in no rule of ipath (RFC 3987 §2.2) nor of path (RFC 3986 §3.3): it must be written %20"],
  ["http://example.org/a%20b", [true, true, true, true],
    "pct-encoded is allowed in every component of both RFCs"],
  ["http://例え.テスト/", [true, true, false, false],
    "ucschar is allowed in ireg-name (RFC 3987 §2.2); RFC 3986 allows only ASCII (§2), so as a URI the host must be punycode or percent-encoded"],
  ["http://xn--r8jz45g.xn--zckzah/", [true, true, true, true],
    "the same host in punycode is ASCII: a URI too"],
  ["http://a/\uD800", [false, false, false, false],
    "a lone surrogate is no Unicode character: no string with one is an IRI, nor a URI"],
  ["http://a/\uD83D\uDE00", [true, true, false, false],
    "a surrogate pair is one character, U+1F600, in ucschar's range %x10000-1FFFD (RFC 3987 §2.2)"],
  ["../a/b?q#f", [false, true, false, true],
    "a relative reference has no scheme: not an IRI/URI, but an irelative-ref/relative-ref (RFC 3987 §2.2, RFC 3986 §4.2)"],
  ["", [false, true, false, true],
    "the empty string is a relative reference with an empty path (ipath-empty, RFC 3986 §4.2), the same document"],
  ["http://example.org/#section", [true, true, true, true],
    "IRI and URI allow a fragment (RFC 3987 §2.2, RFC 3986 §3); absolute-IRI would not"],
  ["1http://example.org/", [false, false, false, false],
    "a scheme begins with a letter (RFC 3986 §3.1); as a relative reference the first segment may not contain ':' (ipath-noscheme, §4.2)"],
  ["http://[::1]:8080/", [true, true, true, true],
    "an IPv6 literal in brackets, then a port (RFC 3986 §3.2.2, §3.2.3)"],
  ["http://[::1/", [false, false, false, false],
    "an IP-literal must close its bracket (RFC 3986 §3.2.2)"],
  ["http://example.org/\uE000", [false, false, false, false],
    "private-use characters (iprivate) are allowed in iquery only (RFC 3987 §2.2)"],
  ["http://example.org/?\uE000", [true, true, false, false],
    "iquery allows iprivate (RFC 3987 §2.2); a URI allows no character beyond ASCII"],
  ["http://example.org/\u202Eabc", [false, false, false, false],
    "IRIs MUST NOT contain the bidi formatting characters U+200E, U+200F, U+202A–U+202E (RFC 3987 §4.1)"],
];

test("hand cases, with the RFC's reason for each, through Ajv and through formats", () => {
  const ajv = addFormats(new Ajv2020({ strict: true }));
  const validators = NAMES.map((name) => ajv.compile({ type: "string", format: name }));
  const wrong = [];
  for (const [data, expected, why] of HAND) {
    NAMES.forEach((name, i) => {
      for (const [how, got] of [["Ajv", validators[i](data)], ["formats", formats[name](data)]]) {
        if (got !== expected[i]) {
          wrong.push(`  ${name} ${JSON.stringify(data)} (${how}): ${got ? "valid" : "invalid"}, expected ${expected[i] ? "valid" : "invalid"}: ${why}`);
        }
      }
    });
  }
  assert.equal(wrong.length, 0, `hand cases decided otherwise:\n${wrong.join("\n")}`);
});

test("the formats apply to strings only: other data passes, as JSON Schema says", () => {
  const ajv = addFormats(new Ajv2020(STRICT));
  for (const name of NAMES) {
    const validate = ajv.compile({ format: name });
    for (const data of [12, 13.7, {}, [], false, null]) assert.equal(validate(data), true, `${name} ${JSON.stringify(data)}`);
    assert.equal(validate("http://a/ b"), false, name);
  }
});

test("a failing value gets Ajv's usual format error", () => {
  const ajv = addFormats(new Ajv2020({ allErrors: true }));
  const validate = ajv.compile({
    type: "object",
    properties: { id: { type: "string", format: "iri" }, link: { type: "string", format: "uri" } },
  });
  assert.equal(validate({ id: "http://例え.テスト/", link: "http://例え.テスト/" }), false);
  assert.equal(validate.errors.length, 1);
  assert.equal(validate.errors[0].instancePath, "/link");
  assert.equal(validate.errors[0].keyword, "format");
  assert.deepEqual(validate.errors[0].params, { format: "uri" });
});
