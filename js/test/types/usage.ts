// Checked by `tsc` (js/test.sh), never run: the declarations describe what the package
// exports, with the types a user writes against. A wrong declaration fails the check.
import {
  isValid,
  isValidMany,
  parse,
  parseTree,
  ruleNames,
  lint,
  displayForm,
  visualOrder,
  IRIError,
  toUri,
  type Parsed,
  type Diagnostic,
} from "rfc3987";
import * as core from "rfc3987/core";
import { Ajv } from "ajv";
import addFormats, { formats } from "rfc3987/ajv";

const ok: boolean = isValid("http://a/", "IRI");
const many: Uint8Array = isValidMany(["a", "b"]);
const parsed: Parsed = parse("http://a/", "IRI");
const host: string | null = parsed.host;
const kind: "reg-name" | "ipv4" | "ipv6" | "ipvfuture" | null = parsed.hostKind;
const uri: string = toUri("http://é/", { idna: true });
const found: readonly Diagnostic[] = lint("HTTP://a/");
const coreOk: boolean = core.isValid("x");
const builtins: boolean = core.usesStringBuiltins;
try {
  core.validate("a b");
} catch (e) {
  if (e instanceof IRIError) {
    const at: number = e.position;
    const expected: readonly string[] = e.expected;
    console.log(at, expected, e.component, e.rule);
  }
}
const ajv = addFormats(new Ajv());
const validateIri: (data: string) => boolean = formats.iri;
// @ts-expect-error: parse takes a start symbol, not any rule.
parse("a", "ihost");
// @ts-expect-error: the validation entry has no lint.
core.lint("a");
// @ts-expect-error: nor the bidi presentation.
core.visualOrder("a");
const hostSpan: readonly [number, number] | null = parsed.span("host");
// @ts-expect-error: span takes a component's name.
parsed.span("hostname");
const names: readonly string[] = ruleNames;
// @ts-expect-error: the validation entry has no ruleNames.
core.ruleNames;
const tree: string = parseTree("192.0.2.1", "IPv4address");
const shown: string = displayForm("a", { isolate: true });
const seen: readonly number[] = visualOrder("a").order;
console.log(builtins, ok, many, host, kind, uri, found, coreOk, ajv, validateIri, hostSpan, names, tree, shown, seen);
