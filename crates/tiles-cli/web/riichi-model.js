// The table's board as the page keeps it between two answers: the answer's view, then each
// event of the bots' turns applied in order (the public part of the table, and the person's own
// tiles), so the turns can be shown one by one. `last` is the newest discard (its seat and its
// place in that seat's river) until a call takes it.

import { fromMjai, sortTiles } from "./tiles-mj.js";

/** The board after one event (the public part of the table, as the answer's view has it). */
export function apply(model, event, next) {
  const count = next.bots.length;
  const seats = model?.seats;
  const me = next.view.seat;
  switch (event.type) {
    case "start_kyoku": {
      const tehai = event.tehais[me].map(fromMjai);
      return {
        seat: me,
        round: `${event.bakaze}${event.kyoku}-${event.honba}`,
        sticks: event.kyotaku,
        dealer: event.oya,
        wall: count === 3 ? 55 : 70,
        dora_indicators: [fromMjai(event.dora_marker)],
        hand: sortTiles(tehai),
        drawn: null,
        claim: null,
        seats: Array.from({ length: count }, (_, seat) => ({
          seat,
          name: next.bots[seat],
          wind: ["E", "S", "W", "N"][(seat - event.oya + count) % count],
          score: event.scores[seat],
          riichi: false,
          river: [],
          melds: [],
          concealed: 13,
          north: 0,
        })),
        waits: [],
        pendingRiichi: [],
      };
    }
    case "tsumo": {
      model.wall = Math.max(0, model.wall - 1);
      seats[event.actor].concealed += 1;
      if (event.actor === me) {
        if (model.drawn) model.hand = sortTiles([...model.hand, model.drawn]);
        model.drawn = fromMjai(event.pai);
      }
      return model;
    }
    case "reach":
      (model.pendingRiichi ??= []).push(event.actor);
      return model;
    case "reach_accepted":
      seats[event.actor].riichi = true;
      seats[event.actor].score -= 1000;
      model.sticks += 1;
      return model;
    case "dahai": {
      const tile = fromMjai(event.pai);
      const riichi = (model.pendingRiichi ?? []).includes(event.actor);
      model.pendingRiichi = (model.pendingRiichi ?? []).filter((seat) => seat !== event.actor);
      seats[event.actor].river.push({ tile, tsumogiri: event.tsumogiri, riichi, called: false });
      model.last = { seat: event.actor, index: seats[event.actor].river.length - 1 };
      seats[event.actor].concealed -= 1;
      if (event.actor === me) {
        const all = model.drawn ? [...model.hand, model.drawn] : [...model.hand];
        const at = all.lastIndexOf(tile);
        if (at >= 0) all.splice(at, 1);
        model.hand = sortTiles(all);
        model.drawn = null;
      }
      return model;
    }
    case "chi":
    case "pon":
    case "daiminkan": {
      const river = seats[event.target].river;
      if (river.length) river[river.length - 1].called = true;
      model.last = null;
      const consumed = event.consumed.map(fromMjai);
      const called = fromMjai(event.pai);
      seats[event.actor].melds.push({ type: event.type, tiles: sortTiles([...consumed, called]), called, from: event.target });
      seats[event.actor].concealed -= consumed.length;
      if (event.actor === me) model.hand = without(model.hand, consumed);
      return model;
    }
    case "ankan": {
      const consumed = event.consumed.map(fromMjai);
      seats[event.actor].melds.push({ type: "ankan", tiles: sortTiles(consumed), called: null, from: null });
      seats[event.actor].concealed -= 4;
      if (event.actor === me) {
        model.hand = without(model.drawn ? [...model.hand, model.drawn] : model.hand, consumed);
        model.drawn = null;
      }
      return model;
    }
    case "kakan": {
      const tile = fromMjai(event.pai);
      const kind = (code) => (code[0] === "0" ? `5${code[1]}` : code);
      const meld = seats[event.actor].melds.find((m) => m.type === "pon" && kind(m.tiles[0]) === kind(tile));
      if (meld) {
        meld.type = "kakan";
        meld.tiles = [...meld.tiles, tile];
      }
      seats[event.actor].concealed -= 1;
      if (event.actor === me) {
        model.hand = without(model.drawn ? [...model.hand, model.drawn] : model.hand, [tile]);
        model.drawn = null;
      }
      return model;
    }
    case "kita":
      seats[event.actor].north += 1;
      seats[event.actor].concealed -= 1;
      if (event.actor === me) {
        model.hand = without(model.drawn ? [...model.hand, model.drawn] : model.hand, ["4z"]);
        model.drawn = null;
      }
      return model;
    case "dora":
      model.dora_indicators.push(fromMjai(event.dora_marker));
      return model;
    default:
      return model;
  }
}

function without(tiles, taken) {
  const left = [...tiles];
  for (const code of taken) {
    const at = left.lastIndexOf(code);
    if (at >= 0) left.splice(at, 1);
  }
  return sortTiles(left);
}
