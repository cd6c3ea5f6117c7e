// Loading a WebAssembly module of the package: in Node (and Deno, Bun) from the file beside the
// glue, in a browser with fetch, both without a bundler.

/**
 * Instantiates the module at `url` with its wasm-bindgen glue's `init` or `initSync`, and
 * gives the instance's exports (its memory among them).
 * @param {{default: Function, initSync: Function}} glue
 * @param {URL} url
 */
export async function load(glue, url) {
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return glue.initSync({ module: await readFile(url) });
  }
  return glue.default({ module_or_path: url });
}
