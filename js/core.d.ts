// Types of rfc3987/core, the validation entry: the whole entry's functions but lint; the
// options that need Unicode tables (idna, idnUnicode, nfc, idn) throw a TypeError here.
export type { Rule, StartSymbol, Level, Components, ComponentName, Parsed } from "./index.js";
export {
  IRIError,
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
} from "./index.js";
