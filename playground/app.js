// The playground page: reads the fields, keeps them in the URL's fragment, asks the worker
// (worker.js) for the results and puts them in the DOM as text. No result is computed here.
//
// What the results are, in the DOM (the browser tests read these; keep them stable):
// - #iri, #rule (with #rules, every rule name), #base; the state in the fragment as
//   #iri=…&rule=…&base=… (encodeURIComponent; rule and base left out when default or empty).
// - window.playground.shown: the {iri, rule, base} whose results are in the DOM.
// - #status[data-valid]; #input-view: span.component[data-component=scheme|userinfo|host|port|
//   path|query|fragment] (data-label adds the host's and path's kind), mark#fault at an error.
// - #components-table tr[data-component] > td.value, td.kind, td.span ("start–end", UTF-16).
// - #error (hidden when valid): #error-message, -reason, -position, -component, -rule,
//   -expected, -fix.
// - #tree: details.node / div.node.leaf, [data-rule], the summary text a line of `iri tree`.
// - #ladder tr[data-step=syntax|scheme|nfc|idn|to-uri|to-uri-idna|to-iri|to-iri-idn] > td.value
//   (class error for an error); #resolved, #relativized.
// - #lint li[data-code][data-severity] > a.section[href] (the RFC's section), .message.
// - #bidi (hidden without right-to-left characters): #display-form (marks escaped),
//   #display-rendered, bdo#visual-order.

import { slice } from "./text.js";

const $ = (id) => document.getElementById(id);
const fields = { iri: $("iri"), rule: $("rule"), base: $("base") };
const DEFAULT_RULE = "IRI-reference";
const RFC = "https://www.rfc-editor.org/rfc/rfc3987";

/** What the page shows, for the tests and for anyone in the console. */
window.playground = { shown: null };

// ---- The state and the URL's fragment: #iri=…&rule=…&base=… ----

/** The state in the fields. */
function current() {
  return { iri: fields.iri.value, rule: fields.rule.value.trim() || DEFAULT_RULE, base: fields.base.value };
}

/** The state a fragment gives (absent keys: the defaults), or null when it holds none. */
function fromHash(hash) {
  const params = new Map();
  for (const pair of hash.replace(/^#/, "").split("&")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const raw = pair.slice(eq + 1);
    try {
      params.set(pair.slice(0, eq), decodeURIComponent(raw));
    } catch {
      // A "%" that starts no UTF-8 escape (a link written by hand): the text as it is written.
      params.set(pair.slice(0, eq), raw);
    }
  }
  if (!params.has("iri") && !params.has("base") && !params.has("rule")) return null;
  return { iri: params.get("iri") ?? "", rule: params.get("rule") || DEFAULT_RULE, base: params.get("base") ?? "" };
}

/** The fragment of `state`, or null when a value cannot be written (a lone surrogate has no UTF-8). */
function toHash(state) {
  try {
    let hash = `#iri=${encodeURIComponent(state.iri)}`;
    if (state.rule !== DEFAULT_RULE) hash += `&rule=${encodeURIComponent(state.rule)}`;
    if (state.base !== "") hash += `&base=${encodeURIComponent(state.base)}`;
    return hash;
  } catch {
    return null;
  }
}

function keepInUrl(state) {
  const hash = toHash(state);
  const note = $("link-note");
  if (hash === null) {
    note.textContent = "This input has a lone surrogate, which has no UTF-8 form: the link cannot carry it.";
    note.hidden = false;
    return;
  }
  note.hidden = true;
  try {
    if (hash !== location.hash) history.replaceState(null, "", hash);
  } catch {
    // A browser that limits how often history may be written: the link lags, the results not.
  }
}

// ---- The worker: one request at a time, the latest state wins ----

// A computation cannot be interrupted: when newer input waits behind one that has run for
// RESTART ms (a long input), the worker is replaced rather than waited for, and after BUSY ms
// the page says it is computing.
const RESTART = 400;
const BUSY = 150;
let worker;
let ready = false;
let busySince = null;
let pending = null;
let rulesFilled = false;
let failed = false;
let busyTimer;

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  ready = false;
  busySince = null;
  worker.onmessage = answered;
  worker.onerror = (event) => {
    event.preventDefault?.();
    setStatus(`The page's worker failed: ${event.message || "it could not load its WebAssembly module"}.`, null);
    document.querySelector("main").removeAttribute("aria-busy");
    worker.terminate();
    busySince = null;
    ready = false;
    failed = true;
  };
}

function ask(state) {
  pending = state;
  // After a failure, each new input tries a new worker (and says again why it failed).
  if (failed || (busySince !== null && performance.now() - busySince > RESTART)) {
    failed = false;
    worker.terminate();
    startWorker();
  }
  if (ready && busySince === null) sendPending();
}

function sendPending() {
  if (pending === null) return;
  busySince = performance.now();
  worker.postMessage(pending);
  pending = null;
  clearTimeout(busyTimer);
  busyTimer = setTimeout(() => {
    if (busySince === null) return;
    document.querySelector("main").setAttribute("aria-busy", "true");
    setStatus("Computing…", null);
  }, BUSY);
}

function answered({ data }) {
  if (data.ready) {
    ready = true;
    if (!rulesFilled) fillRules(data.ruleNames);
    rulesFilled = true;
    sendPending();
    return;
  }
  busySince = null;
  // A newer state is waiting: show nothing stale, compute that one.
  if (pending !== null) return sendPending();
  clearTimeout(busyTimer);
  document.querySelector("main").removeAttribute("aria-busy");
  render(data);
}

startWorker();

function fillRules(names) {
  const list = $("rules");
  for (const name of names) {
    const option = document.createElement("option");
    option.value = name;
    list.append(option);
  }
}

// ---- Rendering: text into the DOM, never HTML from the input ----

/** An element `tag` with `text`, and attributes. */
function el(tag, text, attributes = {}) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = text;
  for (const [k, v] of Object.entries(attributes)) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  return e;
}

// A long value (a 100 KB input's path, its eight ladder forms) is shown cut, with a button that
// shows it whole: laying out megabytes of wrapped text would hold the page for a second.
const LONG = 4000;
const SHOWN = 2000;

/** Puts `text` into `cell`, cut with a "show all" button when it is long. */
function putValue(cell, text) {
  if (text.length <= LONG) {
    cell.textContent = text;
    return;
  }
  const more = el("button", `show all ${text.length.toLocaleString("en")} characters`, { type: "button", class: "more" });
  more.addEventListener("click", () => {
    cell.textContent = text;
    // The button is gone: keep the focus where it was, on the value now shown whole.
    cell.tabIndex = -1;
    cell.focus();
  });
  cell.replaceChildren(slice(text, 0, SHOWN), el("span", "…", { class: "same" }), " ", more);
}

function setStatus(text, valid) {
  const status = $("status");
  status.textContent = text;
  if (valid === null) delete status.dataset.valid;
  else status.dataset.valid = String(valid);
}

function render(result) {
  const { state } = result;
  if (result.crashed) {
    setStatus(`The page failed on this input (${result.crashed.message}): please report it.`, null);
  } else {
    const known = !(result.error && result.error.name === "RangeError");
    setStatus(
      known ? `${result.valid ? "✓ valid" : "✗ not a valid"} ${state.rule}` : `✗ ${result.error.message}`,
      known ? result.valid : null,
    );
    renderView(result.view ?? []);
    renderComponents(result.components ?? []);
    renderError(result.error && result.error.position !== undefined ? result.error : null);
    renderTree(known ? result.tree : { unknownRule: true });
    renderLadder(result.ladder ?? {});
    renderResolution(result);
    renderLint(result.lint ?? []);
    renderBidi(result.bidi);
  }
  window.playground.shown = state;
  document.dispatchEvent(new CustomEvent("playground:shown", { detail: state }));
}

function renderView(pieces) {
  const view = $("input-view");
  view.replaceChildren();
  for (const piece of pieces) {
    if (piece.cut) {
      view.append(el("span", `… (${piece.cut.toLocaleString("en")} characters not shown)`, { class: "same cut" }));
    } else if (piece.fault) {
      view.append(el("mark", piece.text, { id: "fault", title: "the character at fault" }));
    } else if (piece.component) {
      const label = piece.kind ? `${piece.component} · ${piece.kind}` : piece.component;
      view.append(el("span", piece.text, { class: "component", "data-component": piece.component, "data-label": label }));
    } else if (piece.text !== "") {
      view.append(piece.text);
    }
  }
}

function renderComponents(components) {
  const body = $("components-table").tBodies[0];
  body.replaceChildren();
  for (const c of components) {
    const row = el("tr", undefined, { "data-component": c.name });
    row.append(el("th", c.name, { scope: "row" }));
    const value = el("td", undefined, { class: "value" });
    putValue(value, c.value);
    row.append(value);
    row.append(el("td", c.kind ?? "", { class: "kind" }));
    row.append(el("td", `${c.span[0]}–${c.span[1]}`, { class: "span" }));
    body.append(row);
  }
}

function renderError(error) {
  const section = $("error");
  section.hidden = error === null;
  if (error === null) return;
  $("error-message").textContent = error.message;
  $("error-reason").textContent = error.reason;
  $("error-position").textContent = String(error.position);
  $("error-component").textContent = error.component ?? "—";
  $("error-rule").textContent = error.rule ?? "—";
  $("error-expected").textContent = error.expected.length ? error.expected.join(", ") : "—";
  const fix = $("error-fix");
  const repairedState = error.repaired ? { ...current(), iri: error.repaired } : null;
  const href = repairedState && toHash(repairedState);
  if (href) {
    // A link that loads the repaired text, with the same rule and base.
    const link = el("a", undefined, { href });
    link.append(el("code", error.repairedShown));
    fix.replaceChildren("percent-encode what is not allowed (RFC 3987 §3.1 step 2): ", link);
  } else if (!error.startSymbol) {
    fix.textContent = "— (a fix is offered for the start symbols: see the reason)";
  } else {
    fix.textContent = "— (percent-encoding alone does not make it valid without changing it: see the reason)";
  }
}

// The tree: `iri tree`'s lines, folded by indentation; children are put in the DOM when their
// node is first opened, and a long list of them in batches, so a 100 KB input stays light.
const BATCH = 200;
const OPEN_DEPTH = 3;
const LINE = 300;

function renderTree(tree) {
  const root = $("tree");
  root.replaceChildren();
  if (!tree) {
    root.append(el("p", "No tree: the input does not match the rule.", { class: "same" }));
    return;
  }
  if (tree.unknownRule) {
    root.append(el("p", "No tree: there is no such rule.", { class: "same" }));
    return;
  }
  if (tree.error) {
    root.append(el("p", tree.error.message, { class: "error" }));
    return;
  }
  const lines = tree.value.split("\n").filter((l) => l !== "");
  const depth = lines.map((l) => (l.length - l.trimStart().length) / 2);
  /** The indices of the children of the node at `i` (-1: the roots). */
  const children = (i) => {
    const out = [];
    const d = i < 0 ? 0 : depth[i] + 1;
    for (let j = i + 1; j < lines.length && (i < 0 || depth[j] > depth[i]); j++) {
      if (depth[j] === d) out.push(j);
    }
    return out;
  };
  const node = (i) => {
    const whole = lines[i].trimStart();
    // The top nodes of a long input each quote all of it: their lines are cut.
    const text = whole.length > LINE ? `${whole.slice(0, LINE)}… (${whole.length.toLocaleString("en")} characters)` : whole;
    const rule = whole.slice(0, whole.indexOf(" "));
    const hasChildren = i + 1 < lines.length && depth[i + 1] > depth[i];
    if (!hasChildren) return el("div", text, { class: "node leaf", "data-rule": rule });
    const details = el("details", undefined, { class: "node", "data-rule": rule });
    details.append(el("summary", text));
    let filled = false;
    const fill = () => {
      if (filled) return;
      filled = true;
      list(details, children(i));
    };
    details.addEventListener("toggle", () => details.open && fill());
    if (depth[i] < OPEN_DEPTH) {
      details.open = true;
      fill();
    }
    return details;
  };
  const list = (parent, items, from = 0) => {
    for (const j of items.slice(from, from + BATCH)) parent.append(node(j));
    if (items.length > from + BATCH) {
      const more = el("button", `show ${Math.min(BATCH, items.length - from - BATCH)} more of ${items.length - from - BATCH}`, {
        type: "button",
      });
      more.addEventListener("click", () => {
        more.remove();
        const first = parent.children.length;
        list(parent, items, from + BATCH);
        // The focus goes to the first node shown, where the button was.
        const next = parent.children[first];
        const target = next?.querySelector(":scope > summary") ?? next;
        if (target) {
          if (target.tabIndex < 0) target.tabIndex = -1;
          target.focus();
        }
      });
      parent.append(more);
    }
  };
  list(root, children(-1));
}

function renderLadder(ladder) {
  for (const row of $("ladder").tBodies[0].rows) {
    const cell = row.querySelector("td.value");
    const step = ladder[row.dataset.step];
    cell.className = "value";
    if (!step) {
      cell.textContent = "";
    } else if (step.error) {
      cell.textContent = step.error.message.split("\n")[0];
      cell.classList.add("error");
    } else {
      putValue(cell, step.value);
    }
  }
}

function renderResolution(result) {
  $("resolution-hint").hidden = result.state.base !== "";
  for (const [id, outcome] of [
    ["resolved", result.resolved],
    ["relativized", result.relativized],
  ]) {
    const out = $(id);
    out.className = "";
    if (!outcome) {
      out.textContent = "";
    } else if (outcome.error) {
      out.textContent = outcome.error.message.split("\n")[0];
      out.className = "error";
    } else {
      putValue(out, outcome.value);
    }
  }
}

function renderLint(diagnostics) {
  const list = $("lint");
  list.replaceChildren();
  if (diagnostics.length === 0) {
    list.append(el("li", "Nothing to report.", { class: "same" }));
    return;
  }
  for (const d of diagnostics) {
    const item = el("li", undefined, { "data-code": d.code, "data-severity": d.severity });
    item.append(el("span", d.severity, { class: "severity" }), " ");
    item.append(el("span", d.code, { class: "code" }), " ");
    item.append(el("a", `§${d.section}`, { class: "section", href: `${RFC}#section-${d.section}` }), " ");
    item.append(el("span", `(${d.start}–${d.end}) `, { class: "where" }));
    item.append(el("span", d.message, { class: "message" }));
    if (d.fix !== null) item.append(" ", el("span", `Fix: ${d.fix}`, { class: "fix" }));
    if (d.help !== null) item.append(" ", el("span", d.help, { class: "help" }));
    list.append(item);
  }
}

function renderBidi(bidi) {
  $("bidi").hidden = !bidi;
  if (!bidi) return;
  putValue($("display-form"), bidi.escaped);
  putValue($("display-rendered"), bidi.display);
  putValue($("visual-order"), bidi.visual);
}

// ---- Wiring ----

function load(state) {
  $("link-note").hidden = true;
  fields.iri.value = state.iri;
  fields.rule.value = state.rule;
  fields.base.value = state.base;
  ask(current());
}

for (const field of Object.values(fields)) {
  field.addEventListener("input", () => {
    const state = current();
    ask(state);
    keepInUrl(state);
  });
}

window.addEventListener("hashchange", () => {
  const state = fromHash(location.hash);
  if (state) load(state);
});

load(fromHash(location.hash) ?? { iri: "http://résumé.example.org/Dürst?q=1#top", rule: DEFAULT_RULE, base: "" });
