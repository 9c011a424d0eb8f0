// How quickly the record viewer answers, in headless Chromium with a `tiles serve` (release
// build: TILES_BIN=target/release/tiles): opening a hanchan (an mjai record of 12 hands), one event on (→), a hand
// on (PageDown, the next hand fetched ahead), a jump to a far hand from the hand list (fetched
// then), and the review panel's first showing, each from the key to the board drawn as the
// test sees it (so with the browser's round trip); and the page's own time to draw a board.
// Medians of many, printed; run by hand:
//
//   TILES_BIN=../../../target/release/tiles node measure-watch.mjs

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const TILES = process.env.TILES_BIN ?? new URL("../../../target/release/tiles", import.meta.url).pathname;
const RECORD = new URL("../../../testdata/mahjong-game/logs/mjai/126_204_0_mjai.jsonl", import.meta.url).pathname;
const WATCH = '#mahjong [data-view="watch"]';
const BOARD = `${WATCH} [data-position]`;

const server = spawn(TILES, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = /http:\/\/\S+/.exec(await new Promise((resolve) => createInterface({ input: server.stdout }).once("line", resolve)))[0];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
await page.goto(`${base}/#/mahjong/watch`);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const changed = (from) => page.waitForFunction(([selector, old]) => document.querySelector(selector)?.dataset.position !== old, [BOARD, from], { polling: "raf" });
const here = () => page.getAttribute(BOARD, "data-position");

async function timed(action) {
  const from = await here();
  const start = performance.now();
  await action();
  await changed(from);
  return performance.now() - start;
}

const opens = [];
for (let round = 0; round < 5; round++) {
  const start = performance.now();
  await page.setInputFiles(`${WATCH} input[name="record-file"]`, RECORD);
  await page.waitForFunction((count) => Number(document.querySelector('#mahjong [data-view="watch"] [data-viewer]').dataset.opened ?? 0) > count, round);
  await page.waitForSelector(BOARD);
  opens.push(performance.now() - start);
}
await page.keyboard.press("Home");
const steps = [];
for (let i = 0; i < 60; i++) steps.push(await timed(() => page.keyboard.press("ArrowRight")));
const hands = [];
for (let i = 0; i < 6; i++) {
  await page.waitForTimeout(300);
  hands.push(await timed(() => page.keyboard.press("PageDown")));
}
const jumps = [];
for (const hand of [11, 2, 9, 7]) jumps.push(await timed(() => page.click(`${WATCH} [data-hand-list] tr[data-hand="${hand}"] button`)));
const reviewStart = performance.now();
await page.keyboard.press("v");
await page.keyboard.press("ArrowDown");
await page.waitForSelector(`${WATCH} [data-analysis]:not([hidden]) tr[data-discard]`);
const review = performance.now() - reviewStart;
const draws = await page.evaluate(() => performance.getEntriesByName("watch: draw").map((entry) => entry.duration));
console.log(`drawing a board (the page's own time): median ${median(draws).toFixed(1)} ms, slowest ${Math.max(...draws).toFixed(1)} ms (${draws.length})`);
console.log(`open a hanchan: median ${median(opens).toFixed(0)} ms (${opens.length})`);
console.log(`one event on: median ${median(steps).toFixed(1)} ms, slowest ${Math.max(...steps).toFixed(1)} ms (${steps.length})`);
console.log(`next hand (fetched ahead): median ${median(hands).toFixed(1)} ms (${hands.length})`);
console.log(`a far hand from the list: median ${median(jumps).toFixed(1)} ms (${jumps.length})`);
console.log(`another seat's review, first shown: ${review.toFixed(0)} ms`);
await browser.close();
server.kill("SIGINT");
