// The `js` blocks of the repository's Markdown files, run (TESTING.md, "The examples in the
// documentation"): each block is written to a module file inside js/ and run by Node, so that
// `import … from "rfc3987"` is this package (Node's self-reference, through package.json's
// name and exports: the built js/pkg/) and `import Ajv from "ajv"` is js/node_modules'. What
// it prints on standard output must be the `// ` comment lines that end the block, each
// without its `// ` (a lone `//` is an empty line), exactly; a block that ends in no such line
// must print nothing. A block that exits with an error fails, with its standard error.
//
// One test per block, named FILE:LINE (its opening fence). Run them alone with
// `node --test js/test/docs.test.js`, one file's with `--test-name-pattern 'README.md:'`.

import { test, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const jsDir = fileURLToPath(new URL("..", import.meta.url));
const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The Markdown files: tracked, or new and not ignored (`git ls-files -co --exclude-standard`),
 * as paths from the repository's root; those in the index but no longer on disk left out.
 */
function markdownFiles() {
  const out = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard", "--", "*.md"], {
    cwd: root,
    encoding: "utf8",
  });
  const files = out.split("\0").filter((path) => path !== "" && existsSync(join(root, path)) && statSync(join(root, path)).isFile());
  return [...new Set(files)].sort();
}

/**
 * The fenced code blocks of a Markdown text, as `{line, language, skipped, lines}`: an opening
 * fence is a run of three backticks or more, indented or not, then the info string, whose first
 * word is the language; the block runs to a fence of backticks at least as long with nothing
 * after it (or to the end of the text). `line` is the opening fence's (from 1); `lines` those
 * between the fences, without the fence's indentation (a block in a list item); `skipped` says
 * that the line before the fence hands the block to another runner or says why it is not run.
 */
function blocks(text) {
  const lines = text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  if (lines.at(-1) === "") lines.pop();
  const found = [];
  let open = null;
  lines.forEach((line, index) => {
    const trimmed = line.replace(/^ */, "");
    const indent = line.length - trimmed.length;
    const ticks = trimmed.length - trimmed.replace(/^`*/, "").length;
    if (open !== null) {
      if (ticks >= open.ticks && trimmed.slice(ticks).trim() === "") {
        open = null;
      } else {
        open.block.lines.push(line.slice(Math.min(indent, open.indent)));
      }
    } else if (ticks >= 3) {
      const before = index > 0 ? lines[index - 1].trim() : "";
      const block = {
        line: index + 1,
        language: trimmed.slice(ticks).trim().split(/\s+/)[0],
        skipped: before.startsWith("<!-- run by") || before.startsWith("<!-- not run:"),
        lines: [],
      };
      found.push(block);
      open = { ticks, indent, block };
    }
  });
  return found;
}

/**
 * What a block must print: the `// ` lines that end it (blank lines after them aside), each
 * without its `// `, a lone `//` an empty line; "" when it ends in none.
 */
function expectedOutput(lines) {
  let end = lines.length;
  while (end > 0 && lines[end - 1].trim() === "") end--;
  let start = end;
  while (start > 0 && (lines[start - 1].startsWith("// ") || lines[start - 1].trimEnd() === "//")) start--;
  return lines
    .slice(start, end)
    .map((l) => (l.trimEnd() === "//" ? "\n" : `${l.slice(3)}\n`))
    .join("");
}

// The directory the blocks are written to: in js/pkg/ (the build's output, which git ignores,
// so nothing untracked shows even while the tests run; it has no package.json, so js/'s is the
// blocks' package). Made for the first block, removed after the tests, and on the process's
// exit whatever ends it.
let scratch = null;
let written = 0;

function removeScratch() {
  if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  scratch = null;
}

after(removeScratch);
process.on("exit", removeScratch);

/** Runs `code` as an ES module file in js/, at the repository's root: `{status, signal, stdout, stderr}`. */
function run(code) {
  if (scratch === null) {
    if (!existsSync(join(jsDir, "pkg", "full", "rfc3987_js_bg.wasm"))) {
      throw new Error("js/pkg/ is not built: run js/build.sh first");
    }
    scratch = mkdtempSync(join(jsDir, "pkg", ".docs-test-"));
  }
  const file = join(scratch, `block-${++written}.mjs`);
  writeFileSync(file, code);
  const env = { ...process.env, NO_COLOR: "1" };
  // The test runner's mark for its own child processes: the block is a program, not a test file.
  delete env.NODE_TEST_CONTEXT;
  const result = spawnSync(process.execPath, [file], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
  if (result.error) throw result.error;
  return result;
}

/** Runs a block and asserts that it exits 0 and prints exactly what its last comments show. */
function checkBlock(block, place) {
  const { status, signal, stdout, stderr } = run(`${block.lines.join("\n")}\n`);
  if (status !== 0) {
    assert.fail(`${place}: the block exited with ${signal ?? `status ${status}`}; its standard error:\n${stderr}`);
  }
  const want = expectedOutput(block.lines);
  assert.equal(
    stdout,
    want,
    `${place}: the block printed ${JSON.stringify(stdout)}, its closing \`// \` lines show ${JSON.stringify(want)}` +
      (stderr ? `\nstandard error:\n${stderr}` : ""),
  );
}

const found = markdownFiles().flatMap((file) =>
  blocks(readFileSync(join(root, file), "utf8"))
    .filter((block) => block.language === "js" && !block.skipped)
    .map((block) => ({ file, block })),
);

test("the Markdown files have js blocks", () => {
  assert.ok(found.length > 0, "no js block in the Markdown files");
});

for (const { file, block } of found) {
  const place = `${file}:${block.line}`;
  test(place, () => checkBlock(block, place));
}

// The parts, on a page written here: each can fail.

test("blocks are found with their language, lines and comment", () => {
  const page = [
    "# Title", // 1
    "```js", // 2
    'console.log("a");', // 3
    "// a", // 4
    "```", // 5
    "<!-- not run: it needs a browser -->", // 6
    "```js title", // 7
    "document.title;", // 8
    "```", // 9
    "- item:", // 10
    "  ````js", // 11
    "  // ```", // 12
    "    x;", // 13
    "  ````", // 14
    "```", // 15
    "never closed", // 16
    "",
  ].join("\n");
  assert.deepEqual(blocks(page), [
    { line: 2, language: "js", skipped: false, lines: ['console.log("a");', "// a"] },
    { line: 7, language: "js", skipped: true, lines: ["document.title;"] },
    { line: 11, language: "js", skipped: false, lines: ["// ```", "  x;"] },
    { line: 15, language: "", skipped: false, lines: ["never closed"] },
  ]);
  assert.equal(expectedOutput(["f();", "// a", "//", "// b", ""]), "a\n\nb\n");
  assert.equal(expectedOutput(["// a", "f();"]), "");
  assert.equal(expectedOutput(["f(); // a"]), "");
  assert.equal(expectedOutput(["f();", "//a"]), "");
});

test("the runner passes a block that prints what it shows and fails one that does not", () => {
  const page = `
A right block: the package by its name, its Ajv entry with Ajv from js/node_modules.

\`\`\`js
import { isValid, normalize } from "rfc3987";
import Ajv from "ajv";
import addFormats from "rfc3987/ajv";

const ajv = addFormats(new Ajv());
console.log(isValid("http://[::1]/"));
console.log(normalize("HTTP://Example.org:80/a/./b"));
console.log();
console.log(ajv.validate({ type: "string", format: "iri" }, "http://例え/a b"));
// true
// http://example.org/a/b
//
// false
\`\`\`

\`\`\`js
import { isValid } from "rfc3987";
isValid("http://[::1]/"); // true: a comment on the line is not output
\`\`\`

\`\`\`js
import { isValid } from "rfc3987";
console.log(isValid("http://[::1]/"));
// false
\`\`\`

\`\`\`js
console.log("more");
\`\`\`

\`\`\`js
console.log("a");
console.log("b");
// a
\`\`\`

\`\`\`js
import { parse } from "rfc3987";
parse("http://例え/a b");
\`\`\`

<!-- not run: it would fail -->
\`\`\`js
throw new Error("run");
\`\`\`
`;
  const [right, quiet, wrong, unexpected, missing, throws, ...rest] = blocks(page);
  assert.equal(rest.length, 1);
  assert.equal(rest[0].skipped, true);
  checkBlock(right, "right");
  checkBlock(quiet, "quiet");
  assert.throws(() => checkBlock(wrong, "wrong"), (e) => e.actual === "true\n" && e.expected === "false\n");
  assert.throws(() => checkBlock(unexpected, "unexpected"), (e) => e.actual === "more\n" && e.expected === "");
  assert.throws(() => checkBlock(missing, "missing"), (e) => e.actual === "a\nb\n" && e.expected === "a\n");
  assert.throws(() => checkBlock(throws, "throws"), /throws: the block exited with status 1; its standard error:\n[^]*IRIError/);
});
