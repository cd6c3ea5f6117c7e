// The playground page in headless Chromium, against the ids and attributes index.html and
// app.js give the results (listed at the top of app.js). Every expected value comes from the text of
// RFC 3987 or RFC 3986, from the library's documented conventions (js/index.d.ts, doc tests in
// src/), or from the reasoning written beside it — never from the page's own output.
//
// Run: playground/build.sh (assembles playground/dist), then `node --test test/` here.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  skipReason,
  startServer,
  launchBrowser,
  withPage,
  newPage,
  waitShown,
  setField,
  fullState,
  hashOf,
  stateOfHash,
  text,
  status,
  assertStatus,
  hebrew,
  components,
  inputView,
  errorBox,
  treeNodes,
  expandTree,
  ladder,
  lintItems,
  luminance,
} from "./helpers.js";

const skip = skipReason();
let server;
let browser;

before(async () => {
  if (skip) return;
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** A test of the page: skipped without the built page or Chromium; a minute at most. */
function pageTest(name, body, timeout = 60_000) {
  test(name, { skip, timeout }, body);
}

/** Runs `body` in a fresh page opened at `state`. */
const at = (state, body, options) => withPage(browser, server, state, body, options);

// ---------------------------------------------------------------------------------------------
// The page itself

pageTest("the inputs are labelled and the rule list starts with the eight start symbols", async () => {
  await at({ iri: "http://example.org/" }, async ({ page }) => {
    for (const id of ["iri", "rule", "base"]) {
      assert.equal(await page.$(`label[for="${id}"]`) !== null, true, `no <label for="${id}">`);
    }
    assert.equal(await page.$eval("#iri", (el) => el.localName), "textarea");
    assert.equal(await page.$eval("#rule", (el) => el.value), "IRI-reference");
    assert.equal(await page.$eval("#base", (el) => el.value), "");
    const options = await page.$$eval("datalist#rules option", (os) => os.map((o) => o.value));
    // js/index.d.ts, StartSymbol.
    const starts = ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "URI-reference", "URI", "absolute-URI", "relative-ref"];
    assert.deepEqual([...options.slice(0, 8)].sort(), [...starts].sort());
    // Rules of RFC 3987 §2.2 and RFC 3986 beyond the start symbols.
    for (const rule of ["ihost", "isegment", "IPv4address", "IPv6address", "dec-octet", "ucschar", "scheme"]) {
      assert.ok(options.includes(rule), `datalist#rules lacks ${rule}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 1. Components

pageTest("components of RFC 3986 §3's example", async () => {
  // RFC 3986 §3:  foo://example.com:8042/over/there?name=ferret#nose
  //               \_/   \______________/\_________/ \_________/ \__/
  //              scheme     authority       path        query   fragment
  // UTF-16 indices (all ASCII, one unit each): "foo" 0–3, "://" 3–6, "example.com" 6–17,
  // ":" 17, "8042" 18–22, "/over/there" 22–33, "?" 33, "name=ferret" 34–45, "#" 45, "nose" 46–50.
  const iri = "foo://example.com:8042/over/there?name=ferret#nose";
  await at({ iri }, async ({ page }) => {
    await assertStatus(page, true, "IRI-reference");
    assert.equal(await page.$eval("#error", (el) => el.hidden), true);
    const { rows } = await components(page);
    assert.deepEqual(rows, {
      scheme: { value: "foo", kind: "", span: "0–3" },
      authority: { value: "example.com:8042", kind: "", span: "6–22" }, // without the "//" (index.d.ts)
      host: { value: "example.com", kind: "reg-name", span: "6–17" },
      port: { value: "8042", kind: "", span: "18–22" },
      // An authority is present, so the path is path-abempty (RFC 3986 §3.3).
      path: { value: "/over/there", kind: "ipath-abempty", span: "22–33" },
      query: { value: "name=ferret", kind: "", span: "34–45" },
      fragment: { value: "nose", kind: "", span: "46–50" },
    });
    // The spans and the delimiters between them give the input back.
    const view = await inputView(page);
    assert.equal(view.text, iri);
    assert.deepEqual(view.pieces, [
      { component: "scheme", text: "foo" },
      { component: null, text: "://" },
      { component: "host", text: "example.com" },
      { component: null, text: ":" },
      { component: "port", text: "8042" },
      { component: "path", text: "/over/there" },
      { component: null, text: "?" },
      { component: "query", text: "name=ferret" },
      { component: null, text: "#" },
      { component: "fragment", text: "nose" },
    ]);
    assert.equal(view.fault, null);
  });
});

pageTest("components of an IRI with non-ASCII and astral characters, spans in UTF-16", async () => {
  // RFC 3987 §3.1: http://r&#xE9;sum&#xE9;.example.org — é is U+00E9, one UTF-16 unit.
  // "http://" 0–7, "résumé.example.org" (6 + 12 units) 7–25, and the path is empty, after an
  // authority: ipath-abempty (RFC 3987 §2.2, iauthority ipath-abempty).
  await at({ iri: "http://r\u00e9sum\u00e9.example.org" }, async ({ page }) => {
    const { rows } = await components(page);
    assert.deepEqual(rows.host, { value: "r\u00e9sum\u00e9.example.org", kind: "reg-name", span: "7–25" });
    assert.deepEqual(rows.path, { value: "", kind: "ipath-abempty", span: "25–25" });
    assert.equal(rows.port, undefined);
    assert.equal(rows.query, undefined);
  });
  // RFC 3987 §3.1's non-BMP example (Old Italic U+10300..U+10302, ucschar %x10000-1FFFD), with
  // a query: each letter is a surrogate pair, two UTF-16 units. "http://example.com" is 18
  // units; the path "/" + 3 × 2 = 7 units, 18–25; "?" at 25; the query "q" 26–27.
  const astral = "http://example.com/\u{10300}\u{10301}\u{10302}?q";
  await at({ iri: astral }, async ({ page }) => {
    const { rows } = await components(page);
    assert.deepEqual(rows.host, { value: "example.com", kind: "reg-name", span: "7–18" });
    assert.deepEqual(rows.path, { value: "/\u{10300}\u{10301}\u{10302}", kind: "ipath-abempty", span: "18–25" });
    assert.deepEqual(rows.query, { value: "q", kind: "", span: "26–27" });
    assert.equal((await inputView(page)).text, astral);
  });
});

pageTest("an IPv6 host keeps its brackets and is of kind ipv6", async () => {
  // RFC 3986 §1.1.2's example. js/index.d.ts: host is "the host as written; an IP literal keeps
  // its brackets", hostKind "ipv6" for an IPv6address. "ldap://" 0–7, "[2001:db8::7]" (13
  // units) 7–20, "/c=GB" 20–25, "?" 25, "objectClass?one" (15 units; "?" is a query
  // character) 26–41. No port.
  const iri = "ldap://[2001:db8::7]/c=GB?objectClass?one";
  await at({ iri }, async ({ page }) => {
    const { rows } = await components(page);
    assert.deepEqual(rows.host, { value: "[2001:db8::7]", kind: "ipv6", span: "7–20" });
    assert.deepEqual(rows.authority, { value: "[2001:db8::7]", kind: "", span: "7–20" });
    assert.deepEqual(rows.path, { value: "/c=GB", kind: "ipath-abempty", span: "20–25" });
    assert.deepEqual(rows.query, { value: "objectClass?one", kind: "", span: "26–41" });
    assert.equal(rows.port, undefined);
    const view = await inputView(page);
    assert.equal(view.text, iri);
    assert.deepEqual(view.pieces.find((p) => p.component === "host"), { component: "host", text: "[2001:db8::7]" });
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Errors

pageTest("a space in a path: position, component, rule and the character marked", async () => {
  // tests/data/mistakes.tsv: "http://example.org/a b" fails at offset 20 in the path; the rule
  // at a space in a path segment is isegment (tests/errors.rs). UTF-16: "http://" 7 +
  // "example.org" 11 = 18, "/" 18, "a" 19, the space 20.
  const iri = "http://example.org/a b";
  await at({ iri: "http://example.org/" }, async ({ page }) => {
    await setField(page, "iri", iri, { iri }, { typing: true });
    await assertStatus(page, false, "IRI-reference");
    const error = await errorBox(page);
    assert.equal(error.hidden, false);
    assert.equal(error.position, "20");
    assert.equal(error.component, "path");
    assert.equal(error.rule, "isegment");
    assert.ok(error.message.includes(iri), `the message quotes the input: ${error.message}`);
    // The caret line: "^" under the space, 20 characters into the quoted input (all ASCII, so
    // characters and columns agree).
    const lines = error.message.split("\n");
    const quoted = lines.findIndex((line) => line.includes(iri));
    assert.ok(quoted >= 0 && quoted + 1 < lines.length, `a caret line follows the input: ${error.message}`);
    assert.equal(lines[quoted + 1].indexOf("^"), lines[quoted].indexOf(iri) + 20, error.message);
    assert.ok(error.expected.length > 0 && error.reason.length > 0);
    const view = await inputView(page);
    assert.equal(view.text, iri);
    assert.equal(view.fault, " ");
    // The fix: the space percent-encoded as RFC 3987 §3.1 step 2 does (U+0020 is the byte
    // 0x20: "%20"), a link that loads it, which is then valid.
    const repaired = "http://example.org/a%20b";
    assert.equal(await page.$eval("#error-fix a code", (c) => c.textContent), repaired);
    await page.click("#error-fix a");
    await waitShown(page, { iri: repaired, rule: "IRI-reference", base: "" });
    await assertStatus(page, true, "IRI-reference");
    assert.equal(await page.$eval("#error", (e) => e.hidden), true);
  });
});

pageTest("no repair is offered where encoding cannot mend the reference or would change it", async () => {
  const cases = [
    // As an IRI (rule IRI), "//example.org/a" has no scheme (RFC 3987 §2.2: IRI = scheme ":"
    // ihier-part …); encoding the "/" at fault gives none either.
    { iri: "//example.org/a", rule: "IRI" },
    // A second "@" in the authority: encoded, it would put "evil@" into the host (RFC 3986
    // §2.2: a reserved character encoded is another reference).
    { iri: "http://user@evil@example.org/" },
    // White space before a reference is no part of it (RFC 3986 Appendix C).
    { iri: " http://example.org/" },
  ];
  await at(cases[0], async ({ page }) => {
    for (const state of cases) {
      await page.evaluate((h) => (location.hash = h), hashOf(state));
      await waitShown(page, state);
      assert.equal((await status(page)).valid, "false", state.iri);
      assert.equal(await page.$eval("#error-fix a", () => true).catch(() => false), false, state.iri);
      assert.match(await page.$eval("#error-fix", (e) => e.textContent), /^—/, state.iri);
    }
  });
});

pageTest("values are shown with controls and bidi characters escaped", async () => {
  // U+2067 RIGHT-TO-LEFT ISOLATE is no §4.1 bidi formatting character (those are LRM, RLM,
  // LRE, RLE, LRO, RLO, PDF) and is in ucschar (%xA0-D7FF), so this is an IRI; shown raw it
  // would reorder what follows it. The library's printable writes it as \u{2067}.
  const iri = "http://example.org/\u2067ab/(c)!";
  await at({ iri }, async ({ page }) => {
    await assertStatus(page, true, "IRI-reference");
    const path = "/\\u{2067}ab/(c)!";
    assert.equal((await components(page)).rows.path.value, path);
    assert.equal((await ladder(page)).syntax.value, `http://example.org${path}`);
    assert.equal((await inputView(page)).text.includes("\\u{2067}"), true);
  });
});

pageTest("an error after an astral character is at its UTF-16 index", async () => {
  // "http://example.com/" is 19 units; U+10300 takes 19 and 20 (a surrogate pair); the space
  // is at 21 (at 22 in UTF-8 bytes: U+10300 is 4 bytes, so a byte count would say 23).
  const iri = "http://example.com/\u{10300} b";
  await at({ iri }, async ({ page }) => {
    const error = await errorBox(page);
    assert.equal(error.hidden, false);
    assert.equal(error.position, "21");
    assert.equal(error.component, "path");
    assert.equal((await inputView(page)).fault, " ");
  });
});

// ---------------------------------------------------------------------------------------------
// 3. The rule

pageTest("the rule chosen: 192.0.2.1 is an IPv4address but not an IRI", async () => {
  const iri = "192.0.2.1";
  await at({ iri }, async ({ page }) => {
    // As an IRI-reference it is a relative reference whose path is one segment (digits and "."
    // are iunreserved): valid.
    assert.equal((await status(page)).valid, "true");
    await setField(page, "rule", "IPv4address", { iri, rule: "IPv4address" }, { typing: true });
    await assertStatus(page, true, "IPv4address");
    assert.equal(await page.$eval("#error", (el) => el.hidden), true);
    // src/abnf.rs doc test: the tree of IPv4address "192.0.2.1".
    assert.deepEqual(
      (await treeNodes(page)).map((n) => [n.depth, n.text, n.rule]),
      [
        [0, 'IPv4address 0..9 "192.0.2.1"', "IPv4address"],
        [1, 'dec-octet 0..3 "192"', "dec-octet"],
        [1, 'dec-octet 4..5 "0"', "dec-octet"],
        [1, 'dec-octet 6..7 "2"', "dec-octet"],
        [1, 'dec-octet 8..9 "1"', "dec-octet"],
      ],
    );
    // IRI = scheme ":" ihier-part …, scheme = ALPHA *( … ): "1" cannot start a scheme, so the
    // error is at 0, in the scheme (tests/data/mistakes.tsv: "1http://example.org/" as IRI).
    await setField(page, "rule", "IRI", { iri, rule: "IRI" }, { typing: true });
    await assertStatus(page, false, "IRI");
    const error = await errorBox(page);
    assert.equal(error.hidden, false);
    assert.equal(error.position, "0");
    assert.equal(error.component, "scheme");
    assert.equal((await inputView(page)).fault, "1");
  });
});

// ---------------------------------------------------------------------------------------------
// 4. The parse tree

pageTest("the parse tree: lines as `iri tree` prints them, nesting, folding by keyboard", async () => {
  // src/tree.rs doc test: the tree of "a:b?c" as an IRI-reference (byte ranges, Debug quotes).
  const expected = [
    [0, 'IRI-reference 0..5 "a:b?c"', "IRI-reference"],
    [1, 'IRI 0..5 "a:b?c"', "IRI"],
    [2, 'scheme 0..1 "a"', "scheme"],
    [2, 'ihier-part 2..3 "b"', "ihier-part"],
    [3, 'ipath-rootless 2..3 "b"', "ipath-rootless"],
    [4, 'isegment-nz 2..3 "b"', "isegment-nz"],
    [2, 'iquery 4..5 "c"', "iquery"],
  ];
  await at({ iri: "a:b?c" }, async ({ page }) => {
    // The first three levels are open (depths 0–2); deeper nodes are closed, and nodes without
    // children are leaves. Children of a closed node may not be in the DOM yet, so this looks
    // at the nodes down to depth 3 only.
    const shallow = (await treeNodes(page)).filter((n) => n.depth <= 3);
    assert.deepEqual(
      shallow.map((n) => [n.text, n.leaf, n.open]),
      [
        [expected[0][1], false, true],
        [expected[1][1], false, true],
        [expected[2][1], true, null],
        [expected[3][1], false, true],
        [expected[4][1], false, false],
        [expected[6][1], true, null],
      ],
    );
    // Unfolded, the whole tree, line for line.
    await expandTree(page);
    const nodes = await treeNodes(page);
    assert.deepEqual(nodes.map((n) => [n.depth, n.text, n.rule]), expected);
    assert.deepEqual(nodes.filter((n) => n.leaf).map((n) => n.rule), ["scheme", "isegment-nz", "iquery"]);
    // The scheme node is inside the root's <details>.
    assert.equal(
      await page.$eval("#tree", (tree) => {
        const root = tree.querySelector("details.node");
        return root.dataset.rule === "IRI-reference" && root.contains(tree.querySelector('[data-rule="scheme"]'));
      }),
      true,
    );
    // Enter on a focused summary folds its node, and Enter again unfolds it.
    const rootOpen = () => page.$eval("#tree details.node", (d) => d.open);
    await page.focus("#tree details.node > summary");
    await page.keyboard.press("Enter");
    assert.equal(await rootOpen(), false);
    await page.keyboard.press("Enter");
    assert.equal(await rootOpen(), true);
  });
  // Ranges are of the UTF-8 form: "é" is 2 bytes, so "http://é" is 0..9 though 8 UTF-16 units.
  await at({ iri: "http://\u00e9" }, async ({ page }) => {
    assert.equal((await treeNodes(page))[0].text, 'IRI-reference 0..9 "http://\u00e9"');
  });
});

// ---------------------------------------------------------------------------------------------
// 5. The ladder

/** Opens the page at each IRI in turn and checks the ladder rows named in `steps`. */
async function checkLadder(cases) {
  await at({ iri: cases[0][0] }, async ({ page }) => {
    for (const [iri, steps] of cases) {
      await setField(page, "iri", iri, { iri });
      const rows = await ladder(page);
      for (const [step, value] of Object.entries(steps)) {
        assert.deepEqual(rows[step], { value, error: false }, `${step} of ${JSON.stringify(iri)}`);
      }
    }
  });
}

pageTest("the ladder: normalization (RFC 3987 §5.3.2)", async () => {
  await checkLadder([
    // §5.3.2.1: "HTTP://www.EXAMPLE.com/" is equivalent to "http://www.example.com/" (scheme
    // and US-ASCII host to lowercase). Nothing else in it changes on the later rungs (an ASCII
    // text is NFC; the lowercase ASCII name is its own IDN form; the path is already "/" and
    // there is no port), and §3.1/§3.2 mappings change no ASCII character outside "%XX".
    [
      "HTTP://www.EXAMPLE.com/",
      {
        syntax: "http://www.example.com/",
        scheme: "http://www.example.com/",
        nfc: "http://www.example.com/",
        idn: "http://www.example.com/",
        "to-uri": "HTTP://www.EXAMPLE.com/",
        "to-iri": "HTTP://www.EXAMPLE.com/",
      },
    ],
    // §5.3.2.3 (RFC 3986 §2.3, §6.2.2.2): "%7e" is the unreserved "~": the hex digits are
    // case-insensitive and the triplet decodes. §3.2 step 2 decodes it too ("~" is neither
    // "%", reserved, nor disallowed); §3.1 leaves percent-encodings as they are.
    [
      "http://example.org/%7euser",
      {
        syntax: "http://example.org/~user",
        "to-uri": "http://example.org/%7euser",
        "to-iri": "http://example.org/~user",
      },
    ],
  ]);
});

pageTest("the ladder: IRI to URI and URI to IRI (RFC 3987 §3.1, §3.2.1)", async () => {
  await checkLadder([
    // §3.1, note on step 2.3: existing percent-encodings stay, é becomes %C3%A9.
    ["http://www.example.org/red%09ros\u00e9#red", { "to-uri": "http://www.example.org/red%09ros%C3%A9#red" }],
    // §3.1: "http://r&#xE9;sum&#xE9;.example.org" may be converted to
    // "http://xn--rsum-bpad.example.org" (ToASCII) instead of "http://r%C3%A9sum%C3%A9.example.org".
    [
      "http://r\u00e9sum\u00e9.example.org",
      { "to-uri": "http://r%C3%A9sum%C3%A9.example.org", "to-uri-idna": "http://xn--rsum-bpad.example.org" },
    ],
    // §3.1's non-BMP note: the three Old Italic letters become their UTF-8 octets.
    ["http://example.com/\u{10300}\u{10301}\u{10302}", { "to-uri": "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82" }],
    // §3.2.1, first example: %C3%BC is UTF-8 for U+00FC; step 5 gives the character.
    ["http://www.example.org/D%C3%BCrst", { "to-iri": "http://www.example.org/D\u00fcrst" }],
    // §3.2.1, second: <fc> is not UTF-8 and is re-percent-encoded (step 3).
    ["http://www.example.org/D%FCrst", { "to-iri": "http://www.example.org/D%FCrst" }],
    // §3.2.1, third: U+202E is forbidden in an IRI (§4.1), re-encoded in uppercase (step 4);
    // the punycode label stays, unless ToUnicode is applied: U+7D0D U+8C46 (Natto).
    [
      "http://xn--99zt52a.example.org/%e2%80%ae",
      {
        "to-iri": "http://xn--99zt52a.example.org/%E2%80%AE",
        "to-iri-idn": "http://\u7d0d\u8c46.example.org/%E2%80%AE",
      },
    ],
  ]);
});

// ---------------------------------------------------------------------------------------------
// 6. Resolution

pageTest("resolution against RFC 3986 §5.4.1's base, and the relativized form", async () => {
  const base = "http://a/b/c/d;p?q";
  // RFC 3986 §5.4.1 "Normal Examples". The shortest reference is clear where it is given:
  // "g", "?y", "#s", "g?y#s" are already minimal (a shorter one would resolve elsewhere), and
  // "//g" is the only way to another authority below "http://g" itself. For "../g", "/b/g"
  // is as short, so only the length is checked there — and, for every case, that the
  // relativized reference resolves back to the target.
  const cases = [
    ["g", "http://a/b/c/g", "g"],
    ["../g", "http://a/b/g", null],
    ["?y", "http://a/b/c/d;p?y", "?y"],
    ["#s", "http://a/b/c/d;p?q#s", "#s"],
    ["g?y#s", "http://a/b/c/g?y#s", "g?y#s"],
    ["//g", "http://g", "//g"],
  ];
  await at({ iri: "g" }, async ({ page }) => {
    // No base: nothing resolved.
    assert.equal(await text(page, "#resolved"), "");
    await setField(page, "base", base, { iri: "g", base }, { typing: true });
    for (const [reference, target, shortest] of cases) {
      await setField(page, "iri", reference, { iri: reference, base });
      assert.equal(await text(page, "#resolved"), target, `${reference} against ${base}`);
      const relativized = await text(page, "#relativized");
      if (shortest !== null) assert.equal(relativized, shortest, `relativize(${base}, ${target})`);
      else assert.ok(relativized.length <= reference.length, `relativize(${base}, ${target}) = ${relativized}`);
      // The relativized reference resolves to the same target.
      await setField(page, "iri", relativized, { iri: relativized, base });
      assert.equal(await text(page, "#resolved"), target, `${relativized} (relativized) against ${base}`);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 7. Lint

pageTest("lint: codes, severities and links to the RFC's sections", async () => {
  // src/checks/mod.rs doc test: these three codes, in this order; severities and sections
  // from CODES in src/checks/diagnostic.rs.
  await at({ iri: "http://Example.org:80/a/./b" }, async ({ page }) => {
    const items = await lintItems(page);
    const rfc = (n) => `https://www.rfc-editor.org/rfc/rfc3987#section-${n}`;
    assert.deepEqual(
      items.map(({ code, severity, href, section }) => ({ code, severity, href, section })),
      [
        { code: "default-port", severity: "warning", href: rfc("5.3.3"), section: "§5.3.3" },
        { code: "uppercase-host", severity: "warning", href: rfc("5.3.2.1"), section: "§5.3.2.1" },
        { code: "dot-segments", severity: "warning", href: rfc("5.3.2.4"), section: "§5.3.2.4" },
      ],
    );
    for (const item of items) assert.ok(item.message, `${item.code} has a message`);
  });
});

// ---------------------------------------------------------------------------------------------
// 8. Bidi

pageTest("bidi: RFC 3987 §4.4 example 1 in Hebrew, its display form and visual order", async () => {
  // §4.4 Example 1: logical "http://ab.CDEFGH.ij/kl/mn/op.html", visual
  // "http://ab.HGFEDC.ij/kl/mn/op.html": the one rtl component is inverted.
  const iri = hebrew("http://ab.CDEFGH.ij/kl/mn/op.html");
  await at({ iri }, async ({ page }) => {
    assert.equal(await page.$eval("#bidi", (el) => el.hidden), false);
    assert.equal(await text(page, "#visual-order"), hebrew("http://ab.HGFEDC.ij/kl/mn/op.html"));
    assert.equal(await page.$eval("#visual-order", (el) => [el.localName, el.getAttribute("dir")].join()), "bdo,ltr");
    // §4.1: rendered as in a left-to-right embedding, LRE (U+202A) … PDF (U+202C); written
    // as escapes, as rfc3987::printable writes them (src/error.rs).
    assert.equal(await text(page, "#display-form"), `\\u{202A}${iri}\\u{202C}`);
    assert.equal(await text(page, "#display-rendered"), `\u202A${iri}\u202C`);
  });
  await at({ iri: "http://ab.cdefgh.ij/kl/mn/op.html" }, async ({ page }) => {
    assert.equal(await page.$eval("#bidi", (el) => el.hidden), true);
  });
});

// ---------------------------------------------------------------------------------------------
// 9. The state in the URL, and the examples

pageTest("once loaded, the page works offline: nothing more is requested", async () => {
  // Everything (the worker, the package, its WebAssembly module) loads at the start; after
  // that the network is cut, and an example link and typing still give results. A request
  // made offline would fail, and newPage records failed requests as errors.
  await at({ iri: "http://example.org/" }, async ({ page }) => {
    const requests = [];
    page.on("request", (request) => requests.push(request.url()));
    await page.setOfflineMode(true);
    const iri = "ldap://[2001:db8::7]/c=GB?objectClass?one"; // RFC 3986 §1.1.2
    await setField(page, "iri", iri, { iri });
    await assertStatus(page, true, "IRI-reference");
    assert.equal((await components(page)).rows.host.kind, "ipv6");
    await page.click('#examples a[href*="my%20file"]');
    await waitShown(page, { iri: "http://example.org/my file.html" });
    assert.deepEqual(requests, []);
  });
});

pageTest("a link with a state in its fragment opens that state", async () => {
  // RFC 3986 §5.4.1: "g;x?y#s" against "http://a/b/c/d;p?q" is "http://a/b/c/g;x?y#s". The
  // keys in another order than the page writes them, and characters encodeURIComponent
  // escapes ("/", "?", "#", ";", ":").
  const state = { iri: "g;x?y#s", rule: "irelative-ref", base: "http://a/b/c/d;p?q" };
  const hash = `#iri=${encodeURIComponent(state.iri)}&base=${encodeURIComponent(state.base)}&rule=${state.rule}`;
  const { page, errors } = await newPage(browser);
  try {
    await page.goto(server.url + hash);
    await waitShown(page, state);
    assert.deepEqual(
      await page.evaluate(() => ["iri", "rule", "base"].map((id) => document.getElementById(id).value)),
      [state.iri, state.rule, state.base],
    );
    await assertStatus(page, true, "irelative-ref");
    assert.equal(await text(page, "#resolved"), "http://a/b/c/g;x?y#s");
    // A new hash (hashchange) loads its state too.
    const next = { iri: "http://example.org/a b" };
    await page.evaluate((h) => (location.hash = h), hashOf(next));
    await waitShown(page, next);
    assert.equal(await page.$eval("#rule", (el) => el.value), "IRI-reference");
    assert.equal(await page.$eval("#base", (el) => el.value), "");
    assert.equal((await status(page)).valid, "false");
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

pageTest("typing updates the location hash, and opening that URL gives the same view", async () => {
  // "&", "=", "#" and a non-ASCII character in the IRI must survive the hash.
  const state = { iri: "http://example.org/\u00fc?a=b&c=d#f", rule: "IRI", base: "http://a/" };
  let url;
  let view;
  const read = (page) =>
    page.evaluate(() => ({
      inputs: ["iri", "rule", "base"].map((id) => document.getElementById(id).value),
      status: document.getElementById("status").textContent,
      resolved: document.getElementById("resolved").textContent,
      tree: document.getElementById("tree").textContent,
    }));
  await at({ iri: "x" }, async ({ page }) => {
    await setField(page, "iri", state.iri, { iri: state.iri }, { typing: true });
    await setField(page, "rule", state.rule, { iri: state.iri, rule: state.rule }, { typing: true });
    await setField(page, "base", state.base, state, { typing: true });
    const hash = await page.evaluate(() => location.hash);
    // Only the contract's keys, each value as encodeURIComponent writes it.
    assert.deepEqual(stateOfHash(hash), fullState(state), `the hash ${hash}`);
    for (const pair of hash.slice(1).split("&")) {
      const [key, value] = pair.split("=");
      assert.ok(["iri", "rule", "base"].includes(key), `unexpected key in ${hash}`);
      assert.equal(value, encodeURIComponent(decodeURIComponent(value)), `${key} in ${hash}`);
    }
    url = await page.url();
    view = await read(page);
    // Back to the default rule: "rule" leaves the hash.
    await setField(page, "rule", "IRI-reference", { iri: state.iri, base: state.base });
    assert.doesNotMatch(await page.evaluate(() => location.hash), /(^#|&)rule=/);
  });
  const { page, errors } = await newPage(browser);
  try {
    await page.goto(url);
    await waitShown(page, state);
    assert.deepEqual(await read(page), view);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
});

pageTest("the examples: each link shows its state; only the mistake is invalid", async () => {
  await at({ iri: "x", rule: "IRI", base: "http://a/" }, async ({ page }) => {
    const hrefs = await page.$$eval('#examples a[href^="#iri="]', (as) => as.map((a) => a.getAttribute("href")));
    // RFC §3.1, §3.2, §4.4, §5.3 examples, an IPv6 host, a mistake.
    assert.ok(hrefs.length >= 6, `${hrefs.length} example links`);
    const invalid = [];
    for (const [i, href] of hrefs.entries()) {
      const link = (await page.$$('#examples a[href^="#iri="]'))[i];
      if (i === 0) {
        // By keyboard: focus, Enter.
        await link.focus();
        await page.keyboard.press("Enter");
      } else {
        await link.click();
      }
      const state = stateOfHash(href);
      await waitShown(page, state);
      // The inputs show the example's state, defaults included (rule and base reset).
      assert.deepEqual(
        await page.evaluate(() => ["iri", "rule", "base"].map((id) => document.getElementById(id).value)),
        [state.iri, state.rule, state.base],
      );
      if ((await status(page)).valid !== "true") invalid.push(href);
    }
    assert.equal(invalid.length, 1, `exactly one example (the mistake) is invalid: ${invalid.join(" ")}`);
  });
});

// ---------------------------------------------------------------------------------------------
// 10. Colour scheme, 11. phone width

pageTest("the dark colour scheme darkens the background, the light one lightens it", async () => {
  for (const [scheme, dark] of [["dark", true], ["light", false]]) {
    const { page, errors } = await newPage(browser);
    try {
      await page.emulateMediaFeatures([{ name: "prefers-color-scheme", value: scheme }]);
      await page.goto(server.url + hashOf({ iri: "http://example.org/" }));
      await waitShown(page, { iri: "http://example.org/" });
      const background = await page.$eval("body", (b) => getComputedStyle(b).backgroundColor);
      const y = await luminance(page, background);
      if (dark) assert.ok(y < 0.2, `${scheme}: body background ${background}, luminance ${y.toFixed(3)}`);
      else assert.ok(y > 0.8, `${scheme}: body background ${background}, luminance ${y.toFixed(3)}`);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  }
});

pageTest("at a phone's width, a long input does not make the page scroll sideways", async () => {
  // Long unbreakable runs in every component: host labels, a path segment, a query; then the
  // same with an error at the end (the error message and caret line are as long).
  const long = `http://${"label".repeat(12)}.example.org/${"segment".repeat(40)}?${"query=value".repeat(30)}`;
  for (const iri of [long, `${long} x`]) {
    await at(
      { iri },
      async ({ page }) => {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 375, `scrollWidth ${width} > 375 for ${iri.length} characters`);
      },
      { viewport: { width: 375, height: 740, deviceScaleFactor: 1, isMobile: true, hasTouch: true } },
    );
  }
});

// ---------------------------------------------------------------------------------------------
// 12. A long input

/**
 * Runs `work` while a heartbeat on the page's main thread (a 20 ms timer chain) records the
 * longest gap between two ticks: `{ max, at, now }` in ms, `at` when the longest gap ended
 * and `now` when `work` was done, both from its start. The parse and everything derived from
 * it run in the worker; the main thread only hands the text over and writes the results into
 * the DOM. A gap over 2 s means the user could not type, scroll or click for 2 s — far beyond
 * timer jitter (a few ms) or the 1 s clamp of a background tab (this tab is in the
 * foreground), so the bound fails only when the main thread really blocks.
 */
async function heartbeat(page, work) {
  await page.evaluate(() => {
    const beat = (window.__beat = { start: performance.now(), last: performance.now(), max: 0, at: 0, on: true });
    const tick = () => {
      const now = performance.now();
      if (now - beat.last > beat.max) [beat.max, beat.at] = [now - beat.last, now - beat.start];
      beat.last = now;
      if (beat.on) setTimeout(tick, 20);
    };
    setTimeout(tick, 20);
  });
  await work();
  return page.evaluate(() => {
    window.__beat.on = false;
    return { max: window.__beat.max, at: window.__beat.at, now: performance.now() - window.__beat.start };
  });
}

pageTest(
  "a 100 KB input: the page stays responsive while the worker computes, then shows the result",
  async () => {
    const iri = `http://example.org/${"a/".repeat(50_000)}`; // 100,019 characters, a valid IRI
    await at({ iri: "http://example.org/" }, async ({ page }) => {
      const beat = await heartbeat(page, () => setField(page, "iri", iri, { iri }, { timeout: 60_000 }));
      assert.ok(
        beat.max < 2000,
        `the main thread was blocked for ${Math.round(beat.max)} ms, ending ${Math.round(beat.at)} ms ` +
          `after the input was set (results shown at ${Math.round(beat.now)} ms)`,
      );
      await assertStatus(page, true, "IRI-reference");
      // A value this long is shown cut, with a button that shows it whole (laying out eight
      // 100 KB ladder values at once held the page for most of a second): the path is
      // "/" + "a/" × 50,000, 100,001 characters.
      const path = `/${"a/".repeat(50_000)}`;
      const cell = 'tr[data-component="path"] td.value';
      const cut = await page.$eval(cell, (td) => ({ text: td.textContent, button: td.querySelector("button")?.textContent }));
      assert.ok(cut.text.startsWith(path.slice(0, 1000)) && cut.text.length < 3000, "cut");
      assert.equal(cut.button, "show all 100,001 characters");
      await page.click(`${cell} button`);
      assert.equal(await page.$eval(cell, (td) => td.textContent), path);
    });
  },
  120_000,
);

pageTest(
  "a long right-to-left IRI and long prose do not hold the page either",
  async () => {
    // 50 KB of Hebrew path segments: every top node of the tree and the bidi section quote
    // all of it. Right-to-left text is costly to lay out, and Chromium's own textarea is the
    // costliest part: 0.4-0.6 s for these 50 KB alone on an idle machine here, 1.3-1.8 s for
    // 100 KB, and over 2 s for 50 KB once on CI's two busy cores, before the page does
    // anything. So the text is put in the field and laid out first, and only the input event
    // and what the page does with it run under the heartbeat (0.2 s at most here with both
    // cores busy). Then 100 KB of prose, invalid at its first space, whose repair would encode
    // thousands of spaces (at most MAX_REPAIRS = 256 are tried), followed at once by a short
    // IRI, which must not wait behind it.
    const rtl = `http://example.org/${"\u05D0/".repeat(25_000)}`;
    const prose = "lorem ipsum ".repeat(8_400);
    await at({ iri: "http://example.org/" }, async ({ page }) => {
      await page.$eval("#iri", (el, v) => {
        el.value = v;
        return el.offsetHeight; // lays the field out now
      }, rtl);
      let beat = await heartbeat(page, async () => {
        await page.$eval("#iri", (el) => el.dispatchEvent(new Event("input", { bubbles: true })));
        await waitShown(page, { iri: rtl }, 60_000);
      });
      assert.ok(beat.max < 2000, `right-to-left: the main thread was blocked for ${Math.round(beat.max)} ms`);
      await assertStatus(page, true, "IRI-reference");
      assert.equal(await page.$eval("#bidi", (el) => el.hidden), false);
      const short = "http://example.org/a";
      beat = await heartbeat(page, async () => {
        await page.$eval("#iri", (el, v) => {
          el.value = v;
          el.dispatchEvent(new Event("input"));
        }, prose);
        await setField(page, "iri", short, { iri: short }, { timeout: 60_000 });
      });
      assert.ok(beat.max < 2000, `prose: the main thread was blocked for ${Math.round(beat.max)} ms`);
      await assertStatus(page, true, "IRI-reference");
    });
  },
  120_000,
);
