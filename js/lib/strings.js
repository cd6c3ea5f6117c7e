// JS String Builtins (the WebAssembly proposal `wasm:js-string`), where the engine has them: a
// small module (js/src/strings.wat) reads each string's UTF-16 code units with the engine's own
// `charCodeAt` and writes its UTF-8 into the main module's input buffer without leaving
// WebAssembly, in place of a call out to `TextEncoder.encodeInto`.

import { bytes } from "../pkg/strings.js";

/** The small module, compiled once for both entries, with the builtins asked for. */
let compiled;

/**
 * The small module's exports (`isValid(string, address, rule)`, `utf8(string, address)`) over
 * the main module's instance `exports`, or null where the engine has no JS String Builtins.
 * The builtins are asked for at compile time and never given as imports: an engine that has
 * them leaves their imports out of the module's list (`WebAssembly.Module.imports`), and one
 * that does not keeps them there, so that nothing slower than `encodeInto` (a JavaScript
 * function for each character) stands in for them. `polyfill`, for the tests alone, gives them
 * as JavaScript functions.
 */
export function stringBuiltins(exports, polyfill) {
  // Compiled at once: a few hundred bytes, well under what a browser compiles on its main
  // thread (Chromium: 4 KB).
  compiled ??= new WebAssembly.Module(bytes, { builtins: ["js-string"] });
  const imports = { rfc3987: { memory: exports.memory, is_valid_input: exports.is_valid_input } };
  if (polyfill) imports["wasm:js-string"] = polyfill;
  else if (WebAssembly.Module.imports(compiled).some((i) => i.module === "wasm:js-string")) return null;
  return new WebAssembly.Instance(compiled, imports).exports;
}
