// The riichi board, drawn the same way at the table (riichi.js) and in the record viewer
// (watch.js): the centre (round, honba, sticks, tiles left, dora), each seat's river turned to
// face it and its corner (name, wind, points, calls; in the viewer its tiles), the melds with
// the called tile sideways toward the seat it came from, and a hand's result.

import { el } from "./draw.js";
import { tableTile } from "./tiles-mj.js";

export const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };

/** Where a seat sits, counted from the seat at the bottom. */
export function placeOf(seat, bottom, count) {
  const relative = (seat - bottom + count) % count;
  return (count === 3 ? ["bottom", "right", "left"] : ["bottom", "right", "top", "left"])[relative];
}

/** The centre: round, honba, sticks, live tiles left, dora indicators (and ura, when turned). */
export function centreNode(view, seat) {
  const [wind, number, honba] = [view.round[0], view.round.slice(1).split("-")[0], view.round.split("-")[1]];
  const ura = view.ura_indicators ?? [];
  return el("div", { className: "riichi-centre", "data-centre": "" },
    el("p", { className: "riichi-round" }, `${WIND_NAMES[wind]} ${number}`),
    el("p", {}, `honba ${honba} · sticks ${view.sticks}`),
    el("p", { "data-wall": String(view.wall) }, `${view.wall} tiles left`),
    el("div", { className: "riichi-dora", "aria-label": "Dora indicators" }, view.dora_indicators.map((code) => tableTile(code, "dora", seat, { extra: ["dora indicator"] }))),
    ura.length ? el("div", { className: "riichi-dora ura", "aria-label": "Ura dora indicators" }, ura.map((code) => tableTile(code, "dora", seat, { extra: ["ura dora indicator"] }))) : null,
  );
}

/** A seat's river (beside the centre, turned to face the seat) and its corner at its right:
 * `label` names it, `name` is the bold words, `tiles` what the corner shows of its hand (or
 * null), `calls` whether the corner shows its melds and Norths. */
export function seatZone(seat, where, { label, name, dealer, tiles = null, calls = true, count }) {
  const river = el("div", { className: `riichi-river-cell ${where}` },
    el("div", { className: "riichi-river", role: "group", "aria-label": `${label}: discards`, "data-river": String(seat.seat) },
      seat.river.map((tile) => tableTile(tile.tile, "river", seat.seat, {
        sideways: tile.riichi,
        className: tile.called ? "called" : "",
        extra: [tile.tsumogiri ? "tsumogiri" : null, tile.riichi ? "riichi" : null, tile.called ? "called" : null].filter(Boolean),
      }))));
  const info = el("p", { className: `riichi-name${seat.riichi ? " in-riichi" : ""}${seat.seat === dealer ? " dealer" : ""}`, "data-score": String(seat.score) },
    el("b", {}, name), ` ${WIND_NAMES[seat.wind]} · ${seat.score}`, seat.riichi ? el("span", { className: "stick", title: "riichi" }, " riichi") : null,
    typeof seat.concealed === "number" && !tiles ? el("small", {}, ` · ${seat.concealed} tiles`) : null);
  const melds = calls ? el("div", { className: "riichi-melds", role: "group", "aria-label": `${label}: calls` },
    Array.from({ length: seat.north }, () => tableTile("4z", "north", seat.seat, { extra: ["set aside"] })),
    seat.melds.map((meld) => meldNode(meld, seat.seat, count))) : null;
  const corner = el("div", { className: `riichi-corner ${where}`, "data-seat-zone": String(seat.seat), role: "region", "aria-label": label }, info, tiles, melds);
  return [river, corner];
}

/** A meld, the called tile sideways toward the seat it came from; an added kan's fourth
 * tile on top of the called one. */
export function meldNode(meld, seat, count) {
  const tiles = [...meld.tiles];
  const nodes = [];
  if (meld.type === "ankan") {
    tiles.forEach((code, i) => nodes.push(tableTile(code, "meld", seat, { faceDown: i === 0 || i === 3, extra: ["concealed kan"] })));
  } else {
    // Where the called tile goes: left from the seat to the left, middle across, right from
    // the right (counted from the caller).
    const from = (meld.from - seat + count) % count;
    const side = from === count - 1 ? 0 : from === 1 ? tiles.length - 1 : 1;
    const at = tiles.lastIndexOf(meld.called);
    tiles.splice(at, 1);
    let added = null;
    if (meld.type === "kakan") added = tiles.pop();
    tiles.splice(Math.min(side, tiles.length), 0, meld.called);
    tiles.forEach((code, i) => {
      const called = i === Math.min(side, tiles.length - 1) && code === meld.called;
      const node = tableTile(code, "meld", seat, { sideways: called, extra: called ? [`called from seat ${meld.from}`] : [] });
      if (called && added) {
        nodes.push(el("span", { className: "stack" }, tableTile(added, "meld", seat, { sideways: true, extra: ["added kan"] }), node));
      } else nodes.push(node);
    });
  }
  return el("span", { className: "riichi-meld", "data-meld": meld.type }, nodes);
}

/** A shown hand: its concealed tiles (the winning tile apart) and melds. */
export function handRow(shownHand, seat, winning, count) {
  const concealed = [...shownHand.concealed];
  if (winning) {
    const at = concealed.lastIndexOf(winning);
    if (at >= 0) concealed.splice(at, 1);
  }
  return el("div", { className: "riichi-row shown" },
    concealed.map((code) => tableTile(code, "hand", seat)),
    winning ? tableTile(winning, "hand", seat, { className: "apart", extra: ["the winning tile"] }) : null,
    shownHand.melds.map((meld) => meldNode(meld, seat, count)));
}

/** A hand's end (as `mahjong/game` and `mahjong/watch` give it): the wins with each winner's
 * hand, yaku, han, fu, points and ura dora, or the draw with the ready hands, and the score
 * changes. `who(seat)` names a seat; `fromMjai` turns the winning tile's name into mpsz. */
export function resultNodes(result, who, count, fromMjai) {
  const nodes = [el("h3", {}, `${result.round}: ${result.draw ? capital(result.draw) : result.wins.map((win) => `${who(win.seat)} ${win.how === "tsumo" ? "won by tsumo" : `won by ron from ${who(win.from).toLowerCase() === "you" ? "you" : who(win.from)}`}`).join("; ")}`)];
  for (const win of result.wins) {
    nodes.push(
      el("div", { className: "riichi-win", "data-win": String(win.seat) },
        el("p", { className: "summary" }, `${who(win.seat)}: ${win.han} han ${win.fu} fu${win.limit ? ` (${win.limit})` : ""}, ${win.points} points`),
        handRow(result.hands[win.seat], win.seat, fromMjai(win.tile), count),
        el("ul", { className: "riichi-yaku" }, win.yaku.map((yaku) => el("li", {}, `${yaku.name}: ${yaku.han} han`))),
        win.ura_indicators.length ? el("p", {}, "Ura dora indicators: ", el("span", { className: "riichi-row" }, win.ura_indicators.map((code) => tableTile(code, "dora", win.seat, { extra: ["ura dora indicator"] })))) : null,
        win.pao !== null ? el("p", {}, `${who(win.pao)} is liable (pao).`) : null,
      ),
    );
  }
  if (result.draw) {
    const ready = result.tenpai.length ? `Ready: ${result.tenpai.map((seat) => who(seat)).join(", ")}.` : "Nobody was ready.";
    nodes.push(el("p", {}, result.draw === "exhaustive draw" ? ready : `An abortive draw (${result.draw}).`));
    for (const seat of result.tenpai) nodes.push(el("div", { className: "riichi-win" }, el("p", {}, who(seat)), handRow(result.hands[seat], seat, null, count)));
  }
  nodes.push(
    el("table", { className: "riichi-changes", "data-changes": "" },
      el("tr", {}, el("th", {}, "seat"), el("th", {}, "change"), el("th", {}, "points")),
      Array.from({ length: count }, (_, seat) => el("tr", {}, el("td", {}, who(seat)), el("td", {}, signed(result.deltas[seat])), el("td", {}, String(result.scores[seat]))))),
  );
  return nodes;
}

export function signed(value) {
  return value > 0 ? `+${value}` : String(value);
}

export function capital(text) {
  return text[0].toUpperCase() + text.slice(1);
}
