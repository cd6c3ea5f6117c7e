// The repository's test tables (tests/data/ at the root), read as the Rust tests read them
// (tests/common/mod.rs) and the Python tests (python/tests/data.py), and small helpers the
// JavaScript tests share: UTF-8 offsets as UTF-16 indices, the WebAssembly memory of an entry.

import { readFileSync } from "node:fs";

/** `tests/data/<name>`, as text. */
export function data(name) {
  return readFileSync(new URL(`../../tests/data/${name}`, import.meta.url), "utf8");
}

/** `tests/data/corpus/<name>`, as text. */
export function corpus(name) {
  return data(`corpus/${name}`);
}

/**
 * The escapes of the data files (tests/common/mod.rs `unescape`): `\u{XXXX}` is one
 * character (`\u{}` is nothing, so that a cell can hold the empty string), `\t`, `\n`, `\r`
 * and `\\`. Any other backslash escape is an error in the table.
 */
export function unescape(cell) {
  let out = "";
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i];
    if (c !== "\\") {
      out += c;
      continue;
    }
    const next = cell[++i];
    if (next === "t") out += "\t";
    else if (next === "n") out += "\n";
    else if (next === "r") out += "\r";
    else if (next === "\\") out += "\\";
    else if (next === "u" && cell[i + 1] === "{") {
      const close = cell.indexOf("}", i);
      const hex = cell.slice(i + 2, close);
      if (hex !== "") out += String.fromCodePoint(parseInt(hex, 16));
      i = close;
    } else {
      throw new Error(`unknown escape \\${next} in ${JSON.stringify(cell)}`);
    }
  }
  return out;
}

/**
 * The tab-separated rows of a data file of tests/data/: blank lines and lines starting with
 * "#" skipped (a line is not trimmed: a row may start with an empty cell); each row as
 * `{cells, source, line}`, `source` being the last non-empty "# " comment before it (the RFC
 * section the block quotes), `line` its line number.
 */
export function rows(text) {
  let source = "";
  const out = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.startsWith("#")) {
      const comment = line.slice(1).trim();
      if (comment !== "") source = comment;
      return;
    }
    if (line.trim() === "") return;
    out.push({ cells: line.split("\t"), source, line: index + 1 });
  });
  return out;
}

/** tests/data/rfc-syntax-examples.tsv: `{input, expected, hostKind, note, source}`. */
export function syntaxExamples() {
  return rows(data("rfc-syntax-examples.tsv")).map(({ cells, source, line }) => ({
    input: unescape(cells[0]),
    expected: cells[1],
    hostKind: cells[2] === "-" ? null : cells[2],
    note: cells[3] ?? "",
    source,
    line,
  }));
}

/** tests/data/mistakes.tsv: `{symbol, input, offset (UTF-8 bytes), component, reasoning}`. */
export function mistakes() {
  return rows(data("mistakes.tsv")).map(({ cells, source, line }) => ({
    symbol: cells[0],
    input: unescape(cells[1]),
    offset: Number.parseInt(cells[2], 10),
    component: cells[3],
    reasoning: cells[4] ?? "",
    source,
    line,
  }));
}

/** tests/data/ipv6.tsv: `{address, valid, note}`. */
export function ipv6Table() {
  return rows(data("ipv6.tsv")).map(({ cells, line }) => ({
    address: unescape(cells[0]),
    valid: cells[1] === "true",
    note: cells[2] ?? "",
    line,
  }));
}

/**
 * RFC 3986 §5.4 (tests/data/corpus/rfc-examples/rfc3986-5.4-resolution.tsv): a header line,
 * then `base, reference, expected, section, note`, tab-separated, no quoting (the reference
 * of one row is the empty string).
 */
export function resolutionExamples() {
  const [header, ...lines] = corpus("rfc-examples/rfc3986-5.4-resolution.tsv")
    .split("\n")
    .map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l))
    .filter((l) => l !== "");
  const names = header.split("\t");
  return lines.map((line) => {
    const cells = line.split("\t");
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? ""]));
  });
}

/** RFC 3987 §3.1, §3.2, §4.1, §4.4, §5.3 (tests/data/corpus/rfc-examples/rfc3987-examples.json). */
export function rfc3987Examples() {
  return JSON.parse(corpus("rfc-examples/rfc3987-examples.json"));
}

/**
 * The UTF-16 index (a JavaScript string index) of the UTF-8 byte offset `offset` of `text`:
 * the number of UTF-16 code units of the characters in the first `offset` bytes. Throws when
 * the offset is not on a character boundary (a mistake in the table).
 */
export function utf16Index(text, offset) {
  const bytes = new TextEncoder().encode(text);
  if (offset > bytes.length) throw new Error(`offset ${offset} past the end of ${JSON.stringify(text)}`);
  // fatal: a cut inside a character throws rather than decoding to U+FFFD; ignoreBOM: a
  // leading U+FEFF is a character of the input (mistakes.tsv has such rows), not a mark for
  // the decoder to drop.
  const before = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, offset));
  return before.length;
}

/** Whether every UTF-16 unit of `text` is ASCII. */
export function isAscii(text) {
  return /^[\x00-\x7f]*$/.test(text);
}

/** RFC 3987 §4.1: LRM, RLM, LRE, RLE, PDF, LRO, RLO, which IRIs MUST NOT contain. */
export const BIDI_FORMATTING = new Set(["\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]);

/**
 * The `WebAssembly.Memory` of an entry ("full" for rfc3987, "core" for rfc3987/core), or null.
 *
 * The package does not export its memory. The wasm-bindgen glue of each entry is a module of
 * its own (js/pkg/<entry>/rfc3987_js.js), imported by index.js / core.js and instantiated by
 * them at load; importing the same file here gives the same module instance, whose `initSync`
 * returns the instance's exports, `memory` among them, without instantiating again once
 * loaded. Call this after importing the entry. Null when that does not hold (a glue of another
 * shape): the memory test then measures the process's resident set instead.
 */
export async function wasmMemory(entry) {
  try {
    const glue = await import(new URL(`../pkg/${entry}/rfc3987_js.js`, import.meta.url).href);
    const exports = glue.initSync();
    return exports?.memory instanceof WebAssembly.Memory ? exports.memory : null;
  } catch {
    return null;
  }
}

/**
 * Runs `check(item)` on every item and collects the messages of those that fail (a thrown
 * assertion, or a string returned), so that one test reports every failing row of a table at
 * once rather than stopping at the first. Returns the messages.
 */
export function failures(items, check, label = (item) => JSON.stringify(item)) {
  const wrong = [];
  for (const item of items) {
    try {
      const problem = check(item);
      if (typeof problem === "string") wrong.push(`${label(item)}: ${problem}`);
    } catch (error) {
      const text = String(error?.message ?? error).replace(/\s+/g, " ").trim();
      wrong.push(`${label(item)}: ${text.length > 400 ? `${text.slice(0, 400)}…` : text}`);
    }
  }
  return wrong;
}

/** The error `fn` throws (asserting that it throws), for reading its fields. */
export function thrown(fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error(`expected ${fn} to throw`);
}

/** The eight start symbols of RFC 3987 §2.2 and RFC 3986 §3, §4.1–§4.3, in the library's order. */
export const START_SYMBOLS = Object.freeze([
  "IRI-reference",
  "IRI",
  "absolute-IRI",
  "irelative-ref",
  "URI-reference",
  "URI",
  "absolute-URI",
  "relative-ref",
]);

/**
 * The pieces of soup(): every delimiter, "%" triplets, characters at the edges of the first
 * bytes the scanner's wide runs take or leave, letters, and a lone surrogate.
 */
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
export function soup(seed, count) {
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
