// Mahjong tiles drawn with the public-domain art of FluffyStuff/riichi-mahjong-tiles (one SVG
// sprite, /static/tiles.svg, put in the page once), each with a readable name for screen
// readers; and the names of tiles in the two notations the API speaks (mpsz, `0p` a red five;
// mjai, `5pr`, `E`, `P`).

import { el } from "./draw.js";

const SVG = "http://www.w3.org/2000/svg";
const SUIT_ART = { m: "man", p: "pin", s: "sou" };
const HONOUR_ART = ["ton", "nan", "shaa", "pei", "haku", "hatsu", "chun"];
const SUIT_NAMES = { m: "characters", p: "circles", s: "bamboo" };
const NUMBERS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const HONOUR_NAMES = ["east wind", "south wind", "west wind", "north wind", "white dragon", "green dragon", "red dragon"];
const MJAI_HONOURS = ["E", "S", "W", "N", "P", "F", "C"];

let sprite = null;

/** Puts the tile sprite in the page (once); resolves when it is there. */
export function loadTileArt() {
  sprite ??= fetch("/static/tiles.svg")
    .then((response) => (response.ok ? response.text() : ""))
    .then((text) => {
      const holder = document.createElement("div");
      holder.hidden = true;
      holder.setAttribute("aria-hidden", "true");
      holder.innerHTML = text;
      document.body.prepend(holder);
    });
  return sprite;
}

/** A tile's readable name: `red five of circles`, `east wind`, `a hidden tile`. */
export function tileName(code) {
  if (!code || code === "?") return "a hidden tile";
  const [digit, suit] = [code[0], code[1]];
  if (suit === "z") return HONOUR_NAMES[Number(digit) - 1] ?? code;
  if (digit === "0") return `red five of ${SUIT_NAMES[suit]}`;
  return `${NUMBERS[Number(digit)]} of ${SUIT_NAMES[suit] ?? suit}`;
}

/** The sprite symbol of a tile (`?`: the back). */
function artOf(code) {
  if (!code || code === "?") return "t-back";
  const [digit, suit] = [code[0], code[1]];
  if (suit === "z") return `t-${HONOUR_ART[Number(digit) - 1]}`;
  return digit === "0" ? `t-${SUIT_ART[suit]}5-dora` : `t-${SUIT_ART[suit]}${digit}`;
}

/** The tile's picture: the front and the face (or the back). */
export function tileArt(code) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 300 400");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const art = artOf(code);
  for (const id of art === "t-back" ? [art] : ["t-front", art]) {
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", `#${id}`);
    svg.append(use);
  }
  return svg;
}

/** A tile of the table: `data-tile` (mpsz), `data-zone`, `data-seat`, and its name. `sideways`:
 * turned (a riichi discard, a called tile); `faceDown`: its back shown (a concealed kan's
 * outer tiles); `extra` words for its name (`tsumogiri`). */
export function tableTile(code, zone, seat, { sideways = false, faceDown = false, extra = [], className = "" } = {}) {
  const words = [tileName(code), ...extra].join(", ");
  const back = code === "?" || faceDown;
  return el(
    "span",
    {
      className: `mjt${sideways ? " sideways" : ""}${back ? " back" : ""}${className ? ` ${className}` : ""}`,
      role: "img",
      "aria-label": words,
      title: words,
      "data-tile": code,
      "data-zone": zone,
      "data-seat": String(seat),
    },
    tileArt(back ? "?" : code),
  );
}

/** A tile's picture beside words that name it (a wait, a call's tiles on its button): not a
 * tile of the table, so without its data attributes, and hidden from screen readers. */
export function pictureOf(code) {
  return el("span", { className: "mjt", "aria-hidden": "true" }, tileArt(code));
}

/** A tile in mjai's notation (`5mr`, `E`, `?`) in mpsz (`0m`, `1z`, `?`). */
export function fromMjai(name) {
  if (!name || name === "?") return "?";
  const honour = MJAI_HONOURS.indexOf(name);
  if (honour >= 0) return `${honour + 1}z`;
  if (name.endsWith("r")) return `0${name[1]}`;
  return name;
}

/** Sorts mpsz tiles in the hand's order (a red five after the plain fives, as the API does). */
export function sortTiles(codes) {
  const key = (code) => {
    const suit = "mpsz".indexOf(code[1]);
    const digit = code[0] === "0" ? 5.5 : Number(code[0]);
    return suit * 10 + digit;
  };
  return [...codes].sort((a, b) => key(a) - key(b));
}
