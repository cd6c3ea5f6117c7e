// rfc3987/core: the validation entry, the library's light core in WebAssembly: the grammar
// with its explained errors, components, resolution, syntax- and scheme-based normalization,
// IRI→URI without IDNA and URI→IRI. The options that need Unicode tables (IDNA, NFC) and lint
// are in the whole entry, "rfc3987".

import * as glue from "./pkg/core/rfc3987_js.js";
import { makeApi } from "./lib/api.js";
import { load } from "./lib/load.js";
import { stringBuiltins } from "./lib/strings.js";

const exports = await load(glue, new URL("./pkg/core/rfc3987_js_bg.wasm", import.meta.url));

export { IRIError } from "./lib/errors.js";
export const {
  stringBuiltins: usesStringBuiltins,
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
} = makeApi(glue, exports.memory, stringBuiltins(exports));
