// IRIError: where and why a text is not an IRI (RFC 3987 §2.2), or not a match of the rule
// asked for. One class for every entry of the package, so `instanceof` holds whichever entry
// threw it.

/** A text that is not an IRI (or URI, or a match of the rule asked for): where, and why. */
export class IRIError extends Error {
  /**
   * @param {object} failure the library's error, as the WebAssembly module gives it
   * @param {string} input the string given, exactly
   */
  constructor(failure, input) {
    super(failure.message);
    this.name = "IRIError";
    /** The index (UTF-16 code units) of the character at fault; the length when it ends too early. */
    this.position = failure.position;
    /** "syntax", "bidi-formatting-character", "not-ascii" or "lone-surrogate". */
    this.kind = failure.kind;
    /** The component of the generic syntax ("scheme", "host", "path", …), or null. */
    this.component = failure.component ?? null;
    /** The ABNF rule, in RFC spelling ("isegment", "h16", …), or null. */
    this.rule = failure.rule ?? null;
    /** What the grammar allowed at the position. */
    this.expected = Object.freeze(failure.expected);
    /** What is wrong and what would be valid, without the input and the caret. */
    this.reason = failure.reason;
    /** The rule asked for ("IRI-reference", "IRI", "ihost", …). */
    this.target = failure.target;
    /** The string given. */
    this.input = input;
  }
}
