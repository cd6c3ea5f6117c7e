// The contract of the npm package (issue 25) in detail: parse results (frozen, toString,
// toJSON, absent versus empty components, host kinds, port text), the rules by name, argument
// types, IRIError's fields, positions as UTF-16 indices, lone surrogates, isValidMany. The
// passes (normalize, resolve, mappings, lint, parseTree) are in passes.test.js, memory in
// memory.test.js. Every expectation is reasoned from RFC 3986 / RFC 3987 beside it.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as full from "../index.js";
import * as core from "../core.js";
import { START_SYMBOLS, failures, thrown } from "./helpers.js";

const ENTRIES = [
  ["rfc3987", full],
  ["rfc3987/core", core],
];

const FIELDS = ["scheme", "authority", "userinfo", "host", "hostKind", "port", "path", "query", "fragment"];

/** The contract's fields of a parse result, as a plain object. */
function fields(parsed) {
  return Object.fromEntries(FIELDS.map((f) => [f, parsed[f]]));
}

/** All fields absent but the path, with `given` on top. */
function expect(given) {
  return {
    scheme: null,
    authority: null,
    userinfo: null,
    host: null,
    hostKind: null,
    port: null,
    path: "",
    query: null,
    fragment: null,
    ...given,
  };
}

test("both entries export the contract's functions; lint only the full one; one IRIError class", () => {
  const common = [
    "isValid",
    "isValidMany",
    "validate",
    "parse",
    "parseTree",
    "normalize",
    "equivalent",
    "resolve",
    "relativize",
    "toUri",
    "toIri",
  ];
  for (const name of common) {
    assert.equal(typeof full[name], "function", `rfc3987 ${name}`);
    assert.equal(typeof core[name], "function", `rfc3987/core ${name}`);
  }
  assert.equal(typeof full.lint, "function");
  assert.equal(core.lint, undefined, "the validation entry has no lint");
  assert.equal(full.IRIError, core.IRIError, "the same class, so instanceof holds for either entry");
  assert.ok(thrown(() => core.parse("a b")) instanceof full.IRIError);
  assert.ok(thrown(() => full.parse("a b")) instanceof core.IRIError);
});

for (const [name, api] of ENTRIES) {
  test(`${name}: parse gives every component of RFC 3987 §2.2`, () => {
    // IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ], ihier-part = "//"
    // iauthority ipath-abempty, iauthority = [ iuserinfo "@" ] ihost [ ":" port ]: each part
    // runs to the delimiter that opens the next. 例え.テスト is ucschar, so an ireg-name.
    const parsed = api.parse("http://user@例え.テスト:8080/a/b?q#f");
    assert.deepEqual(fields(parsed), {
      scheme: "http",
      authority: "user@例え.テスト:8080",
      userinfo: "user",
      host: "例え.テスト",
      hostKind: "reg-name",
      port: "8080",
      path: "/a/b",
      query: "q",
      fragment: "f",
    });
    // RFC 3986 §3 (page 16): the example and its parts.
    assert.deepEqual(
      fields(api.parse("foo://example.com:8042/over/there?name=ferret#nose")),
      expect({
        scheme: "foo",
        authority: "example.com:8042",
        host: "example.com",
        hostKind: "reg-name",
        port: "8042",
        path: "/over/there",
        query: "name=ferret",
        fragment: "nose",
      }),
    );
    assert.deepEqual(
      fields(api.parse("urn:example:animal:ferret:nose")),
      expect({ scheme: "urn", path: "example:animal:ferret:nose" }),
    );
    // RFC 3986 §1.1.2: "?" inside a query is data; the IP literal keeps its brackets in the
    // host (host = IP-literal / ..., IP-literal = "[" ... "]").
    assert.deepEqual(
      fields(api.parse("ldap://[2001:db8::7]/c=GB?objectClass?one")),
      expect({
        scheme: "ldap",
        authority: "[2001:db8::7]",
        host: "[2001:db8::7]",
        hostKind: "ipv6",
        path: "/c=GB",
        query: "objectClass?one",
      }),
    );
  });

  test(`${name}: an empty component is "", an absent one null (RFC 3986 §3, §5.3)`, () => {
    // RFC 3986 §5.3 recomposes with `if defined(query)`: "http://a?" has a query, empty;
    // "http://a" has none. Likewise the fragment after "#", the userinfo before "@" and the port
    // after ":" (§3.2.1, §3.2.3: port = *DIGIT may be empty). The path is always there (§3.3:
    // "A path is always defined for a URI, though the defined path may be empty").
    const host = { authority: "a", host: "a", hostKind: "reg-name", scheme: "http" };
    const cases = [
      ["http://a", expect(host)],
      ["http://a?", expect({ ...host, query: "" })],
      ["http://a#", expect({ ...host, fragment: "" })],
      ["http://a?#", expect({ ...host, query: "", fragment: "" })],
      ["http://a/?", expect({ ...host, path: "/", query: "" })],
      [
        "http://@a:/",
        expect({ scheme: "http", authority: "@a:", userinfo: "", host: "a", hostKind: "reg-name", port: "", path: "/" }),
      ],
      // reg-name = *( ... ): the host may be empty (file:///etc/hosts, RFC 3986 §1.1).
      ["file:///etc/hosts", expect({ scheme: "file", authority: "", host: "", hostKind: "reg-name", path: "/etc/hosts" })],
      ["//", expect({ authority: "", host: "", hostKind: "reg-name" })],
      // No "//": no authority, so no host, userinfo or port at all.
      ["mailto:John.Doe@example.com", expect({ scheme: "mailto", path: "John.Doe@example.com" })],
      ["http:", expect({ scheme: "http" })],
      ["", expect({})],
      ["?", expect({ query: "" })],
      ["#", expect({ fragment: "" })],
      ["g?y#s", expect({ path: "g", query: "y", fragment: "s" })],
    ];
    for (const [input, expected] of cases) {
      assert.deepEqual(fields(api.parse(input)), expected, JSON.stringify(input));
    }
  });

  test(`${name}: hostKind for IPv4, IPv6, IPvFuture and reg-name; the port's text`, () => {
    // RFC 3986 §3.2.2: host = IP-literal / IPv4address / reg-name, "If host matches the rule for
    // IPv4address, then it should be considered an IPv4 address literal and not a reg-name";
    // dec-octet is 0-255 without leading zeros, so 1.2.3.256, 01.2.3.4 and 1.2.3.4.5 are
    // reg-names. IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ), its "v"
    // case-insensitive (ABNF strings are, RFC 5234 §2.3).
    const cases = [
      ["telnet://192.0.2.16:80/", "192.0.2.16", "ipv4", "80"],
      ["http://0.0.0.0", "0.0.0.0", "ipv4", null],
      ["http://255.255.255.255:8080", "255.255.255.255", "ipv4", "8080"],
      ["http://1.2.3.256/", "1.2.3.256", "reg-name", null],
      ["http://01.2.3.4/", "01.2.3.4", "reg-name", null],
      ["http://1.2.3.4.5/", "1.2.3.4.5", "reg-name", null],
      ["http://[2001:db8::7]:443/", "[2001:db8::7]", "ipv6", "443"],
      ["http://[::ffff:192.0.2.1]/", "[::ffff:192.0.2.1]", "ipv6", null],
      ["http://[v7.abc:def]/", "[v7.abc:def]", "ipvfuture", null],
      ["http://[V1.x]/", "[V1.x]", "ipvfuture", null],
      ["http://example.com/", "example.com", "reg-name", null],
      ["http://%65x.com/", "%65x.com", "reg-name", null],
      ["http://résumé.example.org", "résumé.example.org", "reg-name", null],
      // port = *DIGIT: its text as written, empty, zero or beyond 65535 (RFC 3986 §3.2.3
      // leaves the range to the scheme).
      ["http://a:/", "a", "reg-name", ""],
      ["http://a:0/", "a", "reg-name", "0"],
      ["http://a:99999/", "a", "reg-name", "99999"],
      ["http://a:0080/", "a", "reg-name", "0080"],
      ["http://[::1]:/", "[::1]", "ipv6", ""],
    ];
    for (const [input, host, hostKind, port] of cases) {
      const parsed = api.parse(input);
      assert.deepEqual([parsed.host, parsed.hostKind, parsed.port], [host, hostKind, port], input);
    }
  });

  test(`${name}: a parse result is frozen; toString gives the input, toJSON the fields`, () => {
    const input = "http://u@例え.jp:8/p?q#f";
    const parsed = api.parse(input);
    assert.ok(Object.isFrozen(parsed));
    // ES modules are strict code: writing to a frozen object throws.
    assert.throws(() => {
      parsed.scheme = "https";
    }, TypeError);
    assert.throws(() => {
      parsed.extra = 1;
    }, TypeError);
    assert.throws(() => {
      delete parsed.host;
    }, TypeError);
    assert.equal(parsed.scheme, "http");
    assert.equal(parsed.toString(), input);
    assert.equal(String(parsed), input);
    assert.equal(`${parsed}`, input);
    assert.equal(String(api.parse("")), "");
    // The input exactly, also where normalization would change it.
    assert.equal(String(api.parse("HTTP://A/./%7e")), "HTTP://A/./%7e");
    // toJSON: a plain object of the same fields (values, not methods).
    const json = parsed.toJSON();
    assert.equal(Object.getPrototypeOf(json), Object.prototype);
    assert.deepEqual(Object.keys(json), Object.keys(parsed));
    for (const field of FIELDS) {
      assert.ok(Object.hasOwn(parsed, field), `${field} is an own property`);
      assert.equal(json[field], parsed[field], field);
    }
    assert.equal(typeof json.toString, "function"); // Object.prototype's, not the input
    assert.notEqual(json.toString(), input);
    assert.deepEqual(JSON.parse(JSON.stringify(parsed)), json);
    assert.deepEqual(JSON.parse(JSON.stringify({ iri: api.parse("//a?") })).iri.query, "");
    // Own enumerable properties are the components only: spreading gives no methods.
    assert.equal(typeof { ...parsed }.toJSON, "undefined");
  });

  test(`${name}: parse takes the eight start symbols, and only those`, () => {
    // "a:b": scheme "a" and path-rootless "b"; an absolute-IRI (no fragment), ASCII, so also
    // the URI symbols; not a relative reference (its first segment would hold ":", §4.2).
    const cases = [
      ["IRI-reference", true],
      ["IRI", true],
      ["absolute-IRI", true],
      ["irelative-ref", false],
      ["URI-reference", true],
      ["URI", true],
      ["absolute-URI", true],
      ["relative-ref", false],
    ];
    for (const [rule, ok] of cases) {
      if (ok) {
        assert.deepEqual(fields(api.parse("a:b", rule)), expect({ scheme: "a", path: "b" }), rule);
      } else {
        assert.ok(thrown(() => api.parse("a:b", rule)) instanceof api.IRIError, rule);
      }
    }
    // Any other rule is not a start symbol: RangeError (isValid takes it).
    assert.equal(api.isValid("example.org", "ireg-name"), true);
    assert.throws(() => api.parse("example.org", "ireg-name"), RangeError);
    assert.throws(() => api.parse("a", "isegment"), RangeError);
    assert.throws(() => api.parse("a", "no-such-rule"), RangeError);
    // mistakes.tsv: an IRI needs a scheme; "/" is not ALPHA, at 0, the scheme.
    const error = thrown(() => api.parse("//a/b", "IRI"));
    assert.ok(error instanceof api.IRIError);
    assert.deepEqual([error.position, error.component, error.target], [0, "scheme", "IRI"]);
  });

  test(`${name}: isValid by start symbol`, () => {
    // [IRI-reference, IRI, absolute-IRI, irelative-ref, URI-reference, URI, absolute-URI,
    // relative-ref] for each input, from RFC 3987 §2.2 and RFC 3986 §3, §4.1-§4.3.
    const SYMBOLS = START_SYMBOLS;
    const cases = [
      // A fragment: not absolute (absolute-IRI = scheme ":" ihier-part [ "?" iquery ]).
      ["http://a/b?c#d", [1, 1, 0, 0, 1, 1, 0, 0]],
      ["http://a/b?c", [1, 1, 1, 0, 1, 1, 1, 0]],
      // No scheme: a network-path reference.
      ["//a/b", [1, 0, 0, 1, 1, 0, 0, 1]],
      // "é" is ucschar: IRI symbols only (RFC 3986 §2: URIs are ASCII).
      ["http://é/", [1, 1, 1, 0, 0, 0, 0, 0]],
      ["é", [1, 0, 0, 1, 0, 0, 0, 0]],
      // The empty string is a relative reference with an empty path (§4.2 relative-part
      // includes path-empty), never an IRI (it needs scheme ":").
      ["", [1, 0, 0, 1, 1, 0, 0, 1]],
      // iprivate is allowed in iquery only.
      ["http://a/?\ue000", [1, 1, 1, 0, 0, 0, 0, 0]],
      ["http://a/\ue000", [0, 0, 0, 0, 0, 0, 0, 0]],
      // A space is in no rule.
      ["http://a/ ", [0, 0, 0, 0, 0, 0, 0, 0]],
      // §4.1: a bidi formatting character makes the text no IRI (and it is no URI: not ASCII).
      ["http://a/\u202e", [0, 0, 0, 0, 0, 0, 0, 0]],
    ];
    // An undefined rule is the default (a default parameter), IRI-reference.
    assert.equal(api.isValid("//a", undefined), true);
    assert.deepEqual([...api.isValidMany(["//a", "a b"], undefined)], [1, 0]);
    assert.equal(api.parse("//a", undefined).host, "a");
    for (const [input, verdicts] of cases) {
      const got = SYMBOLS.map((rule) => (api.isValid(input, rule) ? 1 : 0));
      assert.deepEqual(got, verdicts, JSON.stringify(input));
      assert.equal(api.isValid(input), verdicts[0] === 1, "the default rule is IRI-reference");
    }
  });

  test(`${name}: isValid by any ABNF rule name`, () => {
    // [rule, input, verdict, why]
    const cases = [
      ["IPv6address", "2001:db8::7", true, "RFC 3986 §1.1.2's address: form 8"],
      ["IPv6address", "1:2:3:4:5:6:7:8:9", false, "at most eight h16"],
      ["IPv6address", "[::1]", false, "the brackets belong to IP-literal"],
      ["IP-literal", "[::1]", true, '"[" IPv6address "]"'],
      ["IP-literal", "[v1.x]", true, '"[" IPvFuture "]"'],
      ["IPvFuture", "v1.x", true, '"v" 1*HEXDIG "." 1*(...)'],
      ["IPvFuture", "v.x", false, "1*HEXDIG after v"],
      ["IPv4address", "1.2.3.4", true, "four dec-octets"],
      ["IPv4address", "1.2.3.256", false, "dec-octet stops at 255"],
      ["dec-octet", "255", true, '"25" %x30-35'],
      ["dec-octet", "256", false, "dec-octet stops at 255"],
      ["dec-octet", "01", false, "no alternative has a leading zero"],
      ["h16", "abcd", true, "1*4HEXDIG"],
      ["h16", "abcde", false, "at most four"],
      ["ls32", "1.2.3.4", true, "( h16 \":\" h16 ) / IPv4address"],
      ["isegment", "a:b@c", true, "ipchar includes \":\" and \"@\""],
      ["isegment", "", true, "*ipchar"],
      ["isegment", "a/b", false, '"/" is not an ipchar'],
      ["isegment-nz", "", false, "1*ipchar"],
      ["isegment-nz-nc", "a:b", false, 'no ":"'],
      ["ipath-abempty", "/a/b", true, '*( "/" isegment )'],
      ["ipath-abempty", "a", false, 'each segment after "/"'],
      ["ipath-empty", "", true, "0<ipchar>"],
      ["ipath-empty", "a", false, "0<ipchar>"],
      ["ihost", "例え.jp", true, "ucschar is iunreserved"],
      ["ihost", "[::1]", true, "IP-literal"],
      ["reg-name", "例え.jp", false, "RFC 3986 reg-name is ASCII"],
      ["ireg-name", "a b", false, "no space"],
      ["iauthority", "u@h:1", true, '[ iuserinfo "@" ] ihost [ ":" port ]'],
      ["iuserinfo", "u:p", true, 'iuserinfo has ":"'],
      ["port", "", true, "*DIGIT"],
      ["port", "8a", false, "*DIGIT"],
      ["scheme", "a+b.c-d", true, 'ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )'],
      ["scheme", "1a", false, "starts with ALPHA"],
      ["pct-encoded", "%4F", true, '"%" HEXDIG HEXDIG'],
      ["pct-encoded", "%4g", false, "HEXDIG only"],
      ["iquery", "\ue000", true, "iquery admits iprivate"],
      ["ifragment", "\ue000", false, "ifragment does not admit iprivate"],
      ["iprivate", "\ue000", true, "%xE000-F8FF"],
      ["ucschar", "\ue000", false, "private use is iprivate, not ucschar"],
      ["ucschar", "\u00a0", true, "%xA0-D7FF starts at U+00A0"],
      ["ucschar", "\u009f", false, "a C1 control, below U+00A0"],
      ["ucschar", "\ud7ff", true, "%xA0-D7FF ends at U+D7FF"],
      ["ucschar", "\uf900", true, "%xF900-FDCF"],
      ["ucschar", "\ufdd0", false, "FDD0-FDEF are noncharacters, in no range"],
      ["ucschar", "\ufffd", false, "%xFDF0-FFEF stops short of U+FFFD"],
      // One astral character: two UTF-16 units, one ucschar (%x10000-1FFFD).
      ["ucschar", "😀", true, "U+1F600 is in %x10000-1FFFD"],
      ["ucschar", "😀😀", false, "one character only"],
      ["iprivate", "\u{F0000}", true, "%xF0000-FFFFD"],
      ["iprivate", "\u{10FFFF}", false, "%x100000-10FFFD stops short"],
      ["iunreserved", "~", true, 'unreserved includes "~"'],
      ["sub-delims", "!", true, '"!" / "$" / ...'],
      ["gen-delims", "#", true, '":" / "/" / "?" / "#" / "[" / "]" / "@"'],
      ["IRI", "http://a/", true, "a start symbol is a rule too"],
      ["absolute-URI", "a:b", true, "a start symbol is a rule too"],
    ];
    for (const [rule, input, verdict, why] of cases) {
      assert.equal(api.isValid(input, rule), verdict, `${rule} ${JSON.stringify(input)}: ${why}`);
      if (verdict) {
        assert.equal(api.validate(input, rule), undefined);
      } else {
        const error = thrown(() => api.validate(input, rule));
        assert.ok(error instanceof api.IRIError, `${rule} ${JSON.stringify(input)}: ${error}`);
        assert.equal(error.target, rule);
      }
      assert.deepEqual([...api.isValidMany([input, input], rule)], verdict ? [1, 1] : [0, 0]);
    }
    // RFC 5234 §2.1: "The names of rules are case insensitive".
    assert.equal(api.isValid("fe80::1", "ipv6address"), true);
    assert.equal(api.isValid("http://a/", "iri"), true);
  });

  test(`${name}: an unknown rule name is a RangeError everywhere a rule is taken`, () => {
    for (const call of [
      () => api.isValid("a", "IRI-referenc"),
      () => api.isValid("a", "IPv6adress"),
      () => api.isValid("a", ""),
      () => api.isValidMany(["a"], "nope"),
      () => api.isValidMany([], "nope"),
      () => api.validate("a", "nope"),
      () => api.parse("a", "nope"),
      () => api.parseTree("a", "nope"),
    ]) {
      assert.throws(call, RangeError, String(call));
    }
  });

  test(`${name}: arguments of the wrong type are TypeErrors`, () => {
    const calls = [
      () => api.isValid(),
      () => api.isValid(1),
      () => api.isValid(null),
      () => api.isValid(new String("http://a/")),
      () => api.isValid("a", 5),
      () => api.isValid("a", null),
      () => api.isValidMany("abc"),
      () => api.isValidMany(["a", 1]),
      () => api.isValidMany(["a", null]),
      () => api.isValidMany(new Set(["a"])),
      () => api.isValidMany(["a"], 3),
      () => api.validate(undefined),
      () => api.validate("a", {}),
      () => api.parse({}),
      () => api.parse(["http://a/"]),
      () => api.parse("a", 1),
      () => api.parseTree(5),
      () => api.normalize(5),
      () => api.normalize("http://a/", "syntax"),
      () => api.normalize("http://a/", null),
      () => api.normalize("http://a/", { level: 3 }),
      () => api.equivalent("a", 1),
      () => api.equivalent(null, "a"),
      () => api.equivalent("a", "a", "syntax"),
      () => api.resolve(1, "a"),
      () => api.resolve("http://a/", undefined),
      () => api.resolve("http://a/", "b", true),
      () => api.relativize("http://a/", null),
      () => api.relativize(undefined, "http://a/"),
      () => api.toUri(undefined),
      () => api.toUri("http://a/", "idna"),
      () => api.toIri([]),
      () => api.toIri("http://a/", 1),
    ];
    if (api.lint) calls.push(() => api.lint(5), () => api.lint());
    for (const call of calls) {
      assert.throws(call, TypeError, String(call));
    }
  });

  test(`${name}: IRIError fields, with an astral character before the fault`, () => {
    // "http://a/" is 9 UTF-16 units (indices 0-8); U+1F600 is a surrogate pair, units 9 and 10;
    // the space is at index 11. A space is not an ipchar, so the segment holding the emoji
    // (isegment, in the path) cannot continue with it; what could come instead: more of the
    // segment, "/" (a new segment), "?" (the query), "#" (the fragment) or the end.
    const input = "http://a/😀 x";
    const error = thrown(() => api.parse(input));
    assert.ok(error instanceof api.IRIError);
    assert.ok(error instanceof Error);
    assert.equal(error.name, "IRIError");
    assert.equal(error.position, 11);
    assert.equal(input[error.position], " ");
    assert.equal(error.kind, "syntax");
    assert.equal(error.component, "path");
    assert.equal(error.rule, "isegment");
    assert.ok(Array.isArray(error.expected) && Object.isFrozen(error.expected));
    for (const e of error.expected) assert.equal(typeof e, "string");
    for (const e of ['"/"', '"?"', '"#"', "isegment"]) {
      assert.ok(error.expected.includes(e), `${e} in ${JSON.stringify(error.expected)}`);
    }
    assert.equal(error.target, "IRI-reference");
    assert.equal(error.input, input);
    assert.equal(typeof error.reason, "string");
    assert.ok(error.reason.length > 0 && !error.reason.includes("\n"), error.reason);
    // The message: the reason, then the input and a caret line under the character at fault.
    const lines = error.message.split("\n");
    assert.ok(lines.length >= 3, error.message);
    assert.ok(error.message.includes(error.reason));
    assert.ok(lines.some((l) => l.includes(input)), "the input is shown");
    assert.ok(lines.some((l) => /^\s*\^/.test(l)), "a caret line");
    assert.ok(typeof error.stack === "string");
    // validate throws the same.
    const again = thrown(() => api.validate(input));
    assert.deepEqual(
      [again.position, again.kind, again.component, again.rule, again.message],
      [error.position, error.kind, error.component, error.rule, error.message],
    );
  });

  test(`${name}: the caret stands under the character at fault (ASCII input)`, () => {
    // "http://a b/": the space at index 8 fits neither ireg-name nor iuserinfo, and no "@"
    // follows, so it is the host (mistakes.tsv's rule).
    const input = "http://a b/";
    const error = thrown(() => api.parse(input));
    assert.deepEqual([error.position, error.component, error.rule], [8, "host", "ireg-name"]);
    const lines = error.message.split("\n");
    const shown = lines.findIndex((l) => l.includes(input));
    assert.ok(shown >= 0, error.message);
    const caretLine = lines[shown + 1];
    assert.equal(caretLine.indexOf("^"), lines[shown].indexOf(input) + 8, error.message);
  });

  test(`${name}: the caret stands under the character at fault after wide and zero-width ones`, () => {
    // Columns as a terminal draws them (UAX #11, as the iri tool and Python count them):
    // 例 and え are East Asian Wide, two columns each; U+0301 (a combining acute) none. So
    // the space of "http://例え/a b" is at column 7 + 2 + 2 + 1 + 1 = 13, and that of
    // "http://e\u0301x/a b" at column 7 + 1 + 0 + 1 + 1 + 1 = 11.
    for (const [input, column] of [
      ["http://例え/a b", 13],
      ["http://e\u0301x/a b", 11],
    ]) {
      const error = thrown(() => api.validate(input));
      const lines = error.message.split("\n");
      const shown = lines.findIndex((l) => l.includes(input));
      assert.ok(shown >= 0, error.message);
      const caretLine = lines[shown + 1];
      assert.equal(caretLine.indexOf("^"), lines[shown].indexOf(input) + column, error.message);
    }
  });

  test(`${name}: positions are UTF-16 indices before and after astral and BMP characters`, () => {
    const cases = [
      // "http://例え/": 例 and え are one unit each (BMP, three UTF-8 bytes); "/a" then the
      // space at 7 + 2 + 2 = 11.
      ["http://例え/a b", 11, "path"],
      // Two astral characters in the host (four units), then "/" and the space: 7 + 4 + 1.
      ["http://𐌀𐌁/ ", 12, "path"],
      // U+10FFFD is iprivate: allowed in the query, not the path; it is the fault itself, at
      // the index of its high surrogate.
      ["http://a/b/\u{10FFFD}", 11, "path"],
      // In the query after an astral iprivate (two units): "http://a/?" is 10, U+F0000 10-11,
      // "#" at 12 opens the fragment; U+F0000 is not allowed there: 13.
      ["http://a/?\u{F0000}#\u{F0000}", 13, "fragment"],
      // Stops too early: the position is the length in UTF-16 units (a "%" needs two HEXDIG).
      ["http://a/😀%", 12, "path"],
    ];
    for (const [input, position, component] of cases) {
      const error = thrown(() => api.validate(input));
      assert.ok(error instanceof api.IRIError, `${input}: ${error}`);
      assert.deepEqual([error.position, error.component], [position, component], JSON.stringify(input));
    }
  });

  test(`${name}: rules checked alone report in their own terms`, () => {
    // tests/errors.rs rules_checked_alone: the first character the rule cannot continue with
    // (or the end), the component the rule belongs to, the rule asked for as the target.
    const cases = [
      // iuserinfo has no space; alone, no "@" can follow, so it stays the userinfo.
      ["iuserinfo", "a b", 1, "userinfo"],
      // port = *DIGIT.
      ["port", "80a", 2, "port"],
      // "25" can still become 250-255; "256" cannot.
      ["dec-octet", "256", 2, "host"],
      // Three dec-octets and the end: a fourth must follow.
      ["IPv4address", "1.2.3", 5, "host"],
      // "0" is a whole dec-octet: a digit after it is a leading zero.
      ["IPv4address", "1.02.3.4", 3, "host"],
    ];
    for (const [rule, input, position, component] of cases) {
      const error = thrown(() => api.validate(input, rule));
      assert.ok(error instanceof api.IRIError);
      assert.deepEqual(
        [error.position, error.component, error.target, error.input],
        [position, component, rule, input],
        `${rule} ${JSON.stringify(input)}`,
      );
    }
  });

  test(`${name}: a lone surrogate is an IRIError of kind "lone-surrogate" at its index`, () => {
    // A lone surrogate is no character (RFC 3987 §2: an IRI is a sequence of UCS characters),
    // so it matches no rule: the first fault is at the surrogate unless the text went wrong
    // before it. [input, index, component]
    const cases = [
      // After "http://a/" (9 units), in the path.
      ["http://a/\uD800", 9, "path"],
      ["http://a/b\uD800c", 10, "path"],
      // Alone: a low surrogate at 0; no ":" and no "//", so RFC 3986 Appendix B reads the
      // text as a path (mistakes.tsv's rule at offset 0).
      ["\uDC00", 0, "path"],
      // A high surrogate at the very end (its low half missing).
      ["http://a/b\uD83D", 10, "path"],
      // After an astral character (units 9-10), a low surrogate with no high half: 11.
      ["http://a/😀\uDC00", 11, "path"],
      // The halves of a pair in the wrong order are two lone surrogates; the first at 9.
      ["http://a/\uDE00\uD83D", 9, "path"],
      // In the host: "//" opens it; no "@" follows.
      ["http://\uD800/", 7, "host"],
      // In the query and the fragment.
      ["http://a/?q=\uDFFF", 12, "query"],
      ["http://a/#\uD800", 10, "fragment"],
    ];
    for (const [input, position, component] of cases) {
      const label = JSON.stringify(input);
      assert.equal(api.isValid(input), false, label);
      assert.equal(api.isValid(input, "IRI"), false, label);
      assert.deepEqual([...api.isValidMany([input])], [0], label);
      for (const call of [() => api.parse(input), () => api.validate(input)]) {
        const error = thrown(call);
        assert.ok(error instanceof api.IRIError, `${label}: ${error}`);
        assert.deepEqual(
          [error.kind, error.position, error.component],
          ["lone-surrogate", position, component],
          label,
        );
        // The string given, exactly: the surrogate is kept (not replaced by U+FFFD).
        assert.equal(error.input, input, label);
        assert.ok(error.input.length === input.length && !error.input.isWellFormed());
      }
    }
  });

  test(`${name}: lone surrogates against other rules and with earlier faults`, () => {
    // No rule matches a lone surrogate, not even ucschar (whose ranges are of characters).
    for (const rule of ["ucschar", "iunreserved", "ipchar", "isegment", "iquery", "iprivate"]) {
      assert.equal(api.isValid("\uD800", rule), false, rule);
      assert.equal(api.isValid("\uDFFF", rule), false, rule);
    }
    const alone = thrown(() => api.validate("\uD800", "ucschar"));
    // ucschar is a character class, part of no one component: no component.
    assert.deepEqual([alone.kind, alone.position, alone.component], ["lone-surrogate", 0, null]);
    // The space at index 8 is wrong before the surrogate is read: a syntax error there.
    const earlier = thrown(() => api.parse("http://a b/\uD800"));
    assert.deepEqual([earlier.kind, earlier.position], ["syntax", 8]);
    // A real U+FFFD before a lone surrogate: U+FFFD is in no ucschar range (FDF0-FFEF stops
    // short), so it is the first fault, a syntax error at 9, not the surrogate at 10.
    const replacement = thrown(() => api.parse("http://a/\uFFFD\uD800"));
    assert.deepEqual([replacement.kind, replacement.position], ["syntax", 9]);
    // A well-formed pair is one character: valid (U+1F600 is ucschar).
    assert.equal(api.isValid("http://a/\uD83D\uDE00"), true);
    // In every function that parses its input.
    const bad = "http://a/\uDC80";
    for (const call of [
      () => api.normalize(bad),
      () => api.equivalent(bad, "http://a/"),
      () => api.equivalent("http://a/", bad),
      () => api.resolve(bad, "x"),
      () => api.resolve("http://a/", bad),
      () => api.relativize("http://a/", bad),
      () => api.relativize(bad, "http://a/"),
      () => api.toUri(bad),
      () => api.toIri(bad),
      () => api.parseTree(bad),
    ]) {
      const error = thrown(call);
      assert.ok(error instanceof api.IRIError, `${call}: ${error}`);
      assert.deepEqual([error.kind, error.position, error.input], ["lone-surrogate", 9, bad], String(call));
    }
  });

  test(`${name}: isValidMany equals isValid element by element`, () => {
    // A mixed list: valid and invalid, empty, ASCII, BMP and astral characters, lone
    // surrogates, long strings, in an order that puts ASCII next to non-ASCII. The verdicts
    // by hand (RFC 3987 §2.2), then compared with isValid one by one.
    const cases = [
      ["http://example.org/", 1],
      ["", 1], // irelative-ref, ipath-empty
      ["résumé", 1], // ucschar in a path-noscheme segment
      ["http://a/😀", 1], // U+1F600 is ucschar
      ["http://a b", 0], // a space
      ["\uD800", 0], // a lone surrogate
      ["😀", 1], // one astral ucschar: a one-segment relative path
      ["http://[::1]/", 1],
      ["%zz", 0], // "%" needs two HEXDIG
      ["http://例え.jp/", 1],
      ["\u200E", 0], // §4.1
      ["x".repeat(5000), 1],
      [`http://a/${"é".repeat(3000)} `, 0], // a trailing space after a long non-ASCII path
      ["http://a/\uFFFD", 0], // U+FFFD is not ucschar
      ["\u{10FFFF}", 0], // a noncharacter: neither ucschar nor iprivate
      ["?\u{F0000}", 1], // iprivate in the query
      ["\u{F0000}", 0], // iprivate, but not in a path
      ["a:b", 1],
      ["1:b", 0], // "1" cannot start a scheme, and a first segment cannot hold ":"
      ["", 1],
    ];
    const inputs = cases.map(([input]) => input);
    const expected = cases.map(([, verdict]) => verdict);
    assert.deepEqual(
      inputs.map((s) => (api.isValid(s) ? 1 : 0)),
      expected,
      "isValid, one by one",
    );
    const many = api.isValidMany(inputs);
    assert.ok(many instanceof Uint8Array);
    assert.deepEqual([...many], expected);
    // Each rule, each order.
    for (const rule of ["IRI", "URI-reference", "isegment", "IRI-reference"]) {
      const one = inputs.map((s) => (api.isValid(s, rule) ? 1 : 0));
      assert.deepEqual([...api.isValidMany(inputs, rule)], one, rule);
      const reversed = [...inputs].reverse();
      assert.deepEqual([...api.isValidMany(reversed, rule)], [...one].reverse(), `${rule}, reversed`);
    }
    // The empty array: an empty result.
    const none = api.isValidMany([]);
    assert.ok(none instanceof Uint8Array);
    assert.equal(none.length, 0);
    assert.deepEqual([...api.isValidMany([""])], [1]);
  });

  test(`${name}: isValidMany equals isValid on generated arrays of pieces and surrogate halves`, () => {
    // The contract: isValidMany is isValid for each string, one crossing. Arrays of pieces
    // chosen to meet at every boundary: empty strings, lone halves that join into pairs,
    // astral and BMP characters, ASCII; a fixed seed, so a failure repeats.
    // Up to two pieces a string, so a third of the strings are empty.
    const PIECES = ["a", "\uD83D", "\uDE00", "a\uD83D", "\uDE00b", "😀", "é", "http://a/", " ", "\uDBFF", "\uDFFF", "%41", "x\uD800y", "?\u{F0000}"];
    // mulberry32: the low bits of a plain linear congruential generator repeat too soon to
    // bring the halves together.
    let seed = 25;
    const next = (n) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    const wrong = [];
    let joins = 0; // arrays with a high half, an empty string, a low half in a row
    for (let round = 0; round < 3000 && wrong.length < 5; round++) {
      const inputs = Array.from({ length: next(8) }, () =>
        Array.from({ length: next(3) }, () => PIECES[next(PIECES.length)]).join(""),
      );
      for (let i = 0; i + 2 < inputs.length; i++) {
        if (/[\uD800-\uDBFF]$/.test(inputs[i]) && inputs[i + 1] === "" && /^[\uDC00-\uDFFF]/.test(inputs[i + 2])) joins++;
      }
      const one = inputs.map((s) => (api.isValid(s) ? 1 : 0));
      const many = [...api.isValidMany(inputs)];
      if (JSON.stringify(one) !== JSON.stringify(many)) {
        wrong.push(`${JSON.stringify(inputs)}: isValidMany [${many}], isValid [${one}]`);
      }
    }
    assert.deepEqual(wrong, [], wrong.join("\n"));
    assert.ok(joins >= 10, `the generator met the hard case only ${joins} times`);
  });

  test(`${name}: isValidMany with the halves of a surrogate pair in neighbouring strings`, () => {
    // Each string holds a lone surrogate, though the two joined would make a pair: each is
    // invalid, as isValid says of each alone. The strings around them keep their own verdicts.
    const cases = [
      [["a\uD83D", "\uDE00b", "c"], [0, 0, 1]],
      [["\uD83D", "\uDE00"], [0, 0]],
      [["\uD83D", "\uDE00", ""], [0, 0, 1]],
      [["x", "\uD83D", "\uDE00", "y"], [1, 0, 0, 1]],
      // An empty string between the halves: "" is a valid reference (ipath-empty) and
      // "\uDE00" is a lone surrogate, whatever precedes it in the array.
      [["a\uD83D", "", "\uDE00"], [0, 1, 0]],
      [["a\uD83D", "", "", "\uDE00b", "c"], [0, 1, 1, 0, 1]],
      // A pair inside one string is one character: valid.
      [["\uD83D\uDE00", "\uD83D\uDE00"], [1, 1]],
    ];
    const wrong = failures(
      cases,
      ([inputs, expected]) => {
        assert.deepEqual(
          inputs.map((s) => (api.isValid(s) ? 1 : 0)),
          expected,
          "isValid",
        );
        const got = [...api.isValidMany(inputs)];
        if (JSON.stringify(got) !== JSON.stringify(expected)) {
          return `isValidMany gives [${got}], isValid [${expected}]`;
        }
      },
      ([inputs]) => JSON.stringify(inputs),
    );
    assert.deepEqual(wrong, [], wrong.join("\n"));
  });
}
