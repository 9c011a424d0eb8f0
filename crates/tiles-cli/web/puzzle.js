// The Rummikub action puzzle: paste a puzzle, see the answer, step through the trace.

import { call } from "./api.js";
import { button, clearErrors, el, field, pre, puzzleTile, showApiError } from "./draw.js";

const EXAMPLE = "3R\n2\n1 4R 5R 6R\n2 4B 4G 4Y";

export function mount(section) {
  // The published example is filled in, ready to solve; the placeholder, shown once it is
  // cleared, is plainly a hint.
  const puzzle = el("textarea", { name: "puzzle", rows: 6, placeholder: "the goal tile, the number of rows, then one row per line", spellcheck: false });
  puzzle.value = EXAMPLE;
  const status = el("p", { className: "status", role: "status" });
  const result = el("div", { className: "result", "aria-live": "polite" });
  const inputs = { puzzle };

  async function solve() {
    clearErrors(inputs, status);
    result.replaceChildren();
    try {
      const answer = await call("rummikub-puzzle/solve", { puzzle: puzzle.value });
      result.replaceChildren(...showAnswer(answer));
    } catch (error) {
      showApiError(error, inputs, status);
    }
  }

  section.append(
    el("p", { className: "intro" }, "Paste a puzzle: the goal tile, the number of rows, then one row per line."),
    field("Puzzle", puzzle),
    el("div", { className: "buttons" }, button("Solve", solve, { className: "primary", "data-action": "solve" }), button("Example", () => { puzzle.value = EXAMPLE; })),
    status,
    result,
  );
}

/** A table's rows (`1 4R 5R 6R`) drawn as tiles. */
function rows(lines) {
  return el("ol", { className: "puzzle-rows" }, lines.map((line) => {
    const [number, ...tiles] = line.split(/\s+/);
    return el("li", {}, el("span", { className: "row-number" }, number), el("span", { className: "tiles" }, tiles.map(puzzleTile)));
  }));
}

/** The answer, and a stepper over the trace: the start, then the table after each action. */
function showAnswer(answer) {
  if (!answer.solved) return [el("p", { className: "summary bad", "data-answer": "" }, `No answer: ${answer.reason}`)];
  const frames = [{ action: "start", rows: answer.start }, ...answer.trace];
  const caption = el("p", { className: "step", "aria-live": "polite", "data-step": "" });
  const table = el("div", {});
  const previous = button("Previous", () => show(at - 1));
  const next = button("Next", () => show(at + 1), { "data-action": "next" });
  let at = 0;
  function show(index) {
    at = Math.max(0, Math.min(frames.length - 1, index));
    const frame = frames[at];
    caption.textContent = at === 0 ? `Start (${frames.length - 1} action${frames.length === 2 ? "" : "s"} to go)` : `Action ${at} of ${frames.length - 1}: ${frame.action}`;
    table.replaceChildren(rows(frame.rows));
    previous.disabled = at === 0;
    next.disabled = at === frames.length - 1;
  }
  show(0);
  return [
    el("p", { className: "summary ok", "data-answer": "" }, `Solved in ${answer.actions.length} action${answer.actions.length === 1 ? "" : "s"}: ${answer.actions.join(", ")}`),
    pre(answer.answer),
    el("h3", {}, "Step through"),
    el("div", { className: "buttons" }, previous, next),
    caption,
    table,
  ];
}
