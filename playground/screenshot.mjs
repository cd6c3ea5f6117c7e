// The guide's picture of the playground: docs/src/playground.png, taken in Debian's headless
// Chromium from the page playground/build.sh assembled. Run: node screenshot.mjs (after npm ci).

import { fileURLToPath } from "node:url";
import { startServer, launchBrowser, newPage, hashOf, waitShown } from "./test/helpers.js";

const state = { iri: "http://user@Résumé.Example.org:80/a/./D%C3%BCrst?q=1#top", base: "http://résumé.example.org/b/c" };
const server = await startServer();
const browser = await launchBrowser();
try {
  const { page } = await newPage(browser, { viewport: { width: 960, height: 1500 } });
  await page.goto(server.url + hashOf(state));
  await waitShown(page, state);
  const path = fileURLToPath(new URL("../docs/src/playground.png", import.meta.url));
  await page.screenshot({ path, clip: { x: 0, y: 0, width: 960, height: 1500 } });
  console.log(`screenshot.mjs: wrote ${path}`);
} finally {
  await browser.close();
  await server.close();
}
