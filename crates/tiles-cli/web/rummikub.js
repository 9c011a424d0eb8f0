// Rummikub: pick the table's groups and the rack, get the best move step by step.

import { call } from "./api.js";
import * as play from "./play.js";
import { button, clearErrors, el, field, RUMMIKUB_COLOURS, rummikubTile, select, showApiError, tileRow, viewSwitch } from "./draw.js";

const COPIES = 2;
const JOKERS = 2;

/** The tiles of a text (`R1 R2 R3 | K4`), ignoring the group bars. */
function tilesOf(text) {
  return text.split(/[\s|,]+/).filter((token) => token.length > 0);
}

export function mount(section) {
  const solver = el("div", { className: "view", "data-view": "solver" });
  const game = el("div", { className: "view", "data-view": "play" });
  mountSolver(solver);
  play.mount(game);
  viewSwitch(section, [["solver", "Best move", solver], ["play", "Play against the bots", game]], "Rummikub views");
}

function mountSolver(section) {
  const table = el("textarea", { name: "table", rows: 2, placeholder: "R1 R2 R3 | K4 B4 R4", spellcheck: false });
  const rack = el("input", { name: "rack", placeholder: "R4 K9 J", spellcheck: false, autocomplete: "off" });
  const rules = select(["standard", "codegolf", "puzzle"], "standard");
  const objective = select(
    [["tiles", "most tiles"], ["value", "most value"], ["tiles-then-value", "most tiles, then value"], ["opening", "opening meld"]],
    "tiles",
  );
  const target = select([["table", "the table (current group)"], ["rack", "the rack"]], "rack");
  const status = el("p", { className: "status", role: "status" });
  const result = el("div", { className: "result", "aria-live": "polite" });
  const inputs = { table, rack, rules, objective };

  const counts = () => {
    const used = {};
    for (const tile of [...tilesOf(table.value), ...tilesOf(rack.value)]) used[tile] = (used[tile] ?? 0) + 1;
    return used;
  };
  const picker = el("div", { className: "picker rk-picker", role: "group", "aria-label": "Rummikub tiles: click to add" });
  const cells = [];
  for (const colour of Object.keys(RUMMIKUB_COLOURS)) {
    for (let number = 1; number <= 13; number++) cells.push([`${colour}${number}`, COPIES]);
  }
  cells.push(["J", JOKERS]);
  for (const [name, copies] of cells) {
    const left = el("small", { className: "left" });
    const pick = el(
      "button",
      {
        type: "button",
        className: "pick",
        "data-pick": name,
        onclick: () => {
          const box = target.value === "rack" ? rack : table;
          box.value = box.value.trimEnd() + (box.value.trim() && !box.value.trimEnd().endsWith("|") ? " " : box.value.trim() ? " " : "") + name;
          refresh();
        },
      },
      rummikubTile(name),
      left,
    );
    pick.dataset.copies = copies;
    picker.append(pick);
  }
  function refresh() {
    const used = counts();
    for (const pick of picker.querySelectorAll("button.pick")) {
      const name = pick.dataset.pick;
      const left = Number(pick.dataset.copies) - (used[name] ?? 0);
      pick.querySelector(".left").textContent = `${Math.max(left, 0)}`;
      pick.title = `${Math.max(left, 0)} left`;
      pick.disabled = left <= 0;
      pick.setAttribute("aria-label", `${name === "J" ? "joker" : name}, ${Math.max(left, 0)} left`);
    }
  }
  table.addEventListener("input", refresh);
  rack.addEventListener("input", refresh);

  async function solve() {
    clearErrors(inputs, status);
    result.replaceChildren();
    if (!rack.value.trim()) {
      status.textContent = table.value.trim()
        ? "Enter your rack: the tiles you could play (click tiles with “Clicked tiles go to” set to the rack, or type them)."
        : "Enter your rack, and the table's groups if there are any: click tiles above, or type them (R1 R2 R3 | K4 B4 O4).";
      return;
    }
    status.textContent = "solving…";
    try {
      const answer = await call("rummikub/solve", {
        rules: rules.value,
        objective: objective.value,
        table: table.value.trim(),
        rack: rack.value.trim(),
      });
      status.textContent = "";
      result.replaceChildren(...showMove(answer));
    } catch (error) {
      status.textContent = "";
      showApiError(error, inputs, status);
    }
  }

  section.append(
    el("p", { className: "intro" }, "Build the table's groups and your rack by clicking tiles (or type them), then ask for the best move: the table may be rearranged."),
    field("Table groups (separate groups with |)", table),
    field("Rack", rack),
    field("Clicked tiles go to", target),
    el(
      "div",
      { className: "buttons" },
      button("End the group (|)", () => {
        if (table.value.trim() && !table.value.trimEnd().endsWith("|")) table.value = `${table.value.trimEnd()} | `;
        table.focus();
      }),
      button("Clear", () => {
        table.value = "";
        rack.value = "";
        result.replaceChildren();
        clearErrors(inputs, status);
        refresh();
      }),
    ),
    picker,
    el("div", { className: "row" }, field("Rules", rules), field("Objective", objective)),
    button("Best move", solve, { className: "primary", "data-action": "solve" }),
    status,
    result,
  );
  refresh();
}

/** The move: the new table (new groups and placed tiles marked), the steps, what is left. */
function showMove(answer) {
  const placed = [...answer.placed];
  const groups = answer.groups.map((group, index) => {
    const changed = index >= answer.unchanged;
    const tiles = group.map((tile) => {
      const at = changed ? placed.indexOf(tile) : -1;
      if (at >= 0) placed.splice(at, 1);
      return rummikubTile(tile, { placed: at >= 0 });
    });
    return el("li", { className: changed ? "group changed" : "group" }, el("span", { className: "tiles" }, tiles), changed ? el("small", {}, " changed") : null);
  });
  const nodes = [
    el("p", { className: "summary", "data-summary": "" }, answer.tiles === 0 ? "No move: nothing can be placed." : `Places ${answer.tiles} tile${answer.tiles === 1 ? "" : "s"} (value ${answer.value}); ${answer.unchanged} table group${answer.unchanged === 1 ? "" : "s"} unchanged.`),
    el("h3", {}, "The new table"),
    el("ul", { className: "groups", "data-groups": "" }, groups),
  ];
  if (answer.steps.length > 0) {
    nodes.push(el("h3", {}, "Step by step"), el("ol", { className: "steps" }, answer.steps.map((step) => el("li", {}, step.text))));
  }
  nodes.push(el("p", {}, "Left on the rack: ", answer.left.length ? tileRow(answer.left, (tile) => rummikubTile(tile)) : "nothing"));
  if (answer.shortfall) nodes.push(el("p", { className: "note" }, answer.shortfall.text));
  return nodes;
}
