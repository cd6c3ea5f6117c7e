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
import { soup } from "./helpers.js";

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
