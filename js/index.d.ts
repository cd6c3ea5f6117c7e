// Types of rfc3987, the whole entry. Positions are JavaScript string indices (UTF-16 code
// units); a lone surrogate is never valid and is an IRIError of kind "lone-surrogate".

/**
 * An ABNF rule of RFC 3987 §2.2 or of RFC 3986, in the RFC's spelling: a start symbol
 * ("IRI-reference", "IRI", "absolute-IRI", "irelative-ref", "URI-reference", "URI",
 * "absolute-URI", "relative-ref") or any other rule ("ihost", "IPv6address", "isegment",
 * "ucschar", …). An unknown name is a RangeError.
 */
export type Rule = string;

/** The start symbols, the rules `parse` and `parseTree` take. */
export type StartSymbol =
  | "IRI-reference"
  | "IRI"
  | "absolute-IRI"
  | "irelative-ref"
  | "URI-reference"
  | "URI"
  | "absolute-URI"
  | "relative-ref";

/** A rung of the comparison ladder of RFC 3987 §5.3. */
export type Level = "simple" | "syntax" | "scheme";

/** A text that is not an IRI (or URI, or a match of the rule asked for): where, and why. */
export class IRIError extends Error {
  readonly name: "IRIError";
  /**
   * The library's message, then the input and a caret under the character at fault. Its
   * "column" counts characters from 1 (as the `iri` tool does); `position` is the string index.
   */
  readonly message: string;
  /** The index (UTF-16 code units) of the character at fault; the input's length when it ends too early. */
  readonly position: number;
  readonly kind: "syntax" | "bidi-formatting-character" | "not-ascii" | "lone-surrogate";
  /** The component of the generic syntax: "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment", … */
  readonly component: string | null;
  /** The ABNF rule the error is in, in RFC spelling ("isegment", "h16", …). */
  readonly rule: string | null;
  /** What the grammar allowed at the position: rule names, quoted delimiters, "end of input". */
  readonly expected: readonly string[];
  /** What is wrong and what would be valid, without the input and the caret. */
  readonly reason: string;
  /** The rule asked for. */
  readonly target: string;
  /** The string given, exactly. */
  readonly input: string;
}

/** The components of a parsed IRI (RFC 3987 §2.2); `null` when absent, `""` when empty. */
export interface Components {
  readonly scheme: string | null;
  /** The authority without the leading "//". */
  readonly authority: string | null;
  /** The userinfo without the "@". */
  readonly userinfo: string | null;
  /** The host as written; an IP literal keeps its brackets. */
  readonly host: string | null;
  readonly hostKind: "reg-name" | "ipv4" | "ipv6" | "ipvfuture" | null;
  /** The port's digits as written (may be ""). */
  readonly port: string | null;
  readonly path: string;
  readonly pathKind: "ipath-abempty" | "ipath-absolute" | "ipath-noscheme" | "ipath-rootless" | "ipath-empty";
  readonly query: string | null;
  readonly fragment: string | null;
}

/** The components that have a place in the input. */
export type ComponentName = "scheme" | "authority" | "userinfo" | "host" | "port" | "path" | "query" | "fragment";

/** A parse result: frozen; `toString()` gives the input back. */
export interface Parsed extends Components {
  toString(): string;
  toJSON(): Components;
  /** Where `component` is in the input: `[start, end]` in UTF-16 code units, or null when absent. */
  span(component: ComponentName): readonly [number, number] | null;
}

/** The §4.4 visual order of an IRI. */
export interface VisualOrder {
  /** The characters as a reader sees them, left to right. */
  readonly text: string;
  /** For each character of `text`, the UTF-16 index in the input where it starts. */
  readonly order: readonly number[];
}

/** One finding of `lint`. */
export interface Diagnostic {
  /** A stable code ("uppercase-scheme", "bidi-rtl-boundary", …). */
  readonly code: string;
  readonly severity: "error" | "warning" | "note";
  /** The RFC 3987 section, the number alone ("4.2", "5.3.2.1"). */
  readonly section: string;
  /** The span, in UTF-16 code units. */
  readonly start: number;
  readonly end: number;
  readonly message: string;
  /** The text to put in place of the span, when one fix is clear. */
  readonly fix: string | null;
  /** The fix in words. */
  readonly help: string | null;
}

/** Every rule name `isValid`, `validate` and `parseTree` take, the eight start symbols first. */
export const ruleNames: readonly string[];
/**
 * `text` with every control, bidi formatting or isolate character and invisible character
 * written as `\u{XXXX}`, as the library's messages quote their input: for showing untrusted
 * text to people.
 */
export function printable(text: string): string;
/**
 * Whether this engine gives WebAssembly JS String Builtins (`wasm:js-string`: Chromium 130,
 * Firefox 134 and Safari 26.2 and later): then `isValid` and `isValidMany` read strings from
 * within the module, with no `TextEncoder` call; elsewhere they encode them with `encodeInto`.
 * The answers are the same.
 */
export const usesStringBuiltins: boolean;
/** Whether all of `input` matches `rule` (default "IRI-reference"). */
export function isValid(input: string, rule?: Rule): boolean;
/** 1 or 0 for each input: `isValid` over a whole array, each string checked as `isValid` checks it. */
export function isValidMany(inputs: readonly string[], rule?: Rule): Uint8Array;
/** Throws an IRIError unless all of `input` matches `rule`. */
export function validate(input: string, rule?: Rule): void;
/** The components of `input` parsed as a start symbol; throws an IRIError. */
export function parse(input: string, rule?: StartSymbol): Parsed;
/**
 * The parse tree of `input` as any ABNF rule, one node a line: rule name, byte range of the
 * UTF-8 form, text. An RFC 3986 rule that RFC 3987 replaced shows the nodes of its `i` rule.
 */
export function parseTree(input: string, rule?: Rule): string;
/**
 * `input` with each character that keeps it from matching the start symbol `rule` (default
 * "IRI-reference") percent-encoded as RFC 3987 §3.1 step 2 encodes it, every other character
 * as it is; null for a valid input and when encoding does not make it valid (no scheme, an IP
 * literal cut short). A lone surrogate has no UTF-8 form: null.
 */
export function repair(input: string, rule?: StartSymbol): string | null;
/** `input` normalized (RFC 3987 §5.3.2, §5.3.3); nfc and idn need the whole entry. */
export function normalize(input: string, options?: { level?: Level; nfc?: boolean; idn?: boolean }): string;
/** Whether `a` and `b` are equivalent (RFC 3987 §5.3). */
export function equivalent(
  a: string,
  b: string,
  options?: { level?: Level; excludeFragment?: boolean; nfc?: boolean; idn?: boolean },
): boolean;
/** `reference` resolved against `base`, an IRI (RFC 3986 §5.2, RFC 3987 §6.5). */
export function resolve(base: string, reference: string, options?: { strict?: boolean }): string;
/** The shortest reference that resolves against `base` to `target`, or null. */
export function relativize(base: string, target: string): string | null;
/**
 * `input` mapped to a URI (RFC 3987 §3.1); idna needs the whole entry. Throws an IRIError for
 * an input that is not an IRI reference, and a plain Error for a host ToASCII refuses.
 */
export function toUri(input: string, options?: { idna?: boolean; lenient?: boolean }): string;
/** `input`, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2); idnUnicode needs the whole entry. */
export function toIri(input: string, options?: { idnUnicode?: boolean }): string;
/** The checks beyond the grammar (RFC 3987 §4, §5.3, §6, §7, §8). */
export function lint(input: string): readonly Diagnostic[];
/**
 * The §4.1 display form of an IRI reference: wrapped in LEFT-TO-RIGHT EMBEDDING … POP
 * DIRECTIONAL FORMATTING (with `isolate`, LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE) when
 * it has right-to-left characters, as it is otherwise. The marks are for display only.
 */
export function displayForm(input: string, options?: { isolate?: boolean }): string;
/** The §4.4 visual order of an IRI reference rendered in a left-to-right embedding. */
export function visualOrder(input: string): VisualOrder;
