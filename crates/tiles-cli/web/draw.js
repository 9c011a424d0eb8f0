// Building the page: elements, labelled controls, tiles of each game, and errors shown next
// to the input that caused them.

/** An element: `attrs` are properties (`className`, `textContent`, `onclick`, …) or, for
 * names with a dash (`aria-label`, `data-tile`), attributes. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.includes("-") || name === "for" || name === "role") node.setAttribute(name, value);
    else node[name] = value;
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

let nextId = 0;

/** A control with its label (and a place for its error), as one block. */
export function field(label, control, { hint } = {}) {
  control.id ||= `control-${++nextId}`;
  const error = el("p", { className: "field-error", role: "alert", id: `${control.id}-error` });
  control.setAttribute("aria-describedby", error.id);
  return el(
    "div",
    { className: "field" },
    el("label", { for: control.id }, label),
    control,
    hint ? el("small", { className: "hint" }, hint) : null,
    error,
  );
}

/** A checkbox with its label after it. */
export function checkbox(label, name) {
  const box = el("input", { type: "checkbox", name, id: `control-${++nextId}` });
  return { box, node: el("label", { className: "check", for: box.id }, box, ` ${label}`) };
}

/** A select of `options` (values, or [value, text] pairs). */
export function select(options, value) {
  const node = el(
    "select",
    {},
    options.map((option) => {
      const [v, text] = Array.isArray(option) ? option : [option, option];
      return el("option", { value: v, selected: v === value }, text);
    }),
  );
  return node;
}

/** Shows `message` under `control` (cleared with `null`). */
export function showError(control, message) {
  const target = document.getElementById(`${control.id}-error`) ?? control;
  target.textContent = message ?? "";
  control.toggleAttribute("aria-invalid", Boolean(message));
}

/** Shows an API error next to the input of the field it names, or in `fallback`. */
export function showApiError(error, inputs, fallback) {
  const control = inputs[error.field] ?? fallback;
  showError(control, error.message);
}

/** Clears the errors of every control in `inputs` and of `fallback`. */
export function clearErrors(inputs, fallback) {
  for (const control of [...Object.values(inputs), fallback]) showError(control, null);
}

/** A section's views and the buttons that switch between them (`views`: [name, words, node]).
 * The view shown is kept in the address (`#/game/view`), so a reload comes back to it. */
export function viewSwitch(section, views, label) {
  const game = section.id;
  const buttons = views.map(([name, words]) => button(words, () => show(name, true), { "data-show": name, "aria-pressed": "false" }));
  function show(name, remember) {
    for (const [key, , node] of views) node.hidden = key !== name;
    for (const node of buttons) node.setAttribute("aria-pressed", String(node.dataset.show === name));
    // A view chosen by a click is a new history entry (Back returns to the last one).
    if (remember && !section.hidden && location.hash.split("/")[2] !== name) history.pushState(null, "", `#/${game}/${name}`);
  }
  const viewIn = (hash) => {
    const wanted = hash.split("/")[2];
    return views.some(([name]) => name === wanted) ? wanted : null;
  };
  show(viewIn(location.hash) ?? views[0][0], false);
  // The address changed by hand, or by Back and Forward.
  addEventListener("tiles:route", (event) => {
    if (event.detail.split("/")[1] !== game) return;
    show(viewIn(event.detail) ?? views[0][0], false);
  });
  section.append(el("div", { className: "buttons view-switch", role: "group", "aria-label": label }, buttons), ...views.map(([, , node]) => node));
  return show;
}

/** A button. */
export function button(text, onclick, attrs = {}) {
  return el("button", { type: "button", onclick, ...attrs }, text);
}

export const RUMMIKUB_COLOURS = { R: "red", B: "blue", O: "orange", K: "black" };

/** A Rummikub tile, `R9` or `J`, as a coloured number. */
export function rummikubTile(name, { placed = false } = {}) {
  const joker = name === "J" || /^J/.test(name);
  const colour = joker ? "joker" : (RUMMIKUB_COLOURS[name[0]] ?? "other");
  const text = joker ? "J" : name.slice(1);
  return el(
    "span",
    {
      className: `tile rk ${colour}${placed ? " placed" : ""}`,
      title: joker ? "joker" : `${colour} ${text}`,
      "data-tile": name,
    },
    joker ? "☺" : text,
  );
}

/** A puzzle tile, `4R` (number first; R, B, G or Y). */
export function puzzleTile(name) {
  const colour = { R: "red", B: "blue", G: "green", Y: "yellow" }[name.slice(-1)] ?? "other";
  return el("span", { className: `tile rk ${colour}`, title: name, "data-tile": name }, name.slice(0, -1));
}

/** The tiles of mpsz notation (`123m44z`, red fives `0`), one code each. */
export function mpszTiles(text) {
  const tiles = [];
  let digits = [];
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else if ("mpsz".includes(ch)) {
      tiles.push(...digits.map((d) => d + ch));
      digits = [];
    }
  }
  return tiles;
}

/** A playing card of huxxy, `5S`, `0H` (ten) or `XX` (a joker). */
export function card(name) {
  if (name === "XX" || name.startsWith("X")) return el("span", { className: "card joker", title: "joker" }, "★");
  const suit = { S: "♠", H: "♥", D: "♦", C: "♣" }[name[1]] ?? name[1];
  const rank = name[0] === "0" ? "10" : name[0];
  const red = name[1] === "H" || name[1] === "D";
  return el("span", { className: `card${red ? " red" : ""}`, title: name }, rank, suit);
}

/** A domino, `5-6`. */
export function domino(name, { breaking = false } = {}) {
  const [a, b] = name.split("-");
  return el("span", { className: `domino${breaking ? " breaking" : ""}`, title: name }, el("span", {}, a), el("span", {}, b));
}

/** A row of tiles. */
export function tileRow(tiles, draw, attrs = {}) {
  return el("span", { className: "tiles", ...attrs }, tiles.map((tile) => draw(tile)));
}

/** Preformatted text (a report as the command prints it). */
export function pre(text, attrs = {}) {
  return el("pre", attrs, text);
}
