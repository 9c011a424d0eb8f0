// End-to-end tests of the page `tiles serve` serves, in headless Chromium: each game's main
// flow clicked through, what the page then shows, errors next to their input, a phone-sized
// screen, and a label on every control. A screenshot of each is saved.

import { test } from "node:test";
import assert from "node:assert/strict";
import { api, base, browser, open, shot } from "./support.mjs";

/** Clicks the picker's tile `name` in the section `id`. */
async function pick(page, id, name) {
  await page.click(`#${id} button.pick[data-pick="${name}"]`);
}

/** Fills the input `name` of section `id` with `value`, clicks its `action`, and returns the
 * error then shown under that input. */
async function errorUnder(page, id, name, value, action) {
  await page.fill(`#${id} [name=${name}]`, value);
  await page.click(`#${id} [data-action="${action}"]`);
  const error = page.locator(`#${id} [name=${name}] ~ .field-error`);
  await error.waitFor();
  return error.textContent();
}

test("rummikub: pick a table and a rack, get the best move step by step", async () => {
  const page = await open("rummikub");
  await page.selectOption("#rummikub select >> nth=0", "table");
  for (const tile of ["R1", "R2", "R3"]) await pick(page, "rummikub", tile);
  await page.click("text=End the group (|)");
  for (const tile of ["K6", "K7", "K8", "K9"]) await pick(page, "rummikub", tile);
  await page.selectOption("#rummikub select >> nth=0", "rack");
  for (const tile of ["R4", "B9", "O9", "K1"]) await pick(page, "rummikub", tile);
  assert.equal(await page.inputValue("#rummikub textarea"), "R1 R2 R3 | K6 K7 K8 K9");
  assert.equal(await page.inputValue("#rummikub input[name=rack]"), "R4 B9 O9 K1");
  assert.equal(await page.textContent('#rummikub button.pick[data-pick="R1"] .left'), "1");
  assert.equal(await page.getAttribute('#rummikub button.pick[data-pick="R1"]', "aria-label"), "R1, 1 left");
  await page.click('#rummikub [data-action="solve"]');
  await page.waitForSelector("#rummikub [data-summary]");
  assert.match(await page.textContent("#rummikub [data-summary]"), /Places 3 tiles \(value 22\); 0 table groups unchanged/);
  const groups = await page.$$eval("#rummikub [data-groups] li", (items) => items.map((li) => [...li.querySelectorAll(".tile")].map((t) => t.dataset.tile).join(" ")));
  assert.deepEqual(groups, ["K6 K7 K8", "R1 R2 R3 R4", "K9 B9 O9"]);
  const placed = await page.$$eval("#rummikub .tile.placed", (tiles) => tiles.map((t) => t.dataset.tile).sort());
  assert.deepEqual(placed, ["B9", "O9", "R4"]);
  assert.equal(await page.locator("#rummikub [data-groups] li.changed").count(), 3);
  const steps = await page.$$eval("#rummikub ol.steps li", (items) => items.map((li) => li.textContent));
  assert.deepEqual(steps, ["take K9 from K6 K7 K8 K9 and B9 O9 from the rack to make K9 B9 O9", "add R4 to R1 R2 R3"]);
  await shot(page, "rummikub");
});

test("rummikub: an error shows next to the input that caused it", async () => {
  const page = await open("rummikub");
  assert.match(await errorUnder(page, "rummikub", "rack", "R4 X2", "solve"), /^rack, column 4: expected a tile/);
  assert.equal(await page.getAttribute("#rummikub input[name=rack]", "aria-invalid"), "");
  assert.equal(await page.textContent("#rummikub textarea ~ .field-error"), "");
  await shot(page, "rummikub-error");
});

test("mahjong: pick a hand, see the analysis; build a meld, see the score", async () => {
  const page = await open("mahjong");
  for (const tile of ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z", "3z"]) await pick(page, "mahjong", tile);
  assert.equal(await page.inputValue("#mahjong input[name=hand]"), "123m456p789s11223z");
  await page.click('#mahjong [data-action="analyze"]');
  await page.waitForSelector("#mahjong [data-shanten]");
  const shanten = await page.$$eval("#mahjong [data-shanten] td", (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(shanten, ["tenpai", "tenpai", "4-shanten", "7-shanten"]);
  const first = await page.$$eval("#mahjong [data-discards] tr:nth-of-type(2) td", (cells) => cells.map((c) => c.textContent));
  assert.equal(first[1], "tenpai");
  assert.equal(await page.getAttribute("#mahjong [data-discards] tr:nth-of-type(2) .tile", "data-tile"), "3z");
  assert.equal(first[3], "4");

  await page.click("#mahjong >> text=Clear");
  await page.fill("#mahjong input[name=hand]", "345m40677p678s");
  await page.selectOption("#mahjong select >> nth=0", "open");
  for (const tile of ["3m", "4m", "0m"]) await pick(page, "mahjong", tile);
  await page.click("text=Add the meld to the hand");
  assert.equal(await page.inputValue("#mahjong input[name=hand]"), "345m40677p678s [340m]");
  await page.fill("#mahjong input[name=win]", "8s");
  await page.selectOption("#mahjong .row >> nth=1 >> select >> nth=0", "S");
  await page.fill("#mahjong input[name=dora_indicators]", "4s");
  await page.click('#mahjong [data-action="score"]');
  await page.waitForSelector("#mahjong [data-score]");
  assert.match(await page.textContent("#mahjong [data-score]"), /^3 han 30 fu: 3900 points — ron 3900$/);
  const yaku = await page.$$eval("#mahjong table.yaku td", (cells) => cells.map((c) => c.textContent));
  assert.deepEqual(yaku, ["tanyao", "1 han", "aka dora", "2 han"]);
  await shot(page, "mahjong");
});

test("mahjong: a bad hand's error shows under the hand", async () => {
  const page = await open("mahjong");
  assert.match(await errorUnder(page, "mahjong", "hand", "123", "analyze"), /^hand/);
  await shot(page, "mahjong-error");
});

test("five up: the verdict with the breaking tile, the layout tree and the score table", async () => {
  const page = await open("fiveup");
  await page.fill("#fiveup textarea", "5-5 5-0 5-6");
  await page.click('#fiveup [data-action="check"]');
  await page.waitForSelector("#fiveup [data-verdict]");
  assert.equal(await page.textContent("#fiveup [data-verdict]"), "valid");
  assert.match(await page.textContent("#fiveup [data-tree]"), /5-5 #1\n├── 5-0 #2 \(long side\)/);
  assert.match(await page.textContent("#fiveup [data-table]"), /no winner yet: totals 2 2, target 61/);
  await page.fill("#fiveup textarea", "5-5 5-0 1-2");
  await page.click('#fiveup [data-action="check"]');
  await page.waitForSelector("#fiveup [data-breaking]");
  assert.match(await page.textContent("#fiveup [data-verdict]"), /^invalid: 1-2 \(tile 3\) cannot be attached/);
  const breaking = await page.$$eval("#fiveup .domino.breaking", (tiles) => tiles.map((t) => t.title));
  assert.deepEqual(breaking, ["1-2"]);
  await shot(page, "fiveup");
});

test("rummikub puzzle: the answer, and the trace step by step", async () => {
  const page = await open("puzzle");
  await page.click("#puzzle >> text=Example");
  await page.click('#puzzle [data-action="solve"]');
  await page.waitForSelector("#puzzle [data-answer]");
  assert.equal(await page.textContent("#puzzle [data-answer]"), "Solved in 1 action: PUT 3R 1");
  assert.match(await page.textContent("#puzzle [data-step]"), /^Start/);
  const row = () => page.$$eval("#puzzle .puzzle-rows li:first-child .tile", (tiles) => tiles.map((t) => t.dataset.tile));
  assert.deepEqual(await row(), ["4R", "5R", "6R"]);
  await page.click('#puzzle [data-action="next"]');
  assert.equal(await page.textContent("#puzzle [data-step]"), "Action 1 of 1: PUT 3R 1");
  assert.deepEqual(await row(), ["3R", "4R", "5R", "6R"]);
  await shot(page, "puzzle");
});

test("huxxy: a reference call, and a seeded bot game turn by turn", async () => {
  const page = await open("huxxy");
  await page.click("#huxxy >> text=score(['4C', '2H', 'KS'])");
  await page.click('#huxxy [data-action="eval"]');
  await page.waitForSelector("#huxxy [data-result]");
  assert.equal(await page.textContent("#huxxy [data-result]"), "19");
  await page.click('#huxxy [data-action="play"]');
  await page.waitForSelector("#huxxy [data-turn]");
  assert.match(await page.textContent("#huxxy [data-turn]"), /^turn 1: player 0 \(search\) plays 5S to a new group 0/);
  await page.click('#huxxy [data-action="next"]');
  assert.match(await page.textContent("#huxxy [data-turn]"), /^turn 2: player 1 \(greedy\)/);
  assert.equal(await page.locator("#huxxy .huxxy-table .group").count(), 3);
  await shot(page, "huxxy");
});

test("the page opens at the top, its examples filled in, and says what to enter", async () => {
  for (const address of ["/", "/#rummikub", "/#/mahjong", "/#huxxy"]) {
    const page = await browser.newPage({ viewport: { width: 1200, height: 600 } });
    await page.goto(`${base}${address}`);
    await page.waitForLoadState("load");
    await page.waitForTimeout(200);
    assert.equal(await page.evaluate(() => window.scrollY), 0, address);
    assert.ok(await page.isVisible("nav.tabs"), address);
    await page.close();
  }
  const puzzle = await open("puzzle");
  await puzzle.click('#puzzle [data-action="solve"]');
  await puzzle.waitForSelector("#puzzle [data-answer]");
  assert.equal(await puzzle.textContent("#puzzle [data-answer]"), "Solved in 1 action: PUT 3R 1");
  const huxxy = await open("huxxy");
  await huxxy.click('#huxxy [data-action="eval"]');
  await huxxy.waitForSelector("#huxxy [data-result]");
  assert.equal(await huxxy.textContent("#huxxy [data-result]"), "19");
  const rummikub = await open("rummikub");
  await rummikub.click('#rummikub [data-action="solve"]');
  assert.match(await rummikub.textContent("#rummikub .status"), /^Enter your rack, and the table's groups/);
  assert.equal(await rummikub.locator("#rummikub [data-summary]").count(), 0);
});

test("a phone-sized screen: nothing wider than the screen, in every game", async () => {
  for (const id of ["rummikub", "mahjong", "fiveup", "puzzle", "huxxy"]) {
    const page = await open(id, { width: 390, height: 844 });
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= inner, `${id}: the page is ${scroll} pixels wide on a ${inner}-pixel screen`);
    await shot(page, `phone-${id}`);
  }
});

test("every control has a label", async () => {
  const page = await open("rummikub");
  const unlabelled = await page.$$eval("input, select, textarea, button", (controls) =>
    controls
      .filter((c) => (c.labels?.length ?? 0) === 0 && !c.getAttribute("aria-label") && !(c.tagName === "BUTTON" && c.textContent.trim()))
      .map((c) => c.outerHTML.slice(0, 80)),
  );
  assert.deepEqual(unlabelled, []);
  await page.close();
});

/** The Rummikub tab's Play view, a new game started from `seed` against `bots`. */
async function newGame(page, seed, bots) {
  await page.click('#rummikub [data-show="play"]');
  await page.selectOption("#rummikub select[name=players]", String(bots.length + 1));
  await page.fill("#rummikub input[name=seed]", String(seed));
  for (const [i, bot] of bots.entries()) await page.selectOption(`#rummikub select[name=bot-${i + 1}]`, bot);
  await page.click('#rummikub [data-action="new-game"]');
  await page.waitForSelector('#rummikub [data-view=play]:is([data-state="your-turn"], [data-state="over"])');
}

/** Waits for the bots to answer the person's move. */
async function settled(page) {
  await page.waitForSelector('#rummikub [data-view=play]:not([data-state="waiting"])');
  return page.getAttribute("#rummikub [data-view=play]", "data-state");
}


test("rummikub play: a whole game against a bot, drawn to its end, and the scores", async () => {
  const page = await open("rummikub");
  await newGame(page, 11, ["solver"]);
  assert.match(await page.textContent("#rummikub [data-play-summary]"), /^Your turn\. Your first play must be new groups/);
  assert.equal(await page.locator("#rummikub [data-play-rack] .play-tile").count(), 14);
  let state = "your-turn";
  let draws = 0;
  while (state === "your-turn") {
    const before = await page.locator("#rummikub [data-play-rack] .play-tile").count();
    await page.click('#rummikub [data-action="draw"]');
    state = await settled(page);
    draws += 1;
    if (state === "your-turn") assert.equal(await page.locator("#rummikub [data-play-rack] .play-tile").count(), before + 1);
    assert.ok(draws < 120, "the game ends");
  }
  assert.equal(state, "over");
  assert.match(await page.textContent("#rummikub [data-play-summary]"), /^(The pool is empty and nobody could play: .* wins with the fewest points left|Player 1 \(solver\) played all their tiles and wins)\.$/);
  const scores = await page.$$eval("#rummikub [data-scores] tr td:nth-child(3)", (cells) => cells.map((c) => Number(c.textContent)));
  assert.equal(scores.length, 2);
  assert.equal(scores[0] + scores[1], 0);
  assert.match(await page.textContent("#rummikub [data-play-log]"), /^rummikub, 2 players, seed 11/);
  assert.ok(await page.isDisabled('#rummikub [data-action="draw"]'));
  await shot(page, "rummikub-play-over");
});

test("rummikub play: an illegal turn refused with its reason, then a legal play made by moving tiles", async () => {
  // A seed whose first rack holds an initial meld, and the meld (found by the API's solver).
  let seed = 0;
  let meld;
  for (; seed < 50; seed++) {
    const game = await api("rummikub/game", { seed, bots: ["human", "greedy", "greedy"] });
    meld = await api("rummikub/solve", { rack: game.view.rack, objective: "opening" });
    if (meld.tiles > 0 && meld.groups.length >= 1) break;
  }
  const page = await open("rummikub");
  await newGame(page, seed, ["greedy", "greedy"]);
  const rackTile = (name) => page.locator(`#rummikub [data-play-rack] .play-tile[data-tile="${name}"]`).first();

  // One tile alone in a new group: refused, the reason under the table, the group marked.
  await rackTile(meld.groups[0][0]).click();
  await page.click('#rummikub [data-action="new-group"]');
  await page.click('#rummikub [data-action="end-turn"]');
  const reason = page.locator("#rummikub [data-play-reason]");
  await reason.waitFor();
  assert.match(await reason.textContent(), new RegExp(`^group 1 \\(${meld.groups[0][0]}\\) is not valid: a group needs at least 3 tiles, got 1$`));
  assert.equal(await page.locator("#rummikub .play-group.invalid").count(), 1);
  await shot(page, "rummikub-play-refused");

  // The meld laid down tile by tile: the first tile of each group dragged to a new group, the
  // others clicked and put there.
  const page2 = await open("rummikub");
  await newGame(page2, seed, ["greedy", "greedy"]);
  const rack2 = (name) => page2.locator(`#rummikub [data-play-rack] .play-tile[data-tile="${name}"]`).first();
  for (const [index, group] of meld.groups.entries()) {
    await rack2(group[0]).dragTo(page2.locator('#rummikub [data-action="new-group"]'));
    if (await page2.locator("#rummikub .play-group").count() === index) {
      // A drop on the button is not a drop target: click the tile, then the button.
      await rack2(group[0]).click();
      await page2.click('#rummikub [data-action="new-group"]');
    }
    for (const name of group.slice(1)) {
      await rack2(name).click();
      await page2.click(`#rummikub .play-group[data-group="${index}"] .put`);
    }
  }
  const laid = await page2.$$eval("#rummikub .play-group", (groups) => groups.map((g) => [...g.querySelectorAll(".play-tile")].map((t) => t.dataset.tile)));
  assert.deepEqual(laid.map((g) => [...g].sort()), meld.groups.map((g) => [...g].sort()));
  await page2.click('#rummikub [data-action="end-turn"]');
  assert.equal(await settled(page2), "your-turn");
  assert.equal(await page2.textContent("#rummikub [data-play-reason]"), "");
  const table = await page2.$$eval("#rummikub .play-group", (groups) => groups.map((g) => [...g.querySelectorAll(".play-tile")].map((t) => t.dataset.tile).sort().join(" ")));
  for (const group of meld.groups) assert.ok(table.includes([...group].sort().join(" ")), `${group} is on the table: ${table}`);
  assert.equal(await page2.locator("#rummikub [data-play-rack] .play-tile").count(), 14 - meld.tiles + 0);
  assert.match(await page2.textContent("#rummikub [data-players]"), /You: \d+ tiles, opened/);
  await shot(page2, "rummikub-play");
});

test("rummikub play on a phone-sized screen: nothing wider than the screen", async () => {
  const page = await open("rummikub", { width: 390, height: 844 });
  await newGame(page, 3, ["solver", "greedy", "value"]);
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= inner, `the page is ${scroll} pixels wide on a ${inner}-pixel screen`);
  const small = await page.$$eval("#rummikub .play-tile, #rummikub button.pick", (nodes) =>
    nodes.map((n) => [n.dataset.tile ?? n.dataset.pick, n.getBoundingClientRect()]).filter(([, r]) => r.width > 0 && (r.width < 24 || r.height < 24)).map(([name, r]) => `${name} ${r.width}x${r.height}`));
  assert.deepEqual(small, [], "rack and picker tiles of at least 24 by 24");
  await shot(page, "phone-rummikub-play");
});

test("rummikub play, as a new player meets it: a tile dragged onto the empty table starts a group", async () => {
  const page = await open("rummikub");
  await page.click('#rummikub [data-show="play"]');
  // Before a game, the turn's buttons do nothing and say so.
  for (const action of ["end-turn", "draw", "reset-turn", "new-group", "to-rack"]) {
    assert.ok(await page.isDisabled(`#rummikub [data-action="${action}"]`), `${action} is disabled before a game`);
  }
  await newGame(page, 4, ["greedy"]);
  // The first turn: nothing has happened yet, so no heading over an empty list.
  assert.equal(await page.isVisible("#rummikub [data-happened]"), false);
  assert.match(await page.textContent("#rummikub [data-play-table]"), /The table is empty/);
  const first = page.locator("#rummikub [data-play-rack] .play-tile").first();
  const name = await first.getAttribute("data-tile");
  await first.dragTo(page.locator("#rummikub [data-play-table]"));
  const groups = await page.$$eval("#rummikub .play-group", (items) => items.map((g) => [...g.querySelectorAll(".play-tile")].map((t) => t.dataset.tile)));
  assert.deepEqual(groups, [[name]]);
  // Emptied, the group is gone.
  await page.locator("#rummikub .play-group .play-tile").first().dragTo(page.locator("#rummikub [data-play-rack]"));
  assert.equal(await page.locator("#rummikub .play-group").count(), 0);
  // The turn's three buttons stand the same height.
  const heights = await page.$$eval("#rummikub .play-controls button", (buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().height)));
  assert.equal(new Set(heights).size, 1, `heights ${heights}`);
  await shot(page, "rummikub-play-first-turn");
});

test("rummikub play: a reload comes back to the game, and the bots' turns are drawn as tiles in the player's words", async () => {
  const page = await open("rummikub");
  await newGame(page, 6, ["solver"]);
  let state = "your-turn";
  let drawnTurns = 0;
  for (let i = 0; i < 120 && state === "your-turn"; i++) {
    await page.click('#rummikub [data-action="draw"]');
    state = await settled(page);
    const items = await page.$$eval("#rummikub [data-happened] li", (lis) => lis.map((li) => [li.textContent, li.querySelectorAll(".tile").length]));
    for (const [text, tiles] of items) {
      assert.doesNotMatch(text, /player 0|\(human\)|turn \d+:/, "the page speaks to the player");
      if (/ played /.test(text)) {
        assert.ok(tiles > 0, `a play is drawn as tiles: ${text}`);
        drawnTurns += 1;
      }
    }
    if (i === 2) {
      await page.reload();
      await page.waitForSelector('#rummikub [data-view=play]:not([hidden])');
      assert.equal(await page.isVisible('#rummikub [data-view=solver]'), false, "the reload comes back to the game");
      state = await settled(page);
    }
  }
  assert.ok(drawnTurns > 0, "the bot played");
  assert.equal(state, "over");
  assert.doesNotMatch(await page.textContent("#rummikub [data-play-summary]"), /player 0|human|the game ends/);
  await shot(page, "rummikub-play-words");
});

test("smaller points: a stale analysis goes with its hand, the placeholder reads, the checkbox stands clear", async () => {
  const page = await open("mahjong");
  for (const tile of ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z", "3z"]) await page.click(`#mahjong button.pick[data-pick="${tile}"]`);
  await page.click('#mahjong [data-action="analyze"]');
  await page.waitForSelector("#mahjong [data-shanten]");
  await page.fill("#mahjong input[name=hand]", "123m456p789s11222z");
  await page.dispatchEvent("#mahjong input[name=hand]", "input");
  assert.equal(await page.locator("#mahjong [data-shanten]").count(), 0, "the old hand's analysis is gone");
  await page.close();
  const rummikub = await open("rummikub");
  assert.doesNotMatch(await rummikub.getAttribute("#rummikub textarea[name=table]", "placeholder"), /O\d/, "no orange tile that reads as zero");
  await rummikub.close();
  const huxxy = await open("huxxy");
  const label = await huxxy.locator("#huxxy label.check").boundingBox();
  const play = await huxxy.locator('#huxxy [data-action="play"]').boundingBox();
  assert.ok(play.y >= label.y + label.height + 4, "the checkbox's label does not touch the Play button");
  await huxxy.close();
});
