// The npm package against what JavaScript programs check IRIs and URLs with, in one run.
//
//   node js/bench/bench.mjs [--rounds N] [--min-strings N] [--corpus NAME]... [--examples N] [--offline]
//
// Needs the built package (js/build.sh writes js/pkg) and its devDependencies (`npm ci` in js/).
// Reads the repository's bench corpora, benches/data/ (benches/data/SOURCES.md), inflated in
// memory with node:zlib, one string a line (each made a string of its own, as JSON.parse makes them):
//   mixed      iris-mixed-100k.txt.gz          100,000 IRIs (8,182 non-ASCII)
//   nonascii   iris-nonascii.txt.gz            95,437 IRIs, each with a non-ASCII character
//   cc-refs    relative_urls_cc_10k.csv.gz     the 10,000 references (column `relative`)
//   cc-bases   relative_urls_cc_10k.csv.gz     the 10,000 bases (column `base`)
//
// What it measures, on the same strings for every checker:
//   rfc3987            isValid(s) and isValid(s, "IRI"), whole entry (rfc3987) and validation
//                      entry (rfc3987/core); isValidMany(strings), one call per array (each
//                      writes the UTF-8 of each string with TextEncoder.encodeInto into a buffer
//                      the module keeps, and passes the rule by number: lib/api.js, src/input.rs)
//   validate-iri       validateIri(s, IriValidationStrategy.Strict) === undefined (the strict
//                      mode is one RFC 3987 regex for absolute IRIs; the function returns
//                      undefined for a valid IRI and a new, unthrown Error for an invalid one)
//   ajv-formats        fullFormats.uri(s) (a function: two regexes, called as Ajv calls a
//                      function format) and fullFormats["uri-reference"].test(s) (a regex, as
//                      Ajv calls a regex format); ajv-formats has no iri or iri-reference format
//   Node               new URL(s) in try/catch, URL.canParse(s) (the WHATWG URL Standard, not
//                      RFC 3986/3987); on cc-refs also URL.canParse(ref, base)
// and, to see where the time goes (rows marked "diagnostic"):
//   isValid("")        the fixed cost of one call: argument check, the rule's number, an
//                      encodeInto of nothing, the glue and the crossing, the scan of nothing
//   isValid("", "IRI") the same for a rejection (after the scanner, the grammar's automaton)
//   three parts of that fixed cost, each on its own: the module's is_valid_input(0) called
//                      bare (the crossing, the scan of nothing), `view.buffer !== memory.buffer`
//                      (the Memory's buffer getter, with which lib/api.js checked at each call
//                      that its view of the buffer was current, until issue 40: it now checks
//                      the view's length, which is 0 once the memory grew), and encodeInto("")
//   encodeInto         TextEncoder.encodeInto of s into the module's input buffer (its
//                      export input_buffer, allocated once): isValid's copy of the string
//   encodeInto + is_valid_input   the same, then the module's export called bare: isValid
//                      without lib/api.js's checks and the glue's wrapper
//   is_valid_input on one string  the export on one string of the corpus (of its median UTF-8
//                      length) encoded before the timing, called once for each string of the
//                      corpus: the scan and the crossing, no copy. The module keeps one buffer,
//                      so the corpus's own strings cannot all be in it before the timing; the
//                      same string over and over (its branches learned) makes this a lower bound
//   new Error(message) as validate-iri makes one for each rejection (cc-refs only)
//
// It ends with the verdicts of every checker on hand-written probes (not timed), the kinds of
// string on which they part, which the corpora (every line valid) do not hold. The tables are
// printed as Markdown, for BENCHMARKS.md.
//
// Method: each checker first runs over each corpus twice (warm-up; the first pass also counts
// what it accepts). Then ROUNDS rounds (default 9); in each round every (corpus, checker) pair
// is timed once, in an order rotated from round to round. A timing is one pass over the
// corpus, repeated to at least MIN_STRINGS strings (default 100,000; cc-refs and cc-bases are
// passed over 10 times), each pass after a forced garbage collection. The figure is the median over the
// rounds; each ratio "÷" is the median over the rounds of (the row's time ÷ rfc3987's time in
// the same round), so every ratio is measured under the same load. Above 1: rfc3987 is faster.
//
// The diagnostics run on a second instance of the validation module (the same .wasm file), so
// that they do not resize the buffer of the instance rfc3987/core uses. Before measuring, the
// script checks that rfc3987's entries and calls (isValid of both entries, isValidMany of both,
// and the diagnostics' bare exports) agree on every string.
//
// The accept counts compare verdicts with rfc3987's for the same grammar (the IRI rule for
// validate-iri and URL, URI for ajv's uri, URI-reference for its uri-reference) and print a few
// of the strings on which they differ, with rfc3987's reason.
//
// Instructions are not counted: `perf stat -e instructions` needs hardware counters that
// virtual machines often lack; the script says whether this one has them.
//
// Before measuring, it asks npm for the latest release of each peer (`npm view NAME version`)
// and warns when the installed one differs (--offline skips that).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gunzipSync } from "node:zlib";

const here = new URL(".", import.meta.url);
const root = new URL("../../", here);
const require = createRequire(new URL("../package.json", here));

// ---------------------------------------------------------------------------------------------
// Options.

const args = process.argv.slice(2);
const opts = { rounds: 9, minStrings: 100_000, corpora: [], examples: 3, offline: false };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const value = () => {
    if (i + 1 >= args.length) usage(`${a} needs a value`);
    return args[++i];
  };
  if (a === "--rounds") opts.rounds = positive(value(), a);
  else if (a === "--min-strings") opts.minStrings = positive(value(), a);
  else if (a === "--corpus") opts.corpora.push(value());
  else if (a === "--examples") opts.examples = Number(value());
  else if (a === "--offline") opts.offline = true;
  else if (a === "-h" || a === "--help") usage();
  else usage(`unknown argument ${a}`);
}

function positive(text, name) {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) usage(`${name} must be a positive integer`);
  return n;
}

function usage(problem) {
  const text =
    "usage: node js/bench/bench.mjs [--rounds N] [--min-strings N] [--corpus mixed|nonascii|cc-refs|cc-bases]... [--examples N] [--offline]";
  if (problem) {
    console.error(`bench.mjs: ${problem}\n${text}`);
    process.exit(2);
  }
  console.log(text);
  process.exit(0);
}

// A garbage collection before each timing, so that one checker's garbage is not collected in
// the next one's time (node is not started with --expose-gc: the flag is set here).
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");

// ---------------------------------------------------------------------------------------------
// The packages.

const full = await import("../index.js");
const core = await import("../core.js");
// For the diagnostic rows, a second instance of the validation module (the same file, its glue
// imported again under another URL, so a module record of its own): calling `input_buffer` on
// the instance rfc3987/core uses would resize, and may move, the buffer whose address and size
// lib/api.js keeps. `raw` is that instance's exports, `diagGlue` its glue.
const diagGlue = await import("../pkg/core/rfc3987_js.js?diagnostic");
const raw = diagGlue.initSync({ module: readFileSync(new URL("../pkg/core/rfc3987_js_bg.wasm", here)) });
const { validateIri, IriValidationStrategy } = require("validate-iri");
const { fullFormats } = require("ajv-formats/dist/formats.js");

if (typeof fullFormats.uri !== "function") throw new Error("ajv-formats: fullFormats.uri is no longer a function");
if (!(fullFormats["uri-reference"] instanceof RegExp)) throw new Error("ajv-formats: uri-reference is no longer a regex");
if ("iri" in fullFormats || "iri-reference" in fullFormats) console.log("note: ajv-formats now has an iri format");

function installed(name) {
  return JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, here), "utf8")).version;
}
const peers = ["validate-iri", "ajv-formats", "ajv"];
const versions = Object.fromEntries(peers.map((p) => [p, installed(p)]));
const ours = JSON.parse(readFileSync(new URL("../package.json", here), "utf8")).version;

// ---------------------------------------------------------------------------------------------
// The corpora.

/**
 * The lines of benches/data/`name`, each a string of its own as JSON.parse makes them (the
 * strings Ajv sees): `split` and `slice` give views into the whole text (V8's sliced strings),
 * which every checker here read more slowly (URL.canParse up to 1.5×, isValid up to 1.25× in a
 * trial on the bases of the CSV).
 */
function inflate(name) {
  const text = gunzipSync(readFileSync(new URL(`benches/data/${name}`, root))).toString("utf8");
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
const own = (strings) => JSON.parse(JSON.stringify(strings));

function csvPairs() {
  const [header, ...rows] = inflate("relative_urls_cc_10k.csv.gz");
  if (header !== "base,relative") throw new Error(`relative_urls_cc_10k.csv: header ${header}`);
  // The file has no quoting and two fields a line (as benches/common/mod.rs reads it).
  return rows.map((row) => {
    const comma = row.indexOf(",");
    return [row.slice(0, comma), row.slice(comma + 1)];
  });
}

const pairs = csvPairs();
const allCorpora = [
  { name: "mixed", file: "iris-mixed-100k.txt", strings: own(inflate("iris-mixed-100k.txt.gz")) },
  { name: "nonascii", file: "iris-nonascii.txt", strings: own(inflate("iris-nonascii.txt.gz")) },
  {
    name: "cc-refs",
    file: "relative_urls_cc_10k.csv, references",
    strings: own(pairs.map(([, ref]) => ref)),
    bases: own(pairs.map(([base]) => base)),
  },
  { name: "cc-bases", file: "relative_urls_cc_10k.csv, bases", strings: own(pairs.map(([base]) => base)) },
];
for (const name of opts.corpora) {
  if (!allCorpora.some((c) => c.name === name)) usage(`unknown corpus ${name}`);
}
const corpora = opts.corpora.length ? allCorpora.filter((c) => opts.corpora.includes(c.name)) : allCorpora;
for (const c of corpora) {
  c.reps = Math.max(1, Math.ceil(opts.minStrings / c.strings.length));
  c.nonAscii = c.strings.filter((s) => /[^\x00-\x7f]/.test(s)).length;
  c.utf8Bytes = c.strings.reduce((sum, s) => sum + Buffer.byteLength(s), 0);
  c.unique = new Set(c.strings).size;
}

// ---------------------------------------------------------------------------------------------
// The diagnostic helpers: the module's own input buffer (`input_buffer`), sized once for the
// largest corpus encoded whole, and the rule's number in that instance.

const encoder = new TextEncoder();
const diagRule = diagGlue.rule_id("IRI-reference");
const diagCapacity = Math.max(4096, ...corpora.map((c) => 3 * c.strings.reduce((n, s) => n + s.length, 0)));
// The glue's input_buffer (the raw export returns a Result: the address, or a RangeError).
const diagAddress = diagGlue.input_buffer(diagCapacity);
let diagView = new Uint8Array(raw.memory.buffer, diagAddress, diagCapacity);
/** The buffer as a view that is current (the memory may have grown). */
function diagBuffer() {
  if (diagView.buffer !== raw.memory.buffer) diagView = new Uint8Array(raw.memory.buffer, diagAddress, diagCapacity);
  return diagView;
}

/** A string of `strings` of the median UTF-8 length (the first of that length), kept per array. */
const medianStrings = new Map();
function medianString(strings) {
  if (!medianStrings.has(strings)) {
    const lengths = strings.map((s) => Buffer.byteLength(s));
    const middle = [...lengths].sort((a, b) => a - b)[lengths.length >> 1];
    medianStrings.set(strings, strings[lengths.indexOf(middle)]);
  }
  return medianStrings.get(strings);
}

// ---------------------------------------------------------------------------------------------
// The checkers. Each `pass` is its own function literal, so that each call site in V8 sees one
// callee; each returns how many strings it accepted.

const checkers = [
  {
    id: "full",
    label: "rfc3987 `isValid(s)`",
    rule: "IRI-reference",
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (full.isValid(xs[i])) n++;
      return n;
    },
  },
  {
    id: "core",
    label: "rfc3987/core `isValid(s)`",
    rule: "IRI-reference",
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (core.isValid(xs[i])) n++;
      return n;
    },
  },
  {
    id: "full-iri",
    label: 'rfc3987 `isValid(s, "IRI")`',
    rule: "IRI",
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (full.isValid(xs[i], "IRI")) n++;
      return n;
    },
  },
  {
    id: "core-iri",
    label: 'rfc3987/core `isValid(s, "IRI")`',
    rule: "IRI",
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (core.isValid(xs[i], "IRI")) n++;
      return n;
    },
  },
  {
    id: "many",
    label: "rfc3987 `isValidMany(strings)`",
    rule: "IRI-reference",
    batch: true,
    pass: (xs) => {
      const verdicts = full.isValidMany(xs);
      let n = 0;
      for (let i = 0; i < verdicts.length; i++) n += verdicts[i];
      return n;
    },
  },
  {
    id: "core-many",
    label: "rfc3987/core `isValidMany(strings)`",
    rule: "IRI-reference",
    batch: true,
    pass: (xs) => {
      const verdicts = core.isValidMany(xs);
      let n = 0;
      for (let i = 0; i < verdicts.length; i++) n += verdicts[i];
      return n;
    },
  },
  {
    id: "empty",
    label: 'diagnostic: rfc3987/core `isValid("")`, per call',
    diagnostic: true,
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (core.isValid("")) n++;
      return n;
    },
  },
  {
    id: "empty-iri",
    label: 'diagnostic: rfc3987/core `isValid("", "IRI")` (a rejection), per call',
    diagnostic: true,
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (core.isValid("", "IRI")) n++;
      return n;
    },
  },
  {
    id: "call-empty",
    label: "diagnostic: wasm `is_valid_input(0)`, bare: the crossing, the scan of nothing, per call",
    diagnostic: true,
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) n += raw.is_valid_input(0, diagRule);
      return n;
    },
  },
  {
    id: "memory-buffer",
    label: "diagnostic: `view.buffer !== memory.buffer` (the Memory's buffer getter, no longer read per call), per call",
    diagnostic: true,
    pass: (xs) => {
      const view = diagBuffer();
      const memory = raw.memory;
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (view.buffer === memory.buffer) n++;
      return n;
    },
  },
  {
    id: "encode-empty",
    label: 'diagnostic: `encodeInto("")`, per call',
    diagnostic: true,
    pass: (xs) => {
      const view = diagBuffer();
      let n = 0;
      for (let i = 0; i < xs.length; i++) n += encoder.encodeInto("", view).written + 1;
      return n;
    },
  },
  {
    id: "encode-into",
    label: "diagnostic: `encodeInto` the module's input buffer, no call",
    diagnostic: true,
    // The view is made before the timing: nothing here can grow the memory.
    prepare: (xs) => [xs, diagBuffer()],
    passPrepared: ([xs, view]) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) n += encoder.encodeInto(xs[i], view).written;
      return n;
    },
  },
  {
    id: "encode-scan",
    label: "diagnostic: `encodeInto` the buffer + wasm `is_valid_input`, bare (no argument checks, no glue)",
    diagnostic: true,
    // The export allocates nothing: the view stays current through the pass.
    prepare: (xs) => [xs, diagBuffer()],
    passPrepared: ([xs, view]) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) n += raw.is_valid_input(encoder.encodeInto(xs[i], view).written, diagRule);
      return n;
    },
  },
  {
    id: "scan-one",
    label: "diagnostic: wasm `is_valid_input` on one string of median length, encoded before, repeated",
    diagnostic: true,
    // One buffer holds one string at a time: the corpus's own strings cannot all be encoded
    // before the timing for the per-call export, so one of them is, and checked as often as the
    // corpus has strings (the same string each time: a lower bound, its branches learned).
    prepare: (xs) => [xs.length, encoder.encodeInto(medianString(xs), diagBuffer()).written],
    passPrepared: ([count, len]) => {
      let n = 0;
      for (let i = 0; i < count; i++) n += raw.is_valid_input(len, diagRule);
      return n;
    },
  },
  {
    id: "validate-iri",
    label: `validate-iri ${versions["validate-iri"]} strict`,
    rule: "IRI",
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (validateIri(xs[i], IriValidationStrategy.Strict) === undefined) n++;
      return n;
    },
  },
  {
    id: "error",
    label: "diagnostic: `new Error(message)` as validate-iri makes it for a rejection",
    diagnostic: true,
    only: ["cc-refs"],
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (new Error(`Invalid IRI according to RFC 3987: '${xs[i]}'`)) n++;
      return n;
    },
  },
  {
    id: "ajv-uri",
    label: `ajv-formats ${versions["ajv-formats"]} \`uri\``,
    rule: "URI",
    pass: (xs) => {
      const uri = fullFormats.uri;
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (uri(xs[i])) n++;
      return n;
    },
  },
  {
    id: "ajv-uri-reference",
    label: `ajv-formats ${versions["ajv-formats"]} \`uri-reference\``,
    rule: "URI-reference",
    pass: (xs) => {
      const re = fullFormats["uri-reference"];
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (re.test(xs[i])) n++;
      return n;
    },
  },
  {
    id: "new-url",
    label: "Node `new URL(s)`",
    rule: "IRI",
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) {
        try {
          new URL(xs[i]);
          n++;
        } catch {
          // rejected
        }
      }
      return n;
    },
  },
  {
    id: "can-parse",
    label: "Node `URL.canParse(s)`",
    rule: "IRI",
    pass: (xs) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (URL.canParse(xs[i])) n++;
      return n;
    },
  },
  {
    id: "can-parse-base",
    label: "Node `URL.canParse(ref, base)`",
    rule: "IRI-reference",
    needsBases: true,
    passBases: (xs, bases) => {
      let n = 0;
      for (let i = 0; i < xs.length; i++) if (URL.canParse(xs[i], bases[i])) n++;
      return n;
    },
  },
];
if (typeof URL.canParse !== "function") {
  console.log("note: URL.canParse is not in this Node; its rows are left out");
  checkers.splice(checkers.findIndex((c) => c.id === "can-parse"), 1);
  checkers.splice(checkers.findIndex((c) => c.id === "can-parse-base"), 1);
}

function applies(checker, corpus) {
  return (!checker.needsBases || corpus.bases !== undefined) && (!checker.only || checker.only.includes(corpus.name));
}

/** One pass of `checker` over `corpus` (its preparation done by the caller). */
function runOnce(checker, corpus, prepared) {
  if (checker.passPrepared) return checker.passPrepared(prepared);
  if (checker.passBases) return checker.passBases(corpus.strings, corpus.bases);
  return checker.pass(corpus.strings);
}

/** Nanoseconds for `reps` passes of `checker` over `corpus`, each after a garbage collection. */
function time(checker, corpus) {
  let total = 0n;
  for (let r = 0; r < corpus.reps; r++) {
    const prepared = checker.prepare ? checker.prepare(corpus.strings) : undefined;
    gc();
    const start = process.hrtime.bigint();
    runOnce(checker, corpus, prepared);
    total += process.hrtime.bigint() - start;
  }
  return Number(total);
}

// ---------------------------------------------------------------------------------------------
// The machine, the versions, the latest releases.

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");
console.log(`# rfc3987 ${ours} (npm package) against JavaScript's IRI and URL checks`);
console.log(`date ${new Date().toISOString()}`);
console.log(
  `node ${process.versions.node} (V8 ${process.versions.v8}) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${os.platform()} ${os.release()}`,
);
console.log(`load average at start: ${load()}`);
console.log(`installed: ${peers.map((p) => `${p} ${versions[p]}`).join(", ")}`);
if (!opts.offline) {
  const latest = [];
  for (const p of peers) {
    const r = spawnSync("npm", ["view", p, "version"], { encoding: "utf8", timeout: 60_000 });
    const v = r.status === 0 ? r.stdout.trim() : null;
    latest.push(`${p} ${v ?? "(npm view failed)"}`);
    if (v && v !== versions[p]) console.log(`WARNING: ${p} ${versions[p]} is installed, the latest release is ${v}`);
  }
  console.log(`latest (npm view): ${latest.join(", ")}`);
}
{
  const r = spawnSync("perf", ["stat", "-x", ",", "-e", "instructions", "true"], { encoding: "utf8" });
  const line = (r.stderr ?? "").split("\n").find((l) => l.includes("instructions")) ?? "";
  const supported = r.status === 0 && /^\d/.test(line);
  console.log(
    `instructions: ${supported ? "perf can count them on this machine (not done by this script)" : r.error ? "perf is not installed" : `not counted: perf stat -e instructions says ${JSON.stringify(line.split(",")[0] || r.stderr.trim())}`}`,
  );
}
console.log(`rounds ${opts.rounds}, at least ${opts.minStrings} strings a timing`);
console.log("");
for (const c of corpora) {
  console.log(
    `corpus ${c.name}: ${c.file}: ${c.strings.length} strings (${c.unique} distinct), ${c.nonAscii} with a non-ASCII character, ${(c.utf8Bytes / c.strings.length).toFixed(1)} UTF-8 bytes each; ${c.reps} pass(es) a timing`,
  );
}
console.log("");

// ---------------------------------------------------------------------------------------------
// The run. Every loop over the strings is in a function of its own: a hot loop in the module's
// top-level code gets that code optimized on the stack (OSR), and from then on every Error
// created below it (validate-iri's, URL's) took several times longer to capture its stack trace
// (measured: 4 µs → 17 µs an Error), which is no cost of the checkers.

const verdictCache = new Map();
/** rfc3987's verdict on each string as `rule` (whole entry), for the comparisons. */
function rfcVerdicts(corpus, rule) {
  const key = `${corpus.name} ${rule}`;
  if (!verdictCache.has(key)) verdictCache.set(key, corpus.strings.map((s) => full.isValid(s, rule)));
  return verdictCache.get(key);
}

function peerVerdict(checker, s, i, corpus) {
  switch (checker.id) {
    case "validate-iri":
      return validateIri(s, IriValidationStrategy.Strict) === undefined;
    case "ajv-uri":
      return fullFormats.uri(s);
    case "ajv-uri-reference":
      return fullFormats["uri-reference"].test(s);
    case "new-url":
      try {
        new URL(s);
        return true;
      } catch {
        return false;
      }
    case "can-parse":
      return URL.canParse(s);
    case "can-parse-base":
      return URL.canParse(s, corpus.bases[i]);
    default:
      return undefined;
  }
}

/** Why rfc3987 rejects `s` as `rule`, with the position. */
function reason(s, rule) {
  try {
    full.validate(s, rule);
    return "valid";
  } catch (e) {
    return `${e.reason} (at ${e.position})`;
  }
}

/** `s` with the characters one cannot see (controls, bidi formatting, private use,
 * noncharacters, lone surrogates) written \uXXXX. */
function visible(s) {
  const invisible =
    /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ue000-\uf8ff\ufdd0-\ufdef]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
  return s.replace(invisible, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()}`);
}

/** `s` quoted, visible, cut at 110 characters. */
function show(s) {
  return `"${visible(s.length > 110 ? `${s.slice(0, 107)}...` : s)}"`;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmtNs = (ns) => (ns >= 100 ? ns.toFixed(0) : ns.toFixed(1));
const fmtRatio = (r) => (r >= 10 ? `${r.toFixed(1)}×` : `${r.toFixed(2)}×`);
const fmtInt = (n) => n.toLocaleString("en-US");
const key = (corpus, checker) => `${corpus.name} ${checker.id}`;

/**
 * Two passes of every checker over every corpus; the first pass's count of accepted strings
 * for each (corpus name → checker id → count).
 */
function warmUp() {
  const accepted = new Map();
  for (const corpus of corpora) {
    const counts = new Map();
    accepted.set(corpus.name, counts);
    for (const checker of checkers) {
      if (!applies(checker, corpus)) continue;
      const first = runOnce(checker, corpus, checker.prepare?.(corpus.strings));
      runOnce(checker, corpus, checker.prepare?.(corpus.strings));
      if (!checker.diagnostic) counts.set(checker.id, first);
    }
  }
  return accepted;
}

/** Whether rfc3987's entries and calls agree with each other on every string of `corpus`. */
function agree(corpus) {
  let ok = true;
  const reference = rfcVerdicts(corpus, "IRI-reference");
  const batch = [
    full.isValidMany(corpus.strings),
    core.isValidMany(corpus.strings),
  ];
  for (let i = 0; i < corpus.strings.length; i++) {
    const s = corpus.strings[i];
    const written = encoder.encodeInto(s, diagBuffer()).written;
    const verdicts = [
      core.isValid(s),
      batch[0][i] === 1,
      batch[1][i] === 1,
      raw.is_valid_input(written, diagRule) !== 0,
    ];
    if (verdicts.some((v) => v !== reference[i])) {
      console.log(
        `MISMATCH in rfc3987 on ${show(s)}: isValid ${reference[i]}, core/many/many(core)/wasm ${verdicts}`,
      );
      ok = false;
    }
    if (full.isValid(s, "IRI") !== core.isValid(s, "IRI")) {
      console.log(`MISMATCH between the entries on ${show(s)} as IRI`);
      ok = false;
    }
  }
  return ok;
}

/** The rounds: corpus and checker name → ns per string, one figure per round. */
function measure() {
  const samples = new Map();
  for (let round = 0; round < opts.rounds; round++) {
    for (const corpus of corpora) {
      const list = checkers.filter((k) => applies(k, corpus));
      for (let j = 0; j < list.length; j++) {
        const checker = list[(j + round) % list.length];
        const ns = time(checker, corpus);
        const k = key(corpus, checker);
        if (!samples.has(k)) samples.set(k, []);
        samples.get(k).push(ns / (corpus.strings.length * corpus.reps));
      }
    }
  }
  return samples;
}

function report(samples, accepted) {
  const ratio = (corpus, checker, base) => {
    const a = samples.get(key(corpus, checker));
    const b = samples.get(`${corpus.name} ${base}`);
    return median(a.map((x, i) => x / b[i]));
  };
  console.log(
    "ns per string: median over the rounds (min–max); ÷: the row's time over rfc3987 isValid(s)'s, and over isValid(s, \"IRI\")'s, median of the per-round ratios (above 1: rfc3987 faster)",
  );
  for (const corpus of corpora) {
    console.log("");
    console.log(
      `| ${corpus.name}: ${corpus.file} (${fmtInt(corpus.strings.length)}) | ns per string | min–max | ÷ \`isValid(s)\` | ÷ \`isValid(s, "IRI")\` | accepted |`,
    );
    console.log("|---|---|---|---|---|---|");
    const counts = accepted.get(corpus.name);
    for (const checker of checkers) {
      if (!applies(checker, corpus)) continue;
      const xs = samples.get(key(corpus, checker));
      const self = checker.id === "full" ? "" : fmtRatio(ratio(corpus, checker, "full"));
      const selfIri = checker.id === "full-iri" ? "" : fmtRatio(ratio(corpus, checker, "full-iri"));
      const count = counts.has(checker.id) ? fmtInt(counts.get(checker.id)) : "";
      let label = checker.label;
      if (checker.batch) label += `, per string (${(1e3 / median(xs)).toFixed(2)} M strings/s)`;
      console.log(
        `| ${label} | ${fmtNs(median(xs))} | ${fmtNs(Math.min(...xs))}–${fmtNs(Math.max(...xs))} | ${self} | ${selfIri} | ${count} |`,
      );
    }
  }
  console.log("");
  console.log("isValidMany throughput (median over the rounds):");
  for (const corpus of corpora) {
    for (const id of ["many", "core-many"]) {
      const xs = samples.get(`${corpus.name} ${id}`);
      if (!xs) continue;
      const rate = 1e3 / median(xs);
      console.log(
        `  ${corpus.name}, ${id === "many" ? "rfc3987" : "rfc3987/core"}: ${rate.toFixed(2)} M strings/s (${rate >= 5 ? "≥" : "<"} 5 M/s)`,
      );
    }
  }
}

/** Where each peer's verdicts differ from rfc3987's, with examples. */
function compareVerdicts(accepted) {
  console.log("Verdicts: each peer against rfc3987 on the same grammar (IRI for validate-iri and URL, URI for");
  console.log("ajv's uri, URI-reference for its uri-reference, IRI-reference for URL.canParse(ref, base)):");
  const count = (verdicts) => fmtInt(verdicts.filter(Boolean).length);
  for (const corpus of corpora) {
    console.log("");
    const counts = accepted.get(corpus.name);
    const rules = ["IRI-reference", "IRI", "URI-reference", "URI"];
    console.log(
      `${corpus.name}: rfc3987 accepts ${rules.map((r) => `${count(rfcVerdicts(corpus, r))} as ${r}`).join(", ")} of ${fmtInt(corpus.strings.length)}`,
    );
    for (const checker of checkers) {
      if (!checker.rule || checker.batch || !applies(checker, corpus)) continue;
      if (checker.id.startsWith("full") || checker.id.startsWith("core")) continue;
      const ours = rfcVerdicts(corpus, checker.rule);
      const onlyPeer = [];
      const onlyOurs = [];
      for (let i = 0; i < corpus.strings.length; i++) {
        const theirs = peerVerdict(checker, corpus.strings[i], i, corpus);
        if (theirs && !ours[i]) onlyPeer.push(i);
        if (!theirs && ours[i]) onlyOurs.push(i);
      }
      console.log(
        `  ${checker.label}: accepts ${fmtInt(counts.get(checker.id))}; ${fmtInt(onlyPeer.length)} that rfc3987 rejects as ${checker.rule}, rejects ${fmtInt(onlyOurs.length)} that rfc3987 accepts`,
      );
      for (const i of onlyPeer.slice(0, opts.examples)) {
        console.log(`      accepts ${show(corpus.strings[i])}: rfc3987: ${reason(corpus.strings[i], checker.rule)}`);
      }
      for (const i of onlyOurs.slice(0, opts.examples)) {
        const extra = checker.id === "can-parse-base" ? ` (base ${show(corpus.bases[i])})` : "";
        console.log(`      rejects ${show(corpus.strings[i])}${extra}`);
      }
    }
  }
}

// Hand-written probes (not measured): the kinds of string on which the checkers disagree,
// which the corpora (every line valid, as their sources had them) do not hold.
const probes = [
  "http://example.org/a b",
  " http://example.org/",
  "http://example.org/a\tb",
  "http://example.org/a\\b",
  "http://example.org/%zz",
  'http://example.org/"q"',
  "http://example.org/<a>{b}",
  "http://example.org:99999/",
  "http://1.2.3.256/",
  "http://[v1.x]/",
  "http://[V1.x]/",
  "http:",
  "http:/example.org",
  "http://例え.jp/パス?q=値#断片",
  "http://example.org/\u{1F600}",
  "http://example.org/\uFDD0",
  "http://example.org/\uE000",
  "http://example.org/?\uE000",
  "http://example.org/\u202Eabc",
  "http://example.org/\uD800",
  "http://example.org/#a#b",
  "urn:isbn:0451450523",
  "//example.org/x",
];
const columns = [
  ["rfc3987 IRI-reference", (s) => full.isValid(s)],
  ["rfc3987 IRI", (s) => full.isValid(s, "IRI")],
  ["rfc3987 URI", (s) => full.isValid(s, "URI")],
  ["validate-iri strict", (s) => validateIri(s, IriValidationStrategy.Strict) === undefined],
  ["ajv-formats uri", (s) => fullFormats.uri(s)],
  ["ajv-formats uri-reference", (s) => fullFormats["uri-reference"].test(s)],
  [
    "new URL",
    (s) => {
      try {
        new URL(s);
        return true;
      } catch {
        return false;
      }
    },
  ],
];

function probeTable() {
  console.log(
    "Probes (hand-written, not measured; ✓ accepted, · rejected; \\uXXXX is that one character; rfc3987's reason when it rejects as IRI):",
  );
  console.log("");
  console.log(`| string | ${columns.map(([name]) => name).join(" | ")} | rfc3987 as IRI |`);
  console.log(`|---|${columns.map(() => "---|").join("")}---|`);
  for (const p of probes) {
    const marks = columns.map(([, f]) => (f(p) ? "✓" : "·"));
    const why = full.isValid(p, "IRI") ? "" : reason(p, "IRI");
    console.log(`| \`${visible(p)}\` | ${marks.join(" | ")} | ${why} |`);
  }
}

const accepted = warmUp();
if (!corpora.every(agree)) {
  console.log("rfc3987's functions disagree with each other: not measuring");
  process.exit(1);
}
const started = Date.now();
const samples = measure();
console.log(`load average at end: ${load()}; ${((Date.now() - started) / 1000).toFixed(1)} s of rounds`);
console.log("");
report(samples, accepted);
console.log("");
compareVerdicts(accepted);
console.log("");
probeTable();
