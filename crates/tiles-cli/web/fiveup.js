// Five Up: a game as a sequence of dominoes; its verdict, layout and score.

import { call } from "./api.js";
import { button, clearErrors, domino, el, field, pre, select, showApiError } from "./draw.js";

export function mount(section) {
  const game = el("textarea", { name: "game", rows: 3, placeholder: "5-5 5-0 5-6 0-3", spellcheck: false });
  const players = el("input", { name: "players", type: "number", min: 1, max: 100, value: 2, size: 4 });
  const target = el("input", { name: "target", type: "number", min: 1, value: 61, size: 5 });
  const units = select([["fives", "fives (15 scores 3)"], ["pips", "pips (15 scores 15)"]], "fives");
  const status = el("p", { className: "status", role: "status" });
  const result = el("div", { className: "result", "aria-live": "polite" });
  const inputs = { game, players, target, units };

  async function check() {
    clearErrors(inputs, status);
    result.replaceChildren();
    try {
      const answer = await call("fiveup/check", {
        game: game.value.trim(),
        layout: true,
        score: true,
        players: Number(players.value),
        target: Number(target.value),
        units: units.value,
      });
      result.replaceChildren(...showGame(answer, game.value));
    } catch (error) {
      showApiError(error, inputs, status);
    }
  }

  section.append(
    el("p", { className: "intro" }, "Enter or paste a game, one domino per play in order (5-5 5-0 5-6 …), and check it: its legality, its layout and its score."),
    field("Game", game),
    el("div", { className: "row" }, field("Players", players), field("Target", target), field("Units", units)),
    button("Check", check, { className: "primary", "data-action": "check" }),
    status,
    result,
  );
}

/** The verdict with the breaking tile marked, the layout tree and the score table. */
function showGame(answer, text) {
  const tiles = text.match(/\d+\s*[-|:]\s*\d+/g)?.map((tile) => tile.replace(/\s*[|:]\s*|\s*-\s*/, "-")) ?? [];
  const breaking = answer.breaking?.position ?? null;
  const nodes = [
    el("p", { className: answer.valid ? "summary ok" : "summary bad", "data-verdict": "" }, answer.summary),
    el("p", { className: "tiles dominoes" }, tiles.map((tile, index) => domino(tile, { breaking: index + 1 === breaking }))),
  ];
  if (!answer.valid && answer.breaking) nodes.push(el("p", { "data-breaking": "" }, `Breaking tile: ${answer.breaking.tile}, play ${answer.breaking.position} (marked).`));
  if (answer.layout) nodes.push(el("h3", {}, "Layout"), pre(answer.layout.tree, { "data-tree": "" }));
  if (answer.score) nodes.push(el("h3", {}, "Score"), pre(answer.score.table, { "data-table": "" }));
  return nodes;
}
