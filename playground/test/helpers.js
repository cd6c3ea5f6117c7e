// The harness of the playground's browser tests: a static server over playground/dist (what
// playground/build.sh assembles), Debian's headless Chromium driven by puppeteer-core (no
// browser download), and helpers that open the page at a state, type into its inputs, wait
// for the worker's results to be shown and read them back. The DOM read here is the contract
// of the page (the ids and attributes listed at the top of app.js).

import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

/** The page as built by playground/build.sh. */
export const DIST = fileURLToPath(new URL("../dist", import.meta.url));

/** Debian's Chromium, or the one CHROMIUM names. */
export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

/** The rule the page starts with (#rule's default), left out of the hash. */
export const DEFAULT_RULE = "IRI-reference";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** Why the tests cannot run here, or false: they need the built page and Chromium. */
export function skipReason() {
  // In CI nothing is skipped: a missing page or browser fails every test.
  if (process.env.CI) return false;
  if (!existsSync(join(DIST, "index.html"))) return `no ${DIST}/index.html: run playground/build.sh first`;
  if (!existsSync(CHROMIUM)) return `needs Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM)`;
  return false;
}

/**
 * A static file server over `root` on a free port of 127.0.0.1: `{ url, close }`, `url`
 * ending in "/". A directory serves its index.html; nothing outside `root` is served.
 */
export async function startServer(root = DIST) {
  const server = createServer((request, response) => {
    let path;
    try {
      path = normalize(join(root, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, "index.html");
    if (!existsSync(path)) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[extname(path)] ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    response.end(readFileSync(path));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Headless Chromium. */
export function launchBrowser() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
}

/** The state with the page's defaults filled in: `{ iri, rule, base }`. */
export function fullState(state = {}) {
  return { iri: state.iri ?? "", rule: state.rule ?? DEFAULT_RULE, base: state.base ?? "" };
}

/** The location hash of a state, as the contract writes it (rule/base left out when default). */
export function hashOf(state) {
  const { iri, rule, base } = fullState(state);
  let hash = `#iri=${encodeURIComponent(iri)}`;
  if (rule !== DEFAULT_RULE) hash += `&rule=${encodeURIComponent(rule)}`;
  if (base !== "") hash += `&base=${encodeURIComponent(base)}`;
  return hash;
}

/** The state a hash (or a link's href ending in one) stands for, read as the contract says. */
export function stateOfHash(hash) {
  const params = {};
  for (const pair of hash.slice(hash.indexOf("#") + 1).split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const key = at < 0 ? pair : pair.slice(0, at);
    params[key] = decodeURIComponent(at < 0 ? "" : pair.slice(at + 1));
  }
  return fullState(params);
}

/**
 * A fresh page (tab) of `browser` recording every error it or its workers report. `errors`
 * collects uncaught exceptions, console errors, failed requests and HTTP errors.
 */
export async function newPage(browser, { viewport } = {}) {
  const page = await browser.newPage();
  if (viewport) await page.setViewport(viewport);
  const errors = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message ?? error}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // Chromium asks for /favicon.ico by itself; a 404 for it is not the page's doing.
    if (/favicon\.ico/.test(message.location()?.url ?? "")) return;
    errors.push(`console error: ${message.text()} (${message.location()?.url ?? "?"})`);
  });
  page.on("requestfailed", (request) => {
    if (/favicon\.ico$/.test(request.url())) return;
    errors.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !/favicon\.ico$/.test(response.url())) {
      errors.push(`HTTP ${response.status()}: ${response.url()}`);
    }
  });
  page.on("workercreated", (worker) => {
    worker.on("error", (error) => errors.push(`worker error: ${error.message ?? error}`));
    worker.on("console", (message) => {
      if (message.type() === "error") errors.push(`worker console error: ${message.text()}`);
    });
  });
  return { page, errors };
}

/**
 * Runs `body({ page, errors })` in a fresh page opened at `state` (its hash) once that state is
 * shown, then fails if the page reported any error; the page is closed in any case. `state`
 * null opens the page without a hash and waits for nothing.
 */
export async function withPage(browser, server, state, body, options = {}) {
  const { page, errors } = await newPage(browser, options);
  try {
    await page.goto(server.url + (state ? hashOf(state) : ""), { waitUntil: "load" });
    if (state) await waitShown(page, state, options.timeout);
    await body({ page, errors });
    assert.deepEqual(errors, [], "the page reported errors");
  } finally {
    await page.close();
  }
}

/**
 * Waits until `window.playground.shown` is `state` (defaults filled in): the results of that
 * state are in the DOM. On a timeout, says what was shown instead.
 */
export async function waitShown(page, state, timeout = 20_000) {
  const expected = fullState(state);
  try {
    await page.waitForFunction(
      (e) => {
        const s = window.playground && window.playground.shown;
        return !!s && s.iri === e.iri && s.rule === e.rule && s.base === e.base;
      },
      { timeout, polling: 50 },
      expected,
    );
  } catch (error) {
    const shown = await page.evaluate(() => JSON.stringify(window.playground?.shown ?? null)).catch(() => "?");
    const short = (s) => (s.length > 200 ? `${s.slice(0, 200)}… (${s.length} chars)` : s);
    throw new Error(
      `window.playground.shown never became ${short(JSON.stringify(expected))}; it is ${short(shown)} (${error.message})`,
    );
  }
}

/**
 * Puts `value` in the input `#id` and waits until the page shows `state` (the whole state
 * expected afterwards). With `typing`, real keyboard input: the field is focused, its text
 * selected, and `value` typed key by key (an empty value is a Backspace over the selection);
 * otherwise the value is set and one `input` event dispatched, as a paste would.
 */
export async function setField(page, id, value, state, { typing = false, timeout } = {}) {
  if (typing) {
    await page.focus(`#${id}`);
    await page.$eval(`#${id}`, (el) => el.select());
    if (value === "") await page.keyboard.press("Backspace");
    else await page.type(`#${id}`, value);
  } else {
    await page.$eval(
      `#${id}`,
      (el, v) => {
        el.value = v;
        el.dispatchEvent(new Event("input", { bubbles: true }));
      },
      value,
    );
  }
  if (state) await waitShown(page, state, timeout);
}

/** The (untrimmed) textContent of the first element matching `selector`, or null. */
export function text(page, selector) {
  return page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
}

/**
 * #status says whether the input is valid (data-valid) and names the rule: the contract gives
 * "valid IRI-reference" / "not an IRI-reference" as examples of its text, so only the rule's
 * name and the absence or presence of "not" are checked.
 */
export async function assertStatus(page, valid, rule) {
  const { text: words, valid: flag } = await status(page);
  assert.equal(flag, String(valid), `#status data-valid (text: ${words})`);
  const tokens = words.split(/\s+/).map((w) => w.replace(/[.,:;!]+$/, ""));
  assert.ok(tokens.includes(rule), `#status "${words}" names ${rule}`);
  assert.equal(/\bnot\b/.test(words), !valid, `#status "${words}"`);
}

/** Hebrew letters for the uppercase letters of RFC 3987 §4.4's Bidi Notation: A → U+05D0, B →
 * U+05D1, … (the substitution tests/build.rs uses for the same examples). */
export const hebrew = (s) => s.replace(/[A-Z]/g, (c) => String.fromCodePoint(0x5d0 + c.charCodeAt(0) - 65));

/** `#status`: its text and data-valid. */
export function status(page) {
  return page.$eval("#status", (el) => ({ text: el.textContent.trim(), valid: el.dataset.valid }));
}

/** The #components-table rows: NAME → { value, kind, span }, in table order (`order`). */
export function components(page) {
  return page.evaluate(() => {
    const rows = {};
    const order = [];
    for (const tr of document.querySelectorAll("#components-table tbody tr[data-component]")) {
      const cell = (c) => tr.querySelector(`td.${c}`)?.textContent ?? null;
      order.push(tr.dataset.component);
      rows[tr.dataset.component] = { value: cell("value"), kind: cell("kind").trim(), span: cell("span").trim() };
    }
    return { rows, order };
  });
}

/**
 * #input-view split into pieces: `{ component, text }` for the text of each span.component
 * (component = its data-component) and `{ component: null, text }` for the text between
 * them; consecutive text of the same owner is joined. Also the <mark id="fault"> text.
 */
export function inputView(page) {
  return page.evaluate(() => {
    const view = document.querySelector("#input-view");
    const pieces = [];
    const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const span = node.parentElement.closest("span.component");
      const owner = span && view.contains(span) ? span.dataset.component : null;
      const last = pieces[pieces.length - 1];
      if (last && last.component === owner && last.span === span) last.text += node.data;
      else pieces.push({ component: owner, text: node.data, span });
    }
    return {
      text: view.textContent,
      pieces: pieces.map(({ component, text }) => ({ component, text })),
      fault: view.querySelector("mark#fault")?.textContent ?? null,
    };
  });
}

/** #error: hidden or not, and the text of each of its fields. */
export function errorBox(page) {
  return page.evaluate(() => {
    const t = (id) => document.getElementById(id)?.textContent ?? null;
    return {
      hidden: document.getElementById("error").hidden,
      message: t("error-message"),
      position: t("error-position")?.trim(),
      component: t("error-component")?.trim(),
      rule: t("error-rule")?.trim(),
      expected: t("error-expected")?.trim(),
      reason: t("error-reason")?.trim(),
      fix: t("error-fix")?.trim(),
    };
  });
}

/**
 * The #tree nodes in document order: `{ depth, text, rule, leaf, open }`, depth counting the
 * details.node around the node, text the summary's (or the leaf's) text.
 */
export function treeNodes(page) {
  return page.evaluate(() => {
    const tree = document.getElementById("tree");
    return [...tree.querySelectorAll("details.node, div.node.leaf")].map((node) => {
      let depth = 0;
      for (let up = node.parentElement; up && up !== tree; up = up.parentElement) {
        if (up.matches("details.node")) depth += 1;
      }
      const leaf = node.matches("div.node.leaf");
      const label = leaf ? node : node.querySelector(":scope > summary");
      return { depth, text: label?.textContent ?? null, rule: node.dataset.rule, leaf, open: leaf ? null : node.open };
    });
  });
}

/**
 * Opens every closed node of #tree, as a reader unfolding them all would, and waits for each
 * `toggle` event: the page may put a node's children in the DOM only when it is opened.
 */
export function expandTree(page) {
  return page.evaluate(async () => {
    for (let round = 0; round < 100; round++) {
      const closed = [...document.querySelectorAll("#tree details.node:not([open])")];
      if (closed.length === 0) return;
      const toggled = closed.map((d) => new Promise((resolve) => d.addEventListener("toggle", resolve, { once: true })));
      for (const d of closed) d.open = true;
      await Promise.all(toggled);
    }
    throw new Error("#tree still has closed nodes after 100 rounds of opening them");
  });
}

/** The #ladder rows: STEP → { value, error } (error: the cell has class `error`). */
export function ladder(page) {
  return page.evaluate(() => {
    const rows = {};
    for (const tr of document.querySelectorAll("#ladder tbody tr[data-step]")) {
      const cell = tr.querySelector("td.value");
      rows[tr.dataset.step] = { value: cell?.textContent ?? null, error: !!cell?.classList.contains("error") };
    }
    return rows;
  });
}

/** The #lint items: `{ code, severity, href, section, message }`. */
export function lintItems(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("#lint li[data-code]")].map((li) => ({
      code: li.dataset.code,
      severity: li.dataset.severity,
      href: li.querySelector("a.section")?.getAttribute("href") ?? null,
      section: li.querySelector("a.section")?.textContent.trim() ?? null,
      message: li.querySelector(".message")?.textContent.trim() ?? null,
    })),
  );
}

/**
 * The relative luminance (WCAG 2, 0 black … 1 white) of the CSS colour `css`, computed in the
 * page: the colour is painted on a canvas and read back as sRGB, so any CSS colour syntax
 * (rgb(), oklch(), color(), …) is measured the same way.
 */
export function luminance(page, css) {
  return page.evaluate((color) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#fff"; // what shows through a translucent colour: the default canvas
    ctx.fillRect(0, 0, 1, 1);
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
    const lin = (v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  }, css);
}
