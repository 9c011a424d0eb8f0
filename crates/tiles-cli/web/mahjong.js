// Mahjong: pick a hand (and called melds), see its analysis (shanten, waits, discards) and, for
// a winning hand, its score.

import { call } from "./api.js";
import { button, checkbox, clearErrors, el, field, mpszTiles, select, showApiError, tileRow, viewSwitch } from "./draw.js";
import { loadTileArt, tileArt, tileName } from "./tiles-mj.js";

/** A tile in the table's art (one tile style across the page), named for screen readers. */
function mahjongTile(code) {
  return el("span", { className: "tile mj art", role: "img", "aria-label": tileName(code), title: tileName(code), "data-tile": code }, tileArt(code));
}
import * as riichi from "./riichi.js";
import * as watch from "./watch.js";

const KINDS = [
  ...["m", "p", "s"].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${suit}`)),
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`),
];
const RED_FIVES = ["0m", "0p", "0s"];
const FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou"];
const WINDS = [["E", "East"], ["S", "South"], ["W", "West"], ["N", "North"]];

/** Appends tile `code` to mpsz text, merging with a run of the same suit at its end. */
function appendTile(text, code) {
  const [digit, suit] = code;
  const match = /([0-9]+)([mpsz])$/.exec(text);
  if (match && match[2] === suit) return `${text.slice(0, -1)}${digit}${suit}`;
  return `${text}${digit}${suit}`;
}

export function mount(section) {
  const analyse = el("div", { className: "view", "data-view": "hand" });
  const table = el("div", { className: "view", "data-view": "play" });
  const records = el("div", { className: "view", "data-view": "watch" });
  loadTileArt();
  mountHand(analyse);
  riichi.mount(table);
  watch.mount(records);
  viewSwitch(section, [["hand", "Analyse and score a hand", analyse], ["play", "Play riichi", table], ["watch", "Watch a record", records]], "Mahjong views");
}

function mountHand(section) {
  const hand = el("input", { name: "hand", placeholder: "123m456p789s1122z [789s]", spellcheck: false, autocomplete: "off" });
  const meld = el("input", { name: "meld", placeholder: "tiles of the meld being built", spellcheck: false, autocomplete: "off", readOnly: true });
  const target = select([["hand", "the concealed hand"], ["open", "an open meld: chi, pon, kan"], ["closed", "a concealed kan"]], "hand");
  const status = el("p", { className: "status", role: "status" });
  const analysis = el("div", { className: "result", "aria-live": "polite" });

  const picker = el("div", { className: "picker mj-picker", role: "group", "aria-label": "Mahjong tiles: click to add" });
  for (const code of [...KINDS, ...RED_FIVES]) {
    const left = el("small", { className: "left" });
    picker.append(
      el(
        "button",
        {
          type: "button",
          className: "pick",
          "data-pick": code,
          onclick: () => {
            if (target.value === "hand") hand.value = appendTile(hand.value, code);
            else meld.value = appendTile(meld.value, code);
            refresh();
          },
        },
        mahjongTile(code),
        left,
      ),
    );
  }
  // The analysis and the score shown are of the hand they were asked for: gone once the hand
  // changes.
  let analysed = null;
  let scoredHand = null;
  function refresh() {
    const now = hand.value.trim();
    if (analysed !== null && now !== analysed) {
      analysis.replaceChildren();
      analysed = null;
    }
    if (scoredHand !== null && now !== scoredHand) {
      scored.replaceChildren();
      scoredHand = null;
    }
    const used = {};
    for (const code of mpszTiles(`${hand.value} ${meld.value}`)) {
      const kind = code[0] === "0" ? `5${code[1]}` : code;
      used[kind] = (used[kind] ?? 0) + 1;
      if (code[0] === "0") used[code] = (used[code] ?? 0) + 1;
    }
    for (const pick of picker.querySelectorAll("button.pick")) {
      const code = pick.dataset.pick;
      const kind = code[0] === "0" ? `5${code[1]}` : code;
      let left = 4 - (used[kind] ?? 0);
      if (code[0] === "0") left = Math.min(left, 1 - (used[code] ?? 0));
      pick.querySelector(".left").textContent = `${Math.max(left, 0)}`;
      pick.disabled = left <= 0;
      pick.setAttribute("aria-label", `${pick.querySelector(".tile").title}, ${Math.max(left, 0)} left`);
    }
  }
  hand.addEventListener("input", refresh);
  const closeMeld = () => {
    const tiles = meld.value.trim();
    if (!tiles) return;
    hand.value = `${hand.value.trim()} ${target.value === "closed" ? `{${tiles}}` : `[${tiles}]`}`.trim();
    meld.value = "";
    refresh();
  };

  // The winning situation, for the score.
  const win = el("input", { name: "win", placeholder: "8s", spellcheck: false, autocomplete: "off", size: 4 });
  const flags = Object.fromEntries(FLAGS.map((flag) => [flag, checkbox(flag.replace("_", " "), flag)]));
  const seat = select(WINDS, "E");
  const round = select(WINDS, "E");
  const dora = el("input", { name: "dora_indicators", placeholder: "4s,1z", spellcheck: false, autocomplete: "off" });
  const ura = el("input", { name: "ura_indicators", placeholder: "after riichi", spellcheck: false, autocomplete: "off" });
  const honba = el("input", { name: "honba", type: "number", min: 0, value: 0, size: 3 });
  const sticks = el("input", { name: "riichi_sticks", type: "number", min: 0, value: 0, size: 3 });
  const rules = select([
    ["tenhou", "Tenhou"], ["mahjong-soul", "Mahjong Soul"], ["m-league", "M-League"], ["wrc", "WRC"],
    ["ema-2016", "EMA 2016"], ["ema-2025", "EMA 2025"], ["jpml-a", "JPML A"], ["saikouisen", "Saikouisen"],
    ["saikouisen-classic", "Saikouisen Classic"],
  ], "tenhou");
  const scoreStatus = el("p", { className: "status", role: "status" });
  const scored = el("div", { className: "result", "aria-live": "polite" });
  const inputs = { hand, melds: meld, win, seat_wind: seat, round_wind: round, dora_indicators: dora, ura_indicators: ura, honba, riichi_sticks: sticks, rules };

  async function analyze() {
    clearErrors(inputs, status);
    analysis.replaceChildren();
    try {
      const answer = await call("mahjong/analyze", { hand: hand.value.trim() });
      analysis.replaceChildren(...showAnalysis(answer));
      analysed = hand.value.trim();
    } catch (error) {
      showApiError(error, inputs, status);
    }
  }

  async function score() {
    clearErrors(inputs, scoreStatus);
    scored.replaceChildren();
    const request = {
      hand: hand.value.trim(),
      win: win.value.trim(),
      seat_wind: seat.value,
      round_wind: round.value,
      dora_indicators: dora.value.trim(),
      ura_indicators: ura.value.trim(),
      honba: Number(honba.value) || 0,
      riichi_sticks: Number(sticks.value) || 0,
      rules: rules.value,
    };
    for (const flag of FLAGS) request[flag] = flags[flag].box.checked;
    try {
      scored.replaceChildren(...showScore(await call("mahjong/score", request)));
      scoredHand = hand.value.trim();
    } catch (error) {
      showApiError(error, inputs, scoreStatus);
    }
  }

  section.append(
    el("p", { className: "intro" }, "Click tiles to build a hand (mpsz notation: 123m456p789s1122z; red fives 0m 0p 0s). Called melds go in brackets: [789s] open, {1111z} a concealed kan."),
    field("Hand", hand),
    el("div", { className: "row" }, field("Clicked tiles go to", target), field("Meld being built", meld)),
    el(
      "div",
      { className: "buttons" },
      button("Add the meld to the hand", closeMeld),
      button("Clear", () => {
        hand.value = "";
        meld.value = "";
        analysis.replaceChildren();
        scored.replaceChildren();
        clearErrors(inputs, status);
        refresh();
      }),
    ),
    picker,
    button("Analyze", analyze, { className: "primary", "data-action": "analyze" }),
    status,
    analysis,
    el("h3", {}, "Score a winning hand"),
    el(
      "div",
      { className: "row" },
      field("Winning tile", win),
      field("Seat wind", seat),
      field("Round wind", round),
      field("Rules", rules),
    ),
    el("fieldset", { className: "flags" }, el("legend", {}, "How it was won"), FLAGS.map((flag) => flags[flag].node)),
    el(
      "div",
      { className: "row" },
      field("Dora indicators", dora),
      field("Ura-dora indicators", ura),
      field("Honba", honba),
      field("Riichi sticks", sticks),
    ),
    button("Score", score, { className: "primary", "data-action": "score" }),
    scoreStatus,
    scored,
  );
  refresh();
}

/** Shanten per form, waits, effective tiles and the discards ranked. */
function showAnalysis(answer) {
  const nodes = [el("p", {}, "Hand: ", tileRow(mpszTiles(answer.hand.split("[")[0].split("{")[0]), mahjongTile), ` (${answer.tiles} tiles)`)];
  const s = answer.shanten;
  const shanten = (value) => (value === null ? "–" : value === -1 ? "complete" : value === 0 ? "tenpai" : `${value}-shanten`);
  nodes.push(
    el("table", { className: "shanten", "data-shanten": "" },
      el("caption", {}, "Shanten by form"),
      el("tr", {}, el("th", {}, "overall"), el("th", {}, "standard"), el("th", {}, "seven pairs"), el("th", {}, "thirteen orphans")),
      el("tr", {}, [s.overall, s.standard, s.seven_pairs, s.thirteen_orphans].map((value) => el("td", {}, shanten(value))))),
  );
  if (answer.complete) nodes.push(el("p", {}, "Complete: ", answer.readings.join(" · ") || (answer.seven_pairs ? "seven pairs" : "thirteen orphans")));
  if (answer.waits) nodes.push(el("p", { "data-waits": "" }, "Waits: ", answer.waits.length ? tileRow(answer.waits, mahjongTile) : "none"));
  if (answer.effective.length) {
    const total = answer.effective.reduce((sum, tile) => sum + tile.unseen, 0);
    nodes.push(el("p", {}, `Tiles that improve it (${total} unseen): `, unseenRow(answer.effective)));
  }
  if (answer.discards.length) {
    nodes.push(
      el("table", { className: "discards", "data-discards": "" },
        el("caption", {}, "Discards, best first"),
        el("tr", {}, el("th", {}, "discard"), el("th", {}, "leaves"), el("th", {}, "tiles that then improve it"), el("th", {}, "unseen")),
        answer.discards.map((d) => el("tr", {}, el("td", {}, mahjongTile(d.tile)), el("td", {}, shanten(d.shanten)), el("td", {}, unseenRow(d.effective)), el("td", {}, String(d.unseen))))),
    );
  }
  return nodes;
}

/** Tiles each with its unseen copies. */
function unseenRow(tiles) {
  return el("span", { className: "tiles" }, tiles.map((t) => el("span", { className: "counted" }, mahjongTile(t.tile), el("small", {}, `×${t.unseen}`))));
}

/** The yaku and their han, the fu and its parts, the limit and the payments. */
function showScore(answer) {
  const p = answer.points;
  const value = answer.yakuman > 0 ? `${answer.yakuman > 1 ? `${answer.yakuman}× ` : ""}yakuman` : `${answer.han} han ${answer.fu} fu`;
  const payments = p.ron !== null ? `ron ${p.ron}` : `tsumo: ${p.dealer !== null ? `dealer ${p.dealer}, ` : ""}others ${p.non_dealer} each`;
  return [
    el("p", { className: "summary", "data-score": "" }, `${value}${answer.limit ? ` (${answer.limit})` : ""}: ${p.total} points — ${payments}`),
    el("table", { className: "yaku" }, el("caption", {}, "Yaku"), answer.yaku.map((y) => el("tr", {}, el("td", {}, y.name), el("td", {}, `${y.han} han`)))),
    answer.fu_parts.length
      ? el("table", { className: "fu" }, el("caption", {}, "Fu before rounding"), answer.fu_parts.map((f) => el("tr", {}, el("td", {}, f.part), el("td", {}, `${f.fu} fu`), el("td", {}, f.about))))
      : null,
    el("p", {}, `Reading: ${answer.reading} (${answer.wait} wait). Honba ${p.honba}, riichi sticks ${p.riichi_sticks}: received ${p.received}.`),
  ];
}
