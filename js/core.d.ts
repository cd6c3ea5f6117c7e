// Types of rfc3987/core, the validation entry: the whole entry's functions but lint, ruleNames,
// printable, repair, displayForm and visualOrder; the options that need Unicode tables (idna,
// idnUnicode, nfc, idn) throw a TypeError here.
export type { Rule, StartSymbol, Level, Components, ComponentName, Parsed } from "./index.js";
export {
  IRIError,
  usesStringBuiltins,
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
} from "./index.js";
