// rfc3987: Internationalized Resource Identifiers exactly as RFC 3987 defines them, the whole
// RFC: the Rust library compiled to WebAssembly with IDNA (§3.1, §3.2.1, §5.3.3), NFC
// (§5.3.2.2) and the checks beyond the grammar (lint). For validation alone, "rfc3987/core"
// loads a smaller module.

import * as glue from "./pkg/full/rfc3987_js.js";
import { makeApi } from "./lib/api.js";
import { load } from "./lib/load.js";
import { stringBuiltins } from "./lib/strings.js";

const exports = await load(glue, new URL("./pkg/full/rfc3987_js_bg.wasm", import.meta.url));

export { IRIError } from "./lib/errors.js";
export const {
  stringBuiltins: usesStringBuiltins,
  ruleNames,
  printable,
  isValid,
  isValidMany,
  validate,
  parse,
  parseTree,
  repair,
  normalize,
  equivalent,
  resolve,
  relativize,
  toUri,
  toIri,
  lint,
  displayForm,
  visualOrder,
} = makeApi(glue, exports.memory, stringBuiltins(exports));
