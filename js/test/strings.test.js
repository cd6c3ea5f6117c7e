// The JS String Builtins path (lib/strings.js, js/src/strings.wat) in Node. Node 20 has no
// builtins, so the module is given the two functions it imports in JavaScript, as the proposal
// defines them (`length`; `charCodeAt`, which traps past the end): what the module does with
// them is tested here, against `TextEncoder` (the Encoding Standard's UTF-8 encoder, which the
// other path uses) and against the other path's verdicts. The engine's own builtins are tested
// in Chromium by package.test.js.

import { test } from "node:test";
import assert from "node:assert/strict";
import { makeApi } from "../lib/api.js";
import { load } from "../lib/load.js";
import { stringBuiltins } from "../lib/strings.js";
import { soup, START_SYMBOLS } from "./helpers.js";

/** `wasm:js-string`'s length and charCodeAt in JavaScript, with the proposal's checks. */
const POLYFILL = {
  length(s) {
    if (typeof s !== "string") throw new TypeError("length: not a string");
    return s.length;
  },
  charCodeAt(s, i) {
    if (typeof s !== "string") throw new TypeError("charCodeAt: not a string");
    // The index arrives as a signed i32; the builtin takes it unsigned and traps past the end.
    if (i >>> 0 >= s.length) throw new RangeError(`charCodeAt: index ${i} of a string of ${s.length}`);
    return s.charCodeAt(i);
  },
};

/**
 * A core module of its own (its glue imported under another URL is another module record,
 * with its own instance and input buffer), so that two APIs never share one buffer.
 */
async function freshCore(tag) {
  const glue = await import(new URL(`../pkg/core/rfc3987_js.js?${tag}`, import.meta.url).href);
  const exports = await load(glue, new URL("../pkg/core/rfc3987_js_bg.wasm", import.meta.url));
  return { glue, exports };
}

/** `count` strings of up to 40 random UTF-16 code units, a third of them surrogates. */
function codeUnits(seed, count) {
  let state = seed >>> 0;
  const next = (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const unit = () => {
    switch (next(6)) {
      case 0:
        return next(0x80);
      case 1:
        return 0x80 + next(0x800 - 0x80);
      case 2:
        return 0x800 + next(0x10000 - 0x800);
      case 3:
        return 0xd800 + next(0x400); // high surrogates
      case 4:
        return 0xdc00 + next(0x400); // low surrogates
      default:
        return 0x20 + next(0x5f); // printable ASCII
    }
  };
  return Array.from({ length: count }, () => String.fromCharCode(...Array.from({ length: next(41) }, unit)));
}

/** The edges of UTF-8's lengths and of surrogate pairing, one string each. */
const EDGES = [
  "",
  "a",
  "\u007f\u0080",
  "\u07ff\u0800",
  "\ud7ff\ue000\uffff",
  "\u{10000}\u{10ffff}",
  "\ud800", // a lone high surrogate at the end
  "\ud800a", // a high surrogate before a character that is not a low one
  "\ud800\ud800\udc00", // a lone high, then a pair
  "\udc00\ud800", // a lone low, then a lone high
  "a\udfff", // a lone low at the end
  "http://例え.jp/\u{1f600}?q#f",
];

test("the module writes the UTF-8 encodeInto writes, surrogates and all", async () => {
  const { glue, exports } = await freshCore("utf8");
  const strings = stringBuiltins(exports, POLYFILL);
  assert.ok(strings, "the module links with the builtins given");
  const inputs = [...EDGES, ...codeUnits(0x2545f491, 20000), ...soup(0x85ebca6b, 2000)];
  // Room for the longest at three bytes a unit, and 16 bytes past it that must stay as they are.
  const room = 3 * Math.max(...inputs.map((s) => s.length));
  const address = glue.input_buffer(room + 16);
  const encoder = new TextEncoder();
  const wrong = [];
  for (const input of inputs) {
    const memory = new Uint8Array(exports.memory.buffer, address, room + 16);
    memory.fill(0xaa);
    const written = strings.utf8(input, address);
    const got = memory.subarray(0, written);
    const expected = encoder.encode(input);
    if (written !== expected.length || !got.every((b, i) => b === expected[i])) {
      wrong.push(`${JSON.stringify(input)}: [${got}] where encodeInto writes [${expected}]`);
    } else if (!memory.subarray(written).every((b) => b === 0xaa)) {
      wrong.push(`${JSON.stringify(input)}: bytes written past the ${written} of its UTF-8`);
    }
  }
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} strings differ`);
});

test("isValid and isValidMany give the same verdicts through the builtins as through encodeInto", async () => {
  const withBuiltins = await freshCore("builtins");
  const withEncodeInto = await freshCore("encodeInto");
  const strings = stringBuiltins(withBuiltins.exports, POLYFILL);
  const a = makeApi(withBuiltins.glue, withBuiltins.exports.memory, strings);
  const b = makeApi(withEncodeInto.glue, withEncodeInto.exports.memory, null);
  assert.equal(a.stringBuiltins, true);
  assert.equal(b.stringBuiltins, false);
  // Long inputs make each path grow its buffer (past the 16 MiB it keeps, for the second: 18
  // MB at three bytes a unit) and give it back; the short ones after them are read from the buffer of that moment.
  const long = ["http://a/" + "b".repeat(5000), "http://a/" + "é".repeat(6_000_000), "x:" + " ".repeat(7000)];
  const inputs = [...EDGES, ...soup(0x27d4eb2f, 1500), ...long, ...EDGES, ...codeUnits(0x165667b1, 500)];
  const wrong = [];
  let accepted = 0;
  for (const rule of START_SYMBOLS) {
    const manyA = a.isValidMany(inputs, rule);
    const manyB = b.isValidMany(inputs, rule);
    inputs.forEach((input, i) => {
      const [oneA, oneB] = [a.isValid(input, rule), b.isValid(input, rule)];
      accepted += oneB;
      if (oneA !== oneB || manyA[i] !== manyB[i] || manyB[i] !== Number(oneB)) {
        const shown = input.length > 80 ? `${JSON.stringify(input.slice(0, 80))}…` : JSON.stringify(input);
        wrong.push(`${shown} as ${rule}: builtins ${oneA}/${manyA[i]}, encodeInto ${oneB}/${manyB[i]}`);
      }
    });
  }
  assert.deepEqual(wrong.slice(0, 20), [], `${wrong.length} verdicts differ`);
  // Both verdicts occur, so that neither "always" nor "never" passes; the long valid ones too.
  assert.ok(accepted > 300 && accepted < START_SYMBOLS.length * inputs.length - 300, `${accepted} accepted`);
  assert.equal(a.isValid(long[1], "IRI"), true);
  assert.equal(a.isValid(long[2], "IRI"), false);
});

const NODE_MAJOR = Number(process.versions.node.split(".")[0]);

test(
  "without builtins the module is not used, and no JavaScript stand-in is supplied",
  // Node 20's V8 (11.3) predates the proposal: no flag gives it the builtins.
  { skip: NODE_MAJOR === 20 ? false : `Node ${NODE_MAJOR} may have the builtins (Node 20 has none)` },
  async () => {
    const { exports } = await freshCore("absent");
    assert.equal(stringBuiltins(exports), null);
  },
);
