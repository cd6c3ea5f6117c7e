// The playground's work, off the page's thread so that a long input never freezes the page:
// every result for one state of the fields, from the npm package (the whole entry). The page
// (app.js) only puts these results into the DOM.

import * as rfc3987 from "./rfc3987/index.js";

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

/**
 * The input cut into pieces for the page's view of it: each component present (the leaves:
 * the authority is shown as its parts), the delimiters between them, and, for an invalid
 * input, the character at fault; each piece's text as `printable` writes it.
 */
function pieces(input, components, error) {
  const cut = [];
  if (components) {
    let at = 0;
    for (const c of components.filter((c) => c.name !== "authority")) {
      const [start, end] = c.span;
      if (start > at) cut.push({ text: input.slice(at, start) });
      cut.push({ text: input.slice(start, end), component: c.name, kind: c.kind });
      at = end;
    }
    if (at < input.length) cut.push({ text: input.slice(at) });
  } else if (error && error.position !== undefined) {
    const at = error.position;
    const width = at < input.length ? String.fromCodePoint(input.codePointAt(at)).length : 0;
    cut.push({ text: input.slice(0, at) });
    cut.push({ text: input.slice(at, at + width), fault: true });
    cut.push({ text: input.slice(at + width) });
  } else {
    cut.push({ text: input });
  }
  return cut.map((p) => ({ ...p, text: p.text === "" ? "" : rfc3987.printable(p.text) }));
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
      value: parsed[name],
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
    out.error.repaired = START_SYMBOLS.has(rule) ? rfc3987.repair(input, rule) : null;
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
  const shown = attempt(() => rfc3987.displayForm(input));
  if (shown.value !== undefined && shown.value !== input) {
    out.bidi = {
      display: shown.value,
      escaped: rfc3987.printable(shown.value),
      visual: rfc3987.visualOrder(input).text,
    };
  }
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
