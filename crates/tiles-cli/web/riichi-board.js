// The riichi board, drawn the same way at the table (riichi.js) and in the record viewer
// (watch.js): the centre (round, honba, sticks, tiles left, dora, each seat's wind and points
// facing it), each seat's river turned to face it with the table's newest discard marked, its
// name plate, and along its own side its hand (face up in the viewer, backs at the table) and
// its melds with the called tile sideways toward the seat it came from; and a hand's result.

import { el } from "./draw.js";
import { tableTile, tileArt } from "./tiles-mj.js";

export const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };

/** Where a seat sits, counted from the seat at the bottom. */
export function placeOf(seat, bottom, count) {
  const relative = (seat - bottom + count) % count;
  return (count === 3 ? ["bottom", "right", "left"] : ["bottom", "right", "top", "left"])[relative];
}

/** How a seat is named from where the bottom seat sits: `You` (or `Bottom` in the viewer),
 * `Right`, `Across`, `Left`. */
export function placeName(where, bottomIsYou = true) {
  return { bottom: bottomIsYou ? "You" : "Bottom", right: "Right", top: "Across", left: "Left" }[where];
}

/** The centre: round, honba, sticks, live tiles left, dora indicators (and ura, when turned),
 * and each seat's wind and points on the side facing it, with its riichi stick; a seat's
 * title gives its points' difference to the bottom seat's (a click or tap shows every
 * difference in place of the points). */
export function centreNode(view, seat) {
  const [wind, number, honba] = [view.round[0], view.round.slice(1).split("-")[0], view.round.split("-")[1]];
  const ura = view.ura_indicators ?? [];
  const count = view.seats.length;
  const bottom = view.seats.find((one) => one.seat === seat);
  const labels = view.seats.map((one) => {
    const where = placeOf(one.seat, seat, count);
    const difference = one.score - bottom.score;
    const node = el("span", {
      className: `riichi-wind ${where}${one.seat === view.dealer ? " dealer" : ""}`,
      "aria-hidden": "true",
      title: one.seat === seat ? `${one.score} points` : `${one.score} points: ${signed(difference)} against the bottom seat`,
      "data-difference": one.seat === seat ? "" : signed(difference),
    },
    el("b", {}, WIND_LETTERS[one.wind]),
    el("span", { className: "points" }, String(one.score)),
    el("span", { className: "difference" }, one.seat === seat ? String(one.score) : signed(difference)),
    one.riichi ? el("span", { className: "riichi-stick", title: "riichi" }) : null);
    return node;
  });
  const centre = el("div", { className: "riichi-centre", "data-centre": "", title: "Click for the differences in points" },
    labels,
    el("div", { className: "riichi-middle" },
      el("p", { className: "riichi-round" }, `${WIND_NAMES[wind]} ${number}`),
      el("p", {}, `honba ${honba} · sticks ${view.sticks}`),
      el("p", { "data-wall": String(view.wall) }, plural(view.wall, "tile") + " left"),
      el("div", { className: "riichi-dora", "aria-label": "Dora indicators" }, view.dora_indicators.map((code) => tableTile(code, "dora", seat, { extra: ["dora indicator"] }))),
      ura.length ? el("div", { className: "riichi-dora ura", "aria-label": "Ura dora indicators" }, ura.map((code) => tableTile(code, "dora", seat, { extra: ["ura dora indicator"] }))) : null));
  centre.addEventListener("click", () => centre.classList.toggle("differences"));
  return centre;
}

/** `1 tile`, `2 tiles`. */
export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

const WIND_LETTERS = { E: "E", S: "S", W: "W", N: "N" };

/** A seat's three parts on the board: its river (beside the centre, turned to face the seat,
 * the newest discard of the table marked when `last` is its index), its name plate in the
 * corner at its right (`label` names it for screen readers, `name` the bold words: where it
 * sits, its wind, its points, dealer and riichi), and its side of the table (none for the
 * bottom seat, whose tiles are below the board): its hand (`tiles`, face up in the viewer;
 * else the backs of its `concealed` tiles) and its Norths and melds, turned to face it. */
export function seatZone(seat, where, { label, name, dealer, tiles = null, calls = true, count, last = -1 }) {
  const river = el("div", { className: `riichi-river-cell ${where}` },
    el("div", { className: "riichi-river", role: "group", "aria-label": `${label}: discards`, "data-river": String(seat.seat) },
      seat.river.map((tile, index) => {
        const node = tableTile(tile.tile, "river", seat.seat, {
          sideways: tile.riichi,
          className: `${tile.called ? "called" : ""}${tile.tsumogiri ? " tsumogiri" : ""}${index === last ? " last" : ""}`.trim(),
          extra: [tile.tsumogiri ? "tsumogiri" : null, tile.riichi ? "riichi" : null, tile.called ? "called" : null, index === last ? "the newest discard" : null].filter(Boolean),
        });
        if (index === last) node.dataset.last = "";
        return node;
      })));
  const info = el("p", { className: `riichi-name${seat.riichi ? " in-riichi" : ""}${seat.seat === dealer ? " dealer" : ""}`, "data-score": String(seat.score) },
    el("b", {}, name), el("span", { className: "wind-score" }, ` ${WIND_NAMES[seat.wind]} · ${seat.score}`),
    seat.seat === dealer ? el("span", { className: "badge dealer-badge", title: "dealer" }, "dealer") : null,
    seat.riichi ? el("span", { className: "badge riichi-badge", title: "riichi" }, "riichi") : null,
    typeof seat.concealed === "number" && !tiles ? el("small", { className: "count" }, ` ${plural(seat.concealed, "tile")}`) : null);
  const corner = el("div", { className: `riichi-corner ${where}`, "data-seat-zone": String(seat.seat), role: "region", "aria-label": label }, info);
  if (where === "bottom") return [river, corner];
  const melds = calls ? el("span", { className: "riichi-melds", role: "group", "aria-label": `${label}: calls` },
    Array.from({ length: seat.north }, () => tableTile("4z", "north", seat.seat, { extra: ["set aside"] })),
    seat.melds.map((meld) => meldNode(meld, seat.seat, count))) : null;
  const hand = tiles ?? (typeof seat.concealed === "number"
    ? el("span", { className: "riichi-backs", "aria-hidden": "true" }, Array.from({ length: seat.concealed }, () => el("span", { className: "mjt back" }, tileArt("?"))))
    : null);
  const side = el("div", { className: `riichi-side-cell ${where}` },
    el("div", { className: "riichi-side", "data-side": String(seat.seat) }, hand, melds));
  return [river, corner, side];
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

/** A shown hand: its concealed tiles (the winning tile apart), its Norths set aside and its
 * melds. */
export function handRow(shownHand, seat, winning, count) {
  const concealed = [...shownHand.concealed];
  if (winning) {
    const at = concealed.lastIndexOf(winning);
    if (at >= 0) concealed.splice(at, 1);
  }
  return el("div", { className: "riichi-row shown" },
    el("span", { className: "riichi-row", "data-concealed": "" }, concealed.map((code) => tableTile(code, "hand", seat))),
    winning ? el("span", { className: "riichi-row apart", "data-winning": "" }, tableTile(winning, "hand", seat, { extra: ["the winning tile"] })) : null,
    shownHand.north ? el("span", { className: "riichi-row apart", "data-norths": String(shownHand.north), "aria-label": "Norths set aside" }, Array.from({ length: shownHand.north }, () => tableTile("4z", "north", seat, { extra: ["set aside"] }))) : null,
    shownHand.melds.length ? el("span", { className: "riichi-row apart" }, shownHand.melds.map((meld) => meldNode(meld, seat, count))) : null);
}

/** Who paid what: `2000/4000` (each other seat / the dealer on a non-dealer's tsumo), `4000 all`
 * (a dealer's tsumo), `ron 7700`; then the honba and the riichi sticks. */
export function paymentWords(win) {
  const pay = win.payment;
  const parts = [];
  if (win.how === "ron") parts.push(`ron ${pay.ron ?? pay.total}`);
  else if (pay.dealer !== null && pay.dealer !== undefined) parts.push(`tsumo ${pay.non_dealer}/${pay.dealer}`);
  else parts.push(`tsumo ${pay.non_dealer ?? pay.total} all`);
  if (pay.honba) parts.push(`+${pay.honba} honba`);
  if (pay.riichi_sticks) parts.push(`+${pay.riichi_sticks} riichi sticks`);
  return parts.join(", ");
}

/** A hand's end (as `mahjong/game` and `mahjong/watch` give it): each win with the winner's
 * hand (the winning tile apart, the Norths aside), the yaku with their han, the han and fu
 * with the fu's parts, the limit, who paid what, the dora and ura indicators; or the draw with
 * the ready hands; then the score changes. `who(seat)` names a seat; `fromMjai` turns the
 * winning tile's name into mpsz; `yakuName` gives a yaku's name in the notation chosen. */
export function resultNodes(result, who, count, fromMjai, yakuName = (name) => name) {
  const nodes = [el("h3", {}, `${result.round}: ${result.draw ? capital(result.draw) : result.wins.map((win) => `${who(win.seat)} ${win.how === "tsumo" ? "won by tsumo" : `won by ron from ${who(win.from).toLowerCase() === "you" ? "you" : who(win.from)}`}`).join("; ")}`)];
  const indicators = (label, codes, seat) => el("p", { className: "riichi-indicators" }, `${label}: `,
    el("span", { className: "riichi-row" }, codes.map((code) => tableTile(code, "dora", seat, { extra: [label.toLowerCase().replace(/s$/, "")] }))));
  for (const win of result.wins) {
    const fu = (win.fu_parts ?? []).filter((part) => part.fu > 0);
    nodes.push(
      el("div", { className: "riichi-win", "data-win": String(win.seat) },
        el("p", { className: "summary riichi-value", "data-value": "" },
          el("b", {}, `${who(win.seat)}: ${win.points} points`), ` · ${win.han} han${win.fu ? ` ${win.fu} fu` : ""}`,
          win.limit ? el("span", { className: "riichi-limit", "data-limit": win.limit }, ` ${capital(win.limit)}`) : null,
          win.payment ? el("span", { "data-payment": "" }, ` · ${paymentWords(win)}`) : null),
        handRow(result.hands[win.seat], win.seat, fromMjai(win.tile), count),
        el("ul", { className: "riichi-yaku", "data-yaku": "" }, win.yaku.map((yaku) => el("li", {}, `${yakuName(yaku.name)}: ${yaku.han} han`))),
        fu.length ? el("p", { className: "riichi-fu", "data-fu": "" }, `Fu: ${fu.map((part) => `${part.fu} ${part.about || part.part}`).join(" + ")}${win.fu ? ` → ${win.fu}` : ""}`) : null,
        indicators("Dora indicators", result.dora_indicators, win.seat),
        win.ura_indicators.length ? indicators("Ura dora indicators", win.ura_indicators, win.seat) : null,
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
