// Memory: calls into WebAssembly must give back what they allocate (the strings copied in,
// the results and errors copied out). A WebAssembly.Memory only grows, in 64 KiB pages, so a
// leak shows as a buffer that keeps growing: after a warm-up that lets the allocator reach
// its working size, a million isValid calls, and 100,000 parses and 100,000 IRIErrors, must
// leave `memory.buffer.byteLength` exactly where it was.
//
// The package does not export its memory; helpers.js `wasmMemory` reads it from the
// wasm-bindgen glue module each entry loads (the same module instance). Should that fail,
// these tests fall back on the process's resident set (process.memoryUsage().rss), with a
// generous bound (64 MiB), which only a gross leak exceeds; the test name says which.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as full from "../index.js";
import * as core from "../core.js";
import { wasmMemory } from "./helpers.js";

const ENTRIES = [
  ["rfc3987", full, "full"],
  ["rfc3987/core", core, "core"],
];

/** Valid and invalid inputs of every kind: ASCII, BMP, astral, long, lone surrogates. */
const VALID = [
  "http://example.org/",
  "http://user@例え.テスト:8080/a/b?q#f",
  "ldap://[2001:db8::7]/c=GB?objectClass?one",
  "http://a/😀/%F0%9F%98%80?\ue000#x",
  "../../g;x?y#s",
  "",
  `http://example.org/${"segment/".repeat(30)}`,
  `http://example.org/${"résumé/".repeat(30)}`,
];
const INVALID = [
  "http://a b/",
  "http://a/😀 x",
  "http://[1:2:3:4:5:6:7:8:9]/",
  "http://example.org/%zz",
  "http://a/\uD800",
  "\uDC00",
  "http://a/\u202e",
  `http://example.org/${"résumé/".repeat(30)} `,
];

const RSS_BOUND = 64 * 1024 * 1024;

for (const [name, api, entry] of ENTRIES) {
  const memory = await wasmMemory(entry);
  const measure = memory ? () => memory.buffer.byteLength : () => process.memoryUsage().rss;
  const how = memory ? "WebAssembly.Memory byte length" : "resident set (no WebAssembly.Memory found)";

  /** Runs `work` `warm` times, measures, runs it `count` times, and checks the growth. */
  function steady(work, warm, count) {
    for (let i = 0; i < warm; i++) work(i);
    const before = measure();
    for (let i = 0; i < count; i++) work(i);
    const after = measure();
    if (memory) {
      assert.equal(after, before, `grew from ${before} to ${after} bytes`);
    } else {
      assert.ok(after - before < RSS_BOUND, `the resident set grew by ${after - before} bytes`);
    }
  }

  test(`${name}: the module's WebAssembly.Memory is found (the exact measure, not the fallback)`, () => {
    assert.ok(memory, "helpers.js wasmMemory found no WebAssembly.Memory: the glue changed shape");
  });

  test(`${name}: a million isValid calls leave the ${how} as it was`, () => {
    const inputs = [...VALID, ...INVALID];
    let valid = 0;
    steady(
      (i) => {
        if (api.isValid(inputs[i % inputs.length])) valid++;
      },
      50_000,
      1_000_000,
    );
    // The calls did their work: VALID.length of every inputs.length were valid.
    assert.equal(valid, ((50_000 + 1_000_000) / inputs.length) * VALID.length);
  });

  test(`${name}: 100,000 parses and 100,000 IRIErrors leave the ${how} as it was`, () => {
    let hosts = 0;
    steady(
      (i) => {
        if (api.parse(VALID[i % VALID.length]).host !== null) hosts++;
      },
      10_000,
      100_000,
    );
    assert.ok(hosts > 0);
    let errors = 0;
    steady(
      (i) => {
        try {
          api.parse(INVALID[i % INVALID.length]);
        } catch (error) {
          if (error instanceof api.IRIError) errors++;
        }
      },
      10_000,
      100_000,
    );
    assert.equal(errors, 110_000);
  });

  test(`${name}: isValidMany, rules by name and the other passes leave the ${how} as it was`, () => {
    const batch = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? INVALID : VALID)[i % 8]);
    steady(() => api.isValidMany(batch), 1_000, 10_000);
    steady((i) => api.isValid("2001:db8::7", i % 2 ? "IPv6address" : "ihost"), 10_000, 100_000);
    steady(
      (i) => {
        const input = VALID[i % 3];
        api.normalize(input);
        api.resolve("http://a/b/c/d;p?q", "../g?y#s");
        api.relativize("http://a/b/c/d;p?q", "http://a/b/g");
        api.toUri(input);
        api.toIri("http://a/%C3%A9");
        api.parseTree(input);
        if (api.lint) api.lint(input);
      },
      2_000,
      20_000,
    );
  });
}
