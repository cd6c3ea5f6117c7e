// rfc3987/ajv: the JSON Schema formats "iri", "iri-reference", "uri" and "uri-reference" for Ajv,
// decided by the grammar of the RFCs themselves (the rfc3987 library's light core, in WebAssembly).

import { isValid } from "./core.js";

/**
 * The four formats, each the ABNF rule that JSON Schema Validation (2020-12 and draft 7, §7.3.5
 * "Resource Identifiers") names for it:
 * - `iri`: the rule `IRI` of RFC 3987 §2.2 (an absolute IRI, with a scheme; a fragment allowed);
 * - `iri-reference`: `IRI-reference` of RFC 3987 §2.2 (an IRI or a relative reference);
 * - `uri`: `URI` of RFC 3986 §3 (ASCII only: a character beyond ASCII must be percent-encoded);
 * - `uri-reference`: `URI-reference` of RFC 3986 §4.1 (a URI or a relative reference).
 * Each is a function from a string to whether all of it matches its rule; a string with a lone
 * surrogate matches none.
 */
export const formats = Object.freeze({
  iri: (data) => isValid(data, "IRI"),
  "iri-reference": (data) => isValid(data, "IRI-reference"),
  uri: (data) => isValid(data, "URI"),
  "uri-reference": (data) => isValid(data, "URI-reference"),
});

/**
 * Adds the formats `iri`, `iri-reference`, `uri` and `uri-reference` to `ajv` (an Ajv 8
 * instance, any draft) as string formats, replacing any it had under those names (such as
 * ajv-formats' `uri` and `uri-reference`, when added before), and returns `ajv`:
 *
 *     import Ajv from "ajv";
 *     import addFormats from "rfc3987/ajv";
 *     const ajv = addFormats(new Ajv());
 *
 * A format applies to strings only: Ajv lets data of other types pass it, as JSON Schema says.
 */
export default function addFormats(ajv) {
  for (const [name, validate] of Object.entries(formats)) {
    ajv.addFormat(name, { type: "string", validate });
  }
  return ajv;
}
