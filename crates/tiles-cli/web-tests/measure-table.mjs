// How quickly the riichi table answers, in headless Chromium with a `tiles serve` (release
// build): a practice hanchan against three value bots, the bots' turns shown at "instant", the
// person discarding the tile drawn and passing every call. Printed: the table's answer (the
// `mahjong/game` request, from the browser's resource timing: the server's work and the round
// trip) over the first ten decisions and the last ten, and a click to the next board drawn
// (the page's state back at "your-turn"), medians; run by hand:
//
//   TILES_BIN=../../../target/release/tiles node measure-table.mjs

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const TILES = process.env.TILES_BIN ?? new URL("../../../target/release/tiles", import.meta.url).pathname;
const VIEW = '#mahjong [data-view="play"]';

const server = spawn(TILES, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = /http:\/\/\S+/.exec(await new Promise((resolve) => createInterface({ input: server.stdout }).once("line", resolve)))[0];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${base}/#/mahjong/play`);
await page.waitForSelector("#mahjong[data-ready]");

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const settled = () => page.waitForFunction((view) => {
  const node = document.querySelector(view);
  return ["your-turn", "over", "failed"].includes(node.dataset.state) || !node.querySelector("[data-result]").hidden;
}, VIEW, { polling: "raf" });

await page.selectOption(`${VIEW} select[name=speed]`, "instant");
await page.fill(`${VIEW} input[name=seed]`, "7");
await page.click(`${VIEW} [data-new-game]`);
const clicks = [];
for (;;) {
  await settled();
  if (await page.isVisible(`${VIEW} [data-result]`)) {
    await page.click(`${VIEW} [data-continue]`);
    continue;
  }
  if ((await page.getAttribute(VIEW, "data-state")) !== "your-turn") break;
  const pass = await page.$(`${VIEW} [data-action="pass"]`);
  const target = pass ?? (await page.$(`${VIEW} .riichi-hand button.riichi-tile:not([disabled]) >> nth=-1`));
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/mahjong/game"));
  const start = performance.now();
  await target.click();
  await answered;
  await settled();
  if (!(await page.isVisible(`${VIEW} [data-result]`))) clicks.push(performance.now() - start);
}
const answers = await page.evaluate(() => performance.getEntriesByType("resource")
  .filter((entry) => entry.name.endsWith("/api/mahjong/game"))
  .map((entry) => entry.responseEnd - entry.startTime));
const drawn = await page.evaluate(() => performance.getEntriesByName("riichi: click to board").map((entry) => entry.duration));
console.log(`decisions: ${answers.length}`);
console.log(`a decision to the next board drawn, the page's own time (the answer and the drawing): median ${median(drawn).toFixed(1)} ms, slowest ${Math.max(...drawn).toFixed(1)} ms (${drawn.length})`);
console.log(`the table's answer, first ten decisions: median ${median(answers.slice(1, 11)).toFixed(1)} ms; last ten: median ${median(answers.slice(-10)).toFixed(1)} ms`);
console.log(`a click to the next board ("instant"): median ${median(clicks).toFixed(1)} ms, slowest ${Math.max(...clicks).toFixed(1)} ms (${clicks.length})`);
await browser.close();
server.kill("SIGINT");
