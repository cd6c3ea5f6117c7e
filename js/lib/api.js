// The package's functions in JavaScript's conventions, over either WebAssembly module (the
// validation entry's or the whole one's): argument checks, option objects, frozen results,
// IRIError with UTF-16 positions. The RFC's work is all in the module (the rfc3987 crate).

import { IRIError } from "./errors.js";

const DEFAULT_RULE = "IRI-reference";

/** The most the input buffer keeps between calls (16 MiB); a larger one is given back after use. */
const KEPT = 16 * 1024 * 1024;

/** Where a parse result keeps its input (not enumerable: not one of its components). */
const INPUT = Symbol("input");

/** Where a parse result keeps its components' spans, and the order of the components there. */
const SPANS = Symbol("spans");
const SPAN_ORDER = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"];

/** The methods of a parse result: its own properties are the components alone. */
const PARSED = Object.freeze({
  /** The input, as given. */
  toString() {
    return this[INPUT];
  },
  /** The components, as a plain object. */
  toJSON() {
    return { ...this };
  },
  /**
   * Where `component` ("scheme", "authority", "userinfo", "host", "port", "path", "query" or
   * "fragment") is in the input: `[start, end]` in UTF-16 code units, or null when absent.
   */
  span(component) {
    const i = SPAN_ORDER.indexOf(component);
    if (i < 0) throw new RangeError(`no component \`${component}\`: ${SPAN_ORDER.join(", ")}`);
    const spans = this[SPANS];
    return spans[2 * i] === 0xffffffff ? null : [spans[2 * i], spans[2 * i + 1]];
  },
});

/** Throws a TypeError unless `value` is a string. */
function string(value, name) {
  if (typeof value !== "string") {
    throw new TypeError(`${name} must be a string, not ${value === null ? "null" : typeof value}`);
  }
  return value;
}

/** Throws a TypeError unless `value` is an object (or undefined, for no options). */
function options(value, name) {
  if (value === undefined) return {};
  if (value === null || typeof value !== "object") {
    throw new TypeError(`the options of ${name} must be an object`);
  }
  return value;
}

/** The index of the first lone surrogate of `text`, or -1. */
function loneSurrogate(text) {
  if (text.isWellFormed()) return -1;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (unit >= 0xdc00 && unit <= 0xdfff) return i;
  }
  return -1;
}

/**
 * The functions of the package over `wasm`, a module's wasm-bindgen glue, `memory`, its
 * instance's memory, and `strings`, the exports of lib/strings.js's module over it, or null
 * where the engine has no JS String Builtins; `lint` when the module has the whole RFC.
 */
export function makeApi(wasm, memory, strings) {
  const hostKinds = Object.freeze(wasm.host_kinds());
  const pathKinds = Object.freeze(wasm.path_kinds());

  /**
   * Runs `work`; a Failure it throws becomes an IRIError about whichever of `inputs` failed
   * (the module sees a lone surrogate as U+FFFD: the error there is about the surrogate).
   */
  function call(inputs, work) {
    try {
      return work();
    } catch (thrown) {
      if (!(thrown instanceof wasm.Failure)) throw thrown;
      let failure = thrown;
      const given = inputs.find((s) => s.toWellFormed() === failure.input) ?? failure.input;
      const at = loneSurrogate(given);
      if (at >= 0 && at === failure.position) {
        const named = failure.at_lone_surrogate(given.charCodeAt(at));
        failure.free();
        failure = named;
      }
      const error = new IRIError(failure, given);
      failure.free();
      throw error;
    }
  }

  function rule(value) {
    return value === undefined ? DEFAULT_RULE : string(value, "the rule");
  }

  // Strings go in through a buffer in the module's memory, written by encodeInto or, where the
  // engine has JS String Builtins, by the module of lib/strings.js (see js/src/input.rs), and
  // rules by number.
  const encoder = new TextEncoder();
  const ruleIds = new Map();
  let capacity = 0;
  let address = 0;
  let view = new Uint8Array(0);

  /** The number of the rule named `name` (a RangeError for an unknown name). */
  function ruleId(name) {
    let id = ruleIds.get(name);
    if (id === undefined) {
      id = wasm.rule_id(string(name, "the rule"));
      ruleIds.set(name, id);
    }
    return id;
  }

  /**
   * The buffer, at least `bytes` long, as a view that is current. When the module's memory
   * grows, its old ArrayBuffer is detached and every view of it has length 0: so the callers'
   * check `bytes < view.length` finds both a buffer too short and a view to make again, without
   * reading `memory.buffer` (a getter that costs as much as the rest of a short isValid).
   */
  function buffer(bytes) {
    if (bytes > capacity) {
      const wanted = Math.max(bytes, Math.min(2 * capacity, KEPT), 4096);
      address = wasm.input_buffer(wanted); // a RangeError when memory cannot grow that far
      capacity = wanted;
    }
    view = new Uint8Array(memory.buffer, address, capacity);
    return view;
  }

  /** Gives back a buffer grown past KEPT for one large input, once it has been read. */
  function release() {
    if (capacity > KEPT) {
      capacity = 0;
      address = wasm.input_buffer(0);
      view = new Uint8Array(0);
    }
  }

  const defaultId = ruleId(DEFAULT_RULE);

  /**
   * Whether `input`, a string, matches rule number `id`: its UTF-8 written into the buffer, by
   * the module itself where the engine has JS String Builtins, by encodeInto elsewhere.
   */
  function check(input, id) {
    // At most 3 bytes of UTF-8 for each UTF-16 code unit.
    const bytes = input.length * 3;
    if (strings !== null) {
      if (bytes > capacity) buffer(bytes);
      return strings.isValid(input, address, id) !== 0;
    }
    const into = bytes < view.length ? view : buffer(bytes);
    return wasm.is_valid_input(encoder.encodeInto(input, into).written, id);
  }

  /** Whether all of `input` matches `rule` (RFC 3987 §2.2 or RFC 3986, any ABNF rule by name). */
  function isValid(input, rule) {
    if (typeof input !== "string") string(input, "the input");
    const valid = check(input, rule === undefined ? defaultId : ruleId(rule));
    release();
    return valid;
  }

  /**
   * 1 or 0 for each string of `inputs`: isValid for a whole array. Each string is written to
   * the start of the buffer and checked in turn, as isValid does: encodeInto writes only from
   * the start of a view, and a view for each string (`subarray`) cost more than a call into
   * the module for each (BENCHMARKS.md).
   */
  function isValidMany(inputs, rule) {
    if (!Array.isArray(inputs)) throw new TypeError("the inputs must be an array of strings");
    const id = rule === undefined ? defaultId : ruleId(rule);
    const count = inputs.length;
    for (let i = 0; i < count; i++) {
      const input = inputs[i];
      if (typeof input !== "string") string(input, `the input at index ${i}`);
    }
    const valid = new Uint8Array(count);
    for (let i = 0; i < count; i++) valid[i] = check(inputs[i], id) ? 1 : 0;
    release();
    return valid;
  }

  /** Nothing when all of `input` matches `rule`; otherwise throws an IRIError. */
  function validate(input, rule_) {
    string(input, "the input");
    const name = rule(rule_);
    call([input], () => wasm.validate(input, name));
  }

  /** The slice of `input` between spans[i] and spans[i + 1], or null when absent. */
  function slice(input, spans, i) {
    return spans[i] === 0xffffffff ? null : input.slice(spans[i], spans[i + 1]);
  }

  /** The components of `input` parsed as the start symbol `rule` (RFC 3987 §2.2). */
  function parse(input, rule_) {
    string(input, "the input");
    const name = rule(rule_);
    const spans = call([input], () => wasm.parse(input, name));
    const fields = {
      scheme: slice(input, spans, 0),
      authority: slice(input, spans, 2),
      userinfo: slice(input, spans, 4),
      host: slice(input, spans, 6),
      hostKind: spans[16] === 0xffffffff ? null : hostKinds[spans[16]],
      port: slice(input, spans, 8),
      path: slice(input, spans, 10),
      pathKind: pathKinds[spans[17]],
      query: slice(input, spans, 12),
      fragment: slice(input, spans, 14),
    };
    const parsed = Object.create(PARSED);
    Object.defineProperty(parsed, INPUT, { value: input });
    Object.defineProperty(parsed, SPANS, { value: spans });
    return Object.freeze(Object.assign(parsed, fields));
  }

  /** The parse tree of `input` as the ABNF rule `rule`, one node a line as `iri tree` prints it. */
  function parseTree(input, rule_) {
    string(input, "the input");
    const name = rule(rule_);
    return call([input], () => wasm.parse_tree(input, name));
  }

  /** `input` normalized (RFC 3987 §5.3.2, §5.3.3). */
  function normalize(input, opts) {
    string(input, "the input");
    const { level = "scheme", nfc = false, idn = false } = options(opts, "normalize");
    return call([input], () => wasm.normalize(input, string(level, "level"), !!nfc, !!idn));
  }

  /** Whether `a` and `b` are equivalent (RFC 3987 §5.3). */
  function equivalent(a, b, opts) {
    string(a, "the first input");
    string(b, "the second input");
    const o = options(opts, "equivalent");
    const { level = "scheme", excludeFragment = false, nfc = false, idn = false } = o;
    return call([a, b], () =>
      wasm.equivalent(a, b, string(level, "level"), !!excludeFragment, !!nfc, !!idn),
    );
  }

  /** `reference` resolved against `base` (RFC 3986 §5.2, RFC 3987 §6.5). */
  function resolve(base, reference, opts) {
    string(base, "the base");
    string(reference, "the reference");
    const { strict = true } = options(opts, "resolve");
    return call([base, reference], () => wasm.resolve(base, reference, !!strict));
  }

  /** The shortest reference that resolves against `base` to `target`, or null. */
  function relativize(base, target) {
    string(base, "the base");
    string(target, "the target");
    return call([base, target], () => wasm.relativize(base, target)) ?? null;
  }

  /** `input` mapped to a URI (RFC 3987 §3.1). */
  function toUri(input, opts) {
    string(input, "the input");
    const { idna = false, lenient = false } = options(opts, "toUri");
    return call([input], () => wasm.to_uri(input, !!idna, !!lenient));
  }

  /** `input`, a URI or IRI reference, mapped to an IRI (RFC 3987 §3.2). */
  function toIri(input, opts) {
    string(input, "the input");
    const { idnUnicode = false } = options(opts, "toIri");
    return call([input], () => wasm.to_iri(input, !!idnUnicode));
  }

  const api = {
    stringBuiltins: strings !== null,
    isValid,
    isValidMany,
    validate,
    parse,
    parseTree,
    normalize,
    equivalent,
    resolve,
    relativize,
    toUri,
    toIri,
  };
  // The tools of the whole entry: for showing and mending IRIs.
  if (wasm.repair) {
    /** Every rule name isValid, validate and parseTree take, the start symbols first. */
    api.ruleNames = Object.freeze(wasm.rule_names());
    /** `text` with controls, bidi formatting and invisible characters written as `\u{XXXX}`. */
    api.printable = function printable(text) {
      return wasm.printable(string(text, "the text"));
    };
    /** `input` with the characters it does not allow where they stand percent-encoded, or null. */
    api.repair = function repair(input, rule_) {
      string(input, "the input");
      const name = rule(rule_);
      const repaired = wasm.repair(input, name) ?? null;
      // A lone surrogate has no UTF-8 form to encode (it arrives as U+FFFD): no repair.
      return input.isWellFormed() ? repaired : null;
    };
  }
  if (wasm.display_form) {
    /** The §4.1 display form: in LRE … PDF (or LRI … PDI) when it has right-to-left characters. */
    api.displayForm = function displayForm(input, opts) {
      string(input, "the input");
      const { isolate = false } = options(opts, "displayForm");
      return call([input], () => wasm.display_form(input, !!isolate));
    };
    /** The §4.4 visual order: the characters left to right, and where each is in the input. */
    api.visualOrder = function visualOrder(input) {
      string(input, "the input");
      const order = Array.from(call([input], () => wasm.visual_order(input)));
      const text = order.map((i) => String.fromCodePoint(input.codePointAt(i))).join("");
      return Object.freeze({ text, order: Object.freeze(order) });
    };
  }
  if (wasm.lint) {
    /** The checks beyond the grammar (RFC 3987 §4.1, §4.2, §5.3, §6.1, §7.5, §8). */
    api.lint = function lint(input) {
      string(input, "the input");
      const at = loneSurrogate(input);
      const lone = at >= 0 ? new Uint32Array([at, input.charCodeAt(at)]) : undefined;
      return Object.freeze(
        wasm.lint(input, lone).map((found) => {
          const diagnostic = Object.freeze({
            code: found.code,
            severity: found.severity,
            section: found.section,
            start: found.start,
            end: found.end,
            message: found.message,
            fix: found.fix ?? null,
            help: found.help ?? null,
          });
          found.free();
          return diagnostic;
        }),
      );
    };
  }
  return api;
}
