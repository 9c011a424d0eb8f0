import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
const server = spawn("/work/main/target/debug/tiles", ["serve", "--addr", "127.0.0.1:0"], { stdio: ["ignore", "pipe", "inherit"] });
const base = /http:\/\/\S+/.exec(await new Promise((r) => createInterface({ input: server.stdout }).once("line", r)))[0];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const sizes = (process.env.SIZES ?? "1280x800").split(",");
for (const size of sizes) {
  const [width, height] = size.split("x").map(Number);
  const page = await browser.newPage({ viewport: { width, height } });
  page.on("pageerror", (e) => console.log("ERR", e.message));
  page.on("console", (m) => { if (m.type() === "error") console.log("CONSOLE", m.text()); });
  await page.goto(`${base}/#/mahjong/play`);
  await page.waitForSelector("#mahjong[data-ready]");
  await page.selectOption('#mahjong [data-view="play"] select[name=speed]', "instant");
  await page.fill('#mahjong [data-view="play"] input[name=seed]', "12");
  await page.click('#mahjong [data-view="play"] [data-new-game]');
  await page.waitForTimeout(1500); await page.screenshot({ path: `/tmp/look0.png` }); console.log(await page.getAttribute("#mahjong [data-view=play]", "data-state"), await page.textContent("[data-riichi-status]"));
  for (let i = 0; i < Number(process.env.MOVES ?? 30); i++) {
    await page.waitForFunction(() => { const n = document.querySelector("#mahjong [data-view=play]"); return ["your-turn", "over", "failed"].includes(n.dataset.state) || !n.querySelector("[data-result]").hidden; });
    if (await page.isVisible('#mahjong [data-view="play"] [data-result]')) { if (process.env.STOP_AT_RESULT) break; await page.click('#mahjong [data-view="play"] [data-continue]'); continue; }
    const state = await page.getAttribute("#mahjong [data-view=play]", "data-state");
    if (state !== "your-turn") break;
    const pass = await page.$('#mahjong [data-action="pass"]');
    if (pass) { await pass.click(); continue; }
    const win = await page.$('#mahjong [data-action="tsumo"], #mahjong [data-action="ron"]');
    if (win) { await win.click(); continue; }
    const tiles = await page.$$('#mahjong button.riichi-tile:not([disabled])');
    await tiles[tiles.length - 1].click();
  }
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/look-${size}.png` });
  await page.close();
}
await browser.close();
server.kill();
