// The riichi table in the page, in headless Chromium: whole games (a four-player hanchan and a
// three-player one) played by clicks, where at every decision the controls the page offers are
// exactly the API's legal decisions; the records downloaded at the end replayed with every
// hand agreeing; a hand played with the keyboard alone; a reload resuming the game; and the
// phone sizes. The screenshots of the table are saved as the other tests' are.

import { test } from "node:test";
import assert from "node:assert/strict";
import { SHOTS, open, settled, shot } from "./support.mjs";

const VIEW = '#mahjong [data-view="play"]';

/** A seeded generator for the test's choices (xorshift32). */
function chooser(seed) {
  let state = seed >>> 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

/** The Mahjong tab's table, a new game started with `settings` (speed instant; `seed` null: a
 * sealed game). */
async function newGame(page, { players = 4, length = "hanchan", seed = 1, opponents = ["value", "defence", "efficiency"], rules = "tenhou", rule = "" } = {}) {
  const answers = [];
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname === "/api/mahjong/game") answers.push(await response.json().catch(() => null));
  });
  page.answers = answers;
  if (!(await page.isVisible(`${VIEW} [data-new-game]`))) await page.click(`${VIEW} .riichi-settings summary`);
  await page.selectOption(`${VIEW} select[name=players]`, String(players));
  await page.selectOption(`${VIEW} select[name=length]`, length);
  await page.selectOption(`${VIEW} select[name=rules]`, rules);
  await page.fill(`${VIEW} input[name=rule]`, rule);
  // The rule set's own red fives and kuitan are shown before the game starts.
  await page.waitForFunction(([view, wanted]) => document.querySelector(`${view} [data-rules-note]`).textContent.startsWith(wanted), [VIEW, rules]);
  await page.selectOption(`${VIEW} select[name=speed]`, "instant");
  await page.fill(`${VIEW} input[name=seed]`, seed === null ? "" : String(seed));
  for (const [i, bot] of opponents.slice(0, players - 1).entries()) await page.selectOption(`${VIEW} select[name=opponent-${i + 1}]`, bot);
  await page.click(`${VIEW} [data-new-game]`);
}

/** The decisions the page offers now: each enabled control's, and whether riichi is offered. */
async function offered(page) {
  return page.$$eval(`${VIEW} [data-action]`, (nodes) => {
    const decisions = new Set();
    let riichi = false;
    for (const node of nodes) {
      if (node.disabled || node.getAttribute("aria-disabled") === "true") continue;
      if (node.dataset.action === "riichi") riichi = true;
      else decisions.add(node.dataset.decision);
    }
    return { decisions: [...decisions].sort(), riichi };
  });
}

/** Checks that the page offers exactly the legal decisions of the last answer. */
async function checkOffered(page) {
  const answer = page.answers.at(-1);
  const legal = answer.legal;
  const { decisions, riichi } = await offered(page);
  const plain = [...new Set(legal.filter((d) => d.type !== "reach").map((d) => JSON.stringify(d)))].sort();
  assert.deepEqual(decisions, plain, "the enabled controls are the legal decisions");
  assert.equal(riichi, legal.some((d) => d.type === "reach"), "riichi is offered when it is legal");
  return legal;
}

/** Plays the game to its end by clicks, `choose` picking among the legal decisions. */
async function playThrough(page, choose) {
  let decisions = 0;
  let results = 0;
  for (;;) {
    const state = await settled(page);
    if (state === "result") {
      results += 1;
      if (results === 1) await page.screenshot({ path: `${SHOTS}riichi-result-${page.viewportSize().width}.png`, fullPage: true });
      await page.click(`${VIEW} [data-continue]`);
      continue;
    }
    if (state === "over") break;
    assert.equal(state, "your-turn", await page.textContent(`${VIEW} [data-riichi-status]`));
    const legal = await checkOffered(page);
    const decision = choose(legal);
    if (decision.type === "reach") {
      await page.click(`${VIEW} [data-action="riichi"]`);
      const { decisions } = await offered(page);
      const reaches = [...new Set(legal.filter((d) => d.type === "reach").map((d) => JSON.stringify(d)))].sort();
      assert.deepEqual(decisions.filter((d) => JSON.parse(d).type === "reach"), reaches, "riichi offers the discards that keep the hand ready");
    }
    const wanted = JSON.stringify(decision);
    const control = page.locator(`${VIEW} [data-decision='${wanted}']:not([disabled])`).first();
    await control.click();
    decisions += 1;
    assert.ok(decisions < 600, "the game ends");
  }
  return { decisions, results };
}

/** The test's person: wins when it can, riichi often, calls now and then, else discards. */
function person(seed) {
  const pick = chooser(seed);
  return (legal) => {
    const win = legal.find((d) => d.type === "hora");
    if (win) return win;
    const reaches = legal.filter((d) => d.type === "reach");
    if (reaches.length && pick(3) > 0) return reaches[pick(reaches.length)];
    const calls = legal.filter((d) => ["chi", "pon", "daiminkan", "ankan", "kakan", "kita"].includes(d.type));
    if (calls.length && pick(4) === 0) return calls[pick(calls.length)];
    const pass = legal.find((d) => d.type === "none");
    if (pass) return pass;
    const discards = legal.filter((d) => d.type === "dahai");
    const drawn = discards.find((d) => d.tsumogiri);
    if (drawn && pick(2) === 0) return drawn;
    return discards[pick(discards.length)] ?? legal[0];
  };
}

/** The records the final panel offers, each replayed by the API: every hand agrees. */
async function checkRecords(page) {
  const records = await page.$$eval(`${VIEW} a[data-record]`, (links) => links.map((a) => [a.dataset.record, a.href]));
  assert.ok(records.length >= 2, "the records are offered");
  for (const [format, href] of records) {
    const verdict = await page.evaluate(async (url) => {
      const text = await (await fetch(url)).text();
      const response = await fetch("/api/mahjong/replay", { method: "POST", body: JSON.stringify({ record: text }) });
      return response.json();
    }, href);
    assert.equal(verdict.agree, true, `${format}: ${JSON.stringify(verdict).slice(0, 400)}`);
    assert.ok(verdict.hands.length > 0);
  }
}

test("riichi: a whole four-player hanchan played by clicks, every control a legal decision, its records replaying", async () => {
  const page = await open("mahjong/play");
  await newGame(page, { players: 4, seed: 3 });
  const { decisions, results } = await playThrough(page, person(3));
  // Every hand's result was shown (a hanchan may end early, when a seat goes below zero).
  assert.equal(results, page.answers.at(-1).results.length, `${decisions} decisions`);
  assert.ok(decisions > 20, `${decisions} decisions`);
  const final = page.locator(`${VIEW} [data-final]`);
  await final.waitFor();
  const rows = await page.$$eval(`${VIEW} [data-final] tr[data-seat]`, (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.equal(rows.length, 4);
  assert.deepEqual(rows.map((row) => row[0]), ["1", "2", "3", "4"]);
  const last = page.answers.at(-1);
  assert.equal(last.to_move, null);
  assert.equal(rows.reduce((sum, row) => sum + Number(row[2]), 0), last.final_scores.reduce((a, b) => a + b, 0));
  await checkRecords(page);
  await shot(page, "riichi-final");
});

test("riichi: a whole M-League hanchan played by clicks: its rules asked for, its final score by the league's uma", async () => {
  const page = await open("mahjong/play");
  await newGame(page, { players: 4, seed: 8, rules: "m-league", rule: "kiriage=false" });
  const note = await page.textContent(`${VIEW} [data-rules-note]`);
  assert.match(note, /^m-league: 25,000 to start, uma 30,10,-10,-30; head bump ron, kiriage true, busting off\./);
  const { decisions } = await playThrough(page, person(8));
  assert.ok(decisions > 20, `${decisions} decisions`);
  await page.locator(`${VIEW} [data-final]`).waitFor();
  const last = page.answers.at(-1);
  // No busting and no West round under M-League: the game ends after South 4 (or its repeats).
  const rounds = last.results.map((result) => result.round);
  assert.ok(rounds.some((round) => round.startsWith("S4")), rounds.join(" "));
  assert.ok(!rounds.some((round) => round.startsWith("W")), rounds.join(" "));
  // The league's final score: (points - 30,000) / 1,000 plus +50/+10/-10/-30 by place, ties
  // sharing their places' bonus.
  const bonus = [50, 10, -10, -30];
  const scores = last.final_scores;
  const expected = scores.map((points) => {
    const tied = scores.map((other, seat) => [other, seat]).filter(([other]) => other === points);
    const above = scores.filter((other) => other > points).length;
    const shared = tied.reduce((sum, _, i) => sum + bonus[above + i], 0) / tied.length;
    return Math.round(((points - 30000) / 1000 + shared) * 10) / 10;
  });
  assert.deepEqual(last.standings.final_score, expected);
  const shown = await page.$$eval(`${VIEW} [data-final] tr[data-seat]`, (trs) => trs.map((tr) => [Number(tr.dataset.seat), tr.children[3].textContent]));
  for (const [seat, text] of shown) assert.equal(Number(text), expected[seat], `seat ${seat}`);
  const panel = await page.textContent(`${VIEW} [data-final-panel]`);
  assert.match(panel, /Final score under m-league's rules/);
  assert.doesNotMatch(panel, /null/, "nothing shows as null");
  const records = await page.$$eval(`${VIEW} a[data-record]`, (links) => links.map((a) => a.href));
  const mjai = await page.evaluate(async (url) => (await fetch(url)).text(), records[0]);
  assert.match(mjai.split("\n")[0], /"preset":"m-league kiriage=false"/);
  await checkRecords(page);
  await shot(page, "riichi-m-league-final");
});

/** Before a sealed game's end no answer the page got holds its seed, salt or records; at the
 * end the final panel shows the seed and checks it against the commitment shown from the
 * start. */
async function checkSealed(page) {
  const answers = page.answers.filter(Boolean);
  const last = answers.at(-1);
  assert.equal(last.sealed, true);
  assert.ok(last.seal && Number.isInteger(last.seal.seed), "the seal at the end");
  for (const answer of answers.slice(0, -1)) {
    assert.equal(answer.sealed, true);
    assert.equal(answer.seed, null);
    assert.equal(answer.commitment, last.seal.commitment, "one commitment from the start");
    const text = JSON.stringify(answer);
    assert.ok(!text.includes(last.seal.salt), "the salt before the end");
    assert.ok(!("records" in answer) && !("seal" in answer), "records or the seal before the end");
  }
  const check = page.locator(`${VIEW} [data-seal-check]`);
  await page.waitForFunction((view) => document.querySelector(`${view} [data-seal-check]`)?.dataset.sealCheck !== "pending", VIEW);
  assert.equal(await check.getAttribute("data-seal-check"), "ok", await check.textContent());
  assert.match(await page.textContent(`${VIEW} [data-final-panel]`), new RegExp(`seed was ${last.seal.seed}`));
}

test("riichi: a whole three-player sealed game played by clicks, its seal checked and its records replaying", async () => {
  const page = await open("mahjong/play");
  await newGame(page, { players: 3, seed: null, opponents: ["value", "defence"] });
  const first = await settled(page);
  assert.ok(["your-turn", "result"].includes(first));
  assert.equal(await page.locator(`${VIEW} .riichi-corner`).count(), 3, "three seats");
  await page.screenshot({ path: `${SHOTS}riichi-three.png`, fullPage: true });
  const { results } = await playThrough(page, person(8));
  assert.equal(results, page.answers.at(-1).results.length);
  await page.locator(`${VIEW} [data-final]`).waitFor();
  assert.equal(await page.locator(`${VIEW} [data-final] tr[data-seat]`).count(), 3);
  await checkSealed(page);
  await checkRecords(page);
  await shot(page, "riichi-sealed-final");
  assert.deepEqual(page.problems, [], "no script errors");
  await page.close();
});

test("riichi: a hand played with the keyboard alone", async () => {
  const page = await open("mahjong/play");
  await newGame(page, { players: 4, length: "east", seed: 21 });
  let keys = 0;
  for (;;) {
    const state = await settled(page);
    if (state === "result") break;
    assert.equal(state, "your-turn");
    const legal = await checkOffered(page);
    if (legal.some((d) => d.type === "none")) {
      // Pass on a call with its key.
      await page.keyboard.press("x");
    } else if (legal.some((d) => d.type === "hora")) {
      await page.keyboard.press(legal.find((d) => d.type === "hora").target === 0 ? "t" : "w");
    } else {
      // Into the hand with Tab if the focus is elsewhere, along it with the arrows, Enter.
      const inHand = await page.evaluate(() => document.activeElement?.classList.contains("riichi-tile"));
      if (!inHand) {
        for (let i = 0; i < 40; i++) {
          await page.keyboard.press("Tab");
          if (await page.evaluate(() => document.activeElement?.classList.contains("riichi-tile"))) break;
        }
      }
      // Move to an enabled tile (the arrows go round the hand).
      for (let i = 0; i < 15; i++) {
        if (await page.evaluate(() => !document.activeElement.disabled)) break;
        await page.keyboard.press("ArrowRight");
      }
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowRight");
      assert.equal(await page.evaluate(() => document.activeElement.dataset.action), "discard");
      await page.keyboard.press("Enter");
    }
    keys += 1;
    assert.ok(keys < 200, `state ${state}, legal ${JSON.stringify(legal)}, focus ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
  }
  // The result panel, closed with the keyboard: its button has the focus.
  assert.equal(await page.evaluate(() => document.activeElement.dataset.continue), "");
  await page.keyboard.press("Enter");
  assert.ok(keys > 5);
  await shot(page, "riichi-keyboard");
});

test("riichi: a reload resumes the sealed game where it was, from the token the page kept", async () => {
  const page = await open("mahjong/play");
  await newGame(page, { players: 4, seed: null });
  const choose = person(5);
  for (let i = 0; i < 6; i++) {
    const state = await settled(page);
    if (state === "result") {
      await page.click(`${VIEW} [data-continue]`);
      continue;
    }
    const legal = await checkOffered(page);
    const decision = choose(legal.filter((d) => d.type !== "reach"));
    await page.locator(`${VIEW} [data-decision='${JSON.stringify(decision)}']:not([disabled])`).first().click();
  }
  await settled(page);
  const hand = await page.$$eval(`${VIEW} .riichi-hand [data-zone]`, (tiles) => tiles.map((t) => t.dataset.tile));
  const rivers = await page.$$eval(`${VIEW} [data-zone="river"]`, (tiles) => tiles.map((t) => t.dataset.tile));
  const sealed = await page.getAttribute(`${VIEW} [data-seal]`, "data-seal");
  assert.equal(sealed, "sealed");
  const commitment = page.answers.filter(Boolean).at(-1).commitment;
  await page.reload();
  await page.waitForSelector(`${VIEW}:not([hidden])`);
  await settled(page);
  assert.match(await page.getAttribute(`${VIEW} [data-seal]`, "title"), new RegExp(commitment));
  assert.deepEqual(await page.$$eval(`${VIEW} .riichi-hand [data-zone]`, (tiles) => tiles.map((t) => t.dataset.tile)), hand);
  assert.deepEqual(await page.$$eval(`${VIEW} [data-zone="river"]`, (tiles) => tiles.map((t) => t.dataset.tile)), rivers);
  await shot(page, "riichi-four");
});

test("riichi on phone sizes: nothing wider than the screen, every target at least 24 by 24", async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 844, height: 390 }]) {
    for (const players of [4, 3]) {
      const page = await open("mahjong/play", viewport);
      await newGame(page, { players, seed: 2 });
      await settled(page);
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `${viewport.width}x${viewport.height}: the page is ${scroll} pixels wide`);
      const small = await page.$$eval(`${VIEW} .riichi-you button, ${VIEW} .riichi-actions button, ${VIEW} [data-continue]`, (buttons) =>
        buttons.map((b) => [b.dataset.tile ?? b.textContent, b.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && (r.width < 24 || r.height < 24)).map(([name, r]) => `${name} ${r.width}x${r.height}`));
      assert.deepEqual(small, [], "targets of at least 24 by 24 CSS pixels");
      await shot(page, `riichi-phone-${players}-${viewport.width}`);
    }
  }
});

test("riichi: the table's contract: every tile says what, where and whose; every control is named and reached by Tab", async () => {
  const page = await open("mahjong/play");
  await newGame(page, { players: 4, seed: 12 });
  const choose = person(12);
  const zones = new Set();
  for (let i = 0; i < 40; i++) {
    const state = await settled(page);
    if (state === "result") {
      await page.click(`${VIEW} [data-continue]`);
      continue;
    }
    const bad = await page.$$eval(`${VIEW} .mjt, ${VIEW} .riichi-tile`, (tiles) =>
      tiles.filter((t) => t.getAttribute("aria-hidden") !== "true" && !t.closest("[aria-hidden=true]"))
        .map((t) => [t.dataset.tile, t.dataset.zone, t.dataset.seat, t.getAttribute("aria-label") ?? ""])
        .filter(([tile, zone, seat, name]) => !/^[0-9][mpsz]$/.test(tile ?? "") || !["hand", "drawn", "river", "meld", "dora", "north"].includes(zone) || !/^[0-3]$/.test(seat ?? "") || name.length < 3));
    assert.deepEqual(bad, [], "every tile: data-tile in mpsz, data-zone, data-seat and a name");
    for (const zone of await page.$$eval(`${VIEW} [data-zone]`, (tiles) => tiles.map((t) => t.dataset.zone))) zones.add(zone);
    const unnamed = await page.$$eval(`${VIEW} button, ${VIEW} select, ${VIEW} input, ${VIEW} a`, (controls) =>
      controls.filter((c) => !(c.labels?.length) && !c.getAttribute("aria-label") && !c.textContent.trim()).map((c) => c.outerHTML.slice(0, 80)));
    assert.deepEqual(unnamed, [], "every control has an accessible name");
    const untabbable = await page.$$eval(`${VIEW} button:not([disabled]), ${VIEW} select, ${VIEW} a`, (controls) =>
      controls.filter((c) => c.tabIndex < 0).map((c) => c.outerHTML.slice(0, 80)));
    assert.deepEqual(untabbable, [], "every control is in the Tab order");
    const legal = await checkOffered(page);
    const decision = choose(legal.filter((d) => d.type !== "reach"));
    await page.locator(`${VIEW} [data-decision='${JSON.stringify(decision)}']:not([disabled])`).first().click();
  }
  for (const zone of ["hand", "drawn", "river", "dora"]) assert.ok(zones.has(zone), `tiles in zone ${zone}`);
  await shot(page, "riichi-contract");
});
