// JS String Builtins (the WebAssembly proposal `wasm:js-string`), where the engine has them: a
// small module (js/src/strings.wat) reads each string's UTF-16 code units with the engine's own
// `charCodeAt` and writes its UTF-8 into the main module's input buffer without leaving
// WebAssembly, in place of a call out to `TextEncoder.encodeInto`.

import { bytes } from "../pkg/strings.js";

/**
 * The small module's exports (`isValid(string, address, rule)`, `utf8(string, address)`) over
 * the main module's instance `exports`, or null where the engine has no JS String Builtins. The
 * builtins are asked for at compile time and never given as imports: an engine without them
 * finds the `wasm:js-string` imports missing and the instantiation fails, so that nothing slower
 * than `encodeInto` (a JavaScript function for each character) can stand in for them.
 * `polyfill`, for the tests alone, gives them as JavaScript functions.
 */
export function stringBuiltins(exports, polyfill) {
  const imports = {
    rfc3987: { memory: exports.memory, is_valid_input: exports.is_valid_input },
  };
  if (polyfill) imports["wasm:js-string"] = polyfill;
  let instance;
  try {
    // Compiled at once: a few hundred bytes, well under what a browser compiles on its main
    // thread (Chromium: 4 KB).
    const module = new WebAssembly.Module(bytes, { builtins: ["js-string"] });
    instance = new WebAssembly.Instance(module, imports);
  } catch (error) {
    // Without the builtins, the import object has no `wasm:js-string` to give: a TypeError.
    // Anything else is a fault of the package, not of the engine, and is not hidden.
    if (error instanceof TypeError && !polyfill) return null;
    throw error;
  }
  return instance.exports;
}
