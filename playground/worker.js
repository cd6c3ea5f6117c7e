// The playground's work, off the page's thread so that a long input never freezes the page:
// every result for one state of the fields, from the npm package (the whole entry). The page
// (app.js) only puts these results into the DOM.

import * as rfc3987 from "./rfc3987/index.js";
import { slice } from "./text.js";

/** The eight start symbols (RFC 3987 §2.2, RFC 3986 §4): the rules that have components. */
const START_SYMBOLS = new Set(rfc3987.ruleNames.slice(0, 8));

/** The components in the order of the generic syntax; `authority` holds the next three. */
const COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/** The steps of the ladder (RFC 3987 §5.3) and the mappings (§3.1, §3.2), by the page's names. */
const STEPS = {
  syntax: (s) => rfc3987.normalize(s, { level: "syntax" }),
  scheme: (s) => rfc3987.normalize(s, { level: "scheme" }),
  nfc: (s) => rfc3987.normalize(s, { level: "scheme", nfc: true }),
  idn: (s) => rfc3987.normalize(s, { level: "scheme", nfc: true, idn: true }),
  "to-uri": (s) => rfc3987.toUri(s),
  "to-uri-idna": (s) => rfc3987.toUri(s, { idna: true }),
  "to-iri": (s) => rfc3987.toIri(s),
  "to-iri-idn": (s) => rfc3987.toIri(s, { idnUnicode: true }),
};

/** A thrown error as plain data (an IRIError's own fields do not survive postMessage). */
function failure(error) {
  if (error instanceof rfc3987.IRIError) {
    const { message, reason, position, kind, component, rule, expected, target, input } = error;
    return { message, reason, position, kind, component, rule, expected: [...expected], target, input };
  }
  return { message: String(error?.message ?? error), name: error?.name ?? "Error" };
}

/** `{value}` of `work()`, or `{error}` with what it threw. */
function attempt(work) {
  try {
    return { value: work() };
  } catch (error) {
    return { error: failure(error) };
  }
}

/** How much of a long input the page's view of it shows: a right-to-left one is slow to lay out. */
const VIEW = 2000;

/**
 * The input cut into pieces for the page's view of it: each component present (the leaves:
 * the authority is shown as its parts), the delimiters between them, and, for an invalid
 * input, the character at fault; each piece's text as `printable` writes it. Of a long input,
 * the first VIEW characters, or VIEW around the fault; `cut` marks where text is left out.
 */
function pieces(input, components, error) {
  const out = [];
  if (components) {
    let at = 0;
    const push = (start, end, piece) => {
      if (at >= VIEW) return;
      const text = slice(input, start, Math.min(end, VIEW));
      out.push({ ...piece, text });
      at = start + text.length;
    };
    let next = 0;
    for (const c of components.filter((c) => c.name !== "authority")) {
      const [start, end] = c.span;
      if (start > next) push(next, start, {});
      push(start, end, { component: c.name, kind: c.kind });
      next = end;
    }
    if (next < input.length) push(next, input.length, {});
    if (at < input.length) out.push({ text: "", cut: input.length - at });
  } else if (error && error.position !== undefined) {
    const at = error.position;
    const width = at < input.length ? String.fromCodePoint(input.codePointAt(at)).length : 0;
    const from = Math.max(0, at - VIEW / 2);
    const to = Math.min(input.length, at + width + VIEW / 2);
    if (from > 0) out.push({ text: "", cut: from });
    out.push({ text: slice(input, from, at) });
    out.push({ text: input.slice(at, at + width), fault: true });
    out.push({ text: slice(input, at + width, to) });
    if (to < input.length) out.push({ text: "", cut: input.length - to });
  } else {
    out.push({ text: slice(input, 0, VIEW) });
    if (input.length > VIEW) out.push({ text: "", cut: input.length - out[0].text.length });
  }
  return out.map((p) => ({ ...p, text: p.text === "" ? "" : rfc3987.printable(p.text) }));
}

/**
 * The §4.4 visual order as a display shows it: the library gives the order of UAX #9 rule L2,
 * where a combining mark of a right-to-left letter comes before the letter; rule L3 puts each
 * run of such marks back after its base, as a renderer needs (in a <bdo> the browser does not).
 */
function forDisplay({ text, order }) {
  const chars = [...text];
  const out = [];
  for (let i = 0; i < chars.length; ) {
    let j = i;
    while (j < chars.length && /\p{M}/u.test(chars[j])) j++;
    // Marks at i..j whose base (logically before them) is shown after them: reversed.
    if (j > i && j < chars.length && order[j] < order[i]) {
      // L3: the marks and their base reversed, so the marks follow it in their logical order.
      out.push(chars[j], ...chars.slice(i, j).reverse());
      i = j + 1;
    } else {
      out.push(...chars.slice(i, Math.max(j, i + 1)));
      i = Math.max(j, i + 1);
    }
  }
  return out.join("");
}

/** A result as the page shows it: the value with controls and bidi characters escaped. */
function shown(result) {
  return result && typeof result.value === "string" ? { ...result, value: rfc3987.printable(result.value) } : result;
}

/** Every result the page shows for `state`: the input, the rule and the base. */
function compute({ iri: input, rule, base }) {
  const out = { state: { iri: input, rule, base } };
  const checked = attempt(() => rfc3987.validate(input, rule));
  out.valid = !checked.error;
  out.error = checked.error ?? null;
  if (out.valid && START_SYMBOLS.has(rule)) {
    const parsed = rfc3987.parse(input, rule);
    out.components = COMPONENTS.filter((name) => parsed[name] !== null).map((name) => ({
      name,
      value: rfc3987.printable(parsed[name]),
      span: parsed.span(name),
      kind: name === "host" ? parsed.hostKind : name === "path" ? parsed.pathKind : null,
    }));
  }
  out.tree = out.valid ? attempt(() => rfc3987.parseTree(input, rule)) : null;
  // lint reads the text as an IRI reference, whatever the rule.
  out.lint = rfc3987.lint(input).map((d) => ({ ...d }));
  if (out.error && out.error.position !== undefined) {
    // The fix: the input with what it does not allow percent-encoded (§3.1 step 2), when that
    // makes it valid; the reason says what to do otherwise.
    out.error.startSymbol = START_SYMBOLS.has(rule);
    out.error.repaired = out.error.startSymbol ? rfc3987.repair(input, rule) : null;
    if (out.error.repaired !== null) out.error.repairedShown = rfc3987.printable(out.error.repaired);
  }
  out.view = pieces(input, out.components, out.error);
  // The ladder, the mappings and resolution take an IRI reference: for another text, one
  // word rather than the same error eight times (the error is shown above).
  const reference = rfc3987.isValid(input);
  const NOT_A_REFERENCE = { error: { message: "— (not an IRI reference)" } };
  const step = (run) => (reference ? attempt(() => run(input)) : NOT_A_REFERENCE);
  out.ladder = Object.fromEntries(Object.entries(STEPS).map(([name, run]) => [name, step(run)]));
  if (base !== "") {
    out.resolved = step((s) => rfc3987.resolve(base, s));
    if (out.resolved.error?.input === base) out.resolved.error.message = `the base: ${out.resolved.error.message}`;
    if (out.resolved.value !== undefined) {
      const back = attempt(() => rfc3987.relativize(base, out.resolved.value));
      out.relativized = back.value === null ? { error: { message: "no reference resolves to it" } } : back;
    }
  }
  const display = attempt(() => rfc3987.displayForm(input));
  if (display.value !== undefined && display.value !== input) {
    out.bidi = {
      display: display.value,
      escaped: rfc3987.printable(display.value),
      visual: forDisplay(rfc3987.visualOrder(input)),
    };
  }
  // What the page writes is escaped; the values above were used raw (relativize, the link).
  for (const name of Object.keys(out.ladder)) out.ladder[name] = shown(out.ladder[name]);
  out.resolved = shown(out.resolved);
  out.relativized = shown(out.relativized);
  return out;
}

self.onmessage = ({ data }) => {
  let result;
  try {
    result = compute(data);
  } catch (error) {
    // A fault of the page or the package, not of the input: say so rather than hang.
    result = { state: data, crashed: failure(error) };
  }
  self.postMessage(result);
};

self.postMessage({ ready: true, ruleNames: [...rfc3987.ruleNames] });
