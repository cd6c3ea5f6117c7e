// The package in a browser, where WebAssembly has JS String Builtins: isValid and isValidMany
// reading strings through them (lib/strings.js) against the same functions through
// encodeInto and against the browser's own URL.canParse, in one page of headless Chromium.
//
//   node js/bench/browser.mjs [--rounds N] [--min-strings N]
//
// Needs the built package (js/build.sh writes js/pkg) and Debian's chromium (/usr/bin/chromium,
// or $CHROMIUM). Serves js/ and the bench corpora (benches/data/, as bench.mjs reads them:
// mixed, nonascii, cc-refs, cc-bases) to a page on 127.0.0.1, which inflates them with
// DecompressionStream, times each checker and posts its tables back; they are printed as
// Markdown, for BENCHMARKS.md.
//
// Method, as bench.mjs's: two warm-up passes, then ROUNDS rounds (default 9) in each of which
// every (corpus, checker) pair is timed once, in an order rotated from round to round; a
// timing is passes over the corpus to at least MIN_STRINGS strings (default 200,000). The
// figure is the median over the rounds, each ratio the median of the ratios within a round.
// The encodeInto path is a second instance of the validation module (the glue imported under
// another URL) with lib/api.js made over it without the builtins. Before timing, the page checks
// that both paths give the same verdicts on every string. Timings are performance.now(),
// which a page that is not cross-origin isolated sees in steps of 0.1 ms: each timing is tens
// of milliseconds.

import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const args = process.argv.slice(2);
const opts = { rounds: 9, minStrings: 200_000 };
for (let i = 0; i < args.length; i++) {
  const n = Number(args[i + 1]);
  if (args[i] === "--rounds" && n >= 1) opts.rounds = n;
  else if (args[i] === "--min-strings" && n >= 1) opts.minStrings = n;
  else {
    console.error("usage: node js/bench/browser.mjs [--rounds N] [--min-strings N]");
    process.exit(2);
  }
  i++;
}
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
if (!existsSync(`${root}js/pkg/strings.js`)) throw new Error("build the package first: js/build.sh");

const PAGE = `<!doctype html><meta charset="utf-8"><title>rfc3987 bench</title>
<script type="module">
  const opts = ${JSON.stringify(opts)};
  const post = (body) => fetch("/result", { method: "POST", body });
  try {
    const core = await import("/js/core.js");
    const glue = await import("/js/pkg/core/rfc3987_js.js?encodeInto");
    const { makeApi } = await import("/js/lib/api.js");
    const { load } = await import("/js/lib/load.js");
    const exports = await load(glue, new URL("/js/pkg/core/rfc3987_js_bg.wasm", location.href));
    const viaEncodeInto = makeApi(glue, exports.memory, null);
    if (!core.usesStringBuiltins) throw new Error("this browser gives WebAssembly no JS String Builtins");

    const lines = async (file) => {
      const response = await fetch("/benches/data/" + file);
      const text = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).text();
      // Each a string of its own (not a slice of the file's), as JSON.parse makes them.
      return JSON.parse(JSON.stringify(text.split("\\n").filter((l) => l !== "")));
    };
    const pairs = (await lines("relative_urls_cc_10k.csv.gz")).slice(1).map((row) => {
      const comma = row.indexOf(",");
      return [row.slice(0, comma), row.slice(comma + 1)];
    });
    const corpora = [
      ["mixed", await lines("iris-mixed-100k.txt.gz")],
      ["nonascii", await lines("iris-nonascii.txt.gz")],
      ["cc-refs", JSON.parse(JSON.stringify(pairs.map((p) => p[1])))],
      ["cc-bases", JSON.parse(JSON.stringify(pairs.map((p) => p[0])))],
    ];
    for (const [name, strings] of corpora) {
      const a = Array.from(core.isValidMany(strings)).join("");
      const b = Array.from(viaEncodeInto.isValidMany(strings)).join("");
      const c = strings.map((s) => (core.isValid(s) ? 1 : 0)).join("");
      if (a !== b || a !== c) throw new Error(name + ": the two paths disagree");
    }
    const checkers = [
      ["isValid, builtins", (xs) => { let n = 0; for (let i = 0; i < xs.length; i++) n += core.isValid(xs[i]); return n; }],
      ["isValid, encodeInto", (xs) => { let n = 0; for (let i = 0; i < xs.length; i++) n += viaEncodeInto.isValid(xs[i]); return n; }],
      ["URL.canParse", (xs) => { let n = 0; for (let i = 0; i < xs.length; i++) n += URL.canParse(xs[i]); return n; }],
      ["isValidMany, builtins", (xs) => core.isValidMany(xs)[0]],
      ["isValidMany, encodeInto", (xs) => viaEncodeInto.isValidMany(xs)[0]],
    ];
    const time = (fn, xs) => {
      const passes = Math.ceil(opts.minStrings / xs.length);
      const start = performance.now();
      for (let p = 0; p < passes; p++) fn(xs);
      return ((performance.now() - start) * 1e6) / (passes * xs.length); // ns a string
    };
    for (const [, xs] of corpora) for (const [, fn] of checkers) { fn(xs); fn(xs); }
    const ns = corpora.map(() => checkers.map(() => []));
    for (let round = 0; round < opts.rounds; round++) {
      const order = [];
      corpora.forEach((_, c) => checkers.forEach((_, k) => order.push([c, k])));
      for (let j = 0; j < order.length; j++) {
        const [c, k] = order[(j + round * 3) % order.length];
        ns[c][k].push(time(checkers[k][1], corpora[c][1]));
      }
    }
    const median = (xs) => { const s = [...xs].sort((p, q) => p - q); return s[s.length >> 1]; };
    const ratio = (c, k, base) => median(ns[c][k].map((t, r) => t / ns[c][base][r]));
    let out = "| corpus | isValid, builtins | isValid, encodeInto | URL.canParse | canParse ÷ builtins | isValidMany, builtins | isValidMany, encodeInto |\\n";
    out += "|---|---|---|---|---|---|---|\\n";
    corpora.forEach(([name], c) => {
      const m = (k) => median(ns[c][k]);
      out += "| " + [name, m(0).toFixed(1) + " ns", m(1).toFixed(1) + " ns", m(2).toFixed(1) + " ns",
        ratio(c, 2, 0).toFixed(2) + "×", (1e3 / m(3)).toFixed(1) + " M/s", (1e3 / m(4)).toFixed(1) + " M/s"].join(" | ") + " |\\n";
    });
    await post(navigator.userAgent + "\\n\\n" + out);
  } catch (error) {
    await post("FAILED " + (error?.stack ?? error));
  }
</script>`;

const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".gz": "application/gzip" };
let finish;
const done = new Promise((resolve) => (finish = resolve));
const server = createServer((request, response) => {
  const url = new URL(request.url, "http://x");
  if (request.method === "POST") {
    let body = "";
    request.on("data", (d) => (body += d));
    request.on("end", () => {
      response.end();
      finish(body);
    });
    return;
  }
  if (url.pathname === "/") {
    response.writeHead(200, { "content-type": "text/html" }).end(PAGE);
    return;
  }
  const path = normalize(join(root, decodeURIComponent(url.pathname)));
  const allowed = path.startsWith(join(root, "js")) || path.startsWith(join(root, "benches/data"));
  if (!allowed || !existsSync(path)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
  response.end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const profile = mkdtempSync(join(tmpdir(), "rfc3987-bench-"));
const browser = spawn(
  chromium,
  ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`,
    `http://127.0.0.1:${server.address().port}/`],
  { stdio: "ignore" },
);
const result = await done;
// The profile is removed once the browser has exited: until then it may still be writing there.
const exited = new Promise((resolve) => browser.once("exit", resolve));
browser.kill();
await exited;
server.close();
rmSync(profile, { recursive: true, force: true });
console.log(result);
process.exit(result.startsWith("FAILED") ? 1 : 0);
