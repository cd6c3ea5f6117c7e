// The passes of the package beyond validation, on the RFCs' examples and on cases reasoned
// from the RFCs beside them: normalize and equivalent (RFC 3987 §5.3), resolve and relativize
// (RFC 3986 §5.2, RFC 3987 §6.5), toUri and toIri (RFC 3987 §3.1, §3.2), the options that
// need the full entry, lint (full entry only; codes as the library's src/checks/ documents
// them, each with its RFC section) and parseTree. Both entries wherever a function is in both.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as full from "../index.js";
import * as core from "../core.js";
import { thrown } from "./helpers.js";

const ENTRIES = [
  ["rfc3987", full],
  ["rfc3987/core", core],
];

for (const [name, api] of ENTRIES) {
  test(`${name}: normalize climbs the §5.3 ladder: simple, syntax, scheme`, () => {
    const input = "HTTP://www.EXAMPLE.com:80/a/./b/../%7euser";
    // §5.3.1 simple string comparison maps nothing: the text as it is.
    assert.equal(api.normalize(input, { level: "simple" }), input);
    // §5.3.2: scheme and US-ASCII host lowercased (§5.3.2.1), "%7e" is the unreserved "~"
    // (§5.3.2.3), remove_dot_segments("/a/./b/../~user") = "/a/~user" (§5.3.2.4); the port is
    // left to the scheme-based rung.
    assert.equal(api.normalize(input, { level: "syntax" }), "http://www.example.com:80/a/~user");
    // §5.3.3 on top: ":80" is http's default port and is elided. The default level is "scheme".
    assert.equal(api.normalize(input, { level: "scheme" }), "http://www.example.com/a/~user");
    assert.equal(api.normalize(input), "http://www.example.com/a/~user");
    assert.equal(api.normalize(input, {}), "http://www.example.com/a/~user");
  });

  test(`${name}: normalize on the examples of RFC 3987 §5.3.2 and §5.3.3`, () => {
    // §5.3.2: "could reasonably consider the following two IRIs equivalent". The second,
    // syntax-normalized: "eXAMPLE" lowercased; "%63" is "c" and "%C3%A9" the ucschar "é"
    // (iunreserved, decoded, §5.3.2.3); "%7b" and "%7d" encode "{" "}", which are not
    // unreserved, so they stay, in uppercase hex (§5.3.2.1); remove_dot_segments of
    // "/./b/../b/c/..." leaves "/b/c/...". The first is already in that form.
    const a = "example://a/b/c/%7Bfoo%7D/rosé";
    const b = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9";
    assert.equal(api.normalize(b, { level: "syntax" }), a);
    assert.equal(api.normalize(a, { level: "syntax" }), a);
    assert.equal(api.equivalent(a, b, { level: "syntax" }), true);
    assert.equal(api.equivalent(a, b, { level: "simple" }), false);
    // §5.3.2.1: "the URI "HTTP://www.EXAMPLE.com/" is equivalent to "http://www.example.com/"".
    assert.equal(api.normalize("HTTP://www.EXAMPLE.com/", { level: "syntax" }), "http://www.example.com/");
    // §5.3.2.1: hex digits of a triplet in uppercase; "%3a" encodes ":", reserved, so it
    // stays encoded (RFC 3986 §2.2: encoding a reserved character changes the meaning).
    assert.equal(api.normalize("http://a/%3a%2f", { level: "syntax" }), "http://a/%3A%2F");
    // §5.3.2.3's three, all "http://example.org/~user".
    for (const text of ["http://example.org/~user", "http://example.org/%7euser", "http://example.org/%7Euser"]) {
      assert.equal(api.normalize(text, { level: "syntax" }), "http://example.org/~user", text);
    }
    // §3.2 / §6.4: "%E9" alone is not UTF-8, so no character; it stays encoded at every level.
    const latin1 = "http://www.example.org/r%E9sum%E9.html";
    for (const level of ["simple", "syntax", "scheme"]) {
      assert.equal(api.normalize(latin1, { level }), latin1, level);
    }
    // §5.3.3: the four equivalent IRIs and their normal form, the second.
    for (const text of ["http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/"]) {
      assert.equal(api.normalize(text), "http://example.com/", text);
    }
    // §5.3.3: "Normalization should not remove delimiters when their associated component is
    // empty": "http://example.com/?" is not one of them; nor is a trailing "#".
    assert.equal(api.normalize("http://example.com/?"), "http://example.com/?");
    assert.equal(api.normalize("http://example.com/#"), "http://example.com/#");
    assert.equal(api.equivalent("http://example.com/?", "http://example.com/"), false);
    assert.equal(api.equivalent("http://example.com/#", "http://example.com/"), false);
    // §5.3.2.1: only "US-ASCII only" hosts are case-insensitive by syntax; a host with a
    // non-ASCII character is an IDN, whose case is §5.3.3's business (the idn option).
    assert.equal(api.normalize("http://α.CoM/"), "http://α.CoM/");
    // A scheme without known defaults keeps its port and empty path.
    assert.equal(api.normalize("foo://a:80"), "foo://a:80");
  });

  test(`${name}: normalize keeps what it must; the result is a fixed point`, () => {
    // §5.3.2.4 is for "non-relative paths": a relative reference's dot segments mean something
    // until it is resolved.
    assert.equal(api.normalize("../a/./b", { level: "syntax" }), "../a/./b");
    // The normal form normalizes to itself.
    for (const text of [
      "HTTP://www.EXAMPLE.com:80/a/./b/../%7euser",
      "eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9",
      "http://a/%F0%9F%98%80/😀?%e2%80%ae#%41",
      "HTTPS://[FE80::A]:443",
    ]) {
      const once = api.normalize(text);
      assert.equal(api.normalize(once), once, text);
      assert.equal(api.isValid(once), true, once);
    }
    // IP literals: hex digits lowercase (§5.3.2.1 via RFC 3986 §6.2.2.1), https's 443 elided,
    // "/" for the empty path (§5.3.3).
    assert.equal(api.normalize("HTTPS://[FE80::A]:443"), "https://[fe80::a]/");
    // An unknown level is a RangeError; an invalid input an IRIError.
    assert.throws(() => api.normalize("http://a/", { level: "exact" }), RangeError);
    assert.throws(() => api.equivalent("http://a/", "http://a/", { level: "exact" }), RangeError);
    // "http://a/b" is 10 units: the space at 10.
    const error = thrown(() => api.normalize("http://a/b c"));
    assert.ok(error instanceof api.IRIError);
    assert.equal(error.position, 10);
  });

  test(`${name}: equivalent by level, with excludeFragment`, () => {
    // http's default port and empty path are equal only at the scheme-based rung (§5.3.3).
    assert.equal(api.equivalent("http://example.com:80", "HTTP://EXAMPLE.com/"), true);
    assert.equal(api.equivalent("http://example.com:80", "HTTP://EXAMPLE.com/", { level: "scheme" }), true);
    assert.equal(api.equivalent("http://example.com:80", "HTTP://EXAMPLE.com/", { level: "syntax" }), false);
    assert.equal(api.equivalent("http://example.com:80", "http://example.com:80", { level: "simple" }), true);
    // §5.3.3: "The fragment component is not subject to any scheme-based normalization": two
    // fragments differ unless they are left out of the comparison.
    assert.equal(api.equivalent("http://a/#x", "http://a/#y"), false);
    assert.equal(api.equivalent("http://a/#x", "http://a/#y", { excludeFragment: true }), true);
    assert.equal(api.equivalent("http://a/#x", "http://a/", { excludeFragment: true }), true);
    assert.equal(api.equivalent("http://a/?x", "http://a/?y", { excludeFragment: true }), false);
    // §5.3.2.2: "Equivalence of IRIs MUST rely on the assumption that IRIs are appropriately
    // pre-character-normalized rather than apply character normalization": "é" and "e" with
    // U+0301 differ unless NFC is asked for.
    assert.equal(api.equivalent("http://a/\u00e9", "http://a/e\u0301"), false);
    // §5.3.2.3: an encoded "é" (UTF-8) and "é" itself are the same IRI at the syntax rung.
    assert.equal(api.equivalent("http://a/%C3%A9", "http://a/é", { level: "syntax" }), true);
    // RFC 3986 §2.2: an encoded reserved character is not the character.
    assert.equal(api.equivalent("http://a/%2F", "http://a//"), false);
  });

  test(`${name}: resolve (RFC 3986 §5.2) on IRIs, strict and not`, () => {
    const base = "http://a/b/c/d;p?q";
    // §5.4.2: "http:g" for a strict parser; a backward-compatible one drops the scheme that
    // is the base's (§5.2.2) and resolves "g". Another scheme is kept either way.
    assert.equal(api.resolve(base, "http:g"), "http:g");
    assert.equal(api.resolve(base, "http:g", { strict: false }), "http://a/b/c/g");
    assert.equal(api.resolve(base, "https:g", { strict: false }), "https:g");
    // RFC 3987 §6.5: IRI references resolve as URI references do: merge "/a/" with "../ç/d",
    // remove_dot_segments("/a/../ç/d") = "/ç/d".
    assert.equal(api.resolve("http://例え.jp/a/b", "../ç/d"), "http://例え.jp/ç/d");
    assert.equal(api.resolve("http://a/😀/b", "c?é#😀"), "http://a/😀/c?é#😀");
    // §5.2.2: an empty reference takes the base's path as it is (no dot segments removed) and
    // its query; the fragment is the reference's.
    assert.equal(api.resolve("http://a/b/../c?q#f", ""), "http://a/b/../c?q");
    assert.equal(api.resolve("http://a/b/../c?q", "#s"), "http://a/b/../c?q#s");
    // §5.2.3 merge: a base with an authority and an empty path merges as "/" + reference.
    assert.equal(api.resolve("http://a", "g"), "http://a/g");
    // §5.1: the base is an IRI (it has a scheme). As mistakes.tsv reasons for the IRI
    // symbol: "/" cannot start a scheme (0); "a" can be one, but "/" can neither continue it
    // nor replace the ":" (1); the empty text stops where the scheme should be (0).
    for (const [relative, position] of [
      ["//example.org/", 0],
      ["a/b", 1],
      ["", 0],
    ]) {
      const error = thrown(() => api.resolve(relative, "g"));
      assert.ok(error instanceof api.IRIError, `${relative}: ${error}`);
      assert.deepEqual(
        [error.position, error.component, error.target, error.input],
        [position, "scheme", "IRI", relative],
        JSON.stringify(relative),
      );
    }
    // An invalid reference: the error is about the reference, at its space.
    const error = thrown(() => api.resolve(base, "a b"));
    assert.ok(error instanceof api.IRIError);
    assert.deepEqual([error.position, error.input], [1, "a b"]);
  });

  test(`${name}: relativize gives a reference that resolves back, or null`, () => {
    const base = "http://a/b/c/d;p?q";
    // The library's documented example: "../g?y#s" (§5.4.1: "../g" gives http://a/b/g).
    assert.equal(api.relativize(base, "http://a/b/g?y#s"), "../g?y#s");
    // The target is the base without its fragment: the empty reference (§5.2.2: empty path,
    // no query: the base's path and query).
    assert.equal(api.relativize(base, base), "");
    // Targets of every shape: same or other scheme and authority, with and without a query or
    // fragment, an empty path, a first segment with ":" (§4.2: "./g:h"), a path starting with
    // "//", no authority, non-ASCII and astral characters.
    const targets = [
      "http://a/b/c/d;p?q#f",
      "http://a/b/c/d;p?r",
      "http://a/b/c/d;p",
      "http://a/b/c/d;p?",
      "http://a/b/c/d;p?q#",
      "http://a/b/c/",
      "http://a/b/c/g:h",
      "http://a/b/c//x",
      "http://a//x",
      "http://a/",
      "http://a",
      "http://a?q",
      "http://b/c",
      "https://a/b/c/d;p?q",
      "http://u@a/b",
      "http://a:8080/b",
      "mailto:x@a",
      "urn:a:b",
      "http://a/b/c/例/😀?é#ü",
      "http://例え.jp/",
      "http://[::1]/b/c",
    ];
    for (const target of targets) {
      const back = api.relativize(base, target);
      assert.equal(typeof back, "string", `${target}: ${back}`);
      assert.equal(api.resolve(base, back), target, `${target} via ${JSON.stringify(back)}`);
    }
    // Other bases: no authority, a path with dot segments of its own, an empty path.
    for (const [b, target] of [
      ["urn:a:b", "urn:a:c"],
      ["http://a/b/../c", "http://a/b/../c"],
      ["http://a/b/../c", "http://a/x"],
      ["http://a", "http://a/b"],
      ["http://a", "http://a"],
      ["s:/a/b", "s:/c"],
    ]) {
      const back = api.relativize(b, target);
      assert.equal(typeof back, "string", `${b} -> ${target}: ${back}`);
      assert.equal(api.resolve(b, back), target, `${b} -> ${target} via ${JSON.stringify(back)}`);
    }
    // §5.2.2 removes dot segments from every path a reference brings (and the only path it
    // keeps as it is, the base's, is "/" here): no reference reaches "http://a/b/../c".
    assert.equal(api.relativize("http://x/", "http://a/b/../c"), null);
    assert.equal(api.relativize(base, "http://a/./g"), null);
    // The base must be an IRI.
    const error = thrown(() => api.relativize("//a", "http://a/"));
    assert.ok(error instanceof api.IRIError);
    assert.equal(error.input, "//a");
  });

  test(`${name}: toUri (RFC 3987 §3.1)`, () => {
    // Step 2: each character not allowed in a URI becomes the %HH of its UTF-8 octets.
    assert.equal(api.toUri("http://a/😀"), "http://a/%F0%9F%98%80"); // U+1F600: F0 9F 98 80
    assert.equal(api.toUri("http://a/?\ue000"), "http://a/?%EE%80%80"); // iprivate U+E000: EE 80 80
    assert.equal(api.toUri("http://例え.jp/"), "http://%E4%BE%8B%E3%81%88.jp/"); // 例 E4 BE 8B, え E3 81 88
    // §7.4's file name, a relative reference.
    assert.equal(api.toUri("résumé.html"), "r%C3%A9sum%C3%A9.html");
    // A URI maps to itself: existing percent-encodings are not re-encoded, case kept.
    for (const uri of ["http://a/%7e", "http://www.example.org/r%E9sum%E9.html", "//a?b#c", ""]) {
      assert.equal(api.toUri(uri), uri);
    }
    // Not an IRI reference (a space is in no rule): an IRIError at the space, 20.
    const error = thrown(() => api.toUri("http://example.org/a b|c"));
    assert.ok(error instanceof api.IRIError);
    assert.equal(error.position, 20);
    // lenient: the printable ASCII characters URIs do not allow are percent-encoded first
    // (space %20, "|" %7C), then the IRI is mapped.
    assert.equal(api.toUri("http://example.org/a b|c", { lenient: true }), "http://example.org/a%20b%7Cc");
    assert.equal(api.toUri("http://example.org/é é", { lenient: true }), "http://example.org/%C3%A9%20%C3%A9");
  });

  test(`${name}: toIri (RFC 3987 §3.2)`, () => {
    // Step 2 decodes every percent-encoding but those of "%", reserved characters and ASCII
    // characters not allowed in URIs (here: %2F "/", %25 "%", %20 space); so "%7E" is "~",
    // "%41" is "A" and the UTF-8 of "ü" is "ü".
    assert.equal(
      api.toIri("http://a/%7Euser/%41/%2F/%25/%20/%C3%BC"),
      "http://a/~user/A/%2F/%25/%20/ü",
    );
    // An astral character: U+1F600 is ucschar (§2.2), so it is decoded.
    assert.equal(api.toIri("http://a/%F0%9F%98%80"), "http://a/😀");
    // Every component.
    assert.equal(api.toIri("http://a/%C3%A9?%C3%A9#%C3%A9"), "http://a/é?é#é");
    // §6.4's example.
    assert.equal(api.toIri("http://www.example.org/r%C3%A9sum%C3%A9.html"), "http://www.example.org/résumé.html");
    // Step 3: octets that are not strictly legal UTF-8 stay encoded: Latin-1 "%E9", an encoded
    // surrogate (ED A0 80), an overlong "/" (C0 AF, §8).
    for (const uri of ["http://a/r%E9sum%E9", "http://a/%ED%A0%80", "http://a/%C0%AF"]) {
      assert.equal(api.toIri(uri), uri);
    }
    // Step 4: a character §2.2 does not allow where it is stays encoded: iprivate U+E000
    // (EE 80 80) in a path; a bidi formatting character anywhere (§4.1: U+202E, E2 80 AE).
    assert.equal(api.toIri("http://a/%EE%80%80"), "http://a/%EE%80%80");
    assert.equal(api.toIri("http://a/%E2%80%AE?%E2%80%AE"), "http://a/%E2%80%AE?%E2%80%AE");
    // An IRI has nothing more to decode than its ASCII parts: unchanged.
    assert.equal(api.toIri("http://résumé.example.org/?q=é#ü"), "http://résumé.example.org/?q=é#ü");
  });

  test(`${name}: the options that need the full entry`, () => {
    // The contract: in rfc3987/core, toUri idna, toIri idnUnicode, normalize nfc / idn (and
    // equivalent's) throw a TypeError naming the full entry; rfc3987 takes them.
    const needFull = [
      () => api.toUri("http://résumé.example.org/", { idna: true }),
      () => api.toIri("http://xn--rsum-bpad.example.org/", { idnUnicode: true }),
      () => api.normalize("http://a/e\u0301", { nfc: true }),
      () => api.normalize("http://xn--rsum-bpad.example.org/", { idn: true }),
      () => api.equivalent("http://a/\u00e9", "http://a/e\u0301", { nfc: true }),
      () => api.equivalent("http://a/", "http://a/", { idn: true }),
    ];
    if (api === core) {
      for (const call of needFull) {
        const error = thrown(call);
        assert.ok(error instanceof TypeError, `${call}: ${error}`);
        assert.ok(error.message.includes('"rfc3987"'), error.message);
      }
      // With the option false, as with no option.
      assert.equal(api.toUri("http://é/", { idna: false }), "http://%C3%A9/");
      assert.equal(api.normalize("http://a/e\u0301", { nfc: false }), "http://a/e\u0301");
      return;
    }
    // §3.1: ToASCII on the ireg-name of a DNS scheme, never in the query ("résumé" is
    // xn--rsum-bpad, §3.1's own example).
    assert.equal(
      api.toUri("http://résumé.example.org/?q=é", { idna: true }),
      "http://xn--rsum-bpad.example.org/?q=%C3%A9",
    );
    // §3.2.1: ToUnicode of an xn-- label.
    assert.equal(api.toIri("http://xn--rsum-bpad.example.org/", { idnUnicode: true }), "http://résumé.example.org/");
    // §5.3.2.2: NFC composes "e" + U+0301 into "é" ("canonically equivalent").
    assert.equal(
      api.normalize("http://www.example.org/re\u0301sume\u0301.html", { nfc: true }),
      "http://www.example.org/r\u00e9sum\u00e9.html",
    );
    assert.equal(api.equivalent("http://a/\u00e9", "http://a/e\u0301", { nfc: true }), true);
    // §5.3.3: IDN components "SHOULD NOT be converted into ASCII Compatible Encoding" (for
    // legibility), and the IDN and its punycode form "may be considered equivalent"; case
    // folding of a non-ASCII host is part of that mapping.
    assert.equal(api.normalize("http://xn--rsum-bpad.example.org/", { idn: true }), "http://résumé.example.org/");
    assert.equal(api.normalize("http://α.CoM/", { idn: true }), "http://α.com/");
    assert.equal(
      api.equivalent("http://résumé.example.org", "http://xn--rsum-bpad.example.org", { idn: true }),
      true,
    );
  });

  test(`${name}: parseTree prints the rules of the parse, one node a line`, () => {
    // RFC 3987 §2.2 for RFC 3986 §3's example: IRI-reference = IRI; IRI = scheme ":"
    // ihier-part "?" iquery "#" ifragment; ihier-part = "//" iauthority ipath-abempty;
    // iauthority = ihost ":" port; ihost = ireg-name; ipath-abempty = *( "/" isegment ).
    // Each line: the rule indented by depth, its range and its text.
    const input = "foo://example.com:8042/over/there?name=ferret#nose";
    const tree = api.parseTree(input);
    assert.equal(typeof tree, "string");
    const nodes = tree
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((line) => {
        const m = /^( *)(\S+) (\d+)\.\.(\d+) "(.*)"$/.exec(line);
        assert.ok(m, `a node line: ${JSON.stringify(line)}`);
        return { depth: m[1].length / 2, rule: m[2], start: +m[3], end: +m[4], text: m[5] };
      });
    assert.deepEqual(
      nodes.map((n) => `${n.depth} ${n.rule}`),
      [
        "0 IRI-reference",
        "1 IRI",
        "2 scheme",
        "2 ihier-part",
        "3 iauthority",
        "4 ihost",
        "5 ireg-name",
        "4 port",
        "3 ipath-abempty",
        "4 isegment",
        "4 isegment",
        "2 iquery",
        "2 ifragment",
      ],
    );
    // ASCII: the range is the text's place in the input.
    for (const n of nodes) assert.equal(input.slice(n.start, n.end), n.text, n.rule);
    assert.deepEqual(
      nodes.filter((n) => n.rule === "isegment").map((n) => n.text),
      ["over", "there"],
    );
    // The empty reference: irelative-ref with an empty path (RFC 3987 §2.2 irelative-part
    // includes ipath-empty).
    assert.deepEqual(
      api
        .parseTree("")
        .split("\n")
        .filter((l) => l.trim() !== "")
        .map((l) => l.trim().split(" ")[0]),
      ["IRI-reference", "irelative-ref", "irelative-part", "ipath-empty"],
    );
    // Another start symbol is the root; an IP literal's rules; a non-ASCII host's text.
    assert.match(api.parseTree("a:b", "absolute-IRI"), /^absolute-IRI /);
    const v6 = api.parseTree("ldap://[2001:db8::7]/c=GB?objectClass?one", "IRI");
    for (const rule of ["IP-literal", "IPv6address", "h16", "iquery"]) {
      assert.match(v6, new RegExp(`^ *${rule} `, "m"), rule);
    }
    assert.match(api.parseTree("http://résumé.example.org"), /^ *ireg-name \d+\.\.\d+ "résumé\.example\.org"$/m);
    // Not an IRI reference: an IRIError.
    assert.ok(thrown(() => api.parseTree("http://a b")) instanceof api.IRIError);
  });
}

test("lint: codes, severities, sections and UTF-16 spans (full entry)", () => {
  const { lint } = full;
  // src/checks/mod.rs's example: ":80" is http's default port (§5.3.3), "Example.org" has
  // uppercase letters in a US-ASCII host (§5.3.2.1), "/./" a dot segment in the path of an IRI
  // with a scheme (§5.3.2.4); all SHOULDs, so warnings (CODES). The default port's span is
  // ":80", 18..21, and its fix removes it.
  const found = lint("http://Example.org:80/a/./b");
  assert.ok(Object.isFrozen(found));
  assert.deepEqual(
    found.map((d) => [d.code, d.severity, d.section]),
    [
      ["default-port", "warning", "5.3.3"],
      ["uppercase-host", "warning", "5.3.2.1"],
      ["dot-segments", "warning", "5.3.2.4"],
    ],
  );
  const [port, host] = found;
  assert.deepEqual([port.start, port.end, port.fix, port.help], [18, 21, "", "remove `:80`"]);
  // The host "Example.org" is 7..18; its fix the lowercase form.
  assert.deepEqual([host.start, host.end, host.fix], [7, 18, "example.org"]);
  for (const d of found) {
    assert.ok(Object.isFrozen(d));
    assert.deepEqual(Object.keys(d).sort(), ["code", "end", "fix", "help", "message", "section", "severity", "start"]);
    assert.equal(typeof d.message, "string");
  }
  // Nothing to say about a clean IRI, ASCII or not.
  assert.deepEqual([...lint("http://example.org/a")], []);
  assert.deepEqual([...lint("http://example.org/résumé")], []);
  // Spans are UTF-16 indices: "http://a/" 9, U+1F600 9-10, "/" 11, "%7e" 12..15. "%7e" has
  // lowercase hex (§5.3.2.1, fix "%7E") and encodes the unreserved "~" (§5.3.2.3, fix "~"):
  // the finer fix last (src/checks/diagnostic.rs).
  assert.deepEqual(
    lint("http://a/😀/%7e")
      .filter((d) => d.code.startsWith("pct-"))
      .map((d) => [d.code, d.section, d.start, d.end, d.fix]),
    [
      ["pct-lowercase-hex", "5.3.2.1", 12, 15, "%7E"],
      ["pct-unreserved", "5.3.2.3", 12, 15, "~"],
    ],
  );
  // Not an IRI reference: the syntax error as one diagnostic, on the character at fault.
  assert.deepEqual(
    lint("http://a b/").map((d) => [d.code, d.severity, d.section, d.start, d.end]),
    [["syntax", "error", "2.2", 8, 9]],
  );
  // §4.1, a MUST: a bidi formatting character is an error, on the character (9..10).
  assert.deepEqual(
    lint("http://a/\u200e").map((d) => [d.code, d.severity, d.section, d.start, d.end]),
    [["bidi-formatting-character", "error", "4.1", 9, 10]],
  );
  // RFC 3986 §7.4 (RFC 3987 §8): digits and dots that are not an IPv4address (256 is no
  // dec-octet); the host 7..16; no fix (which name was meant is unknown).
  const numeric = lint("http://1.2.3.256/").find((d) => d.code === "numeric-host");
  assert.ok(numeric);
  assert.deepEqual([numeric.section, numeric.start, numeric.end, numeric.fix, numeric.help], ["8", 7, 16, null, null]);
  // §5.3.2.1: an uppercase scheme.
  const scheme = lint("HTTP://a/").find((d) => d.code === "uppercase-scheme");
  assert.deepEqual([scheme?.section, scheme?.start, scheme?.end, scheme?.fix], ["5.3.2.1", 0, 4, "http"]);
  // §5.3.3: ":" with no port.
  assert.ok(lint("http://a:/").some((d) => d.code === "empty-port" && d.section === "5.3.3"));
  // §6.4: "%E9" is not UTF-8 (Latin-1 "é"); two runs, two findings.
  assert.deepEqual(
    lint("http://www.example.org/r%E9sum%E9.html")
      .filter((d) => d.code === "pct-not-utf8")
      .map((d) => [d.section, d.start, d.end]),
    [
      ["6.4", 24, 27],
      ["6.4", 30, 33],
    ],
  );
  // §8 (RFC 3986 §3.2.1 deprecates "user:password").
  assert.ok(lint("http://user:pw@a/").some((d) => d.code === "password-in-userinfo" && d.section === "8"));
  // §4.4's example 10 (digits next to a right-to-left label) is advice: the catalogue's
  // severity "note" (src/checks/diagnostic.rs CODES), a third value beside error and warning.
  const numericLabel = lint("http://ab.\u05d2\u05d3\u05d4\u05d5\u05d6\u05d7.123/kl/mn/op.html").find(
    (d) => d.code === "bidi-numeric-component",
  );
  assert.deepEqual([numericLabel?.severity, numericLabel?.section], ["note", "4.4"]);
});

test("lint: a lone surrogate is reported as itself, at its UTF-16 index (full entry)", () => {
  // The input holds U+DC80 at index 9, no U+FFFD. The diagnostic is the syntax error there,
  // one unit long, and it speaks of the character the input holds: a lone surrogate, which
  // no encoding can carry, not a U+FFFD to percent-encode as %EF%BF%BD (the contract turns a
  // lone surrogate into an error of its own kind; the Python package's lint names it too).
  const found = full.lint("http://a/\udc80");
  assert.equal(found.length, 1);
  const [d] = found;
  assert.deepEqual([d.code, d.severity, d.start, d.end], ["syntax", "error", 9, 10]);
  assert.ok(!d.message.includes("U+FFFD") && !d.message.includes("%EF%BF%BD"), d.message);
  assert.ok(/U\+DC80|lone surrogate/i.test(d.message), d.message);
});
