// The record viewer in the page ("Watch a record"), in headless Chromium: real records of every
// kind (Phoenix hanchan, the edge cases, three players, mjai) opened, the board drawn at
// sampled events compared with the engine's (the API's `mahjong/watch`), the hand list's
// verdicts with `tiles mahjong replay --json`'s; one game in its three formats; every key and
// its button, the address round trip and stepping back; the review panel against
// `mahjong/review`; bad files; the phone size. No console error anywhere (support's `shot`).

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { SHOTS, api, open, shot } from "./support.mjs";

const TILES = process.env.TILES_BIN ?? new URL("../../../target/debug/tiles", import.meta.url).pathname;
const LOGS = new URL("../../../testdata/mahjong-game/logs/", import.meta.url).pathname;
const DATA = new URL("../../../testdata/mahjong-game/", import.meta.url).pathname;
const VIEW = '#mahjong [data-view="watch"]';
const BOARD = `${VIEW} [data-position]`;
const TEMP = mkdtempSync(join(tmpdir(), "tiles-watch-"));

/** The first record of a fixture file (`replay RECORD` lines), written to a file of its own. */
function fromFixture(name, index = 0) {
  const lines = readFileSync(`${DATA}replay/${name}`, "utf8").split("\n").filter((line) => line.startsWith("replay "));
  const path = join(TEMP, `${name}-${index}.mjlog`);
  writeFileSync(path, lines[index].slice("replay ".length));
  return path;
}

/** Opens the viewer and a record file in it; resolves when its first board is drawn. */
async function openRecord(page, path) {
  const opened = await page.$eval(`${VIEW} [data-viewer]`, (viewer) => Number(viewer.dataset.opened ?? 0));
  await page.setInputFiles(`${VIEW} input[name="record-file"]`, path);
  await page.waitForFunction(([selector, count]) => Number(document.querySelector(selector).dataset.opened ?? 0) > count, [`${VIEW} [data-viewer]`, opened]);
  await page.waitForSelector(BOARD);
}

async function position(page) {
  return page.getAttribute(BOARD, "data-position");
}

/** Goes to `hand`/`event` through the address-free way a person would: the hand list's row,
 * then the slider; resolves once the board shows it. */
async function goTo(page, hand, event) {
  if ((await position(page)).split("/")[0] !== String(hand)) {
    await page.click(`${VIEW} [data-hand-list] tr[data-hand="${hand}"] button`);
    await page.waitForFunction(([selector, wanted]) => document.querySelector(selector)?.dataset.position.startsWith(`${wanted}/`), [BOARD, hand]);
  }
  await page.$eval(`${VIEW} [data-slider]`, (slider, value) => {
    slider.value = String(value);
    slider.dispatchEvent(new Event("input"));
  }, event);
  await page.waitForFunction(([selector, wanted]) => document.querySelector(selector)?.dataset.position === wanted, [BOARD, `${hand}/${event}`]);
}

/** What the board shows: per seat its hand, drawn tile, river, melds' tiles, Norths, points;
 * the dora and ura indicators and the tiles left. */
function readBoard(page) {
  return page.evaluate((selector) => {
    const board = document.querySelector(selector);
    const viewer = board.closest("[data-viewer]");
    const tiles = (root, query) => [...root.querySelectorAll(query)].map((node) => node.dataset.tile);
    const seats = [...board.querySelectorAll("[data-seat-zone]")].map((corner) => Number(corner.dataset.seatZone)).sort();
    const bottomHand = viewer.querySelector(".watch-hand");
    return {
      wall: Number(board.querySelector("[data-wall]").dataset.wall),
      dora: tiles(board, ".riichi-dora:not(.ura) [data-zone=dora]"),
      ura: tiles(board, ".riichi-dora.ura [data-zone=dora]"),
      seats: seats.map((seat) => {
        const scope = [board, bottomHand];
        const pick = (zone) => scope.flatMap((root) => tiles(root, `[data-zone=${zone}][data-seat="${seat}"]`));
        return {
          seat,
          score: Number(board.querySelector(`[data-seat-zone="${seat}"] [data-score]`).dataset.score),
          hand: pick("hand"),
          drawn: pick("drawn")[0] ?? null,
          river: tiles(board, `[data-river="${seat}"] [data-zone=river]`),
          melds: pick("meld").sort(),
          north: pick("north").length,
        };
      }),
    };
  }, BOARD);
}

/** The API's board in the same terms. */
function expectedBoard(board) {
  return {
    wall: board.wall,
    dora: board.dora_indicators,
    ura: board.ura_indicators,
    seats: board.seats.map((seat) => ({
      seat: seat.seat,
      score: seat.score,
      hand: seat.hand,
      drawn: seat.drawn,
      river: seat.river.map((tile) => tile.tile),
      melds: seat.melds.flatMap((meld) => meld.tiles).sort(),
      north: seat.north,
    })),
  };
}

/** `tiles mahjong replay --json FILE`'s hands: [round, agree]. */
function replayVerdicts(path) {
  let out;
  try {
    out = execFileSync(TILES, ["mahjong", "replay", "--json", path], { encoding: "utf8" });
  } catch (failure) {
    out = failure.stdout; // exit 1: a hand disagrees, or the record is cut
  }
  return out.trim().split("\n").map((line) => JSON.parse(line)).filter((line) => line.round && line.round !== "end").map((line) => [line.round, line.agree ? "agree" : "disagree"]);
}

async function handList(page) {
  return page.$$eval(`${VIEW} [data-hand-list] tr[data-round]`, (rows) => rows.map((row) => [row.dataset.round, row.dataset.verdict]));
}

test("watch: real records of every kind: the board at sampled events is the engine's, the hand list's verdicts are the replay's", async () => {
  const records = [
    `${LOGS}tenhou-mjlog-phoenix-2021/2021070100gm-00a9-0000-051217a5.mjlog`,
    `${LOGS}tenhou-json/double_ron.json`,
    `${LOGS}tenhou-json/chankan.json`,
    `${LOGS}tenhou-json/suukantsu_0.json`,
    `${LOGS}tenhou-json/kyushukyuhai.json`,
    `${LOGS}tenhou-json/four_reach.json`,
    fromFixture("pao.txt"),
    fromFixture("abortive-draws.txt", 0),
    fromFixture("abortive-draws.txt", 1),
    `${DATA}constructed/nagashi-mangan.mjson`,
    `${LOGS}tenhou-sanma/sanma2.mjlog`,
    `${LOGS}mjai/126_204_0_mjai.jsonl`,
  ];
  const page = await open("mahjong/watch");
  let compared = 0;
  for (const path of records) {
    await openRecord(page, path);
    const rows = await handList(page);
    assert.deepEqual(rows, replayVerdicts(path), path);
    const record = readFileSync(path, "utf8");
    for (let hand = 0; hand < rows.length; hand += 1) {
      const answer = await api("mahjong/watch", { record, hand });
      const positions = answer.hand.positions;
      const count = positions.length;
      const sample = [...new Set([1, Math.ceil(count / 3), Math.ceil((2 * count) / 3), count])];
      for (const event of sample) {
        await goTo(page, hand, event);
        assert.deepEqual(await readBoard(page), expectedBoard(positions[event - 1].board), `${path} hand ${hand} event ${event}`);
        compared += 1;
      }
      // A hand's end shows its result.
      if (answer.hand.result) assert.ok(await page.isVisible(`${VIEW} [data-result] [data-changes]`), `${path} ${hand}: the result`);
    }
  }
  assert.ok(compared > 80, `${compared} boards compared`);
  await shot(page, "watch-records");
});

test("watch: one game in its three formats gives the same hand list and the same final board", async () => {
  const mjlog = `${LOGS}tenhou-mjlog/2010081709gm-00a9-0000-fe3371ad.mjlog`;
  const tenhou = `${LOGS}tenhou-json/2010081709gm-00a9-0000-fe3371ad.mjscore.json`;
  execFileSync(TILES, ["mahjong", "convert", "--to", "mjai", mjlog, "--out", TEMP]);
  const mjai = join(TEMP, "2010081709gm-00a9-0000-fe3371ad.json.gz");
  const page = await open("mahjong/watch");
  const seen = [];
  for (const path of [mjlog, tenhou, mjai]) {
    await openRecord(page, path);
    const rows = await page.$$eval(`${VIEW} [data-hand-list] tr[data-round]`, (nodes) => nodes.map((row) => row.textContent));
    const last = rows.length - 1;
    await page.click(`${VIEW} [data-hand-list] tr[data-hand="${last}"] button`);
    await page.waitForFunction(([selector, hand]) => document.querySelector(selector)?.dataset.position.startsWith(`${hand}/`), [BOARD, last]);
    await page.keyboard.press("End");
    await page.waitForFunction(([selector, hand]) => {
      const board = document.querySelector(selector);
      const slider = document.querySelector('#mahjong [data-view="watch"] [data-slider]');
      return board?.dataset.position === `${hand}/${slider.max}`;
    }, [BOARD, last]);
    seen.push({ rows, board: await readBoard(page) });
  }
  assert.ok(seen[0].rows.length > 5);
  assert.deepEqual(seen[1], seen[0], "tenhou.net/6 and mjlog");
  assert.deepEqual(seen[2], seen[0], "mjai (gzipped) and mjlog");
  await shot(page, "watch-formats");
});

test("watch: the records the riichi table writes open here, three players, in each format", async () => {
  const page = await open("mahjong/watch");
  const moves = [];
  const base = { seed: 4, players: 3, length: "east", bots: ["human", "value", "defence"], record: "none" };
  // A person who always makes the first legal decision, to the game's end.
  let answer = await api("mahjong/game", { ...base, moves });
  while (answer.to_move !== null) {
    moves.push(answer.legal.find((decision) => decision.type === "dahai") ?? answer.legal[0]);
    answer = await api("mahjong/game", { ...base, moves });
  }
  const seen = [];
  for (const [format, extension] of [["mjai", "mjson"], ["tenhou6", "json"], ["mjlog", "mjlog"]]) {
    const path = join(TEMP, `table.${extension}`);
    writeFileSync(path, answer.records[format]);
    await openRecord(page, path);
    const rows = await handList(page);
    assert.ok(rows.length >= 3 && rows.every(([, verdict]) => verdict === "agree"), `${format}: ${rows}`);
    assert.equal(await page.$$eval(`${BOARD} [data-seat-zone]`, (nodes) => nodes.length), 3);
    seen.push(rows);
  }
  assert.deepEqual(seen[1], seen[0]);
  assert.deepEqual(seen[2], seen[0]);
  await shot(page, "watch-table-records");
});

test("watch: a record dropped on the page or pasted opens; a disagreeing hand's row jumps to where it goes wrong", async () => {
  const page = await open("mahjong/watch");
  const opened = () => page.$eval(`${VIEW} [data-viewer]`, (viewer) => Number(viewer.dataset.opened ?? 0));
  // Dropped: a file in the drop's DataTransfer.
  const text = readFileSync(`${LOGS}tenhou-json/chankan.json`, "utf8");
  await page.evaluate(([selector, content]) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], "chankan.json", { type: "application/json" }));
    document.querySelector(selector).dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, [`${VIEW} [data-drop]`, text]);
  await page.waitForFunction((selector) => Number(document.querySelector(selector).dataset.opened ?? 0) === 1, `${VIEW} [data-viewer]`);
  assert.match(await page.textContent(`${VIEW} [data-open-note]`), /^chankan\.json: tenhou, 4 players/);
  // Pasted.
  await page.fill(`${VIEW} textarea[name=record-text]`, readFileSync(`${LOGS}tenhou-json/double_ron.json`, "utf8"));
  await page.click(`${VIEW} [data-open-paste]`);
  await page.waitForFunction(([selector, count]) => Number(document.querySelector(selector).dataset.opened ?? 0) > count, [`${VIEW} [data-viewer]`, await opened() - 1]);
  await page.waitForFunction((selector) => document.querySelector(selector).textContent.startsWith("the pasted text"), `${VIEW} [data-open-note]`);
  assert.deepEqual(await handList(page), [["S4-0", "agree"]]);
  // A record that is no game the rules allow: each row disagrees, and jumps to where.
  const path = `${LOGS}tenhou-json/confusing_nakis_2.json`;
  await openRecord(page, path);
  const rows = await handList(page);
  assert.deepEqual(rows, replayVerdicts(path));
  const wrong = (await api("mahjong/watch", { record: readFileSync(path, "utf8") })).hands;
  const index = wrong.findIndex((row) => !row.agree && row.wrong_at > 1);
  assert.ok(index >= 0, "a hand that goes wrong past its deal");
  await page.click(`${VIEW} [data-hand-list] tr[data-hand="${index}"] button`);
  await page.waitForFunction(([selector, wanted]) => document.querySelector(selector)?.dataset.position === wanted, [BOARD, `${index}/${wrong[index].wrong_at}`]);
  await shot(page, "watch-disagree");
});

test("watch: every key and its button, the address round trip, and stepping back to the same board", async () => {
  const path = `${LOGS}mjai/126_204_0_mjai.jsonl`;
  const record = readFileSync(path, "utf8");
  const page = await open("mahjong/watch");
  await openRecord(page, path);
  const is = async (wanted) => page.waitForFunction(([selector, value]) => document.querySelector(selector)?.dataset.position === value, [BOARD, wanted]);
  const press = async (key, wanted) => {
    await page.keyboard.press(key);
    await is(wanted);
  };
  await is("0/1");
  // Stepping on and back: each board the same as the first time.
  const forward = [];
  for (let event = 1; event <= 12; event += 1) {
    if (event > 1) await press("ArrowRight", `0/${event}`);
    forward.push(await readBoard(page));
  }
  for (let event = 11; event >= 1; event -= 1) {
    await press("ArrowLeft", `0/${event}`);
    assert.deepEqual(await readBoard(page), forward[event - 1], `back at ${event}`);
  }
  const first = await api("mahjong/watch", { record, hand: 0 });
  const last = first.hand.positions.length;
  await press("End", `0/${last}`);
  await press("Home", "0/1");
  await press("PageDown", "1/1");
  await press("PageUp", "0/1");
  // The viewpoint seat's decisions, and the flagged ones, as the review has them.
  const review = await api("mahjong/review", { record, seat: 0 });
  const mine = review.decisions.map((d) => `${d.hand}/${d.event}`);
  await press("ArrowDown", mine[0]);
  await press("ArrowDown", mine[1]);
  await press("ArrowUp", mine[0]);
  const flagged = review.decisions.find((d) => d.flagged);
  if (flagged) await press("n", `${flagged.hand}/${flagged.event}`);
  await press("Home", `${flagged ? flagged.hand : 0}/1`);
  const hand = Number((await position(page)).split("/")[0]);
  // v turns the table: the address and the bottom seat follow.
  await page.keyboard.press("v");
  await page.waitForFunction(() => location.hash.endsWith("/1"));
  assert.equal(await page.getAttribute(`${VIEW} .watch-hand [data-zone]`, "data-seat"), "1");
  // h: the other hands hidden, then shown again.
  const others = () => page.$$eval(`${BOARD} [data-zone=hand]`, (nodes) => nodes.length);
  assert.ok((await others()) > 0);
  await page.keyboard.press("h");
  await page.waitForFunction((selector) => document.querySelectorAll(`${selector} [data-zone=hand]`).length === 0, BOARD);
  await page.keyboard.press("h");
  await page.waitForFunction((selector) => document.querySelectorAll(`${selector} [data-zone=hand]`).length > 0, BOARD);
  // ? lists the keys.
  await page.keyboard.press("?");
  assert.ok(await page.isVisible(`${VIEW} [data-help]`));
  await page.keyboard.press("?");
  assert.ok(!(await page.isVisible(`${VIEW} [data-help]`)));
  // Space plays on; any key pauses.
  await page.selectOption(`${VIEW} select[name=speed]`, "fast");
  await page.focus(`${VIEW} [data-slider]`);
  await page.keyboard.press("Space");
  await page.waitForFunction(([selector, from]) => document.querySelector(selector)?.dataset.position !== from, [BOARD, `${hand}/1`]);
  await page.keyboard.press("x");
  const paused = await position(page);
  await page.waitForTimeout(700);
  assert.equal(await position(page), paused, "any key pauses");
  // Each key's button does what the key does.
  await page.click(`${VIEW} [data-key="hand-start"]`);
  await is(`${hand}/1`);
  await page.click(`${VIEW} [data-key="next-event"]`);
  await is(`${hand}/2`);
  await page.click(`${VIEW} [data-key="previous-event"]`);
  await is(`${hand}/1`);
  await page.click(`${VIEW} [data-key="hand-end"]`);
  const end = (await api("mahjong/watch", { record, hand })).hand.positions.length;
  await is(`${hand}/${end}`);
  await page.click(`${VIEW} [data-key="next-hand"]`);
  await is(`${hand + 1}/1`);
  await page.click(`${VIEW} [data-key="previous-hand"]`);
  await is(`${hand}/1`);
  await page.click(`${VIEW} [data-key="turn"]`);
  await page.waitForFunction(() => location.hash.endsWith("/2"));
  for (const name of ["next-decision", "previous-decision", "next-flagged", "hands", "help", "play"]) {
    assert.ok(await page.isVisible(`${VIEW} [data-key="${name}"]`), name);
  }
  // The address holds the position: a reload comes back to it, with the same board.
  await page.click(`${VIEW} [data-key="next-event"]`);
  await page.click(`${VIEW} [data-key="next-event"]`);
  await is(`${hand}/3`);
  const here = await page.evaluate(() => location.hash);
  assert.equal(here, `#/mahjong/watch/${hand}/3/2`);
  const board = await readBoard(page);
  await page.reload();
  await page.waitForSelector(BOARD);
  await is(`${hand}/3`);
  assert.deepEqual(await readBoard(page), board, "after a reload");
  // The same link in a new page, with the same file opened, comes back to it too.
  const again = await open(`mahjong/watch/${hand}/3/2`);
  await again.evaluate(() => localStorage.clear());
  await openRecord(again, path);
  await again.waitForFunction(([selector, wanted]) => document.querySelector(selector)?.dataset.position === wanted, [BOARD, `${hand}/3`]);
  assert.deepEqual(await readBoard(again), board, "the link with the file");
  await again.close();
  await shot(page, "watch-keys");
});

test("watch: the review panel is the API's at the viewpoint seat's decisions, and can wait until the decision has passed", async () => {
  const path = `${LOGS}tenhou-mjlog-phoenix-2021/2021070100gm-00a9-0000-051217a5.mjlog`;
  const record = readFileSync(path, "utf8");
  const page = await open("mahjong/watch");
  await openRecord(page, path);
  const review = await api("mahjong/review", { record, seat: 0 });
  const turns = review.decisions.filter((d) => d.discards.length > 0);
  const picked = [turns[0], turns[Math.floor(turns.length / 2)], turns.find((d) => d.value !== null), review.decisions.find((d) => d.flagged)].filter(Boolean);
  for (const decision of picked) {
    await goTo(page, decision.hand, decision.event);
    await page.waitForSelector(`${VIEW} [data-analysis][data-decision="${decision.hand}/${decision.event}"]:not([hidden])`);
    const rows = await page.$$eval(`${VIEW} [data-analysis] tr[data-discard]`, (nodes) => nodes.map((row) => [row.dataset.discard, Number(row.dataset.shanten), Number(row.dataset.count), row.dataset.value === "" ? null : Number(row.dataset.value)]));
    const byTile = (list) => [...list].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    assert.deepEqual(byTile(rows), byTile(decision.discards.map((row) => [row.tile, row.shanten, row.count, row.value])), `${decision.round} event ${decision.event}`);
    // Sorted by value (the better of with and without riichi), the unvalued after.
    const best = new Map(decision.discards.map((row) => [row.tile, Math.max(row.value ?? -Infinity, row.riichi ? (row.riichi_value ?? -Infinity) : -Infinity)]));
    const order = rows.map(([tile]) => best.get(tile));
    for (let at = 1; at < order.length; at += 1) assert.ok(order[at - 1] >= order[at], `${decision.round} event ${decision.event}: ${order}`);
    // The tiles that help, behind an expander, closed.
    assert.equal(await page.$$eval(`${VIEW} [data-analysis] tr[data-discard] details.helps[open]`, (nodes) => nodes.length), 0);
    const line = await page.textContent(`${VIEW} [data-verdict-line]`);
    assert.equal(await page.getAttribute(`${VIEW} [data-verdict-line]`, "data-judged"), decision.judged_by);
    if (decision.judged_by === "value" && !decision.matched) assert.ok(line.includes(`${decision.loss} points`), line);
    if (decision.judged_by === "shape") assert.match(line, /Judged by shape/);
    // The hand's flagged decisions marked along the slider.
    const flaggedHere = review.decisions.filter((d) => d.hand === decision.hand && d.flagged).map((d) => String(d.event));
    await page.waitForFunction(([selector, count]) => document.querySelectorAll(`${selector} [data-flagged-event]`).length === count, [VIEW, flaggedHere.length]);
    assert.deepEqual(await page.$$eval(`${VIEW} [data-flagged-event]`, (nodes) => nodes.map((node) => node.dataset.flaggedEvent)), flaggedHere);
    assert.equal(await page.evaluate(() => document.querySelector('#mahjong [data-view="watch"] [data-analysis]').classList.contains("flagged")), decision.flagged);
    if (decision.value !== null) await page.locator(`${VIEW} [data-analysis]`).screenshot({ path: `${SHOTS}watch-review-panel.png` });
  }
  // Hidden until the decision has passed: nothing at the decision, the review one event on.
  await page.check(`${VIEW} [data-hide-review]`);
  const decision = picked[0];
  await goTo(page, decision.hand, decision.event);
  await page.waitForFunction((selector) => !document.querySelector(selector).dataset.decision || document.querySelector(`${selector} table`) === null, `${VIEW} [data-analysis]`);
  assert.equal(await page.$(`${VIEW} [data-analysis] tr[data-discard]`), null);
  await goTo(page, decision.hand, decision.event + 1);
  await page.waitForSelector(`${VIEW} [data-analysis][data-decision="${decision.hand}/${decision.event}"] tr[data-discard]`);
  await page.uncheck(`${VIEW} [data-hide-review]`);
  // Every seat's summary, as the API's review of every seat gives it.
  const all = await api("mahjong/review", { record });
  await page.waitForSelector(`${VIEW} [data-summary] tr[data-seat]`);
  const summary = await page.$$eval(`${VIEW} [data-summary] tr[data-seat]`, (rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent)));
  assert.deepEqual(summary.map((row) => [row[1], row[3], row[4]]), all.summaries.map((row) => [String(row.decisions), String(row.flagged), String(row.loss)]));
  await shot(page, "watch-review");
  // On a phone, one decision's review fits the screen.
  const phone = await open("mahjong/watch", { width: 390, height: 844 });
  await openRecord(phone, path);
  const busiest = turns.reduce((most, d) => (d.discards.length > most.discards.length ? d : most), turns[0]);
  await goTo(phone, busiest.hand, busiest.event);
  await phone.waitForSelector(`${VIEW} [data-analysis][data-decision="${busiest.hand}/${busiest.event}"] tr[data-discard]`);
  const height = await phone.$eval(`${VIEW} [data-analysis]`, (node) => node.getBoundingClientRect().height);
  assert.ok(height <= 844, `one decision's review is ${height}px tall`);
  await shot(phone, "watch-review-phone");
});

test("watch: a file that is not a record, binary, a broken gzip, and a record cut short", async () => {
  const page = await open("mahjong/watch");
  const error = () => page.textContent(`${VIEW} [data-open-error]`);
  const notes = join(TEMP, "notes.txt");
  writeFileSync(notes, "these are my notes\n");
  await page.setInputFiles(`${VIEW} input[name="record-file"]`, notes);
  await page.waitForSelector(`${VIEW} [data-open-error]:not([hidden])`);
  assert.match(await error(), /^notes\.txt: record: not a game record \(an mjlog starts with </);
  const binary = join(TEMP, "picture.png");
  writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00, 0x81]));
  await page.setInputFiles(`${VIEW} input[name="record-file"]`, binary);
  await page.waitForFunction((selector) => document.querySelector(selector).textContent.startsWith("picture.png"), `${VIEW} [data-open-error]`);
  assert.equal(await error(), "picture.png: not a game record (it is not text)");
  const broken = join(TEMP, "broken.json.gz");
  const zipped = gzipSync(readFileSync(`${LOGS}tenhou-json/double_ron.json`));
  writeFileSync(broken, zipped.subarray(0, zipped.length / 2));
  await page.setInputFiles(`${VIEW} input[name="record-file"]`, broken);
  await page.waitForFunction((selector) => document.querySelector(selector).textContent.startsWith("broken.json.gz"), `${VIEW} [data-open-error]`);
  assert.match(await error(), /^broken\.json\.gz: gzipped, but the data is broken/);
  // Pasted text that is no record.
  await page.fill(`${VIEW} textarea[name=record-text]`, "{\"hello\": 1}");
  await page.click(`${VIEW} [data-open-paste]`);
  await page.waitForFunction((selector) => document.querySelector(selector).textContent.startsWith("the pasted text"), `${VIEW} [data-open-error]`);
  // A record cut short: said beside the picker, and its hands before the cut open.
  const cut = `${LOGS}tenhou-mjlog/2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog`;
  await openRecord(page, cut);
  assert.ok(await page.isHidden(`${VIEW} [data-open-error]`));
  assert.match(await page.textContent(`${VIEW} [data-open-note]`), /breaks off: /);
  const rows = await handList(page);
  assert.deepEqual(rows, replayVerdicts(cut));
  await goTo(page, rows.length - 2, 5);
  await shot(page, "watch-errors");
});

test("watch on a phone: nothing wider than the screen, every control at least 24 by 24", async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
    const page = await open("mahjong/watch", viewport);
    await openRecord(page, `${LOGS}tenhou-sanma/sanma2.mjlog`);
    await page.keyboard.press("ArrowDown");
    await page.waitForSelector(`${VIEW} [data-analysis]:not([hidden]) tr[data-discard]`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `${width} > ${viewport.width}`);
    const small = await page.$$eval(`${VIEW} button, ${VIEW} input, ${VIEW} select`, (nodes) => nodes
      .filter((node) => node.offsetParent !== null && node.type !== "file")
      .map((node) => [node.dataset.key ?? node.name ?? node.textContent, node.getBoundingClientRect()])
      .filter(([, box]) => box.width < 24 || box.height < 24)
      .map(([name, box]) => `${name}: ${Math.round(box.width)}x${Math.round(box.height)}`));
    assert.deepEqual(small, []);
    await shot(page, `watch-phone-${viewport.width}`);
  }
});

test("watch: PageDown pressed quickly is never lost, and one tile left is said as one", async () => {
  const path = `${LOGS}mjai/126_204_0_mjai.jsonl`;
  const page = await open("mahjong/watch");
  await openRecord(page, path);
  await page.waitForFunction((selector) => document.querySelector(selector)?.dataset.position === "0/1", BOARD);
  // Three presses at once: three hands on.
  await page.evaluate(() => {
    for (let i = 0; i < 3; i += 1) document.dispatchEvent(new KeyboardEvent("keydown", { key: "PageDown", bubbles: true }));
  });
  await page.waitForFunction((selector) => document.querySelector(selector)?.dataset.position === "3/1", BOARD);
  // A position with one live tile left: "1 tile left".
  const record = readFileSync(path, "utf8");
  const watched = await api("mahjong/watch", { record, hand: 0, every_hand: true });
  let found = null;
  watched.every_hand.forEach((hand, index) => {
    const at = hand?.positions.find((position) => position.board.wall === 1);
    if (!found && at) found = [index, at.event];
  });
  assert.ok(found, "a hand drawn to its last tiles");
  await goTo(page, ...found);
  assert.equal(await page.textContent(`${BOARD} [data-wall]`), "1 tile left");
  await shot(page, "watch-last-tile");
});

test("watch: a record of more hands than come at once opens and is watched a hand at a time", async () => {
  const hand = readFileSync(`${LOGS}tenhou-json/double_ron.json`, "utf8").trim();
  const path = join(TEMP, "many-hands.json");
  writeFileSync(path, `${Array.from({ length: 49 }, () => hand).join("\n")}\n`);
  const page = await open("mahjong/watch");
  await openRecord(page, path);
  assert.equal(await page.$$eval(`${VIEW} [data-hand-list] tr[data-hand]`, (rows) => rows.length), 49);
  await page.keyboard.press("PageDown");
  await page.waitForFunction((selector) => document.querySelector(selector)?.dataset.position === "1/1", BOARD);
  await shot(page, "watch-many-hands");
});
