// The module's scanner against the grammar, through both entries: isValid and isValidMany (the
// scanner, which in the module reads its runs sixteen bytes at a time with WebAssembly SIMD,
// src/scan/wide/wasm32.rs, and strings shorter than sixteen bytes a byte at a time) give the
// verdict parseTree gives (the pest grammar of grammar/*.pest, which shares no code with the
// scanner), on generated strings of the characters the runs decide on: every delimiter, "%"
// triplets, characters at the edges of the first bytes the wide runs take or leave, letters.
// The native twin of this test is `wide_runs_are_bytewise_runs` in src/scan/wide.rs.

import { test } from "node:test";
import assert from "node:assert/strict";
import * as full from "../index.js";
import * as core from "../core.js";

const PIECES = [
  ":", "/", "?", "#", "[", "]", "@", "%", "%41", "%4", " ", '"', "<", ">", "^", "`", "{", "|",
  "}", "\u007f", "\t", "a", "Z", "0", "9", "-", ".", "_", "~", "!", "$", "&", "'", "(", "*",
  "+", ",", ";", "=", "//", "s:", "http://", "1.2.3.4", "[::1]", "[v1.x]", "abcdefghijklmnop",
  "\u0080", "\u009f", "\u00a0", "\u00bf", "\u00c0", "\u07ff", "\u0800", "\u0fff", "\u1fff",
  "\u2000", "\u200e", "\u202a", "\u2fff", "\u3000", "\ud7ff", "\ue000", "\uf8ff", "\uf900",
  "\ufdd0", "\uffef", "\ufffe", "\u{10000}", "\u{1fffe}", "\u{e1000}", "\u{f0000}",
  "\u{10fffd}", "é", "日本語", "ру", "\ud800",
];

/** `count` strings of up to 39 pieces, from a xorshift generator seeded with `seed`. */
function soup(seed, count) {
  let state = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  const next = (n) => {
    state ^= (state << 13n) & mask;
    state ^= state >> 7n;
    state ^= (state << 17n) & mask;
    return Number(state % BigInt(n));
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: next(40) }, () => PIECES[next(PIECES.length)]).join(""),
  );
}

const SYMBOLS = ["IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "URI-reference"];
const STRINGS = soup(0x9e3779b9, 3000);

function parses(entry, input, rule) {
  try {
    entry.parseTree(input, rule);
    return true;
  } catch (error) {
    if (error instanceof entry.IRIError) return false;
    throw error;
  }
}

for (const [name, entry] of [["rfc3987", full], ["rfc3987/core", core]]) {
  test(`${name}: the scanner's verdicts are the grammar's on generated strings`, () => {
    const long = STRINGS.filter((s) => new TextEncoder().encode(s).length >= 16).length;
    assert.ok(long > 2000 && long < STRINGS.length, `${long} strings of sixteen bytes or more`);
    const wrong = [];
    let accepted = 0;
    for (const rule of SYMBOLS) {
      const many = entry.isValidMany(STRINGS, rule);
      STRINGS.forEach((input, i) => {
        const expected = parses(entry, input, rule);
        accepted += expected;
        const one = entry.isValid(input, rule);
        if (one !== expected || many[i] !== Number(expected)) {
          wrong.push(`${JSON.stringify(input)} as ${rule}: isValid ${one}, isValidMany ${many[i]}, the grammar ${expected}`);
        }
      });
    }
    assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} verdicts differ`);
    // Both verdicts occur, so that neither "always" nor "never" passes.
    assert.ok(accepted > 300 && accepted < SYMBOLS.length * STRINGS.length - 300, `${accepted} accepted`);
  });
}
