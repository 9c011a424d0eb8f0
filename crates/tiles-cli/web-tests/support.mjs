// What the page's tests share: the `tiles serve` server and the browser, started once per test
// file; a page opened at a tab with its problems (script errors, console errors, failed
// loads) collected; and a screenshot taken as a page is closed, with no problem allowed.
//
// TILES_BIN is the `tiles` binary (cargo xtask test builds it); CHROMIUM the browser
// (default /usr/bin/chromium); SCREENSHOTS the folder for the screenshots.

import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { chromium } from "playwright-core";

const TILES = process.env.TILES_BIN ?? new URL("../../../target/debug/tiles", import.meta.url).pathname;
const BROWSER = process.env.CHROMIUM ?? "/usr/bin/chromium";
export const SHOTS = process.env.SCREENSHOTS ?? new URL("../../../target/web-screenshots/", import.meta.url).pathname;

let server;
/** The server's address, once started. */
export let base;
/** The browser, once started. */
export let browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = spawn(TILES, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
  const first = await new Promise((resolve, reject) => {
    createInterface({ input: server.stdout }).once("line", resolve);
    server.once("exit", (code) => reject(new Error(`tiles serve exited (${code})`)));
  });
  base = /http:\/\/\S+/.exec(first)[0];
  browser = await chromium.launch({ executablePath: BROWSER });
});

after(async () => {
  await browser?.close();
  server?.kill("SIGINT");
});

/** A new page at `hash`, 1200 pixels wide (or `viewport`); `storage` is put in its
 * localStorage before the page's first script runs (a game to resume, options). */
export async function open(hash, viewport = { width: 1200, height: 900 }, storage = null) {
  const page = await browser.newPage({ viewport });
  if (storage) {
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem("tiles-test-seeded")) return;
      sessionStorage.setItem("tiles-test-seeded", "1");
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  const problems = [];
  page.on("pageerror", (error) => problems.push(error.message));
  // An API's 400 is part of a flow (the error shown next to its input); anything else that
  // fails to load is a problem.
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
  });
  page.on("response", (response) => {
    if (response.status() >= 400 && !new URL(response.url()).pathname.startsWith("/api/")) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(`${base}/#/${hash}`);
  // The tab shown and its module built (each tab's code is fetched when first opened).
  await page.waitForSelector(`#${hash.split("/")[0]}[data-ready]:not([hidden])`);
  page.problems = problems;
  return page;
}

/** A full-page screenshot `name`, then the page closed; no problem may have happened on it. */
export async function shot(page, name) {
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage: true });
  assert.deepEqual(page.problems, [], "no script errors");
  await page.close();
}

/** The API's answer, straight from the server (for what a test needs to know). */
export async function api(operation, request) {
  const response = await fetch(`${base}/api/${operation}`, { method: "POST", body: JSON.stringify(request) });
  return response.json();
}

/** The riichi table's view. */
const TABLE = '#mahjong [data-view="play"]';

/** Waits until the person at the riichi table must act: a decision, a result to close, or the
 * game's end (or a failure); which, as `your-turn`, `result`, `over` or `failed`. */
export async function settled(page) {
  await page.waitForFunction((view) => {
    const node = document.querySelector(view);
    return ["your-turn", "over", "failed"].includes(node.dataset.state) || !node.querySelector("[data-result]").hidden;
  }, TABLE);
  if (await page.isVisible(`${TABLE} [data-result]`)) return "result";
  return page.getAttribute(TABLE, "data-state");
}
