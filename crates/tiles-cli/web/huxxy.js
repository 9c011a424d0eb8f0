// huxxy: evaluate calls of the course's reference functions; replay a seeded bot game.

import { call } from "./api.js";
import { button, card, checkbox, clearErrors, el, field, pre, showApiError } from "./draw.js";

const CALLS = [
  "comp10001huxxy_score(['4C', '2H', 'KS'])",
  "comp10001huxxy_valid_table([['4C', '5H', '6S']])",
];

export function mount(section) {
  const expression = el("input", { name: "call", placeholder: "a call such as score([...])", spellcheck: false, autocomplete: "off" });
  expression.value = CALLS[0];
  const evalStatus = el("p", { className: "status", role: "status" });
  const evalResult = el("div", { className: "result", "aria-live": "polite" });

  async function evaluate() {
    clearErrors({ call: expression }, evalStatus);
    evalResult.replaceChildren();
    try {
      const answer = await call("huxxy/eval", { call: expression.value.trim() });
      evalResult.replaceChildren(pre(answer.result, { "data-result": "" }));
    } catch (error) {
      showApiError(error, { call: expression }, expression);
    }
  }

  const seed = el("input", { name: "seed", type: "number", min: 0, value: 33, size: 6 });
  const jokers = checkbox("with two jokers (the bonus game)", "jokers");
  const bots = el("input", { name: "bots", value: "search,greedy,greedy,greedy", spellcheck: false, autocomplete: "off" });
  const gameStatus = el("p", { className: "status", role: "status" });
  const game = el("div", { className: "result", "aria-live": "polite" });
  const inputs = { seed, bots };

  async function play() {
    clearErrors(inputs, gameStatus);
    game.replaceChildren();
    try {
      const answer = await call("huxxy/game", { seed: Number(seed.value), jokers: jokers.box.checked, bots: bots.value.trim() });
      game.replaceChildren(...replay(answer));
    } catch (error) {
      showApiError(error, inputs, gameStatus);
    }
  }

  section.append(
    el("h3", {}, "The reference functions"),
    field("Call", expression, { hint: "one call of comp10001huxxy_score, _valid_table, _valid_play, _play or _bonus_play; the prefix is optional" }),
    el("div", { className: "buttons" }, button("Evaluate", evaluate, { className: "primary", "data-action": "eval" }), CALLS.map((text) => button(text.replace("comp10001huxxy_", ""), () => { expression.value = text; }))),
    evalStatus,
    evalResult,
    el("h3", {}, "A bot game, turn by turn"),
    el("div", { className: "row" }, field("Seed", seed), field("Bots, in seat order", bots)),
    el("p", { className: "huxxy-options" }, jokers.node),
    button("Play", play, { className: "primary", "data-action": "play" }),
    gameStatus,
    game,
  );
}

/** A stepper over the game's turns: who played what, the table and the cards left. */
function replay(answer) {
  const caption = el("p", { className: "step", "data-turn": "" });
  const table = el("div", { className: "huxxy-table" });
  const previous = button("Previous turn", () => show(at - 1));
  const next = button("Next turn", () => show(at + 1), { "data-action": "next" });
  let at = 0;
  function show(index) {
    at = Math.max(0, Math.min(answer.turns.length - 1, index));
    const turn = answer.turns[at];
    caption.textContent = turn.text.split("\n")[0];
    table.replaceChildren(el("p", {}, "Table:"), el("div", { className: "groups" }, turn.table.map((group) => el("span", { className: "tiles group" }, group.map(card)))), el("p", {}, `cards left ${turn.cards_left}, stock ${turn.stock_left}`));
    previous.disabled = at === 0;
    next.disabled = at === answer.turns.length - 1;
  }
  if (answer.turns.length > 0) show(0);
  return [
    el("p", { className: "summary" }, `${answer.variant} game, seed ${answer.seed}: ${answer.turns.length} turns; ${answer.end}`),
    el("ul", { className: "players" }, answer.players.map((p) => el("li", {}, `player ${p.player} (${p.bot}): `, el("span", { className: "tiles" }, p.dealt.map(card))))),
    el("div", { className: "buttons" }, previous, next),
    caption,
    table,
  ];
}
