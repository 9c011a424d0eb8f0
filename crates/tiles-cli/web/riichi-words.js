// What the table and the viewer say: seats named as they sit on the screen ("Left (North)"),
// tiles and yaku in the notation chosen (English, mpsz or Japanese), an event in a line, and the
// short callouts of a call, riichi or a win.

import { fromMjai, tileName } from "./tiles-mj.js";
import { placeName, placeOf } from "./riichi-board.js";

export { plural } from "./riichi-board.js";

export const WIND_NAMES = { E: "East", S: "South", W: "West", N: "North" };
export const NOTATIONS = [["mpsz", "mpsz (5m, 0p, 1z)"], ["english", "English (five of characters)"], ["japanese", "Japanese (五萬, 東)"]];

const KANJI_NUMBERS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const KANJI_SUITS = { m: "萬", p: "筒", s: "索" };
const KANJI_HONOURS = ["東", "南", "西", "北", "白", "發", "中"];

/** A tile (mpsz) in the notation: `5m` (a red five `0m`), `five of characters`, `五萬`. */
export function tileWords(code, notation = "mpsz") {
  if (!code || code === "?") return notation === "japanese" ? "裏" : "a hidden tile";
  if (notation === "english") return tileName(code);
  if (notation === "japanese") {
    const [digit, suit] = [code[0], code[1]];
    if (suit === "z") return KANJI_HONOURS[Number(digit) - 1] ?? code;
    return digit === "0" ? `赤五${KANJI_SUITS[suit]}` : `${KANJI_NUMBERS[Number(digit)]}${KANJI_SUITS[suit]}`;
  }
  return code;
}

/** The engine's yaku names in Japanese (the others as the API gives them). */
const YAKU_JAPANESE = {
  riichi: "立直", "double riichi": "両立直", ippatsu: "一発", "menzen tsumo": "門前清自摸和", pinfu: "平和", tanyao: "断幺九",
  iipeikou: "一盃口", ryanpeikou: "二盃口", haku: "役牌 白", hatsu: "役牌 發", chun: "役牌 中",
  "seat wind": "自風牌", "round wind": "場風牌", haitei: "海底摸月", houtei: "河底撈魚", rinshan: "嶺上開花", chankan: "槍槓",
  sanshoku: "三色同順", "sanshoku doukou": "三色同刻", ittsu: "一気通貫", chanta: "混全帯幺九", junchan: "純全帯幺九",
  toitoi: "対々和", sanankou: "三暗刻", sankantsu: "三槓子", chiitoitsu: "七対子", honroutou: "混老頭", shousangen: "小三元",
  honitsu: "混一色", chinitsu: "清一色", "nagashi mangan": "流し満貫", renhou: "人和", dora: "ドラ", "aka dora": "赤ドラ",
  "ura dora": "裏ドラ", nukidora: "抜きドラ", "renhou yakuman": "人和", kokushi: "国士無双", "kokushi 13-sided": "国士無双十三面", suuankou: "四暗刻",
  "suuankou tanki": "四暗刻単騎", daisangen: "大三元", shousuushii: "小四喜", daisuushii: "大四喜", tsuuiisou: "字一色",
  chinroutou: "清老頭", ryuuiisou: "緑一色", chuuren: "九蓮宝燈", "junsei chuuren": "純正九蓮宝燈", suukantsu: "四槓子",
  tenhou: "天和", chiihou: "地和",
};

/** A yaku's name in the notation. */
export function yakuWords(name, notation = "mpsz") {
  return notation === "japanese" ? (YAKU_JAPANESE[name] ?? name) : name;
}

/** How a seat is named from the bottom seat: `You`, or where it sits and its wind, `Left
 * (North)`; `bottomIsYou` false in the viewer (`Bottom (East)`). */
export function seatWords(seat, view, bottomIsYou = true) {
  const count = view.seats.length;
  const where = placeOf(seat, view.seat, count);
  const wind = view.seats.find((one) => one.seat === seat)?.wind;
  if (where === "bottom" && bottomIsYou) return "You";
  return `${placeName(where, bottomIsYou)} (${WIND_NAMES[wind] ?? "?"})`;
}

/** A verb for a seat: `You pon`, `Left (North) pons`. */
function says(who, verb, third = `${verb}s`) {
  return `${who} ${who === "You" ? verb : third}`;
}

/** An mjai event in a line, seats as `who(seat)` names them, tiles in `notation`; null for an
 * event not worth a line (a draw, a hand's end). */
export function eventLine(event, who, notation = "mpsz") {
  const tile = (name) => tileWords(fromMjai(name), notation);
  switch (event.type) {
    case "start_kyoku":
      return `${WIND_NAMES[event.bakaze]} ${event.kyoku}${event.honba ? `, honba ${event.honba}` : ""}: the deal, dora indicator ${tile(event.dora_marker)}`;
    case "dahai":
      return `${says(who(event.actor), "discard")} ${tile(event.pai)}${event.tsumogiri ? " (tsumogiri)" : ""}`;
    case "chi":
    case "pon":
      return `${says(who(event.actor), event.type)} ${tile(event.pai)} from ${who(event.target) === "You" ? "you" : who(event.target)}`;
    case "daiminkan":
      return `${says(who(event.actor), "kan")} ${tile(event.pai)} from ${who(event.target) === "You" ? "you" : who(event.target)}`;
    case "ankan":
      return `${says(who(event.actor), "declare")} a concealed kan of ${tile(event.consumed[0])}`;
    case "kakan":
      return `${says(who(event.actor), "add")} ${tile(event.pai)} to a pon (kan)`;
    case "reach":
      return `${says(who(event.actor), "declare")} riichi`;
    case "kita":
    case "nukidora":
      return `${says(who(event.actor), "set")} a North aside`;
    case "dora":
      return `New dora indicator: ${tile(event.dora_marker)}`;
    case "hora":
      return event.actor === event.target
        ? `${says(who(event.actor), "win")} by tsumo`
        : `${says(who(event.actor), "win")} by ron from ${who(event.target) === "You" ? "you" : who(event.target)}`;
    case "ryukyoku":
      return "The hand is drawn";
    default:
      return null;
  }
}

const CALLOUTS = {
  english: { chi: "Chi", pon: "Pon", daiminkan: "Kan", ankan: "Kan", kakan: "Kan", reach: "Riichi", tsumo: "Tsumo", ron: "Ron", kita: "Kita" },
  japanese: { chi: "チー", pon: "ポン", daiminkan: "カン", ankan: "カン", kakan: "カン", reach: "リーチ", tsumo: "ツモ", ron: "ロン", kita: "抜き" },
};

/** The callout of an event (`Pon`, `Riichi`, `Ron`), or null. */
export function calloutOf(event, notation = "mpsz") {
  const words = CALLOUTS[notation === "japanese" ? "japanese" : "english"];
  if (event.type === "hora") return event.actor === event.target ? words.tsumo : words.ron;
  if (event.type === "nukidora") return words.kita;
  return words[event.type] ?? null;
}
