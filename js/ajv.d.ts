// rfc3987/ajv: the JSON Schema formats "iri", "iri-reference", "uri" and "uri-reference" for Ajv.

/** The names of the formats this entry adds. */
export type FormatName = "iri" | "iri-reference" | "uri" | "uri-reference";

/**
 * The four formats by name, each a function from a string to whether all of it matches its rule:
 * `iri` → `IRI` and `iri-reference` → `IRI-reference` (RFC 3987 §2.2), `uri` → `URI` (RFC 3986 §3),
 * `uri-reference` → `URI-reference` (RFC 3986 §4.1).
 */
export declare const formats: Readonly<Record<FormatName, (data: string) => boolean>>;

/**
 * Adds the four formats to `ajv` (an Ajv 8 instance, any draft) as string formats and returns it:
 * `const ajv = addFormats(new Ajv());`.
 */
export default function addFormats<T extends { addFormat(name: string, format: unknown): unknown }>(ajv: T): T;
