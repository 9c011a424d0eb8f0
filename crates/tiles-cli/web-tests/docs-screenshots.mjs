// The screenshots in crates/tiles-cli/docs, taken in headless Chromium: the riichi table
// (desktop, a phone upright and on its side, three players, a hand's result over the table, the
// game's end) from a running game, and the record viewer (desktop and phone, a hand's result,
// the review panel) on a real record. Run by
// hand when the look changes (cargo build -p tiles-cli first; ONLY=watch or ONLY=table for
// one of the two):
//
//   node docs-screenshots.mjs

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";

const TILES = process.env.TILES_BIN ?? new URL("../../../target/debug/tiles", import.meta.url).pathname;
const OUT = new URL("../docs/", import.meta.url).pathname;
const VIEW = '#mahjong [data-view="play"]';

const server = spawn(TILES, ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = /http:\/\/\S+/.exec(await new Promise((resolve) => createInterface({ input: server.stdout }).once("line", resolve)))[0];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });

async function settled(page) {
  await page.waitForFunction((view) => {
    const node = document.querySelector(view);
    return ["your-turn", "over"].includes(node.dataset.state) || !node.querySelector("[data-result]").hidden;
  }, VIEW);
  return (await page.isVisible(`${VIEW} [data-result]`)) ? "result" : page.getAttribute(VIEW, "data-state");
}

/** A game started with `players` and `seed`, played (passing on calls, discarding the tile
 * drawn) until `until` says stop. */
async function game(viewport, players, seed, until) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  await page.goto(`${base}/#/mahjong/play`);
  await page.waitForSelector("#mahjong[data-ready]");
  await page.selectOption(`${VIEW} select[name=players]`, String(players));
  await page.selectOption(`${VIEW} select[name=speed]`, "instant");
  await page.fill(`${VIEW} input[name=seed]`, String(seed));
  await page.click(`${VIEW} [data-new-game]`);
  for (let step = 0; step < 400; step++) {
    const state = await settled(page);
    if (await until(page, state, step)) break;
    if (state === "result") {
      await page.click(`${VIEW} [data-continue]`);
      continue;
    }
    const control = (await page.$(`${VIEW} [data-action="pass"]`)) ?? (await page.$(`${VIEW} [data-zone="drawn"]:not([disabled])`)) ?? (await page.$(`${VIEW} [data-action="discard"]:not([disabled])`));
    await control.click();
  }
  return page;
}

const frame = (page) => page.locator(`${VIEW} [data-frame]`);
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const landscape = { width: 844, height: 390 };

/** Whether the board shows a good part of a hand: many discards, a call or a riichi. */
const busy = async (page, state, least) =>
  state === "your-turn" && (await page.$$eval(`${VIEW} [data-zone="river"]`, (tiles) => tiles.length)) >= least;

let page;
if (process.env.ONLY !== "watch") {
  for (const [viewport, name, players, seed, least] of [[desktop, "riichi-desktop", 4, 3, 40], [phone, "riichi-phone", 4, 5, 36], [landscape, "riichi-phone-landscape", 4, 5, 36], [desktop, "riichi-three", 3, 8, 27]]) {
    page = await game(viewport, players, seed, async (p, state) => busy(p, state, least));
    // The window as a player sees it: the table scrolled into view.
    await page.screenshot({ path: `${OUT}${name}.png` });
    await page.close();
  }
  page = await game(desktop, 4, 3, async (p, state) => state === "result");
  await page.screenshot({ path: `${OUT}riichi-result.png` });
  await page.close();
  page = await game({ width: 1280, height: 1400 }, 4, 3, async (p, state) => state === "over");
  await page.locator(`${VIEW} [data-final-panel]`).screenshot({ path: `${OUT}riichi-final.png` });
  await page.close();
}

if (process.env.ONLY !== "table") {
  const WATCH = '#mahjong [data-view="watch"]';
  const record = new URL("../../../testdata/mahjong-game/logs/mjai/126_204_0_mjai.jsonl", import.meta.url).pathname;
  const opened = async (viewport, hash) => {
    const watching = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    await watching.goto(`${base}/#/mahjong/watch/${hash}`);
    await watching.waitForSelector("#mahjong[data-ready]");
    await watching.setInputFiles(`${WATCH} input[name="record-file"]`, record);
    await watching.waitForFunction(([selector, wanted]) => document.querySelector(selector)?.dataset.position === wanted, [`${WATCH} [data-position]`, hash.split("/").slice(0, 2).join("/")]);
    await watching.waitForTimeout(800);
    return watching;
  };
  // A decision of seat 0 that the value bot values, mid-hand.
  const response = await fetch(`${base}/api/mahjong/review`, { method: "POST", body: JSON.stringify({ record: await (await import("node:fs/promises")).readFile(record, "utf8"), seat: 0 }) });
  const review = await response.json();
  const decision = review.decisions.find((d) => d.value !== null && d.discards.length > 8 && d.event > 40) ?? review.decisions[0];
  page = await opened({ width: 1280, height: 1000 }, `${decision.hand}/${decision.event}/0`);
  await page.locator(`${WATCH} [data-viewer]`).screenshot({ path: `${OUT}watch-desktop.png` });
  await page.locator(`${WATCH} [data-analysis]`).screenshot({ path: `${OUT}watch-review.png` });
  await page.keyboard.press("End");
  await page.waitForSelector(`${WATCH} [data-result]:not([hidden])`);
  await page.locator(`${WATCH} [data-result]`).screenshot({ path: `${OUT}watch-result.png` });
  await page.close();
  page = await opened(phone, `${decision.hand}/${decision.event}/0`);
  await page.screenshot({ path: `${OUT}watch-phone.png`, fullPage: true });
  await page.close();
}

await browser.close();
server.kill("SIGINT");
console.log(`screenshots written to ${OUT}`);
